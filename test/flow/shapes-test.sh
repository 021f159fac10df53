#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The virtual-functions example (examples/shapes.c, seed 001) on two boards: on sim both sets are there and
# the host checks every area in float and double; on sim-nofp64 kiln-cc dropped the double set, the float
# areas still come out right through the same tables, and launching the kernel that calls the dropped set is
# refused with KILN_ERR_UNSUPPORTED. The schedule report shows each dispatch over exactly its set.
# Usage: shapes-test.sh SRC_DIR BUILD_DIR
set -u
src=$1
build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! cc -std=c11 -ffp-contract=off -o "$tmp/shapes_host" "$src/examples/shapes_host.c" -I"$build/include" \
	-I"$src/host/include" -L"$build/lib" -lkiln -Wl,-rpath,"$build/lib" -lm 2>"$tmp/err"; then
	echo "not ok - shapes_host does not build: $(head -c 400 "$tmp/err")"
	exit 0
fi
"$tmp/shapes_host" "$build/examples/shapes.kimg" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q "areas in double (set shapes_fp64): all correct" "$tmp/out" &&
	[ "$(grep -c 'area ' "$tmp/out")" -eq 9 ] && ! grep -q WRONG "$tmp/out" &&
	echo "ok - shapes on sim: areas through the tables in float and double" ||
	echo "not ok - shapes on sim: status $rc: $(head -c 600 "$tmp/out")"
KILN_BOARD=sim-nofp64 "$tmp/shapes_host" "$build/examples/shapes-nofp64.kimg" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q "has no fp64: areas_precise is refused: .*shapes_fp64.*(KILN_ERR_UNSUPPORTED)" "$tmp/out" &&
	[ "$(grep -c 'area ' "$tmp/out")" -eq 9 ] && ! grep -q WRONG "$tmp/out" &&
	echo "ok - shapes on sim-nofp64: float areas right, the dropped set's kernel refused" ||
	echo "not ok - shapes on sim-nofp64: status $rc: $(head -c 600 "$tmp/out")"
s="$build/examples/shapes.kimg.d/schedule.txt"
grep -q "^  dispatch line [0-9]*: circle_area, square_area, triangle_area$" "$s" &&
	grep -q "^  dispatch line [0-9]*: circle_area_precise, square_area_precise, triangle_area_precise$" "$s" &&
	[ "$(grep -c '^  dispatch' "$s")" -eq 2 ] &&
	echo "ok - the schedule report shows each dispatch over exactly its set" ||
	echo "not ok - dispatch in the schedule report: $(grep dispatch "$s")"
s="$build/examples/shapes-nofp64.kimg.d/schedule.txt"
grep -q "not launchable here: calls virtual-function set(s) shapes_fp64" "$s" &&
	! grep -Eq "define .*@(circle|square|triangle)_area_precise\(" "$build/examples/shapes-nofp64.kimg.d/device.ll" &&
	echo "ok - sim-nofp64 image: no shapes_fp64 function, areas_precise marked" ||
	echo "not ok - sim-nofp64 image still has the fp64 set: $(grep -n '_precise\|launchable' "$s" | head -5)"
# Set lists as the C spells them: blanks dropped, each set once however often it is named, the default set
# by DPC++'s name; a name longer than the limit is an error, never cut short.
cat >"$tmp/sets.c" <<'EOC'
#include <kiln/device.h>
KILN_INDIRECTLY_CALLABLE() static int twice(int x) { return 2 * x; }
KILN_INDIRECTLY_CALLABLE(b) static int thrice(int x) { return 3 * x; }
struct obj { int (*f)(int); };
KILN_SINGLE_TASK_KERNEL void make(struct obj *o, int i) { o->f = i ? twice : thrice; }
KILN_SINGLE_TASK_KERNEL KILN_CALLS_INDIRECTLY( b ,  b) KILN_CALLS_INDIRECTLY() KILN_CALLS_INDIRECTLY(b)
void use(const struct obj *o, int *out) { *out = o->f(4); }
EOC
"$build/bin/kiln-cc" -q --stop-after postlink -o "$tmp/sets.kimg" "$tmp/sets.c" 2>"$tmp/err"
rc=$?
calls=$(grep -o '"calls-indirectly"="[^"]*"' "$tmp/sets.kimg.d/device.ll" 2>/dev/null | sort -u)
[ $rc -eq 0 ] && { [ "$calls" = '"calls-indirectly"="b,_ZTSv"' ] || [ "$calls" = '"calls-indirectly"="_ZTSv,b"' ]; } &&
	grep -q '"indirectly-callable"="_ZTSv"' "$tmp/sets.kimg.d/device.ll" &&
	echo "ok - set lists: blanks dropped, each set once, the default set as _ZTSv" ||
	echo "not ok - set lists: status $rc, $calls: $(head -c 300 "$tmp/err")"
long=$(printf 'n%.0s' $(seq 1 300))
sed "s/KILN_INDIRECTLY_CALLABLE(b)/KILN_INDIRECTLY_CALLABLE($long)/" "$tmp/sets.c" >"$tmp/long.c"
"$build/bin/kiln-cc" -q --stop-after postlink -o "$tmp/long.kimg" "$tmp/long.c" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "long.c:3:.*set names are C identifiers: 'n\{300\}' (at most 255 characters each)" "$tmp/err" &&
	echo "ok - a set name past the limit is an error at its line, not cut short" ||
	echo "not ok - long set name: $(head -c 300 "$tmp/err")"

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

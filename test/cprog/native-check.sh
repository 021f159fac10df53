#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# native-check.sh [--no-corpus] [DIR...]: compiles every program of the C corpus (test/cprog/*/*.c) and, given
# folders, the generated programs in them (group gen, from scripts/gen-cprog), natively with gcc at -O0, -O1 and
# -O2 and with clang-15 at -O0 and -O2, runs each build and checks: it compiles (warnings are errors, except
# in group cc, which is built with -w), main returns 0 and the last line printed is "ok" (group gen: returns
# 0; group stop: ends the way the "expect:" of its second line says), stdout and exit status are identical
# between all builds, only main is a defined global symbol, the file follows the corpus rules (licence line,
# one-line comment, standard headers only, no %p, %n, stderr, file I/O or clock), and
# clang-15 with kiln-cc's front-end flags (spir64, Kiln's libc headers) accepts it (syntax only; kiln-cc itself
# does not run).
# Prints "ok - PROGRAM" or "not ok - PROGRAM: WHY" per program, then "N passed, N failed"; exits 1 on failure.
# Environment: CC (gcc), CLANG (clang-15), CPROG_TIMEOUT (seconds per run, 20).
set -u
here=$(cd "$(dirname "$0")" && pwd)
kiln=$(cd "$here/../.." && pwd)
CC=${CC:-gcc}
CLANG=${CLANG:-clang-15}
TMO=${CPROG_TIMEOUT:-20}
# Contraction off, as kiln-cc evaluates llvm.fmuladd (x86-64 has no fused multiply-add without -mfma anyway).
FLAGS="-std=gnu11 -Wall -Wno-deprecated-non-prototype -Wno-old-style-definition -ffp-contract=off"
HEADERS=" stdio.h stdlib.h string.h strings.h ctype.h stdint.h inttypes.h limits.h stdbool.h stddef.h assert.h errno.h \
stdarg.h wchar.h wctype.h time.h locale.h signal.h fenv.h "
# Groups fp and libm (floating point, issue 14) may also use these.
FP_HEADERS=" math.h float.h "
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cprog.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
ulimit -c 0 2>/dev/null

passed=0
failed=0

# The rules a source file must follow; prints the first broken one.
lint()
{
	f=$1
	fp=$(basename "$(dirname "$f")")
	[ "$fp" = libm ] && fp=fp
	headers=$HEADERS
	[ "$fp" = fp ] && headers="$HEADERS$FP_HEADERS"

	if [ "$(sed -n 1p "$f")" != "// SPDX-License-Identifier: Apache-2.0" ]; then
		echo "first line is not the licence line"
		return
	fi
	case $(sed -n 2p "$f") in
	"// "?*) ;;
	*)
		echo "second line is not a one-line comment"
		return
		;;
	esac
	for h in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]\([^>"]*\)[>"].*/\1/p' "$f"); do
		case $headers in
		*" $h "*) ;;
		*)
			echo "includes $h"
			return
			;;
		esac
	done
	# Comments and string literals may name anything; the code may not.
	code=$(sed -e 's://.*$::' -e 's/"\([^"\\]\|\\.\)*"/""/g' "$f")
	w=$(printf '%s\n' "$code" | grep -owE 'fprintf|stderr|stdin|fopen|fflush|setjmp|longjmp|__int128|clock|scanf|getchar' | head -n 1)
	if [ -n "$w" ]; then
		echo "uses $w"
		return
	fi
	if grep -o '"\([^"\\]\|\\.\)*"' "$f" | grep -q "%[-+ #0-9.*]*[lhzjtL]*[pn]"; then
		echo "has a %p or %n conversion"
		return
	fi
	n=$(wc -l <"$f")
	if [ "$n" -gt 100 ]; then
		echo "$n lines"
	fi
}

# build COMPILER OPT NAME: compile $src into $tmp/NAME (object $tmp/NAME.o kept); prints diagnostics on failure.
build()
{
	if ! "$1" $FLAGS $extra "$2" -c -o "$tmp/$3.o" "$src" >"$tmp/$3.log" 2>&1; then
		return 1
	fi
	"$1" -o "$tmp/$3" "$tmp/$3.o" -lm >>"$tmp/$3.log" 2>&1
}

# run NAME: runs $tmp/NAME; stdout to NAME.out, stderr to NAME.err, exit status (128+N for signal N) to NAME.rc.
run()
{
	(
		cd "$tmp" || exit
		exec 3>"$1.err"
		# The program's stderr goes to NAME.err by fd 3, the shell's "Aborted" notice to /dev/null.
		timeout "$TMO" sh -c 'exec "$0" 2>&3 3>&-' "./$1" >"$1.out" </dev/null
		echo $? >"$1.rc"
	) 2>/dev/null
}

# front TARGET: the kiln-cc front end's clang on $src for TARGET (syntax only), into front.log.
front()
{
	"$CLANG" -target $1 -nostdlibinc -Xclang -fdefault-calling-conv=cdecl -std=gnu11 -w \
		-I"$kiln/hls/include" -I"$kiln/hls/libc/include" -D__KILN__=1 -include kiln/device.h -fsyntax-only \
		"$src" >"$tmp/front.log" 2>&1
}

check()
{
	src=$1
	group=$2
	extra=-Werror
	if [ "$group" = cc ]; then
		extra=-w
	fi
	why=$(lint "$src")
	if [ -n "$why" ]; then
		return
	fi
	# What kiln-cc's front end would say (its clang flags, Kiln's headers; syntax only, no kiln-cc run).
	# (a source with variable-length arrays, which clang refuses for SPIR, kiln-cc compiles for x86-64)
	if [ -d "$kiln/hls/libc/include" ] && ! front spir64-unknown-unknown &&
		! { grep -q "variable length arrays are not supported" "$tmp/front.log" &&
			front "x86_64-unknown-linux-gnu -mlong-double-64"; }; then
		why="rejected by the kiln-cc front end's clang: $(grep -m1 error "$tmp/front.log")"
		return
	fi
	set -- "$CC -O1 g1" "$CC -O0 g0" "$CC -O2 g2" "$CLANG -O0 c0" "$CLANG -O2 c2"
	for b in "$@"; do
		set -- $b
		if ! build "$1" "$2" "$3"; then
			why="does not compile with $1 $2: $(grep -m1 -E 'error|warning' "$tmp/$3.log")"
			return
		fi
	done
	defs=$(nm -g --defined-only "$tmp/g1.o" | awk '{print $3}' | tr '\n' ' ')
	if [ "$defs" != "main " ]; then
		why="defined global symbols: $defs"
		return
	fi
	for b in g1 g0 g2 c0 c2; do
		run $b
	done
	rc=$(cat "$tmp/g1.rc")
	if [ "$rc" = 124 ]; then
		why="timed out after $TMO s"
		return
	fi
	case $group in
	stop)
		expect=$(sed -n 2p "$src" | sed -n 's/.*expect: *\([a-z]*\)\( \([0-9]*\)\)\{0,1\}.*/\1 \3/p')
		case $expect in
		"exit "[0-9]*)
			want=${expect#exit }
			if [ "$rc" != "$want" ]; then
				why="exit status $rc, expected $want"
			elif [ -s "$tmp/g1.err" ]; then
				why="wrote to stderr: $(head -n 1 "$tmp/g1.err")"
			fi
			;;
		"abort ")
			if [ "$rc" != 134 ]; then
				why="exit status $rc, expected SIGABRT (134)"
			elif [ -s "$tmp/g1.err" ]; then
				why="wrote to stderr: $(head -n 1 "$tmp/g1.err")"
			fi
			;;
		"segv ")
			if [ "$rc" != 139 ]; then
				why="exit status $rc, expected SIGSEGV (139)"
			fi
			;;
		"assert ")
			if [ "$rc" != 134 ]; then
				why="exit status $rc, expected SIGABRT (134)"
			elif ! grep -q "Assertion .* failed" "$tmp/g1.err"; then
				why="no assertion message on stderr"
			fi
			;;
		*)
			why="second line has no 'expect: exit N|abort|assert|segv'"
			;;
		esac
		;;
	gen)
		if [ "$rc" != 0 ]; then
			why="exit status $rc"
		elif [ -s "$tmp/g1.err" ]; then
			why="wrote to stderr: $(head -n 1 "$tmp/g1.err")"
		fi
		;;
	*)
		if [ "$rc" != 0 ]; then
			why="exit status $rc: $(grep -m1 FAIL "$tmp/g1.out")"
		elif [ "$(tail -n 1 "$tmp/g1.out")" != ok ]; then
			why="last line is not ok"
		elif [ -s "$tmp/g1.err" ]; then
			why="wrote to stderr: $(head -n 1 "$tmp/g1.err")"
		fi
		;;
	esac
	if [ -n "$why" ]; then
		return
	fi
	for b in g0 g2 c0 c2; do
		if ! cmp -s "$tmp/g1.out" "$tmp/$b.out"; then
			why="output differs between g1 and $b (g: gcc, c: clang, digit: -O level)"
			return
		fi
		if [ "$(cat "$tmp/$b.rc")" != "$rc" ]; then
			why="exit status differs between g1 ($rc) and $b ($(cat "$tmp/$b.rc"))"
			return
		fi
	done
}

report()
{
	if [ -z "$why" ]; then
		echo "ok - $1"
		passed=$((passed + 1))
	else
		echo "not ok - $1: $why"
		failed=$((failed + 1))
	fi
}

corpus=1
if [ "${1-}" = --no-corpus ]; then
	corpus=0
	shift
fi
case ${1-} in
-*)
	echo "usage: $0 [--no-corpus] [DIR...]" >&2
	exit 2
	;;
esac
if [ $corpus = 1 ]; then
	for f in "$here"/*/*.c; do
		[ -e "$f" ] || continue
		g=$(basename "$(dirname "$f")")
		check "$f" "$g"
		report "$g/$(basename "$f" .c)"
	done
fi
for d in "$@"; do
	for f in "$d"/*.c; do
		[ -e "$f" ] || continue
		check "$f" gen
		report "gen/$(basename "$f" .c)"
	done
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]

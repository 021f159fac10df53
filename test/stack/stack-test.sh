#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The bounds of what C puts on a stack, as a user meets them (issue 30): the recursion depth kiln-cc reports,
# --recursion-depth and KILN_RECURSION_DEPTH on the Verilated board (a call at the bound runs, one past it
# stops the kernel with status 139 naming the function and the bound, output before it kept), the image's
# [Kiln/recursion] set, bad depths refused; a variable-length array at its KILN_VLA_MAX and one element past
# it. Usage: stack-test.sh SRC_DIR BUILD_DIR IMAGE (IMAGE: kernels.c built with --recursion-depth 65, with
# its FILE.kimg.d beside it)
set -u
src=$1 build=$2 img=$3
cc="$build/bin/kiln-cc" run="$build/test/cprog/run_main"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1: $2"; }

# What the board must return: the same functions compiled natively.
${CC:-cc} -std=gnu11 -DNATIVE_MAIN -I"$src/hls/include" -o "$tmp/native" "$src/test/stack/kernels.c" &&
	"$tmp/native" >"$tmp/native.out" || notok "native build" "$(cat "$tmp/native.out")"
for k in fits_65 fits_300 vla_fits; do
	want=$(sed -n "s/^$k //p" "$tmp/native.out")
	"$run" "$img" "$k" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ -n "$want" ] && [ "$rc" = "$want" ] && ok "$k: at its bound it runs (status $rc, as natively)" ||
		notok "$k" "status $rc, native $want: $(head -c 300 "$tmp/err")"
done
"$run" "$img" over_65 >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 139 ] && grep -q "^before$" "$tmp/out" &&
	grep -q "made a call to 'down' nested deeper than its stack of 65 frames (KILN_RECURSION_DEPTH or kiln-cc --recursion-depth sets it) at .*kernels.c:[0-9]" "$tmp/err" &&
	ok "one call past --recursion-depth stops the kernel: status 139, the function, the bound and the line" ||
	notok "over_65" "status $rc, out $(cat "$tmp/out"), err $(head -c 400 "$tmp/err")"
"$run" "$img" over_300 >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 139 ] && grep -q "call to 'deep' nested deeper than its stack of 300 frames" "$tmp/err" &&
	ok "KILN_RECURSION_DEPTH(300) beats the option's 65, and one call past it stops the kernel" ||
	notok "over_300" "status $rc, err $(head -c 400 "$tmp/err")"
"$run" "$img" vla_over >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 139 ] &&
	grep -q "made variable-length array 'buf' larger than its bound of 128 bytes (KILN_VLA_MAX sets it) at .*kernels.c:[0-9]" "$tmp/err" &&
	ok "a variable-length array one element past its KILN_VLA_MAX stops the kernel: status 139, the array and its line" ||
	notok "vla_over" "status $rc, err $(head -c 400 "$tmp/err")"
prop="${img}.d/image.prop"
grep -q "^\[Kiln/recursion\]" "$prop" && grep -q "^down=1|65$" "$prop" && grep -q "^deep=1|300$" "$prop" &&
	ok "the image's [Kiln/recursion] set lists each recursion's depth" ||
	notok "[Kiln/recursion]" "$(grep -A3 recursion "$prop" 2>&1 | head -5)"

# The depth is reported as kiln-cc compiles (the default named as one).
"$cc" --stop-after ir -o "$tmp/d.kimg" "$src/test/stack/kernels.c" 2>"$tmp/err"
grep -q "recursion: 'down' has a stack of 64 frames in on-chip memory (the default; KILN_RECURSION_DEPTH or --recursion-depth sets it)" "$tmp/err" &&
	grep -q "recursion: 'deep' has a stack of 300 frames in on-chip memory$" "$tmp/err" &&
	ok "kiln-cc reports each recursion's stack, and says when it is the default" ||
	notok "depth report" "$(grep recursion "$tmp/err")"
for bad in 0 65537 12x -3 ""; do
	"$cc" --recursion-depth "$bad" --stop-after ir -o "$tmp/b.kimg" "$src/test/stack/kernels.c" 2>"$tmp/err"
	rc=$?
	[ $rc -eq 1 ] && grep -q "error: --recursion-depth takes a number of calls from 1 to 65536, not '$bad'" "$tmp/err" &&
		ok "--recursion-depth '$bad' is refused" || notok "--recursion-depth '$bad'" "status $rc: $(head -c 300 "$tmp/err")"
done

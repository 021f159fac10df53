#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# const-div on a real program: test/hls/const_div_prog.c (divisions and remainders by constants in every
# integer type, every 8- and 16-bit dividend, edges and a random sample of wider ones) compiled by clang-15,
# rewritten by kiln-opt -p const-div and executed by lli-15, must print what the same program built natively
# prints; only the 64-bit divisions by a constant that is no power of two may be left.
#   const-div-test.sh SRC BUILD
SRC=$1
BUILD=$2
OPT="$BUILD/libexec/kiln/kiln-opt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prog="$SRC/test/hls/const_div_prog.c"

fail() {
	echo "not ok - $1"
	exit 0
}

cc -std=c11 -O1 -o "$tmp/native" "$prog" && "$tmp/native" >"$tmp/native.out" ||
	fail "const-div: the native program runs"
clang-15 -O1 -S -emit-llvm -o "$tmp/p.ll" "$prog" || fail "const-div: clang-15 compiles the program"
before=$(grep -cE '= (s|u)(div|rem) i[0-9]+ [^,]+, -?[0-9]+$' "$tmp/p.ll")
"$OPT" -p const-div "$tmp/p.ll" -o "$tmp/q.ll" 2>"$tmp/err" || fail "const-div: kiln-opt runs ($(head -3 "$tmp/err"))"
left=$(grep -E '= (s|u)(div|rem) i[0-9]+ [^,]+, -?[0-9]+$' "$tmp/q.ll")
wide=$(printf '%s\n' "$left" | grep -c ' i64 ')
[ "$before" -ge 40 ] && [ -n "$left" ] && [ "$(printf '%s\n' "$left" | wc -l)" -eq "$wide" ] && [ "$wide" -eq 4 ] &&
	echo "ok - const-div rewrites all $((before - 4)) constant divisions but the 4 of 64-bit dividends by 10" ||
	echo "not ok - const-div leaves: $left"
lli-15 "$tmp/q.ll" >"$tmp/lli.out" 2>"$tmp/lli.err" || fail "const-div: lli-15 runs the rewritten program ($(head -3 "$tmp/lli.err"))"
if cmp -s "$tmp/native.out" "$tmp/lli.out"; then
	echo "ok - const-div: the rewritten program computes every quotient and remainder as C does ($(wc -l <"$tmp/lli.out") functions)"
else
	echo "not ok - const-div: the rewritten program differs: $(diff "$tmp/native.out" "$tmp/lli.out" | head -4 | tr '\n' ' ')"
fi

#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# kiln-cc --data-model llp64 (C written for a 32-bit long) on the simulated board: test/hls/data_model.c's
# checks all hold and it prints what a 32-bit long prints; by default (lp64) the same source stops at its
# static assertion; and what the model cannot do is refused at its line or with the option named: a variadic
# function, a float complex passed by value to the library (x86-64 passes it in a register), IR input,
# --single-source, a model that is not one. Usage: data-model-test.sh SRC BUILD
src=$1
build=$2
cc="$build/bin/kiln-cc"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
k="$src/test/hls/data_model.c"
if "$cc" -q --data-model llp64 -o "$tmp/k.kimg" "$k" 2>"$tmp/err"; then
	"$build/test/cprog/run_main" "$tmp/k.kimg" run >"$tmp/out" 2>"$tmp/run"
	rc=$?
	want="long 32 bits: u=1 m=2147483647 labs=7 strtol=2147483647 strtoul=4294967295 lrint=2 snprintf='-5 4294967295 abcdef01' sscanf=-42 div=-14,-2 ldiv=-14,-2"
	[ "$rc" = 255 ] && echo "ok - llp64: every check of data_model.c holds on the board" ||
		echo "not ok - llp64: result $rc, not 255 (a bit per check): $(head -c 300 "$tmp/run")"
	[ "$(cat "$tmp/out")" = "$want" ] && echo "ok - llp64: printf's %l conversions print 32-bit longs" ||
		echo "not ok - llp64 printed: $(head -c 400 "$tmp/out")"
else
	echo "not ok - kiln-cc --data-model llp64: $(head -c 600 "$tmp/err")"
	echo "not ok - llp64: nothing to run"
fi

"$cc" -q -o "$tmp/d.kimg" "$k" 2>"$tmp/err"
rc=$?
[ $rc -ne 0 ] && grep -q "data_model.c:14:.*LLP64: a 32-bit long" "$tmp/err" && [ ! -e "$tmp/d.kimg" ] &&
	echo "ok - the default model is lp64: the source's static assertion stops it" ||
	echo "not ok - default model: status $rc: $(head -c 300 "$tmp/err")"

# refused: each with its reason, status 1, no image
refuse() { # NAME REGEX SOURCE-TEXT [OPTIONS...]
	name=$1 want=$2 text=$3
	shift 3
	printf '%s\n' "$text" >"$tmp/r.c"
	"$cc" -q "$@" -o "$tmp/r.kimg" "$tmp/r.c" 2>"$tmp/err"
	rc=$?
	[ $rc -eq 1 ] && grep -q -- "$want" "$tmp/err" && [ ! -e "$tmp/r.kimg" ] && echo "ok - $name" ||
		echo "not ok - $name: status $rc: $(head -c 400 "$tmp/err")"
}
kern='#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL void run(int *r) { *r = 1; }'
refuse "a model that is not one is refused" "--data-model is lp64 or llp64, not 'ilp16'" "$kern" --data-model ilp16
refuse "llp64 with --single-source is refused" "cannot be used with it" "$kern" --data-model llp64 --single-source
refuse "a variadic function under llp64 is refused at its va_start" \
	"r.c:6:.*a variadic function cannot be compiled with --data-model llp64" '#include <kiln/device.h>
#include <stdarg.h>
static int sum(int n, ...)
{
	va_list ap;
	va_start(ap, n);
	int s = va_arg(ap, int);
	va_end(ap);
	return s + n;
}
KILN_SINGLE_TASK_KERNEL void run(int *r) { *r = sum(1, *r); }' --data-model llp64
refuse "a structure x86-64 passes in a register, to a library function, under llp64 is refused at the call" \
	"r.c:5:.*'cabsf' is called with a type the kernel C library does not define it with" '#include <kiln/device.h>
#include <complex.h>
KILN_SINGLE_TASK_KERNEL void run(float *r)
{
	*r = cabsf(*r + 4.0f * I);
}' --data-model llp64
printf 'target triple = "spir64-unknown-unknown"\n' >"$tmp/x.ll"
"$cc" -q --data-model llp64 -o "$tmp/x.kimg" "$tmp/x.ll" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && grep -q "x.ll: error: IR was compiled with its own data model" "$tmp/err" &&
	echo "ok - IR input under llp64 is refused" || echo "not ok - IR under llp64: status $rc: $(head -c 300 "$tmp/err")"

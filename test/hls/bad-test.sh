#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# HLS bad inputs: each unsupported construct or kernel-rule violation in test/hls/bad/ must stop kiln-cc with
# exit status 1, no image, and its diagnostic at FILE:LINE, and nothing said of a schedule a kernel that failed
# never got. Usage: bad-test.sh SRC_DIR BUILD_DIR
set -u
src=$1
build=$2
cc="$build/bin/kiln-cc"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
while IFS='|' read -r file want; do
	[ -n "$file" ] || continue
	n=$((n + 1))
	"$cc" -q -o "$tmp/$file.kimg" "$src/test/hls/bad/$file" 2>"$tmp/err"
	rc=$?
	if [ $rc -eq 1 ] && grep -Eq "bad/$file:[0-9]+(:[0-9]+)?: error: .*($want)" "$tmp/err" && [ ! -e "$tmp/$file.kimg" ] &&
		! grep -qi "segmentation\|assert\|internal\|clock is shorter" "$tmp/err"; then
		echo "ok - hls diagnostic for $file"
	else
		echo "not ok - hls diagnostic for $file: status $rc, stderr: $(head -c 600 "$tmp/err")"
	fi
done <<'TABLE'
indirect_call.c|no function of its type has its address taken
partition_factor.c|KILN_PARTITION_CYCLIC takes a number of banks that is a power of two from 2 to 64, not '3'
partition_complete.c|KILN_PARTITION_COMPLETE on 'table': its 100 words would be 100 banks, and at most 64
partition_function.c|KILN_PARTITION_\* goes on an array variable
vla.c|variable-length array 'tmp' has a size known only at run time with no bound kiln-cc can prove: give its largest size with KILN_VLA_MAX\(bytes\)
alloca_dynamic.c|has a size known only at run time with no bound
vla_max.c|KILN_VLA_MAX takes a number of bytes from 1 to 1048576, not '0x40'
vla_variadic.c|a variadic function cannot be compiled in a source file with a variable-length array yet
recursive_kernel.c|kernel 'f' is called from the code it runs.*cannot be recursive
recursion_alloca.c|recursive function 'sum' has a local array whose size is known only at run time
recursion_depth.c|KILN_RECURSION_DEPTH takes a number of calls from 1 to 65536, not '0'
int128.c|__int128 is not supported
shared_global.c|shared by several kernels
wiid_dynamic_dim.c|must be a constant 0, 1 or 2
wiid_dim_range.c|dimension out of range
returns_value.c|must return void
extern_call.c|has no definition in the kernel sources
printf_percent_n.c|%n is not supported
sprintf_percent_n.c|sprintf: %n is not supported in hardware
thrd_create.c|thrd_create: a kernel is one thread and cannot start or wait for another
vprintf_percent_n.c|vprintf: %n is not supported in hardware
heap_size.c|KILN_HEAP_SIZE takes a number of bytes from 64 to 2G
vf_calls_not_kernel.c|KILN_CALLS_INDIRECTLY is a kernel property, and 'helper' is not a kernel
vf_two_sets.c|'twice' is in virtual-function set '[ab]' and '[ab]'; a function belongs to one set
vf_no_such_set.c|kernel 'use' calls through virtual-function set 'shapez', which no KILN_INDIRECTLY_CALLABLE function belongs to
vf_bad_set_name.c|virtual-function set names are C identifiers: '2d'
vf_not_in_set.c|no function of its type has its address taken in the kernel sources or is in a virtual-function set
asm_instruction.c|inline assembly "nop" is for a CPU
asm_untied_output.c|inline assembly with an empty template leaves output 0 undefined
asm_escape.c|inline assembly "\\033\[2Jnop" is for a CPU
variadic_pointer.c|variadic function .first. is used other than by a direct call
setjmp.c|setjmp: setjmp and longjmp jump between the frames of calls
builtin_setjmp.c|__builtin_setjmp is not supported
wide_input.c|getwchar: input is not supported in hardware \(a kernel has no standard input and no files\)
fopen.c|fopen: files are not supported in hardware
scanf.c|scanf: input is not supported in hardware \(a kernel has no standard input and no files\)
getchar.c|getchar: input is not supported in hardware
fenv_flags.c|fetestexcept: the floating-point units keep no exception flags
TABLE
# Every file in bad/ is in the table.
have=$(ls "$src/test/hls/bad/"*.c | wc -l)
[ "$have" -eq "$n" ] && echo "ok - every hls bad input has an expected diagnostic" ||
	echo "not ok - hls bad inputs: $have files, $n table rows"

# An image holds at most 32 kernels (one interrupt bit each): 33 are refused at compile time, with the way
# out (--split), and no image is written.
{
	echo '#include <kiln/device.h>'
	i=0
	while [ $i -lt 33 ]; do
		echo "KILN_SINGLE_TASK_KERNEL void k$i(int *p) { *p = $i; }"
		i=$((i + 1))
	done
} >"$tmp/many.c"
"$cc" -q -o "$tmp/many.kimg" "$tmp/many.c" 2>"$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "33 kernels; an image holds at most 32" "$tmp/err" && grep -q -- "--split" "$tmp/err" &&
	[ ! -e "$tmp/many.kimg" ]; then
	echo "ok - 33 kernels in one image are refused with the --split way out"
else
	echo "not ok - 33 kernels: status $rc, stderr: $(head -c 600 "$tmp/err")"
fi

# A board without a debug channel (the fake board's memory is too small): printf compiles to nothing, with
# one warning, and the image is written.
printf '#include <kiln/device.h>\n#include <stdio.h>\nKILN_SINGLE_TASK_KERNEL void f(int *v)\n{\n\tprintf("%%d\\n", *v);\n\tputs("x");\n}\n' >"$tmp/pf.c"
KILN_CONFIG_DIR="$src/test/libkiln/boards" "$cc" -q --board fake --stop-after rtl -o "$tmp/pf.kimg" "$tmp/pf.c" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && [ "$(grep -c 'warning: board .fake. has no debug channel' "$tmp/err")" = 1 ] &&
	! grep -q "__kiln_print" "$tmp/pf.kimg.d/hls.ll"; then
	echo "ok - printf on a board without a debug channel: one warning, no hardware"
else
	echo "not ok - printf without a debug channel: status $rc, stderr: $(head -c 600 "$tmp/err")"
fi

# The bounds of dispatch: an indirect call over more than 64 functions of its type, and more on-chip objects
# with their address taken than the address space has room for (2048), are refused once, where they happen.
python3 - "$tmp" <<'EOF'
import sys
n = 65
src = ["#include <kiln/device.h>", "typedef int (*fn)(int);"]
src += ["static int f%d(int x) { return x * %d + %d; }" % (i, i + 1, i) for i in range(n)]
src.append("static fn const table[%d] = {%s};" % (n, ", ".join("f%d" % i for i in range(n))))
src.append("KILN_SINGLE_TASK_KERNEL void k(int *v, int i) { v[0] = table[i %% %d](v[1]); }" % n)
open(sys.argv[1] + "/targets.c", "w").write("\n".join(src) + "\n")
n = 2050
src = ["#include <kiln/device.h>"] + ["static int a%d[2] = {%d, 1};" % (i, i) for i in range(n)]
src.append("static int *const table[%d] = {%s};" % (n, ", ".join("a%d" % i for i in range(n))))
src.append("KILN_SINGLE_TASK_KERNEL void k(int *v, int i) { v[0] = table[i %% %d][v[1] & 1]; }" % n)
open(sys.argv[1] + "/objects.c", "w").write("\n".join(src) + "\n")
EOF
for case in "targets|targets.c:[0-9]+:[0-9]+: error: indirect call: more than 64 functions" \
	"objects|objects.c:[0-9]+: error: more on-chip objects have their address taken"; do
	f=${case%%|*} want=${case#*|}
	"$cc" -q -o "$tmp/$f.kimg" "$tmp/$f.c" 2>"$tmp/err"
	rc=$?
	if [ $rc -eq 1 ] && grep -Eq "$want" "$tmp/err" && [ "$(grep -c error "$tmp/err")" = 1 ] &&
		[ ! -e "$tmp/$f.kimg" ]; then
		echo "ok - dispatch bound refused once, where it happens: $f"
	else
		echo "not ok - dispatch bound $f: status $rc, stderr: $(head -c 600 "$tmp/err")"
	fi
done

# Boards declare their floating point (aspects fp32 and fp64): double on a board without fp64, or float on one
# without fp32, is an error at the first line that uses it, and no image is written; printf of a float still
# compiles there (C widens it to double, whose bits the debug channel takes: no double unit).
mkdir -p "$tmp/boards"
sed -e 's/"name": "sim"/"name": "nofp64"/' -e 's/, "fp64"//' "$src/configs/boards/sim.json" >"$tmp/boards/nofp64.json"
sed -e 's/"name": "sim"/"name": "nofp"/' -e 's/, "fp32", "fp64"//' "$src/configs/boards/sim.json" >"$tmp/boards/nofp.json"
printf '#include <kiln/device.h>\n#include <stdio.h>\nKILN_SINGLE_TASK_KERNEL void k(float *v, double *d)\n{\n\tv[0] = v[1] * 2.0f;\n\tprintf("%%f\\n", v[0]);\n#ifdef DBL\n\td[0] = d[1] + 1.0;\n#endif\n}\n' >"$tmp/fpb.c"
for case in "nofp64|-DDBL|1|fpb.c:8:[0-9]+: error: kernel 'k' uses double, and board 'nofp64' has no double units \(it lacks the fp64 aspect\)" \
	"nofp|-DDBL|1|fpb.c:5:[0-9]+: error: kernel 'k' uses float, and board 'nofp' has no float units" \
	"nofp64||0|" "sim|-DDBL|0|"; do
	board=${case%%|*} rest=${case#*|} def=${rest%%|*} rest=${rest#*|} want_rc=${rest%%|*} want=${rest#*|}
	rm -rf "$tmp/fpb.kimg" "$tmp/fpb.kimg.d"
	dir="$tmp/boards"
	[ "$board" = sim ] && dir="$src/configs/boards"
	KILN_CONFIG_DIR="$dir" "$cc" -q --board "$board" $def --stop-after schedule -o "$tmp/fpb.kimg" "$tmp/fpb.c" \
		2>"$tmp/err"
	rc=$?
	if [ "$rc" = "$want_rc" ] && { [ -z "$want" ] || grep -Eq "$want" "$tmp/err"; } &&
		{ [ "$rc" = 0 ] || [ ! -e "$tmp/fpb.kimg.d/schedule.txt" ]; }; then
		echo "ok - floating point on board $board${def:+ ($def)}: status $rc${want:+, error at its line}"
	else
		echo "not ok - floating point on board $board${def:+ ($def)}: status $rc, stderr: $(head -c 600 "$tmp/err")"
	fi
done

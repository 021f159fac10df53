#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# kiln-cc --stop-after schedule keeps the kernel IR with its schedule (kir.txt) and the schedule report: both
# say what the scheduler decided, line by line, for a pipelined loop and a straight-line kernel, with and
# without pipelining. No RTL, no Verilator. Usage: kir-dump-test.sh SRC_DIR BUILD_DIR
set -u
build=$2
cc="$build/bin/kiln-cc"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/k.c" <<'KERNEL'
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void vinc(int *restrict out, const int *restrict in, int n)
{
	for (int i = 0; i < n; i++)
		out[i] = in[i] + 1;
}

KILN_SINGLE_TASK_KERNEL void scale(int *v, int k)
{
	v[0] = v[1] * k;
}

static const int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};

KILN_SINGLE_TASK_KERNEL void lookup(int *v, int i)
{
	v[0] = table[i & 7];
}
KERNEL

# has NAME FILE PATTERN (an extended regular expression that some line must match)
has() {
	if grep -Eq -- "$3" "$2"; then
		echo "ok - $1"
	else
		echo "not ok - $1: no line matches '$3' in $(basename "$2"):"
		sed 's/^/#   /' "$2" | head -60
	fi
}

if "$cc" -q --stop-after schedule -o "$tmp/p.kimg" "$tmp/k.c" 2>"$tmp/err" && [ ! -e "$tmp/p.kimg.d/rtl" ]; then
	echo "ok - kiln-cc --stop-after schedule stops before RTL"
else
	echo "not ok - kiln-cc --stop-after schedule stops before RTL: $(head -c 600 "$tmp/err")"
fi
kir="$tmp/p.kimg.d/kir.txt"
rep="$tmp/p.kimg.d/schedule.txt"
has "dump: kernel header" "$kir" '^kernel vinc \(single task, 3 steps, clock 10\.00 ns\)$'
has "dump: arguments" "$kir" '^  arg1 in: pointer, 64 bits, noalias$'
has "dump: memories" "$kir" '^  mem 0: device memory devmem \(0 bytes\), port, read, write$'
has "dump: the pipelined loop's II and stages" "$kir" \
	'^  bb2 \(for_body\): steps 2\.\.2, pipelined: II 2, 3 stages  ; mii 2, recurrence 1, 5 states sequential$'
has "dump: the load's data in slot 4 (device memory latency)" "$kir" \
	'^    %[0-9]+ = load\.i32 %[0-9]+  mem 0  ; slot 4 \(issued 0\) line 6:[0-9]+$'
has "dump: the store in slot 5 (its port column taken in slot 4)" "$kir" \
	'^    #[0-9]+ store %[0-9]+, %[0-9]+  mem 0  ; slot 5 \(issued 5\) line 6:[0-9]+$'
has "dump: the branch in slot 0" "$kir" '^    #[0-9]+ condbr %[0-9]+  -> bb2, bb1  ; slot 0 line 5:[0-9]+$'
has "dump: a sequential load's request and data steps" "$kir" \
	'^    %1 = load\.i32 %0  mem 0  ; step 4 \(issued 0\) t=0\.50ns line 11:[0-9]+$'
# the 32 x 32 multiply (a grid of DSPs, 8.97 ns with its steering) does not fit beside the load's data
# (0.50 ns) in the 8.16 ns a 10 ns step chains: a step of its own, and the store in the step after
has "dump: a multiply in the step after the load data" "$kir" \
	'^    %2 = mul\.i32 %1, arg1  ; step 5 t=8\.97ns line 11:[0-9]+$'
has "dump: a store issued after the multiply" "$kir" '^    #[0-9]+ store arg0, %2  mem 0  ; step 6 \(issued 6\) line 11:[0-9]+$'
has "dump: the step table, the load's data awaited" "$kir" '^  ; step 4: mem-wait bb0, inst 1$'
has "dump: the step table, the store's request" "$kir" '^  ; step 6: mem-issue bb0, inst 4$'
# the table sits at offset 0 of its ROM: its address is the index, with no add of 0 (which the scheduler
# would charge a carry chain), and the mask by a constant is wiring
if grep -Eq 'add\.i(32|64) (0:i(32|64), |[^,]*, 0:i(32|64)$)' "$kir"; then
	echo "not ok - dump: no add of 0 to an address: $(grep -E 'add\.i(32|64) 0:' "$kir" | head -3)"
else
	echo "ok - dump: no add of 0 to an address"
fi
has "dump: a constant mask chains no delay" "$kir" '^    %[0-9]+ = and\.i32 arg1, 7:i32  ; step 0 t=0\.00ns line [0-9]+:[0-9]+$'
has "report: the loop's II beside its bounds" "$rep" \
	'single-block loop: II 2 \(pipelined\), MII 2 \(recurrence 1, resource 2\); 3 stage\(s\), 5 states when not overlapped$'

"$cc" -q --no-pipeline --stop-after schedule -o "$tmp/s.kimg" "$tmp/k.c" 2>"$tmp/err" ||
	echo "not ok - kiln-cc --no-pipeline --stop-after schedule: $(head -c 600 "$tmp/err")"
kir="$tmp/s.kimg.d/kir.txt"
has "dump without pipelining: the loop takes 5 steps" "$kir" '^  bb2 \(for_body\): steps 2\.\.6  ; mii 2, recurrence 1$'
has "dump without pipelining: the load's steps" "$kir" \
	'^    %[0-9]+ = load\.i32 %[0-9]+  mem 0  ; step 6 \(issued 2\) t=0\.50ns line 6:[0-9]+$'
has "report without pipelining: sequential, bounds kept" "$tmp/s.kimg.d/schedule.txt" \
	'single-block loop: II 5 \(sequential\), MII 2 \(recurrence 1, resource 2\)$'

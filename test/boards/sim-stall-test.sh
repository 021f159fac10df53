#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The sim board's memory back-pressure is the board file's devmem_stall_period: the same kernel, 128 device
# memory accesses in a loop, on sim (one refused cycle in seven, the RTL's default) and on sim-ideal (0:
# never) gives the same result and, on sim-ideal, fewer cycles; an image built for one is refused by the other.
# Usage: sim-stall-test.sh SRC BUILD
src=$1
build=$2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }
cat >"$tmp/k.c" <<'K'
#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL void run(int *result)
{
	volatile int *p = result;
	int s = 0;
	for (int i = 0; i < 64; i++) {
		p[0] = i;
		s += p[0];
	}
	*result = s % 200;
}
K
cycles() { sed -n 's/^run_main: cycles //p' "$1"; }
for b in sim sim-ideal; do
	if "$build/bin/kiln-cc" -q --board "$b" -o "$tmp/$b.kimg" "$tmp/k.c" 2>"$tmp/$b.cc"; then
		ok "kiln-cc --board $b"
	else
		no "kiln-cc --board $b: $(head -c 400 "$tmp/$b.cc")"
	fi
	KILN_BOARD=$b KILN_RUN_MAIN_CYCLES=1 "$build/test/cprog/run_main" "$tmp/$b.kimg" run 2>"$tmp/$b.err"
	rc=$?
	# sum of 0..63 is 2016
	[ "$rc" = 16 ] && ok "$b: the kernel's result" || no "$b: status $rc, not 16: $(head -c 400 "$tmp/$b.err")"
done
s=$(cycles "$tmp/sim.err") i=$(cycles "$tmp/sim-ideal.err")
echo "# cycles: sim $s, sim-ideal $i"
if [ -n "$s" ] && [ -n "$i" ] && [ "$i" -lt "$s" ]; then
	ok "sim-ideal's memory takes every request: $i cycles against sim's $s"
else
	no "sim-ideal's cycles ($i) are not below sim's ($s)"
fi
KILN_BOARD=sim "$build/test/cprog/run_main" "$tmp/sim-ideal.kimg" run >"$tmp/x.out" 2>&1
rc=$?
[ "$rc" = 2 ] && grep -q "built for board 'sim-ideal', not 'sim'" "$tmp/x.out" &&
	ok "an image for sim-ideal is refused on sim" ||
	no "sim-ideal's image on sim: status $rc: $(head -c 400 "$tmp/x.out")"
[ "$fail" = 0 ]

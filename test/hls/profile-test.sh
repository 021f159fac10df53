#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# kiln-cc --profile on a kernel of more blocks than Verilator unrolls a loop of (64): the profiled model
# builds (its counters are reset one statement a block: a reset loop of non-blocking assignments is refused
# as BLKLOOPINIT above 64), runs, and writes one count:cycles pair a block whose cycles add up to the run's.
# Usage: profile-test.sh SRC_DIR BUILD_DIR
set -u
build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export KILN_CACHE="$tmp/cache"

ok() { echo "ok - $1"; }
notok() { echo "not ok - $1: $2"; }

# 40 loops whose trip counts come from memory (*result, which run_main seeds with a value of its own: n is 94,
# unknown to the compiler), so that none is unrolled: over 80 blocks.
{
	echo '#include <kiln/device.h>'
	echo 'static int data[64] = {3, 1, 4, 1, 5, 9, 2, 6};'
	echo 'KILN_SINGLE_TASK_KERNEL void run(int *result) {'
	echo '  int n = *result >> 24, s = 0;'
	k=0
	while [ $k -lt 40 ]; do
		echo "  for (int i = 0; i < n + $k % 5; i++) s += data[(i * 7 + $k) & 63] ^ $k;"
		k=$((k + 1))
	done
	echo '  *result = s;'
	echo '}'
} >"$tmp/p.c"

if ! "$build/bin/kiln-cc" -q --profile "$tmp/prof.txt" -o "$tmp/p.kimg" "$tmp/p.c" >"$tmp/err" 2>&1; then
	notok "a kernel of over 64 blocks builds with --profile" "$(head -c 600 "$tmp/err")"
	exit 0
fi
ok "a kernel of over 64 blocks builds with --profile"
# run_main's status is the kernel's result (the sum), so the run is judged by its cycle count.
KILN_RUN_MAIN_CYCLES=1 "$build/test/cprog/run_main" "$tmp/p.kimg" run >/dev/null 2>"$tmp/run"
cycles=$(sed -n 's/^run_main: cycles \([0-9]*\)$/\1/p' "$tmp/run")
if [ -z "$cycles" ]; then
	notok "the profiled kernel runs" "$(head -c 600 "$tmp/run")"
	exit 0
fi
verdict=$(awk -v cycles="$cycles" '
	$1 == "run" { for (i = 2; i <= NF; i++) { split($i, p, ":"); n++; sum += p[2]; runs += p[1] } }
	END {
		if (n <= 64) print "only " n " blocks profiled"
		else if (runs == 0) print "no block counted a run"
		else if (sum > cycles || sum < cycles - 4) print "blocks hold " sum " cycles of the run'"'"'s " cycles
		else print "ok"
	}' "$tmp/prof.txt" 2>/dev/null)
if [ "$verdict" = ok ]; then
	ok "the profile has a count:cycles pair a block, adding up to the run's cycles"
else
	notok "the profile has a count:cycles pair a block, adding up to the run's cycles" "${verdict:-no profile written}"
fi

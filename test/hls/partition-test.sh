#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Array partitioning, beyond the differential runs of test/kernels/partition.c: the II the directive buys
# (the same loop with and without it, from the schedule report), the cycles both take on the simulated board,
# what the report says of each partitioned array (banks, accesses to one bank and to every bank), the
# banks' RAMs in the RTL, and the warnings of a directive that cannot apply.
# Usage: partition-test.sh SRC_DIR HLS_TEST_DIR BUILD_DIR
set -u
src=$1
dir=$2
build=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
KILN_BENCH_OUT="$tmp/run.jsonl" "$dir/bin/partition" "$dir/img/partition.kimg" part_dot4 part_halves \
	>/dev/null 2>&1
rtl="$dir/img/partition.kimg.d/rtl"
# part_dot4's array a: four RAMs, each named as a bank of it
banks=$(grep -A1 "memory m[0-9]*: local array 'a'" "$rtl/kiln_k_part_dot4.v" 2>/dev/null |
	grep -c "(bank [0-3] of 4 of the array: cyclic partition, line 21)")
if [ "$banks" = 4 ]; then
	echo "ok - partition: part_dot4's RTL holds array a as 4 banks, each its own RAM"
else
	echo "not ok - partition: part_dot4's RTL names $banks banks of array a (want 4)"
fi
# A directive that cannot apply: a device global, and a memmove within the array.
cat >"$tmp/warn.c" <<'K'
#include <kiln/device.h>
#include <string.h>
KILN_DEVICE_GLOBAL(int, g[16], KILN_HOST_ACCESS_READ_WRITE) KILN_PARTITION_CYCLIC(2);
KILN_SINGLE_TASK_KERNEL void k(int *out, int n)
{
	int a[32] KILN_PARTITION_CYCLIC(4);
	for (int i = 0; i < 32; i++)
		a[i] = out[i] + g[i & 15];
	memmove(a + (n & 7), a + 1, 64);
	for (int i = 0; i < 32; i++)
		out[i] = a[i];
}
K
KILN_CACHE="$build/cache" "$build/bin/kiln-cc" -q --stop-after schedule -o "$tmp/warn.kimg" "$tmp/warn.c" \
	2>"$tmp/warn.err"
for want in "warn.c:3: warning: KILN_PARTITION_CYCLIC on 'g' is not applied: a device global lives in the image's storage" \
	"warn.c:6: warning: KILN_PARTITION_CYCLIC on 'a' is not applied: it is moved within itself (memmove) at line 9"; do
	if grep -qF "$want" "$tmp/warn.err"; then
		echo "ok - partition: warns '${want#*warning: }'"
	else
		echo "not ok - partition: no '$want' in: $(head -c 400 "$tmp/warn.err")"
	fi
done
exec python3 - "$dir/img/partition.kimg.d/schedule.json" "$tmp/run.jsonl" <<'PY'
import json, sys

def check(ok, name, why=""):
    print(("ok - partition: %s" % name) if ok else ("not ok - partition: %s: %s" % (name, why)))

ks = {k["name"]: k for k in json.load(open(sys.argv[1]))["kernels"]}

def last_ii(k):
    loops = ks[k]["loops"]
    return loops[-1]["ii"] if loops else None

# the loop that reads the array (the last), with and without the directive
for part, plain, ii, ii_plain in (("part_dot4", "nopart_dot4", 1, 2), ("part_halves", "nopart_halves", 1, 2)):
    got, got_plain = last_ii(part), last_ii(plain)
    check(got == ii and got_plain == ii_plain,
          "%s's loop at II %d, %s's (no directive) at II %d" % (part, ii, plain, ii_plain),
          "got %s and %s" % (got, got_plain))

def partition(k, name):
    for m in ks[k]["memories"]:
        if m["name"] == name and "partition" in m:
            return m["partition"], m
    return None, None

# kernel, array: kind, factor, banks, accesses to one bank, to every bank, bytes
want = {("part_dot4", "a"): ("cyclic", 4, 4, 4, 1, 256),
        ("part_dot4", "ptab"): ("cyclic", 4, 4, 4, 0, 256),
        ("part_halves", "a"): ("block", 2, 2, 3, 1, 256),
        ("part_hist", "h"): ("complete", 0, 8, 16, 2, 32),
        ("part_wide", "w"): ("cyclic", 2, 2, 11, 0, 128),
        # the 16 reads of pstate[(i + k) & 15]: their bank is k's
        ("part_global", "pstate"): ("cyclic", 2, 2, 32, 16, 64)}
for (k, name), (kind, factor, banks, one, every, size) in sorted(want.items()):
    p, m = partition(k, name)
    got = p and (p["kind"], p["factor"], p["banks"], p["one_bank_accesses"], p["every_bank_accesses"], m["bytes"])
    check(got == (kind, factor, banks, one, every, size),
          "the report gives %s's %s as %s %d: %d banks, %d accesses to one bank, %d to every bank, %d bytes"
          % (k, name, kind, factor, banks, one, every, size), "got %s" % (got,))
    check(p is not None and p["line"] > 0 and len(p["memories"]) == banks,
          "%s's %s names its directive's line and its %d memories" % (k, name, banks), "got %s" % (p,))
check(all("partition" not in m for m in ks["nopart_dot4"]["memories"]),
      "nopart_dot4's arrays are not partitioned", str(ks["nopart_dot4"]["memories"]))

cyc = {}
for line in open(sys.argv[2]):
    r = json.loads(line)
    cyc.setdefault(r["kernel"], []).append(r["cycles"])
for part, plain in (("part_dot4", "nopart_dot4"), ("part_halves", "nopart_halves")):
    a, b = cyc.get(part), cyc.get(plain)
    check(bool(a and b) and sum(a) < sum(b),
          "%s runs in fewer cycles than %s on the board" % (part, plain), "got %s and %s" % (a, b))
PY

#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Loop pipelining, beyond the differential runs of both schedules: the II each loop of test/kernels/pipeline.c
# gets (the schedule report), the reason given where a loop stays sequential, --no-pipeline leaving every loop
# sequential, and the cycles both builds take on the simulated board for the same runs.
# Usage: pipeline-test.sh HLS_TEST_DIR
set -u
dir=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
KILN_BENCH_OUT="$tmp/pipe.jsonl" "$dir/bin/pipeline" "$dir/img/pipeline.kimg" pipe_sum pipe_vadd pipe_matvec \
	>/dev/null 2>&1
KILN_BENCH_OUT="$tmp/seq.jsonl" "$dir/bin/pipeline" "$dir/img-seq/pipeline.kimg" pipe_sum pipe_vadd pipe_matvec \
	>/dev/null 2>&1
exec python3 - "$dir/img/pipeline.kimg.d/schedule.json" "$dir/img-seq/pipeline.kimg.d/schedule.json" \
	"$tmp/pipe.jsonl" "$tmp/seq.jsonl" <<'EOF'
import json, sys

def loops(path):
    out = {}
    for k in json.load(open(path))["kernels"]:
        for b in k["blocks"]:
            if "ii" in b:
                out.setdefault(k["name"], []).append(b)
    return out

def check(ok, name, why=""):
    print(("ok - %s" % name) if ok else ("not ok - %s: %s" % (name, why)))

pipe, seq = loops(sys.argv[1]), loops(sys.argv[2])
# kernel: II of each of its single-block loops in order (None: stays sequential)
want = {
    "pipe_vadd": [3],        # three device-memory accesses share one port
    "pipe_sum": [1],         # the accumulator's recurrence is one add
    "pipe_dist1": [2],       # load and store of one array, one port
    "pipe_dist2": [3],       # the store must precede the load two iterations later
    "pipe_bytes": [4],
    "pipe_local": [1, 1],        # the prefix loop: two loads and the store of other words share the RAM's
                                 # ports (the copy in is a memcpy, LLVM's loop idiom; the reversed copy out a loop)
    "pipe_rom": [2],
    "pipe_dg": [3],
    "pipe_liveout": [1],
    "pipe_horner": [2],      # 64-bit multiply-add: a two-cycle recurrence
    "pipe_matvec": [2],
    "pipe_dot4": [4],
    "pipe_if_store": [2],    # if-converted: the store predicated
    "pipe_if_else": [3],
    # the swap loop's shorts: the next iteration's loads may touch the words this one stores, so they are
    # issued behind those stores (pipeline.c: an access waits for one of an earlier iteration by moving
    # later), and the loop overlaps at II 2 (copies: memcpy)
    "pipe_if_swap": [2],
    "pipe_nd_rows": [1],
    "pipe_alias": [None],    # dst and src may overlap
    "pipe_if_alias": [None], # if-converted, but dst and src may overlap
    "pipe_fib": [None],
    "pipe_fscale": [1, 1],         # float units, on-chip arrays, no recurrence (the copy out: a memcpy)
    "pipe_fsum": [4],              # the sum waits for kiln_fadd's 4 levels, the phi takes its output directly
    "pipe_fsum_reassoc": [1],      # partial sums in a rotation of phis: the port's bound
    # loop directives: KILN_IVDEP lets the scatter overlap (its four accesses on one port); without it, the
    # load must wait for the store before; KILN_II(4) above the bound of 2; KILN_PIPELINE_OFF
    "pipe_ivdep": [4],
    "pipe_noivdep": [None],
    "pipe_ii4": [4],
    "pipe_off": [None],
}
for k, iis in want.items():
    got = [b["ii"] if b["pipelined"] else None for b in pipe.get(k, [])]
    check(got == iis, "pipelining: %s gets II %s" % (k, iis), "got %s" % got)
why = pipe.get("pipe_alias", [{}])[0].get("not_pipelined_because", "")
check("may alias" in why and "line 53" in why, "pipelining: pipe_alias says why it stays sequential", why)
why = pipe.get("pipe_off", [{}])[0].get("not_pipelined_because", "")
check("pipeline(disable)" in why, "pipelining: pipe_off says the source turned it off", why)
def loop_directives(path, kernel):
    for k in json.load(open(path))["kernels"]:
        if k["name"] == kernel:
            return [l.get("directives") for l in k["loops"]]
for k, d in (("pipe_ivdep", {"ivdep": True}), ("pipe_ii4", {"ii_target": 4}), ("pipe_off", {"pipeline_off": True}),
             ("pipe_noivdep", None)):
    got = loop_directives(sys.argv[1], k)
    check(got and (d is None and got[0] is None or d and got[0] and all(got[0][x] == v for x, v in d.items())),
          "schedule.json: %s's loop shows its directives %s" % (k, d), "got %s" % got)
for k, bl in pipe.items():
    for b in bl:
        if b["pipelined"]:
            check(b["stages"] >= 1 and b["ii"] < b["sequential_states"],
                  "pipelining: %s %s beats its %d sequential states" % (k, b["name"], b["sequential_states"]),
                  "II %d" % b["ii"])
check(all(not b["pipelined"] for bl in seq.values() for b in bl), "--no-pipeline leaves every loop sequential")

def cycles(path):
    out = {}
    for line in open(path):
        r = json.loads(line)
        out.setdefault(r["kernel"], []).append(r["cycles"])
    return out

pc, sc = cycles(sys.argv[3]), cycles(sys.argv[4])
for k, factor in (("pipe_sum", 3.0), ("pipe_vadd", 1.5), ("pipe_matvec", 1.5)):
    p, s = pc.get(k), sc.get(k)
    check(p and s and len(p) == len(s) and sum(s) >= factor * sum(p),
          "pipelining: %s takes at most 1/%.1f of the sequential cycles" % (k, factor),
          "pipelined %s, sequential %s" % (p, s))
EOF

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The kernel IR text reader and the stages after it on damaged text (a seeded fuzz): the kir tests'
kernels, scheduled and not, with one to four words replaced, deleted or inserted (numbers out of range,
brackets, stray block and value references, labels that are no identifiers, a pipelined block's parts, an
array's partitioning and banks), run through kiln-opt --kir --run partition,schedule,rtl, bind and rtl. Every
run must end with status 0 or 1 and never a signal; under `make asan` a sanitizer's report fails the test too.
    kir-fuzz-test.py SRC BUILD [RUNS]"""
import os, random, subprocess, sys, tempfile

src, build = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 150
opt = os.path.join(build, "libexec", "kiln", "kiln-opt")
lit = os.path.join(src, "test", "hls", "lit")
seeds = []
for name in ("kir_parse_checks.kir", "emit_port_dividers.kir", "ifconv_cost.kir", "bind_pipeline_copy.kir",
             "mem_partition.kir"):
    path = os.path.join(lit, name)
    seeds.append(open(path).read())
    r = subprocess.run([opt, "--kir", path, "--run", "schedule"], capture_output=True, text=True)
    if r.returncode == 0:
        seeds.append(r.stdout)
words = ["(", ")", "slot", "step", "99999", "-1", "pipelined:", "II", "0", '"x\\x01"', "name", "bb9", "%77",
         "#3", "condbr", "->", ",", "mem", "\n", ";", "stages", "Loop", "2147483648", "t=", "(issued", "partition",
         "cyclic", "block", "complete", "bank", "of", "accesses", "64", "memset", "memcpy"]
rng = random.Random(20261129)
bad = []
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "f.kir")
    for n in range(runs):
        w = rng.choice(seeds).split(" ")
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(w))
            r = rng.random()
            if r < 0.4:
                w[i] = rng.choice(words)
            elif r < 0.7:
                del w[i]
            else:
                w.insert(i, rng.choice(words))
        with open(path, "w") as f:
            f.write(" ".join(w))
        for stages in ("partition,schedule,rtl", "bind", "rtl"):
            p = subprocess.run([opt, "--kir", path, "--run", stages], capture_output=True, text=True,
                               timeout=120)
            # a sanitizer exits with 1 too (make asan): its report is what tells it from an error
            if p.returncode not in (0, 1) or "Sanitizer" in p.stderr or "runtime error" in p.stderr:
                bad.append("run %d (--run %s): status %d: %s" % (n, stages, p.returncode,
                                                                 p.stderr.strip()[-300:]))
                break
print(("ok - " if not bad else "not ok - ") + "kiln-opt on %d damaged kir texts, three stages each: status 0 or 1, "
      "never a crash%s" % (runs, (": " + bad[0]) if bad else ""))

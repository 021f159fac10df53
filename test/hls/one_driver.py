#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every register of the given Verilog files is written by one clocked block: two `always @(posedge ...)`
blocks that both assign a register simulate (they write it in different states) but synthesise as two
flip-flops driving one net, which nextpnr refuses and other tools resolve arbitrarily. Prints
"FILE: module M: register R written in N clocked blocks" for each, and exits 1 if any.
    one_driver.py FILE.v..."""
import re
import sys

bad = 0
for path in sys.argv[1:]:
    text = re.sub(r"//[^\n]*", "", open(path).read())
    for mod in re.finditer(r"\bmodule\s+(\w+)(.*?)\bendmodule\b", text, re.S):
        writers = {}
        # a clocked block runs from its `always @(posedge` to the next always, assign, or the module's end
        for n, blk in enumerate(re.split(r"(?=\balways\b|\bassign\b)", mod.group(2))):
            if not re.match(r"always\s*@\s*\(\s*posedge", blk):
                continue
            for reg in set(re.findall(r"(\w+)(?:\s*\[[^\]]*\])?\s*<=", blk)):
                writers.setdefault(reg, set()).add(n)
        for reg, blocks in sorted(writers.items()):
            if len(blocks) > 1:
                print("%s: module %s: register %s written in %d clocked blocks" % (path, mod.group(1), reg, len(blocks)))
                bad += 1
sys.exit(1 if bad else 0)

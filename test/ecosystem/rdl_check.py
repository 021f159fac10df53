"""regmap.rdl read by the reference tools: systemrdl-compiler must elaborate it, and PeakRDL's C header
generator must place every register and memory window at the offset Kiln's regmap.h (and regmap.json) give.
Prints "ok - ..." / "not ok - ..." lines. Usage: rdl_check.py IMAGE.kimg.d..."""
import json
import os
import subprocess
import sys
import tempfile

from peakrdl_cheader.exporter import CHeaderExporter
from systemrdl import RDLCompiler, RDLCompileError


def check(image_dir, tmp):
    name = os.path.basename(image_dir.rstrip("/")).replace(".kimg.d", "")
    rdl = os.path.join(image_dir, "regmap.rdl")
    regmap = json.load(open(os.path.join(image_dir, "regmap.json")))
    try:
        rdlc = RDLCompiler()
        rdlc.compile_file(rdl)
        root = rdlc.elaborate()
    except RDLCompileError as e:
        print(f"not ok - {name}: systemrdl-compiler rejects regmap.rdl: {e}")
        return
    print(f"ok - {name}: regmap.rdl elaborates with systemrdl-compiler")
    top = root.top.inst_name
    peak_h = os.path.join(tmp, f"{name}_peakrdl.h")
    CHeaderExporter().export(root, peak_h)

    # One offsetof() check per register and memory window, against Kiln's own header and JSON.
    prefix = "KILN_" + "".join(c if c.isalnum() else "_" for c in regmap["image"]).upper()
    base = regmap["image_base"]
    checks = []
    for blk in regmap["blocks"]:
        b = blk["name"]
        if blk["memory"]:
            checks.append((f"offsetof({top}_t, {b})", f"{prefix}_{b}_ADDR - {base}u", blk["base"], f"{b}"))
            checks.append((f"sizeof((({top}_t *)0)->{b})", f"{prefix}_{b}_SIZE", blk["size"], f"{b} size"))
            continue
        for r in blk["registers"]:
            checks.append((f"offsetof({top}_t, {b}.{r['name']})", f"{prefix}_{b}_{r['name']}_ADDR - {base}u",
                           r["offset"], f"{b}.{r['name']}"))
    prog = os.path.join(tmp, f"{name}_check.c")
    with open(prog, "w") as f:
        f.write(f'#include <stddef.h>\n#include <stdio.h>\n#include "{peak_h}"\n')
        f.write(f'#include "{os.path.join(os.path.abspath(image_dir), "regmap.h")}"\n')
        f.write("int main(void)\n{\n\tint bad = 0;\n")
        for peak, kiln, want, what in checks:
            f.write(f'\tif ((unsigned long)({peak}) != (unsigned long)({kiln}) || (unsigned long)({peak}) != {want}ul) {{\n'
                    f'\t\tprintf("# {what}: PeakRDL %lu, regmap.h %lu, regmap.json {want}\\n", (unsigned long)({peak}), '
                    f'(unsigned long)({kiln}));\n\t\tbad++;\n\t}}\n')
        f.write("\treturn bad != 0;\n}\n")
    exe = os.path.join(tmp, f"{name}_check")
    cc = subprocess.run(["cc", "-std=gnu11", "-o", exe, prog], capture_output=True, text=True)
    if cc.returncode != 0:
        print(f"not ok - {name}: the PeakRDL header and regmap.h do not compile together: {cc.stderr[:400]}")
        return
    run = subprocess.run([exe], capture_output=True, text=True)
    if run.returncode == 0:
        print(f"ok - {name}: PeakRDL's C header gives regmap.h's offsets for all {len(checks)} registers and windows")
    else:
        print(f"not ok - {name}: PeakRDL and regmap.h disagree:\n{run.stdout[:800]}")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for d in sys.argv[1:]:
            check(d, tmp)


main()

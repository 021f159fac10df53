#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The scheduler's delay model (hls/schedule/oplib.c) against a fabric: scripts/calibrate-delays builds carry
# chains and shifters of 8 to 64 bits (and multipliers where the fabric's tools time them) and times them;
# each must be within a factor of 1.5 of the model's figure for that fabric (kiln-opt --fabric F --delay), and
# what the model leaves a step besides its chain must cover the measured register-to-register overhead, so
# that a change to a table that leaves its fabric behind fails here.
# Usage: delay-model-test.sh SRC BUILD [FAMILY]   (xc7: yosys, a minute; ice40: nextpnr, two minutes)
set -u
src=$1
build=$2
family=${3:-xc7}
classes=carry,shift,mul
# nextpnr-ice40 times no path through an SB_MAC16: its multipliers are not measured (oplib.c)
[ "$family" = ice40 ] && classes=carry,shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! KILN_OPT="$build/libexec/kiln/kiln-opt" python3 "$src/scripts/calibrate-delays" --family "$family" \
	--only "$classes" --json "$tmp/d.json" >"$tmp/out" 2>&1; then
	echo "not ok - calibrate-delays ran on $family: $(tail -3 "$tmp/out")"
	exit 0
fi
echo "ok - calibrate-delays ran on $family"
python3 - "$tmp/d.json" "$classes" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
classes = sys.argv[2].split(",")
fam = d["family"]
cases = [c for c in d["cases"] if c["class"] in classes]
want = 8 * len(classes) - 4
print("%s - calibrate-delays measured %d cases on %s (at least %d)" % ("ok" if len(cases) >= want else "not ok",
                                                                      len(cases), fam, want))
for c in cases:
    m, y = c["model_ns"], c["measured_ns"]
    good = m is not None and y > 0 and 1 / 1.5 <= y / m <= 1.5
    print("%s - %s delay model: %s %s within 1.5x of the fabric (model %s ns, measured %.2f)"
          % ("ok" if good else "not ok", fam, c["op"], c["width"], m, y))
step, model = d["step_overhead_ns"] + d["plain_path_ns"], d["step_model_ns"]
print("%s - %s: the step overhead the scheduler leaves (%s ns) covers the measured %.2f ns"
      % ("ok" if model is not None and step <= model * 1.05 + 0.05 else "not ok", fam, model, step))
PY

#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The scheduler's delay model (hls/schedule/oplib.c) against yosys' 7-series mapping: scripts/calibrate-delays
# synthesises carry chains, shifters and multipliers of 8 to 64 bits and times them; each must be within a
# factor of 1.5 of the model's figure (kiln-opt --delay), so that a change to the table that leaves the fabric
# behind fails here. Usage: delay-model-test.sh SRC BUILD
set -u
src=$1
build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! KILN_OPT="$build/libexec/kiln/kiln-opt" python3 "$src/scripts/calibrate-delays" --only carry,shift,mul \
	--json "$tmp/d.json" >"$tmp/out" 2>&1; then
	echo "not ok - calibrate-delays ran: $(tail -3 "$tmp/out")"
	exit 0
fi
echo "ok - calibrate-delays ran"
python3 - "$tmp/d.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
cases = [c for c in d["cases"] if c["class"] in ("carry", "shift", "mul")]
print("%s - calibrate-delays measured %d cases" % ("ok" if len(cases) >= 20 else "not ok", len(cases)))
for c in cases:
    m, y = c["model_ns"], c["measured_ns"]
    good = m is not None and y > 0 and 1 / 1.5 <= y / m <= 1.5
    print("%s - delay model: %s %s within 1.5x of yosys (model %s ns, measured %.2f)"
          % ("ok" if good else "not ok", c["op"], c["width"], m, y))
step = d["step_overhead_ns"] + d["plain_path_ns"]
print("%s - the step overhead the scheduler leaves (0.93 ns) covers the measured %.2f ns"
      % ("ok" if step <= 0.93 + 0.05 else "not ok", step))
PY

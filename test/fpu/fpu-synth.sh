#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The floating-point cells are synthesizable without latches in every configuration kiln-cc instantiates (the
# table fpu_table prints, from hls/schedule/fp_units.c): yosys elaborates each (hierarchy, proc) and finds no
# latch; the float adder goes through the whole generic synthesis too.
# Usage: fpu-synth.sh SRC_DIR FPU_TABLE
set -u
src=$1
table=$2
rtl="$src/rtl/kiln_fadd.v $src/rtl/kiln_fmul.v $src/rtl/kiln_fma.v $src/rtl/kiln_fdiv.v $src/rtl/kiln_fsqrt.v"
rtl="$rtl $(ls "$src"/rtl/kiln_fp_*.v | tr '\n' ' ')"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$table" 10 | python3 -c '
import json, re, sys
for line in sys.stdin:
    u = json.loads(line)
    print(u["op"], u["width"], u["cell"], " ".join("-set %s %s" % kv for kv in re.findall(r"\.(\w+)\((\d+)\)", u["params"])))
' | while read -r op width cell params; do
	# shellcheck disable=SC2086
	if yosys -q -p "read_verilog $rtl; chparam $params $cell; hierarchy -top $cell; proc;
		select -assert-none t:\$dlatch t:\$_DLATCH_*" >"$log" 2>&1 && ! grep -q "Latch inferred" "$log"; then
		echo "ok - $cell for $op ($width-bit) elaborates without latches"
	else
		echo "not ok - $cell for $op ($width-bit): $(head -c 400 "$log")"
	fi
done
if yosys -q -p "read_verilog $rtl; chparam -set E 8 -set M 23 kiln_fadd; synth -flatten -top kiln_fadd;
	select -assert-none t:\$dlatch t:\$_DLATCH_*" >"$log" 2>&1; then
	echo "ok - kiln_fadd (float) synthesizes without latches"
else
	echo "not ok - kiln_fadd synthesis: $(head -c 400 "$log")"
fi

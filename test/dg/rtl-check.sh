#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The property-combination image's RTL (every storage kind) is lint-clean and synthesises without latches.
# Usage: rtl-check.sh IMAGE.kimg.d
rtl="$1/rtl"
tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.stat"' EXIT
if verilator --lint-only -Wall --top-module kiln_image "$rtl"/*.v >"$tmp" 2>&1; then
	echo "ok - every device-global storage kind passes verilator --lint-only -Wall"
else
	echo "not ok - device-global RTL lint: $(head -c 800 "$tmp")"
fi
# Latches are checked right after proc (none may be inferred, not even one optimisation would remove), then
# the coarse synthesis (elaboration, memories, arithmetic) shows yosys takes every storage kind; the full
# generic and iCE40 mappings run on kernels in hls-rtl-test and make bench.
if yosys -q -p "read_verilog $rtl/*.v; hierarchy -top kiln_image; proc; select -assert-none t:\$dlatch;
	synth -top kiln_image -run :fine; select -assert-none t:\$dlatch" >"$tmp" 2>&1; then
	echo "ok - every device-global storage kind synthesises with yosys, no latches"
else
	echo "not ok - device-global RTL synthesis: $(head -c 800 "$tmp")"
fi
# A dedicated-RAM device global must be block RAM on every family, not flip-flops: iCE40 block RAM has one
# write port and ECP5's takes no two byte-enabled writers, so a RAM with a host and a kernel write port fell
# back to 32,768 flip-flops for 1,024 words on both. (family: synth command, the block RAM cell, at least)
for fam in "ice40:synth_ice40:SB_RAM40_4K:8" "ecp5:synth_ecp5:DP16KD:2"; do
	IFS=: read -r name synth cell least <<EOF2
$fam
EOF2
	yosys -p "read_verilog $rtl/kiln_dg_ram.v $rtl/kiln_port_arb.v;
		chparam -set WORDS 1024 -set AW 10 -set NPORTS 2 -set INIT_MODE_RESET 1 kiln_dg_ram;
		$synth -top kiln_dg_ram; tee -q -o $tmp.stat stat" >"$tmp" 2>&1
	got=$(awk -v c="$cell" '$1 == c { n = $2 } END { print n + 0 }' "$tmp.stat")
	ffs=$(awk '$1 ~ /^(SB_DFF|TRELLIS_FF)/ { n += $2 } END { print n + 0 }' "$tmp.stat")
	if [ "$got" -ge "$least" ] && [ "$ffs" -lt 200 ]; then
		echo "ok - a 1024-word device global in RAM is $got $cell on $name ($ffs flip-flops)"
	else
		echo "not ok - a 1024-word device global in RAM on $name: $got $cell, $ffs flip-flops"
	fi
done

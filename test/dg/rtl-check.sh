#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The property-combination image's RTL (every storage kind) is lint-clean and synthesises without latches.
# Usage: rtl-check.sh IMAGE.kimg.d
rtl="$1/rtl"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
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

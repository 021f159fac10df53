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
if yosys -q -p "read_verilog $rtl/*.v; synth -top kiln_image; select -assert-none t:\$dlatch t:\$_DLATCH_*" >"$tmp" 2>&1; then
	echo "ok - every device-global storage kind synthesises with yosys, no latches"
else
	echo "not ok - device-global RTL synthesis: $(head -c 800 "$tmp")"
fi

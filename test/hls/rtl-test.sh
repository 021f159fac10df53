#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Generated RTL quality: every corpus image passes verilator --lint-only -Wall; a sample of kernel modules (one
# per construct: divider, ROM, local RAM, copy loop, nd-range, device globals, intrinsics, pipelined loops)
# synthesises with yosys
# and has no latches. Usage: rtl-test.sh SRC_DIR HLS_TEST_DIR
set -u
dir=$2/img
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for d in "$dir"/*.kimg.d/rtl; do
	name=$(basename "$(dirname "$d")" .kimg.d)
	if verilator --lint-only -Wall --top-module kiln_image "$d"/*.v >"$tmp/lint" 2>&1; then
		echo "ok - corpus $name RTL passes verilator --lint-only -Wall"
	else
		echo "not ok - corpus $name RTL lint: $(grep -m3 '%' "$tmp/lint" | tr '\n' ' ')"
	fi
done
for s in basic:divmod crc:crc32_table sort:selection_sort_local structs:memcpy_unaligned structs:memset_clear \
	ndrange:nd_volume dglobals:dg_update_stats bits:overflow_checks bits:rotates arith64:div64 \
	pipeline:pipe_sum pipeline:pipe_horner pipeline:pipe_bytes pipeline:pipe_dg; do
	img=${s%%:*}
	k=${s#*:}
	v="$dir/$img.kimg.d/rtl/kiln_k_$k.v"
	if yosys -q -p "read_verilog $v; synth -top kiln_k_$k; select -assert-none t:\$dlatch t:\$_DLATCH_*" \
		>"$tmp/yosys" 2>&1; then
		echo "ok - kernel $k synthesises with yosys, no latches"
	else
		echo "not ok - kernel $k synthesis: $(head -c 600 "$tmp/yosys")"
	fi
done

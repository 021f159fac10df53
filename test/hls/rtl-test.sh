#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Generated RTL quality: every corpus image passes verilator --lint-only -Wall, declares before use and has
# a two-process controller with case port multiplexers; a sample of kernel modules (one
# per construct: divider, ROM, local RAM, copy loop, nd-range, device globals, intrinsics, pipelined loops)
# synthesises with yosys (with the RAM, divider and FIFO cells, whose $readmemh must find the image's contents files: yosys fails
# when one is missing) and has no latches. Usage: rtl-test.sh SRC_DIR HLS_TEST_DIR
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
# Generated modules read like hand-written ones (lowRISC): lines of at most 100 columns, like the cells and
# the shell, and the unused-signal sink names ports and sliced-off bits, never a whole datapath value
# (unread ones are removed before the module is printed, hls/emit/dead_signals.h).
long=$(awk 'length($0) > 100 { print FILENAME ":" FNR; exit }' "$dir"/*.kimg.d/rtl/*.v "$1"/bsp/*/rtl/*.v)
[ -z "$long" ] && echo "ok - generated RTL, the cells and the sim shell stay within 100 columns" ||
	echo "not ok - RTL line over 100 columns: $long"
whole=$(awk '/wire unused_inputs/ { on = 1 } on { print } on && /};/ { on = 0 }' "$dir"/*.kimg.d/rtl/kiln_k_*.v | grep -Eo '[ ,](v[0-9]+|ld[0-9]+|p[0-9]+_[0-9m]+|([a-z][a-z0-9]*_)?r?[0-9]+_q)[,}]' | head -3 | tr '\n' ' ')
[ -z "$whole" ] && echo "ok - no whole datapath value hides in an unused_* sink" || echo "not ok - unread datapath values kept: $whole"
# No latch anywhere, not even one yosys would optimise away later: every image (its top, every kernel and
# every cell as the image instantiates them) is latch-free right after yosys's proc. The scale image is left
# out: its 10,000-statement kernel alone keeps yosys's proc busy for minutes, and it is built by the same
# emitter code as the others (lint covers it above).
latches=""
for d in "$dir"/*.kimg.d/rtl; do
	[ "$(basename "$(dirname "$d")")" = scale.kimg.d ] && continue
	yosys -q -p "read_verilog $d/*.v; hierarchy -top kiln_image; proc; select -assert-none t:\$dlatch" \
		>"$tmp/proc" 2>&1 || latches="$latches $(basename "$(dirname "$d")") ($(grep -m1 -o 'proc_dlatch[^ ]*' "$tmp/proc"))"
done
[ -z "$latches" ] && echo "ok - no corpus image infers a latch (yosys proc, before any optimisation)" ||
	echo "not ok - latches inferred in:$latches"
# Declare before use: every signal, parameter and function of every generated module, cell and the shell is
# declared on an earlier line than its first use (decl_order.py).
if python3 "$1/test/hls/decl_order.py" "$dir"/*.kimg.d/rtl/*.v "$1/bsp/sim/rtl/kiln_sim_board.v" "$1/bsp/common/rtl/kiln_shell.v" >"$tmp/decl"; then
	echo "ok - generated RTL, the cells and the shell declare every signal before its use"
else
	echo "not ok - used before declared ($(wc -l <"$tmp/decl") uses): $(head -3 "$tmp/decl" | tr '\n' ' ')"
fi
# One clocked block writes each register: two simulate (they write in different states) but synthesise as two
# flip-flops on one net (nextpnr refuses it). Phi coalescing once wrote a loop phi's register in the datapath's
# block and on the controller's edges: CHStone had 118 such registers, mips' n_inst among them (one_driver.py).
if python3 "$1/test/hls/one_driver.py" "$dir"/*.kimg.d/rtl/*.v "$1"/bsp/*/rtl/*.v "$1"/rtl/*.v >"$tmp/drv"; then
	echo "ok - every register of the generated RTL, the cells and the boards is written by one clocked block"
else
	echo "not ok - registers written in two clocked blocks ($(wc -l <"$tmp/drv")): $(head -3 "$tmp/drv" | tr '\n' ' ')"
fi
# The controller is two processes (state_d computed combinationally, state_q its register, written in one
# place), and ports are driven by case multiplexers over state_q, never by chains of state comparisons.
bad=""
for v in "$dir"/*.kimg.d/rtl/kiln_k_*.v; do
	grep -q 'state_d = state_q;' "$v" && [ "$(grep -c 'state_q <=' "$v")" = 2 ] &&
		grep -q 'else state_q <= state_d;' "$v" || bad="$bad $(basename "$v")"
done
[ -z "$bad" ] && echo "ok - every kernel's controller is a two-process FSM (state_q/state_d)" ||
	echo "not ok - kernels without a two-process FSM:$bad"
chain=$(grep -lE '\(state_q? == S[0-9]+\) \?|\| \(state_q? == S[0-9]+' "$dir"/*.kimg.d/rtl/kiln_k_*.v | head -3)
[ -z "$chain" ] && echo "ok - no port or tag is driven by a chain of state comparisons" ||
	echo "not ok - state-comparison chains in: $chain"
# Copy loops and memsets run on the shared rtl/kiln_copy.v engine, not on per-step counters printed inline.
inline=$(grep -lE '\bcp[0-9]+_[a-z]' "$dir"/*.kimg.d/rtl/kiln_k_*.v | head -3)
copies=$(grep -l 'kiln_copy #' "$dir/structs.kimg.d/rtl/kiln_k_memcpy_unaligned.v" \
	"$dir/structs.kimg.d/rtl/kiln_k_memset_clear.v" | wc -l)
[ -z "$inline" ] && [ "$copies" = 2 ] && echo "ok - copy loops and memsets instantiate the kiln_copy cell" ||
	echo "not ok - inline copy counters in: $inline; kernels with a kiln_copy instance: $copies of 2"
# A copy between memories of 64-bit words moves 8 bytes a cycle: the memories keep their 64-bit words and the
# engine is that wide (wide.c's wide_copies runs it differentially on every lane and alignment).
w="$dir/wide.kimg.d"
if grep -q 'kiln_copy #(.*\.WB(8)[,)]' "$w/rtl/kiln_k_wide_records.v" &&
	[ "$(sed -n '/^kernel wide_records /,/^kernel /p' "$w/kir.txt" | grep -c 'local array.*word 8')" = 2 ]; then
	echo "ok - a copy between 64-bit memories keeps their 64-bit words and runs on an 8-byte copy engine"
else
	echo "not ok - wide_records: 64-bit memories narrowed, or the copy engine not 8 bytes wide"
fi
for s in basic:divmod crc:crc32_table sort:selection_sort_local structs:memcpy_unaligned structs:memset_clear wide:wide_copies \
	ndrange:nd_volume dglobals:dg_update_stats bits:overflow_checks bits:rotates arith64:div64 \
	pipeline:pipe_sum pipeline:pipe_horner pipeline:pipe_bytes pipeline:pipe_dg; do
	img=${s%%:*}
	k=${s#*:}
	v="$dir/$img.kimg.d/rtl/kiln_k_$k.v"
	# the library cells the image carries (image_build.c's list): every module but kernels and the top
	cells=$(ls "$dir/$img.kimg.d/rtl/"kiln_*.v | grep -v '/kiln_k_\|/kiln_image\.v$' | tr '\n' ' ')
	if yosys -q -p "read_verilog $v $cells; synth -top kiln_k_$k; select -assert-none t:\$dlatch t:\$_DLATCH_*" \
		>"$tmp/yosys" 2>&1; then
		echo "ok - kernel $k synthesises with yosys, no latches"
	else
		echo "not ok - kernel $k synthesis: $(head -c 600 "$tmp/yosys")"
	fi
done

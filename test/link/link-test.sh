#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The serial host link's board side (bsp/common/rtl/kiln_uart_bridge.v, docs/host-link.md): the Icarus
# Verilog testbench test/link/bridge_tb.v at two bit times, Verilator -Wall lint over several parameter
# sets, and an iCE40 synthesis that must infer no latches and must put the ring into block RAM.
# CONTRACT_DIR holds the generated kiln_contract.vh the bridge includes (the build's share/kiln/rtl).
#   link-test.sh REPO_ROOT CONTRACT_DIR
set -u
root=$1
inc=$2
rtl=$root/bsp/common/rtl
mods="$rtl/kiln_uart_rx.v $rtl/kiln_uart_tx.v $rtl/kiln_uart_bridge.v"
tb=$root/test/link/bridge_tb.v
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log=$work/log

check() { # NAME, then the command
	name=$1
	shift
	if "$@" >"$log" 2>&1; then
		echo "ok - $name"
	else
		echo "not ok - $name: $(head -c 2000 "$log")"
	fi
}

# The testbench prints its own checks; each run's names carry the bit time so that they stay distinct.
# 4 is the shortest bit the receiver takes; 7 is odd, so that half a bit rounds down.
for cpb in 4 7; do
	# shellcheck disable=SC2086
	if ! iverilog -g2012 -Wall -P bridge_tb.CPB=$cpb -I"$inc" -o "$work/tb$cpb" "$tb" $mods >"$log" 2>&1; then
		echo "not ok - bridge_tb CLKS_PER_BIT=$cpb compiles: $(head -c 2000 "$log")"
		continue
	fi
	vvp -n "$work/tb$cpb" >"$work/out" 2>&1
	rc=$?
	sed -n "s/^\(not \)\{0,1\}ok - /&CLKS_PER_BIT=$cpb: /p; /^#/p" "$work/out"
	# A bench that stopped early (a crash, a fatal error) ran no line saying that it reached its end.
	if [ $rc -ne 0 ] || ! grep -q '^ok - bridge_tb ran to its end' "$work/out"; then
		echo "not ok - CLKS_PER_BIT=$cpb: bridge_tb ended early (vvp status $rc):" \
			"$(grep -v '^\(not \)\{0,1\}ok - ' "$work/out" | tail -c 2000)"
	fi
done

for params in "" "-GCLKS_PER_BIT=4 -GIDLE_CYCLES=480" "-GCLKS_PER_BIT=5208"; do
	# shellcheck disable=SC2086
	check "verilator -Wall lint kiln_uart_bridge ${params:-(defaults)}" verilator --lint-only -Wall -I"$inc" \
		$params --top-module kiln_uart_bridge $mods
done

# One iCE40 synthesis (12 MHz, 115200 baud: CLKS_PER_BIT 104, the defaults). Latches show up as
# "Latch inferred" lines from proc_dlatch (iCE40 has no latch cell to count afterwards).
# shellcheck disable=SC2086
yosys -p "read_verilog -I$inc $mods; synth_ice40 -top kiln_uart_bridge; tee -o $work/stat stat" \
	>"$work/ylog" 2>&1
yrc=$?
no_latch() {
	if [ $yrc -ne 0 ]; then
		tail -20 "$work/ylog"
		return 1
	fi
	! grep '^Latch inferred' "$work/ylog"
}
check "yosys synth_ice40 -top kiln_uart_bridge has no latches" no_latch

# The ring (KILN_LINK_WINDOW_BYTES bytes) must be block RAM: 2048x8 is four SB_RAM40_4K, and the
# flip-flops stay in the hundreds (as registers, the ring alone would be 16384 of them).
cells() { # CELL prefix: how many the stat counts (0 when absent)
	awk -v c="$1" 'index($1, c) == 1 { n += $2 } END { print n + 0 }' "$work/stat" 2>/dev/null || echo 0
}
ebr=$(cells SB_RAM40_4K)
ff=$(cells SB_DFF)
summary="SB_RAM40_4K $ebr, flip-flops $ff, SB_LUT4 $(cells SB_LUT4), SB_CARRY $(cells SB_CARRY)"
echo "# synth_ice40 -top kiln_uart_bridge: $summary"
ring_in_ebr() {
	echo "$summary"
	[ $yrc -eq 0 ] && [ "$ebr" -ge 4 ] && [ "$ff" -lt 1000 ]
}
check "synth_ice40 ring in EBR" ring_in_ebr

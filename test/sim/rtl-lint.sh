#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# RTL checks of the sim shell with the fixture image: Verilator -Wall lint over several parameter sets, and a
# yosys synthesis (small device memory) that must infer no latches. CONTRACT_DIR holds the generated
# kiln_contract.vh both include (the build's share/kiln/rtl).
#   rtl-lint.sh REPO_ROOT CONTRACT_DIR
set -u
root=$1
inc=$2
shell="$root/bsp/sim/rtl/kiln_sim_board.v $root/bsp/common/rtl/kiln_shell.v"
fixture=$root/test/sim/fixture_image.v
log=$(mktemp)
trap 'rm -f "$log"' EXIT

check() { # NAME, then the command
	name=$1
	shift
	if "$@" >"$log" 2>&1; then
		echo "ok - $name"
	else
		echo "not ok - $name: $(head -c 2000 "$log")"
	fi
}

for params in "" "-GMEM_LATENCY=1" "-GMEM_LATENCY=2 -GBP_PERIOD=0" "-GDEVMEM_BYTES=4000 -GBP_PERIOD=2"; do
	# shellcheck disable=SC2086
	check "verilator -Wall lint ${params:-(defaults)}" verilator --lint-only -Wall -I"$inc" $params \
		--top-module kiln_sim_board $shell "$fixture"
done

# Latches show up either as cells after synthesis or as "Latch inferred" lines from proc_dlatch.
synth_no_latch() {
	yosys -p "read_verilog -I$inc $shell $fixture; chparam -set DEVMEM_BYTES 1024 kiln_sim_board;
		synth -top kiln_sim_board;
		select -assert-none t:\$dlatch t:\$_DLATCH_* t:\$dlatchsr t:\$_DLATCHSR_*" >"$log.y" 2>&1
	rc=$?
	if [ $rc -ne 0 ]; then
		tail -20 "$log.y"
	elif grep '^Latch inferred' "$log.y"; then
		rc=1
	fi
	rm -f "$log.y"
	return $rc
}
check "yosys synth -top kiln_sim_board has no latches" synth_no_latch

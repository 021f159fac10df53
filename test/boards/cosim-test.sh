#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The iCEBreaker's real board top, simulated (kiln-cosim: test/boards/build-cosim, cosim_main.cpp), answers the
# serial host link (docs/host-link.md) through a pty: the counter example's image inside the board's own UART
# bridge, shell and SPRAM device memory, and test/boards/cosim-link.py as the host, with no part of libkiln.
#   cosim-test.sh SRC_DIR BUILD_DIR [KILN_CC]
# KILN_CC (default BUILD_DIR/bin/kiln-cc) writes the image's RTL; the contract header with the link's constants is
# BUILD_DIR/share/kiln/rtl/kiln_contract.vh. The model is kept in BUILD_DIR/test/boards/cosim/ and built again only
# when one of its inputs changes (a Verilator build takes about half a minute).
set -u
src=$1
build=$2
cc=${3:-$build/bin/kiln-cc}
contract=$build/share/kiln/rtl
dir=$build/test/boards/cosim
tmp=$(mktemp -d)
pid=""
trap '[ -z "$pid" ] || kill -TERM "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1: $2"; }
# The hash the image's ID block reports comes from the top's -G, as kiln-cc's would.
hash_lo=0x1234ABCD
board_id=0x49434542 # the top's default, "ICEB"
params="-G IMAGE_HASH_LO=32'h1234ABCD -G CLKS_PER_BIT=8"

if ! "$cc" -q --clock-period 41 --stop-after rtl -o "$tmp/counter.kimg" "$src/examples/counter.c" 2>"$tmp/log" ||
	[ ! -f "$tmp/counter.kimg.d/rtl/kiln_image.v" ]; then
	notok "kiln-cc writes the counter's RTL" "$(tail -5 "$tmp/log")"
	exit 0
fi
ok "kiln-cc writes the counter's RTL"
rtl=$tmp/counter.kimg.d/rtl

# Every real board's top (the counter's image is the same RTL whichever board runs it).
for bd in icebreaker ulx3s hx8k; do
	# shellcheck disable=SC2086
	if sh "$src/test/boards/build-cosim" --lint --board $bd "$tmp/lint" "$rtl" "$contract" $params \
		>"$tmp/lint.log" 2>&1; then
		ok "the $bd top with SIM_CLOCK=1 and the counter's image lints clean (verilator --lint-only -Wall)"
	else
		notok "the $bd top with SIM_CLOCK=1 lints clean" "$(grep -v '^ ' "$tmp/lint.log" | head -10)"
	fi
done

# The model, built again when anything it is made of changes.
key=$({
	verilator --version
	g++ --version | head -1
	echo "$params"
	cat "$src/test/boards/build-cosim" "$src/test/boards/cosim_main.cpp" "$contract/kiln_contract.vh" \
		"$src/bsp/icebreaker/rtl/"*.v "$src/bsp/common/rtl/"*.v "$rtl/"*.v
	cat "$(yosys-config --datdir 2>/dev/null || echo /usr/share/yosys)/ice40/cells_sim.v"
} 2>&1 | cksum)
mkdir -p "$dir"
if [ -x "$dir/kiln-cosim" ] && [ "$(cat "$dir/key" 2>/dev/null)" = "$key" ]; then
	ok "kiln-cosim is up to date ($dir/kiln-cosim)"
else
	rm -f "$dir/key"
	t0=$(date +%s)
	# shellcheck disable=SC2086
	if sh "$src/test/boards/build-cosim" "$dir/kiln-cosim" "$rtl" "$contract" $params 2>"$tmp/build.log"; then
		echo "$key" >"$dir/key"
		ok "build-cosim builds kiln-cosim in $(($(date +%s) - t0)) s"
	else
		notok "build-cosim builds kiln-cosim" "$(tail -20 "$tmp/build.log")"
		exit 0
	fi
fi

# Starts kiln-cosim with ARGS, its output in fresh files (not an earlier run's, with its pty); sets pid and pty,
# or fails.
start() {
	pty=""
	rm -f "$tmp/out" "$tmp/err"
	: >"$tmp/out"
	: >"$tmp/err"
	"$dir/kiln-cosim" "$@" >>"$tmp/out" 2>>"$tmp/err" &
	pid=$!
	i=0
	while [ $i -lt 300 ]; do
		pty=$(sed -n 's/^pty \(\/dev\/..*\)$/\1/p' "$tmp/out")
		[ -z "$pty" ] || break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
		i=$((i + 1))
	done
	[ -n "$pty" ] && [ -c "$pty" ]
}

# Waits up to SECONDS for kiln-cosim to exit; its status in rc.
reap() {
	i=0
	while kill -0 "$pid" 2>/dev/null && [ $i -lt $(($1 * 10)) ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if kill -0 "$pid" 2>/dev/null; then
		rc=timeout
		kill -KILL "$pid"
	else
		wait "$pid"
		rc=$?
	fi
	pid=""
}

t0=$(date +%s)
if start; then
	ok "kiln-cosim prints its pty ($pty) and runs"
	python3 "$src/test/boards/cosim-link.py" "$pty" "$board_id" "$hash_lo"
	kill -TERM "$pid"
	reap 10
	if [ "$rc" = 0 ] && grep -q "stopped by a signal" "$tmp/err"; then
		ok "kiln-cosim exits 0 on SIGTERM ($(sed -n 's/.*in \([0-9.]* s (.*cycles\/s)\).*/\1/p' "$tmp/err"))"
	else
		notok "kiln-cosim exits 0 on SIGTERM" "status $rc: $(cat "$tmp/err")"
	fi
else
	notok "kiln-cosim prints its pty and runs" "$(cat "$tmp/out" "$tmp/err")"
	exit 0
fi

# --exit-on-close: it runs while no client has come, and exits once one has come and gone.
if start --exit-on-close; then
	sleep 0.3
	if kill -0 "$pid" 2>/dev/null; then
		python3 "$src/test/boards/cosim-link.py" --sync "$pty"
		reap 10
		if [ "$rc" = 0 ] && grep -q "the client closed the pty" "$tmp/err"; then
			ok "kiln-cosim --exit-on-close exits 0 once its client has closed the pty"
		else
			notok "kiln-cosim --exit-on-close exits once its client has closed the pty" "status $rc: $(cat "$tmp/err")"
		fi
	else
		notok "kiln-cosim --exit-on-close waits for a client" "it exited: $(cat "$tmp/err")"
		pid=""
	fi
else
	notok "kiln-cosim --exit-on-close prints its pty" "$(cat "$tmp/out" "$tmp/err")"
fi
echo "# the link checks took $(($(date +%s) - t0)) s"

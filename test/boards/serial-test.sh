#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The real host path of the real boards, without the boards: libkiln's serial backend (host/backend/serial.c)
# through a pty to each board's own top, Verilated (kiln-cosim), the iCEBreaker's, the ULX3S' and the HX8K's,
# each running one image kiln-cc built for it (--no-bitstream: the model is the hardware) from
# examples/counter.c, examples/saxpy.c and serial_kernels.c, so that a board costs one model build. On each:
# the examples' host programs run unmodified (KILN_BOARD and KILN_SERIAL_PORT choose the board), the kiln tool
# reads and writes a board whose state outlives each command, a bus error reaches the caller, a board running
# another image is refused with the programmer's failure, and serial_host.c copies at unaligned addresses and
# odd lengths, hangs a kernel for the watchdog and stores outside device memory. On the boards with a debug
# channel (debug_bytes in the board file: the iCEBreaker's 4 KiB, the ULX3S' 8 KiB) the image also holds
# channel_kernels.c, which serial_host.c has printf, exit and malloc through the channel. On the HX8K, whose
# device memory is 8 KiB (no room for a channel), the hosts' allocations lie in the 4 KiB above the null
# page. One board model runs at a time.
#   serial-test.sh SRC_DIR BUILD_DIR
set -u
src=$1
build=$2
kiln="$build/bin/kiln"
. "$src/test/boards/cosim-lib.sh"

# The hosts, built once for every board: OUT from FILE, with any further cc flags.
hostcc() {
	out=$1 file=$2
	shift 2
	cc -std=c11 "$@" -I"$build/include" -o "$tmp/$out" "$file" -L"$build/lib" -lkiln -Wl,-rpath,"$build/lib" \
		-lm 2>"$tmp/$out.cc" || notok "compiling $out" "$(head -5 "$tmp/$out.cc")"
}
hostcc counter_host "$src/examples/counter_host.c"
hostcc saxpy_host "$src/examples/saxpy_host.c"
hostcc serial_host "$src/test/boards/serial_host.c" -Wall -Wextra -Werror -I"$src"

stop_boards() {
	for p in $pids; do kill -TERM "$p" 2>/dev/null; done
	wait
	pids=""
}

# Everything on board BD (icebreaker, ulx3s, hx8k), which is called TITLE in the checks' names; CHANNEL
# "channel" when the board has a debug channel.
on_board() {
	bd=$1 title=$2 channel=${3:-}
	chan_c=""
	[ "$channel" = channel ] && chan_c="$src/test/boards/channel_kernels.c"
	# (a board that did not start may still be running: the next one must not run beside it)
	# shellcheck disable=SC2086
	board "$bd" "$bd" "$src/examples/counter.c" "$src/examples/saxpy.c" "$src/test/boards/serial_kernels.c" $chan_c || {
		stop_boards
		return
	}
	eval "KILN_SERIAL_PORT=\$pty_$bd"
	export KILN_SERIAL_PORT KILN_BOARD="$bd"
	img="$tmp/$bd.kimg"
	# the README's counter host, unmodified
	if [ -x "$tmp/counter_host" ] && "$tmp/counter_host" "$img" >"$tmp/ch.out" 2>&1 &&
		grep -q "counter -> 11 (expected 11)" "$tmp/ch.out"; then
		ok "examples/counter_host runs on the co-simulated $title through the serial backend"
	else
		notok "counter_host on the $title" "$(tail -5 "$tmp/ch.out")"
	fi
	v=$("$kiln" read "$bd" 0x0 2>"$tmp/e")
	echo "$v" | grep -qi "4b53484c" && ok "kiln read $bd 0x0: the shell's magic, with no image loaded first" ||
		notok "kiln read $bd 0x0" "$v $(cat "$tmp/e")"
	"$kiln" write "$bd" 0x1c 0x5eed1234 >/dev/null 2>"$tmp/e"
	v=$("$kiln" read "$bd" 0x1c 2>>"$tmp/e")
	echo "$v" | grep -qi "5eed1234" &&
		ok "$title: SCRATCH written by one kiln command is read by the next (a real board keeps its state)" ||
		notok "SCRATCH across kiln commands on the $title" "$v $(cat "$tmp/e")"
	"$kiln" read "$bd" 0x40000000 >"$tmp/o" 2>"$tmp/e"
	rc=$?
	[ $rc -eq 1 ] && grep -q "KILN_ERR_BUS\|bus error" "$tmp/e" &&
		ok "$title: a bus error reaches kiln read (exit 1)" ||
		notok "bus error through the $title's link" "exit $rc: $(cat "$tmp/o" "$tmp/e")"
	# the ID block against the board file, which build-cosim took the model's board id and memory from
	"$kiln" info "$bd" --json >"$tmp/info" 2>"$tmp/e" &&
		python3 - "$tmp/info" "$img" "$src/configs/boards/$bd.json" <<'PY' &&
import json, struct, sys
i = json.load(open(sys.argv[1]))
h = struct.unpack_from("<Q", open(sys.argv[2], "rb").read(), 24)[0]
b = json.load(open(sys.argv[3]))
assert i["loaded_image"]["hash"].lower().endswith("%016x" % h), i["loaded_image"]
assert i["shell"]["devmem_size"] == b["devmem_bytes"], (i["shell"], b["devmem_bytes"])
assert int(str(i["shell"]["board_id"]), 0) == b["board_id"], (i["shell"], b["board_id"])
PY
		ok "kiln info $bd: the shell's ID block (the board file's id and memory size) and the running image's hash" ||
		notok "kiln info $bd" "$(cat "$tmp/info" "$tmp/e" | head -c 600)"
	"$kiln" program "$bd" "$img" >"$tmp/o" 2>"$tmp/e" &&
		ok "kiln program $bd: the board runs the image already, so nothing is loaded" ||
		notok "kiln program of the running image on the $title" "$(cat "$tmp/o" "$tmp/e")"
	# Another image: the runtime hands its bitstream to the programmer; this one has none.
	"$cc" -q --board "$bd" --no-bitstream -o "$tmp/other.kimg" "$src/examples/saxpy.c" 2>/dev/null
	"$kiln" program "$bd" "$tmp/other.kimg" >"$tmp/o" 2>"$tmp/e"
	rc=$?
	[ $rc -ne 0 ] && grep -q "no bitstream (BITS section)" "$tmp/e" &&
		ok "$title: an image the board does not run and without a bitstream is refused, saying so" ||
		notok "programming another image without a bitstream on the $title" "exit $rc: $(cat "$tmp/e")"
	if [ -x "$tmp/saxpy_host" ] && "$tmp/saxpy_host" "$img" >"$tmp/sx.out" 2>&1 &&
		grep -q "all correct" "$tmp/sx.out"; then
		ok "examples/saxpy_host (device memory, an nd-range kernel) runs on the co-simulated $title"
	else
		notok "saxpy_host on the $title" "$(tail -5 "$tmp/sx.out")"
	fi
	# its own ok/not ok lines, each named after the board
	if [ -x "$tmp/serial_host" ]; then
		# shellcheck disable=SC2086
		"$tmp/serial_host" "$img" $chan_c 2>"$tmp/sh.err"
		rc=$?
		[ $rc -eq 0 ] || notok "serial_host on the $title" "exit $rc: $(tail -5 "$tmp/sh.err")"
	fi
	stop_boards
}

on_board icebreaker iCEBreaker channel
on_board ulx3s ULX3S channel
on_board hx8k HX8K

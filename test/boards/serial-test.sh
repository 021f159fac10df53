#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The real host path of a real board, without the board: libkiln's serial backend (host/backend/serial.c)
# through a pty to the iCEBreaker's own top, Verilated (kiln-cosim), running images kiln-cc built for the
# icebreaker board (--no-bitstream: the model is the hardware). The examples' host programs run unmodified
# (KILN_BOARD and KILN_SERIAL_PORT choose the board), the kiln tool reads and writes a board whose state
# outlives each command, a bus error reaches the caller, and a board running another image is refused with
# the programmer's failure.
#   serial-test.sh SRC_DIR BUILD_DIR
set -u
src=$1
build=$2
kiln="$build/bin/kiln"
. "$src/test/boards/cosim-lib.sh"

export KILN_BOARD=icebreaker
if board icebreaker counter "$src/examples/counter.c"; then
	export KILN_SERIAL_PORT="$pty_counter"
	# the README's counter host, unmodified
	cc -std=c11 -I"$build/include" -o "$tmp/counter_host" "$src/examples/counter_host.c" -L"$build/lib" -lkiln \
		-Wl,-rpath,"$build/lib"
	if "$tmp/counter_host" "$tmp/counter.kimg" >"$tmp/ch.out" 2>&1 && grep -q "counter -> 11 (expected 11)" "$tmp/ch.out"; then
		ok "examples/counter_host runs on the co-simulated iCEBreaker through the serial backend"
	else
		notok "counter_host on the iCEBreaker" "$(tail -5 "$tmp/ch.out")"
	fi
	v=$("$kiln" read icebreaker 0x0 2>"$tmp/e")
	echo "$v" | grep -qi "4b53484c" && ok "kiln read icebreaker 0x0: the shell's magic, with no image loaded first" ||
		notok "kiln read icebreaker 0x0" "$v $(cat "$tmp/e")"
	"$kiln" write icebreaker 0x1c 0x5eed1234 >/dev/null 2>"$tmp/e"
	v=$("$kiln" read icebreaker 0x1c 2>>"$tmp/e")
	echo "$v" | grep -qi "5eed1234" && ok "SCRATCH written by one kiln command is read by the next (a real board keeps its state)" ||
		notok "SCRATCH across kiln commands" "$v $(cat "$tmp/e")"
	"$kiln" read icebreaker 0x40000000 >"$tmp/o" 2>"$tmp/e"
	rc=$?
	[ $rc -eq 1 ] && grep -q "KILN_ERR_BUS\|bus error" "$tmp/e" && ok "a bus error reaches kiln read (exit 1)" ||
		notok "bus error through the link" "exit $rc: $(cat "$tmp/o" "$tmp/e")"
	"$kiln" info icebreaker --json >"$tmp/info" 2>"$tmp/e" && python3 - "$tmp/info" "$tmp/counter.kimg" <<'PY' &&
import json, struct, sys
i = json.load(open(sys.argv[1]))
h = struct.unpack_from("<Q", open(sys.argv[2], "rb").read(), 24)[0]
assert i["loaded_image"]["hash"].lower().endswith("%016x" % h), i["loaded_image"]
assert i["shell"]["devmem_size"] == 131072, i["shell"]
PY
		ok "kiln info icebreaker: the shell's ID block and the hash of the image the board runs" ||
		notok "kiln info icebreaker" "$(cat "$tmp/info" "$tmp/e" | head -c 600)"
	"$kiln" program icebreaker "$tmp/counter.kimg" >"$tmp/o" 2>"$tmp/e" &&
		ok "kiln program: the board runs the image already, so nothing is loaded" ||
		notok "kiln program of the running image" "$(cat "$tmp/o" "$tmp/e")"
	# Another image: the runtime hands its bitstream to the programmer; this one has none.
	"$cc" -q --board icebreaker --no-bitstream -o "$tmp/other.kimg" "$src/examples/saxpy.c" 2>/dev/null
	"$kiln" program icebreaker "$tmp/other.kimg" >"$tmp/o" 2>"$tmp/e"
	rc=$?
	[ $rc -ne 0 ] && grep -q "no bitstream (BITS section)" "$tmp/e" &&
		ok "an image the board does not run and without a bitstream is refused, saying so" ||
		notok "programming another image without a bitstream" "exit $rc: $(cat "$tmp/e")"
fi

if board icebreaker saxpy "$src/examples/saxpy.c"; then
	export KILN_SERIAL_PORT="$pty_saxpy"
	cc -std=c11 -I"$build/include" -o "$tmp/saxpy_host" "$src/examples/saxpy_host.c" -L"$build/lib" -lkiln \
		-Wl,-rpath,"$build/lib" -lm
	if "$tmp/saxpy_host" "$tmp/saxpy.kimg" >"$tmp/sx.out" 2>&1 && grep -q "all correct" "$tmp/sx.out"; then
		ok "examples/saxpy_host (device memory, an nd-range kernel) runs on the co-simulated iCEBreaker"
	else
		notok "saxpy_host on the iCEBreaker" "$(tail -5 "$tmp/sx.out")"
	fi
fi

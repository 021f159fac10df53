#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# kiln-cc's bitstream flow for a real board, with the real tools (yosys, nextpnr-ice40, icepack): the counter
# example for the iCEBreaker (UP5K) becomes an image whose BITS section is a UP5K bitstream and whose PNR
# section is nextpnr's report, closing at the board clock within the part; a clock the part cannot reach
# fails the compile, with the numbers, and writes no image. kiln-cc reads the installed board file
# (configs/boards/icebreaker.json) and never opens the board.
#   bitstream-test.sh SRC_DIR BUILD_DIR
set -u
src=$1
build=$2
cc="$build/bin/kiln-cc"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1: $2"; }

# Sections of an image (docs/image-format.md): "TAG SIZE" lines, and the section TAG's bytes into a file.
sections() {
	python3 - "$1" "${2:-}" "${3:-}" <<'PY'
import struct, sys
d = open(sys.argv[1], "rb").read()
n = struct.unpack_from("<I", d, 12)[0]
for i in range(n):
    tag, _, off, size = struct.unpack_from("<4sIQQ", d, 72 + 24 * i)
    t = tag.rstrip(b"\0").decode()
    if sys.argv[2] == t:
        open(sys.argv[3], "wb").write(d[off:off + size])
    elif not sys.argv[2]:
        print(t, size)
PY
}

if "$cc" --board icebreaker -o "$tmp/c.kimg" "$src/examples/counter.c" 2>"$tmp/log"; then
	ok "kiln-cc --board icebreaker builds the counter's bitstream"
	sections "$tmp/c.kimg" >"$tmp/secs"
	grep -q "^MODL " "$tmp/secs" && notok "no simulation model for a real board" "$(cat "$tmp/secs")" ||
		ok "a real board's image carries no simulation model"
	sections "$tmp/c.kimg" BITS "$tmp/c.bin"
	# icepack's UP5K image: 104,090 bytes, a comment block (FF 00 ... 00 FF) and then the sync word 7EAA997E.
	if [ "$(wc -c <"$tmp/c.bin" 2>/dev/null)" = 104090 ] &&
		od -An -tx1 -N16 "$tmp/c.bin" | tr -d '\n' | grep -q "7e aa 99 7e"; then
		ok "BITS is a UP5K bitstream (104090 bytes, the sync word after the comment block)"
	else
		notok "BITS is a UP5K bitstream" "$(wc -c <"$tmp/c.bin" 2>&1) bytes, $(od -An -tx1 -N8 "$tmp/c.bin" 2>&1)"
	fi
	iceunpack "$tmp/c.bin" "$tmp/c.asc" >/dev/null 2>&1 && grep -q "^.device 5k" "$tmp/c.asc" &&
		ok "icestorm reads the bitstream back (iceunpack: a UP5K design)" ||
		notok "iceunpack reads the bitstream" "$(head -c 300 "$tmp/c.asc" 2>&1)"
	sections "$tmp/c.kimg" PNR "$tmp/pnr.json"
	if python3 - "$tmp/pnr.json" >"$tmp/pnr.txt" 2>&1 <<'PY'; then
import json, sys
r = json.load(open(sys.argv[1]))
fmax = min(c["achieved"] for c in r["fmax"].values())
u = r["utilization"]
assert fmax >= 1000.0 / 41.6667 - 0.01, "fmax %.2f below 24 MHz" % fmax
assert 0 < u["ICESTORM_LC"]["used"] <= u["ICESTORM_LC"]["available"] == 5280, u["ICESTORM_LC"]
assert u["ICESTORM_SPRAM"]["used"] == 4, "device memory is the 4 SPRAMs: %s" % u["ICESTORM_SPRAM"]
assert u["ICESTORM_PLL"]["used"] == 1, u["ICESTORM_PLL"]
print("fmax %.2f MHz, %d LCs" % (fmax, u["ICESTORM_LC"]["used"]))
PY
		ok "PNR: the design closes at the board clock, within the UP5K, device memory in SPRAM ($(cat "$tmp/pnr.txt"))"
	else
		notok "PNR report" "$(cat "$tmp/pnr.txt")"
	fi
	# kiln program hands the bitstream to the family's programmer (iceprog -S loads the SRAM) when the
	# board does not run the image: a stand-in iceprog records its arguments and the file it was given. The
	# port is a pty nothing answers on, so the board still does not answer afterwards, and that is reported.
	mkdir -p "$tmp/bin"
	printf '#!/bin/sh\necho "$@" >"%s/args"\nfor a; do last=$a; done\ncp "$last" "%s/given.bin"\n' "$tmp" "$tmp" \
		>"$tmp/bin/iceprog"
	chmod +x "$tmp/bin/iceprog"
	python3 -c 'import os, pty, time; m, s = pty.openpty(); print(os.ttyname(s), flush=True); time.sleep(120)' \
		>"$tmp/pty" &
	ptypid=$!
	sleep 1
	PATH="$tmp/bin:$PATH" KILN_SERIAL_PORT=$(cat "$tmp/pty") "$build/bin/kiln" program icebreaker "$tmp/c.kimg" \
		>"$tmp/po" 2>"$tmp/pe"
	rc=$?
	kill "$ptypid" 2>/dev/null
	if [ $rc -ne 0 ] && grep -q "^-S /" "$tmp/args" 2>/dev/null && cmp -s "$tmp/given.bin" "$tmp/c.bin" &&
		grep -q "the bitstream was loaded but the board does not answer as image" "$tmp/pe"; then
		ok "kiln program runs iceprog -S on the image's bitstream, and reports a board that then does not answer"
	else
		notok "kiln program with a stand-in iceprog" "exit $rc, args '$(cat "$tmp/args" 2>&1)': $(cat "$tmp/pe")"
	fi
else
	notok "kiln-cc --board icebreaker builds the counter's bitstream" "$(tail -20 "$tmp/log")"
fi

# 200 MHz is beyond a UP5K: the flow fails with the achieved clock, and no image is written.
if "$cc" --board icebreaker --clock-period 5 -o "$tmp/fast.kimg" "$src/examples/counter.c" 2>"$tmp/log"; then
	notok "a clock the part cannot reach fails the compile" "exit 0"
elif grep -q "closes at [0-9.]* MHz, below the board clock of [0-9.]* MHz" "$tmp/log" && [ ! -e "$tmp/fast.kimg" ]; then
	ok "a clock the part cannot reach fails the compile, naming both clocks, and writes no image"
else
	notok "a clock the part cannot reach fails the compile" "$(tail -5 "$tmp/log") / $(ls "$tmp")"
fi

# The ULX3S (ECP5-85F): the counter's bitstream through synth_ecp5, nextpnr-ecp5 and ecppack.
if "$cc" --board ulx3s -o "$tmp/u.kimg" "$src/examples/counter.c" 2>"$tmp/ulog"; then
	ok "kiln-cc --board ulx3s builds the counter's bitstream"
	sections "$tmp/u.kimg" BITS "$tmp/u.bit"
	# ecppack's image opens with a comment block (0xFF 0x00 ... 0x00 0xFF) and then the 0xBD preamble
	# (0xFFFFBDB3); the LFE5U-85F's IDCODE 0x41113043 follows it.
	if od -An -tx1 -v "$tmp/u.bit" | tr -d '\n' | grep -q "ff ff bd b3" &&
		od -An -tx1 -v "$tmp/u.bit" | tr -d '\n' | grep -q "41 11 30 43"; then
		ok "BITS is an ECP5-85F bitstream (preamble, the part's IDCODE)"
	else
		notok "BITS is an ECP5-85F bitstream" "$(od -An -tx1 -N48 "$tmp/u.bit" 2>&1)"
	fi
	sections "$tmp/u.kimg" PNR "$tmp/upnr.json"
	if python3 - "$tmp/upnr.json" "$src/configs/boards/ulx3s.json" >"$tmp/upnr.txt" 2>&1 <<'PY'; then
import json, sys
r = json.load(open(sys.argv[1]))
fmax = min(c["achieved"] for c in r["fmax"].values())
u = r["utilization"]
want = 1000.0 / json.load(open(sys.argv[2]))["clock_period_ns"]
assert fmax >= want - 0.01, "fmax %.2f below the board's %.2f MHz" % (fmax, want)
assert 0 < u["TRELLIS_COMB"]["used"] <= u["TRELLIS_COMB"]["available"] == 83640, u["TRELLIS_COMB"]
assert u["DP16KD"]["used"] >= 128, "256 KiB of device memory in block RAM: %s" % u["DP16KD"]
assert u["EHXPLLL"]["used"] == 1, u["EHXPLLL"]
print("fmax %.2f MHz, %d LUTs, %d DP16KD" % (fmax, u["TRELLIS_COMB"]["used"], u["DP16KD"]["used"]))
PY
		ok "PNR: the ULX3S design closes at the board clock, device memory in block RAM ($(cat "$tmp/upnr.txt"))"
	else
		notok "ULX3S PNR report" "$(cat "$tmp/upnr.txt")"
	fi
else
	notok "kiln-cc --board ulx3s builds the counter's bitstream" "$(tail -20 "$tmp/ulog")"
fi

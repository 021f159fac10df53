#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# kiln-cc's bitstream flow for the real boards, with the real tools (yosys, nextpnr, icepack and ecppack): the
# counter example for the iCEBreaker (UP5K) becomes an image whose BITS section is a UP5K bitstream and whose
# PNR section is nextpnr's report, closing at the board clock within the part; a clock the part cannot reach
# fails the compile, with the numbers, and writes no image; the same for the ULX3S (ECP5-85F) and the counter
# for the HX8K breakout (HX8K, device memory in block RAM); and saxpy on the iCEBreaker. Every bitstream's Fmax
# and utilisation go to build/test/boards/bitstreams.json. kiln-cc reads the installed board files
# (configs/boards/*.json) and never opens a board.
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

# The bitstreams' report (board, design, Fmax, utilisation), which CI keeps: one JSON object a line.
report="$tmp/bitstreams.jsonl"
: >"$report"

# Checks an image's PNR section against its board file: the achieved clock at least the board's, every
# resource within the part; appends the record to the report and prints a summary.
#   pnr_check IMAGE BOARD DESIGN
pnr_check() {
	sections "$1" PNR "$tmp/$2-$3.pnr.json"
	python3 - "$tmp/$2-$3.pnr.json" "$src/configs/boards/$2.json" "$2" "$3" "$report" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
board = json.load(open(sys.argv[2]))
fmax = min(c["achieved"] for c in r["fmax"].values())
want = 1000.0 / board["clock_period_ns"]
u = {k: v for k, v in r["utilization"].items() if v["used"]}
rec = {"board": sys.argv[3], "design": sys.argv[4], "fmax_mhz": round(fmax, 2),
       "clock_mhz": round(want, 2), "utilization": u}
with open(sys.argv[5], "a") as f:
    f.write(json.dumps(rec, sort_keys=True) + "\n")
assert fmax >= want - 0.01, "fmax %.2f below the board's %.2f MHz" % (fmax, want)
over = ["%s %d of %d" % (k, v["used"], v["available"]) for k, v in u.items() if v["used"] > v["available"]]
assert not over, "beyond the part: " + ", ".join(over)
lc = u.get("ICESTORM_LC", u.get("TRELLIS_COMB", {"used": 0}))["used"]
dsp = u.get("ICESTORM_DSP", u.get("MULT18X18D", {"used": 0}))["used"]
print("fmax %.2f MHz at %.2f, %d LUTs, %d DSPs" % (fmax, want, lc, dsp))
PY
}

# kiln program hands the bitstream to the family's programmer (iceprog -S loads the SRAM) when the board does
# not run the image: a stand-in iceprog records its arguments and the file it was given. The port is a pty
# nothing answers on, so the board still does not answer afterwards, and that is reported.
#   program_check BOARD IMAGE BITS_FILE
program_check() {
	mkdir -p "$tmp/bin"
	rm -f "$tmp/args" "$tmp/given.bin"
	printf '#!/bin/sh\necho "$@" >"%s/args"\nfor a; do last=$a; done\ncp "$last" "%s/given.bin"\n' "$tmp" "$tmp" \
		>"$tmp/bin/iceprog"
	chmod +x "$tmp/bin/iceprog"
	python3 -c 'import os, pty, time; m, s = pty.openpty(); print(os.ttyname(s), flush=True); time.sleep(120)' \
		>"$tmp/pty" &
	ptypid=$!
	sleep 1
	PATH="$tmp/bin:$PATH" KILN_SERIAL_PORT=$(cat "$tmp/pty") "$build/bin/kiln" program "$1" "$2" \
		>"$tmp/po" 2>"$tmp/pe"
	rc=$?
	kill "$ptypid" 2>/dev/null
	if [ $rc -ne 0 ] && grep -q "^-S /" "$tmp/args" 2>/dev/null && cmp -s "$tmp/given.bin" "$3" &&
		grep -q "the bitstream was loaded but the board does not answer as image" "$tmp/pe"; then
		ok "kiln program $1 runs iceprog -S on the image's bitstream, and reports a board that then does not answer"
	else
		notok "kiln program $1 with a stand-in iceprog" "exit $rc, args '$(cat "$tmp/args" 2>&1)': $(cat "$tmp/pe")"
	fi
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
	if pnr_check "$tmp/c.kimg" icebreaker counter >"$tmp/pnr.txt" 2>&1 && python3 - "$tmp/icebreaker-counter.pnr.json" \
		>>"$tmp/pnr.txt" 2>&1 <<'PY'; then
import json, sys
u = json.load(open(sys.argv[1]))["utilization"]
assert 0 < u["ICESTORM_LC"]["used"] and u["ICESTORM_LC"]["available"] == 5280, u["ICESTORM_LC"]
assert u["ICESTORM_SPRAM"]["used"] == 4, "device memory is the 4 SPRAMs: %s" % u["ICESTORM_SPRAM"]
assert u["ICESTORM_PLL"]["used"] == 1, u["ICESTORM_PLL"]
PY
		ok "PNR: the design closes at the board clock, within the UP5K, device memory in SPRAM ($(cat "$tmp/pnr.txt"))"
	else
		notok "PNR report" "$(cat "$tmp/pnr.txt")"
	fi
	program_check icebreaker "$tmp/c.kimg" "$tmp/c.bin"
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
	if pnr_check "$tmp/u.kimg" ulx3s counter >"$tmp/upnr.txt" 2>&1 && python3 - "$tmp/ulx3s-counter.pnr.json" \
		>>"$tmp/upnr.txt" 2>&1 <<'PY'; then
import json, sys
u = json.load(open(sys.argv[1]))["utilization"]
assert 0 < u["TRELLIS_COMB"]["used"] and u["TRELLIS_COMB"]["available"] == 83640, u["TRELLIS_COMB"]
assert u["DP16KD"]["used"] >= 128, "256 KiB of device memory in block RAM: %s" % u["DP16KD"]
assert u["EHXPLLL"]["used"] == 1, u["EHXPLLL"]
PY
		ok "PNR: the ULX3S design closes at the board clock, device memory in block RAM ($(cat "$tmp/upnr.txt"))"
	else
		notok "ULX3S PNR report" "$(cat "$tmp/upnr.txt")"
	fi
else
	notok "kiln-cc --board ulx3s builds the counter's bitstream" "$(tail -20 "$tmp/ulog")"
fi

# The iCE40-HX8K Breakout Board (HX8K-CT256): the counter's bitstream through the same iCE40 tools.
if "$cc" --board hx8k -o "$tmp/h.kimg" "$src/examples/counter.c" 2>"$tmp/hlog"; then
	ok "kiln-cc --board hx8k builds the counter's bitstream"
	sections "$tmp/h.kimg" BITS "$tmp/h.bin"
	iceunpack "$tmp/h.bin" "$tmp/h.asc" >/dev/null 2>&1 && grep -q "^.device 8k" "$tmp/h.asc" &&
		ok "icestorm reads the HX8K bitstream back (iceunpack: an 8k device, $(wc -c <"$tmp/h.bin") bytes)" ||
		notok "iceunpack reads the HX8K bitstream as an 8k device" "$(head -c 300 "$tmp/h.asc" 2>&1)"
	if pnr_check "$tmp/h.kimg" hx8k counter >"$tmp/hpnr.txt" 2>&1 && python3 - "$tmp/hx8k-counter.pnr.json" \
		"$src/configs/boards/hx8k.json" >>"$tmp/hpnr.txt" 2>&1 <<'PY'; then
import json, sys
u = json.load(open(sys.argv[1]))["utilization"]
board = json.load(open(sys.argv[2]))
assert 0 < u["ICESTORM_LC"]["used"] and u["ICESTORM_LC"]["available"] == board["fpga"]["luts"], u["ICESTORM_LC"]
# device memory is block RAM: a 4 Kbit EBR holds 512 bytes
want = board["devmem_bytes"] // 512
assert u["ICESTORM_RAM"]["used"] >= want, "device memory needs %d EBRs: %s" % (want, u["ICESTORM_RAM"])
assert "ICESTORM_SPRAM" not in u and "ICESTORM_DSP" not in u, u
assert u["ICESTORM_PLL"]["used"] == 1, u["ICESTORM_PLL"]
print(", %d of %d EBRs" % (u["ICESTORM_RAM"]["used"], u["ICESTORM_RAM"]["available"]))
PY
		ok "PNR: the HX8K design closes at the board clock, device memory in block RAM ($(tr -d '\n' <"$tmp/hpnr.txt"))"
	else
		notok "HX8K PNR report" "$(cat "$tmp/hpnr.txt")"
	fi
	program_check hx8k "$tmp/h.kimg" "$tmp/h.bin"
else
	notok "kiln-cc --board hx8k builds the counter's bitstream" "$(tail -20 "$tmp/hlog")"
fi

# saxpy (device memory, a pipelined nd-range kernel, a multiplier): the bitstream builds and closes at the board's
# clock within the part on the UP5K, the tightest of the three parts (DSPs, SPRAM, some 30 MHz against 24). The
# suite's sample of saxpy's bitstreams: `make bench` (scripts/bench-boards) builds it for all three boards, with
# the counter and the CHStone programs that fit, and reports each one that does not close.
for b in icebreaker; do
	if "$cc" --board $b -o "$tmp/$b-saxpy.kimg" "$src/examples/saxpy.c" 2>"$tmp/$b-saxpy.log"; then
		pnr_check "$tmp/$b-saxpy.kimg" $b saxpy >"$tmp/$b-saxpy.txt" 2>&1 &&
			ok "kiln-cc --board $b builds saxpy's bitstream, closing at the board clock ($(cat "$tmp/$b-saxpy.txt"))" ||
			notok "saxpy's bitstream for $b closes at the board clock" "$(tail -3 "$tmp/$b-saxpy.txt")"
	else
		notok "kiln-cc --board $b builds saxpy's bitstream" "$(tail -20 "$tmp/$b-saxpy.log")"
	fi
done
mkdir -p "$build/test/boards"
python3 -c 'import json, sys; json.dump([json.loads(l) for l in open(sys.argv[1])], open(sys.argv[2], "w"), indent=1)' \
	"$report" "$build/test/boards/bitstreams.json" && [ "$(wc -l <"$report")" -eq 4 ] &&
	ok "the bitstreams' report ($build/test/boards/bitstreams.json) has a record per bitstream built" ||
	notok "the bitstreams' report" "$(cat "$report")"

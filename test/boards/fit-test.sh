#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The bitstream flows' fit check (bsp/common/flow/check-fit), between synthesis and place and route: the cells
# yosys made against the part's resources in the board file. First the counting itself, on small netlists
# written here (every resource of each family, at and past the part's numbers, CCU2Cs as two LUT4s, a kept
# hierarchy); then the real flows, with a stand-in nextpnr that records being run (and keeps the netlist it
# was given) and fails, so that no place and route is spent: a kernel with 64 KiB of on-chip RAM, four times
# the UP5K's block RAM, is refused after synthesis naming the resource, nextpnr never runs and kiln-cc leaves
# the image it had; the counter reaches nextpnr on both boards (with KILN_PNR_SEED's seed), and its netlist
# passes the check alone, and fails it against a board file whose part is made smaller; four products in one
# state are refused on their DSPs when allowed more than the UP5K has, and shared into its DSPs by default,
# the counts binding reports equal to yosys'.
#   fit-test.sh SRC_DIR BUILD_DIR
set -u
src=$1
build=$2
cc="$build/bin/kiln-cc"
fit="$build/share/kiln/bsp/common/flow/check-fit" # the installed copy, the one kiln-cc's flows run
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { echo "ok - $*"; }
notok() { echo "not ok - $1: $2"; }
boards=$src/configs/boards

# A netlist as yosys writes it: NAME TYPE=COUNT ...: the top module with COUNT cells of each TYPE.
netlist() {
	python3 - "$@" <<'PY'
import json, sys
cells = {}
for spec in sys.argv[2:]:
    t, n = spec.split("=")
    for i in range(int(n)):
        cells["c%d_%s" % (i, t)] = {"type": t, "connections": {}}
top = {"attributes": {"top": "00000000000000000000000000000001"}, "cells": cells}
json.dump({"creator": "fit-test", "modules": {"kiln_top": top}}, open(sys.argv[1], "w"))
PY
}
# check-fit FAMILY NETLIST BOARD into $tmp/out (stdout) and $tmp/err; its exit status in $rc.
check() {
	python3 "$fit" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}

# The UP5K exactly full fits; one more of any resource does not, and each one over is named.
netlist "$tmp/full.json" SB_LUT4=5280 SB_CARRY=5280 SB_DFF=2000 SB_DFFER=3280 SB_RAM40_4K=20 SB_RAM40_4KNR=10 \
	SB_MAC16=8 SB_SPRAM256KA=4 SB_IO=6 SB_PLL40_PAD=1
check ice40 "$tmp/full.json" "$boards/icebreaker.json"
if [ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && grep -q "^ffs *5280 / *5280 *SB_DFF\*$" "$tmp/out" &&
	grep -q "^brams *30 / *30 *SB_RAM40_4K$" "$tmp/out"; then
	ok "a netlist filling the UP5K exactly passes (flip-flop and block RAM variants counted as theirs)"
else
	notok "a netlist filling the UP5K exactly passes" "exit $rc: $(cat "$tmp/out" "$tmp/err")"
fi
netlist "$tmp/over.json" SB_LUT4=5281 SB_CARRY=10 SB_DFF=2000 SB_DFFESR=3281 SB_RAM40_4KNRNW=31 SB_MAC16=9 \
	SB_SPRAM256KA=5
check ice40 "$tmp/over.json" "$boards/icebreaker.json"
refused="the design needs more than the part has (up5k, the fpga of .*icebreaker.json), so place and route was not tried:"
if [ $rc -eq 1 ] && grep -q "^build-bitstream: $refused$" "$tmp/err" &&
	grep -q "^  luts: 5281 used / 5280 available (logic cells: SB_LUT4)$" "$tmp/err" &&
	grep -q "^  ffs: 5281 used / 5280 available (flip-flops: SB_DFF\*)$" "$tmp/err" &&
	grep -q "^  brams: 31 used / 30 available (block RAMs of 4 Kbit: SB_RAM40_4K)$" "$tmp/err" &&
	grep -q "^  dsps: 9 used / 8 available (DSPs: SB_MAC16)$" "$tmp/err" &&
	grep -q "^  sprams: 5 used / 4 available (single-port RAMs of 32 KiB: SB_SPRAM256KA)$" "$tmp/err" &&
	[ "$(grep -c "^  " "$tmp/err")" -eq 5 ]; then
	ok "one more than the UP5K has of each resource: refused, each of the five named with used / available"
else
	notok "one more than the UP5K has of each resource is refused" "exit $rc: $(cat "$tmp/err")"
fi
netlist "$tmp/carry.json" SB_LUT4=10 SB_CARRY=5281
check ice40 "$tmp/carry.json" "$boards/icebreaker.json"
[ $rc -eq 1 ] && grep -q "^  luts: 5281 used / 5280 available (logic cells: SB_CARRY)$" "$tmp/err" &&
	ok "more carries than logic cells: refused (one carry a cell)" ||
	notok "more carries than logic cells are refused" "exit $rc: $(cat "$tmp/out" "$tmp/err")"

# The ECP5-85F: a CCU2C is two of its 83,640 LUT4s.
netlist "$tmp/ccu.json" CCU2C=41820 TRELLIS_FF=83640 DP16KD=208 MULT18X18D=156 PFUMX=900 L6MUX21=400
check ecp5 "$tmp/ccu.json" "$boards/ulx3s.json"
if [ $rc -eq 0 ] && grep -q "^luts *83640 / *83640 *41820 CCU2C x 2$" "$tmp/out"; then
	ok "41,820 CCU2Cs fill the ECP5-85F's 83,640 LUT4s and pass"
else
	notok "41,820 CCU2Cs fill the ECP5-85F's LUT4s" "exit $rc: $(cat "$tmp/out" "$tmp/err")"
fi
netlist "$tmp/ccu1.json" CCU2C=41820 LUT4=1 TRELLIS_FF=83641 DP16KD=209 MULT18X18D=157
check ecp5 "$tmp/ccu1.json" "$boards/ulx3s.json"
if [ $rc -eq 1 ] && grep -q "^  luts: 83641 used / 83640 available (LUT4s: 1 LUT4 + 41820 CCU2C x 2)$" "$tmp/err" &&
	grep -q "^  ffs: 83641 used / 83640 available (flip-flops: TRELLIS_FF)$" "$tmp/err" &&
	grep -q "^  brams: 209 used / 208 available (block RAMs of 18 Kbit: DP16KD)$" "$tmp/err" &&
	grep -q "^  dsps: 157 used / 156 available (18x18 multipliers: MULT18X18D)$" "$tmp/err"; then
	ok "one LUT4 beside them, and one more of every other ECP5 resource: refused, each named"
else
	notok "one more than the ECP5-85F has of each resource is refused" "exit $rc: $(cat "$tmp/err")"
fi

# A kept hierarchy counts each module once per instance; a blackbox module is the primitive it stands for.
python3 - "$tmp/hier.json" 4 <<'PY'
import json, sys
n = int(sys.argv[2])
top = {"attributes": {"top": "1"}, "cells": {"u%d" % i: {"type": "mac2"} for i in range(n)}}
mac2 = {"attributes": {}, "cells": {"a": {"type": "SB_MAC16"}, "b": {"type": "SB_MAC16"}}}
bb = {"attributes": {"blackbox": "00000000000000000000000000000001"}, "cells": {}}
json.dump({"modules": {"top": top, "mac2": mac2, "SB_MAC16": bb}}, open(sys.argv[1], "w"))
PY
check ice40 "$tmp/hier.json" "$boards/icebreaker.json"
rc4=$rc
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["modules"]["top"]["cells"]["u4"] = {"type": "mac2"}
json.dump(d, open(sys.argv[1], "w"))' "$tmp/hier.json"
check ice40 "$tmp/hier.json" "$boards/icebreaker.json"
[ $rc4 -eq 0 ] && [ $rc -eq 1 ] && grep -q "^  dsps: 10 used / 8 available" "$tmp/err" &&
	ok "a kept hierarchy: 4 instances of a module of 2 SB_MAC16s fit the 8, 5 do not" ||
	notok "a kept hierarchy counts each instance" "exits $rc4, $rc: $(cat "$tmp/err")"

# After a failed nextpnr, --packed reads its utilisation once packed: logic cells of a LUT, a carry and a
# flip-flop each can outnumber every count above (CHStone dfmul on the UP5K: 4,194 LUT4s, 1,369 carries and
# 2,964 flip-flops made 5,969 logic cells), where the placer only says "Failed to expand region".
printf 'Info: Device utilisation:\nInfo: \t         ICESTORM_LC:  5969/ 5280   113%%\nInfo: \t        ICESTORM_RAM:     4/   30    13%%\nInfo: \t        ICESTORM_DSP:     8/    8   100%%\nERROR: Failed to expand region (0, 0) |_> (25, 31) of 5968 ICESTORM_LCs\n' >"$tmp/pnr.log"
python3 "$fit" --packed "$tmp/pnr.log" "$boards/icebreaker.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && grep -q "once nextpnr packed its cells into the part's sites:$" "$tmp/err" &&
	grep -q "^  ICESTORM_LC: 5969 used / 5280 available after packing$" "$tmp/err" && [ "$(grep -c "^  " "$tmp/err")" -eq 1 ] &&
	ok "--packed: 5,969 logic cells after packing on the UP5K's 5,280 are named; the DSPs at 100% are not" ||
	notok "--packed names the sites over the part" "exit $rc: $(cat "$tmp/err")"
sed -i 's/5969\/ 5280   113%/5000\/ 5280    94%/' "$tmp/pnr.log"
python3 "$fit" --packed "$tmp/pnr.log" "$boards/icebreaker.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && ok "--packed: a failure with every site kind within the part says nothing of it" ||
	notok "--packed is silent when nothing is over" "exit $rc: $(cat "$tmp/err")"

# What the check cannot read is a failure of its own (2), not a pass: another family's board file, a board
# without an FPGA, a netlist that is not one. The user's file names reach the terminal escaped.
check ecp5 "$tmp/ccu.json" "$boards/icebreaker.json"
[ $rc -eq 2 ] && grep -q "fpga.family is 'ice40', the flow is ecp5's" "$tmp/err" &&
	ok "a board file of another family is refused (exit 2)" ||
	notok "a board file of another family is refused" "exit $rc: $(cat "$tmp/err")"
check ice40 "$tmp/full.json" "$boards/sim.json"
[ $rc -eq 2 ] && grep -q "cannot read the part's resources (fpga)" "$tmp/err" &&
	ok "a board without an FPGA is refused (exit 2)" ||
	notok "a board without an FPGA is refused" "exit $rc: $(cat "$tmp/err")"
echo '{"modules": ' >"$tmp/cut.json"
check ice40 "$tmp/cut.json" "$boards/icebreaker.json"
[ $rc -eq 2 ] && grep -q "cut.json: cannot read the netlist" "$tmp/err" &&
	ok "a cut netlist is refused (exit 2)" ||
	notok "a cut netlist is refused" "exit $rc: $(cat "$tmp/err")"
evil=$(printf '%s/odd\033]0;x\007.json' "$tmp")
cp "$boards/icebreaker.json" "$evil"
check ice40 "$tmp/over.json" "$evil"
[ $rc -eq 1 ] && grep -q 'odd\\x1b]0;x\\x07.json' "$tmp/err" && ! grep -q "$(printf '\033')" "$tmp/err" &&
	ok "a board file's name with control characters reaches the message escaped" ||
	notok "a board file's name reaches the message escaped" "$(od -c "$tmp/err" | head -5)"

# The real flows. A stand-in nextpnr of each family records its arguments, keeps the netlist it was given
# and fails: reaching it means the fit check passed, and no time goes to place and route.
mkdir -p "$tmp/bin"
for t in nextpnr-ice40 nextpnr-ecp5; do
	cat >"$tmp/bin/$t" <<EOF
#!/bin/sh
echo "\$*" >"$tmp/$t.args"
while [ \$# -gt 0 ]; do
	[ "\$1" = --json ] && cp "\$2" "$tmp/$t.json"
	shift
done
exit 1
EOF
	chmod +x "$tmp/bin/$t"
done
cat >"$tmp/big.c" <<'EOF'
#include <kiln/device.h>

KILN_DEVICE_GLOBAL(int, result, KILN_DEVICE_IMAGE_SCOPE, KILN_IMPLEMENT_IN_CSR_ON);

/* 64 KiB of on-chip RAM, from device memory so that the compiler cannot fold it away: 128 block RAMs of
 * 4 Kbit or more, where the UP5K has 30. */
KILN_SINGLE_TASK_KERNEL void big(const int *v, int n)
{
	int t[16384];
	for (int i = 0; i < 16384; i++)
		t[i] = v[i];
	int s = 0;
	for (int i = 0; i < n; i++)
		s += t[(i * 7) & 16383];
	result = s;
}
EOF
# An image from before, which the refused compile must leave as it was.
echo "the previous image" >"$tmp/big.kimg"
mkdir -p "$tmp/big.kimg.d"
echo "the previous folder" >"$tmp/big.kimg.d/keep"
t0=$(date +%s)
PATH="$tmp/bin:$PATH" "$cc" --board icebreaker -o "$tmp/big.kimg" "$tmp/big.c" >"$tmp/log" 2>&1
rc=$?
secs=$(($(date +%s) - t0))
if [ $rc -ne 0 ] && [ ! -e "$tmp/nextpnr-ice40.args" ] &&
	grep -q "^build-bitstream: $refused$" "$tmp/log" &&
	grep -q "^  brams: [0-9]* used / 30 available (block RAMs of 4 Kbit: SB_RAM40_4K)$" "$tmp/log" &&
	grep -q "error: the icebreaker bitstream flow failed" "$tmp/log"; then
	ok "64 KiB of on-chip RAM on the iCEBreaker: refused after synthesis, before nextpnr, in $secs s" \
		"($(grep "^  brams" "$tmp/log" | sed 's/^ *//'))"
else
	notok "a design past the UP5K's block RAM is refused before nextpnr" \
		"exit $rc, nextpnr $( [ -e "$tmp/nextpnr-ice40.args" ] && echo ran || echo "did not run"): $(tail -8 "$tmp/log")"
fi
if [ "$(cat "$tmp/big.kimg")" = "the previous image" ] && [ "$(ls -A "$tmp/big.kimg.d")" = keep ] &&
	[ "$(cat "$tmp/big.kimg.d/keep")" = "the previous folder" ] && [ -z "$(ls -A "$tmp" | grep kiln-tmp)" ]; then
	ok "the refused compile leaves the previous image and its folder as they were, and no staging folder"
else
	notok "the refused compile leaves the previous image" "$(ls -la "$tmp" "$tmp/big.kimg.d" 2>&1 | tail -12)"
fi

# The counter fits the UP5K: synthesis, the check, then (the stand-in) nextpnr with KILN_PNR_SEED's seed.
PATH="$tmp/bin:$PATH" KILN_PNR_SEED=7 "$cc" --board icebreaker -o "$tmp/c.kimg" "$src/examples/counter.c" \
	>"$tmp/log" 2>&1
if grep -q -- "--up5k .*--seed 7 " "$tmp/nextpnr-ice40.args" 2>/dev/null && ! grep -q "needs more than" "$tmp/log" &&
	[ ! -e "$tmp/c.kimg" ]; then
	ok "the counter passes the check on the iCEBreaker: nextpnr runs, with KILN_PNR_SEED=7's --seed 7"
else
	notok "the counter passes the check and reaches nextpnr with the seed" \
		"nextpnr: $(cat "$tmp/nextpnr-ice40.args" 2>&1); $(tail -5 "$tmp/log")"
fi
check ice40 "$tmp/nextpnr-ice40.json" "$boards/icebreaker.json"
lcs=$(sed -n 's/^luts *\([0-9]*\) \/ *5280 *SB_LUT4$/\1/p' "$tmp/out")
[ $rc -eq 0 ] && [ "${lcs:-0}" -gt 100 ] && grep -q "^sprams *4 / *4 *SB_SPRAM256KA$" "$tmp/out" &&
	ok "check-fit alone on the counter's netlist: it fits ($lcs SB_LUT4s, device memory the 4 SPRAMs)" ||
	notok "check-fit alone on the counter's netlist" "exit $rc: $(cat "$tmp/out" "$tmp/err")"
# The part's numbers come from the board file: the same netlist against a UP5K of 100 logic cells.
sed 's/"luts": *[0-9]*/"luts": 100/' "$boards/icebreaker.json" >"$tmp/small-ice40.json"
check ice40 "$tmp/nextpnr-ice40.json" "$tmp/small-ice40.json"
[ $rc -eq 1 ] && grep -q "^  luts: $lcs used / 100 available (logic cells: SB_LUT4)$" "$tmp/err" &&
	ok "the same netlist against a board file of 100 logic cells: refused, naming the board file's number" ||
	notok "the part's resources come from the board file" "exit $rc: $(cat "$tmp/err")"

# A seed that is not one fails the flow before synthesis, saying so.
rm -f "$tmp/nextpnr-ice40.args"
PATH="$tmp/bin:$PATH" KILN_PNR_SEED="1; x" "$cc" --board icebreaker -o "$tmp/s.kimg" "$src/examples/counter.c" \
	>"$tmp/log" 2>&1
rc=$?
[ $rc -ne 0 ] && grep -q "KILN_PNR_SEED must be a number of at most 9 digits (nextpnr's --seed), not '1; x'" \
	"$tmp/log" &&
	! grep -q "yosys" "$tmp/log" && [ ! -e "$tmp/nextpnr-ice40.args" ] && [ ! -e "$tmp/s.kimg" ] &&
	ok "KILN_PNR_SEED that is not a number fails the flow at once" ||
	notok "KILN_PNR_SEED that is not a number fails the flow" "exit $rc: $(tail -5 "$tmp/log")"

# The ULX3S: the counter passes synth_ecp5's check and reaches nextpnr-ecp5 with the default seed; its
# netlist fails against an ECP5 of 100 block RAMs (device memory alone is 128 DP16KDs).
PATH="$tmp/bin:$PATH" "$cc" --board ulx3s -o "$tmp/u.kimg" "$src/examples/counter.c" >"$tmp/log" 2>&1
if grep -q -- "--85k .*--seed 1 " "$tmp/nextpnr-ecp5.args" 2>/dev/null && ! grep -q "needs more than" "$tmp/log"; then
	ok "the counter passes the check on the ULX3S: nextpnr-ecp5 runs, with the default --seed 1"
else
	notok "the counter passes the check on the ULX3S" \
		"nextpnr: $(cat "$tmp/nextpnr-ecp5.args" 2>&1); $(tail -5 "$tmp/log")"
fi
check ecp5 "$tmp/nextpnr-ecp5.json" "$boards/ulx3s.json"
[ $rc -eq 0 ] && grep -q "^luts *[0-9]* / *83640 *[0-9]* LUT4 + [0-9]* CCU2C x 2$" "$tmp/out" &&
	ok "check-fit alone on the counter's ECP5 netlist: it fits ($(grep "^luts" "$tmp/out" | tr -s ' '))" ||
	notok "check-fit alone on the counter's ECP5 netlist" "exit $rc: $(cat "$tmp/out" "$tmp/err")"
sed 's/"brams": *[0-9]*/"brams": 100/' "$boards/ulx3s.json" >"$tmp/small-ecp5.json"
check ecp5 "$tmp/nextpnr-ecp5.json" "$tmp/small-ecp5.json"
[ $rc -eq 1 ] && grep -q "^  brams: 1[2-9][0-9] used / 100 available (block RAMs of 18 Kbit: DP16KD)$" "$tmp/err" &&
	ok "the same netlist against an ECP5 of 100 block RAMs: refused" ||
	notok "the ECP5 netlist against a smaller part" "exit $rc: $(cat "$tmp/err")"

# The DSPs: four 32-bit products ready in one state take four multipliers of three SB_MAC16s bound by
# timing, 12 where the UP5K has 8. Allowed 100 (--dsp-max), the flow refuses the design on its DSPs, as many
# as binding counted; by default binding shares them (the scheduler gives them two steps) and the netlist
# nextpnr gets has the SB_MAC16s binding.txt reports, within the 8.
rm -f "$tmp/nextpnr-ice40.args" "$tmp/nextpnr-ice40.json"
"$cc" -q --board icebreaker --dsp-max 100 --stop-after schedule -o "$tmp/p100.kimg" "$src/test/kernels/products4.c" 2>"$tmp/log"
want=$(sed -n 's/^kernel products4: \([0-9]*\) cells.*/\1/p' "$tmp/p100.kimg.d/binding.txt")
PATH="$tmp/bin:$PATH" "$cc" --board icebreaker --dsp-max 100 -o "$tmp/p100.kimg" "$src/test/kernels/products4.c" >"$tmp/log" 2>&1
rc=$?
if [ $rc -ne 0 ] && [ "${want:-0}" -gt 8 ] && [ ! -e "$tmp/nextpnr-ice40.args" ] &&
	grep -q "^  dsps: $want used / 8 available (DSPs: SB_MAC16)$" "$tmp/log"; then
	ok "four products in one state with --dsp-max 100: binding counts $want SB_MAC16s, yosys makes as many, refused"
else
	notok "four products in one state with --dsp-max 100 are refused on their DSPs" \
		"binding counted ${want:-?}, exit $rc: $(grep -A6 "needs more" "$tmp/log" | head -8)"
fi
"$cc" -q --board icebreaker --stop-after schedule -o "$tmp/p.kimg" "$src/test/kernels/products4.c" 2>"$tmp/log"
cells=$(sed -n 's/^kernel products4: \([0-9]*\) cells.*/\1/p' "$tmp/p.kimg.d/binding.txt")
PATH="$tmp/bin:$PATH" "$cc" --board icebreaker -o "$tmp/p.kimg" "$src/test/kernels/products4.c" >"$tmp/log" 2>&1
check ice40 "$tmp/nextpnr-ice40.json" "$boards/icebreaker.json"
if [ -e "$tmp/nextpnr-ice40.args" ] && [ $rc -eq 0 ] && [ "${cells:-99}" -le 8 ] &&
	grep -q "^dsps *$cells / *8 *SB_MAC16$" "$tmp/out" &&
	grep -q "scheduled for the DSPs: 2 shared multiplications of a width a step" "$tmp/p.kimg.d/binding.txt"; then
	ok "the same products on the iCEBreaker by default: shared into $cells SB_MAC16s, as yosys makes them; nextpnr runs"
else
	notok "the products' multipliers shared to fit the UP5K's 8 DSPs" \
		"binding $cells, exit $rc: $(cat "$tmp/out" "$tmp/p.kimg.d/binding.txt" 2>&1 | head -20)"
fi

# The part every flow gives nextpnr comes from the board file (bsp/common/flow/board-part): each board's, and
# a device that would reach nextpnr's command line as more than a name is refused.
part="$build/share/kiln/bsp/common/flow/board-part"
got=$(for b in icebreaker ulx3s hx8k; do python3 "$part" "$boards/$b.json"; done | tr '\n' ';')
[ "$got" = "up5k sg48 dsp;85k CABGA381 dsp;hx8k ct256 nodsp;" ] &&
	ok "board-part reads each board's nextpnr device, package and DSPs from its file" ||
	notok "board-part reads the boards' parts" "$got"
sed 's/"device": *"85k"/"device": "85k --pre x.py"/' "$boards/ulx3s.json" >"$tmp/evil-part.json"
python3 "$part" "$tmp/evil-part.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && [ ! -s "$tmp/out" ] && grep -q "fpga.device must be letters and digits" "$tmp/err" &&
	ok "a board file whose device is not a plain name is refused before any tool runs" ||
	notok "a device with options in it is refused" "exit $rc: $(cat "$tmp/out" "$tmp/err")"

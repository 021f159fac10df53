#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The image's register block answers exactly as its published register map says (regblock_tb.py walks
# regmap.json over kiln_image's bus in Icarus Verilog), for the device-global property matrix of test/dg and
# for kernels with every kind of register (nd-range ranges, 8-, 16- and 64-bit arguments, a pointer, a usmptr,
# a global in the CSR block). The image hash is a parameter of kiln_image, not text inside it, and the FuseSoC
# core carries it. Images are built for the fake board (no model). Usage: regblock-sim-test.sh SRC_DIR BUILD_DIR
set -u
src=$1
build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1: $2"; }

cat >"$tmp/regs.c" <<'EOF2'
#include <kiln/device.h>
KILN_DEVICE_GLOBAL(int, total, KILN_DEVICE_IMAGE_SCOPE, KILN_IMPLEMENT_IN_CSR_ON);
KILN_DEVICE_GLOBAL(long long, far_away);
KILN_DEVICE_GLOBAL(short, tab[6], KILN_DEVICE_IMAGE_SCOPE, KILN_HOST_ACCESS_READ,
                   KILN_IMPLEMENT_IN_CSR_OFF) = {1, 2, 3};
KILN_SINGLE_TASK_KERNEL void mix(char c, short s, long long w, int *p)
{
	total += c + s + (int)w + tab[c & 3];
	*p = (int)far_away;
}
KILN_ND_RANGE_KERNEL(2) void grid(int *v, unsigned char k)
{
	v[kiln_global_id(0) + kiln_global_id(1)] *= k;
}
EOF2
cp "$src/test/dg/props.c" "$src/test/dg/props_table.h" "$tmp/"
for img in regs props; do
	if ! (cd "$tmp" && KILN_CONFIG_DIR="$src/test/libkiln/boards" "$build/bin/kiln-cc" -q --board fake \
		-o "$img.kimg" "$img.c") >"$tmp/err" 2>&1; then
		notok "$img: compile" "$(head -c 600 "$tmp/err")"
		continue
	fi
	d=$tmp/$img.kimg.d
	if python3 "$src/test/system/regblock_tb.py" "$d/regmap.json" "$tmp/tb_$img.v" &&
		(cd "$d/rtl" && iverilog -g2005 -o "$tmp/sim_$img" "$tmp/tb_$img.v" ./*.v && vvp -n "$tmp/sim_$img") \
			>"$tmp/$img.out" 2>&1 && ! grep -q MISMATCH "$tmp/$img.out" && grep -q '^DONE' "$tmp/$img.out"; then
		ok "$img: every register of the map answers as the map says ($(sed -n 's/^DONE //p' "$tmp/$img.out") accesses)"
	else
		notok "$img: register block against its map" "$(grep -m4 'MISMATCH\|rror' "$tmp/$img.out" | tr '\n' ' ')"
	fi
	# The hash: parameters of the top with a neutral default, its value only outside the top's text.
	lo=$(python3 -c 'import json,sys; r={x["offset"]:x["reset"] for b in json.load(open(sys.argv[1]))["blocks"] for x in b["registers"]}; print("%08x %d %d" % (r[8], r[8], r[12]))' "$d/regmap.json")
	set -- $lo
	if grep -q "parameter \[31:0\] IMAGE_HASH_LO = 32'd0" "$d/rtl/kiln_image.v" &&
		grep -q "parameter \[31:0\] IMAGE_HASH_HI = 32'd0" "$d/rtl/kiln_image.v" &&
		! grep -qi "$1" "$d/rtl/kiln_image.v" && [ "$(grep -c '^module kiln_image' "$d/rtl/kiln_image.v")" = 1 ]; then
		ok "$img: kiln_image takes the hash as parameters and does not contain it"
	else
		notok "$img: hash parameters" "kiln_image.v lacks IMAGE_HASH_LO/HI or holds the hash $1"
	fi
	core=$(ls "$d"/*.core)
	if grep -A3 '^  IMAGE_HASH_LO:' "$core" | grep -q "default: $2\$" &&
		grep -A3 '^  IMAGE_HASH_HI:' "$core" | grep -q "default: $3\$" &&
		grep -q 'parameters: \[IMAGE_HASH_LO, IMAGE_HASH_HI\]' "$core"; then
		ok "$img: the FuseSoC core sets the hash parameters to the image's hash"
	else
		notok "$img: FuseSoC hash parameters" "$(grep -A3 IMAGE_HASH "$core" | head -8 | tr '\n' ' ')"
	fi
done

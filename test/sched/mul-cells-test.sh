#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The multiplier cells binding counts against a board's DSPs (sched_mul_cells, hls/schedule/oplib.c) against
# yosys: for each fabric and a table of product shapes (the widths Kiln's shared and own multipliers take), the
# model's count (kiln-opt --fabric F --delay mul-cells Y A B) must equal the DSP cells yosys maps a signed
# A x B product of Y bits onto (synth_ice40 -dsp, synth_ecp5, synth_xilinx), written as kiln-cc writes it (a
# sum of slice products where kiln-opt --delay mul-split says so), so that a change to a table, to Kiln's
# split or to yosys' splitting fails here rather than as a board that binding thinks fits and the fit check
# refuses.
# Usage: mul-cells-test.sh BUILD   (about 15 s)
set -u
build=$1
opt="$build/libexec/kiln/kiln-opt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Y A B (A >= B): 16 to 64-bit products, operands narrowed by what binding knows of them, the widths around each
# fabric's cell (16, 18, 25) and its minimum product (11 on the iCE40)
shapes="8:4:4 12:6:6 10:8:3 16:16:16 32:16:16 32:17:16 32:32:32 32:24:8 32:32:16 36:18:18 20:20:20 \
48:48:48 64:32:32 64:64:64 64:53:53 64:33:33 64:64:17 40:26:19 64:40:12 64:33:23 64:32:22 \
64:52:20 64:23:22"
# One yosys run per fabric maps every shape: each is a module of its own under a top that instantiates them
# all, the hierarchy kept, so `stat` counts each module's cells apart (synth_xilinx alone spends about 3 s
# reading its cell library, per run).
for fam in ice40 ecp5 xc7; do
	case $fam in
	ice40) synth="synth_ice40 -dsp -noflatten" cell=SB_MAC16 ;;
	ecp5) synth="synth_ecp5 -noflatten" cell=MULT18X18D ;;
	xc7) synth="synth_xilinx -family xc7" cell=DSP48E1 ;;
	esac
	v="$tmp/$fam.v" i=0
	: >"$v"
	: >"$tmp/$fam.shapes"
	top="module top ("
	inst=""
	for s in $shapes; do
		y=${s%%:*} r=${s#*:}
		a=${r%%:*} b=${r#*:}
		i=$((i + 1))
		model=$("$opt" --fabric "$fam" --delay mul-cells "$y" "$a" "$b" 2>&1)
		# where Kiln writes the product as a sum of slice products (sched_mul_split), that sum as kiln-cc
		# writes it: the narrow operand by C-bit slices of the wide one, unsigned but the last
		c=$("$opt" --fabric "$fam" --delay mul-split "$y" "$a" "$b" 2>&1)
		sum="\$signed(a) * \$signed(b)" form=""
		if [ "$c" != 0 ]; then
			lo=0 sum="" form=" (as a sum of $c-bit slice products)"
			while [ "$lo" -lt "$a" ] && [ "$lo" -lt "$y" ]; do
				if [ $((a - lo)) -le $((c + 1)) ]; then
					p="\$signed(b) * \$signed(a[$((a - 1)):$lo])"
				else
					p="\$signed(b) * \$signed({1'b0, a[$((lo + c - 1)):$lo]})"
				fi
				if [ "$lo" = 0 ]; then sum="($p)"; else sum="$sum + (($p) << $lo)"; fi
				[ $((a - lo)) -le $((c + 1)) ] && break
				lo=$((lo + c))
			done
		fi
		printf 'module m%d (input [%d:0] a, input [%d:0] b, output [%d:0] y);\n  assign y = %s;\nendmodule\n' \
			$i $((a - 1)) $((b - 1)) $((y - 1)) "$sum" >>"$v"
		top="$top input [$((a - 1)):0] a$i, input [$((b - 1)):0] b$i, output [$((y - 1)):0] y$i,"
		inst="$inst  m$i u$i (.a(a$i), .b(b$i), .y(y$i));\n"
		echo "m$i $a $b $y $model$form" >>"$tmp/$fam.shapes"
	done
	printf '%s);\n%bendmodule\n' "${top%,}" "$inst" >>"$v"
	if ! yosys -q -p "read_verilog $v; $synth -top top; tee -q -o $tmp/$fam.stat stat" >"$tmp/log" 2>&1; then
		echo "not ok - yosys mapped the products for $fam: $(tail -2 "$tmp/log")"
		continue
	fi
	while read -r m a b y model form; do
		# the module's own section of stat: "=== m3 ===" up to the next "==="
		got=$(awk -v m="=== $m ===" -v c="$cell" '$0 == m { on = 1; next } /^=== / { on = 0 }
			on && $1 == c { n = $2 } END { print n + 0 }' "$tmp/$fam.stat")
		if ! grep -q "^=== $m ===" "$tmp/$fam.stat"; then
			echo "not ok - $fam: yosys' statistics have no module $m (a $a x $b product of $y bits)"
		elif [ "$model" = "$got" ]; then
			echo "ok - $fam: a $a x $b product of $y bits$form takes $got $cell, as binding counts"
		else
			echo "not ok - $fam: a $a x $b product of $y bits$form: yosys maps $got $cell, binding counts $model"
		fi
	done <"$tmp/$fam.shapes"
done

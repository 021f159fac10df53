#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The Verilog twin of the hardware contract (kiln_contract.vh) holds every constant of host/common/contract.h,
# as the C compiler sees it, under the same name and with the same value; and the hand-written Verilog (cells,
# shells, the sim fixture) repeats none of the contract's numbers but includes the twin.
# Usage: contract-vh-test.sh SRC_DIR CONTRACT_VH
set -u
src=$1
vh=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1: $2"; }

# The names the preprocessor defines with a value (the include guard has none).
cc -E -dM -I"$src" "$src/host/common/contract.h" | sed -n 's/^#define \(KILN_[A-Z0-9_]*\) \{1,\}[^ ].*/\1/p' |
	sort >"$tmp/c_names"
sed -n 's/^localparam \[31:0\] \(KILN_[A-Z0-9_]*\) *= .*/\1/p' "$vh" | sort >"$tmp/v_names"
if [ -s "$tmp/c_names" ] && cmp -s "$tmp/c_names" "$tmp/v_names"; then
	ok "kiln_contract.vh names every constant of contract.h ($(wc -l <"$tmp/c_names"))"
else
	notok "contract names" "$(diff "$tmp/c_names" "$tmp/v_names" | head -5 | tr '\n' ' ')"
fi

# The values, printed by C from contract.h, against the localparams' (hex, underscores dropped).
{
	echo '#include <stdio.h>'
	echo '#include "host/common/contract.h"'
	echo 'int main(void) {'
	sed 's/.*/printf("%s %08llx\\n", "&", (unsigned long long)(&));/' "$tmp/c_names"
	echo 'return 0; }'
} >"$tmp/values.c"
sed -n "s/^localparam \[31:0\] \(KILN_[A-Z0-9_]*\) *= 32'h\([0-9A-Fa-f_]*\);.*/\1 \2/p" "$vh" |
	awk '{ v = tolower($2); gsub(/_/, "", v); print $1, v }' | sort >"$tmp/v_values"
if cc -std=c11 -I"$src" -o "$tmp/values" "$tmp/values.c" 2>"$tmp/err" && "$tmp/values" | sort >"$tmp/c_values" &&
	cmp -s "$tmp/c_values" "$tmp/v_values"; then
	ok "every localparam of kiln_contract.vh has its C value"
else
	notok "contract values" "$(cat "$tmp/err"; diff "$tmp/c_values" "$tmp/v_values" | head -5 | tr '\n' ' ')"
fi

# The contract's magic values and base addresses, in any Verilog spelling, only in the generated twin.
hand=$(ls "$src"/rtl/*.v "$src"/bsp/*/rtl/*.v "$src"/test/sim/*.v 2>/dev/null)
dup=$(grep -niE "4b53_?484c|4b49_?4c4e|'h0*1_?0000\b|'h8000_?0000" $hand | head -3)
[ -z "$dup" ] && ok "hand-written Verilog repeats none of the contract's magic values and bases" ||
	notok "contract numbers repeated in hand-written Verilog" "$dup"
# A board file that names a contract constant takes it from the header (the shell, the link; a board's memory
# or top that needs none includes none), and the shell itself always does.
missing=""
for f in "$src"/bsp/*/rtl/*.v "$src"/test/sim/fixture_image.v; do
	if grep -q 'KILN_[A-Z]' "$f" && ! grep -q '`include "kiln_contract.vh"' "$f"; then
		missing="$missing $f"
	fi
done
grep -q '`include "kiln_contract.vh"' "$src/bsp/common/rtl/kiln_shell.v" || missing="$missing (kiln_shell.v)"
[ -z "$missing" ] && ok "Verilog that names contract constants includes kiln_contract.vh (the shell does)" ||
	notok "contract constants named without the contract header" "$missing"

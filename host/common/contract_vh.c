// SPDX-License-Identifier: Apache-2.0
/* Prints kiln_contract.vh, the Verilog twin of contract.h: every constant of the hardware contract as a
 * 32-bit localparam of the same name, for the shells and cells to include instead of repeating the numbers.
 * The build lists contract.h's names in contract_names.h (a line C(NAME) each), so a constant added to
 * contract.h reaches Verilog without an edit here. */
#include <stdio.h>

#include "host/common/contract.h"

static const struct {
	const char *name;
	unsigned long long value;
} consts[] = {
#define C(n) {#n, (n)},
#include "contract_names.h"
#undef C
};

int main(void)
{
	printf(
	    "// SPDX-License-Identifier: Apache-2.0\n"
	    "// The hardware contract between shell and image (docs/hardware-contract.md): the constants of\n"
	    "// host/common/contract.h under their C names, generated at build time by\n"
	    "// host/common/contract_vh.c; do not edit. Include it inside a module.\n"
	    "/* verilator lint_off UNUSEDPARAM */\n");
	for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++) {
		unsigned long long v = consts[i].value;
		if (v > 0xFFFFFFFFull) {
			fprintf(stderr, "contract_vh: %s does not fit 32 bits\n", consts[i].name);
			return 1;
		}
		printf("localparam [31:0] %-26s = 32'h%04llX_%04llX;\n", consts[i].name, v >> 16, v & 0xFFFF);
	}
	printf("/* verilator lint_on UNUSEDPARAM */\n");
	return 0;
}

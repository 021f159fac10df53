// SPDX-License-Identifier: Apache-2.0
// The floating-point units' test bench as a C library: Verilator's C++ model behind four C functions.
#include "Vfpu_tb.h"

#include <cstdint>

extern "C" {
void *fputb_new(void)
{
	return new Vfpu_tb;
}

void fputb_free(void *m)
{
	delete static_cast<Vfpu_tb *>(m);
}

// One enabled clock cycle with operands A, B, C.
void fputb_step(void *m, uint64_t a, uint64_t b, uint64_t c)
{
	Vfpu_tb *t = static_cast<Vfpu_tb *>(m);
	t->a = a;
	t->b = b;
	t->c = c;
	t->en = 1;
	t->clk = 0;
	t->eval();
	t->clk = 1;
	t->eval();
}

// Output K of the bench after the last cycle.
uint64_t fputb_out(void *m, int k)
{
	Vfpu_tb *t = static_cast<Vfpu_tb *>(m);
	return (uint64_t)t->y[2 * k] | (uint64_t)t->y[2 * k + 1] << 32;
}
}

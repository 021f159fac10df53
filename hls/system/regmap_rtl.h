// SPDX-License-Identifier: Apache-2.0
/* The image's register block in Verilog, generated from the register-map model (host/common/regmap.h) that
 * also yields regmap.json, the C header, SystemRDL and Markdown: the read-data multiplexer and the write
 * decode take every register, offset and access kind from the model, so the hardware cannot answer at an
 * address the published map does not list (LiteX-style: one CSR model behind RTL, JSON and headers).
 *
 * The model says where a register is and which directions it allows; the image top says what it is in
 * hardware (a regmap_rtl_bind per register). The block is printed into a module that has the signals a
 * (the access's byte offset in image space), wr (a write is being accepted), mmio_write, mmio_wdata, clk
 * and rst_n; it defines rd_ok, wr_ok, rdata (the read value), ok (the access is allowed) and we (an allowed
 * write is being accepted). */
#ifndef KILN_REGMAP_RTL_H
#define KILN_REGMAP_RTL_H
#include <stdio.h>

#include "../../host/common/regmap.h"

/* What a register of the model is in the image top's RTL. */
typedef struct regmap_rtl_bind {
	/* The value a read returns, a 32-bit expression; empty: the register's reset value, a constant. */
	char rdata[96];
	/* A register the block writes from mmio_wdata[WBITS-1:0] on a write, and resets to the model's reset
	 * value (unless KEEP); empty: none. */
	char wreg[64];
	unsigned wbits;
	int keep;
	/* A wire the block declares: for a register, high while a write to it is accepted (for registers
	 * whose write the top handles itself); for a window, high while the address falls inside it. */
	char strobe[64];
} regmap_rtl_bind;

/* How the image top connects the model's blocks and registers; both fill OUT (zeroed) and return 0, or -1
 * when the top has nothing behind it. */
typedef struct regmap_rtl_ops {
	void *ctx;
	/* 1 when block B is a window: storage that decodes the word itself, reached through OUT->rdata and
	 * selected by OUT->strobe over the block's whole range; 0 when its registers are decoded one by one.
	 */
	int (*window)(void *ctx, const kiln_regblock *b, regmap_rtl_bind *out);
	int (*reg)(void *ctx, const kiln_regblock *b, const kiln_reg *r, regmap_rtl_bind *out);
} regmap_rtl_ops;

/* Prints the register block of model M, connected through OPS, to O. 0, or -1 after reporting a model the
 * top cannot implement (a binding that contradicts a register's access kind or reset value). */
int regmap_rtl_emit(const kiln_regmap *m, const regmap_rtl_ops *ops, FILE *o);

#endif

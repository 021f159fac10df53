// SPDX-License-Identifier: Apache-2.0
/* kiln-cc's IR passes as one table run by one loop (in the manner of XLS's pass pipeline): each pass has a
 * name, the stage it belongs to and what it does; the loop can verify the module after every pass, write it
 * after a named pass (--print-after) and stop there (--stop-after). The order of the table is the order of
 * the flow; why each pass is where it is, is said beside it in passes.c. */
#ifndef KILN_PASSES_H
#define KILN_PASSES_H
#include <stdint.h>

#include <llvm-c/Core.h>

#include "../../host/common/board.h"

/* When a pass runs. */
enum pass_stage {
	PASS_INPUT,  /* each translation unit, before the inputs are linked */
	PASS_LINKED, /* the linked device module, before post-link splits it into images */
	PASS_IMAGE,  /* each image's module, after post-link, before HLS builds its kernels */
};

/* What the passes read, and what they tell the caller. */
typedef struct pass_opts {
	const kiln_board_config *board;
	double clock_ns;
	int checks;               /* --checks */
	int print;                /* printf reaches the host */
	const char *print_note;   /* why not, when that is worth a warning */
	const char *input;        /* PASS_INPUT: the input's path */
	int input_is_ir;          /* PASS_INPUT: the input is LLVM IR, not C */
	uint32_t heap_bytes;      /* --heap-size (0: the default) */
	unsigned recursion_depth; /* --recursion-depth (0: the default) */
	uint32_t rom_max_bytes;   /* --onchip-rom-max (0: the board's, else KILN_ONCHIP_MEM_MAX_BYTES) */
	int stops_added;          /* out: a pass added stops, so the image's property sets are out of date */
} pass_opts;

/* Which inputs or builds a pass applies to (0: all). */
enum { PASS_FROM_C = 1, PASS_FROM_IR = 2, PASS_IF_CHECKS = 4 };

typedef struct pass {
	const char *name;
	enum pass_stage stage;
	unsigned when;
	int (*run)(LLVMModuleRef mod, pass_opts *o); /* 0, or nonzero after reporting; or NULL and ... */
	int (*run_module)(LLVMModuleRef mod);        /* ... this, for a pass that reads no option */
	const char *what;                            /* one line, for --list-passes and the docs */
} pass;

/* How the loop runs the passes. */
typedef struct pass_control {
	const pass *stop_after;  /* run up to this pass, write its output, stop */
	const pass *print_after; /* write the module after this pass */
	const char *dir;         /* where written modules go: DIR/<pass>[.<input>].ll */
	int input;               /* -1, or the input's index, which tells per-input outputs apart */
	int verify_each;         /* run LLVM's verifier after every pass */
} pass_control;

/* The table, in flow order; its length goes to *N. */
const pass *pass_table(size_t *n);
/* The pass named NAME, or NULL. */
const pass *pass_find(const char *name);
/* Whether pass P runs under O (its input's kind, --checks). */
int pass_applies(const pass *p, const pass_opts *o);
/* Runs STAGE's passes that apply (O) on MOD in table order, under C (NULL: plainly). 0 when all ran, 1 when
 * C->stop_after ran (its output written), -1 after reporting an error. */
int passes_run(LLVMModuleRef mod, enum pass_stage stage, pass_opts *o, const pass_control *c);

/* Runs pass P alone on MOD (if it applies under O), then the verifier when VERIFY. 0, or -1 after reporting.
 */
int pass_run_one(LLVMModuleRef mod, const pass *p, pass_opts *o, int verify);

/* Where kiln-cc may stop: after a pass, or after a stage of the flow. */
enum pipeline_stop { STOP_NONE = 0, STOP_AFTER_PASS, STOP_IR, STOP_POSTLINK, STOP_SCHEDULE, STOP_RTL };
/* Parses --stop-after's argument: a stage (ir, postlink, schedule, rtl) or a pass name (*P). 0, or -1. */
int pipeline_parse_stop(const char *s, enum pipeline_stop *st, const pass **p);

#endif

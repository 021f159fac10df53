// SPDX-License-Identifier: Apache-2.0
/* kiln-opt's HLS stages on text (docs/compiler.md, "Testing HLS stages on text"): the kernel IR of a module
 * (cdfg_build), and if-conversion, scheduling, binding and the kernel emitter run on kernel IR read from
 * kir.txt text (cdfg/kir_parse.h), each stage's result printed as text. */
#ifndef KILN_OPT_STAGES_H
#define KILN_OPT_STAGES_H
#include <stdio.h>

/* The options of one run. */
typedef struct opt_stages {
	const char *run;   /* comma-separated stages: ifconv, schedule, bind, rtl; NULL or "": none */
	double clock_ns;   /* --clock-period, or 0: the text's clock, else DEFAULT_CLOCK_NS */
	double default_ns; /* the board's clock */
	int no_pipeline;   /* --no-pipeline: schedule loops sequentially */
} opt_stages;

/* 0 when RUN names known stages in an order that can run (ifconv before schedule before bind or rtl; bind
 * and rtl last); else -1 after a diagnostic. */
int opt_stages_check(const char *run);
/* Builds the kernel IR of every kernel of LLVM IR file IN, runs O's stages on it and writes the result to
 * OUT. 0, or 1 after diagnostics. */
int opt_stages_from_ir(const char *in, const opt_stages *o, FILE *out);
/* Reads kernel IR text file IN ("-": standard input), runs O's stages and writes the result to OUT: the
 * kernel IR text (with its schedule once scheduled), or the binding (bind), or the Verilog modules (rtl).
 * Without stages the text is written back as read (a round trip). 0, or 1 after diagnostics. */
int opt_stages_from_text(const char *in, const opt_stages *o, FILE *out);

#endif

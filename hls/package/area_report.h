// SPDX-License-Identifier: Apache-2.0
/* kiln-cc --report: the image's area per kernel and per device global and an estimate of its clock, from
 * yosys mapping the image's RTL to an FPGA family (see area_report.c). */
#ifndef KILN_AREA_REPORT_H
#define KILN_AREA_REPORT_H
#include <stddef.h>

#include "../../host/common/desc.h"
#include "../cdfg/kir.h"

/* The families --report maps to: yosys' synth_xilinx (7-series), synth_ice40, synth_ecp5, and its generic
 * synth into 4-input LUTs. */
typedef enum area_family { AREA_XC7, AREA_ICE40, AREA_ECP5, AREA_GENERIC, AREA_NFAMILIES } area_family;

/* The family named NAME (xc7, ice40, ecp5, generic); 0, or -1 when there is none of that name. */
int area_family_parse(const char *name, area_family *out);
/* The name of family F. */
const char *area_family_name(area_family f);

/* What area_report() measures. */
typedef struct area_in {
	const char *workdir;  /* IMAGE.kimg.d: area.json and the yosys run's files (area/) go there */
	const char *rtl_dir;  /* its rtl/ folder, top module kiln_image */
	const char *rtl_text; /* every RTL file's text ... */
	const char *memh;     /* ... and the memories' contents: with the family, the cache's key */
	area_family family;
	const kfunc *ks; /* the kernels, in image order */
	int nk;
	const kiln_desc *desc; /* the device globals */
	double clock_ns;       /* the clock the schedule assumed */
} area_in;

/* Maps the image's RTL with yosys for IN->family, or takes the numbers of an earlier run of the same RTL from
 * the private cache, and writes IN->workdir/area.json: LUTs, FFs, block RAMs (18 Kbit units on 7-series,
 * EBRs on iCE40, DP16KDs on ECP5) and DSPs per kernel, per device global, for the rest of the image and in
 * all, and the estimated critical path and Fmax beside the scheduled clock. Returns that JSON text
 * (malloc'd), or NULL after a diagnostic. */
char *area_report(const area_in *in);

#endif

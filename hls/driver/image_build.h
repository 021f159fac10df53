// SPDX-License-Identifier: Apache-2.0
/* Back end of kiln-cc for one device image: post-link outputs, HLS, system assembly, RTL files, register map,
 * model and image file. */
#ifndef KILN_IMAGE_BUILD_H
#define KILN_IMAGE_BUILD_H
#include <llvm-c/Core.h>

#include "../../host/common/board.h"
#include "../package/area_report.h"
#include "../pipeline/passes.h"

typedef struct image_build_opts {
	const kiln_board_config *board;
	double clock_ns;
	enum pipeline_stop stop; /* STOP_NONE, or where --stop-after stops (STOP_IR never reaches here) */
	const pass *stop_pass;   /* the pass, for STOP_AFTER_PASS */
	const pass *print_after; /* --print-after */
	int verify_each;         /* --verify-each */
	const char *profile;     /* simulation-only block profile output file, or NULL */
	int no_pipeline;         /* schedule every loop sequentially */
	int trace;               /* the simulation model records waveforms (KILN_TRACE) */
	int checks;              /* --checks: bounds checks on on-chip accesses (lower/bounds_checks.h) */
	int no_bitstream;        /* --no-bitstream: a board with an FPGA gets its image without one */
	long dsps;  /* the DSPs the image's multipliers share (--dsp-max, else fpga.dsps), -1: no limit */
	int report; /* --report: measure area and clock with yosys (area_report.h) ... */
	area_family report_family;  /* ... for this family */
	const char *const *sources; /* the C files compiled (not IR): the sources report.html may show */
	int nsources;
} image_build_opts;

/* Builds the device image of module MOD into OUT (intermediate files in OUT.d/), naming it SHOWN in messages
 * (the place the driver moves it to). Returns 0, or 1 after reporting diagnostics. */
int image_build(LLVMModuleRef mod, const char *out, const char *shown, const image_build_opts *o);

#endif

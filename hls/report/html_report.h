// SPDX-License-Identifier: Apache-2.0
/* The HTML report of an image (IMAGE.kimg.d/report.html): one self-contained page (no network, opens from a
 * file) with the kernels, device globals and their properties, the loops with II, bounds and reasons linked
 * to their source lines, a chart per kernel of operations over states, the register map and plots. */
#ifndef KILN_HTML_REPORT_H
#define KILN_HTML_REPORT_H
#include "../cdfg/kir.h"

/* What the page shows beside the kernels: JSON texts the image build already wrote (NULL: left out). */
typedef struct html_report_in {
	const char *image;       /* the image's name */
	const char *board;       /* its board */
	double clock_ns;         /* the clock it is scheduled for */
	const char *meta_json;   /* kiln_desc_to_json: kernels and device globals */
	const char *regmap_json; /* kiln_regmap_to_json */
	const char *area_json;   /* measured area and clock ({"kernels": [...]}), or NULL when none was */
	/* The C files the build compiled, the only files the page shows: a kernel's file is what its debug
	 * information names, which IR from elsewhere chooses (it could name any file the user can read). */
	const char *const *sources;
	int nsources;
} html_report_in;

/* Writes DIR/report.html for the NK scheduled kernels KS and IN (through a temporary file, so that a failure
 * leaves no half page); 0, or -1 with errno set. */
int html_report_write(const char *dir, const kfunc *ks, int nk, const html_report_in *in);

#endif

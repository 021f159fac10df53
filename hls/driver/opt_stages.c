// SPDX-License-Identifier: Apache-2.0
#include "opt_stages.h"

#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "../cdfg/cdfg.h"
#include "../cdfg/ifconv.h"
#include "../cdfg/kir_parse.h"
#include "../cdfg/mem_partition.h"
#include "../cdfg/wi_loop.h"
#include "../emit/bind.h"
#include "../emit/bind_dump.h"
#include "../emit/emit_kernel.h"
#include "../emit/rtl_wrap.h"
#include "../ir/ir_read.h"
#include "../ir/ir_util.h"
#include "../schedule/dump.h"
#include "../schedule/schedule.h"
#include "../schedule/verify.h"
#include "../support/diag.h"
#include "../support/xalloc.h"

enum { ST_PARTITION, ST_IFCONV, ST_WILOOP, ST_SCHEDULE, ST_BIND, ST_RTL, ST_N };
static const char *const stage_names[] = {"partition", "ifconv", "wiloop", "schedule", "bind", "rtl"};

/* The stages of RUN in order (at most ST_N), or -1 after a diagnostic. */
static int stages(const char *run, int *st)
{
	int n = 0;
	for (const char *t = run; t && *t;) {
		size_t l = strcspn(t, ",");
		int s = -1;
		for (int i = 0; i < ST_N; i++)
			if (strlen(stage_names[i]) == l && !strncmp(stage_names[i], t, l))
				s = i;
		if (s < 0) {
			diag_error(NULL, 0, 0,
			           "no stage '%.*s' (--run takes ifconv, wiloop, schedule, bind, rtl)",
			           (int)l, t);
			return -1;
		}
		if (n && (s <= st[n - 1] || st[n - 1] >= ST_BIND)) {
			diag_error(NULL, 0, 0,
			           "--run: '%s' cannot follow '%s' (the order is ifconv, wiloop, schedule, "
			           "then bind or rtl)",
			           stage_names[s], stage_names[st[n - 1]]);
			return -1;
		}
		if (n && s >= ST_BIND && st[n - 1] < ST_SCHEDULE) { /* the transformed text has no schedule */
			diag_error(NULL, 0, 0, "--run: '%s' after '%s' needs 'schedule' between them",
			           stage_names[s], stage_names[st[n - 1]]);
			return -1;
		}
		st[n++] = s;
		t += l + (t[l] == ',');
	}
	return n;
}

int opt_stages_check(const char *run)
{
	int st[ST_N];
	return stages(run, st) < 0 ? -1 : 0;
}

static int emit_kernel_cb(const void *k, FILE *o)
{
	return emit_kernel(k, o);
}

/* The scheduled kernel F's Verilog module as kiln-cc writes it to rtl/. */
static int write_rtl(const kfunc *f, FILE *out)
{
	size_t len = 0;
	char *t = rtl_wrapped(emit_kernel_cb, f, &len);
	int rc = t && fwrite(t, 1, len, out) == len ? 0 : -1;
	free(t);
	return rc;
}

static int check_schedule(const kfunc *f)
{
	char why[512];
	if (sched_verify(f, why, sizeof why) == 0)
		return 0;
	diag_error(f->file, f->line, 0, "the schedule of kernel '%s' breaks a constraint: %s", f->name, why);
	return -1;
}

/* Runs O's stages on the NK kernels KS (a schedule they come with is checked first) and writes the
 * result. */
static int run(kfunc *ks, int nk, const opt_stages *o, FILE *out)
{
	int st[ST_N], ns = stages(o->run, st);
	if (ns < 0)
		return 1;
	int last = ns ? st[ns - 1] : -1;
	for (int k = 0; k < nk; k++) {
		kfunc *f = &ks[k];
		/* A schedule read from text is not verified: its times are rounded to 0.01 ns, and the
		 * verifier asks them exact. The reader has checked that its steps and references are in
		 * range. */
		int scheduled = f->nsteps > 0;
		double clock = o->clock_ns > 0 ? o->clock_ns : f->clock_ns > 0 ? f->clock_ns : o->default_ns;
		for (int i = 0; i < ns; i++) {
			if (st[i] == ST_PARTITION) {
				if (mem_partition(f) < 0)
					return 1;
			} else if (st[i] == ST_IFCONV) {
				ifconv_stage(f, clock, !o->no_pipeline);
			} else if (st[i] == ST_WILOOP) {
				wi_loop(f);
			} else if (st[i] == ST_SCHEDULE) {
				sched_run(f, clock, !o->no_pipeline);
				if (check_schedule(f) != 0)
					return 1;
				scheduled = 1;
			}
		}
		if ((last == ST_BIND || last == ST_RTL) && !scheduled) {
			diag_error(NULL, 0, 0, "kernel '%s' has no schedule to %s (run schedule first)",
			           f->name, stage_names[last]);
			return 1;
		}
		if (k)
			fputc('\n', out);
		if (last == ST_BIND) {
			kbind b;
			int rc = bind_kernel(f, &b);
			if (rc != 0) {
				diag_error(
				    f->file, f->line, 0,
				    rc == -2 ? "the schedule of kernel '%s' puts more accesses to an on-chip "
				               "memory in one cycle than its ports take"
				             : "out of memory binding kernel '%s'",
				    f->name);
				return 1;
			}
			bind_dump(f, &b, out);
			bind_free(&b);
		} else if (last == ST_RTL) {
			if (write_rtl(f, out) != 0) {
				if (!diag_errors()) /* the emitter reports its own errors */
					diag_error(NULL, 0, 0, "out of memory writing kernel '%s''s module",
					           f->name);
				return 1;
			}
		} else {
			kir_dump(f, out);
		}
	}
	return ferror(out) ? 1 : 0;
}

int opt_stages_from_ir(const char *in, const opt_stages *o, FILE *out)
{
	LLVMContextRef ctx = LLVMContextCreate();
	LLVMModuleRef mod = ir_read_file(ctx, in);
	int rc = mod ? 0 : 1, nk = 0;
	for (LLVMValueRef fn = mod ? LLVMGetFirstFunction(mod) : NULL; fn; fn = LLVMGetNextFunction(fn))
		nk += ir_is_defined_kernel(fn);
	kfunc *ks = xcalloc((size_t)nk + 1, sizeof *ks);
	int k = 0;
	for (LLVMValueRef fn = mod ? LLVMGetFirstFunction(mod) : NULL; fn && !rc;
	     fn = LLVMGetNextFunction(fn))
		if (ir_is_defined_kernel(fn))
			rc = cdfg_build(mod, fn, &ks[k++]) != 0;
	if (!rc && !nk) {
		diag_error(in, 0, 0, "no kernels in the module");
		rc = 1;
	}
	if (!rc)
		rc = run(ks, nk, o, out);
	for (int i = 0; i < k; i++)
		kfunc_free(&ks[i]);
	free(ks);
	if (mod)
		LLVMDisposeModule(mod);
	LLVMContextDispose(ctx);
	return rc;
}

int opt_stages_from_text(const char *in, const opt_stages *o, FILE *out)
{
	int st[ST_N], ns = stages(o->run, st);
	if (ns < 0)
		return 1;
	/* Binding and the emitter read the schedule; the stages before them make their own; without stages
	 * the text is read as it is, with its schedule when it has one. */
	kir_parse_mode mode =
	    ns ? (st[0] >= ST_BIND ? KIR_PARSE_SCHEDULED : KIR_PARSE_UNSCHEDULED) : KIR_PARSE_AUTO;
	kfunc *ks = NULL;
	int nk = 0;
	if (kir_parse_file(in, mode, &ks, &nk) != 0)
		return 1;
	int rc = run(ks, nk, o, out);
	for (int i = 0; i < nk; i++)
		kfunc_free(&ks[i]);
	free(ks);
	return rc;
}

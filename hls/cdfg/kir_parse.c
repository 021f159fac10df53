// SPDX-License-Identifier: Apache-2.0
/* The reader of kir.txt (grammar in kir_parse.h). Line by line: each line is split into tokens (bare words,
 * quoted strings, punctuation), and what its first token says it is gets built into the current kernel.
 * References (values, blocks, memories, steps) may point forward (a phi's back edge), so they are checked
 * when the kernel ends, before anything follows them. The first error ends the reading (longjmp back to
 * kir_parse, which frees what was built). */
#include "kir_parse.h"
#include "mem_partition.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../support/diag.h"
#include "../support/xalloc.h"
#include "cdfg_builder.h"
#include "kir_text.h"

#define MAX_ID (1 << 20) /* operations, blocks, memories, arguments and steps per kernel */

typedef enum tkind { T_END, T_WORD, T_STR, T_PUNCT } tkind;

typedef struct tok {
	tkind kind;
	const char *s; /* T_WORD, T_STR: the text (a string's decoded); T_PUNCT: the character or "->" */
	unsigned col;
} tok;

/* Where in the text each operation, block and memory was written, for errors found when the kernel ends. */
typedef struct kinfo {
	unsigned *inst_line; /* per operation: its line, 0 while undefined */
	int *bytes_given;    /* per operation: "bytes" was written */
	int cinfo;           /* operations the two arrays above have room for */
	unsigned *block_line;
	unsigned *mem_line;
	uint32_t *init_fill; /* per memory: initial bytes read so far */
	unsigned *step_line;
	int nsteps_read;
	int detached;  /* after "detached:": operations in no block's list */
	unsigned line; /* the kernel line */
	int scheduled; /* its header gave "N steps" */
} kinfo;

typedef struct parser {
	const char *file;
	kir_parse_mode mode;
	unsigned line;
	char *buf, *scratch; /* the current line; token texts */
	size_t cap, sused;
	const char *p; /* cursor in buf */
	tok t;         /* the current token */
	kfunc *ks;
	int nk;
	kinfo *info; /* per kernel */
	jmp_buf fail;
} parser;

static _Noreturn void __attribute__((format(printf, 3, 4)))
fail(parser *P, unsigned col, const char *fmt, ...)
{
	char msg[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_error(P->file, P->line, col, "%s", msg);
	longjmp(P->fail, 1);
}

/* What the current token is, for "expected X, found Y". */
static const char *found(const parser *P)
{
	static char d[80];
	switch (P->t.kind) {
	case T_END:
		return "the end of the line";
	case T_STR:
		return "a string";
	default:
		snprintf(d, sizeof d, "'%.60s'", P->t.s);
		return d;
	}
}

static _Noreturn void expected(parser *P, const char *what)
{
	fail(P, P->t.col, "expected %s, found %s", what, found(P));
}

static void next(parser *P)
{
	while (*P->p == ' ' || *P->p == '\t' || *P->p == '\r')
		P->p++;
	P->t.col = (unsigned)(P->p - P->buf) + 1;
	char *out = P->scratch + P->sused;
	P->t.s = out;
	if (!*P->p) {
		P->t.kind = T_END;
		P->t.s = "";
		return;
	}
	if (kir_text_word_char((unsigned char)*P->p) && !(P->p[0] == '-' && P->p[1] == '>')) {
		P->t.kind = T_WORD;
		while (kir_text_word_char((unsigned char)*P->p))
			*out++ = *P->p++;
	} else if (*P->p == '"') {
		P->t.kind = T_STR;
		P->p++;
		for (;;) {
			char c = *P->p++;
			if (!c)
				fail(P, P->t.col, "a string that does not end on its line");
			if (c == '"')
				break;
			if (c == '\\') {
				c = *P->p++;
				if (c == 'x') {
					if (!isxdigit((unsigned char)P->p[0]) ||
					    !isxdigit((unsigned char)P->p[1]))
						fail(P, (unsigned)(P->p - P->buf),
						     "expected two hex digits after \\x");
					char hex[3] = {P->p[0], P->p[1], 0};
					P->p += 2;
					c = (char)strtoul(hex, NULL, 16);
				} else if (c != '"' && c != '\\') {
					fail(P, (unsigned)(P->p - P->buf),
					     "unknown escape in a string (\\\", \\\\, \\xHH)");
				}
			}
			if (!c)
				fail(P, P->t.col, "a string holding a NUL byte");
			*out++ = c;
		}
	} else {
		P->t.kind = T_PUNCT;
		*out++ = *P->p++;
		if (out[-1] == '-' && *P->p == '>')
			*out++ = *P->p++;
	}
	*out++ = '\0';
	P->sused = (size_t)(out - P->scratch);
}

static int is(const parser *P, const char *s)
{
	return (P->t.kind == T_WORD || P->t.kind == T_PUNCT) && !strcmp(P->t.s, s);
}

static int accept(parser *P, const char *s)
{
	if (!is(P, s))
		return 0;
	next(P);
	return 1;
}

static void want(parser *P, const char *s)
{
	if (!accept(P, s)) {
		char w[80];
		snprintf(w, sizeof w, "'%s'", s);
		expected(P, w);
	}
}

/* A decimal number in [LO, HI] (a whole word). */
static long long number(parser *P, const char *what, long long lo, long long hi)
{
	char *e;
	errno = 0;
	long long v = P->t.kind == T_WORD ? strtoll(P->t.s, &e, 10) : 0;
	if (P->t.kind != T_WORD || *e || e == P->t.s || errno || !(P->t.s[0] >= '0' && P->t.s[0] <= '9'))
		expected(P, what);
	if (v < lo || v > hi)
		fail(P, P->t.col, "%s %lld is out of range (%lld..%lld)", what, v, lo, hi);
	next(P);
	return v;
}

static int id_number(parser *P, const char *what)
{
	return (int)number(P, what, 0, MAX_ID - 1);
}

/* A word PREFIX<number> (argN, bbN). */
static int prefixed(parser *P, const char *prefix, const char *what)
{
	size_t n = strlen(prefix);
	char *e;
	if (P->t.kind != T_WORD || strncmp(P->t.s, prefix, n) || P->t.s[n] < '0' || P->t.s[n] > '9')
		expected(P, what);
	errno = 0;
	long v = strtol(P->t.s + n, &e, 10);
	if (*e || errno || v >= MAX_ID)
		expected(P, what);
	next(P);
	return (int)v;
}

static double real(parser *P, const char *what, const char *suffix)
{
	char *e;
	double v = P->t.kind == T_WORD ? strtod(P->t.s, &e) : 0;
	if (P->t.kind != T_WORD || e == P->t.s || strcmp(e, suffix) || !(v >= 0 && v < 1e9))
		expected(P, what);
	next(P);
	return v;
}

/* "A..B", two step numbers and nothing else, into *A and *B. */
static int step_range(const char *s, int *a, int *b)
{
	char *e;
	errno = 0;
	long x = strtol(s, &e, 10);
	if (e == s || !isdigit((unsigned char)*s) || strncmp(e, "..", 2) || x > MAX_ID)
		return 0;
	const char *t = e + 2;
	long y = strtol(t, &e, 10);
	if (e == t || !isdigit((unsigned char)*t) || *e || y > MAX_ID || errno)
		return 0;
	*a = (int)x;
	*b = (int)y;
	return 1;
}

/* A name: a bare word or a string (malloc'd), or '-' for none (NULL). */
static char *name(parser *P, const char *what)
{
	if (P->t.kind != T_WORD && P->t.kind != T_STR)
		expected(P, what);
	char *s = P->t.kind == T_WORD && !strcmp(P->t.s, "-") ? NULL : strdup(P->t.s);
	if (!s && strcmp(P->t.s, "-"))
		fail(P, P->t.col, "out of memory");
	next(P);
	return s;
}

/* A name that becomes part of a Verilog identifier (a block's label, a source variable's name): the
 * identifier the CDFG builder would have made (cdfg_builder.h's cb_ident), lower-case letters, digits and
 * '_', starting with a letter, at most 24 characters. Anything else is refused, not rewritten, so that what
 * the text says is what the RTL names. */
static char *ident(parser *P, const char *what)
{
	unsigned col = P->t.col;
	char *s = name(P, what);
	char *made = s ? cb_ident(s, strlen(s), 1, 24) : NULL;
	int ok = made && !strcmp(made, s);
	free(made);
	if (!ok) {
		free(s);
		fail(P, col,
		     "%s must be an identifier: lower-case letters, digits and single '_', starting with a "
		     "letter, at most 24 characters",
		     what);
	}
	return s;
}

static void end_of_line(parser *P)
{
	if (P->t.kind != T_END)
		expected(P, "the end of the line");
}

static kfunc *cur(parser *P)
{
	if (!P->nk)
		fail(P, 1, "expected 'kernel NAME (...)' before this line");
	return &P->ks[P->nk - 1];
}

static kinfo *curi(parser *P)
{
	return &P->info[P->nk - 1];
}

/* kernel NAME (single task|nd-range Dd[ looped][, N steps][, clock C ns]) */
static void kernel_line(parser *P)
{
	P->ks = xrealloc(P->ks, (size_t)P->nk + 1, sizeof *P->ks);
	P->info = xrealloc(P->info, (size_t)P->nk + 1, sizeof *P->info);
	kfunc *f = &P->ks[P->nk];
	kinfo *in = &P->info[P->nk];
	memset(f, 0, sizeof *f);
	memset(in, 0, sizeof *in);
	P->nk++;
	in->line = P->line;
	next(P);
	f->name = name(P, "the kernel's name");
	if (!f->name)
		fail(P, P->t.col, "a kernel needs a name");
	want(P, "(");
	if (accept(P, "single")) {
		want(P, "task");
	} else if (accept(P, "nd-range")) {
		const char *t = P->t.s;
		if (P->t.kind != T_WORD || t[0] < '1' || t[0] > '3' || t[1] != 'd' || t[2])
			expected(P, "the dimensions (1d, 2d or 3d)");
		f->dims = t[0] - '0';
		next(P);
		if ((f->wi_loop = accept(P, "looped")) && f->dims != 1) /* wi_loop.c */
			fail(P, 0, "only a one-dimensional nd-range kernel is looped");
	} else {
		expected(P, "'single task' or 'nd-range'");
	}
	if (accept(P, ",") && !is(P, "clock")) {
		int n = (int)number(P, "the number of steps", 1, MAX_ID - 1);
		want(P, "steps");
		if (P->mode != KIR_PARSE_UNSCHEDULED) {
			f->nsteps = f->csteps = n;
			f->steps = xcalloc((size_t)n, sizeof *f->steps);
			in->step_line = xcalloc((size_t)n, sizeof *in->step_line);
			in->scheduled = 1;
		}
		if (!accept(P, ","))
			goto close;
	}
	if (accept(P, "clock")) {
		f->clock_ns = real(P, "the clock period in ns", "");
		if (!(f->clock_ns > 0))
			fail(P, P->t.col, "the clock period must be above 0 ns");
		want(P, "ns");
		/* binding's share of the board's DSPs, and the products a step the scheduler allowed for it
		 * (kir.h's mul_serial: 2 is level 1, 1 level 2, and sequential loops level 3) */
		while (accept(P, ",")) {
			if (accept(P, "sequential")) {
				want(P, "loops");
				f->mul_serial = KFUNC_SERIAL_LOOPS;
				continue;
			}
			unsigned col = P->t.col;
			int n = (int)number(P, "a number of DSPs or of products", 0, MAX_ID - 1);
			if (accept(P, "dsps")) {
				f->dsp_cells = n;
				f->dsp_capped = 1;
				continue;
			}
			if (!accept(P, "product"))
				want(P, "products");
			want(P, "a");
			int step = accept(P, "step");
			if (!step) {
				want(P, "loop");
				want(P, "cycle");
			}
			if (n != 1 && n != 2)
				fail(P, col,
				     "shared products a %s are 1 or 2 (fewer than the scheduler's default)",
				     step ? "step" : "loop cycle");
			f->mul_serial = step ? (n == 2 ? 1 : 2) : (n == 2 ? 3 : 4);
		}
	} else if (P->t.kind != T_PUNCT || strcmp(P->t.s, ")")) {
		expected(P, "'N steps' or 'clock C ns'");
	}
close:
	want(P, ")");
	end_of_line(P);
	if (P->mode == KIR_PARSE_SCHEDULED && !in->scheduled)
		fail(P, 1, "kernel '%s' has no schedule ('N steps' in its header): schedule it first",
		     f->name);
}

static void arg_line(parser *P, kfunc *f)
{
	int a = prefixed(P, "arg", "argN");
	if (a != f->nargs)
		fail(P, 1, "expected arg%d next (arguments are numbered in order)", f->nargs);
	f->args = xrealloc(f->args, (size_t)f->nargs + 1, sizeof *f->args);
	karg *g = &f->args[f->nargs++];
	memset(g, 0, sizeof *g);
	g->name = name(P, "the argument's name");
	want(P, ":");
	if (accept(P, "pointer")) {
		g->is_pointer = 1;
		want(P, ",");
	}
	g->width = (int)number(P, "the argument's width in bits", 1, 64);
	want(P, "bits");
	while (accept(P, ",")) {
		if (accept(P, "signed"))
			g->is_signed = 1;
		else if (accept(P, "noalias"))
			g->noalias = 1;
		else
			expected(P, "'signed' or 'noalias'");
	}
	end_of_line(P);
}

/* partition cyclic|block F | complete, line L: an array partitioning directive. */
static void partition_words(parser *P, kmem *mm)
{
	unsigned col = P->t.col;
	if (accept(P, "complete")) {
		mm->part = KPART_COMPLETE;
	} else {
		mm->part = accept(P, "cyclic") ? KPART_CYCLIC : accept(P, "block") ? KPART_BLOCK : KPART_NONE;
		if (!mm->part)
			fail(P, col, "expected 'cyclic', 'block' or 'complete'");
		col = P->t.col;
		mm->part_factor = (int)number(P, "the banks", 2, KILN_PARTITION_MAX_BANKS);
		if (mm->part_factor & (mm->part_factor - 1))
			fail(P, col, "the banks are a power of two");
	}
	want(P, "line");
	mm->part_line = (unsigned)number(P, "the directive's line", 0, UINT32_MAX);
}

static void mem_line(parser *P, kfunc *f, kinfo *in)
{
	int n = f->nmems + f->nimems;
	int m = id_number(P, "the memory's number");
	if (m != n)
		fail(P, 1, "expected mem %d next (memories are numbered in order)", n);
	want(P, ":");
	/* the kind's words, as kir_text_mem_kind spells them */
	int k = -1;
	unsigned kcol = P->t.col;
	if (accept(P, "device"))
		k = accept(P, "global") ? MEM_DG : accept(P, "memory") ? MEM_DEVMEM : -1;
	else if (accept(P, "local"))
		k = accept(P, "array") ? MEM_LOCAL : -1;
	else if (accept(P, "rom"))
		k = MEM_ROM;
	else if (accept(P, "ram"))
		k = MEM_RAM;
	if (k < 0) {
		P->t.col = kcol;
		expected(P, "the memory's kind (device global, device memory, local array, rom, ram)");
	}
	f->mems = xrealloc(f->mems, (size_t)n + 1, sizeof *f->mems);
	in->mem_line = xrealloc(in->mem_line, (size_t)n + 1, sizeof *in->mem_line);
	in->init_fill = xrealloc(in->init_fill, (size_t)n + 1, sizeof *in->init_fill);
	in->mem_line[n] = P->line;
	in->init_fill[n] = 0;
	kmem *mm = &f->mems[n];
	memset(mm, 0, sizeof *mm);
	mm->kind = (kmem_kind)k;
	/* counted now, so that an error below frees what it holds */
	int port = 0;
	f->nimems++;
	mm->name = name(P, "the memory's name");
	want(P, "(");
	mm->size = (uint32_t)number(P, "the memory's size in bytes", 0, UINT32_MAX);
	want(P, "bytes");
	want(P, ")");
	while (accept(P, ",")) {
		if (accept(P, "port"))
			port = 1;
		else if (accept(P, "uid")) {
			free(mm->dg_uid);
			mm->dg_uid = name(P, "the device global's unique id");
		} else if (accept(P, "read"))
			mm->used_read = 1;
		else if (accept(P, "write"))
			mm->used_write = 1;
		else if (accept(P, "word")) {
			unsigned col = P->t.col;
			mm->word_bytes = (int)number(P, "the bytes per word", 1, 8);
			if (mm->word_bytes != 4 && mm->word_bytes != 8)
				fail(P, col, "a word is 4 or 8 bytes");
		} else if (accept(P, "partition")) {
			partition_words(P, mm);
		} else if (accept(P, "bank")) {
			mm->bank = (int)number(P, "the bank's number", 0, KILN_PARTITION_MAX_BANKS - 1);
			want(P, "of");
			mm->nbanks = (int)number(P, "the banks", 2, KILN_PARTITION_MAX_BANKS);
			want(P, "of");
			want(P, "mem");
			unsigned col = P->t.col;
			mm->bank_first = (int)number(P, "the memory of bank 0", 0, n);
			if (mm->bank >= mm->nbanks || (mm->bank == 0) != (mm->bank_first == n))
				fail(P, col, "bank %d of %d is not mem %d's", mm->bank, mm->nbanks, n);
		} else if (accept(P, "accesses")) {
			want(P, "one");
			mm->part_one = (int)number(P, "the accesses to one bank", 0, INT32_MAX);
			want(P, "every");
			mm->part_every = (int)number(P, "the accesses to every bank", 0, INT32_MAX);
		} else
			expected(P,
			         "'port', 'uid', 'read', 'write', 'word', 'partition', 'bank' or 'accesses'");
	}
	end_of_line(P);
	if (port != (mm->kind <= MEM_DEVMEM))
		fail(P, 1, "%s has %s", kir_text_mem_kind(mm->kind),
		     port ? "no port of its own (only device globals and device memory do)"
		          : "a module port: expected ', port'");
	if (port) {
		if (f->nimems > 1)
			fail(P, 1, "memories with a port come before the internal ones");
		f->nimems--;
		f->nmems++;
	}
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* init HEX | XX*N ...: more initial contents of the last memory. */
static void init_line(parser *P, kfunc *f, kinfo *in)
{
	int m = f->nmems + f->nimems - 1;
	if (m < 0 || f->nblocks)
		fail(P, 1, "'init' belongs under a memory's line");
	kmem *mm = &f->mems[m];
	if (mm->kind < MEM_LOCAL)
		fail(P, 1, "only internal memories have initial contents");
	if (!mm->init) {
		mm->init = calloc((size_t)mm->size + 1, 1);
		if (!mm->init)
			fail(P, 1, "out of memory");
	}
	next(P);
	while (P->t.kind == T_WORD) {
		const char *s = P->t.s;
		unsigned col = P->t.col;
		size_t n = strlen(s);
		next(P);
		if (accept(P, "*")) { /* XX*N: N bytes XX */
			int h = n == 2 ? hexval(s[0]) : -1, l = n == 2 ? hexval(s[1]) : -1;
			if (h < 0 || l < 0) {
				P->t.col = col;
				fail(P, col, "expected one byte XX before '*N'");
			}
			unsigned long long r =
			    (unsigned long long)number(P, "a byte's repeat count", 1, UINT32_MAX);
			if (r > mm->size - in->init_fill[m])
				fail(P, col, "more initial bytes than the memory's %" PRIu32, mm->size);
			memset(mm->init + in->init_fill[m], h * 16 + l, (size_t)r);
			in->init_fill[m] += (uint32_t)r;
			continue;
		}
		if (n % 2)
			fail(P, col, "expected initial bytes (an even number of hex digits)");
		for (size_t i = 0; i < n; i += 2) {
			int h = hexval(s[i]), l = hexval(s[i + 1]);
			if (h < 0 || l < 0)
				fail(P, col, "expected initial bytes (lower-case hex digits)");
			if (in->init_fill[m] >= mm->size)
				fail(P, col, "more initial bytes than the memory's %" PRIu32, mm->size);
			mm->init[in->init_fill[m]++] = (uint8_t)(h * 16 + l);
		}
	}
	if (P->t.kind != T_END)
		expected(P, "initial bytes (hex, or XX*N for N bytes XX)");
}

/* bbN[ (NAME)][ directives D[, D]...]:[ steps A..B[, pipelined: II I, S stages]][ ; mii R, recurrence C[, Q
 * states sequential][, not pipelined WHY]], a directive D being pipeline off, ii N, ivdep or line N */
static void block_line(parser *P, kfunc *f, kinfo *in)
{
	int b = prefixed(P, "bb", "bbN");
	if (in->detached)
		fail(P, 1, "blocks come before 'detached:'");
	if (b != f->nblocks)
		fail(P, 1, "expected bb%d next (blocks are numbered in order)", f->nblocks);
	f->blocks = xrealloc(f->blocks, (size_t)f->nblocks + 1, sizeof *f->blocks);
	in->block_line = xrealloc(in->block_line, (size_t)f->nblocks + 1, sizeof *in->block_line);
	in->block_line[b] = P->line;
	kblock *bl = &f->blocks[f->nblocks++];
	memset(bl, 0, sizeof *bl);
	if (accept(P, "(")) {
		bl->label = ident(P, "the block's label");
		want(P, ")");
	}
	if (accept(P, "directives")) /* the loop's, as loop_directives() reads them */
		do {
			if (accept(P, "pipeline")) {
				want(P, "off");
				bl->pipe_off = 1;
			} else if (accept(P, "ii")) {
				bl->ii_target = (int)number(P, "the II target", 1, 1024);
			} else if (accept(P, "ivdep")) {
				bl->ivdep = 1;
			} else if (accept(P, "line")) {
				bl->dir_line = (unsigned)number(P, "the directives' line", 0, MAX_ID);
			} else {
				expected(P, "a loop directive (pipeline off, ii N, ivdep, line N)");
			}
		} while (accept(P, ","));
	char own[16];
	snprintf(own, sizeof own, "bb%d", b);
	bl->name = strdup(own);
	want(P, ":");
	kblock sched = {0};
	if (accept(P, "steps")) {
		if (P->t.kind != T_WORD || !step_range(P->t.s, &sched.first_step, &sched.last_step))
			expected(P, "the block's steps A..B");
		next(P);
		if (accept(P, ",")) {
			want(P, "pipelined");
			want(P, ":");
			want(P, "II");
			sched.pipelined = 1;
			sched.ii = (int)number(P, "the initiation interval", 1, MAX_ID);
			want(P, ",");
			sched.stages = (int)number(P, "the number of stages", 1, MAX_ID);
			want(P, "stages");
		}
	}
	if (accept(P, ";")) {
		want(P, "mii");
		sched.res_mii = (int)number(P, "the resource-bound II", 0, MAX_ID);
		want(P, ",");
		want(P, "recurrence");
		sched.rec_mii = (int)number(P, "the recurrence-bound II", 0, MAX_ID);
		while (accept(P, ",")) {
			if (accept(P, "not")) {
				want(P, "pipelined");
				char *why = name(P, "why the loop is not pipelined");
				snprintf(sched.nopipe, sizeof sched.nopipe, "%s", why ? why : "");
				free(why);
			} else {
				sched.seq_states =
				    (int)number(P, "the states the loop takes sequentially", 1, MAX_ID);
				want(P, "states");
				want(P, "sequential");
			}
		}
	}
	end_of_line(P);
	if (in->scheduled) {
		if (sched.first_step < 0 || sched.first_step > sched.last_step ||
		    sched.last_step >= f->nsteps)
			fail(P, 1, "the block's steps %d..%d are not within the kernel's %d",
			     sched.first_step, sched.last_step, f->nsteps);
		if (sched.pipelined && sched.first_step != sched.last_step)
			fail(P, 1, "a pipelined block takes one step");
		kblock own_part = *bl;
		*bl = sched;
		bl->name = own_part.name;
		bl->label = own_part.label;
		bl->pipe_off = own_part.pipe_off;
		bl->ii_target = own_part.ii_target;
		bl->ivdep = own_part.ivdep;
		bl->dir_line = own_part.dir_line;
	}
}

/* Operands each operation takes: at least lo[op], at most hi[op]. */
static void arity(kop op, int *lo, int *hi)
{
	*lo = *hi = 2;
	switch (op) {
	case K_PHI:
	case K_BR:
		*lo = *hi = 0;
		break;
	case K_RET:
		*lo = 0;
		*hi = 1;
		break;
	case K_CONDBR:
	case K_SWITCH:
	case K_LOAD:
	case K_ZEXT:
	case K_SEXT:
	case K_TRUNC:
	case K_COPY:
	case K_CTPOP:
	case K_BSWAP:
	case K_BITREV:
	case K_FNEG:
	case K_FABS:
	case K_FSQRT:
	case K_SITOFP:
	case K_UITOFP:
	case K_FPTOSI:
	case K_FPTOUI:
	case K_FPEXT:
	case K_FPTRUNC:
	case K_FTRUNC:
	case K_FFLOOR:
	case K_FCEIL:
	case K_FROUND:
	case K_FRINT:
		*lo = *hi = 1;
		break;
	case K_ABS:
	case K_CTLZ:
	case K_CTTZ:
		*lo = 1;
		break;
	case K_STORE:
		*hi = 3;
		break;
	case K_SELECT:
	case K_FSHL:
	case K_FSHR:
	case K_FMA:
	case K_MEMCPY:
	case K_MEMSET:
		*lo = *hi = 3;
		break;
	default:
		break;
	}
}

static int value_start(const parser *P)
{
	if (P->t.kind == T_PUNCT)
		return !strcmp(P->t.s, "%");
	if (P->t.kind != T_WORD)
		return 0;
	const char *s = P->t.s;
	return !strcmp(s, "-") || (s[0] >= '0' && s[0] <= '9') ||
	       (!strncmp(s, "arg", 3) && s[3] >= '0' && s[3] <= '9');
}

/* %N, argN, VALUE:iW or '-'; widths of %N and argN are filled when the kernel ends. */
static kval value(parser *P)
{
	kval v = {0};
	if (accept(P, "%")) {
		v.kind = KV_OP;
		v.id = id_number(P, "an operation's number after '%'");
	} else if (accept(P, "-")) {
		v.kind = KV_NONE;
	} else if (P->t.kind == T_WORD && !strncmp(P->t.s, "arg", 3)) {
		v.kind = KV_ARG;
		v.id = prefixed(P, "arg", "argN");
	} else if (P->t.kind == T_WORD && P->t.s[0] >= '0' && P->t.s[0] <= '9') {
		char *e;
		errno = 0;
		v.c = strtoull(P->t.s, &e, 10);
		if (*e || errno)
			expected(P, "a constant VALUE:iW");
		v.kind = KV_CONST;
		next(P);
		want(P, ":");
		if (P->t.kind != T_WORD || P->t.s[0] != 'i' || P->t.s[1] < '0' || P->t.s[1] > '9')
			expected(P, "the constant's width iW");
		P->t.s++;
		unsigned col = P->t.col;
		v.width = (int)number(P, "the constant's width iW", 0, 64);
		if (v.width < 64 && v.c >> v.width)
			fail(P, col, "the constant %" PRIu64 " does not fit in %d bits", v.c, v.width);
	} else {
		expected(P, "an operand (%N, argN, VALUE:iW or -)");
	}
	return v;
}

/* The operation named by word S (NAME or NAME.iW): its kop, or -1; *W its width. */
static int op_of(const char *s, int *w)
{
	const char *dot = strrchr(s, '.');
	size_t n = strlen(s);
	*w = 0;
	if (dot && dot[1] == 'i' && dot[2] >= '0' && dot[2] <= '9') {
		char *e;
		long v = strtol(dot + 2, &e, 10);
		if (*e || v < 1 || v > 64)
			return -1;
		*w = (int)v;
		n = (size_t)(dot - s);
	}
	for (int op = 0; op < K_NOPS; op++) {
		const char *nm = kop_name((kop)op);
		if (strlen(nm) == n && !strncmp(nm, s, n))
			return op;
	}
	return -1;
}

static int block_ref(parser *P)
{
	return prefixed(P, "bb", "a block bbN");
}

/* The annotation of operation K (after ';'): its schedule, kept in the scheduled mode, and its line. */
static void annotation(parser *P, kfunc *f, kinst *k)
{
	int step = -1, issue = -1, slot = -1, edge = 0;
	double t = 0;
	unsigned scol = P->t.col;
	while (P->t.kind != T_END) {
		if (accept(P, "step")) {
			step = (int)number(P, "the step", 0, MAX_ID);
		} else if (accept(P, "slot")) {
			slot = (int)number(P, "the slot", 0, MAX_ID);
		} else if (accept(P, "(")) {
			want(P, "issued");
			issue = (int)number(P, "the issue step or cycle", 0, MAX_ID);
			want(P, ")");
		} else if (accept(P, "edge")) {
			edge = 1;
		} else if (accept(P, "t")) {
			want(P, "=");
			t = real(P, "the time the result is ready (T.TTns)", "ns");
		} else if (accept(P, "line")) {
			k->line = (unsigned)number(P, "the source line", 0, UINT_MAX);
			if (accept(P, ":"))
				k->col = (unsigned)number(P, "the source column", 0, UINT_MAX);
		} else {
			expected(P, "'step', 'slot', '(issued N)', 'edge', 't=' or 'line'");
		}
	}
	if (!P->info[P->nk - 1].scheduled)
		return;
	const kblock *bl = &f->blocks[k->block];
	if (bl->pipelined) {
		if (slot < 0 || step >= 0)
			fail(P, scol, "an operation of a pipelined block needs its 'slot' (and no 'step')");
		if ((issue >= 0) != kir_text_pipe_issues(k->op))
			fail(P, scol, "%s",
			     issue >= 0 ? "only accesses and FP units have an issue cycle"
			                : "expected the access's '(issued N)' cycle");
		k->pslot = slot;
		k->pissue = issue >= 0 ? issue : 0;
		k->step = bl->first_step;
		k->issue = issue >= 0 ? bl->first_step : -1;
	} else {
		if (step < 0 || slot >= 0)
			fail(P, scol, "a scheduled operation needs its 'step' (and no 'slot')");
		if (step < bl->first_step || step > bl->last_step || (issue >= 0 && issue > step) ||
		    (issue >= 0 && issue < bl->first_step))
			fail(P, scol, "step %d (issued %d) is outside its block's steps %d..%d", step, issue,
			     bl->first_step, bl->last_step);
		if (issue < 0 && kir_text_pipe_issues(k->op)) /* binding and the emitter read it */
			fail(P, scol, "expected the %s's '(issued N)' step", kop_name(k->op));
		if (edge && k->op != K_LOAD && k->op != K_PHI)
			fail(P, scol, "only a load or a phi is an edge one");
		k->step = step;
		k->issue = issue;
		k->t_end = t;
		k->edge = edge;
	}
}

/* An operation: %N = OP.iW ... or #N OP ... */
static void inst_line(parser *P, kfunc *f, kinfo *in)
{
	if (!f->nblocks)
		fail(P, 1, "an operation before its block's line (bbN:)");
	int has_result = is(P, "%");
	next(P);
	int id = id_number(P, "the operation's number");
	if (has_result)
		want(P, "=");
	if (P->t.kind != T_WORD)
		expected(P, "an operation");
	int w = 0, op = op_of(P->t.s, &w);
	if (op < 0)
		fail(P, P->t.col, "unknown operation '%s' (see kop_table.h; a result's width as NAME.iW)",
		     P->t.s);
	if (has_result != (w > 0))
		fail(P, P->t.col, "%s",
		     has_result ? "an operation with a result needs its width (OP.iW)"
		                : "an operation with a width needs a result (%N = OP.iW)");
	unsigned opcol = P->t.col;
	next(P);
	/* numbers a kernel skips stay operations in no block, as cdfg.c leaves the ones it reserved */
	while (f->ninsts <= id) {
		int n = kir_new_inst(f, K_COPY, 1, -1);
		if (in->cinfo < f->cinsts) {
			in->inst_line = xrealloc(in->inst_line, (size_t)f->cinsts, sizeof *in->inst_line);
			in->bytes_given =
			    xrealloc(in->bytes_given, (size_t)f->cinsts, sizeof *in->bytes_given);
			in->cinfo = f->cinsts;
		}
		in->inst_line[n] = 0;
		in->bytes_given[n] = 0;
	}
	if (in->inst_line[id])
		fail(P, 1, "operation %d is already defined on line %u", id, in->inst_line[id]);
	kinst *k = &f->insts[id];
	k->op = (kop)op;
	k->width = w;
	k->block = f->nblocks - 1;
	in->inst_line[id] = P->line;
	if (!in->detached) {
		kblock *bl = &f->blocks[k->block];
		bl->insts = xrealloc(bl->insts, (size_t)bl->ninsts + 1, sizeof *bl->insts);
		bl->insts[bl->ninsts++] = id;
	}
	int in_block = -1;
	if (op == K_ICMP || op == K_FCMP) {
		int pr = P->t.kind == T_WORD ? kir_text_pred((kop)op, P->t.s) : -1;
		if (pr < 0)
			expected(P, op == K_ICMP
			                ? "the predicate (eq, ne, ugt, uge, ult, ule, sgt, sge, slt, sle)"
			                : "the predicate (false, oeq, ogt, ..., une, true)");
		k->pred = pr;
		next(P);
	} else if (accept(P, "pred")) {
		k->pred = (int)number(P, "the predicate", 0, 255);
	}
	if (value_start(P)) {
		do {
			if (k->nargs == 3)
				fail(P, P->t.col, "more than 3 operands");
			k->a[k->nargs++] = value(P);
		} while (accept(P, ","));
	}
	if (op == K_PHI) {
		while (accept(P, "[")) {
			k->phi_val = xrealloc(k->phi_val, (size_t)k->nphi + 1, sizeof *k->phi_val);
			k->phi_block = xrealloc(k->phi_block, (size_t)k->nphi + 1, sizeof *k->phi_block);
			k->nphi++;
			k->phi_val[k->nphi - 1] = value(P);
			want(P, ",");
			k->phi_block[k->nphi - 1] = block_ref(P);
			want(P, "]");
			if (!accept(P, ","))
				break;
		}
		if (!k->nphi)
			expected(P, "the phi's incoming values [VALUE, bbN], ...");
	}
	int lo, hi;
	arity(k->op, &lo, &hi);
	if (k->nargs < lo || k->nargs > hi) {
		if (lo == hi)
			fail(P, opcol, "%s takes %d operand%s, not %d", kop_name(k->op), lo,
			     lo == 1 ? "" : "s", k->nargs);
		fail(P, opcol, "%s takes %d to %d operands, not %d", kop_name(k->op), lo, hi, k->nargs);
	}
	int nsucc = 0;
	while (P->t.kind != T_END && !is(P, ";")) {
		if (accept(P, "mem")) {
			k->mem = id_number(P, "the memory's number");
		} else if (accept(P, "from")) {
			k->mem2 = id_number(P, "the source memory's number");
		} else if (accept(P, "move")) {
			k->move = 1;
		} else if (accept(P, "bytes")) {
			k->bytes = (int)number(P, "the access's bytes", 1, 8);
			in->bytes_given[id] = 1;
		} else if (accept(P, "->")) {
			do {
				if (nsucc == 2)
					fail(P, P->t.col, "more than 2 successors");
				k->succ[nsucc++] = block_ref(P);
			} while (!is(P, "cases") && accept(P, ","));
		} else if (accept(P, "cases")) {
			do {
				char *e;
				errno = 0;
				uint64_t v = P->t.kind == T_WORD ? strtoull(P->t.s, &e, 10) : 0;
				if (P->t.kind != T_WORD || *e || errno || P->t.s[0] < '0' || P->t.s[0] > '9')
					expected(P, "a case's value");
				next(P);
				want(P, ":");
				k->case_val =
				    xrealloc(k->case_val, (size_t)k->ncases + 1, sizeof *k->case_val);
				k->case_succ =
				    xrealloc(k->case_succ, (size_t)k->ncases + 1, sizeof *k->case_succ);
				k->case_val[k->ncases] = v;
				k->case_succ[k->ncases++] = block_ref(P);
			} while (accept(P, ","));
		} else if (accept(P, "halt")) {
			k->halt = 1;
			k->never = accept(P, "never");
		} else if (accept(P, "name")) {
			free(k->name);
			k->name = ident(P, "the source variable's name");
		} else if (in->detached && accept(P, "in")) {
			in_block = block_ref(P);
		} else {
			expected(P, "an operand, 'mem', 'from', 'move', 'bytes', '->', 'cases', 'halt', "
			            "'name' or ';'");
		}
	}
	int want_succ = op == K_BR || op == K_SWITCH ? 1 : op == K_CONDBR ? 2 : 0;
	if (nsucc != want_succ)
		fail(P, opcol, "%s has %d successor%s (-> bbN%s), not %d", kop_name(k->op), want_succ,
		     want_succ == 1 ? "" : "s", want_succ == 2 ? ", bbN" : "", nsucc);
	if (k->ncases && op != K_SWITCH)
		fail(P, opcol, "only a switch has cases");
	int mems = op == K_MEMCPY ? 2 : kop_is_access(k->op) || op == K_MEMSET ? 1 : 0;
	if ((k->mem >= 0) + (k->mem2 >= 0) != mems || (mems == 1 && k->mem < 0))
		fail(P, opcol, "%s names %s", kop_name(k->op),
		     mems == 2   ? "its memories: mem M from M2"
		     : mems == 1 ? "its memory: mem M"
		                 : "no memory");
	if (k->move && op != K_MEMCPY)
		fail(P, opcol, "only a memcpy is a move");
	if (in->detached) {
		/* no schedule: the scheduler never placed it */
		if (in_block < 0)
			expected(P, "the block a detached operation names ('in bbN')");
		k->block = in_block;
		if (accept(P, ";")) {
			want(P, "line");
			k->line = (unsigned)number(P, "the source line", 0, UINT_MAX);
			if (accept(P, ":"))
				k->col = (unsigned)number(P, "the source column", 0, UINT_MAX);
		}
		end_of_line(P);
	} else if (accept(P, ";"))
		annotation(P, f, k);
	else if (in->scheduled)
		fail(P, P->t.col, "expected the operation's schedule after ';'");
}

static const char *const step_kinds[] = {"comb", "mem-issue", "mem-wait", "div-issue", "div-wait", "copy"};

/* ; step S: KIND bbB[, inst N][, wait N] */
static void step_line(parser *P, kfunc *f, kinfo *in)
{
	int s = id_number(P, "the step's number");
	if (s != in->nsteps_read || s >= f->nsteps)
		fail(P, 1, "expected %s",
		     s >= f->nsteps ? "no more steps than the header's" : "the steps in order");
	want(P, ":");
	kstep *st = &f->steps[s];
	int kind = -1;
	for (int i = 0; i < 6 && kind < 0; i++)
		if (is(P, step_kinds[i]))
			kind = i;
	if (kind < 0)
		expected(P, "the step's kind (comb, mem-issue, mem-wait, div-issue, div-wait, copy)");
	next(P);
	st->kind = (kstep_kind)kind;
	st->block = block_ref(P);
	st->inst = st->wait = -1;
	while (accept(P, ",")) {
		if (accept(P, "inst"))
			st->inst = id_number(P, "the step's operation");
		else if (accept(P, "wait"))
			st->wait = id_number(P, "the load the step waits for");
		else
			expected(P, "'inst N' or 'wait N'");
	}
	end_of_line(P);
	in->step_line[s] = P->line;
	in->nsteps_read++;
}

/* An operation reference of line LINE: defined, else the error. */
static void check_op(parser *P, const kfunc *f, const kinfo *in, int id, unsigned line, const char *what)
{
	if (id < 0 || id >= f->ninsts || !in->inst_line[id]) {
		P->line = line;
		fail(P, 0, "%s %%%d is not defined in kernel '%s'", what, id, f->name);
	}
}

static void check_val(parser *P, const kfunc *f, const kinfo *in, kval *v, unsigned line)
{
	P->line = line;
	if (v->kind == KV_OP) {
		check_op(P, f, in, v->id, line, "value");
		if (!f->insts[v->id].width)
			fail(P, 0, "operation %d has no result to use", v->id);
		v->width = f->insts[v->id].width;
	} else if (v->kind == KV_ARG) {
		if (v->id >= f->nargs)
			fail(P, 0, "arg%d: kernel '%s' has %d argument(s)", v->id, f->name, f->nargs);
		/* A pointer argument's low 32 bits are its device address (as cdfg.c reads it). */
		v->width = f->args[v->id].is_pointer ? 32 : f->args[v->id].width;
	}
}

static void check_block(parser *P, const kfunc *f, int b, unsigned line)
{
	if (b < 0 || b >= f->nblocks) {
		P->line = line;
		fail(P, 0, "block bb%d is not defined in kernel '%s' (it has %d)", b, f->name, f->nblocks);
	}
}

/* The end of kernel F: every reference resolved, every block ended, every schedule entry in range. */
static void finish_kernel(parser *P, kfunc *f, kinfo *in)
{
	unsigned end = P->line;
	if (!f->nblocks) {
		P->line = in->line;
		fail(P, 0, "kernel '%s' has no blocks", f->name);
	}
	for (int m = 0; m < f->nmems + f->nimems; m++)
		if (f->mems[m].init && in->init_fill[m] != f->mems[m].size) {
			P->line = in->mem_line[m];
			fail(P, 0,
			     "mem %d has %" PRIu32 " initial bytes of its %" PRIu32 " (a truncated file?)", m,
			     in->init_fill[m], f->mems[m].size);
		}
	for (int b = 0; b < f->nblocks; b++) {
		const kblock *bl = &f->blocks[b];
		for (int j = 0; j < bl->ninsts; j++) {
			const kinst *k = &f->insts[bl->insts[j]];
			if (kop_is_term(k->op) != (j == bl->ninsts - 1)) {
				P->line = in->inst_line[bl->insts[j]];
				fail(P, 0, "%s",
				     kop_is_term(k->op) ? "a branch or ret ends its block: nothing follows it"
				                        : "the block does not end with a branch or ret");
			}
		}
	}
	for (int i = 0; i < f->ninsts; i++) {
		kinst *k = &f->insts[i];
		unsigned l = in->inst_line[i];
		if (!l)
			continue;
		for (int a = 0; a < k->nargs; a++)
			check_val(P, f, in, &k->a[a], l);
		for (int p = 0; p < k->nphi; p++) {
			check_val(P, f, in, &k->phi_val[p], l);
			check_block(P, f, k->phi_block[p], l);
		}
		int nsucc = k->op == K_CONDBR ? 2 : k->op == K_BR || k->op == K_SWITCH ? 1 : 0;
		for (int s = 0; s < nsucc; s++)
			check_block(P, f, k->succ[s], l);
		for (int c = 0; c < k->ncases; c++)
			check_block(P, f, k->case_succ[c], l);
		check_block(P, f, k->block, l);
		P->line = l;
		if (k->mem >= f->nmems + f->nimems || k->mem2 >= f->nmems + f->nimems)
			fail(P, 0, "memory %d is not defined in kernel '%s' (it has %d)",
			     k->mem >= f->nmems + f->nimems ? k->mem : k->mem2, f->name,
			     f->nmems + f->nimems);
		if (kop_is_access(k->op) && !in->bytes_given[i])
			k->bytes = kir_text_default_bytes(f, k);
		if (kop_is_access(k->op) && k->bytes != 1 && k->bytes != 2 && k->bytes != 4 && k->bytes != 8)
			fail(P, 0, "an access of %d bytes (1, 2, 4 or 8)", k->bytes);
		/* operands the emitter uses as indices or constants */
		if (k->op == K_WIID && (k->a[0].kind != KV_CONST || k->a[0].c >= WI_NQUERIES ||
		                        k->a[1].kind != KV_CONST || k->a[1].c > 2))
			fail(P, 0, "wiid takes a constant query 0..%d and a constant dimension 0..2",
			     WI_NQUERIES - 1);
		if (k->op == K_WIID && f->wi_loop && k->a[0].c <= WI_GRP)
			fail(P, 0,
			     "a looped nd-range kernel counts its work-items in phis: no wiid query 0..2");
		for (int a = 0; a < k->nargs; a++)
			if (k->a[a].kind == KV_NONE)
				fail(P, 0, "operand %d of %s is missing ('-')", a + 1, kop_name(k->op));
	}
	if (!in->scheduled)
		return;
	if (in->nsteps_read != f->nsteps) {
		P->line = end;
		fail(P, 0, "kernel '%s' has %d steps but its step table lists %d (a truncated file?)",
		     f->name, f->nsteps, in->nsteps_read);
	}
	/* A pipelined block is a loop on itself whose operations fit its stages (emit_pipeline.h). */
	for (int b = 0; b < f->nblocks; b++) {
		const kblock *bl = &f->blocks[b];
		if (!bl->pipelined)
			continue;
		const kinst *t = bl->ninsts ? &f->insts[bl->insts[bl->ninsts - 1]] : NULL;
		P->line = in->block_line[b];
		if (!t || t->op != K_CONDBR || (t->succ[0] == b) == (t->succ[1] == b))
			fail(P, 0, "pipelined block bb%d must end in a condbr to itself and out of the loop",
			     b);
		for (int j = 0; j < bl->ninsts; j++) {
			const kinst *k = &f->insts[bl->insts[j]];
			if (k->pslot >= bl->stages * bl->ii || k->pissue >= bl->stages * bl->ii) {
				P->line = in->inst_line[bl->insts[j]];
				fail(P, 0, "slot %d (issued %d) is past the loop's %d stages of %d cycles",
				     k->pslot, k->pissue, bl->stages, bl->ii);
			}
		}
	}
	for (int s = 0; s < f->nsteps; s++) {
		kstep *st = &f->steps[s];
		unsigned l = in->step_line[s];
		check_block(P, f, st->block, l);
		if (st->inst >= 0)
			check_op(P, f, in, st->inst, l, "operation");
		if (st->wait >= 0) {
			check_op(P, f, in, st->wait, l, "operation");
			if (f->insts[st->wait].op != K_LOAD)
				fail(P, 0, "step %d waits for operation %d, which is no load", s, st->wait);
		}
		const kinst *k = st->inst >= 0 ? &f->insts[st->inst] : NULL;
		int ok = 1;
		switch (st->kind) {
		case STEP_COMB:
			ok = !k;
			break;
		case STEP_MEM_ISSUE:
		case STEP_MEM_WAIT:
			ok = k && kop_is_access(k->op);
			break;
		case STEP_DIV_ISSUE:
		case STEP_DIV_WAIT:
			ok = k && kop_unit(k->op) == KU_DIVIDER;
			break;
		case STEP_COPY:
			ok = k && kop_unit(k->op) == KU_COPY;
			break;
		}
		if (!ok)
			fail(P, 0, "a %s step %s", step_kinds[st->kind],
			     st->kind == STEP_COMB ? "names no operation"
			                           : "names its operation, of its kind");
	}
}

static void line_of(parser *P)
{
	next(P);
	if (P->t.kind == T_END)
		return;
	if (is(P, ";")) {
		next(P);
		if (P->nk && is(P, "step") && P->info[P->nk - 1].scheduled) {
			next(P);
			/* "; step N:" is the step table's; any other "; step ..." a comment */
			if (P->t.kind == T_WORD && P->t.s[0] >= '0' && P->t.s[0] <= '9' && *P->p == ':')
				step_line(P, cur(P), curi(P));
		}
		return; /* a comment, or a schedule a reader that schedules skips */
	}
	if (is(P, "kernel")) {
		if (P->nk)
			finish_kernel(P, cur(P), curi(P));
		kernel_line(P);
		return;
	}
	kfunc *f = cur(P);
	kinfo *in = curi(P);
	if (is(P, "%") || is(P, "#")) {
		inst_line(P, f, in);
	} else if (is(P, "detached")) {
		next(P);
		want(P, ":");
		end_of_line(P);
		if (!f->nblocks || in->detached)
			fail(P, 1, "'detached:' comes once, after the blocks");
		in->detached = 1;
	} else if (is(P, "init")) {
		init_line(P, f, in);
	} else if (is(P, "mem")) {
		if (f->nblocks)
			fail(P, 1, "memories come before the blocks");
		next(P);
		mem_line(P, f, in);
	} else if (P->t.kind == T_WORD && !strncmp(P->t.s, "bb", 2)) {
		block_line(P, f, in);
	} else if (P->t.kind == T_WORD && !strncmp(P->t.s, "arg", 3)) {
		if (f->nmems + f->nimems || f->nblocks)
			fail(P, 1, "arguments come before the memories and blocks");
		arg_line(P, f);
	} else if (is(P, "source")) {
		next(P);
		free(f->file);
		f->file = name(P, "the source file");
		want(P, "line");
		f->line = (unsigned)number(P, "the kernel's source line", 0, UINT_MAX);
		end_of_line(P);
	} else if (is(P, "native") || is(P, "missing-sets") || is(P, "dispatch")) {
		char **dst = is(P, "native")     ? &f->native_name
		             : is(P, "dispatch") ? &f->dispatch
		                                 : &f->missing_sets;
		next(P);
		free(*dst);
		*dst = name(P, "a name or string");
		end_of_line(P);
	} else {
		expected(
		    P,
		    "a kernel, source, native, missing-sets, dispatch, argN, mem, init, bbN, %N or #N line");
	}
}

static void free_info(kinfo *in)
{
	free(in->inst_line);
	free(in->bytes_given);
	free(in->block_line);
	free(in->mem_line);
	free(in->init_fill);
	free(in->step_line);
}

int kir_parse(const char *text, size_t len, const char *file, kir_parse_mode mode, kfunc **ks, int *nk)
{
	parser *P = calloc(1, sizeof *P);
	if (!P) {
		diag_error(file, 0, 0, "out of memory");
		return -1;
	}
	P->file = file;
	P->mode = mode;
	*ks = NULL;
	*nk = 0;
	int rc = 0;
	if (setjmp(P->fail)) {
		rc = -1;
		goto out;
	}
	for (size_t pos = 0; pos < len;) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - (text + pos)) : len - pos;
		P->line++;
		if (!nl)
			fail(P, (unsigned)n + 1, "the last line has no end (a truncated file?)");
		if (memchr(text + pos, '\0', n))
			fail(P, 0, "a NUL byte in the text");
		if (n + 1 > P->cap) {
			P->cap = n + 1;
			P->buf = xrealloc(P->buf, P->cap, 1);
			P->scratch = xrealloc(P->scratch, 2 * P->cap + 8, 1);
		}
		memcpy(P->buf, text + pos, n);
		P->buf[n] = '\0';
		P->p = P->buf;
		P->sused = 0;
		line_of(P);
		pos += n + 1;
	}
	P->line++;
	if (!P->nk)
		fail(P, 0, "no kernel in the text (expected 'kernel NAME (...)')");
	finish_kernel(P, cur(P), curi(P));
out:
	for (int i = 0; i < P->nk; i++) {
		free_info(&P->info[i]);
		if (rc)
			kfunc_free(&P->ks[i]);
	}
	if (rc)
		free(P->ks);
	else {
		*ks = P->ks;
		*nk = P->nk;
	}
	free(P->info);
	free(P->buf);
	free(P->scratch);
	free(P);
	return rc;
}

int kir_parse_file(const char *path, kir_parse_mode mode, kfunc **ks, int *nk)
{
	FILE *fp = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	*ks = NULL;
	*nk = 0;
	if (!fp) {
		diag_error(path, 0, 0, "cannot read: %s", strerror(errno));
		return -1;
	}
	char *text = NULL;
	size_t len = 0, cap = 0, got;
	do {
		if (len + 65536 > cap) {
			cap = 2 * cap + 65536;
			text = xrealloc(text, cap, 1);
		}
		got = fread(text + len, 1, cap - len, fp);
		len += got;
	} while (got);
	int bad = ferror(fp);
	if (fp != stdin)
		fclose(fp);
	if (bad) {
		diag_error(path, 0, 0, "cannot read: %s", strerror(errno));
		free(text);
		return -1;
	}
	int rc = kir_parse(text, len, strcmp(path, "-") ? path : "<stdin>", mode, ks, nk);
	free(text);
	return rc;
}

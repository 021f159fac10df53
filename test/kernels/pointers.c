// SPDX-License-Identifier: Apache-2.0
/* Corpus: pointers as C has them (lower/unify_ptr.h) and the copies and pointer walks real programs make:
 * a pointer that may point into several memories, pointers stored in memory and in initialised globals,
 * null beside an on-chip object, comparisons and differences across objects, integer casts, walks that
 * start at a constant offset or cycle through nested loops, memcpy/memset of run-time length, memmove
 * onto itself in both directions, tables of tables of addresses, calls through function pointers, K&R
 * definitions and unprototyped calls. Results never depend on where
 * an object lies, only on what the C computes. */
#include <kiln/device.h>
#include <string.h>

KILN_DEVICE_GLOBAL(int, ptab[8], KILN_DEVICE_IMAGE_SCOPE);

/* A pointer into device memory or a device global, chosen at run time. */
KILN_SINGLE_TASK_KERNEL void mixed_memories(int *v, int which)
{
	int *p = which & 1 ? v : ptab;
	p[which & 7] += 5;
	int local[8] = {1, 2, 3, 4, 5, 6, 7, 8};
	int *q = which & 2 ? local : v + 8;
	v[20] = q[which & 7] + q[(which + 3) & 7];
}

/* Pointers as integers: differences, alignment tests and a round trip. */
KILN_SINGLE_TASK_KERNEL void ptr_to_int(int *v, long *out)
{
	int local[6];
	out[0] = (long)(v + 3) - (long)v;
	out[1] = ((unsigned long)(v + 1) & 3) == 0;
	int *back = (int *)((unsigned long)(v + 2));
	out[2] = *back;
	for (int i = 0; i < 6; i++)
		local[i] = v[i] * 3;
	int *lp = (int *)((unsigned long)local + 8);
	out[3] = *lp + (long)((char *)&local[5] - (char *)lp);
}

/* Lengths known only at run time, copies between every kind of memory. */
KILN_SINGLE_TASK_KERNEL void variable_copies(char *dst, const char *src, int n, int off)
{
	char tmp[64];
	memcpy(dst, src, (unsigned)n);
	memset(tmp, 0x5a, sizeof tmp);
	memcpy(tmp + (off & 7), src + 3, (unsigned)n & 31);
	memset(dst + 40, off, (unsigned)(n & 15));
	for (int i = 0; i < 64; i++)
		dst[64 + i] = tmp[i];
}

/* memmove onto the same array, up (the adpcm delay line) and down, aligned and not. */
KILN_SINGLE_TASK_KERNEL void overlapping_moves(int *v, unsigned char *b, int k)
{
	int a[40];
	for (int i = 0; i < 40; i++)
		a[i] = v[i];
	int *p = a + 24, *q = a + 22;
	for (int i = 0; i < 22; i++)
		*p-- = *q--;
	memmove(b + 3, b + 1, 37);
	memmove(b + 20, b + 22, 17);
	memmove((char *)a + 2, (char *)a + 1, 50);
	memmove(b + (k & 7), b + 8, 20);
	for (int i = 0; i < 40; i++)
		v[i] = a[i];
}

/* Tables of pointers: strings in an initialised global, pointer fields in on-chip structs, a list. */
static const char *const words[] = {"kiln", "fires", "clay", "", "pots"};
struct node {
	int value;
	struct node *next;
};
static const char greeting[] = "Kurt Vonnegut's commencement address";
KILN_SINGLE_TASK_KERNEL void pointer_tables(int *out, int start)
{
	int total = 0;
	for (int w = 0; w < 5; w++)
		for (const char *c = words[(w + start) % 5]; *c; c++)
			total = total * 31 + *c;
	out[0] = total;
	struct node pool[6];
	for (int i = 0; i < 6; i++) {
		pool[i].value = i * i + start;
		pool[i].next = i + 2 < 6 ? &pool[i + 2] : 0;
	}
	int sum = 0;
	for (struct node *n = &pool[start & 1]; n; n = n->next)
		sum += n->value;
	out[1] = sum;
	/* a walk that starts at a constant offset into a table */
	const char *g = greeting + 3;
	unsigned h = 0;
	for (int i = 0; i < 16; i++)
		h = h * 33 + (unsigned char)*g++;
	out[2] = (int)h;
}

/* Null beside an object's first element, and comparisons across objects. */
KILN_SINGLE_TASK_KERNEL void null_and_compare(int *out, int which)
{
	int a[4] = {7, 8, 9, 10}, b[4] = {1, 2, 3, 4};
	int *p = which & 1 ? &a[0] : 0;
	out[0] = p != 0;
	out[1] = p ? *p : -1;
	int *q = which & 2 ? &b[0] : &a[0];
	out[2] = q == &a[0];
	out[3] = q != &b[0];
	out[4] = *q + q[3];
}

/* A read pointer kept in a global and advanced by helpers inside nested loops (jpeg's ReadBuf). */
static const unsigned char stream[] = {0xff, 0xd8, 3, 1, 2, 3, 0xff, 0xc0, 2, 9, 8, 0xff, 0xd9};
static const unsigned char *rp;
static int next_byte(void)
{
	return *rp++;
}
KILN_SINGLE_TASK_KERNEL void cursor_walk(int *out)
{
	rp = stream;
	int n = 0, sum = 0;
	while (next_byte() == 0xff) {
		int marker = next_byte();
		if (marker == 0xd9)
			break;
		if (marker == 0xd8 || marker == 0xc0) {
			int len = next_byte();
			for (int i = 0; i < len; i++)
				sum = sum * 7 + next_byte();
		}
		n++;
	}
	out[0] = n;
	out[1] = sum;
	out[2] = (int)(rp - stream);
}

/* Globals initialised with addresses of globals that hold addresses themselves (a table of tables of
 * strings), read through a pointer chosen at run time, and a table of comparison functions. */
struct op {
	int code;
	const char *mnem;
};
static const struct op by_code[4] = {{1, "nop"}, {4, "add"}, {9, "sub"}, {12, "mul"}};
static const struct op by_name[4] = {{4, "add"}, {12, "mul"}, {1, "nop"}, {9, "sub"}};
static const struct op *const tables[2] = {by_code, by_name};
static const int keys[4] = {12, 5, 9, 1};
static int cmp_code(const void *k, const void *e)
{
	int a = *(const int *)k, b = ((const struct op *)e)->code;
	return (a > b) - (a < b);
}
static int cmp_first(const void *k, const void *e)
{
	return *(const char *)k - ((const struct op *)e)->mnem[0];
}
KILN_SINGLE_TASK_KERNEL void tables_of_tables(int *out, int sel)
{
	int (*cmps[2])(const void *, const void *) = {cmp_code, cmp_first};
	for (int i = 0; i < 8; i++) {
		int t = (i ^ sel) & 1;
		const struct op *e = tables[t] + (i & 3);
		const void *key = t ? (const void *)by_name[(i + 1) & 3].mnem : (const void *)&keys[i & 3];
		out[i] = e->code * 256 + e->mnem[1];
		out[8 + i] = cmps[t](key, e);
	}
}

/* K&R definitions and a call without a prototype in scope. */
int kr_scale();
int kr_add(a, b)
int a;
int b;
{
	return a + b;
}
int kr_scale(x)
int x;
{
	return kr_add(x, x) * 3;
}
KILN_SINGLE_TASK_KERNEL void knr(int *out, int x)
{
	out[0] = kr_scale(x) + kr_add(x, 1);
}

#ifdef KILN_HARNESS
KT_TEST(mixed_memories)
{
	int *v = KT_BUF(int, 24);
	KT_DG(ptab);
	for (int w = 0; w < 4; w++)
		KT_RUN(mixed_memories, KT_P(v), KT_V(int, w * 3 + 1));
	KT_RUN(mixed_memories, KT_P(v), KT_V(int, 6));
}
KT_TEST(ptr_to_int)
{
	int *v = KT_BUF(int, 8);
	long *o = KT_BUF(long, 4);
	KT_RUN(ptr_to_int, KT_P(v), KT_P(o));
}
KT_TEST(variable_copies)
{
	char *d = KT_BUF(char, 128), *s = KT_BUF(char, 64);
	KT_RUN(variable_copies, KT_P(d), KT_P(s), KT_V(int, 37), KT_V(int, 5));
	KT_RUN(variable_copies, KT_P(d), KT_P(s), KT_V(int, 0), KT_V(int, 2));
	KT_RUN(variable_copies, KT_P(d), KT_P(s), KT_V(int, 60), KT_V(int, 7));
}
KT_TEST(overlapping_moves)
{
	int *v = KT_BUF(int, 40);
	unsigned char *b = KT_BUF(unsigned char, 48);
	KT_RUN(overlapping_moves, KT_P(v), KT_P(b), KT_V(int, 3));
	KT_RUN(overlapping_moves, KT_P(v), KT_P(b), KT_V(int, 12));
}
KT_TEST(pointer_tables)
{
	int *o = KT_BUF(int, 3);
	KT_RUN(pointer_tables, KT_P(o), KT_V(int, 0));
	KT_RUN(pointer_tables, KT_P(o), KT_V(int, 3));
}
KT_TEST(null_and_compare)
{
	int *o = KT_BUF(int, 5);
	for (int w = 0; w < 4; w++)
		KT_RUN(null_and_compare, KT_P(o), KT_V(int, w));
}
KT_TEST(cursor_walk)
{
	int *o = KT_BUF(int, 3);
	KT_RUN(cursor_walk, KT_P(o));
}
KT_TEST(tables_of_tables)
{
	int *o = KT_BUF(int, 16);
	KT_RUN(tables_of_tables, KT_P(o), KT_V(int, 0));
	KT_RUN(tables_of_tables, KT_P(o), KT_V(int, 1));
}
KT_TEST(knr)
{
	int *o = KT_BUF(int, 1);
	KT_RUN(knr, KT_P(o), KT_V(int, 21));
}
#endif

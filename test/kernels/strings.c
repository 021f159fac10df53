// SPDX-License-Identifier: Apache-2.0
/* Corpus: byte strings (data-dependent loop exits, byte loads and stores, histograms, bytes gathered into
 * words). */
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void str_len(int *out, const char *s)
{
	int n = 0;
	while (s[n])
		n++;
	*out = n;
}

KILN_SINGLE_TASK_KERNEL void str_search(int *out, const char *hay, int nh, const char *needle, int nn)
{
	int found = -1;
	for (int i = 0; i + nn <= nh && found < 0; i++) {
		int j = 0;
		while (j < nn && hay[i + j] == needle[j])
			j++;
		if (j == nn)
			found = i;
	}
	*out = found;
}

KILN_SINGLE_TASK_KERNEL void count_char(int *out, const char *s, int n, char c)
{
	int k = 0;
	for (int i = 0; i < n; i++)
		k += s[i] == c;
	*out = k;
}

KILN_SINGLE_TASK_KERNEL void to_upper(char *s, int n)
{
	for (int i = 0; i < n; i++)
		if (s[i] >= 'a' && s[i] <= 'z')
			s[i] = (char)(s[i] - 32);
}

KILN_SINGLE_TASK_KERNEL void histogram(unsigned *hist, const unsigned char *data, int n)
{
	unsigned h[64];
	__builtin_memset(h, 0, sizeof h);
	for (int i = 0; i < n; i++)
		h[data[i] & 63]++;
	for (int i = 0; i < 64; i++)
		hist[i] += h[i];
}

KILN_SINGLE_TASK_KERNEL void str_compare(int *out, const unsigned char *a, const unsigned char *b, int n)
{
	int r = 0;
	for (int i = 0; i < n; i++)
		if (a[i] != b[i]) {
			r = a[i] < b[i] ? -1 - i : 1 + i;
			break;
		}
	*out = r;
}

KILN_SINGLE_TASK_KERNEL void run_length(unsigned char *out, int *outlen, const unsigned char *in, int n)
{
	int k = 0;
	for (int i = 0; i < n;) {
		unsigned char c = in[i];
		int r = 1;
		while (i + r < n && in[i + r] == c && r < 255)
			r++;
		out[k++] = c;
		out[k++] = (unsigned char)r;
		i += r;
	}
	*outlen = k;
}

/* Bytes gathered into words (hls/lower/load_combine.c): least and most significant first from a local
 * copy, one word load each, the second into a 64-bit value; and from the input itself, which stays bytes
 * (its alignment is the host's). */
KILN_SINGLE_TASK_KERNEL void pack_words(unsigned *le, unsigned long long *be, unsigned *direct,
                                        const unsigned char *in, int n)
{
	unsigned char buf[64];
	for (int i = 0; i < 64; i++)
		buf[i] = in[i];
	for (int i = 0; i < n; i++) {
		const unsigned char *p = buf + 4 * i, *q = buf + 60 - 4 * i;
		le[i] = p[0] | p[1] << 8 | p[2] << 16 | (unsigned)p[3] << 24;
		be[i] = (unsigned long long)q[0] << 24 | (unsigned long long)q[1] << 16 |
		        (unsigned long long)q[2] << 8 | q[3];
		direct[i] = in[4 * i + 1] | in[4 * i + 2] << 8;
	}
}

#ifdef KILN_HARNESS
KT_TEST(str_len)
{
	int *o = KT_BUF(int, 1);
	char *s = KT_BUF(char, 64);
	for (int i = 0; i < 64; i++)
		s[i] = (char)('a' + i % 26);
	s[45] = 0;
	KT_RUN(str_len, KT_P(o), KT_P(s));
}
KT_TEST(str_search)
{
	int *o = KT_BUF(int, 1);
	char *h = KT_BUF(char, 80), *nd = KT_BUF(char, 4);
	for (int i = 0; i < 80; i++)
		h[i] = (char)('a' + (h[i] & 3));
	for (int i = 0; i < 4; i++)
		nd[i] = h[51 + i];
	KT_RUN(str_search, KT_P(o), KT_P(h), KT_V(int, 80), KT_P(nd), KT_V(int, 4));
	nd[0] = 'z';
	KT_RUN(str_search, KT_P(o), KT_P(h), KT_V(int, 80), KT_P(nd), KT_V(int, 4));
}
KT_TEST(count_char)
{
	int *o = KT_BUF(int, 1);
	char *s = KT_BUF(char, 70);
	for (int i = 0; i < 70; i++)
		s[i] &= 7;
	KT_RUN(count_char, KT_P(o), KT_P(s), KT_V(int, 70), KT_V(char, 3));
}
KT_TEST(to_upper)
{
	char *s = KT_BUF(char, 57);
	KT_RUN(to_upper, KT_P(s), KT_V(int, 57));
}
KT_TEST(pack_words)
{
	unsigned *le = KT_BUF(unsigned, 16), *direct = KT_BUF(unsigned, 16);
	unsigned long long *be = KT_BUF(unsigned long long, 16);
	unsigned char *in = KT_BUF(unsigned char, 64);
	KT_RUN(pack_words, KT_P(le), KT_P(be), KT_P(direct), KT_P(in), KT_V(int, 16));
	KT_RUN(pack_words, KT_P(le), KT_P(be), KT_P(direct), KT_P(in), KT_V(int, 5));
}
KT_TEST(histogram)
{
	unsigned *h = KT_BUF(unsigned, 64);
	unsigned char *d = KT_BUF(unsigned char, 200);
	KT_RUN(histogram, KT_P(h), KT_P(d), KT_V(int, 200));
}
KT_TEST(str_compare)
{
	int *o = KT_BUF(int, 1);
	unsigned char *a = KT_BUF(unsigned char, 30), *b = KT_BUF(unsigned char, 30);
	for (int i = 0; i < 30; i++)
		b[i] = i == 17 ? a[i] ^ 0x40 : a[i];
	KT_RUN(str_compare, KT_P(o), KT_P(a), KT_P(b), KT_V(int, 30));
	KT_RUN(str_compare, KT_P(o), KT_P(a), KT_P(b), KT_V(int, 15));
}
KT_TEST(run_length)
{
	unsigned char *o = KT_BUF(unsigned char, 128), *in = KT_BUF(unsigned char, 60);
	int *len = KT_BUF(int, 1);
	for (int i = 0; i < 60; i++)
		in[i] = (unsigned char)(in[i] < 200 ? (i > 0 ? in[i - 1] : 5) : in[i]);
	KT_RUN(run_length, KT_P(o), KT_P(len), KT_P(in), KT_V(int, 60));
}
#endif

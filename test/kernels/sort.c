// SPDX-License-Identifier: Apache-2.0
/* Corpus: sorting (data-dependent control flow, swaps in device memory and in local RAM). */
#include <kiln/device.h>

KILN_SINGLE_TASK_KERNEL void bubble_sort(int *v, int n)
{
	for (int i = 0; i < n - 1; i++)
		for (int j = 0; j < n - 1 - i; j++)
			if (v[j] > v[j + 1]) {
				int t = v[j];
				v[j] = v[j + 1];
				v[j + 1] = t;
			}
}

KILN_SINGLE_TASK_KERNEL void insertion_sort(unsigned short *v, int n)
{
	for (int i = 1; i < n; i++) {
		unsigned short x = v[i];
		int j = i - 1;
		while (j >= 0 && v[j] > x) {
			v[j + 1] = v[j];
			j--;
		}
		v[j + 1] = x;
	}
}

KILN_SINGLE_TASK_KERNEL void selection_sort_local(long long *v)
{
	long long a[24];
	for (int i = 0; i < 24; i++)
		a[i] = v[i];
	for (int i = 0; i < 23; i++) {
		int m = i;
		for (int j = i + 1; j < 24; j++)
			if (a[j] < a[m])
				m = j;
		long long t = a[i];
		a[i] = a[m];
		a[m] = t;
	}
	for (int i = 0; i < 24; i++)
		v[i] = a[i];
}

KILN_SINGLE_TASK_KERNEL void counting_sort(unsigned char *out, const unsigned char *in, int n)
{
	int count[256] = {0};
	for (int i = 0; i < n; i++)
		count[in[i]]++;
	int k = 0;
	for (int c = 0; c < 256; c++)
		for (int j = 0; j < count[c]; j++)
			out[k++] = (unsigned char)c;
}

static void merge(const int *a, int na, const int *b, int nb, int *out)
{
	int i = 0, j = 0, k = 0;
	while (i < na && j < nb)
		out[k++] = a[i] <= b[j] ? a[i++] : b[j++];
	while (i < na)
		out[k++] = a[i++];
	while (j < nb)
		out[k++] = b[j++];
}

KILN_SINGLE_TASK_KERNEL void merge_sort(int *v, int *tmp, int n)
{
	for (int w = 1; w < n; w *= 2) {
		for (int lo = 0; lo < n; lo += 2 * w) {
			int mid = lo + w < n ? lo + w : n;
			int hi = lo + 2 * w < n ? lo + 2 * w : n;
			merge(v + lo, mid - lo, v + mid, hi - mid, tmp + lo);
		}
		for (int i = 0; i < n; i++)
			v[i] = tmp[i];
	}
}

#ifdef KILN_HARNESS
KT_TEST(bubble_sort)
{
	int *v = KT_BUF(int, 40);
	KT_RUN(bubble_sort, KT_P(v), KT_V(int, 40));
}
KT_TEST(insertion_sort)
{
	unsigned short *v = KT_BUF(unsigned short, 37);
	KT_RUN(insertion_sort, KT_P(v), KT_V(int, 37));
}
KT_TEST(selection_sort_local)
{
	long long *v = KT_BUF(long long, 24);
	KT_RUN(selection_sort_local, KT_P(v));
}
KT_TEST(counting_sort)
{
	unsigned char *o = KT_BUF(unsigned char, 100), *i = KT_BUF(unsigned char, 100);
	for (int k = 0; k < 100; k++)
		i[k] &= 0x3f;
	KT_RUN(counting_sort, KT_P(o), KT_P(i), KT_V(int, 100));
}
KT_TEST(merge_sort)
{
	int *v = KT_BUF(int, 50), *t = KT_BUF(int, 50);
	KT_RUN(merge_sort, KT_P(v), KT_P(t), KT_V(int, 50));
}
#endif

// SPDX-License-Identifier: Apache-2.0
// Divide and conquer over arrays: quicksort (a pointer and bounds passed down), merge sort with a local
// buffer in every frame, and a recursive binary search.
#include <stdio.h>

static void quick(int *a, int lo, int hi)
{
	if (lo >= hi)
		return;
	int p = a[(lo + hi) / 2], i = lo, j = hi;
	while (i <= j) {
		while (a[i] < p)
			i++;
		while (a[j] > p)
			j--;
		if (i <= j) {
			int t = a[i];
			a[i] = a[j];
			a[j] = t;
			i++;
			j--;
		}
	}
	quick(a, lo, j);
	quick(a, i, hi);
}

/* Sorts a[0..n) (n <= 32) with a buffer of its own in each frame. */
static void merge_sort(short *a, int n)
{
	if (n < 2)
		return;
	int h = n / 2;
	merge_sort(a, h);
	merge_sort(a + h, n - h);
	short tmp[32];
	int i = 0, j = h, k = 0;
	while (i < h && j < n)
		tmp[k++] = a[j] < a[i] ? a[j++] : a[i++];
	while (i < h)
		tmp[k++] = a[i++];
	while (j < n)
		tmp[k++] = a[j++];
	for (k = 0; k < n; k++)
		a[k] = tmp[k];
}

static int search(const int *a, int lo, int hi, int key)
{
	if (lo > hi)
		return -1;
	int mid = lo + (hi - lo) / 2;
	if (a[mid] == key)
		return mid;
	int r = a[mid] < key ? search(a, mid + 1, hi, key) : search(a, lo, mid - 1, key);
	return r;
}

int main(void)
{
	int a[48];
	short s[32];
	for (int i = 0; i < 48; i++)
		a[i] = (i * 7919) % 101 - 50;
	for (int i = 0; i < 32; i++)
		s[i] = (short)((i * 40503) % 257 - 128);
	quick(a, 0, 47);
	merge_sort(s, 32);
	for (int i = 0; i < 48; i++)
		printf("%d%c", a[i], i == 47 ? '\n' : ' ');
	for (int i = 0; i < 32; i++)
		printf("%d%c", s[i], i == 31 ? '\n' : ' ');
	for (int k = -52; k <= 52; k += 13)
		printf("search(%d) = %d\n", k, search(a, 0, 47, k));
	for (int i = 1; i < 48; i++)
		if (a[i - 1] > a[i] || (i < 32 && s[i - 1] > s[i]))
			return 1;
	printf("ok\n");
	return 0;
}

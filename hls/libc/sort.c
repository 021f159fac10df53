// SPDX-License-Identifier: Apache-2.0
/* The kernel C library's qsort and bsearch. Written for hardware, which has no call stack: qsort is a
 * heapsort (two nested loops, no recursion, no extra memory, O(n log n) comparisons in every case) rather
 * than a quicksort; elements are exchanged a 64- or 32-bit word at a time when the array and the element size
 * allow it, byte by byte otherwise. The order of equal elements is unspecified (heapsort is not stable). The
 * comparison is called through its function pointer, as C gives it. */
#include <stdint.h>
#include <stdlib.h>

/* Word types that may alias any object, so that exchanging elements a word at a time is defined behaviour
 * for the element type the caller sorts. */
typedef uint64_t __attribute__((may_alias)) word64;
typedef uint32_t __attribute__((may_alias)) word32;

/* Exchanges the SIZE-byte elements at A and B; WIDTH (8, 4 or 1) divides SIZE and both addresses. */
static void swap_elems(unsigned char *a, unsigned char *b, size_t size, size_t width)
{
	if (width == 8) {
		for (size_t i = 0; i < size; i += 8) {
			word64 t = *(word64 *)(a + i);
			*(word64 *)(a + i) = *(word64 *)(b + i);
			*(word64 *)(b + i) = t;
		}
	} else if (width == 4) {
		for (size_t i = 0; i < size; i += 4) {
			word32 t = *(word32 *)(a + i);
			*(word32 *)(a + i) = *(word32 *)(b + i);
			*(word32 *)(b + i) = t;
		}
	} else {
		for (size_t i = 0; i < size; i++) {
			unsigned char t = a[i];
			a[i] = b[i];
			b[i] = t;
		}
	}
}

/* Heapsort: first every subtree from the last parent up to the root is made a max-heap, then the root (the
 * largest element) is repeatedly exchanged with the heap's last element and the heap shrunk by one. Both
 * phases share one sift-down loop. */
void qsort(void *base, size_t nmemb, size_t size, int (*compar)(const void *, const void *))
{
	if (nmemb < 2 || size == 0)
		return;
	unsigned char *b = base;
	uintptr_t bits = (uintptr_t)b | size;
	size_t width = (bits & 7) == 0 ? 8 : (bits & 3) == 0 ? 4 : 1;
	size_t start = nmemb / 2; /* subtrees left to heapify: roots 0 .. start-1 */
	size_t end = nmemb;       /* the heap is elements 0 .. end-1 */
	while (end > 1) {
		size_t root;
		if (start > 0) {
			root = --start;
		} else {
			end--;
			swap_elems(b, b + end * size, size, width);
			root = 0;
		}
		/* Sift the element at ROOT down until it is no smaller than its children. */
		for (;;) {
			size_t child = 2 * root + 1;
			if (child >= end)
				break;
			if (child + 1 < end && compar(b + child * size, b + (child + 1) * size) < 0)
				child++;
			if (compar(b + root * size, b + child * size) >= 0)
				break;
			swap_elems(b + root * size, b + child * size, size, width);
			root = child;
		}
	}
}

/* Binary search of a sorted array: one loop halving [lo, hi). */
void *bsearch(const void *key, const void *base, size_t nmemb, size_t size,
              int (*compar)(const void *, const void *))
{
	const unsigned char *b = base;
	size_t lo = 0, hi = nmemb;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const void *p = b + mid * size;
		int c = compar(key, p);
		if (c == 0)
			return (void *)p;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

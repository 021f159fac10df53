// SPDX-License-Identifier: Apache-2.0
// C11's threads.h in one thread (mutexes, call_once, thread-specific storage) and uchar.h's conversions
#include <stdio.h>
#include <string.h>
#include <threads.h>
#include <uchar.h>

static int counter;
static once_flag once = ONCE_FLAG_INIT;
static void init(void)
{
	counter += 100;
}

int main(void)
{
	mtx_t m, r;
	/* one call a statement: the order of a call's arguments is the compiler's */
	int rc[8];
	rc[0] = mtx_init(&m, mtx_plain);
	rc[1] = mtx_init(&r, mtx_plain | mtx_recursive);
	rc[2] = mtx_lock(&m);
	rc[3] = mtx_trylock(&m); /* held: busy */
	rc[4] = mtx_unlock(&m);
	rc[5] = mtx_lock(&r);
	rc[6] = mtx_trylock(&r); /* recursive: counted */
	rc[7] = mtx_unlock(&r) + mtx_unlock(&r);
	printf("mutexes:");
	for (int i = 0; i < 8; i++)
		printf(" %d", rc[i]);
	printf("\n");
	for (int i = 0; i < 3; i++)
		call_once(&once, init);
	printf("call_once: %d\n", counter);
	tss_t key;
	int value = 42;
	printf("tss: %d", tss_create(&key, NULL));
	printf(" %d", tss_set(key, &value));
	printf(" %d\n", *(int *)tss_get(key));
	printf("current: %d\n", thrd_equal(thrd_current(), thrd_current()));
	mbstate_t st;
	memset(&st, 0, sizeof st);
	char16_t c16 = 0;
	char32_t c32 = 0;
	size_t a = mbrtoc16(&c16, "A", 1, &st);
	size_t b = mbrtoc32(&c32, "z", 1, &st);
	char out[8];
	size_t c = c32rtomb(out, U'Q', &st);
	size_t d = c16rtomb(out + 1, u'!', &st);
	size_t hi = c16rtomb(out + 2, 0xd83d, &st); /* waits for its low half */
	size_t lo = c16rtomb(out + 2, 0xde00, &st); /* U+1F600 is no character of the C locale */
	printf("uchar: %zu %x %zu %x %zu %zu %c%c surrogates %zu %d\n", a, c16, b, c32, c, d, out[0], out[1],
	       hi, (int)lo);
	return 0;
}

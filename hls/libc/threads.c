// SPDX-License-Identifier: Apache-2.0
/* threads.h for a kernel, which is one thread: what a thread can do alone (threads.h says which calls are
 * refused). Return values are glibc's for the same single-threaded calls. */
#include <stdlib.h>
#include <threads.h>

/* glibc's limit of keys (PTHREAD_KEYS_MAX). */
#define TSS_KEYS 1024

static struct {
	unsigned char used[TSS_KEYS];
	void *value[TSS_KEYS];
} tss;

thrd_t thrd_current(void)
{
	return 1;
}

int thrd_equal(thrd_t lhs, thrd_t rhs)
{
	return lhs == rhs;
}

int thrd_sleep(const struct timespec *duration, struct timespec *remaining)
{
	(void)duration;
	(void)remaining;
	return -2;
}

void thrd_yield(void) {}

void thrd_exit(int res)
{
	(void)res;
	exit(EXIT_SUCCESS);
}

void call_once(once_flag *flag, void (*func)(void))
{
	if (!flag->__done) {
		flag->__done = 1;
		func();
	}
}

int mtx_init(mtx_t *mtx, int type)
{
	if (type != mtx_plain && type != mtx_timed && type != (mtx_plain | mtx_recursive) &&
	    type != (mtx_timed | mtx_recursive))
		return thrd_error;
	mtx->__k.__type = type;
	mtx->__k.__count = 0;
	return thrd_success;
}

int mtx_trylock(mtx_t *mtx)
{
	if (mtx->__k.__count && !(mtx->__k.__type & mtx_recursive))
		return thrd_busy;
	mtx->__k.__count++;
	return thrd_success;
}

int mtx_lock(mtx_t *mtx)
{
	return mtx_trylock(mtx) == thrd_success ? thrd_success : thrd_error;
}

int mtx_timedlock(mtx_t *restrict mtx, const struct timespec *restrict ts)
{
	(void)ts;
	return mtx_trylock(mtx) == thrd_success ? thrd_success : thrd_timedout;
}

int mtx_unlock(mtx_t *mtx)
{
	if (!mtx->__k.__count)
		return thrd_error;
	mtx->__k.__count--;
	return thrd_success;
}

void mtx_destroy(mtx_t *mtx)
{
	(void)mtx;
}

int cnd_init(cnd_t *cond)
{
	(void)cond;
	return thrd_success;
}

int cnd_signal(cnd_t *cond)
{
	(void)cond;
	return thrd_success;
}

int cnd_broadcast(cnd_t *cond)
{
	(void)cond;
	return thrd_success;
}

int cnd_wait(cnd_t *cond, mtx_t *mtx)
{
	(void)cond;
	(void)mtx;
	return thrd_error;
}

int cnd_timedwait(cnd_t *restrict cond, mtx_t *restrict mtx, const struct timespec *restrict ts)
{
	(void)cond;
	(void)mtx;
	(void)ts;
	return thrd_error;
}

void cnd_destroy(cnd_t *cond)
{
	(void)cond;
}

int tss_create(tss_t *key, tss_dtor_t dtor)
{
	(void)dtor;
	for (tss_t k = 0; k < TSS_KEYS; k++)
		if (!tss.used[k]) {
			tss.used[k] = 1;
			tss.value[k] = NULL;
			*key = k;
			return thrd_success;
		}
	return thrd_error;
}

void *tss_get(tss_t key)
{
	return key < TSS_KEYS && tss.used[key] ? tss.value[key] : NULL;
}

int tss_set(tss_t key, void *val)
{
	if (key >= TSS_KEYS || !tss.used[key])
		return thrd_error;
	tss.value[key] = val;
	return thrd_success;
}

void tss_delete(tss_t key)
{
	if (key < TSS_KEYS)
		tss.used[key] = 0;
}

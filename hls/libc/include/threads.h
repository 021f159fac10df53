// SPDX-License-Identifier: Apache-2.0
/* threads.h (C11) for kernels, which are one thread each (an nd-range kernel's work-items, its
 * parallelism, run one after another): the calls a single thread can make do what C says they do with no
 * other thread (hls/libc/threads.c); the ones that need another thread are refused at the call. The types
 * have glibc's sizes. thread_local is C's _Thread_local, which clang refuses for the device at the use. */
#ifndef KILN_LIBC_THREADS_H
#define KILN_LIBC_THREADS_H

#include <time.h>

#include "_kiln_cdefs.h"

#define thread_local _Thread_local
#define ONCE_FLAG_INIT                                                                                       \
	{                                                                                                    \
		0                                                                                            \
	}
#define TSS_DTOR_ITERATIONS 4

typedef unsigned __KILN_LONG64 int thrd_t;
typedef int (*thrd_start_t)(void *);
typedef unsigned int tss_t;
typedef void (*tss_dtor_t)(void *);
typedef struct {
	int __done;
} once_flag;
typedef union {
	struct {
		int __type;
		int __count; /* times locked by the only thread */
	} __k;
	char __size[40];
	__KILN_LONG64 int __align;
} mtx_t;
typedef union {
	char __size[48];
	long long int __align;
} cnd_t;

enum { thrd_success = 0, thrd_busy = 1, thrd_error = 2, thrd_nomem = 3, thrd_timedout = 4 };
enum { mtx_plain = 0, mtx_recursive = 1, mtx_timed = 2 };

#define __KILN_NO_THREADS                                                                                    \
	__KILN_NOT_IN_HARDWARE("a kernel is one thread and cannot start or wait for another: an nd-range "   \
	                       "kernel's work-items are its parallelism")

int thrd_create(thrd_t *thr, thrd_start_t func, void *arg) __KILN_NO_THREADS;
int thrd_join(thrd_t thr, int *res) __KILN_NO_THREADS;
int thrd_detach(thrd_t thr) __KILN_NO_THREADS;
thrd_t thrd_current(void);
int thrd_equal(thrd_t lhs, thrd_t rhs);
/* Fails (-2): hardware keeps no time (time.h). */
int thrd_sleep(const struct timespec *duration, struct timespec *remaining);
void thrd_yield(void);
/* The only thread's end is the program's: exit(EXIT_SUCCESS), as C says. */
void thrd_exit(int res) __attribute__((__noreturn__));

void call_once(once_flag *flag, void (*func)(void));

/* Locking a mutex the only thread holds (not recursive) could never succeed: thrd_error, not a hang. */
int mtx_init(mtx_t *mtx, int type);
int mtx_lock(mtx_t *mtx);
int mtx_timedlock(mtx_t *__restrict mtx, const struct timespec *__restrict ts);
int mtx_trylock(mtx_t *mtx);
int mtx_unlock(mtx_t *mtx);
void mtx_destroy(mtx_t *mtx);

/* No other thread can signal: a wait is thrd_error. */
int cnd_init(cnd_t *cond);
int cnd_signal(cnd_t *cond);
int cnd_broadcast(cnd_t *cond);
int cnd_wait(cnd_t *cond, mtx_t *mtx);
int cnd_timedwait(cnd_t *__restrict cond, mtx_t *__restrict mtx, const struct timespec *__restrict ts);
void cnd_destroy(cnd_t *cond);

/* Thread-specific storage, of the one thread: a destructor would run at a thread's exit, which only
 * thrd_create's threads have. */
int tss_create(tss_t *key, tss_dtor_t dtor);
void *tss_get(tss_t key);
int tss_set(tss_t key, void *val);
void tss_delete(tss_t key);

#endif

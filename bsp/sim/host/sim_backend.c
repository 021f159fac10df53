// SPDX-License-Identifier: Apache-2.0
/* The sim board backend. Each program call turns the image's MODL section into a loaded library (an anonymous
 * memfd, so no file is left behind and two boards never share one copy of the Verilator runtime) and starts a
 * worker thread that creates, clocks and finally destroys the model; every op is handed to that thread
 * through a one-request slot. A sleep/wake pair per op costs several microseconds, five times a 4-byte
 * register access on the model, so both sides first poll the slot for a short while (on machines with more
 * than one CPU) and only then sleep: back-to-back ops from host code skip the scheduler when the two threads
 * run on two CPUs, and an idle board costs no CPU. */
#include "bsp/sim/host/sim_backend.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bsp/sim/model/sim_model_lib.h"
#include "host/common/contract.h"
#include "host/common/model_trust.h"
#include "kiln/kiln.h"

/* Cycles one host bus access may take before the shell is declared wedged. */
#define SIM_MMIO_TIMEOUT (1u << 20)
/* Models (programmed images) one board traces before further ones go untraced. */
#define MAX_TRACE_SEGS 64
/* Granule of the device memory kept while no model is loaded. */
#define PRE_PAGE (64u << 10)
/* Cycles of the reset pulse. */
#define SIM_RESET_CYCLES 8u
/* How long the worker polls for the next op, and a caller for its op to finish, before sleeping. Host code
 * issuing a burst of ops comes back well within this; a long kernel run ends in a sleep. */
#define SIM_SPIN_NS 100000L
/* The part of that spent polling without yielding the CPU. */
#define SIM_SPIN_ALONE_NS 3000L

enum sim_op {
	OP_NONE,
	OP_CREATE,
	OP_DESTROY,
	OP_RESET,
	OP_MMIO_READ,
	OP_MMIO_WRITE,
	OP_MMIO_BLOCK,
	OP_MEM_READ,
	OP_MEM_WRITE,
	OP_RUN,
	OP_CYCLES
};

struct sim_req {
	enum sim_op op;
	uint32_t half_period_ps;
	uint32_t addr, val, strb;
	uint64_t off, max_cycles, out64;
	void *buf;
	const void *cbuf;
	size_t n;
	const char *trace;
	int rc; /* ksim status */
};

/* The request slot's states; only the caller moves it to POSTED and IDLE, only the worker to DONE. */
enum { SLOT_IDLE, SLOT_POSTED, SLOT_DONE };

struct kiln_backend {
	const kiln_board_config *cfg;
	/* Serialises callers: the worker has one request slot. */
	pthread_mutex_t call_mu;
	/* Guards the two sleeping flags; the sleeper re-checks the slot under it, the waker checks the flag
	 * under it after moving the slot, so no wake-up is lost. */
	pthread_mutex_t mu;
	pthread_cond_t work_cv; /* the worker sleeps here for a request */
	pthread_cond_t done_cv; /* the caller sleeps here for completion */
	bool worker_sleeping, caller_sleeping;
	struct sim_req *req; /* valid while the slot is POSTED */
	_Atomic int slot;
	_Atomic int worker_cpu, caller_cpu; /* where each side last polled (-1: unknown) */
	long spin_ns;                       /* 0 on a single CPU, where polling only delays the other side */
	bool running;                       /* worker thread exists */
	pthread_t thread;
	ksim_lib lib;
	ksim *model;
	/* KILN_TRACE: every model this board runs (one per programmed image) traces into a segment of its
	 * own; when a model goes, the trace file is written anew from all segments, so a reprogrammed board
	 * appends to the trace instead of overwriting it. */
	char *trace_path;
	char *trace_segs[MAX_TRACE_SEGS], *trace_labels[MAX_TRACE_SEGS];
	int ntrace;
	/* A sim board's device memory is part of the image's model, but a real board's memory is there before
	 * any image, and the runtime may fill buffers first. While no model is loaded, pages written are kept
	 * here (absent pages read as zero, as a model's memory starts) and written into the next model. */
	uint8_t **pre;
	size_t npre;
};

static int pre_flush(kiln_backend *b);
static void pre_free(kiln_backend *b);

static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
	if (!err || errlen == 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

static void run_req(kiln_backend *b, struct sim_req *r)
{
	ksim_lib *l = &b->lib;
	switch (r->op) {
	case OP_CREATE:
		b->model = l->create(r->trace, r->half_period_ps);
		r->rc = b->model ? KSIM_OK : -1;
		break;
	case OP_DESTROY:
		if (b->model)
			l->destroy(b->model);
		b->model = NULL;
		r->rc = KSIM_OK;
		break;
	case OP_RESET:
		l->reset(b->model, SIM_RESET_CYCLES);
		r->rc = KSIM_OK;
		break;
	case OP_MMIO_READ:
		r->rc = l->mmio_read(b->model, r->addr, &r->val, SIM_MMIO_TIMEOUT);
		break;
	case OP_MMIO_WRITE:
		r->rc = l->mmio_write(b->model, r->addr, r->val, r->strb, SIM_MMIO_TIMEOUT);
		break;
	case OP_MMIO_BLOCK:
		/* The whole block runs on the model's thread, streamed: a request a cycle. */
		r->rc = l->mmio_burst(b->model, r->addr, r->buf, r->n, r->val != 0, SIM_MMIO_TIMEOUT);
		break;
	case OP_MEM_READ:
		r->rc = l->mem_read(b->model, r->off, r->buf, r->n);
		break;
	case OP_MEM_WRITE:
		r->rc = l->mem_write(b->model, r->off, r->cbuf, r->n);
		break;
	case OP_RUN:
		r->rc = l->run_until_irq(b->model, r->max_cycles, &r->out64);
		break;
	case OP_CYCLES:
		r->out64 = l->cycles(b->model);
		r->rc = KSIM_OK;
		break;
	case OP_NONE:
		break;
	}
}

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

static long elapsed_ns(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000000000L + (t.tv_nsec - t0->tv_nsec);
}

/* Polls until the slot is WANT or SPIN_NS pass; true when it got there. While the other side runs on another
 * CPU it answers within a microsecond, so the poll keeps its CPU; when both sides share one CPU (the
 * scheduler put them there, or the machine is busy) the poll yields it at once, since the answer cannot
 * come before the other side runs. ME and OTHER are the CPUs the two sides last reported. */
static bool spin_for(kiln_backend *b, int want, _Atomic int *me, _Atomic int *other)
{
	struct timespec t0;
	if (b->spin_ns <= 0)
		return atomic_load(&b->slot) == want;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	int cpu = sched_getcpu();
	atomic_store_explicit(me, cpu, memory_order_relaxed);
	bool yield = cpu == atomic_load_explicit(other, memory_order_relaxed);
	for (unsigned i = 1;; i++) {
		if (atomic_load_explicit(&b->slot, memory_order_acquire) == want)
			return true;
		if (yield)
			sched_yield();
		else
			cpu_relax();
		if (yield || (i & 31) == 0) {
			long ns = elapsed_ns(&t0);
			if (ns > b->spin_ns)
				return false;
			cpu = sched_getcpu();
			atomic_store_explicit(me, cpu, memory_order_relaxed);
			yield = ns > SIM_SPIN_ALONE_NS ||
			        cpu == atomic_load_explicit(other, memory_order_relaxed);
		}
	}
}

/* Waits, polling then sleeping, until the slot is WANT. */
static void wait_slot(kiln_backend *b, int want, bool *sleeping, pthread_cond_t *cv)
{
	bool worker = want == SLOT_POSTED;
	if (spin_for(b, want, worker ? &b->worker_cpu : &b->caller_cpu,
	             worker ? &b->caller_cpu : &b->worker_cpu))
		return;
	pthread_mutex_lock(&b->mu);
	*sleeping = true;
	while (atomic_load(&b->slot) != want)
		pthread_cond_wait(cv, &b->mu);
	*sleeping = false;
	pthread_mutex_unlock(&b->mu);
}

/* Moves the slot to STATE and wakes the other side if it went to sleep. */
static void set_slot(kiln_backend *b, int state, bool *sleeping, pthread_cond_t *cv)
{
	atomic_store(&b->slot, state);
	pthread_mutex_lock(&b->mu);
	if (*sleeping)
		pthread_cond_signal(cv);
	pthread_mutex_unlock(&b->mu);
}

/* The worker: owns the model from OP_CREATE to OP_DESTROY, then exits. */
static void *worker(void *arg)
{
	kiln_backend *b = arg;
	bool quit = false;
	while (!quit) {
		wait_slot(b, SLOT_POSTED, &b->worker_sleeping, &b->work_cv);
		struct sim_req *r = b->req;
		run_req(b, r);
		quit = r->op == OP_DESTROY || (r->op == OP_CREATE && r->rc != KSIM_OK);
		set_slot(b, SLOT_DONE, &b->caller_sleeping, &b->done_cv);
	}
	return NULL;
}

/* Posts R to the worker and waits for it. */
static int call(kiln_backend *b, struct sim_req *r)
{
	pthread_mutex_lock(&b->call_mu);
	b->req = r;
	set_slot(b, SLOT_POSTED, &b->worker_sleeping, &b->work_cv);
	wait_slot(b, SLOT_DONE, &b->caller_sleeping, &b->done_cv);
	b->req = NULL;
	atomic_store(&b->slot, SLOT_IDLE);
	pthread_mutex_unlock(&b->call_mu);
	return r->rc;
}

/* Destroys the model on its own thread (which closes its trace segment), joins the thread and writes the
 * trace file from all segments. */
static void stop_model(kiln_backend *b)
{
	if (!b->running)
		return;
	struct sim_req r = {.op = OP_DESTROY};
	call(b, &r);
	pthread_join(b->thread, NULL);
	b->running = false;
	b->model = NULL;
	if (b->ntrace && b->lib.trace_write &&
	    b->lib.trace_write(b->trace_path, (const char *const *)b->trace_segs,
	                       (const char *const *)b->trace_labels, b->ntrace) != 0)
		fprintf(stderr, "kiln: cannot write the trace %s\n", b->trace_path);
}

/* stop_model(), then unloads the library. */
static void unload(kiln_backend *b)
{
	stop_model(b);
	if (b->lib.dl)
		dlclose(b->lib.dl);
	memset(&b->lib, 0, sizeof b->lib);
	b->model = NULL;
}

/* The trace segment files of B, removed once the trace is written from them. */
static void remove_segments(kiln_backend *b)
{
	for (int i = 0; i < b->ntrace; i++) {
		remove(b->trace_segs[i]);
		free(b->trace_segs[i]);
		free(b->trace_labels[i]);
		b->trace_segs[i] = b->trace_labels[i] = NULL;
	}
	b->ntrace = 0;
}

/* Boards whose trace is not written yet. A host that never closes its board (an OpenCL or single-source
 * program, a libkiln host that returns from main or calls exit(), a failed assert, a fatal signal) still gets
 * its waveform: at exit, and on a fatal signal where the board is not in the middle of a call, each such
 * board's model is stopped and its trace written (the trace is written when a model goes: before, the file
 * was only segment debris). The exit hook is registered again after each traced model's library is loaded:
 * exit runs hooks and the libraries' destructors newest first, so the hook runs while every traced model's
 * Verilator runtime is still whole. */
#define MAX_TRACED 64
static pthread_mutex_t traced_mu = PTHREAD_MUTEX_INITIALIZER;
static kiln_backend *traced[MAX_TRACED];
static int ntraced;
static atomic_int traced_finishing;
/* the signals whose default action ends the program, and whose handler a host has not set */
static const int fatal_signals[] = {SIGABRT, SIGINT, SIGTERM, SIGSEGV, SIGBUS,
                                    SIGFPE,  SIGILL, SIGHUP,  SIGQUIT};

/* Stops every traced board's model and writes its trace; from a signal, a board that is in a call (its
 * request slot taken) is left alone, since its caller cannot be waited for. */
static void traced_finish(bool from_signal)
{
	if (atomic_exchange(&traced_finishing, 1))
		return;
	if (from_signal ? pthread_mutex_trylock(&traced_mu) != 0 : pthread_mutex_lock(&traced_mu) != 0)
		return;
	for (int i = 0; i < ntraced; i++) {
		kiln_backend *b = traced[i];
		if (b->running && pthread_equal(pthread_self(), b->thread))
			continue; /* the model's own thread faulted: it cannot be stopped from here */
		if (from_signal && pthread_mutex_trylock(&b->call_mu) != 0) {
			fprintf(stderr,
			        "kiln: KILN_TRACE: the board was running a request when the program "
			        "stopped; its trace %s is not written\n",
			        b->trace_path);
			continue;
		}
		if (from_signal)
			pthread_mutex_unlock(&b->call_mu);
		stop_model(b);
		remove_segments(b);
	}
	ntraced = 0;
	pthread_mutex_unlock(&traced_mu);
	atomic_store(&traced_finishing, 0);
}

static void traced_at_exit(void)
{
	traced_finish(false);
}

static void traced_on_signal(int sig)
{
	traced_finish(true);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* B traces: its trace is written at exit or on a fatal signal if the host does not close it first. */
static void traced_add(kiln_backend *b)
{
	static bool hooked;
	pthread_mutex_lock(&traced_mu);
	int i = 0;
	while (i < ntraced && traced[i] != b)
		i++;
	if (i == ntraced && ntraced < MAX_TRACED)
		traced[ntraced++] = b;
	atexit(traced_at_exit); /* after this model's library: see above */
	if (!hooked) {
		hooked = true;
		for (size_t s = 0; s < sizeof fatal_signals / sizeof *fatal_signals; s++) {
			struct sigaction old, sa;
			if (sigaction(fatal_signals[s], NULL, &old) != 0 || old.sa_handler != SIG_DFL ||
			    (old.sa_flags & SA_SIGINFO))
				continue; /* the host's own handler stays */
			memset(&sa, 0, sizeof sa);
			sa.sa_handler = traced_on_signal;
			sigemptyset(&sa.sa_mask);
			sigaction(fatal_signals[s], &sa, NULL);
		}
	}
	pthread_mutex_unlock(&traced_mu);
}

/* B is closing: its trace is written by the close. */
static void traced_remove(kiln_backend *b)
{
	pthread_mutex_lock(&traced_mu);
	for (int i = 0; i < ntraced; i++)
		if (traced[i] == b) {
			traced[i] = traced[--ntraced];
			break;
		}
	pthread_mutex_unlock(&traced_mu);
}

static int open_sim(const kiln_board_config *cfg, kiln_backend **out, char *err, size_t errlen)
{
	kiln_backend *b = calloc(1, sizeof *b);
	if (!b) {
		set_err(err, errlen, "sim: out of memory");
		return KILN_ERR_NOMEM;
	}
	b->cfg = cfg;
	pthread_mutex_init(&b->call_mu, NULL);
	pthread_mutex_init(&b->mu, NULL);
	pthread_cond_init(&b->work_cv, NULL);
	pthread_cond_init(&b->done_cv, NULL);
	atomic_init(&b->slot, SLOT_IDLE);
	atomic_init(&b->worker_cpu, -1);
	atomic_init(&b->caller_cpu, -2);
	b->spin_ns = sysconf(_SC_NPROCESSORS_ONLN) > 1 ? SIM_SPIN_NS : 0;
	*out = b;
	return KILN_OK;
}

static void close_sim(kiln_backend *b)
{
	if (!b)
		return;
	traced_remove(b);
	unload(b);
	remove_segments(b);
	free(b->trace_path);
	pre_free(b);
	pthread_cond_destroy(&b->work_cv);
	pthread_cond_destroy(&b->done_cv);
	pthread_mutex_destroy(&b->mu);
	pthread_mutex_destroy(&b->call_mu);
	free(b);
}

static bool write_all(int fd, const void *data, size_t len)
{
	const char *p = data;
	while (len > 0) {
		ssize_t w = write(fd, p, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		p += w;
		len -= (size_t)w;
	}
	return true;
}

/* dlopens a private copy of the model library held in an anonymous memory file. */
static void *load_model_lib(const void *so, size_t len, uint64_t hash, char *err, size_t errlen)
{
	char name[64];
	snprintf(name, sizeof name, "kiln-model-%016llx", (unsigned long long)hash);
	int fd = memfd_create(name, MFD_CLOEXEC);
	if (fd < 0) {
		set_err(err, errlen, "sim: memfd_create: %s", strerror(errno));
		return NULL;
	}
	if (!write_all(fd, so, len)) {
		set_err(err, errlen, "sim: writing the model: %s", strerror(errno));
		close(fd);
		return NULL;
	}
	char path[64];
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	void *dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!dl)
		set_err(err, errlen, "sim: cannot load the image's model: %s", dlerror());
	/* The mapping keeps the memory file alive once loaded. */
	close(fd);
	return dl;
}

static int shell_read(kiln_backend *b, uint32_t addr, uint32_t *val)
{
	struct sim_req r = {.op = OP_MMIO_READ, .addr = addr};
	int rc = call(b, &r);
	*val = r.val;
	return rc;
}

/* Checks the shell's ID registers before anything else talks to the board. */
static int check_shell(kiln_backend *b, char *err, size_t errlen)
{
	uint32_t magic = 0, version = 0, board = 0;
	if (shell_read(b, KILN_SHELL_MAGIC, &magic) || shell_read(b, KILN_SHELL_VERSION, &version) ||
	    shell_read(b, KILN_SHELL_BOARD_ID, &board)) {
		set_err(err, errlen, "sim: the model's shell does not answer ID reads");
		return KILN_ERR_HW;
	}
	if (magic != KILN_SHELL_MAGIC_VALUE) {
		set_err(err, errlen, "sim: shell magic 0x%08x, expected 0x%08x (not a Kiln shell)", magic,
		        KILN_SHELL_MAGIC_VALUE);
		return KILN_ERR_HW;
	}
	if (version != KILN_SHELL_VERSION_VALUE) {
		set_err(err, errlen, "sim: shell version %u, this runtime speaks version %u", version,
		        KILN_SHELL_VERSION_VALUE);
		return KILN_ERR_HW;
	}
	if (b->cfg && b->cfg->board_id && board != b->cfg->board_id) {
		set_err(err, errlen, "sim: shell board id 0x%08x, board '%s' expects 0x%08x", board,
		        b->cfg->name ? b->cfg->name : "?", b->cfg->board_id);
		return KILN_ERR_HW;
	}
	return KILN_OK;
}

static int program_sim(kiln_backend *b, const kiln_image *img, char *err, size_t errlen)
{
	size_t len = 0;
	const void *so = kiln_image_section(img, KILN_SEC_MODEL, &len);
	unload(b);
	if (!so || len == 0) {
		set_err(err, errlen, "sim: the image has no simulation model (MODL section)");
		return KILN_ERR_IMAGE;
	}
	/* The model is native code: run it only when this machine built it or the user vouched for it. */
	char digest[65];
	if (!kiln_model_trusted(so, len, digest)) {
		set_err(err, errlen,
		        "sim: the image's simulation model (SHA-256 %.16s...) was not built on this machine, "
		        "and Kiln does not run native code it cannot vouch for: rebuild the image here with "
		        "kiln-cc, or, if you trust its origin, run `kiln trust IMAGE` once",
		        digest);
		return KILN_ERR_IMAGE;
	}
	b->lib.dl = load_model_lib(so, len, kiln_image_hash(img), err, errlen);
	if (!b->lib.dl)
		return KILN_ERR_HW;
	/* the version first: a model of another ABI may lack entry points this one has */
	unsigned (*abi_version)(void);
	*(void **)&abi_version = dlsym(b->lib.dl, "ksim_abi_version");
	unsigned abi = abi_version ? abi_version() : 0;
	if (abi_version && abi == KSIM_ABI_VERSION && ksim_lib_resolve(&b->lib, b->lib.dl) != 0)
		abi_version = NULL;
	if (!abi_version) {
		set_err(err, errlen, "sim: the image's model lacks the ksim_* entry points");
		unload(b);
		return KILN_ERR_HW;
	}
	if (abi != KSIM_ABI_VERSION) {
		set_err(err, errlen, "sim: model ABI version %u, expected %u (rebuild the image)", abi,
		        KSIM_ABI_VERSION);
		unload(b);
		return KILN_ERR_HW;
	}
	const char *trace = getenv("KILN_TRACE");
	int (*traces)(void) = NULL;
	*(void **)&traces = dlsym(b->lib.dl, "ksim_traces");
	if (trace && *trace && traces && !traces()) {
		/* a waveform costs the model's compile about as much again, so it is built on request only */
		set_err(err, errlen,
		        "sim: KILN_TRACE is set, but this image's model was built without waveform support: "
		        "build the image with kiln-cc --trace");
		unload(b);
		return KILN_ERR_HW;
	}
	if (pthread_create(&b->thread, NULL, worker, b) != 0) {
		set_err(err, errlen, "sim: cannot start the model thread");
		unload(b);
		return KILN_ERR_NOMEM;
	}
	char *seg = NULL, *label = NULL;
	if (trace && *trace && b->ntrace < MAX_TRACE_SEGS &&
	    (b->trace_path || (b->trace_path = strdup(trace))) &&
	    asprintf(&seg, "%s.kiln-seg%d-%d.fst", b->trace_path, b->ntrace, (int)getpid()) > 0 &&
	    asprintf(&label, "image%d_%016llx", b->ntrace, (unsigned long long)kiln_image_hash(img)) > 0) {
		b->trace_segs[b->ntrace] = seg;
		b->trace_labels[b->ntrace] = label;
	}
	double period = b->cfg && b->cfg->clock_period_ns > 0 ? b->cfg->clock_period_ns : 10.0;
	struct sim_req r = {.op = OP_CREATE,
	                    .trace = b->ntrace < MAX_TRACE_SEGS ? b->trace_segs[b->ntrace] : NULL,
	                    .half_period_ps = (uint32_t)(period * 500.0 + 0.5)};
	if (call(b, &r) != KSIM_OK) {
		pthread_join(b->thread, NULL);
		set_err(err, errlen, "sim: the model could not be created%s%s",
		        r.trace ? " (trace file " : "", r.trace ? "unwritable?)" : "");
		if (r.trace) {
			free(b->trace_segs[b->ntrace]);
			free(b->trace_labels[b->ntrace]);
			b->trace_segs[b->ntrace] = b->trace_labels[b->ntrace] = NULL;
		}
		/* The worker already exited: nothing left on it to destroy. */
		dlclose(b->lib.dl);
		memset(&b->lib, 0, sizeof b->lib);
		return KILN_ERR_HW;
	}
	b->running = true;
	if (r.trace) {
		b->ntrace++;
		traced_add(b);
	}
	int rc = check_shell(b, err, errlen);
	if (rc == KILN_OK && b->pre && (rc = pre_flush(b)) != KILN_OK)
		set_err(err, errlen, "sim: writing the device memory kept while no image was loaded");
	if (rc != KILN_OK)
		unload(b);
	return rc;
}

static int status(int ksim_rc)
{
	switch (ksim_rc) {
	case KSIM_OK:
		return KILN_OK;
	case KSIM_BUS_ERROR:
		return KILN_ERR_BUS;
	case KSIM_TIMEOUT:
		return KILN_ERR_TIMEOUT;
	default:
		return KILN_ERR_HW;
	}
}

static int reset_sim(kiln_backend *b, char *err, size_t errlen)
{
	if (!b->running) {
		set_err(err, errlen, "sim: no image programmed");
		return KILN_ERR_STATE;
	}
	struct sim_req r = {.op = OP_RESET};
	return status(call(b, &r));
}

static int mmio_read_sim(kiln_backend *b, uint32_t addr, uint32_t *val)
{
	if (!b->running)
		return KILN_ERR_STATE;
	if (!val)
		return KILN_ERR_INVALID;
	return status(shell_read(b, addr, val));
}

static int mmio_write_strb_sim(kiln_backend *b, uint32_t addr, uint32_t val, uint32_t strb)
{
	if (!b->running)
		return KILN_ERR_STATE;
	struct sim_req r = {.op = OP_MMIO_WRITE, .addr = addr, .val = val, .strb = strb & 0xF};
	return status(call(b, &r));
}

static int mmio_block_sim(kiln_backend *b, uint32_t addr, uint32_t *words, size_t n, int write)
{
	if (!b->running)
		return KILN_ERR_STATE;
	if (!words && n)
		return KILN_ERR_INVALID;
	struct sim_req r = {.op = OP_MMIO_BLOCK, .addr = addr, .val = write != 0, .buf = words, .n = n};
	return status(call(b, &r));
}

static int mmio_write_sim(kiln_backend *b, uint32_t addr, uint32_t val)
{
	return mmio_write_strb_sim(b, addr, val, 0xF);
}

/* Copies N bytes at OFF between BUF and the memory kept while no model is loaded. */
static int pre_copy(kiln_backend *b, uint64_t off, uint8_t *buf, size_t n, bool write)
{
	uint64_t size = b->cfg ? b->cfg->devmem_bytes : 0;
	if (off > size || n > size - off)
		return KILN_ERR_INVALID;
	if (!b->pre && !write) {
		memset(buf, 0, n);
		return KILN_OK;
	}
	if (!b->pre && n) {
		b->npre = (size_t)((size + PRE_PAGE - 1) / PRE_PAGE);
		if (!(b->pre = calloc(b->npre, sizeof *b->pre)))
			return KILN_ERR_NOMEM;
	}
	while (n) {
		size_t pg = (size_t)(off / PRE_PAGE), at = (size_t)(off % PRE_PAGE);
		size_t take = PRE_PAGE - at < n ? PRE_PAGE - at : n;
		if (write && !b->pre[pg] && !(b->pre[pg] = calloc(1, PRE_PAGE)))
			return KILN_ERR_NOMEM;
		if (write)
			memcpy(b->pre[pg] + at, buf, take);
		else if (b->pre[pg])
			memcpy(buf, b->pre[pg] + at, take);
		else
			memset(buf, 0, take);
		buf += take;
		off += take;
		n -= take;
	}
	return KILN_OK;
}

static void pre_free(kiln_backend *b)
{
	for (size_t i = 0; i < b->npre; i++)
		free(b->pre[i]);
	free(b->pre);
	b->pre = NULL;
	b->npre = 0;
}

/* Moves the memory kept while no model was loaded into the new model; on failure it stays kept, for the
 * next model. */
static int pre_flush(kiln_backend *b)
{
	uint64_t size = b->cfg ? b->cfg->devmem_bytes : 0;
	for (size_t i = 0; i < b->npre; i++) {
		if (!b->pre[i])
			continue;
		uint64_t off = (uint64_t)i * PRE_PAGE;
		size_t n = size - off < PRE_PAGE ? (size_t)(size - off) : PRE_PAGE;
		struct sim_req r = {.op = OP_MEM_WRITE, .off = off, .cbuf = b->pre[i], .n = n};
		int rc = status(call(b, &r));
		if (rc != KILN_OK)
			return rc;
	}
	pre_free(b);
	return KILN_OK;
}

static int mem_read_sim(kiln_backend *b, uint64_t off, void *dst, size_t n)
{
	if (!dst && n)
		return KILN_ERR_INVALID;
	if (!b->running)
		return pre_copy(b, off, dst, n, false);
	struct sim_req r = {.op = OP_MEM_READ, .off = off, .buf = dst, .n = n};
	return status(call(b, &r));
}

static int mem_write_sim(kiln_backend *b, uint64_t off, const void *src, size_t n)
{
	if (!src && n)
		return KILN_ERR_INVALID;
	if (!b->running)
		return pre_copy(b, off, (uint8_t *)src, n, true);
	struct sim_req r = {.op = OP_MEM_WRITE, .off = off, .cbuf = src, .n = n};
	return status(call(b, &r));
}

static int wait_irq_sim(kiln_backend *b, uint64_t max_cycles, uint64_t *cycles)
{
	if (!b->running)
		return KILN_ERR_STATE;
	struct sim_req r = {.op = OP_RUN, .max_cycles = max_cycles};
	int rc = status(call(b, &r));
	if (cycles)
		*cycles = r.out64;
	return rc;
}

static uint64_t cycles_sim(kiln_backend *b)
{
	if (!b->running)
		return 0;
	struct sim_req r = {.op = OP_CYCLES};
	call(b, &r);
	return r.out64;
}

const kiln_backend_ops kiln_sim_backend_ops = {
    .name = "sim",
    .open = open_sim,
    .close = close_sim,
    .program = program_sim,
    .reset = reset_sim,
    .mmio_read = mmio_read_sim,
    .mmio_write = mmio_write_sim,
    .mmio_write_strb = mmio_write_strb_sim,
    .mmio_block = mmio_block_sim,
    .mem_read = mem_read_sim,
    .mem_write = mem_write_sim,
    .wait_irq = wait_irq_sim,
    .cycles = cycles_sim,
};

// SPDX-License-Identifier: Apache-2.0
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* A waiting kernel looks up from the board this often (cycles), to let other threads' calls in. */
#define WAIT_SLICE_CYCLES 65536u

/* Between slices of a kernel's wait: when other threads are blocked on the device lock, hand it over and
 * take it back once they got it (bounded, so that a busy host cannot starve the kernel's waiter). */
static void let_others_in(kiln_device *d)
{
	if (!atomic_load(&d->lock_waiters))
		return;
	pthread_mutex_unlock(&d->lock);
	for (int i = 0; i < 1000 && atomic_load(&d->lock_waiters); i++)
		sched_yield();
	pthread_mutex_lock(&d->lock);
}

/* Waits for the interrupt in slices within the watchdog budget; the device lock is held on entry and exit. */
static int wait_done(kiln_device *d, uint64_t *ran)
{
	uint64_t budget = d->cfg.watchdog_cycles;
	*ran = 0;
	for (;;) {
		uint64_t left = budget - *ran, got = 0;
		uint64_t slice = left < WAIT_SLICE_CYCLES ? left : WAIT_SLICE_CYCLES;
		int st = d->ops->wait_irq(d->be, slice, &got);
		*ran += st == KILN_ERR_TIMEOUT && got < slice ? slice : got;
		if (st != KILN_ERR_TIMEOUT || *ran >= budget)
			return st;
		let_others_in(d);
	}
}

int kiln_kernel_get(kiln_program *p, const char *name, kiln_kernel **out)
{
	if (!p || !name || !out)
		return kiln__fail(KILN_ERR_INVALID, "kiln_kernel_get: NULL argument");
	const kiln_kernel_desc *kd = kiln_desc_find_kernel(&p->desc, name);
	if (!kd)
		return kiln__fail(KILN_ERR_NOT_FOUND, "no kernel named '%s' in the image", name);
	*out = &p->kernels[kd - p->desc.kernels];
	return kiln__ok();
}

int kiln_kernel_num_args(const kiln_kernel *k)
{
	return k ? (int)k->desc->nargs : kiln__fail(KILN_ERR_INVALID, "kiln_kernel_num_args: NULL kernel");
}

int kiln_kernel_arg_info(const kiln_kernel *k, unsigned index, const char **name, size_t *size,
                         int *is_pointer)
{
	if (!k || index >= k->desc->nargs)
		return kiln__fail(KILN_ERR_INVALID, "kiln_kernel_arg_info: no argument %u", index);
	const kiln_arg_desc *a = &k->desc->args[index];
	if (name)
		*name = a->name;
	if (size)
		*size = a->size;
	if (is_pointer)
		*is_pointer = a->kind == KILN_ARG_POINTER;
	return kiln__ok();
}

int kiln_kernel_dims(const kiln_kernel *k)
{
	return k ? (int)k->desc->dims : kiln__fail(KILN_ERR_INVALID, "kiln_kernel_dims: NULL kernel");
}

int kiln_kernel_set_arg(kiln_kernel *k, unsigned index, size_t size, const void *value)
{
	if (!k || !value)
		return kiln__fail(KILN_ERR_INVALID, "kiln_kernel_set_arg: NULL argument");
	if (index >= k->desc->nargs)
		return kiln__fail(KILN_ERR_INVALID, "kernel '%s' has %zu arguments; index %u is out of range",
		                  k->desc->name, k->desc->nargs, index);
	const kiln_arg_desc *a = &k->desc->args[index];
	if (size != a->size)
		return kiln__fail(KILN_ERR_INVALID, "kernel '%s' argument %u ('%s') takes %u bytes, not %zu",
		                  k->desc->name, index, a->name, a->size, size);
	uint64_t v = 0;
	memcpy(&v, value, size); /* little-endian host, as the hardware */
	pthread_mutex_lock(&k->prog->args_lock);
	k->args[index] = v;
	k->set[index] = 1;
	pthread_mutex_unlock(&k->prog->args_lock);
	return kiln__ok();
}

int kiln__kernel_snapshot(kiln_kernel *k, uint64_t *args)
{
	int st = KILN_OK;
	pthread_mutex_lock(&k->prog->args_lock);
	for (size_t i = 0; i < k->desc->nargs && st == KILN_OK; i++) {
		if (!k->set[i])
			st = kiln__fail(KILN_ERR_STATE, "kernel '%s': argument %zu ('%s') is not set",
			                k->desc->name, i, k->desc->args[i].name);
		args[i] = k->args[i];
	}
	pthread_mutex_unlock(&k->prog->args_lock);
	return st;
}

int kiln__kernel_ranges(kiln_kernel *k, const size_t *offset, const size_t *global, const size_t *local,
                        kiln__ranges *r)
{
	for (int dim = 0; dim < 3; dim++) {
		r->g[dim] = r->l[dim] = 1;
		r->o[dim] = 0;
	}
	if (!global) {
		if (k->desc->kind != KILN_KERNEL_SINGLE_TASK)
			return kiln__fail(KILN_ERR_INVALID,
			                  "kernel '%s' is an nd-range kernel; use kiln_kernel_run_nd",
			                  k->desc->name);
		return KILN_OK;
	}
	if (k->desc->kind != KILN_KERNEL_ND_RANGE)
		return kiln__fail(KILN_ERR_INVALID,
		                  "kernel '%s' is a single-task kernel; use kiln_kernel_run", k->desc->name);
	for (uint32_t dim = 0; dim < k->desc->dims; dim++) {
		size_t lv = local ? local[dim] : 1;
		if (global[dim] == 0 || global[dim] > UINT32_MAX || lv == 0 || global[dim] % lv)
			return kiln__fail(
			    KILN_ERR_INVALID,
			    "kernel '%s': dimension %u: global range %zu must be a non-zero multiple of "
			    "the work-group size %zu",
			    k->desc->name, dim, global[dim], lv);
		size_t ov = offset ? offset[dim] : 0;
		if (ov > UINT32_MAX - global[dim])
			return kiln__fail(
			    KILN_ERR_INVALID,
			    "kernel '%s': dimension %u: global offset %zu plus range %zu passes the "
			    "32-bit work-item ids",
			    k->desc->name, dim, ov, global[dim]);
		r->g[dim] = (uint32_t)global[dim];
		r->l[dim] = (uint32_t)lv;
		r->o[dim] = (uint32_t)ov;
	}
	return KILN_OK;
}

/* The shell drops a kernel's device-memory access outside the memory (or in the null page) and records the
 * first one in MEM_ERR: report it against the kernel that just ran, and clear it so that the board stays
 * usable. */
static int check_mem_access(kiln_device *d, const char *kernel)
{
	uint32_t err = 0, addr = 0;
	int st = d->ops->mmio_read(d->be, KILN_SHELL_BASE + KILN_SHELL_MEM_ERR, &err);
	if (st != KILN_OK || !(err & 1))
		return st;
	if ((st = d->ops->mmio_read(d->be, KILN_SHELL_BASE + KILN_SHELL_MEM_ERR_ADDR, &addr)) ||
	    (st = d->ops->mmio_write(d->be, KILN_SHELL_BASE + KILN_SHELL_MEM_ERR, 1)))
		return st;
	const char *how = err & 2 ? "wrote" : "read";
	if (addr < KILN_NULL_PAGE_BYTES)
		return kiln__fail(KILN_ERR_MEM_ACCESS,
		                  "kernel '%s' %s at address 0x%08x, in the null page (through a null "
		                  "pointer?): the access was dropped",
		                  kernel, how, addr);
	if (addr >= KILN_ADDR_BEYOND)
		return kiln__fail(KILN_ERR_MEM_ACCESS,
		                  "kernel '%s' %s at an address above 4 GiB (high bits set; 0x%08x in "
		                  "hardware) or just below 4 GiB (a little before a null pointer), outside "
		                  "the device's memory: the access was dropped",
		                  kernel, how, addr);
	return kiln__fail(
	    KILN_ERR_MEM_ACCESS,
	    "kernel '%s' %s device memory at 0x%08x, outside its %llu bytes: the access was dropped", kernel,
	    how, addr, (unsigned long long)d->cfg.devmem_bytes);
}

/* Writes arguments and ranges, starts the kernel and waits for its interrupt; the device lock is held. */
static int launch(kiln_kernel *k, const uint64_t *args, const kiln__ranges *r, uint64_t *cycles)
{
	kiln_program *p = k->prog;
	kiln_device *d = p->dev;
	const kiln_kernel_desc *kd = k->desc;
	int st;
	if (!p->ctx)
		return kiln__fail(KILN_ERR_STATE, "kernel '%s': its program was released", kd->name);
	if (kd->missing_sets && *kd->missing_sets)
		return kiln__fail(
		    KILN_ERR_UNSUPPORTED,
		    "kernel '%s' is not supported on board '%s': it calls through virtual-function "
		    "set(s) %s, which use an aspect the board lacks (kiln-cc left them out of the "
		    "image, or linked their dummies)",
		    kd->name, p->desc.board, kd->missing_sets);
	kiln__board_wait_idle(d);
	if ((st = kiln__board_acquire(p, 0)) != KILN_OK)
		return st;
	for (size_t i = 0; i < kd->nargs; i++) {
		if ((st = kiln__img_write(d, kd->args[i].offset, (uint32_t)args[i])))
			return st;
		if (kd->args[i].size == 8 &&
		    (st = kiln__img_write(d, kd->args[i].offset + 4, (uint32_t)(args[i] >> 32))))
			return st;
	}
	for (uint32_t dim = 0; dim < kd->dims; dim++)
		if ((st = kiln__img_write(d, kd->base + KILN_KERNEL_GRANGE + 4 * dim, r->g[dim])) ||
		    (st = kiln__img_write(d, kd->base + KILN_KERNEL_LRANGE + 4 * dim, r->l[dim])) ||
		    (st = kiln__img_write(d, kd->base + KILN_KERNEL_GOFF + 4 * dim, r->o[dim])))
			return st;
	uint32_t bit = 1u << k->index;
	if ((st = kiln__debug_before(k)))
		return st;
	if ((st = kiln__img_write(d, KILN_IMG_IRQ_STATUS, bit)) ||
	    (st = kiln__img_write(d, KILN_IMG_IRQ_ENABLE, bit)) ||
	    (st = kiln__img_write(d, kd->base + KILN_KERNEL_CTRL, KILN_KERNEL_CTRL_START)))
		return st;
	uint64_t ran = 0;
	d->running = k;
	st = wait_done(d, &ran);
	d->running = NULL;
	pthread_cond_broadcast(&d->idle);
	if (st == KILN_ERR_TIMEOUT) {
		char err[256];
		/* A hung kernel holds the board: reset it so that the next call finds it usable. */
		d->n_resets++;
		d->ops->reset(d->be, err, sizeof err);
		return kiln__fail(
		    KILN_ERR_TIMEOUT,
		    "kernel '%s' did not finish within %llu cycles (hung?); the board was reset", kd->name,
		    (unsigned long long)d->cfg.watchdog_cycles);
	}
	if (st != 0)
		return kiln__fail(st, "waiting for kernel '%s'", kd->name);
	uint32_t status = 0, lo = 0, hi = 0;
	if ((st = kiln__img_read(d, KILN_IMG_IRQ_STATUS, &status)))
		return st;
	if (!(status & bit))
		return kiln__fail(KILN_ERR_HW, "interrupt without kernel '%s' finishing (IRQ_STATUS 0x%x)",
		                  kd->name, status);
	if ((st = kiln__img_write(d, KILN_IMG_IRQ_STATUS, bit)) ||
	    (st = kiln__img_read(d, kd->base + KILN_KERNEL_CYCLES_LO, &lo)) ||
	    (st = kiln__img_read(d, kd->base + KILN_KERNEL_CYCLES_HI, &hi)))
		return st;
	if (cycles)
		*cycles = (uint64_t)hi << 32 | lo;
	int said = kiln__debug_after(k); /* what it printed, and whether it stopped itself */
	st = check_mem_access(d, kd->name);
	return st ? st : said;
}

int kiln__kernel_exec(kiln_kernel *k, const uint64_t *args, const kiln__ranges *r, uint64_t *cycles,
                      uint64_t *t_start)
{
	kiln_device *d = k->prog->dev;
	kiln__dev_lock(d);
	if (t_start)
		*t_start = kiln__now_ns();
	int st = launch(k, args, r, cycles);
	kiln__dev_unlock(d);
	return st;
}

/* The synchronous launches: snapshot, run, wait. */
static int run_now(kiln_kernel *k, const size_t *offset, const size_t *global, const size_t *local,
                   uint64_t *cycles)
{
	kiln__ranges r;
	int st = kiln__kernel_ranges(k, offset, global, local, &r);
	if (st != KILN_OK)
		return st;
	uint64_t *args = calloc(k->desc->nargs + 1, sizeof *args);
	if (!args)
		return kiln__fail(KILN_ERR_NOMEM, "out of memory");
	kiln__program_retain(k->prog); /* a release by another thread meanwhile must not free it */
	if ((st = kiln__kernel_snapshot(k, args)) == KILN_OK)
		st = kiln__kernel_exec(k, args, &r, cycles, NULL);
	kiln__program_unref(k->prog);
	free(args);
	return st ? st : kiln__ok();
}

int kiln_kernel_run(kiln_kernel *k, uint64_t *cycles)
{
	if (!k)
		return kiln__fail(KILN_ERR_INVALID, "kiln_kernel_run: NULL kernel");
	return run_now(k, NULL, NULL, NULL, cycles);
}

int kiln_kernel_run_nd(kiln_kernel *k, const size_t *global, const size_t *local, uint64_t *cycles)
{
	if (!k || !global)
		return kiln__fail(KILN_ERR_INVALID, "kiln_kernel_run_nd: NULL argument");
	return run_now(k, NULL, global, local, cycles);
}

int kiln_kernel_run_nd_offset(kiln_kernel *k, const size_t *offset, const size_t *global, const size_t *local,
                              uint64_t *cycles)
{
	if (!k || !global)
		return kiln__fail(KILN_ERR_INVALID, "kiln_kernel_run_nd_offset: NULL argument");
	return run_now(k, offset, global, local, cycles);
}

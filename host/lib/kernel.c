// SPDX-License-Identifier: Apache-2.0
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define IRQ_STATUS 0x14u
#define IRQ_ENABLE 0x18u
#define CTRL_START 0x1u

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

int kiln__kernel_ranges(kiln_kernel *k, const size_t *global, const size_t *local, uint32_t *g, uint32_t *l)
{
	for (int dim = 0; dim < 3; dim++)
		g[dim] = l[dim] = 1;
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
		g[dim] = (uint32_t)global[dim];
		l[dim] = (uint32_t)lv;
	}
	return KILN_OK;
}

/* The shell drops a kernel's device-memory access outside the memory and records the first one in MEM_ERR:
 * report it against the kernel that just ran, and clear it so that the board stays usable. */
static int check_mem_access(kiln_device *d, const char *kernel)
{
	uint32_t err = 0, addr = 0;
	int st = d->ops->mmio_read(d->be, KILN_SHELL_BASE + KILN_SHELL_MEM_ERR, &err);
	if (st != KILN_OK || !(err & 1))
		return st;
	if ((st = d->ops->mmio_read(d->be, KILN_SHELL_BASE + KILN_SHELL_MEM_ERR_ADDR, &addr)) ||
	    (st = d->ops->mmio_write(d->be, KILN_SHELL_BASE + KILN_SHELL_MEM_ERR, 1)))
		return st;
	return kiln__fail(
	    KILN_ERR_MEM_ACCESS,
	    "kernel '%s' %s device memory at 0x%08x, outside its %llu bytes: the access was dropped", kernel,
	    err & 2 ? "wrote" : "read", addr, (unsigned long long)d->cfg.devmem_bytes);
}

/* Writes arguments and ranges, starts the kernel and waits for its interrupt; the device lock is held. */
static int launch(kiln_kernel *k, const uint64_t *args, const uint32_t *global, const uint32_t *local,
                  uint64_t *cycles)
{
	kiln_program *p = k->prog;
	kiln_device *d = p->dev;
	const kiln_kernel_desc *kd = k->desc;
	int st;
	if (!p->ctx)
		return kiln__fail(KILN_ERR_STATE, "kernel '%s': its program was released", kd->name);
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
		if ((st = kiln__img_write(d, kd->base + 0x10 + 4 * dim, global[dim])) ||
		    (st = kiln__img_write(d, kd->base + 0x1C + 4 * dim, local[dim])))
			return st;
	uint32_t bit = 1u << k->index;
	if ((st = kiln__img_write(d, IRQ_STATUS, bit)) || (st = kiln__img_write(d, IRQ_ENABLE, bit)) ||
	    (st = kiln__img_write(d, kd->base, CTRL_START)))
		return st;
	uint64_t ran = 0;
	st = d->ops->wait_irq(d->be, d->cfg.watchdog_cycles, &ran);
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
	if ((st = kiln__img_read(d, IRQ_STATUS, &status)))
		return st;
	if (!(status & bit))
		return kiln__fail(KILN_ERR_HW, "interrupt without kernel '%s' finishing (IRQ_STATUS 0x%x)",
		                  kd->name, status);
	if ((st = kiln__img_write(d, IRQ_STATUS, bit)) || (st = kiln__img_read(d, kd->base + 0x08, &lo)) ||
	    (st = kiln__img_read(d, kd->base + 0x0C, &hi)))
		return st;
	if (cycles)
		*cycles = (uint64_t)hi << 32 | lo;
	return check_mem_access(d, kd->name);
}

int kiln__kernel_exec(kiln_kernel *k, const uint64_t *args, const uint32_t *g, const uint32_t *l,
                      uint64_t *cycles, uint64_t *t_start)
{
	kiln_device *d = k->prog->dev;
	pthread_mutex_lock(&d->lock);
	if (t_start)
		*t_start = kiln__now_ns();
	int st = launch(k, args, g, l, cycles);
	pthread_mutex_unlock(&d->lock);
	return st;
}

/* The synchronous launches: snapshot, run, wait. */
static int run_now(kiln_kernel *k, const size_t *global, const size_t *local, uint64_t *cycles)
{
	uint32_t g[3], l[3];
	int st = kiln__kernel_ranges(k, global, local, g, l);
	if (st != KILN_OK)
		return st;
	uint64_t *args = calloc(k->desc->nargs + 1, sizeof *args);
	if (!args)
		return kiln__fail(KILN_ERR_NOMEM, "out of memory");
	if ((st = kiln__kernel_snapshot(k, args)) == KILN_OK)
		st = kiln__kernel_exec(k, args, g, l, cycles, NULL);
	free(args);
	return st ? st : kiln__ok();
}

int kiln_kernel_run(kiln_kernel *k, uint64_t *cycles)
{
	if (!k)
		return kiln__fail(KILN_ERR_INVALID, "kiln_kernel_run: NULL kernel");
	return run_now(k, NULL, NULL, cycles);
}

int kiln_kernel_run_nd(kiln_kernel *k, const size_t *global, const size_t *local, uint64_t *cycles)
{
	if (!k || !global)
		return kiln__fail(KILN_ERR_INVALID, "kiln_kernel_run_nd: NULL argument");
	return run_now(k, global, local, cycles);
}

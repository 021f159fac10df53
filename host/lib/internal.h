/* libkiln's private types, shared by the files of host/lib (one file per API area). */
#ifndef KILN_LIB_INTERNAL_H
#define KILN_LIB_INTERNAL_H
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>

#include "host/backend/backend.h"
#include "host/common/board.h"
#include "host/common/desc.h"
#include "host/common/image.h"
#include "host/common/regmap.h"
#include "kiln/kiln.h"
#include "devmem_alloc.h"

#define KILN_IMAGE_BASE 0x10000u /* host address of image space on every Kiln shell */
#define KILN_ID_MAGIC 0x4B494C4Eu
#define KILN_LAYOUT_VERSION 1u

struct kiln_device {
	kiln_board_config cfg;
	const kiln_backend_ops *ops;
	kiln_backend *be;
	pthread_mutex_t lock;    /* serialises every use of the board */
	uint64_t loaded_hash;    /* image currently on the board, 0 when none */
	kiln_devmem_alloc mem;
};

struct kiln_kernel {
	kiln_program *prog;
	const kiln_kernel_desc *desc;
	unsigned index;          /* kernel number in the image (its IRQ bit) */
	uint64_t *args;          /* argument values */
	uint8_t *set;            /* which arguments were set */
};

struct kiln_program {
	kiln_device *dev;
	kiln_image *img;
	kiln_desc desc;
	kiln_regmap regmap;
	char *regmap_text;
	kiln_kernel *kernels;
	uint64_t *usm;           /* device address of each usm global (index as desc.dgs), 0 otherwise */
};

/* Records MSG (printf-style) as this thread's last error and returns STATUS. */
int kiln__fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Clears this thread's last error; returns KILN_OK. */
int kiln__ok(void);

/* Register access in image space (OFFSET relative to the image base); the device lock must be held. */
int kiln__img_read(kiln_device *dev, uint32_t offset, uint32_t *val);
int kiln__img_write(kiln_device *dev, uint32_t offset, uint32_t val);
/* Puts PROG's hardware on the board and initialises its usm globals; the device lock must be held. */
int kiln__program_board(kiln_program *prog);

#endif

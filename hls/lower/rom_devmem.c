// SPDX-License-Identifier: Apache-2.0
/* A constant table is a ROM inside each kernel that reads it: on a small part (a UP5K has 15 KiB of block
 * RAM) one large table does not fit, where device memory (the UP5K's 128 KiB of SPRAM) holds it easily. The
 * image's device globals that are not device_image_scope already live in device memory, allocated and
 * initialised by the runtime when it loads the image, with their address in a register kernels read; so
 * such a table becomes one of them, which the host may not access. One copy then serves every kernel, and
 * its reads take the device-memory port's latency instead of the ROM's cycle. */
#include "rom_devmem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "../ir/global_attrs.h"
#include "../ir/ir_util.h"
#include "../support/xalloc.h"
#include "host/common/desc.h"
#include "host/common/sha256.h"

int rom_to_devmem(LLVMModuleRef mod, uint32_t max_bytes)
{
	LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
	int moved = 0;
	for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g)) {
		if (!LLVMIsGlobalConstant(g) || !LLVMGetInitializer(g) || LLVMIsExternallyInitialized(g) ||
		    ir_is_device_global(g) || !LLVMGetFirstUse(g))
			continue;
		uint64_t size = LLVMABISizeOfType(td, LLVMGlobalGetValueType(g));
		if (size <= max_bytes)
			continue;
		/* A device global's unique id names one variable across a context's images, which then share
		 * its storage: two images' tables of one name and other contents must not, so the id carries
		 * the contents' digest (equal tables may share; a table whose bytes cannot be laid out stays
		 * a ROM, where its kernel reports it). */
		uint8_t *bytes = xcalloc(size + 1, 1);
		if (ir_const_bytes(td, LLVMGetInitializer(g), bytes, size) != 0) {
			free(bytes);
			continue;
		}
		char digest[65];
		kiln_sha256_hex(bytes, size, digest);
		free(bytes);
		size_t n = 0;
		const char *name = LLVMGetValueName2(g, &n);
		char *uid = xcalloc(sizeof ROM_DEVMEM_PREFIX + n + 18, 1);
		memcpy(uid, ROM_DEVMEM_PREFIX, sizeof ROM_DEVMEM_PREFIX - 1);
		memcpy(uid + sizeof ROM_DEVMEM_PREFIX - 1, name, n);
		snprintf(uid + sizeof ROM_DEVMEM_PREFIX - 1 + n, 18, ".%.16s", digest);
		char buf[32];
		snprintf(buf, sizeof buf, "%llu", (unsigned long long)size);
		kiln_global_set_attr(g, "sycl-device-global-size", buf);
		kiln_global_set_attr(g, "sycl-unique-id", uid);
		snprintf(buf, sizeof buf, "%d", (int)KILN_HA_NONE);
		kiln_global_set_attr(g, "sycl-host-access", buf);
		free(uid);
		moved++;
	}
	LLVMDisposeTargetData(td);
	return moved;
}

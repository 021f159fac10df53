// SPDX-License-Identifier: Apache-2.0
/* Device code split (sycl-post-link's -split): one device image for all kernels, one per source file, or one
 * per kernel; and the rule that a device_image_scope global lives in exactly one image. */
#ifndef KILN_SPLIT_H
#define KILN_SPLIT_H
#include <llvm-c/Core.h>

enum split_mode { SPLIT_OFF = 0, SPLIT_PER_SOURCE, SPLIT_PER_KERNEL };

/* Parses "off", "per_source"/"source", "per_kernel"/"kernel" (sycl-post-link spells them without "per_");
 * 0, or -1 for anything else. */
int postlink_split_mode(const char *s, enum split_mode *m);
/* How an image keeps what its kernels do not reach. */
enum split_keep {
	SPLIT_FOR_HLS,  /* kiln-cc: a split image's non-kernels become internal; one image is MOD as it is
	                 * (every device global stays: the host may reach one no kernel uses) */
	SPLIT_AS_DPCPP, /* kiln-post-link, as sycl-post-link: SYCL_EXTERNAL functions are entries too (images
	                 * without kernels follow from them), linkage kept, device globals trimmed from
	                 * llvm.used and llvm.compiler.used, what no entry reaches dropped, in every mode */
	SPLIT_AS_DPCPP_KERNELS, /* the same with -emit-only-kernels-as-entry-points: only kernels are entries
	                         */
};
/* Whether FN is an entry point of an image under KEEP (a kernel; a SYCL_EXTERNAL function with
 * SPLIT_AS_DPCPP).
 */
int postlink_is_entry(LLVMValueRef fn, enum split_keep keep);
/* Splits MOD into device-image modules (*OUT, malloc'd array). With one image the only entry is MOD itself;
 * otherwise each entry is a clone holding its entry points and what they use. With KEYS, *KEYS gets each
 * image's split key (postlink_free_keys). Returns the count, -1 on error. */
int postlink_split(LLVMModuleRef mod, enum split_mode m, enum split_keep keep, LLVMModuleRef **out,
                   char ***keys);
/* Frees the N keys postlink_split gave. */
void postlink_free_keys(char **keys, int n);
/* Whether FN is an entry point of the image whose split key is KEY (a function another image's entry point
 * calls keeps its own key). */
int postlink_is_image_entry(LLVMValueRef fn, enum split_mode m, enum split_keep keep, const char *key);
/* On MOD before the split: reports REFERENCE §3's error for every device_image_scope global that entry
 * points of more than one image use, with a note naming two of them. Returns the number of errors. */
int postlink_check_image_scope(LLVMModuleRef mod, enum split_mode m, enum split_keep keep);

#endif

// SPDX-License-Identifier: Apache-2.0
/* The if_device / if_host markers of a single-source module (seed 000): the functions that carry
 * "sycl-call-if-on-device" or "sycl-call-if-on-host" (kiln/device.h spells them __kiln_call_if_on_device and
 * __kiln_call_if_on_host, and reaches the attributes through annotate()). */
#ifndef KILN_SINGLE_MARKERS_H
#define KILN_SINGLE_MARKERS_H
#include <llvm-c/Core.h>

#define SINGLE_ON_DEVICE_ATTR "sycl-call-if-on-device"
#define SINGLE_ON_HOST_ATTR "sycl-call-if-on-host"

/* Turns the annotations that name the seed's attributes into those string attributes ("=true") on their
 * functions; the annotations stay for lower_annotations, which ignores them. Returns the markers found. */
int single_markers_lower(LLVMModuleRef mod);
/* 1 for an if_device marker, 2 for an if_host marker, else 0. */
int single_marker_kind(LLVMValueRef fn);
/* Decides the markers of MOD for one side (ON_DEVICE: the device module): the marker of the other side gets
 * its body deleted (`ret i1 false`), this side's `ret i1 true`; both lose noinline, and every call is
 * replaced by that constant, which is what inlining the one-instruction body does. Running simplifycfg
 * afterwards removes the dead branches. The markers stay weak, so that a dead-global sweep keeps them. */
void single_markers_resolve(LLVMModuleRef mod, int on_device);
/* Gives MOD's markers internal linkage: nothing outside the module may replace a decided marker, and the
 * optimiser may drop them once unused. */
void single_markers_internalize(LLVMModuleRef mod);

#endif

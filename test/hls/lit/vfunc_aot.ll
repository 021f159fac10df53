; SPDX-License-Identifier: Apache-2.0
; vfunc-aot: virtual-function sets that use an aspect the board lacks leave the image (seed 001's AOT
; half). On a board without fp64, set_fp64 (area64, fp64 through the helper it calls) goes and its vtable
; slot becomes null, while the default set stays; the kernels calling through the dropped set are emptied
; (the runtime refuses to launch them, and says so), and each decision is noted. On a board with fp64
; nothing changes. The input is test/postlink/vf_aspects.ll, which the post-link tests share.
;
; RUN: kiln-opt -p vfunc-aot --board sim-nofp64 %S/../../postlink/vf_aspects.ll 2>%t.notes | FileCheck %s
; RUN: FileCheck %s --check-prefix NOTES -input-file=%t.notes
; RUN: kiln-opt -p vfunc-aot --board sim %S/../../postlink/vf_aspects.ll 2>&1 | FileCheck %s --check-prefix FP64

; CHECK: @vt_shape = {{.*}}[ptr addrspace(4) addrspacecast (ptr @area32 to ptr addrspace(4)), ptr addrspace(4) null]
; CHECK-NOT: define {{.*}}@area64(
; CHECK: define {{.*}} @area32(
; CHECK-LABEL: define weak_odr dso_local spir_kernel void @UseFP64(
; CHECK-NEXT: entry:
; CHECK-NEXT:   ret void
; CHECK-LABEL: define weak_odr dso_local spir_kernel void @UseBoth(
; CHECK-NEXT: entry:
; CHECK-NEXT:   ret void
; CHECK-LABEL: define weak_odr dso_local spir_kernel void @Direct(
; CHECK-NEXT: entry:
; CHECK-NEXT:   call spir_func double @twice(

; NOTES: note: board 'sim-nofp64' lacks an aspect virtual-function set 'set_fp64' uses: the set is left out of the image
; NOTES: note: kernel 'UseFP64' calls through set_fp64, which needs fp64

; FP64-NOT: note:
; FP64: define {{.*}} @area64(
; FP64: define weak_odr dso_local spir_kernel void @UseFP64(
; FP64-NEXT: entry:
; FP64-NEXT: load

; SPDX-License-Identifier: Apache-2.0
; kiln-post-link keeps what sycl-post-link keeps (a weak_odr device global in every image); kiln-cc, which
; builds hardware, drops on its own side what an image's kernels do not reach: with --split each image keeps
; only the device globals its kernels use, weak_odr ones included. (Compiling one image, kiln-cc keeps every
; device global: the host may reach one no kernel uses.)
;
; RUN: kiln-post-link --device-globals --split=kernel -S %s -o %t.table
; RUN: FileCheck %s -input-file=%t_0.ll --check-prefix CHECK-PL
; RUN: kiln-cc -q --split per_kernel --stop-after postlink -o %t.kimg %s
; RUN: FileCheck %s -input-file=%t_0.kimg.d/device.ll --check-prefix CHECK-CC-B
; RUN: FileCheck %s -input-file=%t_1.kimg.d/device.ll --check-prefix CHECK-CC-A
; RUN: FileCheck %s --allow-empty -input-file=%t_0.kimg.d/image.prop --check-prefix CHECK-PROP-B

target triple = "spir64-unknown-unknown"

@dg_weak = weak_odr addrspace(1) global i32 0, align 4 #0

define weak_odr spir_kernel void @KA(ptr addrspace(1) %out) {
entry:
  %v = load i32, ptr addrspace(1) @dg_weak, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

define weak_odr spir_kernel void @KB(ptr addrspace(1) %out) {
entry:
  store i32 7, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="dg_weak" }

; kiln-post-link's image of KB (image 0: kernel names descending) still defines the global.
; CHECK-PL: @dg_weak = weak_odr addrspace(1) global i32 0
; CHECK-PL: define weak_odr spir_kernel void @KB(

; CHECK-CC-A: @dg_weak = {{.*}}addrspace(1) global i32 0
; CHECK-CC-A: define {{.*}}spir_kernel void @KA(
; CHECK-CC-B-NOT: @dg_weak
; CHECK-CC-B: define {{.*}}spir_kernel void @KB(
; CHECK-PROP-B-NOT: dg_weak

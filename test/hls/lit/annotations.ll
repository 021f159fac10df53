; SPDX-License-Identifier: Apache-2.0
; annotations, the first pass on C (through kiln-cc, which compiles Inputs/annotated.c and stops after it):
; kiln/device.h's device-global annotation becomes DPC++'s attributes (size, image scope, implement in CSR,
; the unique id), and the kernel is renamed __sycl_kernel_<name>, given SPIR's kernel calling convention and
; marked single-task with its translation unit's sycl-module-id.
;
; RUN: kiln-cc -q --stop-after annotations -o %t.kimg %S/Inputs/annotated.c
; RUN: FileCheck %s -input-file=%t.kimg.d/annotations.ll

; CHECK: @counter = {{.*}}global i32 0, {{.*}}#[[DG:[0-9]+]]
; CHECK: define {{.*}}spir_kernel void @__sycl_kernel_bump(i32 {{.*}}%n) #[[K:[0-9]+]]
; CHECK-NOT: define {{.*}} @bump(
; CHECK: attributes #[[DG]] = { "sycl-device-global-size"="4" "sycl-device-image-scope" "sycl-implement-in-csr"="true" "sycl-unique-id"="counter" }
; CHECK: attributes #[[K]] = { {{.*}}"sycl-module-id"="{{.*}}Inputs/annotated.c" "sycl-single-task-kernel"

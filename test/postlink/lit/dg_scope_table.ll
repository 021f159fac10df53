; SPDX-License-Identifier: Apache-2.0
; device_image_scope is judged as sycl-post-link judges it, on the module before the split: @dg is used by
; @E alone (b.cpp's SYCL_EXTERNAL function), so a weak table naming @E, kept in every image, makes no
; conflict; and only the image of @E's own source lists it among its entry points.
;
; RUN: kiln-post-link --device-globals -split=source -symbols -properties -S %s -o %t.table
; RUN: FileCheck %s --check-prefix SYM-B -input-file=%t_0.sym
; RUN: FileCheck %s --check-prefix SYM-A -input-file=%t_1.sym

target triple = "spir64-unknown-unknown"
@dg = internal addrspace(1) global i32 0, align 4 #0
@tbl = weak_odr addrspace(1) global ptr @E, align 8

define spir_func void @E() #2 {
  store i32 1, ptr addrspace(1) @dg
  ret void
}
define weak_odr spir_kernel void @KA() #1 {
  ret void
}
define weak_odr spir_kernel void @KB() #2 {
  ret void
}
attributes #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="uid" "sycl-device-image-scope" }
attributes #1 = { "sycl-module-id"="a.cpp" }
attributes #2 = { "sycl-module-id"="b.cpp" }

; SYM-B-DAG: KB
; SYM-B-DAG: E
; SYM-A: KA
; SYM-A-NOT: E

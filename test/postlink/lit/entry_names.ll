; SPDX-License-Identifier: Apache-2.0
; An entry point that is no kernel (a SYCL_EXTERNAL function) has its name written in .sym files and
; messages too: one holding control characters is refused at its line, like a kernel's, and nothing is
; written.
;
; RUN: not kiln-post-link --device-globals -split=source -symbols %s -o %t.table 2>&1 | FileCheck %s
; RUN: not ls %t.table

target triple = "spir64-unknown-unknown"
@dg = weak_odr addrspace(1) global i32 0, align 4 #0
define weak_odr spir_func void @"evil\1B[31mRED\0A\07"() #2 {
  store i32 1, ptr addrspace(1) @dg
  ret void
}
define weak_odr spir_kernel void @K1() #1 {
  store i32 2, ptr addrspace(1) @dg
  ret void
}
attributes #0 = { "sycl-device-global-size"="4" "sycl-device-image-scope" }
attributes #1 = { "sycl-module-id"="a.cpp" }
attributes #2 = { "sycl-module-id"="b.cpp" }

; CHECK: in function 'evil\033[31mRED\012\007': the entry point's name 'evil\033[31mRED\012\007' holds a control character

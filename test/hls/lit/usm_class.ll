; SPDX-License-Identifier: Apache-2.0
; usm-class: DPC++'s USM-backed device_global class ({ usmptr, init_val }) is split into its storage, which
; keeps the name, the properties and init_val's bytes, and a constant object whose usmptr is the storage's
; address; kernels read usmptr from the object. After inlining folds those reads, usm-class-finish deletes
; the object and types the storage by the accesses (i32 here), so kernels address it directly.
;
; RUN: kiln-opt -p usm-class %s | FileCheck %s
; RUN: kiln-opt -p usm-class,inline,usm-class-finish %s | FileCheck %s --check-prefix FINISH

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
%"class.sycl::_V1::ext::oneapi::experimental::device_global" = type { ptr addrspace(4), i32 }
@dg = addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" { ptr addrspace(4) null, i32 5 }, align 8 #0
define spir_kernel void @k(ptr addrspace(1) %o) {
entry:
  %pp = load ptr addrspace(4), ptr addrspace(1) @dg, align 8
  %v = load i32, ptr addrspace(4) %pp, align 4
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}
attributes #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="uid_dg" }

; CHECK: @dg.usm_object = internal addrspace(1) constant %"class.sycl::_V1::ext::oneapi::experimental::device_global" { ptr addrspace(4) addrspacecast (ptr addrspace(1) @dg to ptr addrspace(4)), i32 0 }
; CHECK: @dg = addrspace(1) global [4 x i8] c"\05\00\00\00", align 8 #[[A:[0-9]+]]
; CHECK: load ptr addrspace(4), ptr addrspace(1) @dg.usm_object
; CHECK: attributes #[[A]] = { "kiln-usm-storage" "sycl-device-global-size"="4" "sycl-unique-id"="uid_dg" }

; FINISH-NOT: usm_object
; FINISH: @dg = addrspace(1) global i32 5, align 8
; FINISH: %v = load i32, ptr addrspace(4) addrspacecast (ptr addrspace(1) @dg to ptr addrspace(4))
; FINISH-NOT: kiln-usm-storage

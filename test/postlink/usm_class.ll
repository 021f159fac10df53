; SPDX-License-Identifier: Apache-2.0
; DPC++'s device_global<int> without device_image_scope: a class holding a pointer to the storage the runtime
; allocates (8 bytes), while sycl-device-global-size is sizeof(int).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%"class.sycl::ext::oneapi::experimental::device_global" = type { ptr addrspace(4) }

@dg_usm = weak_odr addrspace(1) global %"class.sycl::ext::oneapi::experimental::device_global" zeroinitializer, align 8 #0

define spir_kernel void @k(i32 %n) #1 {
entry:
  %p = load ptr addrspace(4), ptr addrspace(1) @dg_usm, align 8
  store i32 %n, ptr addrspace(4) %p, align 4
  ret void
}

attributes #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="dg_usm" "sycl-host-access"="2" }
attributes #1 = { "sycl-module-id"="a.cpp" }

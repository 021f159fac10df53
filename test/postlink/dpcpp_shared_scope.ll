; (dg_char is also read by kb: a device_image_scope global shared by two split images.)
; Device IR in the form DPC++'s front end emits for device globals and free function kernels
; (REFERENCE §1 and §4): globals in addrspace(1) with sycl-* string attributes, kernels named
; __sycl_kernel_<fn> with sycl-single-task-kernel and sycl-module-id (their translation unit).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@_ZL7dg_int1 = internal addrspace(1) global i32 0, align 4 #0
@dg_char = addrspace(1) global i8 5, align 1 #1
@dg_ro = addrspace(1) global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4 #2

define spir_kernel void @__sycl_kernel_ka(i32 %n) #10 {
entry:
  %v = load i32, i32 addrspace(1)* @_ZL7dg_int1, align 4
  %s = add i32 %v, %n
  store i32 %s, i32 addrspace(1)* @_ZL7dg_int1, align 4
  %c = load i8, i8 addrspace(1)* @dg_char, align 1
  %c1 = add i8 %c, 1
  store i8 %c1, i8 addrspace(1)* @dg_char, align 1
  ret void
}

define spir_kernel void @__sycl_kernel_kb(i32 %i) #11 {
entry:
  %idx = and i32 %i, 3
  %z = zext i32 %idx to i64
  %p = getelementptr inbounds [4 x i32], [4 x i32] addrspace(1)* @dg_ro, i64 0, i64 %z
  %v = load i32, i32 addrspace(1)* %p, align 4
  %w = add i32 %v, 10
  store i32 %w, i32 addrspace(1)* %p, align 4
  %g = load i32, i32 addrspace(1)* @_ZL7dg_int1, align 4
  %c = load i8, i8 addrspace(1)* @dg_char, align 1
  %cz = zext i8 %c to i32
  %g1 = add i32 %g, %cz
  %g2 = add i32 %g1, %v
  store i32 %g2, i32 addrspace(1)* @_ZL7dg_int1, align 4
  ret void
}

attributes #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="_ZL7dg_int1" }
attributes #1 = { "sycl-device-global-size"="1" "sycl-unique-id"="dg_char" "sycl-device-image-scope" "sycl-host-access"="2" "sycl-implement-in-csr"="true" "sycl-init-mode"="1" }
attributes #2 = { "sycl-device-global-size"="16" "sycl-unique-id"="dg_ro" "sycl-device-image-scope" "sycl-host-access"="0" "sycl-implement-in-csr"="false" "sycl-init-mode"="0" }
attributes #10 = { "sycl-single-task-kernel"="0" "sycl-module-id"="a.cpp" }
attributes #11 = { "sycl-single-task-kernel"="0" "sycl-module-id"="b.cpp" }

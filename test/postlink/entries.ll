; SPDX-License-Identifier: Apache-2.0
; Entry points as sycl-post-link takes them: kernels by calling convention (spir_kernel, ptx_kernel) and
; SYCL_EXTERNAL functions (defined, with a sycl-module-id) unless -emit-only-kernels-as-entry-points; images
; numbered by split key, descending; an image whose only entry is a SYCL_EXTERNAL function has no kernels.
target triple = "spir64-unknown-unknown"

define spir_kernel void @KernelB() #1 {
entry:
  call spir_func void @helper()
  ret void
}

define spir_kernel void @KernelA() #0 {
entry:
  ret void
}

define ptx_kernel void @PtxK() #0 {
entry:
  ret void
}

define spir_func void @ExternF() #0 {
entry:
  ret void
}

define spir_func void @helper() {
entry:
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }

; SPDX-License-Identifier: Apache-2.0
; intel/llvm sycl-post-link/device-code-split/indirectly-callable-auto-split.ll and
; indirectly-callable-per-kernel-split.ll (the same input), Kiln's version: functions of two sets and a kernel
; that uses neither. Per source, each set is an image of its own beside the kernel's; per kernel, each of the
; sets' functions is an entry of its own, so set-2 spans two images.
target triple = "spir64-unknown-unknown"

define spir_func void @foo() #0 {
entry:
  ret void
}

define spir_func void @bar() #1 {
entry:
  ret void
}

define spir_func void @baz() #1 {
entry:
  ret void
}

define weak_odr dso_local spir_kernel void @kernel() #2 {
entry:
  ret void
}

attributes #0 = { "indirectly-callable"="set-1" "sycl-module-id"="v.cpp" }
attributes #1 = { "indirectly-callable"="set-2" "sycl-module-id"="v.cpp" }
attributes #2 = { "sycl-module-id"="v.cpp" }

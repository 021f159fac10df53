; SPDX-License-Identifier: Apache-2.0
; intel/llvm sycl-post-link/device-code-split/split-with-func-ptrs.ll, Kiln's version: foo and bar are neither
; SYCL_EXTERNAL nor called, but weak tables (globals that cannot be discarded) hold their addresses, so every
; image has them, and baz, which bar calls, too; in every split mode.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

$foo = comdat any
$bar = comdat any

@tableX = weak global [1 x ptr] [ptr @foo], align 8
@tableY = weak global [1 x ptr] [ptr @bar], align 8

define linkonce_odr dso_local spir_func void @foo() unnamed_addr #0 comdat align 2 {
  ret void
}

define weak dso_local spir_func void @baz() #3 {
  ret void
}

define linkonce_odr dso_local spir_func void @bar() unnamed_addr #1 comdat align 2 {
  call void @baz()
  ret void
}

define weak_odr dso_local spir_kernel void @Kernel1() #2 {
  ret void
}

define weak_odr dso_local spir_kernel void @Kernel2() #3 {
  ret void
}

attributes #0 = { mustprogress norecurse nounwind "vector_function_ptrs"="tableX()" }
attributes #1 = { mustprogress norecurse nounwind "vector_function_ptrs"="tableY()" }
attributes #2 = { "sycl-module-id"="module1.cpp" "uniform-work-group-size"="true" }
attributes #3 = { "sycl-module-id"="module2.cpp" "uniform-work-group-size"="true" }

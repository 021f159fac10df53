; SPDX-License-Identifier: Apache-2.0
; Device globals pinned only by llvm.compiler.used are erased, and nothing else: a virtual-function set's
; linkonce_odr member, which nothing uses until its image makes it external, keeps its image.
;
; RUN: kiln-post-link -split=source -symbols -properties -S %s -o %t.table
; RUN: cat %t_0.ll %t_1.ll | FileCheck %s
; RUN: cat %t_0.prop %t_1.prop | FileCheck %s --check-prefix PROP

target triple = "spir64-unknown-unknown"
@llvm.compiler.used = appending global [1 x ptr addrspace(4)] [ptr addrspace(4) addrspacecast (ptr addrspace(1) @dg_dead to ptr addrspace(4))], section "llvm.metadata"
@dg_dead = internal addrspace(1) global i32 0, align 4 #0

define linkonce_odr spir_func void @vfoo() #1 {
  ret void
}

define weak_odr spir_kernel void @K() #2 {
  ret void
}
attributes #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="uid_dead" }
attributes #1 = { "indirectly-callable"="set-foo" "sycl-module-id"="a.cpp" }
attributes #2 = { "calls-indirectly"="set-foo" "sycl-module-id"="a.cpp" }

; CHECK-NOT: @dg_dead
; CHECK: define {{.*}}@vfoo(
; PROP: virtual-functions-set=2|
; PROP-NOT: uid_dead

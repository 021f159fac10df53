; SPDX-License-Identifier: Apache-2.0
; sycl-post-link's images: device globals are trimmed from llvm.compiler.used (other entries stay, an array
; left empty goes), a device global no kernel uses is dropped, and what stays keeps its linkage.
target triple = "spir64-unknown-unknown"

@llvm.compiler.used = appending global [3 x ptr addrspace(4)] [ptr addrspace(4) addrspacecast (ptr addrspace(1) @dg_used to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @not_dg to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @dg_unused to ptr addrspace(4))], section "llvm.metadata"
@llvm.used = appending global [1 x ptr addrspace(4)] [ptr addrspace(4) addrspacecast (ptr addrspace(1) @dg_unused to ptr addrspace(4))], section "llvm.metadata"

@dg_used = weak_odr addrspace(1) global i32 0, align 4 #0
@dg_unused = weak_odr addrspace(1) global i32 0, align 4 #1
@not_dg = internal addrspace(1) constant i8 0
@table = linkonce_odr addrspace(1) constant [2 x i32] [i32 1, i32 2], align 4

define weak_odr spir_func i32 @helper(i32 %x) {
entry:
  %p = getelementptr [2 x i32], ptr addrspace(1) @table, i64 0, i64 1
  %t = load i32, ptr addrspace(1) %p, align 4
  %r = add i32 %x, %t
  ret i32 %r
}

define spir_kernel void @k(i32 %n) #2 {
entry:
  %v = call spir_func i32 @helper(i32 %n)
  store i32 %v, ptr addrspace(1) @dg_used, align 4
  ret void
}

attributes #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="dg_used" }
attributes #1 = { "sycl-device-global-size"="4" "sycl-unique-id"="dg_unused" }
attributes #2 = { "sycl-module-id"="a.cpp" }

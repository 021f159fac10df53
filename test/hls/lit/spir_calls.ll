; SPDX-License-Identifier: Apache-2.0
; spir-calls: a module compiled from C (which K&R C needs C's calling convention for) gives every function
; but intrinsics and kernels, and every call to one, SPIR's spir_func. The pass runs on C inputs only.
;
; RUN: kiln-opt -p spir-calls --from-c %s | FileCheck %s
; RUN: not kiln-opt -p spir-calls %s 2>&1 | FileCheck %s --check-prefix IR

target triple = "spir64-unknown-unknown"
define i32 @helper(i32 %x) {
entry:
  %r = add i32 %x, 1
  ret i32 %r
}
define spir_kernel void @k(ptr addrspace(1) %o, i32 %x) {
entry:
  %v = call i32 @helper(i32 %x)
  %l = call i64 @llvm.smax.i64(i64 1, i64 2)
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}
declare i64 @llvm.smax.i64(i64, i64)

; CHECK: define spir_func i32 @helper(
; CHECK: define spir_kernel void @k(
; CHECK: call spir_func i32 @helper(
; CHECK: call i64 @llvm.smax.i64(
; IR: kiln-opt: error: pass 'spir-calls' does not run here

; SPDX-License-Identifier: Apache-2.0
; math-calls-libc: math-calls once more, after the kernel C library is linked, for the library's own
; functions: an operation no unit runs inside a helper (not a kernel) becomes a call to the library's
; function of the same meaning, while what a unit runs stays. The kernel calling the helper is untouched.
;
; RUN: kiln-opt -p math-calls-libc %s | FileCheck %s

target triple = "spir64-unknown-unknown"

; CHECK-LABEL: define spir_func float @helper(
define spir_func float @helper(float %x) {
entry:
; CHECK: [[E:%[0-9a-z]+]] = call {{.*}}float @expf(float %x)
  %e = call float @llvm.exp.f32(float %x)
; CHECK: [[L:%[0-9a-z]+]] = call {{.*}}float @logf(float [[E]])
  %l = call float @llvm.log.f32(float %e)
; CHECK: fmul float [[L]], %x
  %m = fmul float %l, %x
  ret float %m
}

; CHECK-LABEL: define spir_kernel void @k(
define spir_kernel void @k(ptr addrspace(1) %p, float %x) {
entry:
; CHECK: call spir_func float @helper(float %x)
  %h = call spir_func float @helper(float %x)
  store float %h, ptr addrspace(1) %p, align 4
  ret void
}
; CHECK-NOT: call {{.*}}@llvm.exp
; CHECK-NOT: call {{.*}}@llvm.log
; CHECK-DAG: declare {{.*}}float @expf(float)
; CHECK-DAG: declare {{.*}}float @logf(float)

declare float @llvm.exp.f32(float)
declare float @llvm.log.f32(float)

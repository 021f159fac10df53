; SPDX-License-Identifier: Apache-2.0
; math-calls: the math operations no unit runs become calls to the kernel C library's functions of the
; same meaning, declared when the module has none; what a unit runs (fadd) stays.
;
; RUN: kiln-opt -p math-calls %s | FileCheck %s

target triple = "spir64-unknown-unknown"

; CHECK-LABEL: define spir_kernel void @k(
define spir_kernel void @k(ptr addrspace(1) %p, float %x, double %y) {
entry:
; CHECK: call {{.*}}float @expf(float %x)
  %e = call float @llvm.exp.f32(float %x)
; CHECK: call {{.*}}double @pow(double %y, double %y)
  %w = call double @llvm.pow.f64(double %y, double %y)
; CHECK: call {{.*}}float @fmodf(float %x, float
  %r = frem float %x, 3.0
; CHECK: fadd float
  %s = fadd float %e, %r
  store float %s, ptr addrspace(1) %p, align 4
  %q = getelementptr double, ptr addrspace(1) %p, i64 1
  store double %w, ptr addrspace(1) %q, align 8
  ret void
}
; CHECK-NOT: call {{.*}}@llvm.exp
; CHECK-DAG: declare {{.*}}float @expf(float)
; CHECK-DAG: declare {{.*}}double @pow(double, double)

declare float @llvm.exp.f32(float)
declare double @llvm.pow.f64(double, double)

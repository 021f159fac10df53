; SPDX-License-Identifier: Apache-2.0
; reassoc: a float sum carried around a single-block loop with the reassoc flag takes turns between
; partial results, so that the loop waits for the adder once every WAYS iterations; the exit adds them up.
; Here WAYS is 4 (the adder's levels). Without the flag the order of the additions is the program's, and
; nothing changes.
;
; RUN: kiln-opt -p reassoc %s | FileCheck %s
; RUN: sed 's/fadd reassoc/fadd/' %s | kiln-opt -p reassoc - | FileCheck %s --check-prefix PLAIN

target triple = "spir64-unknown-unknown"
define spir_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %o, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s1, %loop ]
  %p = getelementptr float, ptr addrspace(1) %a, i32 %i
  %x = load float, ptr addrspace(1) %p, align 4
  %s1 = fadd reassoc float %s, %x
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  store float %s1, ptr addrspace(1) %o, align 4
  ret void
}
; CHECK-LABEL: define spir_kernel void @k(
; CHECK: loop:
; CHECK: %partial = phi float [ -0.000000e+00, %entry ], [ %partial1, %loop ]
; CHECK: %partial1 = phi float [ -0.000000e+00, %entry ], [ %partial2, %loop ]
; CHECK: %partial2 = phi float [ -0.000000e+00, %entry ], [ %s1, %loop ]
; CHECK: %s = phi float [ 0.000000e+00, %entry ], [ %partial, %loop ]
; CHECK: %s1 = fadd reassoc float %s, %x
; CHECK: %total = fadd float %s1, %partial2
; CHECK: %total3 = fadd float %total, %partial1
; CHECK: %total4 = fadd float %total3, %partial
; CHECK: store float %total4
; PLAIN-NOT: partial
; PLAIN: store float %s1

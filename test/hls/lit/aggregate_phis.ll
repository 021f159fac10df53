; SPDX-License-Identifier: Apache-2.0
; aggregate-phis: a phi of a struct whose uses each take one field becomes one phi per field, fed by the
; fields taken where each incoming value is made; no struct value is left to carry between blocks.
;
; RUN: kiln-opt -p aggregate-phis %s | FileCheck %s

target triple = "spir64-unknown-unknown"
%pair = type { i32, float }
define spir_kernel void @k(ptr addrspace(1) %o, i1 %c, i32 %a, float %b) {
entry:
  %s0 = insertvalue %pair undef, i32 %a, 0
  %s1 = insertvalue %pair %s0, float %b, 1
  br i1 %c, label %t, label %j
t:
  %t0 = insertvalue %pair %s1, i32 7, 0
  br label %j
j:
  %p = phi %pair [ %s1, %entry ], [ %t0, %t ]
  %x = extractvalue %pair %p, 0
  %y = extractvalue %pair %p, 1
  store i32 %x, ptr addrspace(1) %o, align 4
  %q = getelementptr i8, ptr addrspace(1) %o, i64 4
  store float %y, ptr addrspace(1) %q, align 4
  ret void
}
; CHECK-LABEL: define spir_kernel void @k(
; CHECK: entry:
; CHECK: [[E0:%[0-9]+]] = extractvalue %pair %s1, 0
; CHECK: [[E1:%[0-9]+]] = extractvalue %pair %s1, 1
; CHECK: t:
; CHECK: [[T0:%[0-9]+]] = extractvalue %pair %t0, 0
; CHECK: [[T1:%[0-9]+]] = extractvalue %pair %t0, 1
; CHECK: j:
; CHECK-NEXT: [[X:%[0-9]+]] = phi i32 [ [[E0]], %entry ], [ [[T0]], %t ]
; CHECK-NEXT: [[Y:%[0-9]+]] = phi float [ [[E1]], %entry ], [ [[T1]], %t ]
; CHECK-NOT: phi %pair
; CHECK: store i32 [[X]]
; CHECK: store float [[Y]]

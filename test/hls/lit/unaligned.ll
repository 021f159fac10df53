; SPDX-License-Identifier: Apache-2.0
; unaligned: a load or store wider than its alignment, or of a width no port moves (i24, i56, i128), is split
; into byte accesses, put together (and taken apart) little-endian; aligned i8..i64 accesses stay.
;
; RUN: kiln-opt -p unaligned %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q) {
entry:
  %v = load i32, ptr addrspace(1) %p, align 1
  store i32 %v, ptr addrspace(1) %q, align 2
  ret void
}
; CHECK-LABEL: define spir_kernel void @k(
; CHECK-NOT: load i32
; CHECK: [[A0:%[0-9]+]] = getelementptr i8, ptr addrspace(1) %p, i64 0
; CHECK-NEXT: load i8, ptr addrspace(1) [[A0]], align 1
; CHECK: getelementptr i8, ptr addrspace(1) %p, i64 1
; CHECK: shl i32 {{%[0-9]+}}, 8
; CHECK: getelementptr i8, ptr addrspace(1) %p, i64 3
; CHECK: shl i32 {{%[0-9]+}}, 24
; CHECK: [[V:%[0-9]+]] = or i32
; CHECK-NOT: store i32
; CHECK: lshr i32 [[V]], 0
; CHECK-COUNT-4: store i8 {{%[0-9]+}}, ptr addrspace(1) {{%[0-9]+}}, align 1
; CHECK-NEXT: ret void

define spir_kernel void @odd(ptr addrspace(1) %p, ptr addrspace(1) %q) {
entry:
  %v = load i56, ptr addrspace(1) %p, align 8
  store i56 %v, ptr addrspace(1) %q, align 8
  %w = load i24, ptr addrspace(1) %p, align 4
  store i24 %w, ptr addrspace(1) %q, align 4
  %x = load i64, ptr addrspace(1) %p, align 8
  store i64 %x, ptr addrspace(1) %q, align 8
  ret void
}
; CHECK-LABEL: define spir_kernel void @odd(
; CHECK-NOT: load i56
; CHECK: getelementptr i8, ptr addrspace(1) %p, i64 6
; CHECK: shl i56 {{%[0-9]+}}, 48
; CHECK-NOT: store i56
; CHECK-COUNT-7: store i8 {{%[0-9]+}}, ptr addrspace(1) {{%[0-9]+}}, align 1
; CHECK-NOT: load i24
; CHECK: getelementptr i8, ptr addrspace(1) %p, i64 2
; CHECK: shl i24 {{%[0-9]+}}, 16
; CHECK-COUNT-3: store i8 {{%[0-9]+}}, ptr addrspace(1) {{%[0-9]+}}, align 1
; CHECK: load i64, ptr addrspace(1) %p, align 8
; CHECK-NEXT: store i64 %x, ptr addrspace(1) %q, align 8

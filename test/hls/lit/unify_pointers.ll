; SPDX-License-Identifier: Apache-2.0
; unify-pointers: a pointer that may reach two memories becomes an address: the object's tagged base
; (0x80000000 for @tab, 0x80100000 for @buf) plus the offset; an access dispatches on the tag (the bits
; above 20) to the memory it names and reaches it at the low bits; the loaded values meet in a phi.
;
; RUN: kiln-opt -p unify-pointers %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
@tab = internal addrspace(1) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
@buf = internal addrspace(1) global [4 x i32] zeroinitializer, align 4
define spir_kernel void @k(ptr addrspace(1) %out, i1 %c, i32 %i) {
entry:
  %p = select i1 %c, ptr addrspace(1) @tab, ptr addrspace(1) @buf
  %q = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %i
  %v = load i32, ptr addrspace(1) %q, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: define spir_kernel void @k(
; CHECK: [[BASE:%[0-9]+]] = select i1 %c, i32 -2147483648, i32 -2146435072
; CHECK: [[OFF:%[0-9]+]] = mul i32 %i, 4
; CHECK: [[ADDR:%[0-9]+]] = add i32 [[BASE]], {{%[0-9]+}}
; CHECK: [[TAG:%[0-9]+]] = lshr i32 [[ADDR]], 20
; CHECK: switch i32 [[TAG]], label %reach1 [
; CHECK-NEXT: i32 2048, label %reach
; CHECK: reach:
; CHECK-NEXT: [[LOW:%[0-9]+]] = and i32 [[ADDR]], 1048575
; CHECK-NEXT: [[P:%[0-9]+]] = getelementptr i8, ptr addrspace(1) @tab, i32 [[LOW]]
; CHECK-NEXT: [[V0:%[0-9]+]] = load i32, ptr addrspace(1) [[P]]
; CHECK: reach1:
; CHECK: getelementptr i8, ptr addrspace(1) @buf
; CHECK-NEXT: [[V1:%[0-9]+]] = load i32
; CHECK: [[V:%[0-9]+]] = phi i32 [ [[V0]], %reach ], [ [[V1]], %reach1 ]
; CHECK-NEXT: store i32 [[V]], ptr addrspace(1) %out
; CHECK-NOT: select i1 %c, ptr

; Constant expressions of addresses (what unrolling leaves of comparisons and differences of pointers to
; distinct objects): an arithmetic shift of a difference, a select on a comparison, computed from the
; objects' bases.
define spir_kernel void @consts(ptr addrspace(1) %out, i1 %c) {
entry:
  %p = select i1 %c, ptr addrspace(1) @tab, ptr addrspace(1) @buf
  %v = load i32, ptr addrspace(1) %p, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  store i32 ashr (i32 sub (i32 ptrtoint (ptr addrspace(1) @tab to i32), i32 ptrtoint (ptr addrspace(1) getelementptr inbounds ([4 x i32], ptr addrspace(1) @buf, i64 0, i64 2) to i32)), i32 2), ptr addrspace(1) %out, align 4
  store i32 select (i1 icmp eq (ptr addrspace(1) getelementptr inbounds ([4 x i32], ptr addrspace(1) @tab, i64 0, i64 4), ptr addrspace(1) @buf), i32 7, i32 9), ptr addrspace(1) %out, align 4
  ret void
}
; CHECK-LABEL: define spir_kernel void @consts(
; CHECK: store i32 -262146, ptr addrspace(1) %out
; CHECK-NEXT: store i32 9, ptr addrspace(1) %out

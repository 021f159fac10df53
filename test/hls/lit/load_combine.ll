; SPDX-License-Identifier: Apache-2.0
; load-combine: bytes loaded one by one and or-ed into a word at their shifts become one load of the word,
; byte-swapped where the first byte is the most significant, zero-extended where the result is wider (C's
; 64-bit `unsigned long` of four bytes, as CHStone blowfish's n2l). Only where the word's address is aligned
; in an object the image owns (whose alignment is then raised) and nothing may write memory between the
; loads: bytes through a kernel's pointer argument, a store between the loads, an odd offset, and a byte read
; twice stay as they are.
;
; RUN: kiln-opt -p load-combine %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@g = internal global [64 x i8] zeroinitializer, align 1
; CHECK: @g = internal global [64 x i8] zeroinitializer, align 4

define spir_kernel void @little(ptr addrspace(1) %out, i64 %i) {
entry:
  %w = mul i64 %i, 4
  %p0 = getelementptr inbounds [64 x i8], ptr @g, i64 0, i64 %w
  %p1 = getelementptr inbounds i8, ptr %p0, i64 1
  %p2 = getelementptr inbounds i8, ptr %p0, i64 2
  %p3 = getelementptr inbounds i8, ptr %p0, i64 3
  %b0 = load i8, ptr %p0, align 1
  %b1 = load i8, ptr %p1, align 1
  %b2 = load i8, ptr %p2, align 1
  %b3 = load i8, ptr %p3, align 1
  %z0 = zext i8 %b0 to i32
  %z1 = zext i8 %b1 to i32
  %z2 = zext i8 %b2 to i32
  %z3 = zext i8 %b3 to i32
  %s1 = shl i32 %z1, 8
  %s2 = shl i32 %z2, 16
  %s3 = shl i32 %z3, 24
  %o1 = or i32 %s1, %z0
  %o2 = or i32 %o1, %s2
  %o3 = or i32 %o2, %s3
  store i32 %o3, ptr addrspace(1) %out, align 4
  ret void
}
; CHECK-LABEL: define spir_kernel void @little(
; CHECK-NOT: load i8
; CHECK: [[W:%[a-z0-9]+]] = load i32, ptr %p0, align 4
; CHECK-NOT: load i8
; CHECK: store i32 [[W]], ptr addrspace(1) %out

define spir_kernel void @big64(ptr addrspace(1) %out) {
entry:
  %a = alloca [8 x i8], align 1
  %p4 = getelementptr inbounds [8 x i8], ptr %a, i64 0, i64 4
  %p5 = getelementptr inbounds [8 x i8], ptr %a, i64 0, i64 5
  %p6 = getelementptr inbounds [8 x i8], ptr %a, i64 0, i64 6
  %p7 = getelementptr inbounds [8 x i8], ptr %a, i64 0, i64 7
  call void @fill(ptr %a)
  %b4 = load i8, ptr %p4, align 1
  %b5 = load i8, ptr %p5, align 1
  %b6 = load i8, ptr %p6, align 1
  %b7 = load i8, ptr %p7, align 1
  %z4 = zext i8 %b4 to i64
  %z5 = zext i8 %b5 to i64
  %z6 = zext i8 %b6 to i64
  %z7 = zext i8 %b7 to i64
  %s4 = shl i64 %z4, 24
  %s5 = shl i64 %z5, 16
  %s6 = shl i64 %z6, 8
  %o1 = or i64 %s4, %s5
  %o2 = or i64 %o1, %s6
  %o3 = or i64 %o2, %z7
  store i64 %o3, ptr addrspace(1) %out, align 8
  ret void
}
; CHECK-LABEL: define spir_kernel void @big64(
; CHECK: %a = alloca [8 x i8], align 4
; CHECK-NOT: load i8
; CHECK: [[W:%[a-z0-9]+]] = load i32, ptr %p4, align 4
; CHECK: [[S:%[a-z0-9]+]] = call i32 @llvm.bswap.i32(i32 [[W]])
; CHECK: [[Z:%[0-9]+]] = zext i32 [[S]] to i64
; CHECK: store i64 [[Z]], ptr addrspace(1) %out

; bytes through a pointer argument: its alignment is the host's to choose
define spir_kernel void @arg(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %in, i64 1
  %b0 = load i8, ptr addrspace(1) %in, align 1
  %b1 = load i8, ptr addrspace(1) %p1, align 1
  %z0 = zext i8 %b0 to i16
  %z1 = zext i8 %b1 to i16
  %s1 = shl i16 %z1, 8
  %o = or i16 %s1, %z0
  store i16 %o, ptr addrspace(1) %out, align 2
  ret void
}
; CHECK-LABEL: define spir_kernel void @arg(
; CHECK-NOT: load i16
; CHECK-COUNT-2: load i8
; CHECK: ret void

; a store between the loads may change a byte the word would read later
define spir_kernel void @store_between(ptr addrspace(1) %out) {
entry:
  %b0 = load i8, ptr @g, align 1
  store i8 7, ptr getelementptr inbounds ([64 x i8], ptr @g, i64 0, i64 1), align 1
  %b1 = load i8, ptr getelementptr inbounds ([64 x i8], ptr @g, i64 0, i64 1), align 1
  %z0 = zext i8 %b0 to i16
  %z1 = zext i8 %b1 to i16
  %s1 = shl i16 %z1, 8
  %o = or i16 %s1, %z0
  store i16 %o, ptr addrspace(1) %out, align 2
  ret void
}
; CHECK-LABEL: define spir_kernel void @store_between(
; CHECK-NOT: load i16
; CHECK: ret void

; bytes 1..4 of @g: a word that no aligned load reads
define spir_kernel void @odd(ptr addrspace(1) %out) {
entry:
  %b1 = load i8, ptr getelementptr inbounds ([64 x i8], ptr @g, i64 0, i64 1), align 1
  %b2 = load i8, ptr getelementptr inbounds ([64 x i8], ptr @g, i64 0, i64 2), align 1
  %b3 = load i8, ptr getelementptr inbounds ([64 x i8], ptr @g, i64 0, i64 3), align 1
  %b4 = load i8, ptr getelementptr inbounds ([64 x i8], ptr @g, i64 0, i64 4), align 1
  %z1 = zext i8 %b1 to i32
  %z2 = zext i8 %b2 to i32
  %z3 = zext i8 %b3 to i32
  %z4 = zext i8 %b4 to i32
  %s2 = shl i32 %z2, 8
  %s3 = shl i32 %z3, 16
  %s4 = shl i32 %z4, 24
  %o1 = or i32 %s2, %z1
  %o2 = or i32 %o1, %s3
  %o3 = or i32 %o2, %s4
  store i32 %o3, ptr addrspace(1) %out, align 4
  ret void
}
; CHECK-LABEL: define spir_kernel void @odd(
; CHECK-NOT: load i32
; CHECK: ret void

; byte 0 twice and byte 1 never: not a word
define spir_kernel void @twice(ptr addrspace(1) %out) {
entry:
  %b0 = load i8, ptr @g, align 1
  %c0 = load i8, ptr @g, align 1
  %z0 = zext i8 %b0 to i16
  %y0 = zext i8 %c0 to i16
  %s1 = shl i16 %y0, 8
  %o = or i16 %s1, %z0
  store i16 %o, ptr addrspace(1) %out, align 2
  ret void
}
; CHECK-LABEL: define spir_kernel void @twice(
; CHECK-NOT: load i16
; CHECK: ret void

declare void @fill(ptr)

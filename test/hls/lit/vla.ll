; SPDX-License-Identifier: Apache-2.0
; vla: an allocation sized at run time (a variable-length array) becomes a fixed on-chip array of its bound:
; KILN_VLA_MAX's bytes (an llvm.var.annotation of the alloca), checked where the array comes to be, or the
; largest size range analysis proves there (a condition before it), which needs no check. The stack save and
; restore around it go.
;
; RUN: kiln-opt -p vla %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

@.ann = private unnamed_addr constant [17 x i8] c"kiln.vla_max=128\00"
@.file = private unnamed_addr constant [4 x i8] c"v.c\00"

declare void @llvm.var.annotation(ptr, ptr, ptr, i32, ptr)
declare ptr @llvm.stacksave()
declare void @llvm.stackrestore(ptr)

; 128 bytes of i32: 32 elements, and a stop for a larger count.
; CHECK-LABEL: define spir_func i32 @annotated(
; CHECK-NEXT: entry:
; CHECK-NEXT: %buf = alloca [32 x i32], align 4
; CHECK-NOT: stacksave
; CHECK: [[BIG:%.*]] = icmp ugt i64 %c, 32
; CHECK-NEXT: br i1 [[BIG]], label %vla.full, label
; CHECK: vla.full:
; CHECK-NEXT: call spir_func void @__kiln_stop(i32 5,
; CHECK-NEXT: unreachable
; CHECK-NOT: llvm.var.annotation
; CHECK-NOT: stackrestore
; CHECK: ret i32
define spir_func i32 @annotated(i32 %n) {
entry:
  %s = call ptr @llvm.stacksave()
  %c = zext i32 %n to i64
  %buf = alloca i32, i64 %c, align 4
  call void @llvm.var.annotation(ptr %buf, ptr @.ann, ptr @.file, i32 3, ptr null)
  %last = getelementptr inbounds i32, ptr %buf, i64 %c
  %e = getelementptr inbounds i32, ptr %last, i64 -1
  store i32 %n, ptr %e, align 4
  %v = load i32, ptr %buf, align 4
  call void @llvm.stackrestore(ptr %s)
  ret i32 %v
}

; n < 17 where the array is made: 16 elements, nothing to check.
; CHECK-LABEL: define spir_func i32 @guarded(
; CHECK-NEXT: entry:
; CHECK-NEXT: %t = alloca [16 x i16], align 2
; CHECK-NOT: icmp ugt
; CHECK: ret i32 0
define spir_func i32 @guarded(i32 %n) {
entry:
  %small = icmp ult i32 %n, 17
  br i1 %small, label %use, label %out
use:
  %c = zext i32 %n to i64
  %t = alloca i16, i64 %c, align 2
  store i16 1, ptr %t, align 2
  %v = load i16, ptr %t, align 2
  %w = zext i16 %v to i32
  ret i32 %w
out:
  ret i32 0
}

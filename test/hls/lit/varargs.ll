; SPDX-License-Identifier: Apache-2.0
; varargs: a variadic function takes its variable arguments as a pointer to a block that each call fills,
; one 8-byte slot per argument (a struct by value as the pointer to a copy made at the call); va_start
; stores that pointer in the va_list, va_arg loads at it and steps past the slot, va_copy copies the list
; and va_end goes. LLVM inlines no function that calls va_start, and HLS refused what stayed a call.
;
; RUN: kiln-opt -p varargs %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

%struct.P = type { i32, i32, [7 x i8] }

; The call: a block of three slots, the struct's copy, the double at 8 and the i64 at 16.
; CHECK-LABEL: define spir_func double @g(
; CHECK-DAG: [[BLK:%va.*]] = alloca [3 x i64], align 16
; CHECK-DAG: [[CPY:%va.*]] = alloca %struct.P, align 4
; CHECK: [[B:%.*]] = bitcast [3 x i64]* [[BLK]] to i8*
; CHECK: call void @llvm.memcpy.{{.*}}(i8* align 4 {{%.*}}, i8* align 4 {{%.*}}, i64 16, i1 false)
; CHECK: store %struct.P* [[CPY]], %struct.P** {{%.*}}, align 8
; CHECK: [[O8:%.*]] = getelementptr i8, i8* [[B]], i64 8
; CHECK: store double 2.500000e+00, double* {{%.*}}, align 8
; CHECK: getelementptr i8, i8* [[B]], i64 16
; CHECK: store i64 7, i64* {{%.*}}, align 8
; CHECK: call spir_func double @f(i32 3, i8* [[B]])
define spir_func double @g(%struct.P* byval(%struct.P) align 4 %s) {
entry:
  %r = call spir_func double (i32, ...) @f(i32 3, %struct.P* byval(%struct.P) align 4 %s, double 2.5, i64 7)
  ret double %r
}

; The function, now after its callers.
; CHECK-LABEL: define internal spir_func double @f(i32 %n, i8* %va.block)
; CHECK-NOT: va_start
; CHECK: [[A:%.*]] = bitcast i8* %a to i8**
; CHECK-NEXT: store i8* %va.block, i8** [[A]]
; CHECK: [[Q:%.*]] = bitcast i8* %q to i8**
; CHECK-NEXT: [[C:%.*]] = load i8*, i8** [[Q]]
; CHECK-NEXT: [[A2:%.*]] = bitcast i8* %a2 to i8**
; CHECK-NEXT: store i8* [[C]], i8** [[A2]]
; CHECK: [[CUR:%va.cur.*]] = load i8*, i8** %ap, align 8
; CHECK-NEXT: [[P:%.*]] = bitcast i8* [[CUR]] to %struct.P**
; CHECK-NEXT: [[V:%.*]] = load %struct.P*, %struct.P** [[P]], align 8
; CHECK-NEXT: [[NX:%.*]] = getelementptr i8, i8* [[CUR]], i64 8
; CHECK-NEXT: store i8* [[NX]], i8** %ap, align 8
; CHECK: [[CUR2:%va.cur.*]] = load i8*, i8** %ap, align 8
; CHECK: load double, double*
; CHECK-NEXT: getelementptr i8, i8* [[CUR2]], i64 8
; CHECK-NOT: va_end
; CHECK: ret double
define internal spir_func double @f(i32 %n, ...) {
entry:
  %ap = alloca i8*, align 8
  %aq = alloca i8*, align 8
  %ap2 = alloca i8*, align 8
  %a = bitcast i8** %ap to i8*
  %q = bitcast i8** %aq to i8*
  %a2 = bitcast i8** %ap2 to i8*
  call void @llvm.va_start(i8* %a)
  call void @llvm.va_copy(i8* %a2, i8* %q)
  %p = va_arg i8** %ap, %struct.P*
  %x = getelementptr %struct.P, %struct.P* %p, i64 0, i32 0
  %xv = load i32, i32* %x
  %d = va_arg i8** %ap, double
  call void @llvm.va_end(i8* %a)
  %xd = sitofp i32 %xv to double
  %r = fadd double %d, %xd
  ret double %r
}

declare void @llvm.va_start(i8*)
declare void @llvm.va_copy(i8*, i8*)
declare void @llvm.va_end(i8*)

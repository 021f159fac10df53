; SPDX-License-Identifier: Apache-2.0
; call-casts: a call that names a function through a cast to another function type (C's `int strlen(char *);`
; against the library's `size_t strlen(const char *)`, or a K&R definition called without a prototype)
; becomes a call of the function's own type: the i32 argument sign-extended to the i64 parameter, the i64
; result truncated to the i32 the caller declared, arguments past the parameters dropped. LLVM inlines no
; call whose type differs from its callee's, and HLS called what remained indirect.
;
; RUN: kiln-opt -p call-casts %s | FileCheck %s

target triple = "spir64-unknown-unknown"

define internal spir_func i64 @len(i8* %s, i64 %n) {
entry:
  %r = add i64 %n, 1
  ret i64 %r
}

; CHECK-LABEL: define spir_func i32 @f(
; CHECK: [[N:%.*]] = sext i32 %n to i64
; CHECK-NEXT: [[R:%.*]] = call spir_func i64 @len(i8* %s, i64 [[N]])
; CHECK-NEXT: [[T:%.*]] = trunc i64 [[R]] to i32
; CHECK-NEXT: ret i32 [[T]]
define spir_func i32 @f(i8* %s, i32 %n) {
entry:
  %c = call spir_func i32 bitcast (i64 (i8*, i64)* @len to i32 (i8*, i32, i32)*)(i8* %s, i32 %n, i32 7)
  ret i32 %c
}

; A struct passed by value: the definition's byval holds at the new call too (a call without it would let
; the callee write the caller's struct).
%struct.S = type { i32, i32 }

define internal spir_func i32 @first(%struct.S* byval(%struct.S) %s) {
entry:
  %p = getelementptr %struct.S, %struct.S* %s, i32 0, i32 0
  %v = load i32, i32* %p
  ret i32 %v
}

; CHECK-LABEL: define spir_func i64 @g(
; CHECK: call spir_func i32 @first(%struct.S* byval(%struct.S) %s)
define spir_func i64 @g(%struct.S* %s) {
entry:
  %c = call spir_func i64 bitcast (i32 (%struct.S*)* @first to i64 (%struct.S*)*)(%struct.S* %s)
  ret i64 %c
}

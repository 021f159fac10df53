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

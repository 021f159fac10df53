; SPDX-License-Identifier: Apache-2.0
; inline: every helper is inlined into its kernel (noinline and optnone, which clang -O0 writes, are taken
; off) and LLVM's -O2 cleans up; a call through a pointer stays for indirect-calls, which turns it into a
; choice between direct calls, inlined in turn: no call is left.
;
; RUN: kiln-opt -p inline %s | FileCheck %s
; RUN: kiln-opt -p inline,indirect-calls %s | FileCheck %s --check-prefix IND

target triple = "spir64-unknown-unknown"
define internal spir_func i32 @twice(i32 %x) #0 {
entry:
  %r = shl i32 %x, 1
  ret i32 %r
}
define internal spir_func i32 @thrice(i32 %x) {
entry:
  %r = mul i32 %x, 3
  ret i32 %r
}
define spir_kernel void @k(ptr addrspace(1) %o, i32 %x, i1 %c) #0 {
entry:
  %f = select i1 %c, ptr @twice, ptr @thrice
  %a = call spir_func i32 @twice(i32 %x)
  %b = call spir_func i32 %f(i32 %a)
  store i32 %b, ptr addrspace(1) %o, align 4
  ret void
}
attributes #0 = { noinline optnone }

; CHECK-LABEL: define spir_kernel void @k(
; CHECK-NOT: call spir_func i32 @twice
; CHECK: %r.i = shl i32 %x, 1
; CHECK: call spir_func i32 %f(i32 %r.i)
; CHECK-LABEL: attributes
; CHECK-NOT: optnone

; IND-LABEL: define spir_kernel void @k(
; IND-NOT: call
; IND-DAG: shl i32 %x, 2
; IND-DAG: mul i32 %x, 6
; IND: [[V:%[0-9]+]] = select i1 {{%[0-9]+}}, i32 %r.i, i32 %r.i3
; IND-NEXT: store i32 [[V]]

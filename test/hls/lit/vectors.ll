; SPDX-License-Identifier: Apache-2.0
; vectors: GCC's vector operations, their loads and stores included, become one operation per element
; (LLVM's scalarizer); no vector value is left for the hardware builder.
;
; RUN: kiln-opt -p vectors %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

; CHECK-LABEL: define spir_func void @f(
; CHECK-NOT: <4 x
; CHECK: mul i32
; CHECK: mul i32
; CHECK: mul i32
; CHECK: mul i32
; CHECK-NOT: <4 x
; CHECK: ret void
define spir_func void @f(ptr %p, ptr %q) {
entry:
  %a = load <4 x i32>, ptr %p, align 16
  %b = load <4 x i32>, ptr %q, align 16
  %m = mul <4 x i32> %a, %b
  %c = icmp sgt <4 x i32> %m, <i32 8, i32 8, i32 8, i32 8>
  %s = sext <4 x i1> %c to <4 x i32>
  %sh = shufflevector <4 x i32> %s, <4 x i32> %a, <4 x i32> <i32 0, i32 5, i32 2, i32 7>
  %x = extractelement <4 x i32> %sh, i32 3
  %y = insertelement <4 x i32> %sh, i32 %x, i32 0
  store <4 x i32> %y, ptr %p, align 16
  store <4 x i32> %m, ptr %q, align 16
  ret void
}

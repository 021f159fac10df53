; SPDX-License-Identifier: Apache-2.0
; The points-to analysis unify-pointers rests on (hls/lower/points_to.h), on IR alone (kiln-opt
; --print-points-to): an argument is device memory; a global or an alloca is an object; a gep keeps its
; base's set, a select or a phi (around a loop too) joins theirs; a pointer that is only ever one object is
; that object's offset, anything more is a unified address. A pointer stored to memory escapes: a pointer
; loaded from memory may then be it, or null. An undefined incoming value is no object (`undef_in`: a value
; demoted across a shared call has one on another caller's path), where null is one.
;
; RUN: kiln-opt --print-points-to %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@tab = internal addrspace(1) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
@slot = internal addrspace(1) global ptr addrspace(1) null, align 8

define spir_kernel void @k(ptr addrspace(1) %dev, i1 %c, i32 %n) {
entry:
  %buf = alloca [8 x i32], align 4
  %t1 = getelementptr inbounds [4 x i32], ptr addrspace(1) @tab, i32 0, i32 1
  %b1 = getelementptr inbounds [8 x i32], ptr %buf, i32 0, i32 2
  %b1g = addrspacecast ptr %b1 to ptr addrspace(1)
  %either = select i1 %c, ptr addrspace(1) %t1, ptr addrspace(1) %dev
  store ptr addrspace(1) %b1g, ptr addrspace(1) @slot, align 8
  %back = load ptr addrspace(1), ptr addrspace(1) @slot, align 8
  br label %loop
loop:
  %p = phi ptr addrspace(1) [ %t1, %entry ], [ %p1, %loop ]
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %p, i32 1
  %v = load i32, ptr addrspace(1) %p1, align 4
  %more = icmp slt i32 %v, %n
  br i1 %more, label %loop, label %done
done:
  store i32 %v, ptr addrspace(1) %either, align 4
  store i32 %v, ptr addrspace(1) %back, align 4
  %0 = getelementptr inbounds i32, ptr addrspace(1) %dev, i32 3
  store i32 %v, ptr addrspace(1) %0, align 4
  ret void
}

; CHECK: points-to of k
; CHECK-NEXT: %buf: object %buf
; CHECK-NEXT: %t1: object @tab
; CHECK-NEXT: %b1: object %buf
; CHECK-NEXT: %b1g: object %buf
; CHECK-NEXT: %either: unified device @tab
; CHECK-NEXT: %back: unified null %buf
; CHECK-NEXT: %p: object @tab
; CHECK-NEXT: %p1: object @tab
; An unnamed pointer is shown by its place in the kernel.
; CHECK-NEXT: #{{[0-9]+}}: device device

define spir_kernel void @undef_in(ptr addrspace(1) %dev, i1 %c) {
entry:
  %t2 = getelementptr inbounds [4 x i32], ptr addrspace(1) @tab, i32 0, i32 2
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  %u = phi ptr addrspace(1) [ %t2, %entry ], [ undef, %a ]
  %z = select i1 %c, ptr addrspace(1) %t2, ptr addrspace(1) null
  %v = load i32, ptr addrspace(1) %u, align 4
  %w = load i32, ptr addrspace(1) %z, align 4
  %s = add i32 %v, %w
  store i32 %s, ptr addrspace(1) %dev, align 4
  ret void
}

; CHECK: points-to of undef_in
; CHECK-NEXT: %t2: object @tab
; CHECK-NEXT: %u: object @tab
; CHECK-NEXT: %z: unified null @tab

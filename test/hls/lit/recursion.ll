; SPDX-License-Identifier: Apache-2.0
; recursion: hardware has no call stack. A tail call becomes a loop (fact's accumulator); what stays
; recursive becomes one function run as a state machine around a dispatch block: a call stores the callee's
; arguments, pushes its return id and enters the callee (stopping the kernel when the stack is full), a
; return pops and resumes after the call. Locals, and values live across a call, get an array of one element
; per frame, indexed by the stack pointer; the original functions call it, and inlining takes them.
;
; RUN: kiln-opt -p recursion %s | FileCheck %s

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

; fact multiplies after its call: an accumulator, and tail-call elimination makes it a loop.
; CHECK-LABEL: define spir_func i32 @fact(
; CHECK: tailrecurse:
; CHECK-NOT: call
; CHECK: ret i32
define spir_func i32 @fact(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %more
more:
  %m = sub i32 %n, 1
  %r = call spir_func i32 @fact(i32 %m)
  %p = mul i32 %n, %r
  ret i32 %p
done:
  ret i32 1
}

; fib keeps its name and calls the state machine.
; CHECK-LABEL: define spir_func i32 @fib(i32 %n)
; CHECK-NEXT: entry:
; CHECK-NEXT: [[R:%.*]] = call spir_func i32 @fib.recursion(i32 %n)
; CHECK-NEXT: ret i32 [[R]]

; ping and pong share one: a selector, both parameter lists, a struct of both results.
; CHECK-LABEL: define spir_func i64 @pong(i64 %n)
; CHECK: call spir_func { i32, i64 } @ping.recursion(i32 1, i32 undef, i64 %n)
; CHECK: extractvalue { i32, i64 } {{%.*}}, 1

; The stack: the return ids and, per frame, fib's local array and the first call's result (live across
; the second call); 64 frames by default.
; CHECK-LABEL: define internal spir_func i32 @fib.recursion(i32 %0)
; CHECK-DAG: %sp = alloca i32
; CHECK-DAG: %return.ids = alloca [64 x i32]
; CHECK-DAG: %buf.frames = alloca [64 x [4 x i32]]
; CHECK-DAG: %live.frames = alloca [64 x i32]
; CHECK: store i32 0, ptr %sp
; CHECK: recursion.dispatch:
; CHECK-NEXT: %next = load i32, ptr %state
; CHECK-NEXT: switch i32 %next, label %entry1 [
; CHECK-NEXT: i32 1, label %recursion.return
; Returning: at depth 0 leave, else pop (below).
; CHECK: recursion.return:
; CHECK-NEXT: [[D:%sp[0-9]*]] = load i32, ptr %sp
; CHECK-NEXT: [[Z:%.*]] = icmp eq i32 [[D]], 0
; CHECK-NEXT: br i1 [[Z]], label %recursion.exit, label %recursion.pop
; The local array of the running frame.
; CHECK: more:
; CHECK: getelementptr inbounds [64 x [4 x i32]], ptr %buf.frames, i32 0, i32 %sp
; The call: room for a frame, the argument, return id 0 at the stack pointer, one frame up, enter fib.
; CHECK: icmp uge i32 {{%.*}}, 64
; CHECK: recursion.call:
; CHECK-NEXT: store i32 %a1, ptr %arg
; CHECK-NEXT: [[RID:%.*]] = getelementptr inbounds [64 x i32], ptr %return.ids, i32 0, i32 %sp
; CHECK-NEXT: store i32 0, ptr [[RID]]
; CHECK-NEXT: store i32 {{%.*}}, ptr %sp
; CHECK-NEXT: store i32 0, ptr %state
; CHECK-NEXT: br label %recursion.dispatch
; A full stack stops the kernel (the stop's text names the function and the depth).
; CHECK: recursion.full:
; CHECK-NEXT: call spir_func void @__kiln_stop(i32 5,
; CHECK-NEXT: unreachable
; The pop resumes after the call the popped id names.
; CHECK: recursion.pop:
; CHECK: %rid = load i32
; CHECK-NEXT: switch i32 %rid
; CHECK: recursion.exit:
; CHECK-NEXT: [[V:%.*]] = load i32, ptr %ret
; CHECK-NEXT: ret i32 [[V]]
define spir_func i32 @fib(i32 %n) {
entry:
  %buf = alloca [4 x i32], align 4
  %c = icmp slt i32 %n, 2
  br i1 %c, label %leaf, label %more
leaf:
  ret i32 %n
more:
  %i = and i32 %n, 3
  %e = getelementptr inbounds [4 x i32], ptr %buf, i32 0, i32 %i
  store i32 %n, ptr %e, align 4
  %a1 = sub i32 %n, 1
  %r1 = call spir_func i32 @fib(i32 %a1)
  %a2 = sub i32 %n, 2
  %r2 = call spir_func i32 @fib(i32 %a2)
  %b = load i32, ptr %e, align 4
  %s = add i32 %r1, %r2
  %t = add i32 %s, %b
  %u = sub i32 %t, %n
  ret i32 %u
}

define spir_func i32 @ping(i32 %n) {
entry:
  %c = icmp slt i32 %n, 1
  br i1 %c, label %leaf, label %more
leaf:
  ret i32 1
more:
  %w = sext i32 %n to i64
  %r = call spir_func i64 @pong(i64 %w)
  %t = trunc i64 %r to i32
  %x = mul i32 %t, 3
  ret i32 %x
}

define spir_func i64 @pong(i64 %n) {
entry:
  %m = sub i64 %n, 1
  %t = trunc i64 %m to i32
  %r = call spir_func i32 @ping(i32 %t)
  %w = zext i32 %r to i64
  %x = add i64 %w, %n
  ret i64 %x
}

define spir_kernel void @k(ptr addrspace(1) %o) {
entry:
  %v = call spir_func i32 @fact(i32 5)
  %f = call spir_func i32 @fib(i32 10)
  %p = call spir_func i32 @ping(i32 7)
  %s = add i32 %v, %f
  %t = add i32 %s, %p
  store i32 %t, ptr addrspace(1) %o, align 4
  ret void
}

; SPDX-License-Identifier: Apache-2.0
; rom-values: a value loaded from a constant table at an unknown index is one of the table's entries, so a
; branch or switch deciding on it (through masks, shifts, compares) keeps only the edges some entry takes,
; following the paths from the load (an edge out of case 1 is decided over the entries whose opcode is 1).
; A table that is not constant, a condition mixing in another value, and a table of another element type
; (bytes of words) keep every edge. Each kernel stores a distinct constant in each arm: an arm's constant
; gone means the arm is gone.
;
; RUN: kiln-opt -p rom-values %s | FileCheck %s

target triple = "spir64-unknown-unknown"

; Opcodes in the low four bits: 1, 2, 1, 1; bit 4 a flag, set in one entry of opcode 1 only.
@prog = internal constant [4 x i32] [i32 1, i32 2, i32 17, i32 1]
@data = internal global [4 x i32] [i32 1, i32 2, i32 17, i32 1]

; CHECK-LABEL: define spir_kernel void @decode(
; CHECK-DAG: store i32 101
; CHECK-DAG: store i32 102
; CHECK-DAG: store i32 202
; CHECK-NOT: store i32 201
; CHECK-NOT: store i32 333
; CHECK-NOT: store i32 444
; CHECK-NOT: store i32 999
; CHECK: ret void
define spir_kernel void @decode(ptr addrspace(1) %out, i64 %i) {
entry:
  %p = getelementptr inbounds [4 x i32], ptr @prog, i64 0, i64 %i
  %ins = load i32, ptr %p, align 4
  %op = and i32 %ins, 15
  switch i32 %op, label %bad [
    i32 1, label %one
    i32 2, label %two
    i32 3, label %three
    i32 4, label %four
  ]
one:
  %f1 = and i32 %ins, 16
  %c1 = icmp ne i32 %f1, 0
  br i1 %c1, label %flag1, label %noflag1
flag1:
  store i32 101, ptr addrspace(1) %out, align 4
  br label %done
noflag1:
  store i32 102, ptr addrspace(1) %out, align 4
  br label %done
two:
  %s2 = lshr i32 %ins, 4
  %c2 = icmp eq i32 %s2, 1
  br i1 %c2, label %flag2, label %noflag2
flag2:
  store i32 201, ptr addrspace(1) %out, align 4
  br label %done
noflag2:
  store i32 202, ptr addrspace(1) %out, align 4
  br label %done
three:
  store i32 333, ptr addrspace(1) %out, align 4
  br label %done
four:
  store i32 444, ptr addrspace(1) %out, align 4
  br label %done
bad:
  store i32 999, ptr addrspace(1) %out, align 4
  br label %done
done:
  ret void
}

; An interpreter's loop: the load at the top of each iteration; the back edge loads again, so the cases
; are decided per iteration. Opcode 2 ends the loop; 3 is not in the program.
; CHECK-LABEL: define spir_kernel void @loop(
; CHECK-DAG: store i32 111
; CHECK-DAG: store i32 222
; CHECK-NOT: store i32 333
; CHECK: ret void
define spir_kernel void @loop(ptr addrspace(1) %out) {
entry:
  br label %top
top:
  %pc = phi i64 [ 0, %entry ], [ %next, %step ]
  %p = getelementptr inbounds [4 x i32], ptr @prog, i64 0, i64 %pc
  %ins = load i32, ptr %p, align 4
  %op = and i32 %ins, 15
  switch i32 %op, label %step [
    i32 1, label %one
    i32 2, label %two
    i32 3, label %three
  ]
one:
  store i32 111, ptr addrspace(1) %out, align 4
  br label %step
three:
  store i32 333, ptr addrspace(1) %out, align 4
  br label %step
step:
  %next = add i64 %pc, 1
  %more = icmp ult i64 %next, 4
  br i1 %more, label %top, label %exit
two:
  store i32 222, ptr addrspace(1) %out, align 4
  br label %exit
exit:
  ret void
}

; Not decided: a table the kernel may write, a condition on the entry and an argument, bytes of a table of
; words.
; CHECK-LABEL: define spir_kernel void @kept(
; CHECK-DAG: store i32 301
; CHECK-DAG: store i32 302
; CHECK-DAG: store i32 303
; CHECK: ret void
define spir_kernel void @kept(ptr addrspace(1) %out, i64 %i, i32 %x) {
entry:
  %p = getelementptr inbounds [4 x i32], ptr @data, i64 0, i64 %i
  %v = load i32, ptr %p, align 4
  %c = icmp eq i32 %v, 3
  br i1 %c, label %a, label %b
a:
  store i32 301, ptr addrspace(1) %out, align 4
  br label %b
b:
  %q = getelementptr inbounds [4 x i32], ptr @prog, i64 0, i64 %i
  %w = load i32, ptr %q, align 4
  %wx = add i32 %w, %x
  %d = icmp eq i32 %wx, 3
  br i1 %d, label %c2, label %e
c2:
  store i32 302, ptr addrspace(1) %out, align 4
  br label %e
e:
  %r = getelementptr inbounds i8, ptr @prog, i64 %i
  %byte = load i8, ptr %r, align 1
  %f = icmp eq i8 %byte, 3
  br i1 %f, label %g, label %h
g:
  store i32 303, ptr addrspace(1) %out, align 4
  br label %h
h:
  ret void
}

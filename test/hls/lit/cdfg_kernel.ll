; SPDX-License-Identifier: Apache-2.0
; The CDFG builder alone (kiln-opt --cdfg): LLVM IR as HLS gets it (kiln-cc --stop-after schedule keeps it
; as hls.ll) becomes kernel IR text, one operation a line, before if-conversion and scheduling. A pointer
; argument's accesses go to device memory (mem 0, 'devmem', a module port); the loop's phis keep their
; source variables' names and their back edge; a comparison keeps its predicate, a select its three
; operands; a switch its default and cases. The text reads back to itself (kiln-opt --kir).
;
; RUN: kiln-opt --cdfg %s | FileCheck %s
; RUN: kiln-opt --cdfg %s -o %t.kir
; RUN: kiln-opt --kir %t.kir | diff %t.kir -
; Not scheduled: no steps, no step table.
; RUN: kiln-opt --cdfg %s | FileCheck %s --check-prefix NOSCHED

target triple = "spir64-unknown-unknown"

define spir_kernel void @__sycl_kernel_k(ptr %out, ptr %in, i32 %n, i32 %mode) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %p = getelementptr inbounds i32, ptr %in, i32 %i
  %x = load i32, ptr %p, align 4
  %neg = icmp slt i32 %x, 0
  %y = select i1 %neg, i32 0, i32 %x
  %s1 = add i32 %s, %y
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  switch i32 %mode, label %plain [ i32 1, label %twice
                                   i32 7, label %zero ]
twice:
  %d = shl i32 %s1, 1
  br label %exit
zero:
  br label %exit
plain:
  br label %exit
exit:
  %r = phi i32 [ %d, %twice ], [ 0, %zero ], [ %s1, %plain ]
  store i32 %r, ptr %out, align 4
  ret void
}

; CHECK-LABEL: kernel k (single task)
; CHECK-NEXT:  native __sycl_kernel_k
; CHECK-NEXT:  arg0 out: pointer, 64 bits
; CHECK-NEXT:  arg1 in: pointer, 64 bits
; CHECK-NEXT:  arg2 n: 32 bits
; CHECK-NEXT:  arg3 mode: 32 bits
; CHECK-NEXT:  mem 0: device memory devmem (0 bytes), port, read, write
; CHECK-NEXT:  bb0 (entry):
; CHECK-NEXT:    #[[#]] br  -> bb1
; CHECK-NEXT:  bb1 (loop):
; CHECK-NEXT:    %[[I:[0-9]+]] = phi.i32 [0:i32, bb0], [%[[I1:[0-9]+]], bb1] name i
; CHECK-NEXT:    %[[S:[0-9]+]] = phi.i32 [0:i32, bb0], [%[[S1:[0-9]+]], bb1] name s
; The address: the pointer argument's low 32 bits plus i * 4.
; CHECK-NEXT:    %[[OFF:[0-9]+]] = shl.i32 %[[I]], 2:i32
; CHECK-NEXT:    %[[ADDR:[0-9]+]] = add.i32 arg1, %[[OFF]]
; CHECK-NEXT:    %[[A:[0-9]+]] = copy.i32 %[[ADDR]]
; CHECK-NEXT:    %[[X:[0-9]+]] = load.i32 %[[A]]  mem 0
; CHECK-NEXT:    %[[NEG:[0-9]+]] = icmp.i1 slt %[[X]], 0:i32
; CHECK-NEXT:    %[[Y:[0-9]+]] = select.i32 %[[NEG]], 0:i32, %[[X]]
; CHECK-NEXT:    %[[S1]] = add.i32 %[[S]], %[[Y]]
; CHECK-NEXT:    %[[I1]] = add.i32 %[[I]], 1:i32
; CHECK-NEXT:    %[[C:[0-9]+]] = icmp.i1 ult %[[I1]], arg2
; CHECK-NEXT:    #[[#]] condbr %[[C]]  -> bb1, bb2
; CHECK-NEXT:  bb2 (done):
; CHECK-NEXT:    #[[#]] switch arg3  -> bb5  cases 1: bb3, 7: bb4
; CHECK-NEXT:  bb3 (twice):
; CHECK-NEXT:    %[[D:[0-9]+]] = shl.i32 %[[S1]], 1:i32
; CHECK-NEXT:    #[[#]] br  -> bb6
; CHECK:       bb6 (exit):
; CHECK-NEXT:    %[[R:[0-9]+]] = phi.i32 [%[[D]], bb3], [0:i32, bb4], [%[[S1]], bb5] name r
; CHECK-NEXT:    #[[#]] store arg0, %[[R]]  mem 0
; CHECK-NEXT:    #[[#]] ret

; NOSCHED-NOT: steps
; NOSCHED-NOT: ; step

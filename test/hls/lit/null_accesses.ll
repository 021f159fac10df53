; SPDX-License-Identifier: Apache-2.0
; null-accesses: after unify-pointers, a load, store or memset through a pointer that can only be null
; (constants, and phis, selects, casts and getelementptrs of them) is a stop of kind KILN_STOP_BOUNDS
; (16) at its line when it runs, not a compile error: one library body serving a narrow and a wide caller
; holds such code, never run. What only the access led to goes. An access through a pointer that may be
; null or an object stays.
;
; RUN: kiln-opt -p null-accesses %s | FileCheck %s

target triple = "spir64-unknown-unknown"

@buf = internal global [4 x i32] zeroinitializer

; CHECK-LABEL: define spir_kernel void @k(
; CHECK: br i1 %c, label %narrow, label %wide
; CHECK: narrow:
; CHECK: store i32 16, ptr inttoptr
; CHECK-NOT: store i32 %x, ptr %p
; CHECK: unreachable
; CHECK: wide:
; CHECK: store i32 %x, ptr %q
; CHECK: done:
; CHECK-NOT: load i32, ptr %g
; CHECK: store i32 16, ptr inttoptr
; CHECK-NOT: ret void
; CHECK: unreachable
define spir_kernel void @k(i1 %c, i1 %d, i32 %x) {
entry:
  br i1 %c, label %narrow, label %wide
narrow:
  %p = select i1 %d, ptr null, ptr null
  store i32 %x, ptr %p, align 4
  br label %done
wide:
  %q = select i1 %d, ptr null, ptr @buf
  store i32 %x, ptr %q, align 4
  br label %done
done:
  %z = phi ptr [ null, %narrow ], [ null, %wide ]
  %g = getelementptr i32, ptr %z, i64 1
  %v = load i32, ptr %g, align 4
  store i32 %v, ptr @buf, align 4
  ret void
}

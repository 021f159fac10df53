; SPDX-License-Identifier: Apache-2.0
; bounds-checks (kiln-cc --checks), after unify-pointers: each arm of the dispatch reaches its object at
; the address minus the object's base, and an offset past the object's last element (12 bytes into a
; 16-byte @tab) records stop 16 (KILN_STOP_BOUNDS) in the debug channel's STOP word (0x1008) and ends the
; run. Without --checks the pass does not run, and kiln-opt refuses to pretend it did.
;
; RUN: kiln-opt -p unify-pointers,bounds-checks --checks %s | FileCheck %s
; RUN: not kiln-opt -p unify-pointers,bounds-checks %s 2>&1 | FileCheck %s --check-prefix PLAIN

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"
@tab = internal addrspace(1) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
@buf = internal addrspace(1) global [4 x i32] zeroinitializer, align 4
define spir_kernel void @k(ptr addrspace(1) %out, i1 %c, i32 %i) {
entry:
  %p = select i1 %c, ptr addrspace(1) @tab, ptr addrspace(1) @buf
  %q = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %i
  %v = load i32, ptr addrspace(1) %q, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK: reach:
; CHECK-NEXT: [[DELTA:%[0-9]+]] = sub i32 [[ADDR:%[0-9]+]], -2147483648
; CHECK-NEXT: [[P:%[0-9]+]] = getelementptr i8, ptr addrspace(1) @tab, i32 [[DELTA]]
; CHECK-NEXT: [[I:%[0-9]+]] = ptrtoint ptr addrspace(1) [[P]] to i32
; CHECK-NEXT: [[BAD:%[0-9]+]] = icmp ugt i32 [[I]], 12
; CHECK-NEXT: br i1 [[BAD]], label %check.fail, label %[[OK:[0-9]+]]
; CHECK: check.fail:
; CHECK: store i32 16, ptr inttoptr (i64 4104 to ptr)
; CHECK: unreachable
; CHECK: [[OK]]:
; CHECK-NEXT: load i32, ptr addrspace(1) [[P]]
; PLAIN: kiln-opt: error: pass 'bounds-checks' does not run here

; SPDX-License-Identifier: Apache-2.0
; debug-calls turns exit(3) into a stop (kind 1, exit; code 3; site 0); debug-stops, after inlining, makes
; each stop write the debug channel's STOP, CODE and SITE words (0x1008, 0x100c, 0x1010) unless an earlier
; stop of the run did (the first stop wins) and end the kernel there.
;
; RUN: kiln-opt -p debug-calls %s | FileCheck %s --check-prefix CALLS
; RUN: kiln-opt -p debug-calls,debug-stops %s | FileCheck %s --check-prefix STOPS

target triple = "spir64-unknown-unknown"
declare spir_func void @exit(i32)
define spir_kernel void @k(ptr addrspace(1) %o, i32 %x) {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %bad, label %ok
bad:
  call spir_func void @exit(i32 3)
  unreachable
ok:
  store i32 %x, ptr addrspace(1) %o, align 4
  ret void
}

; CALLS: bad:
; CALLS-NEXT: call spir_func void @__kiln_stop(i32 1, i32 3, i32 0)
; CALLS-NEXT: unreachable
; CALLS-NOT: @exit(

; STOPS: bad:
; STOPS-NEXT: %stop.was = load i32, ptr inttoptr (i64 4104 to ptr)
; STOPS-NEXT: [[FIRST:%[0-9]+]] = icmp eq i32 %stop.was, 0
; STOPS-NEXT: br i1 [[FIRST]], label %stop.record, label %[[END:[0-9]+]]
; STOPS: stop.record:
; STOPS-NEXT: store i32 1, ptr inttoptr (i64 4104 to ptr)
; STOPS-NEXT: store i32 3, ptr inttoptr (i64 4108 to ptr)
; STOPS-NEXT: store i32 0, ptr inttoptr (i64 4112 to ptr)
; STOPS: [[END]]:
; STOPS-NEXT: unreachable
; STOPS-NOT: call {{.*}}@__kiln_stop(

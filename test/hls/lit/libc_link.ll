; SPDX-License-Identifier: Apache-2.0
; libc-link: the kernel C library is linked into a module that calls it; its functions become internal (so
; the unused go with the next clean-up), and a definition in the kernel sources wins over the library's. The
; library's constant for the debug channel's size becomes the board's (sim: 256 KiB; icebreaker.json: 4 KiB).
;
; RUN: kiln-opt -p libc-link %s | FileCheck %s
; RUN: kiln-opt --board icebreaker -p libc-link %s | FileCheck %s --check-prefix ICE
; RUN: sed 's/^declare spir_func i32 @abs(i32)$/define spir_func i32 @abs(i32 %%x) { ret i32 7 }/' %s | kiln-opt -p libc-link - | FileCheck %s --check-prefix OWN

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

declare spir_func i32 @abs(i32)

define spir_kernel void @k(ptr addrspace(1) %o, i32 %x) {
entry:
  %v = call spir_func i32 @abs(i32 %x)
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

; CHECK: @__kiln_debug_bytes = internal {{.*}}constant i32 262144
; CHECK: call spir_func i32 @abs(i32 %x)
; ICE: @__kiln_debug_bytes = internal {{.*}}constant i32 4096
; CHECK: define internal spir_func i32 @abs(
; OWN: define spir_func i32 @abs(i32 %x)
; OWN-NEXT: ret i32 7
; OWN-NOT: define internal spir_func i32 @abs(

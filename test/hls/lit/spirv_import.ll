; SPDX-License-Identifier: Apache-2.0
; spirv-import: IR translated back from SPIR-V (llvm-spirv -r) keeps a device global's decorations but not
; DPC++'s attributes; a global decorated HostAccessINTEL (6147) gets the attributes its decorations imply:
; its size, host access and unique id from 6147, implement_in_csr from 6149, init_mode from 6148. A global
; without 6147 is no device global and stays as it was.
;
; RUN: kiln-opt -p spirv-import %s | FileCheck %s

target triple = "spir64-unknown-unknown"
@dg = addrspace(1) global i32 0, align 4, !spirv.Decorations !0
@plain = addrspace(1) global i32 0, align 4
define spir_kernel void @k(ptr addrspace(1) %o) {
entry:
  %v = load i32, ptr addrspace(1) @dg, align 4
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}
!0 = !{!1, !2, !3}
!1 = !{i32 6149, i32 1}
!2 = !{i32 6148, i32 1}
!3 = !{i32 6147, i32 1, !"uid_dg"}

; CHECK: @dg = addrspace(1) global i32 0, align 4, !spirv.Decorations !0 #[[A:[0-9]+]]
; CHECK: @plain = addrspace(1) global i32 0, align 4{{$}}
; CHECK: attributes #[[A]] = { "sycl-device-global-size"="4" "sycl-host-access"="1" "sycl-implement-in-csr"="true" "sycl-init-mode"="1" "sycl-unique-id"="uid_dg" }

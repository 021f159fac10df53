; SPDX-License-Identifier: Apache-2.0
; A device global's wrong properties are reported once, at the module, however many images it lands in.
;
; RUN: not kiln-post-link --device-globals -split=kernel %s -o %t.table 2>&1 | FileCheck %s

target triple = "spir64-unknown-unknown"
@dg = weak_odr addrspace(1) global i32 0, align 4 #0
define weak_odr spir_kernel void @K1() { ret void }
define weak_odr spir_kernel void @K2() { ret void }
define weak_odr spir_kernel void @K3() { ret void }
attributes #0 = { "sycl-device-global-size"="8" "sycl-unique-id"="u" "sycl-host-access"="7" }

; CHECK: sycl-device-global-size is 8 but the type has 4 bytes
; CHECK-NOT: sycl-device-global-size is 8
; CHECK: invalid sycl-host-access
; CHECK-NOT: invalid sycl-host-access

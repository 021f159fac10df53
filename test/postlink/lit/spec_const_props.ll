; SPDX-License-Identifier: Apache-2.0
; --spec-const=rt alone still writes a .prop per image (sycl-post-link's test_global_variable_empty_set),
; with the sets it always writes and no [SYCL/device globals] header for an empty set: @_ZL7dg_int1 has no
; sycl-device-global-size, so it is no device global, and without --device-globals none is looked for.
;
; RUN: kiln-post-link --spec-const=rt -S %s -o %t.table
; RUN: FileCheck %s -input-file=%t.table --check-prefix CHECK-TABLE
; RUN: FileCheck %s -input-file=%t_0.prop --check-prefix CHECK-PROP
; RUN: kiln-post-link --spec-const=rt --device-globals -S %s -o %t.dg.table
; RUN: FileCheck %s -input-file=%t.dg_0.prop --check-prefix CHECK-PROP
; RUN: not kiln-post-link --spec-const=bogus %s -o %t.bad.table 2>&1 | FileCheck %s --check-prefix CHECK-BAD

target triple = "spir64-unknown-unknown"

@_ZL7dg_int1 = internal addrspace(1) global i32 0, align 8 #0

define weak_odr spir_kernel void @_ZTS1K() #1 {
entry:
  store i32 1, ptr addrspace(1) @_ZL7dg_int1, align 4
  ret void
}

attributes #0 = { "sycl-unique-id"="6da74a122db9f35d____ZL7dg_int1" "sycl-device-image-scope"="false" "sycl-host-access"="1" }
attributes #1 = { "sycl-module-id"="main.cpp" }

; CHECK-TABLE: [Code|Properties]
; CHECK-TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.prop
; CHECK-TABLE-EMPTY:
; CHECK-PROP: [SYCL/devicelib req mask]
; CHECK-PROP-NEXT: DeviceLibReqMask=1|0
; CHECK-PROP-NEXT: [SYCL/device requirements]
; CHECK-PROP-NOT: [SYCL/device globals]
; CHECK-BAD: kiln-post-link: error: -spec-const takes rt|default|native|emulation, not 'bogus'

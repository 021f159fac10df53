; SPDX-License-Identifier: Apache-2.0
; --emit-program-metadata: [SYCL/program metadata] names each kernel's required work-group size
; (<kernel>@reqd_work_group_size: uint32 per dimension, from !reqd_work_group_size as it is or from
; "sycl-work-group-size" reversed) and then maps each device global's unique id to its IR name
; (<unique id>@global_id_mapping), for device globals no kernel uses too. The option implies the .prop files.
; Encodings: 12 bytes 1,2,4 and 8 bytes 2,4 after the 64-bit bit count; "_ZL7dg_int1" as REFERENCE §3 gives it.
;
; RUN: kiln-post-link --device-globals --emit-program-metadata -S %s -o %t.table
; RUN: FileCheck %s -input-file=%t.table --check-prefix CHECK-TABLE
; RUN: FileCheck %s -input-file=%t_0.prop --match-full-lines --check-prefix CHECK-PROP

target triple = "spir64-unknown-unknown"

@_ZL7dg_int1 = weak_odr addrspace(1) global i32 0, align 4 #0

define weak_odr spir_func void @_Z6helperv() {
entry:
  store i32 1, ptr addrspace(1) @_ZL7dg_int1, align 4
  ret void
}

define weak_odr spir_kernel void @K1() !reqd_work_group_size !0 {
  ret void
}

define weak_odr spir_kernel void @K2() #1 {
  ret void
}

define weak_odr spir_kernel void @K3() #2 {
  ret void
}

define weak_odr spir_kernel void @K4() {
  ret void
}

attributes #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="6da74a122db9f35d____ZL7dg_int1" }
attributes #1 = { "sycl-work-group-size"="4,2,1" }
attributes #2 = { "sycl-work-group-size"="4,2" }

!0 = !{i32 1, i32 2, i32 4}

; CHECK-TABLE: [Code|Properties]
; CHECK-PROP: [SYCL/program metadata]
; CHECK-PROP-NEXT: K1@reqd_work_group_size=2|gBAAAAAAAAQAAAAACAAAAQAAAAA
; CHECK-PROP-NEXT: K2@reqd_work_group_size=2|gBAAAAAAAAQAAAAACAAAAQAAAAA
; CHECK-PROP-NEXT: K3@reqd_work_group_size=2|ABAAAAAAAAgAAAAAEAAAAA
; CHECK-PROP-NEXT: 6da74a122db9f35d____ZL7dg_int1@global_id_mapping=2|YBAAAAAAAAwXax0Nkd2Xp5GdxA
; CHECK-PROP-NEXT: [SYCL/device globals]

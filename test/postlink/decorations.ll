; SPDX-License-Identifier: Apache-2.0
; Decorations as DPC++'s CompileTimePropertiesPass gives them: a global with implement_in_csr / init_mode
; properties but no sycl-device-global-size gets 6149 and 6148 (and no 6147); a device global whose
; !spirv.Decorations list exists keeps it in its order, with only the missing decorations appended; nothing adds
; sycl-* attributes to a global that had none.
target triple = "spir64-unknown-unknown"

@not_dg = addrspace(1) global i32 0, align 4 #0
@dg_listed = addrspace(1) global i32 0, align 4, !spirv.Decorations !0 #1
@plain = addrspace(1) global i32 7, align 4

define spir_kernel void @k(i32 %n) {
entry:
  store i32 %n, ptr addrspace(1) @not_dg, align 4
  store i32 %n, ptr addrspace(1) @dg_listed, align 4
  store i32 %n, ptr addrspace(1) @plain, align 4
  ret void
}

attributes #0 = { "sycl-implement-in-csr"="true" "sycl-init-mode"="1" }
attributes #1 = { "sycl-device-global-size"="4" "sycl-unique-id"="dg_listed" "sycl-host-access"="1" "sycl-implement-in-csr"="false" "sycl-init-mode"="0" }

!0 = !{!1, !2}
!1 = !{i32 6147, i32 1, !"dg_listed"}
!2 = !{i32 6149, i32 0}

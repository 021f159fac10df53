; SPDX-License-Identifier: Apache-2.0
; A device global and its decorations in a per-kernel image, in the shape DPC++'s CompileTimePropertiesPass
; gives them (its device-globals/test_global_variable test): an internal device global stays internal in
; the image of the kernel that uses it and is absent from the other; the nodes come in the pass's order
; (ImplementInCSR 6149, InitMode 6148, HostAccess 6147 with the unique id), only the properties present are
; written, and a global without sycl-device-global-size gets 6149 and 6148 but no 6147. A weak_odr device
; global cannot be discarded: it is in both images, decorated in each, though only K1 uses it.
;
; RUN: kiln-post-link --device-globals -split=kernel -S %s -o %t.table
; RUN: FileCheck %s -input-file=%t_1.ll --check-prefix CHECK-K1
; RUN: FileCheck %s -input-file=%t_0.ll --check-prefix CHECK-K2

target triple = "spir64-unknown-unknown"

; CHECK-K1: @_ZL7dg_int1 = internal addrspace(1) global i32 0, align 4, !spirv.Decorations ![[#MN0:]]
; CHECK-K2-NOT: @_ZL7dg_int1 =
@_ZL7dg_int1 = internal addrspace(1) global i32 0, align 4 #0
; CHECK-K1: @_ZL8dg_bool4 = internal addrspace(1) global i8 0, align 1, !spirv.Decorations ![[#MN10:]]
@_ZL8dg_bool4 = internal addrspace(1) global i8 0, align 1 #1
; CHECK-K2: @_ZL7dg_int2 = internal addrspace(1) global i32 0, align 4, !spirv.Decorations ![[#MN4:]]
; CHECK-K1-NOT: @_ZL7dg_int2 =
@_ZL7dg_int2 = internal addrspace(1) global i32 0, align 4 #2
; CHECK-K2: @_ZL7no_dg_int1 = internal addrspace(1) global i32 0, align 4, !spirv.Decorations ![[#MN12:]]
@_ZL7no_dg_int1 = internal addrspace(1) global i32 0, align 4 #3
; CHECK-K1: @_ZL7dg_weak = weak_odr addrspace(1) global i32 0, align 4, !spirv.Decorations ![[#MW1:]]
; CHECK-K2: @_ZL7dg_weak = weak_odr addrspace(1) global i32 0, align 4, !spirv.Decorations ![[#MW2:]]
@_ZL7dg_weak = weak_odr addrspace(1) global i32 0, align 4 #4

define weak_odr spir_kernel void @_ZTS2K1() {
entry:
  store i32 1, ptr addrspace(1) @_ZL7dg_int1, align 4
  store i8 1, ptr addrspace(1) @_ZL8dg_bool4, align 1
  store i32 1, ptr addrspace(1) @_ZL7dg_weak, align 4
  ret void
}

define weak_odr spir_kernel void @_ZTS2K2() {
entry:
  store i32 1, ptr addrspace(1) @_ZL7dg_int2, align 4
  store i32 1, ptr addrspace(1) @_ZL7no_dg_int1, align 4
  ret void
}

attributes #0 = { "sycl-unique-id"="6da74a122db9f35d____ZL7dg_int1" "sycl-device-image-scope"="false" "sycl-host-access"="1" "sycl-implement-in-csr"="true" "sycl-init-mode"="0" "sycl-device-global-size"="4" }
attributes #1 = { "sycl-unique-id"="dda2bad52c45c432____ZL8dg_bool4" "sycl-device-image-scope" "sycl-host-access"="2" "sycl-device-global-size"="1" }
attributes #2 = { "sycl-unique-id"="7da74a1187b9f35d____ZL7dg_int2" "sycl-implement-in-csr"="false" "sycl-init-mode"="1" "sycl-device-global-size"="4" }
attributes #4 = { "sycl-unique-id"="w____ZL7dg_weak" "sycl-host-access"="0" "sycl-device-global-size"="4" }
attributes #3 = { "sycl-unique-id"="6da74a122db9f35d____ZL7no_dg_int1" "sycl-device-image-scope"="false" "sycl-host-access"="1" "sycl-implement-in-csr"="true" "sycl-init-mode"="0" }

; CHECK-K1-DAG: ![[#MN0]] = !{![[#MN1:]], ![[#MN2:]], ![[#MN3:]]}
; CHECK-K1-DAG: ![[#MN1]] = !{i32 6149, i32 1}
; CHECK-K1-DAG: ![[#MN2]] = !{i32 6148, i32 0}
; CHECK-K1-DAG: ![[#MN3]] = !{i32 6147, i32 1, !"6da74a122db9f35d____ZL7dg_int1"}
; CHECK-K1-DAG: ![[#MN10]] = !{![[#MN11:]]}
; CHECK-K1-DAG: ![[#MN11]] = !{i32 6147, i32 2, !"dda2bad52c45c432____ZL8dg_bool4"}
; CHECK-K2-DAG: ![[#MN4]] = !{![[#MN5:]], ![[#MN6:]], ![[#MN7:]]}
; CHECK-K2-DAG: ![[#MN5]] = !{i32 6149, i32 0}
; CHECK-K2-DAG: ![[#MN6]] = !{i32 6148, i32 1}
; CHECK-K2-DAG: ![[#MN7]] = !{i32 6147, i32 2, !"7da74a1187b9f35d____ZL7dg_int2"}
; CHECK-K2-DAG: ![[#MN12]] = !{![[#MN13:]], ![[#MN14:]]}
; CHECK-K2-DAG: ![[#MN13]] = !{i32 6149, i32 1}
; CHECK-K2-DAG: ![[#MN14]] = !{i32 6148, i32 0}
; CHECK-K1-DAG: ![[#MW1]] = !{![[#MW1H:]]}
; CHECK-K1-DAG: ![[#MW1H]] = !{i32 6147, i32 0, !"w____ZL7dg_weak"}
; CHECK-K2-DAG: ![[#MW2]] = !{![[#MW2H:]]}
; CHECK-K2-DAG: ![[#MW2H]] = !{i32 6147, i32 0, !"w____ZL7dg_weak"}

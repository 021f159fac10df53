; SPDX-License-Identifier: Apache-2.0
; sycl-post-link keeps device globals that no kernel uses (its device-globals/test_global_variable*,
; drop_used and trim_used tests): an image starts from every global that cannot be discarded, so a weak_odr
; device global used only by a function that is no entry point stays defined, decorated and listed;
; llvm.compiler.used loses only its device globals; a device global nothing but a pin array uses is erased
; (removeDeviceGlobalFromCompilerUsed), whatever its linkage.
;
; RUN: kiln-post-link -properties --device-globals -S %s -o %t.table
; RUN: FileCheck %s -input-file=%t_0.ll --check-prefix CHECK-IR
; RUN: FileCheck %s -input-file=%t_0.prop --check-prefix CHECK-PROP
; RUN: kiln-post-link -properties --device-globals %s -o %t.bc.table
; RUN: llvm-spirv --spirv-ext=+SPV_INTEL_global_variable_decorations %t.bc_0.bc -o %t.spv
; RUN: llvm-spirv -to-text %t.spv -o - | FileCheck %s --check-prefix CHECK-SPV
; RUN: kiln-post-link --device-globals --emit-program-metadata -S %s -o %t.md.table
; RUN: FileCheck %s -input-file=%t.md_0.prop --check-prefix CHECK-MD

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::ext::oneapi::experimental::device_global" = type { i32 }
%"class.sycl::_V1::ext::oneapi::experimental::device_global.0" = type { i8 }

@llvm.compiler.used = appending global [4 x ptr addrspace(4)] [ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZL6dg_fn1 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZL13NotADevGlobal to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZL9dg_pinned to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZL7dg_kern to ptr addrspace(4))], section "llvm.metadata"

; CHECK-IR: @_ZL6dg_fn1 = weak_odr addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer, align 4, !spirv.Decorations ![[FN1:[0-9]+]]
@_ZL6dg_fn1 = weak_odr addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer, align 4 #0
; CHECK-IR: @_ZL6dg_fn2 = weak_odr addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global.0" zeroinitializer, align 1, !spirv.Decorations ![[FN2:[0-9]+]]
@_ZL6dg_fn2 = weak_odr addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global.0" zeroinitializer, align 1 #1
; CHECK-IR-NOT: @_ZL9dg_pinned =
@_ZL9dg_pinned = weak_odr addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer, align 4 #2
; CHECK-IR: @_ZL7dg_kern = internal addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer, align 4, !spirv.Decorations
@_ZL7dg_kern = internal addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer, align 4 #3
@_ZL13NotADevGlobal = internal addrspace(1) constant i8 0
; The array is made again, after the globals, as sycl-post-link makes it.
; CHECK-IR: @llvm.compiler.used = appending global [1 x ptr addrspace(4)] [ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZL13NotADevGlobal to ptr addrspace(4))], section "llvm.metadata"

; Not an entry point: no sycl-module-id (nor a kernel calling convention).
define weak_odr spir_func void @_Z6helperv() {
entry:
  store i32 1, ptr addrspace(1) @_ZL6dg_fn1, align 4
  store i8 1, ptr addrspace(1) @_ZL6dg_fn2, align 1
  ret void
}

define weak_odr spir_kernel void @_ZTSZ4mainE1K() #4 {
entry:
  %v = load i32, ptr addrspace(1) @_ZL7dg_kern, align 4
  ret void
}

attributes #0 = { "sycl-device-global-size"="4" "sycl-device-image-scope"="false" "sycl-host-access"="1" "sycl-implement-in-csr"="true" "sycl-init-mode"="0" "sycl-unique-id"="f1a2____ZL6dg_fn1" }
attributes #1 = { "sycl-device-global-size"="1" "sycl-device-image-scope" "sycl-host-access"="0" "sycl-unique-id"="f1a2____ZL6dg_fn2" }
attributes #2 = { "sycl-device-global-size"="4" "sycl-unique-id"="f1a2____ZL9dg_pinned" }
attributes #3 = { "sycl-device-global-size"="4" "sycl-unique-id"="f1a2____ZL7dg_kern" }
attributes #4 = { "sycl-module-id"="main.cpp" }

; The decorations in CompileTimePropertiesPass' order: implement_in_csr, init_mode, host_access.
; CHECK-IR-DAG: ![[FN1]] = !{![[CSR:[0-9]+]], ![[INIT:[0-9]+]], ![[HA1:[0-9]+]]}
; CHECK-IR-DAG: ![[CSR]] = !{i32 6149, i32 1}
; CHECK-IR-DAG: ![[INIT]] = !{i32 6148, i32 0}
; CHECK-IR-DAG: ![[HA1]] = !{i32 6147, i32 1, !"f1a2____ZL6dg_fn1"}
; CHECK-IR-DAG: ![[FN2]] = !{![[HA2:[0-9]+]]}
; CHECK-IR-DAG: ![[HA2]] = !{i32 6147, i32 0, !"f1a2____ZL6dg_fn2"}

; CHECK-PROP: [SYCL/device globals]
; CHECK-PROP-NEXT: f1a2____ZL6dg_fn1=2|ABAAAAAAAAABAAAAAAAAAA
; CHECK-PROP-NEXT: f1a2____ZL6dg_fn2=2|ABAAAAAAAAQAAAAABAAAAA
; CHECK-PROP-NEXT: f1a2____ZL7dg_kern=2|ABAAAAAAAAABAAAAAAAAAA
; CHECK-PROP-NOT: dg_pinned

; CHECK-SPV-DAG: Decorate [[#]] HostAccessINTEL 1 "f1a2____ZL6dg_fn1"
; CHECK-SPV-DAG: Decorate [[#]] HostAccessINTEL 0 "f1a2____ZL6dg_fn2"
; CHECK-SPV-DAG: Decorate [[#]] ImplementInCSRINTEL 1
; CHECK-SPV-DAG: Decorate [[#]] InitModeINTEL 0
; CHECK-SPV-NOT: dg_pinned

; CHECK-MD: [SYCL/program metadata]
; CHECK-MD-NEXT: f1a2____ZL6dg_fn1@global_id_mapping=2|{{.+}}
; CHECK-MD-NEXT: f1a2____ZL6dg_fn2@global_id_mapping=2|{{.+}}
; CHECK-MD-NEXT: f1a2____ZL7dg_kern@global_id_mapping=2|{{.+}}
; CHECK-MD-NOT: dg_pinned

; SPDX-License-Identifier: Apache-2.0
; --device-globals --split=source: images are numbered as sycl-post-link numbers them (by split key,
; descending: c.cpp, b.cpp, a.cpp); a discardable (internal) device global goes only to the images whose
; entry points use it, through any depth of calls; one that cannot be discarded (weak_odr) is in every image
; and listed in each; device_image_scope is judged by use, so @dg_scoped_weak, present everywhere but used
; from a.cpp only, is no error.
;
; RUN: kiln-post-link -properties -symbols --device-globals --split=source -S %s -o %t.table
; RUN: FileCheck %s -input-file=%t.table --check-prefix CHECK-TABLE
; RUN: FileCheck %s -input-file=%t_0.ll --check-prefix CHECK-C
; RUN: FileCheck %s -input-file=%t_1.ll --check-prefix CHECK-B
; RUN: FileCheck %s -input-file=%t_2.ll --check-prefix CHECK-A
; RUN: FileCheck %s -input-file=%t_0.sym --check-prefix CHECK-SYM-C
; RUN: FileCheck %s -input-file=%t_2.sym --check-prefix CHECK-SYM-A
; RUN: FileCheck %s -input-file=%t_0.prop --check-prefix CHECK-PROP-C
; RUN: FileCheck %s -input-file=%t_2.prop --check-prefix CHECK-PROP-A

target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

; CHECK-TABLE: [Code|Properties|Symbols]
; CHECK-TABLE-NEXT: {{.*}}_0.ll|{{.*}}_0.prop|{{.*}}_0.sym
; CHECK-TABLE-NEXT: {{.*}}_1.ll|{{.*}}_1.prop|{{.*}}_1.sym
; CHECK-TABLE-NEXT: {{.*}}_2.ll|{{.*}}_2.prop|{{.*}}_2.sym
; CHECK-TABLE-EMPTY:

; CHECK-A: @dg_a = internal addrspace(1) global i32 0
; CHECK-B-NOT: @dg_a =
; CHECK-C-NOT: @dg_a =
@dg_a = internal addrspace(1) global i32 0, align 4 #0
; CHECK-A: @dg_ab = internal addrspace(1) global i32 0
; CHECK-B: @dg_ab = internal addrspace(1) global i32 0
; CHECK-C-NOT: @dg_ab =
@dg_ab = internal addrspace(1) global i32 0, align 4 #1
; CHECK-A: @dg_weak = weak_odr addrspace(1) global i32 0
; CHECK-B: @dg_weak = weak_odr addrspace(1) global i32 0
; CHECK-C: @dg_weak = weak_odr addrspace(1) global i32 0
@dg_weak = weak_odr addrspace(1) global i32 0, align 4 #2
; CHECK-A: @dg_scoped_weak = weak_odr addrspace(1) global i8 0
; CHECK-B: @dg_scoped_weak = weak_odr addrspace(1) global i8 0
; CHECK-C: @dg_scoped_weak = weak_odr addrspace(1) global i8 0
@dg_scoped_weak = weak_odr addrspace(1) global i8 0, align 1 #3

define internal spir_func void @_Z5deep2v() {
entry:
  store i32 2, ptr addrspace(1) @dg_ab, align 4
  ret void
}

define internal spir_func void @_Z5deep1v() {
entry:
  call spir_func void @_Z5deep2v()
  ret void
}

define weak_odr spir_kernel void @_ZTS2KA() #10 {
entry:
  store i32 1, ptr addrspace(1) @dg_a, align 4
  store i8 1, ptr addrspace(1) @dg_scoped_weak, align 1
  call spir_func void @_Z5deep1v()
  ret void
}

define weak_odr spir_kernel void @_ZTS2KB() #11 {
entry:
  call spir_func void @_Z5deep1v()
  ret void
}

define weak_odr spir_kernel void @_ZTS2KC() #12 {
entry:
  ret void
}

attributes #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="dg_a" }
attributes #1 = { "sycl-device-global-size"="4" "sycl-unique-id"="dg_ab" }
attributes #2 = { "sycl-device-global-size"="4" "sycl-unique-id"="dg_weak" }
attributes #3 = { "sycl-device-global-size"="1" "sycl-device-image-scope"="true" "sycl-unique-id"="dg_scoped_weak" }
attributes #10 = { "sycl-module-id"="a.cpp" }
attributes #11 = { "sycl-module-id"="b.cpp" }
attributes #12 = { "sycl-module-id"="c.cpp" }

; CHECK-SYM-C: _ZTS2KC
; CHECK-SYM-C-EMPTY:
; CHECK-SYM-A: _ZTS2KA
; CHECK-SYM-A-EMPTY:

; CHECK-PROP-C: [SYCL/device globals]
; CHECK-PROP-C-NEXT: dg_weak=2|ABAAAAAAAAABAAAAAAAAAA
; CHECK-PROP-C-NEXT: dg_scoped_weak=2|ABAAAAAAAAQAAAAABAAAAA
; CHECK-PROP-C-EMPTY:
; CHECK-PROP-A: [SYCL/device globals]
; CHECK-PROP-A-NEXT: dg_a=2|ABAAAAAAAAABAAAAAAAAAA
; CHECK-PROP-A-NEXT: dg_ab=2|ABAAAAAAAAABAAAAAAAAAA
; CHECK-PROP-A-NEXT: dg_weak=2|ABAAAAAAAAABAAAAAAAAAA
; CHECK-PROP-A-NEXT: dg_scoped_weak=2|ABAAAAAAAAQAAAAABAAAAA

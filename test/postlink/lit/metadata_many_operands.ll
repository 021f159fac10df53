; SPDX-License-Identifier: Apache-2.0
; Metadata nodes of any size: a !reqd_work_group_size of 2000 operands (no size, and the per-source split
; key is built from all of them) and !spirv.Decorations of 3000 nodes on a device global. The input is
; generated; nothing overflows a fixed-size array of operands.
;
; RUN: awk 'BEGIN { print "target triple = \"spir64-unknown-unknown\""; print "@dg = addrspace(1) global i32 0, align 4, !spirv.Decorations !1 #0"; print "define weak_odr spir_kernel void @K() #1 !reqd_work_group_size !0 { store i32 1, ptr addrspace(1) @dg\n ret void }"; print "attributes #0 = { \"sycl-device-global-size\"=\"4\" \"sycl-unique-id\"=\"u\" }"; print "attributes #1 = { \"sycl-module-id\"=\"a.cpp\" }"; s = "!0 = !{i32 1"; for (i = 1; i < 2000; i++) s = s ", i32 " i; print s "}"; s = "!1 = !{!2"; for (i = 1; i < 3000; i++) s = s ", !2"; print s "}"; print "!2 = !{i32 6149, i32 1}" }' > %t.ll
; RUN: kiln-post-link --device-globals --emit-program-metadata -split=source -S %t.ll -o %t.table
; RUN: FileCheck %s -input-file=%t_0.prop

; CHECK: [SYCL/program metadata]
; CHECK-NOT: reqd_work_group_size
; CHECK: u@global_id_mapping

; SPDX-License-Identifier: Apache-2.0
; Malformed work-group sizes name no size: no operands, four, a string, and an attribute that is not one to
; three plain decimal numbers. An i64 is cut to 32 bits, as sycl-post-link cuts it.
;
; RUN: kiln-post-link --emit-program-metadata -S %s -o %t.table
; RUN: FileCheck %s -input-file=%t_0.prop

target triple = "spir64-unknown-unknown"
define weak_odr spir_kernel void @Kzero() !reqd_work_group_size !0 { ret void }
define weak_odr spir_kernel void @Kfour() !reqd_work_group_size !1 { ret void }
define weak_odr spir_kernel void @Kbig() !reqd_work_group_size !2 { ret void }
define weak_odr spir_kernel void @Kstr() !reqd_work_group_size !3 { ret void }
define weak_odr spir_kernel void @A1() #1 { ret void }
define weak_odr spir_kernel void @A2() #2 { ret void }
define weak_odr spir_kernel void @A3() #3 { ret void }
define weak_odr spir_kernel void @A4() #4 { ret void }
define weak_odr spir_kernel void @A5() #5 { ret void }
define weak_odr spir_kernel void @A6() #6 { ret void }
define weak_odr spir_kernel void @A7() #7 { ret void }
define weak_odr spir_kernel void @A8() #8 { ret void }
define weak_odr spir_func void @F() !reqd_work_group_size !4 { ret void }
!0 = !{}
!1 = !{i32 1, i32 2, i32 3, i32 4}
!2 = !{i64 4294967297, i32 2}
!3 = !{!"x", i32 2}
!4 = !{i32 8}
attributes #1 = { "sycl-work-group-size"="4,,2" }
attributes #2 = { "sycl-work-group-size"="abc" }
attributes #3 = { "sycl-work-group-size"="1,2,3,4" }
attributes #4 = { "sycl-work-group-size"="4,2," }
attributes #5 = { "sycl-work-group-size"="12345678901234567,2" }
attributes #6 = { "sycl-work-group-size"="-1" }
attributes #7 = { "sycl-work-group-size"=" 8" }
attributes #8 = { "sycl-work-group-size"="" }

; CHECK: [SYCL/program metadata]
; CHECK-NEXT: Kbig@reqd_work_group_size=2|
; CHECK-NOT: @reqd_work_group_size

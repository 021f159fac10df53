; SPDX-License-Identifier: Apache-2.0
; Seed 001's Constructor/Use example as a runnable program for the runtime's linking rules
; (kiln_program_create_linked, vf_link_test.c). An object is { table pointer, i32 x } in device memory.
; Its table names triple, in the default set "_ZTSv" (no aspect), and scaled, in set_fp64 (fp64, aspect 6).
; Constructor only stores the table's address, so it asks for no aspect and runs on every board; Use calls
; slot 0 (3 * x); UseFP64 calls slot 1 ((int)(x * 2.5) in double), so post-link gives it fp64.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

@vt = linkonce_odr dso_local unnamed_addr addrspace(1) constant [2 x ptr addrspace(4)] [ptr addrspace(4) addrspacecast (ptr @triple to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr @scaled to ptr addrspace(4))], align 8

define linkonce_odr spir_func i32 @triple(ptr addrspace(4) %self) #0 {
entry:
  %px = getelementptr inbounds i8, ptr addrspace(4) %self, i64 8
  %x = load i32, ptr addrspace(4) %px, align 4
  %r = mul i32 %x, 3
  ret i32 %r
}

define linkonce_odr spir_func i32 @scaled(ptr addrspace(4) %self) #1 !sycl_used_aspects !1 {
entry:
  %px = getelementptr inbounds i8, ptr addrspace(4) %self, i64 8
  %x = load i32, ptr addrspace(4) %px, align 4
  %d = sitofp i32 %x to double
  %m = fmul double %d, 2.500000e+00
  %r = fptosi double %m to i32
  ret i32 %r
}

define weak_odr dso_local spir_kernel void @Constructor(ptr addrspace(1) %obj) #2 {
entry:
  store ptr addrspace(1) @vt, ptr addrspace(1) %obj, align 8
  ret void
}

define weak_odr dso_local spir_kernel void @Use(ptr addrspace(1) %obj, ptr addrspace(1) %out) #3 {
entry:
  %vt = load ptr addrspace(1), ptr addrspace(1) %obj, align 8
  %slot = load ptr addrspace(4), ptr addrspace(1) %vt, align 8
  %fn = addrspacecast ptr addrspace(4) %slot to ptr
  %self = addrspacecast ptr addrspace(1) %obj to ptr addrspace(4)
  %r = call spir_func i32 %fn(ptr addrspace(4) %self)
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}

define weak_odr dso_local spir_kernel void @UseFP64(ptr addrspace(1) %obj, ptr addrspace(1) %out) #4 {
entry:
  %vt = load ptr addrspace(1), ptr addrspace(1) %obj, align 8
  %p = getelementptr inbounds ptr addrspace(4), ptr addrspace(1) %vt, i64 1
  %slot = load ptr addrspace(4), ptr addrspace(1) %p, align 8
  %fn = addrspacecast ptr addrspace(4) %slot to ptr
  %self = addrspacecast ptr addrspace(1) %obj to ptr addrspace(4)
  %r = call spir_func i32 %fn(ptr addrspace(4) %self)
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "indirectly-callable"="_ZTSv" "sycl-module-id"="link.cpp" }
attributes #1 = { "indirectly-callable"="set_fp64" "sycl-module-id"="link.cpp" }
attributes #2 = { "sycl-single-task-kernel"="0" "sycl-module-id"="link.cpp" }
attributes #3 = { "sycl-single-task-kernel"="0" "calls-indirectly"="_ZTSv" "sycl-module-id"="link.cpp" }
attributes #4 = { "sycl-single-task-kernel"="0" "calls-indirectly"="set_fp64" "sycl-module-id"="link.cpp" }

!sycl_aspects = !{!0}
!0 = !{!"fp64", i32 6}
!1 = !{i32 6}

; SPDX-License-Identifier: Apache-2.0
; Seed 001's Constructor/Use example in DPC++'s IR form (Kiln's own test): shapes whose vtable names area32, in
; the default set "_ZTSv", and area64, in set_fp64, which uses fp64 (aspect 6) only through the helper it calls.
; Constructor only stores the vtable's address: it asks for no aspect. Use calls through the default set (no
; aspect), UseFP64 through set_fp64 (fp64), UseBoth through both, UseLib through a set no function here defines
; (a library's: allowed), Direct calls the fp64 helper itself. The dummy of set_fp64's image returns the zero of
; area64's type.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

@vt_shape = linkonce_odr dso_local unnamed_addr addrspace(1) constant { [2 x ptr addrspace(4)] } { [2 x ptr addrspace(4)] [ptr addrspace(4) addrspacecast (ptr @area32 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr @area64 to ptr addrspace(4))] }, align 8

define linkonce_odr spir_func float @area32(ptr addrspace(4) %self) #0 {
entry:
  ret float 1.000000e+00
}

define linkonce_odr spir_func double @area64(ptr addrspace(4) %self) #1 {
entry:
  %d = call spir_func double @twice(double 1.500000e+00)
  ret double %d
}

define internal spir_func double @twice(double %x) !sycl_used_aspects !1 {
entry:
  %r = fadd double %x, %x
  ret double %r
}

define weak_odr dso_local spir_kernel void @Constructor(ptr addrspace(1) %obj) #2 {
entry:
  store ptr addrspace(1) getelementptr inbounds ({ [2 x ptr addrspace(4)] }, ptr addrspace(1) @vt_shape, i64 0, inrange i32 0, i64 0), ptr addrspace(1) %obj, align 8
  ret void
}

define weak_odr dso_local spir_kernel void @Use(ptr addrspace(1) %obj, ptr addrspace(1) %out) #3 {
entry:
  %vt = load ptr addrspace(1), ptr addrspace(1) %obj, align 8
  %slot = load ptr addrspace(4), ptr addrspace(1) %vt, align 8
  %fn = addrspacecast ptr addrspace(4) %slot to ptr
  %self = addrspacecast ptr addrspace(1) %obj to ptr addrspace(4)
  %a = call spir_func float %fn(ptr addrspace(4) %self)
  store float %a, ptr addrspace(1) %out, align 4
  ret void
}

define weak_odr dso_local spir_kernel void @UseFP64(ptr addrspace(1) %obj, ptr addrspace(1) %out) #4 {
entry:
  %vt = load ptr addrspace(1), ptr addrspace(1) %obj, align 8
  %p = getelementptr inbounds ptr addrspace(4), ptr addrspace(1) %vt, i64 1
  %slot = load ptr addrspace(4), ptr addrspace(1) %p, align 8
  %fn = addrspacecast ptr addrspace(4) %slot to ptr
  %self = addrspacecast ptr addrspace(1) %obj to ptr addrspace(4)
  %a = call spir_func double %fn(ptr addrspace(4) %self)
  store double %a, ptr addrspace(1) %out, align 8
  ret void
}

define weak_odr dso_local spir_kernel void @UseBoth() #5 {
entry:
  ret void
}

define weak_odr dso_local spir_kernel void @UseLib() #6 {
entry:
  ret void
}

define weak_odr dso_local spir_kernel void @Direct(ptr addrspace(1) %out) #2 {
entry:
  %d = call spir_func double @twice(double 2.000000e+00)
  store double %d, ptr addrspace(1) %out, align 8
  ret void
}

attributes #0 = { "indirectly-callable"="_ZTSv" "sycl-module-id"="shapes.cpp" }
attributes #1 = { "indirectly-callable"="set_fp64" "sycl-module-id"="shapes.cpp" }
attributes #2 = { "sycl-module-id"="shapes.cpp" }
attributes #3 = { "calls-indirectly"="_ZTSv" "sycl-module-id"="shapes.cpp" }
attributes #4 = { "calls-indirectly"="set_fp64" "sycl-module-id"="shapes.cpp" }
attributes #5 = { "calls-indirectly"="set_fp64,_ZTSv" "sycl-module-id"="shapes.cpp" }
attributes #6 = { "calls-indirectly"="set_in_library" "sycl-module-id"="shapes.cpp" }

!sycl_aspects = !{!0}
!0 = !{!"fp64", i32 6}
!1 = !{i32 6}

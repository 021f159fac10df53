; SPDX-License-Identifier: Apache-2.0
; intel/llvm sycl-post-link/virtual-functions/dummy.ll, Kiln's version: set setA has a function that uses fp64
; (aspect 6) and one that uses nothing optional. The per-source split separates them by aspect (DPC++'s
; category includes the used aspects), and only the fp64 image gets a dummy twin: same functions, every body
; "entry: ret void", dummy-image=1.
define spir_func void @foo() #0 {
  %x = alloca float
  ret void
}

define spir_func void @bar() #0 !sycl_used_aspects !1 {
  %x = alloca double
  %d = load double, ptr %x
  %s = fadd double %d, %d
  ret void
}

attributes #0 = { "sycl-module-id"="v.cpp" "indirectly-callable"="setA" }

!sycl_aspects = !{!0}
!0 = !{!"fp64", i32 6}
!1 = !{i32 6}

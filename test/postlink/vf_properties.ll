; SPDX-License-Identifier: Apache-2.0
; intel/llvm sycl-post-link/virtual-functions/properties.ll, Kiln's version: an image that defines a set's
; function says virtual-functions-set, the image whose kernel calls through the set says
; uses-virtual-functions-set, never both. The kernel stores a vtable address written in LLVM 19's
; "getelementptr inrange(LO, HI)" spelling, as current DPC++ emits it; vf-test.sh feeds it through the one-line
; rewrite kiln-post-link's note and man page give, since LLVM 15 cannot read it.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

@vt = linkonce_odr dso_local unnamed_addr addrspace(1) constant { [3 x ptr addrspace(4)] } { [3 x ptr addrspace(4)] [ptr addrspace(4) null, ptr addrspace(4) null, ptr addrspace(4) addrspacecast (ptr @foo to ptr addrspace(4))] }, align 8

define linkonce_odr spir_func void @foo() #0 {
entry:
  ret void
}

define weak_odr dso_local spir_kernel void @kernel(ptr addrspace(1) noundef align 8 %obj) #1 {
entry:
  store ptr addrspace(1) getelementptr inbounds inrange(-16, 8) (i8, ptr addrspace(1) @vt, i64 16), ptr addrspace(1) %obj, align 8
  ret void
}

attributes #0 = { "indirectly-callable"="set-foo" "sycl-module-id"="v.cpp" }
attributes #1 = { "sycl-module-id"="v.cpp" "calls-indirectly"="set-foo" }

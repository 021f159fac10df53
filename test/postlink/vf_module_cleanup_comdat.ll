; SPDX-License-Identifier: Apache-2.0
; intel/llvm sycl-post-link/virtual-functions/module-cleanup-comdat.ll, Kiln's version: the set's function is
; in a comdat; where it becomes a declaration the comdat must go (a declaration cannot have one), or the image
; would not verify. LLVM 19's inrange(LO, HI) spelling, as in vf_properties.ll.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

$foo = comdat any

@vt = linkonce_odr dso_local unnamed_addr addrspace(1) constant { [3 x ptr addrspace(4)] } { [3 x ptr addrspace(4)] [ptr addrspace(4) null, ptr addrspace(4) null, ptr addrspace(4) addrspacecast (ptr @foo to ptr addrspace(4))] }, align 8

define linkonce_odr spir_func void @foo() #0 comdat {
entry:
  ret void
}

define weak_odr dso_local spir_kernel void @kernel(ptr addrspace(1) noundef align 8 %obj) #1 {
entry:
  store ptr addrspace(1) getelementptr inbounds inrange(-16, 8) (i8, ptr addrspace(1) @vt, i64 16), ptr addrspace(1) %obj, align 8
  ret void
}

attributes #0 = { "indirectly-callable"="set-foo" "sycl-module-id"="v.cpp" }
attributes #1 = { "sycl-module-id"="v.cpp" }

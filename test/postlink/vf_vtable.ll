; SPDX-License-Identifier: Apache-2.0
; intel/llvm sycl-post-link/device-code-split/vtable.ll, Kiln's version: a kernel constructs a Derived1 and a
; Derived2 in place (C++ "new (p) Derived"), storing their vtable addresses; the display() methods no kernel
; calls stay in the image with the vtables that name them. No indirectly-callable property: the old
; -fsycl-allow-virtual-functions form. Written with LLVM 15's own "inrange i32 N" index.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@_ZTVN10__cxxabiv120__si_class_type_infoE = external dso_local addrspace(1) global ptr addrspace(4)
@_ZTVN10__cxxabiv117__class_type_infoE = external dso_local addrspace(1) global ptr addrspace(4)
@_ZTS4Base = linkonce_odr dso_local constant [6 x i8] c"4Base\00", align 1
@_ZTI4Base = linkonce_odr dso_local constant { ptr addrspace(4), ptr } { ptr addrspace(4) getelementptr inbounds (ptr addrspace(4), ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZTVN10__cxxabiv117__class_type_infoE to ptr addrspace(4)), i64 2), ptr @_ZTS4Base }, align 8
@_ZTS8Derived1 = linkonce_odr dso_local constant [10 x i8] c"8Derived1\00", align 1
@_ZTI8Derived1 = linkonce_odr dso_local constant { ptr addrspace(4), ptr, ptr } { ptr addrspace(4) getelementptr inbounds (ptr addrspace(4), ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZTVN10__cxxabiv120__si_class_type_infoE to ptr addrspace(4)), i64 2), ptr @_ZTS8Derived1, ptr @_ZTI4Base }, align 8
@_ZTV8Derived1 = linkonce_odr dso_local unnamed_addr constant { [3 x ptr] } { [3 x ptr] [ptr null, ptr @_ZTI8Derived1, ptr @_ZN8Derived17displayEv] }, align 8
@_ZTS8Derived2 = linkonce_odr dso_local constant [10 x i8] c"8Derived2\00", align 1
@_ZTI8Derived2 = linkonce_odr dso_local constant { ptr addrspace(4), ptr, ptr } { ptr addrspace(4) getelementptr inbounds (ptr addrspace(4), ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZTVN10__cxxabiv120__si_class_type_infoE to ptr addrspace(4)), i64 2), ptr @_ZTS8Derived2, ptr @_ZTI4Base }, align 8
@_ZTV8Derived2 = linkonce_odr dso_local unnamed_addr constant { [3 x ptr] } { [3 x ptr] [ptr null, ptr @_ZTI8Derived2, ptr @_ZN8Derived27displayEv] }, align 8

define weak_odr dso_local spir_kernel void @_ZTSZ4mainEUlvE_(ptr addrspace(1) noundef align 8 %ptrs, ptr addrspace(1) noundef align 1 %storage) #0 {
entry:
  store ptr getelementptr inbounds ({ [3 x ptr] }, ptr @_ZTV8Derived1, i64 0, inrange i32 0, i64 2), ptr addrspace(1) %storage, align 8
  %o1 = addrspacecast ptr addrspace(1) %storage to ptr addrspace(4)
  store ptr addrspace(4) %o1, ptr addrspace(1) %ptrs, align 8
  %s2 = getelementptr inbounds i8, ptr addrspace(1) %storage, i64 8
  store ptr getelementptr inbounds ({ [3 x ptr] }, ptr @_ZTV8Derived2, i64 0, inrange i32 0, i64 2), ptr addrspace(1) %s2, align 8
  %o2 = addrspacecast ptr addrspace(1) %s2 to ptr addrspace(4)
  %p2 = getelementptr inbounds ptr addrspace(4), ptr addrspace(1) %ptrs, i64 1
  store ptr addrspace(4) %o2, ptr addrspace(1) %p2, align 8
  ret void
}

define linkonce_odr dso_local spir_func noundef i32 @_ZN8Derived17displayEv(ptr addrspace(4) noundef align 8 %this) unnamed_addr #1 align 2 {
entry:
  ret i32 2
}

define linkonce_odr dso_local spir_func noundef i32 @_ZN8Derived27displayEv(ptr addrspace(4) noundef align 8 %this) unnamed_addr #1 align 2 {
entry:
  ret i32 3
}

attributes #0 = { mustprogress norecurse nounwind "sycl-module-id"="vf2.cpp" "sycl-single-task" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress norecurse nounwind }

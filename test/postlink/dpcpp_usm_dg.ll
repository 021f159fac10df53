; SPDX-License-Identifier: Apache-2.0
; DPC++'s device_global<T> without device_image_scope, as current DPC++ headers declare it: a class holding
; `usmptr` (the pointer to the T the runtime allocates) and `init_val` (T's initial value, from the consteval
; constructor), while sycl-device-global-size is sizeof(T). Two shapes of kernel code reach it:
;  - AddKer as clang emits it at -O0: the get() accessor is a separate optnone function that reads usmptr
;    through its `this` pointer;
;  - FillKer as it looks after -O2: usmptr loaded straight from the global.
; Written by hand in the form DPC++ produces (clang++ -fsycl-device-only -S); run on the simulated board by
; foreign_usm_test.c.
;
;   device_global<int> dg_count{7};
;   static device_global<int[8], properties<host_access_read_write>> dg_arr;
;   q.single_task<AddKer>([=] { dg_count += n; });
;   q.single_task<FillKer>([=] { for (int i = 0; i < 8; i++) dg_arr[i] = base + dg_count + i; });
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::ext::oneapi::experimental::device_global" = type { ptr addrspace(1), i32 }
%"class.sycl::_V1::ext::oneapi::experimental::device_global.0" = type { ptr addrspace(1), [8 x i32] }

$_ZTS6AddKer = comdat any
$_ZTS7FillKer = comdat any
$dg_count = comdat any
$_ZN4sycl3_V13ext6oneapi12experimental13device_globalIiNS3_10propertiesISt5tupleIJEEEEE3getEv = comdat any

@dg_count = linkonce_odr dso_local addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" { ptr addrspace(1) null, i32 7 }, comdat, align 8 #0
@_ZL6dg_arr = internal addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global.0" zeroinitializer, align 8 #1
@llvm.compiler.used = appending global [2 x ptr addrspace(4)] [ptr addrspace(4) addrspacecast (ptr addrspace(1) @dg_count to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZL6dg_arr to ptr addrspace(4))], section "llvm.metadata"

define weak_odr dso_local spir_kernel void @_ZTS6AddKer(i32 noundef %_arg_n) #2 comdat !kernel_arg_buffer_location !3 {
entry:
  %n.addr = alloca i32, align 4
  %n.addr.ascast = addrspacecast ptr %n.addr to ptr addrspace(4)
  store i32 %_arg_n, ptr addrspace(4) %n.addr.ascast, align 4
  %n = load i32, ptr addrspace(4) %n.addr.ascast, align 4
  %call = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3_V13ext6oneapi12experimental13device_globalIiNS3_10propertiesISt5tupleIJEEEEE3getEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(16) addrspacecast (ptr addrspace(1) @dg_count to ptr addrspace(4))) #5
  %old = load i32, ptr addrspace(4) %call, align 4
  %add = add nsw i32 %old, %n
  store i32 %add, ptr addrspace(4) %call, align 4
  ret void
}

define linkonce_odr dso_local spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3_V13ext6oneapi12experimental13device_globalIiNS3_10propertiesISt5tupleIJEEEEE3getEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(16) %this) #3 comdat align 2 {
entry:
  %this.addr = alloca ptr addrspace(4), align 8
  %this.addr.ascast = addrspacecast ptr %this.addr to ptr addrspace(4)
  store ptr addrspace(4) %this, ptr addrspace(4) %this.addr.ascast, align 8
  %this1 = load ptr addrspace(4), ptr addrspace(4) %this.addr.ascast, align 8
  %usmptr = getelementptr inbounds %"class.sycl::_V1::ext::oneapi::experimental::device_global", ptr addrspace(4) %this1, i32 0, i32 0
  %0 = load ptr addrspace(1), ptr addrspace(4) %usmptr, align 8
  %1 = addrspacecast ptr addrspace(1) %0 to ptr addrspace(4)
  ret ptr addrspace(4) %1
}

define weak_odr dso_local spir_kernel void @_ZTS7FillKer(i32 noundef %_arg_base) #4 comdat !kernel_arg_buffer_location !3 {
entry:
  %arr = load ptr addrspace(1), ptr addrspace(1) @_ZL6dg_arr, align 8
  %cnt = load ptr addrspace(1), ptr addrspace(1) @dg_count, align 8
  %c = load i32, ptr addrspace(1) %cnt, align 4
  %b = add nsw i32 %c, %_arg_base
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %i32 = trunc i64 %i to i32
  %v = add nsw i32 %b, %i32
  %p = getelementptr inbounds [8 x i32], ptr addrspace(1) %arr, i64 0, i64 %i
  store i32 %v, ptr addrspace(1) %p, align 4
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 8
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

attributes #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="_Z8dg_count" }
attributes #1 = { "sycl-device-global-size"="32" "sycl-host-access"="2" "sycl-unique-id"="_ZL6dg_arr__static_5e0cd2a1" }
attributes #2 = { convergent mustprogress noinline norecurse optnone "sycl-module-id"="usm_dg.cpp" "uniform-work-group-size"="true" }
attributes #3 = { convergent mustprogress noinline norecurse nounwind optnone }
attributes #4 = { mustprogress norecurse nounwind "sycl-module-id"="usm_dg.cpp" "uniform-work-group-size"="true" }
attributes #5 = { convergent nounwind }

!opencl.spir.version = !{!0}
!spirv.Source = !{!1}
!llvm.ident = !{!2}

!0 = !{i32 1, i32 2}
!1 = !{i32 4, i32 100000}
!2 = !{!"clang version 19.0.0 (DPC++)"}
!3 = !{}

; SPDX-License-Identifier: Apache-2.0
; Shared library calls (hls/lower/share_calls.c, part of `inline`): a large function of the kernel C
; library called from several places in a kernel is inlined once; its calls branch to one call site that
; takes the caller's number and arguments by phis and switches back on the number. sin's three calls in
; `trig` become one body (one sin_d.exit); a result kept across a later call and a value computed before the
; first call and used after the last go through phis the shared call's loop carries. The kernel's own
; function `mine` is inlined at both calls (two fmuladds of it). qsort takes its comparator through a
; pointer, which each call's constant resolves: inlined at each call, not shared. The user's noinline
; function `mix` is shared the same way in `theirs` (three calls, one loop of it) and inlined in `once` (one
; call: nothing to share). In `nested`, the noinline `twice` calls `mix` and the kernel calls both twice: `mix`
; waits until `twice` is inlined, so that all four of its calls merge into one copy (merged at once, the
; kernel's two calls were one copy and the one in `twice`'s body another). test/cprog runs the print,
; lib and libm groups on the board against native builds with this in place.
;
; RUN: kiln-cc -q --stop-after inline -o %t.kimg %S/Inputs/share_calls.c
; RUN: FileCheck %s -input-file=%t.kimg.d/inline.ll
; RUN: FileCheck %s --check-prefix MINE -input-file=%t.kimg.d/inline.ll
; MINE-LABEL: define {{.*}} @__sycl_kernel_trig(
; MINE-COUNT-2: @llvm.fmuladd.f64({{.*}}, double 1.000000e+00)
; MINE-LABEL: define {{.*}} @__sycl_kernel_sorts(
; CHECK-LABEL: define {{.*}} @__sycl_kernel_trig(
; CHECK: shared.call{{.*}}:
; CHECK: %shared.caller = phi i2
; CHECK: sin_d.exit:
; CHECK-NOT: sin_d.exit{{[0-9]+}}:
; CHECK-LABEL: define {{.*}} @__sycl_kernel_sorts(
; CHECK-NOT: shared
; CHECK: ret void
; CHECK-LABEL: define {{.*}} @__sycl_kernel_theirs(
; CHECK: shared.call{{.*}}:
; CHECK: %shared.caller = phi i2
; CHECK: for.body.i:
; CHECK-NOT: for.body.i{{[0-9]+}}:
; CHECK-LABEL: define {{.*}} @__sycl_kernel_once(
; CHECK-NOT: shared.caller
; CHECK: ret void
; CHECK-LABEL: define {{.*}} @__sycl_kernel_nested(
; CHECK: for.body.i:
; CHECK: shared.caller
; CHECK: for.body.i{{[0-9]+}}:
; CHECK-NOT: for.body.i{{[0-9]*}}:
; CHECK: {{^}}}

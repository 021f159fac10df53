; SPDX-License-Identifier: Apache-2.0
; The schedule report's dependence bound keeps the program's order through memory: an access follows, a step
; later, each earlier access of its memory it is not proven apart from when one of the two is a store. In
; Inputs/mem_order.c's `reload`, s may point into v, so s[0] is read again after the store to v[0]: read
; (4 steps to its data), store, read again, store = 10 steps, which the schedule takes. The bound counted the
; two reads as independent and said 5, below what any schedule that keeps C's meaning can do. With restrict
; (`once`) one read feeds both stores: 6.
;
; RUN: kiln-cc -q --stop-after schedule -o %t.kimg %S/Inputs/mem_order.c
; RUN: FileCheck %s -input-file=%t.kimg.d/schedule.txt
; CHECK: kernel reload: 10 states
; CHECK-NEXT: bb0 states 0..9, per execution: dependence bound 10, resource bound 4
; CHECK: kernel once: 6 states
; CHECK-NEXT: bb0 states 0..5, per execution: dependence bound 6, resource bound 3

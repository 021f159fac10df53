; SPDX-License-Identifier: Apache-2.0
; The schedule report's dependence bound counts a floating-point operation as its pipelined unit's register
; levels: no schedule chains through them. Inputs/fp_chain.c chains five double operations (4 levels each at
; 10 ns) after a device-memory read (ready 4 steps after its issue) into a store: 4 + 5 x 4 + 1 = 25 steps,
; and the double's second word stored a step after its first (accesses that may share a word keep their
; order, one a store): 26, one short of the schedule's 27 (its two loads one cycle apart too). The
; bound counted each unit as its combinational delay and said 6, so the benchmark's cycles/bound showed
; floating-point kernels 6-8x above a bound no schedule could reach.
;
; RUN: kiln-cc -q --stop-after schedule -o %t.kimg %S/Inputs/fp_chain.c
; RUN: FileCheck %s -input-file=%t.kimg.d/schedule.txt
; CHECK: kernel fchain: 27 states
; CHECK-NEXT: bb0 states 0..26, per execution: dependence bound 26, resource bound 4

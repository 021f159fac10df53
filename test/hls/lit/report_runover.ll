; SPDX-License-Identifier: Apache-2.0
; The schedule report's dependence bound follows the scheduler where an operation is longer than a step: it
; takes a step of its own and runs over it (kiln-cc warns that the clock is too short), and what follows
; starts in the next step. Inputs/runover.c's 64-bit product needs 16.17 ns at a 5 ns clock: one state, then
; the store's two words, 3 states, which the schedule takes. The bound counted the product's nanoseconds in
; steps and said 6, above the cycles the hardware runs (so did the corpus' nested_break, transpose and nd_volume).
;
; RUN: kiln-cc -q --clock-period 5 --stop-after schedule -o %t.kimg %S/Inputs/runover.c
; RUN: FileCheck %s -input-file=%t.kimg.d/schedule.txt
; CHECK: kernel runover: 3 states
; CHECK-NEXT: bb0 states 0..2, per execution: dependence bound 3, resource bound 2

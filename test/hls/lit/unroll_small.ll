; SPDX-License-Identifier: Apache-2.0
; Kiln's default small-loop unrolling (hls/lower/unroll_small.c): a loop of at most 8 iterations, or of at
; most 16 with a body of at most 16 operations, is unrolled whole when its body has no division or floating
; point and unrolled it stays within 512 instructions; a loop left innermost by that is considered in turn
; (a 4 x 4 nest becomes straight code). Multiplications are unrolled too: the scheduler starts only a few
; of a width a step (SCHED_MULS_PER_STEP), so binding can put the copies on shared
; multipliers. A loop stays a loop at 17 iterations, a body too big for 16 copies, a body of some 25
; operations run 16 times (`mid`: a longer loop pays its pipeline's fill once; 8 times it is unrolled), and
; -fno-unroll-loops.
;
; RUN: kiln-cc -q --stop-after schedule -DTRIP=16 -o %t.16.kimg %S/Inputs/unroll_small.c
; RUN: FileCheck %s --check-prefix SIXTEEN -input-file=%t.16.kimg.d/kir.txt
; SIXTEEN-LABEL:  kernel sum
; SIXTEEN:        bb0 (entry):
; SIXTEEN-COUNT-16: = load.i32
; SIXTEEN-NOT:    bb1
; SIXTEEN-LABEL:  kernel nested
; SIXTEEN:        bb0 (entry):
; SIXTEEN-COUNT-16: = load.i32
; SIXTEEN-NOT:    bb1
; SIXTEEN-LABEL:  kernel product
; SIXTEEN:        bb0 (entry):
; SIXTEEN-COUNT-16: = mul.i32
; SIXTEEN-NOT:    bb1
; SIXTEEN-LABEL:  kernel big
; SIXTEEN:        bb2 (for_body):
; SIXTEEN-COUNT-1: = load.i32
; SIXTEEN-NOT:    bb3
; SIXTEEN-LABEL:  kernel mid
; SIXTEEN:        bb2 (for_body):
; SIXTEEN-COUNT-1: = load.i32
; SIXTEEN-NOT:    = load.i32
;
; RUN: kiln-cc -q --stop-after schedule -DTRIP=8 -o %t.8.kimg %S/Inputs/unroll_small.c
; RUN: FileCheck %s --check-prefix EIGHT -input-file=%t.8.kimg.d/kir.txt
; EIGHT-LABEL:    kernel mid
; EIGHT:          bb0 (entry):
; EIGHT-COUNT-8:  = load.i32
; EIGHT-NOT:      bb1
;
; RUN: kiln-cc -q --stop-after schedule -DTRIP=17 -o %t.17.kimg %S/Inputs/unroll_small.c
; RUN: FileCheck %s --check-prefix LOOP -input-file=%t.17.kimg.d/kir.txt
; RUN: kiln-cc -q --stop-after schedule -DTRIP=8 -fno-unroll-loops -o %t.off.kimg %S/Inputs/unroll_small.c
; RUN: FileCheck %s --check-prefix LOOP -input-file=%t.off.kimg.d/kir.txt
; LOOP-LABEL:     kernel sum
; LOOP:           bb2 (for_body):
; LOOP-COUNT-1:   = load.i32
; LOOP-NOT:       = load.i32
; LOOP-LABEL:     kernel nested

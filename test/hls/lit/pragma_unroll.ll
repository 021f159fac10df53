; SPDX-License-Identifier: Apache-2.0
; Loop unrolling: by default Kiln leaves a loop with a division one iteration per pass (one load; the
; small loops it unrolls on its own are test/hls/lit/unroll_small.ll); `kiln-cc -funroll-loops`
; unrolls a small loop of known trip count whole, as clang -O2 does (eight loads in one block, no loop left).
; Clang's loop directives decide for one loop either way: `#pragma unroll` unrolls a loop of known trip
; count fully, `#pragma unroll 4` by four (four loads in the loop's block), `#pragma nounroll` not at all,
; even with -funroll-loops.
;
; RUN: kiln-cc -q --stop-after schedule '-DUNROLL=' -o %t.none.kimg %S/Inputs/unroll.c
; RUN: FileCheck %s --check-prefix NONE -input-file=%t.none.kimg.d/kir.txt
; NONE-COUNT-1: = load.i32
; NONE-NOT:     = load.i32
; RUN: kiln-cc -q --stop-after schedule -funroll-loops '-DUNROLL=' -o %t.on.kimg %S/Inputs/unroll.c
; RUN: FileCheck %s --check-prefix FULL -input-file=%t.on.kimg.d/kir.txt
; RUN: kiln-cc -q --stop-after schedule '-DUNROLL=_Pragma("unroll")' -o %t.full.kimg %S/Inputs/unroll.c
; RUN: FileCheck %s --check-prefix FULL -input-file=%t.full.kimg.d/kir.txt
; FULL:         bb0 (entry):
; FULL-COUNT-8: = load.i32
; FULL-NOT:     bb1
; RUN: kiln-cc -q --stop-after schedule '-DUNROLL=_Pragma("unroll 4")' -o %t.four.kimg %S/Inputs/unroll.c
; RUN: FileCheck %s --check-prefix FOUR -input-file=%t.four.kimg.d/kir.txt
; FOUR-COUNT-4: = load.i32
; FOUR-NOT:     = load.i32
; RUN: kiln-cc -q --stop-after schedule -funroll-loops '-DUNROLL=_Pragma("nounroll")' -o %t.no.kimg %S/Inputs/unroll.c
; RUN: FileCheck %s --check-prefix NONE -input-file=%t.no.kimg.d/kir.txt

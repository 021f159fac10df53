; SPDX-License-Identifier: Apache-2.0
; Memory dependences between iterations in the loop pipeliner (hls/schedule/pipeline.c) and its recurrence
; bound (hls/schedule/problem.c rec_mii).
; gather: the next read may be the word this iteration stores, and the store waits for this read's data
; (4 cycles of device memory): RecMII counts that cycle, 5, as textbook RecMII counts memory edges. It
; counted phis alone and said 1, so the benchmark's bound for such loops was one no schedule can reach.
; accumulate: the table's read of the next iteration waits for this iteration's store, which waits for a
; device-memory read; the pipeliner now issues that table read just behind the store it waits for (as late
; as it must, not as early as it can): II 2 at the recurrence, where it was 5.
;
; RUN: kiln-cc -q --stop-after schedule -o %t.kimg %S/Inputs/mem_recurrence.c
; RUN: FileCheck %s -input-file=%t.kimg.d/schedule.txt
; CHECK: kernel gather:
; CHECK: bb2 {{.*}} single-block loop: II 5 (sequential), MII 5 (recurrence 5, resource 2)
; CHECK: kernel accumulate:
; CHECK: bb2 {{.*}} single-block loop: II 2 (pipelined), MII 2 (recurrence 2, resource 1)

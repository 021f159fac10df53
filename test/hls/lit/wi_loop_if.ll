; SPDX-License-Identifier: Apache-2.0
; An nd-range kernel whose body holds an if-else: if-conversion makes the body one block, so the work-item
; loop (hls/cdfg/wi_loop.c) takes it and the pipeliner overlaps work-items at the port bound (a load and a
; store of device memory: II 2). Without if-conversion the body stayed four blocks, and the controller ran
; one work-item after another.
;
; RUN: kiln-cc -q --stop-after schedule -o %t.kimg %S/Inputs/clip_nd.c
; RUN: FileCheck %s -input-file=%t.kimg.d/schedule.txt
; CHECK: kernel clip: 3 states
; CHECK: bb1 {{.*}} single-block loop: II 2 (pipelined), MII 2
; CHECK: loop at {{.*}}clip_nd.c:{{[0-9]+}} (bb1..bb1, 1 block; the work-items; innermost)
; RUN: kiln-cc -q --stop-after schedule --no-pipeline -o %t.seq.kimg %S/Inputs/clip_nd.c
; RUN: FileCheck %s --check-prefix SEQ -input-file=%t.seq.kimg.d/schedule.txt
; SEQ-NOT: pipelined

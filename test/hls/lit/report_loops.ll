; SPDX-License-Identifier: Apache-2.0
; The schedule report's loops are the natural loops (a back edge goes to a block that dominates its source),
; named by their source line, with the blocks as detail: Inputs/loop_nest.c's `nest` has three loops and
; `guarded` one. The report took any branch to a lower-numbered block for a back edge and listed six loops for
; `nest` (its exits among them, with invented latencies) and two for `guarded`. A loop of several blocks that
; is not pipelined says why, at the line that causes it.
;
; RUN: kiln-cc -q --stop-after schedule -o %t.kimg %S/Inputs/loop_nest.c
; RUN: FileCheck %s -input-file=%t.kimg.d/schedule.txt
; RUN: FileCheck %s --check-prefix JSON -input-file=%t.kimg.d/schedule.json
; CHECK-LABEL: kernel nest:
; CHECK:      loop at {{.*}}loop_nest.c:10 (bb{{[0-9]+}}..bb{{[0-9]+}}, {{[0-9]+}} blocks): {{.*}}(not pipelined)
; CHECK-NEXT:   not pipelined: it holds the loop at line 12, and only a loop of one block is pipelined
; CHECK-NEXT: loop at {{.*}}loop_nest.c:12 ({{.*}}1 block; innermost): {{.*}}(pipelined)
; CHECK-NEXT: loop at {{.*}}loop_nest.c:18 ({{.*}}1 block; innermost): {{.*}}(pipelined)
; CHECK-NEXT: straight-line dependence bound
; CHECK-LABEL: kernel guarded:
; CHECK:      loop at {{.*}}loop_nest.c:25 ({{.*}} blocks; innermost): {{.*}}(not pipelined)
; CHECK-NEXT:   not pipelined: its body branches (line 27) into {{[0-9]+}} blocks, and only a loop of one block is pipelined
; CHECK-NEXT: straight-line dependence bound
; JSON: "name": "nest"
; JSON: "loops": [{"file": "{{.*}}loop_nest.c", "line": 10, "header": "bb{{[0-9]+}}", "latch": "bb{{[0-9]+}}", "blocks": ["bb
; JSON-SAME: "not_pipelined_because": "it holds the loop at line 12
; JSON-SAME: {"file": "{{.*}}loop_nest.c", "line": 12,
; JSON-SAME: {"file": "{{.*}}loop_nest.c", "line": 18,
; JSON-NOT: "line"
; JSON: "name": "guarded"

; SPDX-License-Identifier: Apache-2.0
; kiln-cc's pass pipeline from the command line: --list-passes gives the table in flow order; --stop-after
; PASS keeps that pass's output as OUT.d/PASS.ll and builds nothing after it; --print-after keeps it and goes
; on; --verify-each verifies after every pass; --stop-after ir is the linked module before post-link (no
; decorations, no property sets), --stop-after postlink the decorated image.
;
; RUN: kiln-cc --list-passes | FileCheck %s --check-prefix LIST
; docs/compiler.md lists the same passes, stages, inputs and descriptions, in the same order.
; RUN: kiln-cc --list-passes | sed -E "s/  +/|/g" >%t.rows
; RUN: sed -n 's/^| `\([a-z][a-z-]*\)` | \(.*\) | \(.*\) | \(.*\) |$/\1|\2|\3|\4/p' %S/../../../docs/compiler.md | diff %t.rows -
; RUN: kiln-cc -q --verify-each --stop-after unify-pointers -o %t.kimg %s
; RUN: FileCheck %s --check-prefix UNIFY -input-file=%t.kimg.d/unify-pointers.ll
; RUN: not ls %t.kimg
; RUN: not ls %t.kimg.d/rtl
; RUN: not ls %t.kimg.d/kir.txt
; RUN: kiln-cc -q --stop-after ir -o %t.ir.kimg %s
; RUN: FileCheck %s --check-prefix IR -input-file=%t.ir.kimg.d/device.ll
; RUN: not ls %t.ir.kimg.d/image.prop
; RUN: kiln-cc -q --stop-after postlink -o %t.pl.kimg %s
; RUN: FileCheck %s --check-prefix PL -input-file=%t.pl.kimg.d/device.ll
; RUN: kiln-cc -q --print-after inline --stop-after schedule -o %t.s.kimg %s
; RUN: FileCheck %s --check-prefix INLINE -input-file=%t.s.kimg.d/inline.ll
; RUN: ls %t.s.kimg.d/kir.txt %t.s.kimg.d/hls.ll
; RUN: not kiln-cc -q --stop-after nope -o %t.x.kimg %s 2>&1 | FileCheck %s --check-prefix BAD
; RUN: not kiln-cc -q --print-after nope -o %t.x.kimg %s 2>&1 | FileCheck %s --check-prefix BAD-PRINT
; RUN: not kiln-cc -q --print-after inline --print-after reassoc -o %t.x.kimg %s 2>&1 | FileCheck %s --check-prefix TWICE
; An input that fails fails the compile when it stops after a per-input pass too, and nothing is published.
; RUN: not kiln-cc -q --stop-after spir-calls -o %t.f.kimg %S/Inputs/annotated.c %t.missing.c 2>&1 | FileCheck %s --check-prefix MISSING
; RUN: not ls %t.f.kimg.d
; A pass that does not apply here still gives its file, and says so.
; RUN: kiln-cc -q --stop-after bounds-checks -o %t.b.kimg %s 2>&1 | FileCheck %s --check-prefix NOAPPLY
; RUN: ls %t.b.kimg.d/bounds-checks.ll
; --single-source lowers its one module itself: its per-input passes cannot be stopped at.
; RUN: not kiln-cc -q --single-source --stop-after annotations -o %t.ss %S/Inputs/annotated.c 2>&1 | FileCheck %s --check-prefix SINGLE

target triple = "spir64-unknown-unknown"

@dg = addrspace(1) global i32 0, align 4 #0

define internal spir_func i32 @twice(i32 %x) {
entry:
  %r = shl i32 %x, 1
  ret i32 %r
}

define spir_kernel void @k(ptr addrspace(1) %o, i32 %x) {
entry:
  %v = call spir_func i32 @twice(i32 %x)
  %d = load i32, ptr addrspace(1) @dg, align 4
  %s = add i32 %v, %d
  store i32 %s, ptr addrspace(1) %o, align 4
  ret void
}

attributes #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="dg" }

; LIST: annotations per input
; LIST: usm-class-finish linked
; LIST: unify-pointers per image
; LIST-NEXT: null-accesses per image
; LIST-NEXT: bounds-checks per image

; UNIFY-LABEL: define spir_kernel void @k(
; UNIFY-NOT: call
; UNIFY: ret void

; IR: define spir_kernel void @k(
; IR-NOT: !spirv.Decorations
; PL: @dg = {{.*}}!spirv.Decorations

; INLINE-LABEL: define spir_kernel void @k(
; INLINE-NOT: call spir_func i32 @twice

; BAD: kiln-cc: error: --stop-after takes ir, postlink, schedule, rtl or a pass (see --list-passes), not 'nope'
; BAD-PRINT: kiln-cc: error: --print-after takes a pass (see --list-passes), not 'nope'
; TWICE: kiln-cc: error: --print-after is given twice: it takes one pass
; MISSING: missing.c: error: cannot read
; NOAPPLY: kiln-cc: warning: pass 'bounds-checks' does not apply to this build: bounds-checks.ll holds the module as it was before it
; SINGLE: kiln-cc: error: --single-source does not run the per-input pass 'annotations' on its own

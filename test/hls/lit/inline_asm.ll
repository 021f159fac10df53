; SPDX-License-Identifier: Apache-2.0
; inline-asm: inline assembly with an empty template (what C's `asm volatile("" ::: "memory")` and
; `asm("" : "+r"(x))` become) does nothing, so its calls go: a barrier and a kept-alive input leave no trace,
; an output tied to an input ("0" in LLVM's constraints) is that input, two tied outputs are a struct of
; their inputs. A template with an instruction stays for the flow to refuse (test/hls/bad/asm_*.c, with the
; diagnostics; bad-test.sh).
;
; RUN: kiln-opt -p inline-asm %s | FileCheck %s

target triple = "spir64-unknown-unknown"

; CHECK-LABEL: define spir_func i32 @f(
; CHECK-NOT: asm
; CHECK: [[A:%.*]] = insertvalue { i32, i32 } undef, i32 %x, 0
; CHECK-NEXT: [[B:%.*]] = insertvalue { i32, i32 } [[A]], i32 %y, 1
; CHECK-NEXT: %a = extractvalue { i32, i32 } [[B]], 0
; CHECK-NOT: asm
; CHECK: ret i32 %s
define spir_func i32 @f(i32 %x, i32 %y) {
entry:
  call void asm sideeffect "", "~{memory}"()
  call void asm sideeffect "", "r,~{memory}"(i32 %x)
  %h = call i32 asm "", "=r,0"(i32 %x)
  %two = call { i32, i32 } asm "", "=r,=r,0,1"(i32 %h, i32 %y)
  %a = extractvalue { i32, i32 } %two, 0
  %b = extractvalue { i32, i32 } %two, 1
  %r = add i32 %a, %b
  %s = add i32 %r, %y
  ret i32 %s
}

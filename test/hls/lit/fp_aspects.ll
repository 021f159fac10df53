; SPDX-License-Identifier: Apache-2.0
; fp-aspects: on a board without fp64 (sim-nofp64), the first instruction of a kernel that computes on a
; double is refused at its line; the sim board takes it, and floats pass on both.
;
; RUN: not kiln-opt -p fp-aspects --board sim-nofp64 %s 2>&1 | FileCheck %s
; RUN: kiln-opt -p fp-aspects %s -o %t.ll
; RUN: sed '/fpext/d; s/fadd double .w, 1.0/fadd float \x25x, 1.0/; s/store double/store float/' %s | kiln-opt -p fp-aspects --board sim-nofp64 - -o %t.f.ll
; RUN: FileCheck %s --check-prefix FLOAT -input-file=%t.f.ll

target triple = "spir64-unknown-unknown"

define spir_kernel void @k(ptr addrspace(1) %o, float %x) !dbg !6 {
entry:
  %w = fpext float %x to double, !dbg !9
  %s = fadd double %w, 1.0, !dbg !10
  store double %s, ptr addrspace(1) %o, align 8
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!6 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 2, type: !7, scopeLine: 2, spFlags: DISPFlagDefinition, unit: !0)
!7 = !DISubroutineType(types: !8)
!8 = !{}
!9 = !DILocation(line: 4, column: 9, scope: !6)
!10 = !DILocation(line: 5, column: 11, scope: !6)

; CHECK: k.c:4:9: error: {{.*}}double
; CHECK-NOT: error
; FLOAT: fadd float %x, 1.0

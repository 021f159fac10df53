; SPDX-License-Identifier: Apache-2.0
; check-recursion: hardware has no stack, so a call that can come back to its caller is refused at its line.
;
; RUN: not kiln-opt -p check-recursion %s 2>&1 | FileCheck %s

target triple = "spir64-unknown-unknown"

define spir_func i32 @fact(i32 %n) !dbg !6 {
entry:
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %more
more:
  %m = sub i32 %n, 1
  %r = call spir_func i32 @fact(i32 %m), !dbg !9
  %p = mul i32 %n, %r
  ret i32 %p
done:
  ret i32 1
}

define spir_kernel void @k(ptr addrspace(1) %o) {
entry:
  %v = call spir_func i32 @fact(i32 5)
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "fact.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!6 = distinct !DISubprogram(name: "fact", scope: !1, file: !1, line: 3, type: !7, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !0)
!7 = !DISubroutineType(types: !8)
!8 = !{}
!9 = !DILocation(line: 7, column: 14, scope: !6)

; CHECK: fact.c:7:14: error: {{.*}}recursi

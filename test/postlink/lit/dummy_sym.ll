; SPDX-License-Identifier: Apache-2.0
; A virtual-function set's dummy twin lists the same entry points in its .sym as the set's own image (the
; runtime links images by them), although its functions lost the aspects that are part of the set's split
; key. Input: test/postlink/vf_link.ll, whose set_fp64 uses fp64.
;
; RUN: kiln-post-link -split=source -properties -symbols -S %S/../vf_link.ll -o %t.table
; RUN: FileCheck %s --check-prefix DUMMY -input-file=%t_1.prop
; RUN: diff %t_0.sym %t_1.sym
; RUN: FileCheck %s --check-prefix SYM -input-file=%t_1.sym

; DUMMY: dummy-image=1|1
; SYM: scaled

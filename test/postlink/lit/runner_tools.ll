; SPDX-License-Identifier: Apache-2.0
; scripts/run-dpcpp-lit.sh replaces a tool's name only where it is a command (behind "not" too): words that
; only look like one, inside arguments, stay as they are.
;
; RUN: echo "opt x --implicit-check-not opt; cannot opt" | FileCheck %s
; RUN: not kiln-post-link --bogus 2>&1 | FileCheck %s --check-prefix BAD

; CHECK: opt x --implicit-check-not opt; cannot opt
; BAD: kiln-post-link: error: unknown option '--bogus'

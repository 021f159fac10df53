; SPDX-License-Identifier: Apache-2.0
; A device_image_scope device global that entry points of two images use (here through a shared function,
; and by a SYCL_EXTERNAL function that is an entry of its own) is sycl-post-link's error, in its words,
; with kiln-post-link's name in front; a note names the images; nothing is written.
;
; RUN: not kiln-post-link --device-globals --split=source -properties %s -o %t.table 2>&1 | FileCheck %s
; RUN: not kiln-post-link --device-globals --split=kernel %s -o %t.k.table 2>&1 | FileCheck %s --check-prefix CHECK-K
; RUN: not ls %t.table
; RUN: not ls %t_0.bc
; RUN: not ls %t_0.prop
; RUN: not ls %t.k.table
; Without --device-globals sycl-post-link does not look; with one image there is nothing to check.
; RUN: kiln-post-link --split=source %s -o %t.ok.table
; RUN: kiln-post-link --device-globals %s -o %t.one.table

target triple = "spir64-unknown-unknown"

@dg_int2 = internal addrspace(1) global i32 0, align 4 #0

define internal spir_func void @_Z3usev() {
entry:
  store i32 1, ptr addrspace(1) @dg_int2, align 4
  ret void
}

define weak_odr spir_kernel void @_ZTS2K1() #10 {
entry:
  call spir_func void @_Z3usev()
  ret void
}

; SYCL_EXTERNAL: an entry point of b.cpp's image.
define spir_func void @_Z8externalv() #11 {
entry:
  call spir_func void @_Z3usev()
  ret void
}

attributes #0 = { "sycl-device-global-size"="4" "sycl-device-image-scope" "sycl-unique-id"="dg_int2" }
attributes #10 = { "sycl-module-id"="a.cpp" }
attributes #11 = { "sycl-module-id"="b.cpp" }

; CHECK: kiln-post-link: error: device_global variable 'dg_int2' with property "device_image_scope" is used in more than one device image.
; CHECK-NEXT: note: 'dg_int2' is used by image 0 (through _Z8externalv) and image 1 (through _ZTS2K1)
; CHECK-K: kiln-post-link: error: device_global variable 'dg_int2' with property "device_image_scope" is used in more than one device image.

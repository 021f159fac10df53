; SPDX-License-Identifier: Apache-2.0
; A multiplication by a constant of at most three signed digits becomes shifts and adders in the CDFG
; (hls/cdfg/mul_const.c): x * 255 is (x << 8) - x, x * -44 is (x << 2) + (x << 4) - (x << 6), a negative
; power of two 0 - (x << k); x * 564 (four digits) keeps its multiplier, and so does a product of two
; variables. An array of 12-byte records is indexed by
; (i << 4) - (i << 2), not by a multiplication.
;
; RUN: kiln-opt --cdfg %s | FileCheck %s

target triple = "spir64-unknown-unknown"

%rec = type { i32, i32, i32 }

define spir_kernel void @__sycl_kernel_k(ptr %out, i64 %x, i32 %y, i8 %z, i32 %i, ptr %recs) {
entry:
  %leak = mul i64 %x, 255
  %xb = mul i64 %x, -44
  %neg = mul i32 %y, -8
  %small = mul i8 %z, 3
  %four = mul i64 %x, 564
  %var = mul i32 %y, %i
  %p = getelementptr inbounds %rec, ptr %recs, i32 %i, i32 1
  %r = load i32, ptr %p, align 4
  %s1 = add i64 %leak, %xb
  %s2 = add i64 %s1, %four
  store i64 %s2, ptr %out, align 8
  %o2 = getelementptr inbounds i64, ptr %out, i32 1
  %t = add i32 %neg, %var
  %t2 = add i32 %t, %r
  %z32 = zext i8 %small to i32
  %t3 = add i32 %t2, %z32
  store i32 %t3, ptr %o2, align 4
  ret void
}

; CHECK: [[S8:%[0-9]+]] = shl.i64 arg1, 8:i64
; CHECK-NEXT: {{%[0-9]+}} = sub.i64 [[S8]], arg1
; CHECK-NEXT: [[S2:%[0-9]+]] = shl.i64 arg1, 2:i64
; CHECK-NEXT: [[S4:%[0-9]+]] = shl.i64 arg1, 4:i64
; CHECK-NEXT: [[A:%[0-9]+]] = add.i64 [[S2]], [[S4]]
; CHECK-NEXT: [[S6:%[0-9]+]] = shl.i64 arg1, 6:i64
; CHECK-NEXT: {{%[0-9]+}} = sub.i64 [[A]], [[S6]]
; CHECK-NEXT: [[S3:%[0-9]+]] = shl.i32 arg2, 3:i32
; CHECK-NEXT: {{%[0-9]+}} = sub.i32 0:i32, [[S3]]
; CHECK-NEXT: [[Z2:%[0-9]+]] = shl.i8 arg3, 2:i8
; CHECK-NEXT: {{%[0-9]+}} = sub.i8 [[Z2]], arg3
; CHECK-NEXT: {{%[0-9]+}} = mul.i64 arg1, 564:i64
; CHECK-NEXT: {{%[0-9]+}} = mul.i32 arg2, arg4
; CHECK-NEXT: [[I4:%[0-9]+]] = shl.i32 arg4, 4:i32
; CHECK-NEXT: [[I2:%[0-9]+]] = shl.i32 arg4, 2:i32
; CHECK-NEXT: {{%[0-9]+}} = sub.i32 [[I4]], [[I2]]
; CHECK-NOT: mul.
; CHECK: ret

; SPDX-License-Identifier: Apache-2.0
; const-div: division and remainder by a constant leave the sequential divider. By a power of two: a shift
; (unsigned), or the magnitude shifted and the sign put back (signed, as C truncates). By another constant,
; a dividend of at most 32 bits: a multiply into 64 bits by the magic number and a shift (a 33-bit magic adds
; a fix-up). A 64-bit dividend by a constant that is no power of two stays a division (its product would
; need 128 bits). test/hls/const-div-test.sh runs a program of such divisions after this pass.
;
; RUN: kiln-opt -p const-div %s | FileCheck %s

target triple = "spir64-unknown-unknown"

; CHECK-LABEL: define spir_kernel void @k(
define spir_kernel void @k(ptr addrspace(1) %p, i32 %x, i64 %y) {
entry:
; x /u 8: a shift
; CHECK: [[A:%[0-9a-z]+]] = lshr i32 %x, 3
  %a = udiv i32 %x, 8
; x /u 10: x * 0xCCCCCCCD >> 35 in 64 bits
; CHECK: [[XZ:%[0-9a-z]+]] = zext i32 %x to i64
; CHECK: [[M:%[0-9a-z]+]] = mul i64 [[XZ]], 3435973837
; CHECK: [[S:%[0-9a-z]+]] = lshr i64 [[M]], 35
; CHECK: [[B:%[0-9a-z]+]] = trunc i64 [[S]] to i32
  %b = udiv i32 %x, 10
; x /s -7: the magnitude's quotient by 7 (a 33-bit magic: the fix-up), negated unless x is negative
; CHECK: [[NEG:%[0-9a-z]+]] = icmp slt i32 %x, 0
; CHECK: select i1 [[NEG]]
; CHECK: mul i64 {{.*}}, 613566757
; CHECK: lshr i32 {{.*}}, 1
; CHECK: lshr i32 {{.*}}, 2
; CHECK: [[FLIP:%[0-9a-z]+]] = xor i1 [[NEG]], true
; CHECK: select i1 [[FLIP]]
  %c = sdiv i32 %x, -7
; x %s 4: the magnitude's low bits, with the dividend's sign
; CHECK: select i1
; CHECK: lshr i32 {{.*}}, 2
  %d = srem i32 %x, 4
; y /u 10 (64 bits): stays
; CHECK: udiv i64 %y, 10
  %e = udiv i64 %y, 10
; CHECK-NOT: udiv i32
; CHECK-NOT: sdiv i32
; CHECK-NOT: srem i32
  %ab = add i32 %a, %b
  %cd = add i32 %c, %d
  %s = add i32 %ab, %cd
  store i32 %s, ptr addrspace(1) %p, align 4
  %q = getelementptr i64, ptr addrspace(1) %p, i64 1
  store i64 %e, ptr addrspace(1) %q, align 8
  ret void
}

// SPDX-License-Identifier: Apache-2.0
// Rounding (to nearest, ties to even) and packing of a finite nonzero floating-point result
// (combinational), shared by the floating-point units. The input is normalised (kiln_fp_norm):
// sig's bit M+2 is set and the value is sig * 2^(e - bias) / 2^(M+2), e unbounded. Below the
// smallest normal the significand is shifted right into the subnormal position first, so that it is
// rounded once; a carry out of the fraction moves into the exponent field, which makes the largest
// subnormal round up to the smallest normal and the largest finite value round up to infinity.
module kiln_fp_round #(
  parameter integer E  = 8,
  parameter integer M  = 23,
  parameter integer EW = 11
) (
  input  wire          sign,
  input  wire [EW-1:0] e,    // two's complement
  input  wire [M+2:0]  sig,
  output wire [E+M:0]  y
);

  localparam integer SW = M + 3;
  localparam integer HW = $clog2(SW + 2);
  localparam [EW-1:0] ONE = 1;
  localparam [EW-1:0] EMAX = (1 << E) - 1;
  localparam [31:0] SHMAX32 = SW + 1;
  localparam [EW-1:0] SHMAX = SHMAX32[EW-1:0];

  wire          tiny = $signed(e) < $signed(ONE);
  wire          huge = !tiny && e >= EMAX;
  wire [EW-1:0] shf = ONE - e;
  wire [HW-1:0] sh = (shf > SHMAX) ? SHMAX[HW-1:0] : shf[HW-1:0];
  wire [2*SW-1:0] wide = {sig, {SW{1'b0}}} >> sh;
  wire [SW-1:0] den = {wide[2*SW-1:SW+1], wide[SW] | (|wide[SW-1:0])};
  wire [SW-1:0] s = tiny ? den : sig;
  wire [E-1:0]  ef = tiny ? {E{1'b0}} : e[E-1:0];
  wire          inc = s[1] & (s[0] | s[2]);
  wire [E+M-1:0] mag = {ef, s[M+1:2]} + {{(E+M-1){1'b0}}, inc};

  assign y = {sign, huge ? {{E{1'b1}}, {M{1'b0}}} : mag};

  // The units bit is implied by the exponent field.
  wire unused_s = s[M+2];

endmodule

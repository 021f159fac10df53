// SPDX-License-Identifier: Apache-2.0
// Pipelined rounding to an integral value in floating point: MODE 0 trunc, 1 floor, 2 ceil, 3 round
// (halfway cases away from zero), 4 rint/nearbyint (halfway cases to even). The sign is kept
// (floor(-0.5) is -1, ceil(-0.5) is -0); a NaN gives the quiet NaN. The increment is added to the
// packed magnitude, so a carry out of the fraction moves into the exponent. Two register levels:
// the operand, the result.
module kiln_fp_rint #(
  parameter integer E    = 8,
  parameter integer M    = 23,
  parameter integer MODE = 0
) (
  input  wire         clk,
  input  wire         en,
  input  wire [E+M:0] a,
  output reg  [E+M:0] y
);

  localparam integer FW = $clog2(M + 1);
  localparam [E-1:0] BIAS = (1 << (E - 1)) - 1;
  localparam [31:0] INTEGRAL32 = (1 << (E - 1)) - 1 + M;
  // from this exponent on, no fraction bits are left
  localparam [E-1:0] INTEGRAL = INTEGRAL32[E-1:0];
  localparam [E+M-1:0] ONE = {BIAS, {M{1'b0}}};

  reg [E+M:0] a_q;
  always @(posedge clk) if (en) a_q <= a;

  wire         s = a_q[E+M];
  wire [E-1:0] e = a_q[E+M-1:M];
  wire [M-1:0] f = a_q[M-1:0];
  wire         nan = &e && |f;
  wire         whole = e >= INTEGRAL;  // infinities included
  wire         lt_one = e < BIAS;       // |a| < 1
  wire         nz = |a_q[E+M-1:0];
  // fraction bits to clear, 1..M when neither whole nor below one
  wire [E-1:0] fbe = INTEGRAL - e;
  wire [FW-1:0] fb = fbe[FW-1:0];
  wire         unused_fbe = |fbe[E-1:FW];
  wire [M:0]   unit = {{M{1'b0}}, 1'b1} << fb;
  wire [M-1:0] mask = unit[M-1:0] - {{(M-1){1'b0}}, 1'b1};
  wire [M-1:0] frac = f & mask;
  wire [M:0]   halfv = {1'b0, unit[M:1]};
  wire         half = |(f & halfv[M-1:0]);
  wire         unused_half = halfv[M];
  wire         below = |(f & (mask >> 1));
  wire         lsb = |({1'b1, f} & unit);
  reg          inc;
  always @(*)
    case (MODE)
      1: inc = s && |frac;
      2: inc = !s && |frac;
      3: inc = half;
      4: inc = half && (below || lsb);
      default: inc = 1'b0;
    endcase
  // below one: zero or one, by the same rules with the whole value as the fraction
  reg          inc_s;
  always @(*)
    case (MODE)
      1: inc_s = s && nz;
      2: inc_s = !s && nz;
      3: inc_s = e == BIAS - 1;
      4: inc_s = e == BIAS - 1 && |f;
      default: inc_s = 1'b0;
    endcase
  wire [E+M-1:0] kept = {e, f & ~mask} + (inc ? {{(E-1){1'b0}}, unit} : {(E+M){1'b0}});

  always @(posedge clk) if (en) begin
    if (nan) y <= {1'b0, {E{1'b1}}, 1'b1, {(M-1){1'b0}}};
    else if (whole) y <= a_q;
    else if (lt_one) y <= {s, inc_s ? ONE : {(E+M){1'b0}}};
    else y <= {s, kept};
  end

endmodule

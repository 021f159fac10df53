// SPDX-License-Identifier: Apache-2.0
// Pipelined conversion of floating point to an IW-bit integer (two's complement when SIGNED),
// rounded toward zero as C's casts do. A value out of the integer's range, an infinity or a NaN
// (undefined in C) gives the integer with only its top bit set, as x86's conversions do. Two
// register levels: the operand, the result.
module kiln_fp_to_int #(
  parameter integer IW     = 32,
  parameter integer SIGNED = 1,
  parameter integer E      = 8,
  parameter integer M      = 23
) (
  input  wire          clk,
  input  wire          en,
  input  wire [E+M:0]  a,
  output reg  [IW-1:0] y
);

  localparam integer TW = IW + M + 1;     // the significand shifted by up to IW places
  localparam integer SHW = $clog2(IW + 1);
  localparam [E:0] BIAS = (1 << (E - 1)) - 1;
  localparam [31:0] LIM32 = IW - (SIGNED != 0 ? 1 : 0);  // the first exponent out of range
  localparam [E:0] LIM = LIM32[E:0];
  localparam [31:0] SHMAX = IW;

  reg [E+M:0] a_q;
  always @(posedge clk) if (en) a_q <= a;

  wire         sa, na, ia, za;
  wire [E-1:0] ea;
  wire [M:0]   ma;
  kiln_fp_unpack #(.E(E), .M(M)) u_ua (.x(a_q), .sign(sa), .exp(ea), .mant(ma), .nan(na), .inf(ia),
                                       .zero(za));
  wire          lt_one = {1'b0, ea} < BIAS;       // |a| < 1
  wire [E:0]    eu = {1'b0, ea} - BIAS;
  wire          over = !lt_one && eu >= LIM;
  wire [SHW-1:0] sh = over ? SHMAX[SHW-1:0] : eu[SHW-1:0];
  wire [TW-1:0] t = {{(IW){1'b0}}, ma} << sh;
  wire [IW-1:0] mag = t[M +: IW];
  // The most negative integer, in range, has the same bits as the out-of-range answer.
  wire          bad = na || ia || over || (SIGNED == 0 && sa && !lt_one);

  always @(posedge clk) if (en) begin
    if (bad) y <= {1'b1, {(IW-1){1'b0}}};
    else if (lt_one) y <= {IW{1'b0}};
    else y <= (SIGNED != 0 && sa) ? -mag : mag;
  end

  wire unused = za | (|t[M-1:0]) | t[TW-1];

endmodule

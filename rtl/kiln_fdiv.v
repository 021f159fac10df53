// SPDX-License-Identifier: Apache-2.0
// Pipelined floating-point divider (IEEE-754, round to nearest even, subnormals, infinities; 0/0,
// inf/inf and any NaN give the quiet NaN, x/0 the signed infinity). Restoring division of the
// normalised significands, M+3 quotient bits and a sticky remainder bit, BPS bits per register
// level. Register levels: the operands, the normalised operands, NS = ceil((M+3)/BPS) quotient
// levels, the result: NS + 3 in all, one new division accepted every enabled cycle.
module kiln_fdiv #(
  parameter integer E   = 8,
  parameter integer M   = 23,
  parameter integer BPS = 4
) (
  input  wire         clk,
  input  wire         en,
  input  wire [E+M:0] a,
  input  wire [E+M:0] b,
  output wire [E+M:0] y
);

  localparam integer EW = E + 3;
  localparam integer NQ = M + 3;          // quotient bits, weights 2^0 .. 2^-(M+2)
  localparam integer RW = M + 2;          // partial remainder
  localparam integer LW = $clog2(M + 2);
  localparam integer BW = EW + 4 + (M + 1) + RW + NQ;  // one level's state
  localparam [EW-1:0] BIAS = (1 << (E - 1)) - 1;

  reg [E+M:0] a_q, b_q;
  always @(posedge clk) if (en) begin
    a_q <= a;
    b_q <= b;
  end

  // Level 1: the significands normalised (subnormals), the exponents' difference.
  wire         sa, sb, na, nb, ia, ib, za, zb;
  wire [E-1:0] ea, eb;
  wire [M:0]   ma, mb, man, mbn;
  wire [LW-1:0] lza, lzb;
  kiln_fp_unpack #(.E(E), .M(M)) u_ua (.x(a_q), .sign(sa), .exp(ea), .mant(ma), .nan(na), .inf(ia),
                                       .zero(za));
  kiln_fp_unpack #(.E(E), .M(M)) u_ub (.x(b_q), .sign(sb), .exp(eb), .mant(mb), .nan(nb), .inf(ib),
                                       .zero(zb));
  kiln_fp_lshift #(.N(M + 1), .LW(LW)) u_na (.x(ma), .xn(man), .lz(lza));
  kiln_fp_lshift #(.N(M + 1), .LW(LW)) u_nb (.x(mb), .xn(mbn), .lz(lzb));
  wire [EW-1:0] e1 = {3'b000, ea} - {{(EW-LW){1'b0}}, lza} - {3'b000, eb} +
                     {{(EW-LW){1'b0}}, lzb} + BIAS;
  wire          nan1 = na || nb || (za && zb) || (ia && ib);

  // State of each level, {exponent, sign, nan, inf, zero, divisor, remainder, quotient}; split_var:
  // each slice is its own signal to Verilator.
  wire [(NQ+1)*BW-1:0] st /* verilator split_var */;
  reg  [BW-1:0] st0;
  always @(posedge clk) if (en)
    st0 <= {e1, sa ^ sb, nan1, !nan1 && (ia || zb), !nan1 && (za || ib), mbn, 1'b0, man,
            {NQ{1'b0}}};
  assign st[BW-1:0] = st0;

  genvar i;
  generate
    for (i = 0; i < NQ; i = i + 1) begin : g_bit
      wire [BW-1:0] s = st[i*BW +: BW];
      wire [M:0]    dv = s[RW+NQ +: M+1];
      wire [RW-1:0] r = s[NQ +: RW];
      wire          ge = r >= {1'b0, dv};
      wire [RW-1:0] df = r - {1'b0, dv};
      wire [RW-1:0] rn = ge ? df : r;
      wire [BW-1:0] nx = {s[BW-1 -: EW+4+M+1], rn[RW-2:0], 1'b0, s[NQ-2:0], ge};
      if ((i + 1) % BPS == 0 || i == NQ - 1) begin : g_reg
        reg [BW-1:0] q;
        always @(posedge clk) if (en) q <= nx;
        assign st[(i+1)*BW +: BW] = q;
      end else begin : g_comb
        assign st[(i+1)*BW +: BW] = nx;
      end
      // The remainder stays below twice the divisor, and the quotient's top bit shifts out unused.
      wire unused = rn[RW-1] | s[NQ-1];
    end
  endgenerate

  // Last level: normalised (the quotient is in (1/2, 2)), rounded, packed.
  wire [BW-1:0] sl = st[NQ*BW +: BW];
  wire [EW-1:0] el = sl[BW-1 -: EW];
  wire          s_l = sl[BW-EW-1], nan_l = sl[BW-EW-2], inf_l = sl[BW-EW-3], z_l = sl[BW-EW-4];
  wire [EW-1:0] e2;
  wire [M+2:0]  sig2;
  wire          z2;
  kiln_fp_norm #(.N(NQ + 1), .M(M), .EW(EW), .P(M + 3)) u_norm (
    .x({sl[NQ-1:0], |sl[NQ +: RW]}), .e_in(el), .e_out(e2), .sig(sig2), .zero(z2)
  );
  kiln_fp_result #(.E(E), .M(M), .EW(EW)) u_result (
    .clk(clk), .en(en), .sign(s_l), .nan(nan_l), .inf(inf_l), .zero(z_l),
    .e(e2), .sig(sig2), .y(y)
  );

  wire unused_l = z2 | (|sl[RW+NQ +: M+1]);

endmodule

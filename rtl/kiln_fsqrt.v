// SPDX-License-Identifier: Apache-2.0
// Pipelined floating-point square root (IEEE-754, round to nearest even, subnormals; sqrt(-0) is
// -0, a negative operand or NaN gives the quiet NaN). Digit-by-digit integer square root of the
// normalised significand (shifted to an even exponent), M+3 root bits and a sticky remainder bit,
// BPS bits per register level. Register levels: the operand, the normalised operand,
// NS = ceil((M+3)/BPS) root levels, the result: NS + 3 in all, one new root every enabled cycle.
module kiln_fsqrt #(
  parameter integer E   = 8,
  parameter integer M   = 23,
  parameter integer BPS = 4
) (
  input  wire         clk,
  input  wire         en,
  input  wire [E+M:0] a,
  output wire [E+M:0] y
);

  localparam integer EW = E + 3;
  localparam integer NQ = M + 3;          // root bits, weights 2^0 .. 2^-(M+2)
  localparam integer RW = NQ + 4;         // partial remainder
  localparam integer LW = $clog2(M + 2);
  localparam integer BW = EW + 4 + 2 * NQ + RW + NQ;  // one level's state
  localparam [EW-1:0] BIAS = (1 << (E - 1)) - 1;

  reg [E+M:0] a_q;
  always @(posedge clk) if (en) a_q <= a;

  // Level 1: the significand normalised and, for an odd exponent, doubled; the exponent halved.
  wire         sa, na, ia, za;
  wire [E-1:0] ea;
  wire [M:0]   ma, man;
  wire [LW-1:0] lza;
  kiln_fp_unpack #(.E(E), .M(M)) u_ua (.x(a_q), .sign(sa), .exp(ea), .mant(ma), .nan(na), .inf(ia),
                                       .zero(za));
  kiln_fp_lshift #(.N(M + 1), .LW(LW)) u_na (.x(ma), .xn(man), .lz(lza));
  wire [EW-1:0] eu = {3'b000, ea} - {{(EW-LW){1'b0}}, lza} - BIAS;  // unbiased
  wire [M+1:0]  m2 = eu[0] ? {man, 1'b0} : {1'b0, man};
  wire [EW-1:0] ev = eu - {{(EW-1){1'b0}}, eu[0]};
  wire [EW-1:0] e1 = {ev[EW-1], ev[EW-1:1]} + BIAS;
  wire          nan1 = na || (sa && !za);

  // State of each level, {exponent, sign, nan, inf, zero, radicand bits left, remainder, root};
  // split_var: each slice is its own signal to Verilator.
  wire [(NQ+1)*BW-1:0] st /* verilator split_var */;
  reg  [BW-1:0] st0;
  always @(posedge clk) if (en)
    st0 <= {e1, sa, nan1, !nan1 && ia, za, m2, {(M + 4){1'b0}}, {RW{1'b0}}, {NQ{1'b0}}};
  assign st[BW-1:0] = st0;

  genvar i;
  generate
    for (i = 0; i < NQ; i = i + 1) begin : g_bit
      wire [BW-1:0]   s = st[i*BW +: BW];
      wire [2*NQ-1:0] rad = s[RW+NQ +: 2*NQ];
      wire [RW-1:0]   rem = s[NQ +: RW];
      wire [NQ-1:0]   root = s[NQ-1:0];
      wire [RW-1:0]   cand = {rem[RW-3:0], rad[2*NQ-1 -: 2]};
      wire [RW-1:0]   trial = {{(RW-NQ-2){1'b0}}, root, 2'b01};
      wire            ge = cand >= trial;
      wire [RW-1:0]   rn = ge ? cand - trial : cand;
      wire [BW-1:0]   nx = {s[BW-1 -: EW+4], rad[2*NQ-3:0], 2'b00, rn, root[NQ-2:0], ge};
      if ((i + 1) % BPS == 0 || i == NQ - 1) begin : g_reg
        reg [BW-1:0] q;
        always @(posedge clk) if (en) q <= nx;
        assign st[(i+1)*BW +: BW] = q;
      end else begin : g_comb
        assign st[(i+1)*BW +: BW] = nx;
      end
      // The remainder stays below 2^(NQ+2) and the root's top bit shifts out unused.
      wire unused = (|rem[RW-1:RW-2]) | root[NQ-1];
    end
  endgenerate

  // Last level: normalised (the root is in [1, 2)), rounded, packed.
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

  wire unused_l = z2 | (|sl[RW+NQ +: 2*NQ]);

endmodule

// SPDX-License-Identifier: Apache-2.0
// Pipelined fused multiply-add a * b + c, rounded once (IEEE-754, round to nearest even,
// subnormals, infinities; any NaN, zero times infinity and opposite infinities give the quiet NaN).
// The product is exact (2M+2 bits); both addends are normalised to that width before the larger
// one's alignment, so that the guard, round and sticky bits of an adder suffice. Five register
// levels: the operands, the product, the aligned addends, the normalised sum, the result.
module kiln_fma #(
  parameter integer E = 8,
  parameter integer M = 23
) (
  input  wire         clk,
  input  wire         en,
  input  wire [E+M:0] a,
  input  wire [E+M:0] b,
  input  wire [E+M:0] c,
  output wire [E+M:0] y
);

  localparam integer EW = E + 3;
  localparam integer PW = 2 * M + 2;  // the product's width
  localparam integer XW = PW + 4;     // carry, the addend, guard, round, sticky
  localparam integer LW = $clog2(PW + 1);
  localparam integer DW = $clog2(XW + 1);
  localparam [EW-1:0] BIAS = (1 << (E - 1)) - 1;
  localparam [31:0] DMAX = XW;

  reg [E+M:0] a_q, b_q, c_q;
  always @(posedge clk) if (en) begin
    a_q <= a;
    b_q <= b;
    c_q <= c;
  end

  // Level 1: the exact product.
  wire         sa, sb, sc, na, nb, nc, ia, ib, ic, za, zb, zc;
  wire [E-1:0] ea, eb, ec;
  wire [M:0]   ma, mb, mc;
  kiln_fp_unpack #(.E(E), .M(M)) u_ua (.x(a_q), .sign(sa), .exp(ea), .mant(ma), .nan(na), .inf(ia),
                                       .zero(za));
  kiln_fp_unpack #(.E(E), .M(M)) u_ub (.x(b_q), .sign(sb), .exp(eb), .mant(mb), .nan(nb), .inf(ib),
                                       .zero(zb));
  kiln_fp_unpack #(.E(E), .M(M)) u_uc (.x(c_q), .sign(sc), .exp(ec), .mant(mc), .nan(nc), .inf(ic),
                                       .zero(zc));
  wire sp = sa ^ sb;

  reg          sp_1, sc_1, nan_1, inf_1, is_1;
  reg  [EW-1:0] ep_1;
  reg  [E-1:0] ec_1;
  reg  [PW-1:0] p_1;
  reg  [M:0]   mc_1;
  always @(posedge clk) if (en) begin
    sp_1  <= sp;
    sc_1  <= sc;
    ep_1  <= {3'b000, ea} + {3'b000, eb} - BIAS;
    p_1   <= ma * mb;
    ec_1  <= ec;
    mc_1  <= mc;
    nan_1 <= na || nb || nc || (ia && zb) || (za && ib) || ((ia || ib) && ic && (sp ^ sc));
    inf_1 <= ia || ib || ic;
    is_1  <= (ia || ib) ? sp : sc;
  end

  // Level 2: both addends normalised (leading one at bit PW-1, value x * 2^(e - bias) / 2^(2M)),
  // the larger first, the smaller aligned to it with sticky.
  wire [PW-1:0] pn, cn;
  wire [LW-1:0] lzp, lzc;
  kiln_fp_lshift #(.N(PW), .LW(LW)) u_np (.x(p_1), .xn(pn), .lz(lzp));
  kiln_fp_lshift #(.N(PW), .LW(LW)) u_nc (.x({mc_1, {(M + 1){1'b0}}}), .xn(cn), .lz(lzc));
  wire [EW-1:0] ep2 = ep_1 - {{(EW-LW){1'b0}}, lzp};
  wire [EW-1:0] ec2 = {3'b000, ec_1} - {{(EW-1){1'b0}}, 1'b1} - {{(EW-LW){1'b0}}, lzc};
  wire          zp = ~|p_1;
  wire          zcn = ~|mc_1;
  wire          pl = !zp && (zcn || $signed(ep2) > $signed(ec2) || (ep2 == ec2 && pn >= cn));
  wire [EW-1:0] d = pl ? ep2 - ec2 : ec2 - ep2;
  wire [DW-1:0] dc = (d > DMAX[EW-1:0]) ? DMAX[DW-1:0] : d[DW-1:0];
  wire [XW-1:0] sx0 = {1'b0, pl ? cn : pn, 3'b000};
  wire [2*XW-1:0] sw = {sx0, {XW{1'b0}}} >> dc;

  reg          sub_2, sl_2, nan_2, inf_2, is_2;
  reg  [EW-1:0] el_2;
  reg  [XW-1:0] lx_2, sx_2;
  always @(posedge clk) if (en) begin
    sub_2 <= sp_1 ^ sc_1;
    sl_2  <= pl ? sp_1 : sc_1;
    el_2  <= pl ? ep2 : ec2;
    lx_2  <= {1'b0, pl ? pn : cn, 3'b000};
    sx_2  <= {sw[2*XW-1:XW+1], sw[XW] | (|sw[XW-1:0])};
    nan_2 <= nan_1;
    inf_2 <= inf_1;
    is_2  <= is_1;
  end

  // Level 3: the sum, normalised.
  wire [XW-1:0] sum = sub_2 ? lx_2 - sx_2 : lx_2 + sx_2;
  wire [EW-1:0] e3;
  wire [M+2:0]  sig3;
  wire          z3;
  kiln_fp_norm #(.N(XW), .M(M), .EW(EW), .P(2 * M + 3)) u_norm (
    .x(sum), .e_in(el_2), .e_out(e3), .sig(sig3), .zero(z3)
  );

  reg          s_3, nan_3, inf_3, z_3;
  reg  [EW-1:0] e_3;
  reg  [M+2:0] sig_3;
  always @(posedge clk) if (en) begin
    // An exact zero is +0, unless both addends were negative zeros.
    s_3   <= inf_2 ? is_2 : (z3 ? sl_2 && !sub_2 : sl_2);
    nan_3 <= nan_2;
    inf_3 <= inf_2;
    z_3   <= z3;
    e_3   <= e3;
    sig_3 <= sig3;
  end

  // Level 4: rounded and packed, or the special value.
  kiln_fp_result #(.E(E), .M(M), .EW(EW)) u_result (
    .clk(clk), .en(en), .sign(s_3), .nan(nan_3), .inf(inf_3), .zero(z_3),
    .e(e_3), .sig(sig_3), .y(y)
  );

  wire unused_z = zc;

endmodule

// SPDX-License-Identifier: Apache-2.0
// Pipelined floating-point adder (IEEE-754, round to nearest even, subnormals, infinities; any NaN
// gives the quiet NaN). A subtraction is an addition of the negated operand, which the kernel
// feeds. Four register levels: the operands, the aligned significands, the normalised sum, the
// result; `en` moves everything one level on, so the result is there after four enabled cycles.
module kiln_fadd #(
  parameter integer E = 8,
  parameter integer M = 23
) (
  input  wire         clk,
  input  wire         en,
  input  wire [E+M:0] a,
  input  wire [E+M:0] b,
  output wire [E+M:0] y
);

  localparam integer EW = E + 3;
  localparam integer XW = M + 5;  // carry, units bit, fraction, guard, round, sticky
  localparam integer DW = $clog2(XW + 1);
  localparam [31:0] DMAX = XW;

  reg [E+M:0] a_q, b_q;
  always @(posedge clk) if (en) begin
    a_q <= a;
    b_q <= b;
  end

  // Level 1: the larger magnitude first; the smaller shifted right to its exponent, the bits
  // shifted out folded into sticky.
  wire         sa, sb, na, nb, ia, ib, za, zb;
  wire [E-1:0] ea, eb;
  wire [M:0]   ma, mb;
  kiln_fp_unpack #(.E(E), .M(M)) u_ua (.x(a_q), .sign(sa), .exp(ea), .mant(ma), .nan(na), .inf(ia),
                                       .zero(za));
  kiln_fp_unpack #(.E(E), .M(M)) u_ub (.x(b_q), .sign(sb), .exp(eb), .mant(mb), .nan(nb), .inf(ib),
                                       .zero(zb));
  wire         swap = b_q[E+M-1:0] > a_q[E+M-1:0];
  wire         sl = swap ? sb : sa;
  wire [E-1:0] el = swap ? eb : ea;
  wire [E-1:0] d = swap ? eb - ea : ea - eb;
  wire [DW-1:0] dc = ({{(32-E){1'b0}}, d} > DMAX) ? DMAX[DW-1:0] : d[DW-1:0];
  wire [XW-1:0] sx0 = {1'b0, swap ? ma : mb, 3'b000};
  wire [2*XW-1:0] sw = {sx0, {XW{1'b0}}} >> dc;

  reg          sub_1, sl_1, nan_1, inf_1, is_1;
  reg  [E-1:0] el_1;
  reg  [XW-1:0] lx_1, sx_1;
  always @(posedge clk) if (en) begin
    sub_1 <= sa ^ sb;
    sl_1  <= sl;
    el_1  <= el;
    lx_1  <= {1'b0, swap ? mb : ma, 3'b000};
    sx_1  <= {sw[2*XW-1:XW+1], sw[XW] | (|sw[XW-1:0])};
    nan_1 <= na || nb || (ia && ib && (sa ^ sb));
    inf_1 <= ia || ib;
    is_1  <= ia ? sa : sb;
  end

  // Level 2: the sum (the larger minus the smaller never borrows), normalised.
  wire [XW-1:0] sum = sub_1 ? lx_1 - sx_1 : lx_1 + sx_1;
  wire [EW-1:0] e2;
  wire [M+2:0]  sig2;
  wire          z2;
  kiln_fp_norm #(.N(XW), .M(M), .EW(EW), .P(M + 3)) u_norm (
    .x(sum), .e_in({3'b000, el_1}), .e_out(e2), .sig(sig2), .zero(z2)
  );

  reg          s_2, nan_2, inf_2, z_2;
  reg  [EW-1:0] e_2;
  reg  [M+2:0] sig_2;
  always @(posedge clk) if (en) begin
    // An exact zero is +0, unless both operands were -0.
    s_2   <= inf_1 ? is_1 : (z2 ? sl_1 && !sub_1 : sl_1);
    nan_2 <= nan_1;
    inf_2 <= inf_1;
    z_2   <= z2;
    e_2   <= e2;
    sig_2 <= sig2;
  end

  // Level 3: rounded and packed, or the special value.
  kiln_fp_result #(.E(E), .M(M), .EW(EW)) u_result (
    .clk(clk), .en(en), .sign(s_2), .nan(nan_2), .inf(inf_2), .zero(z_2),
    .e(e_2), .sig(sig_2), .y(y)
  );

  wire unused_z = za | zb;

endmodule

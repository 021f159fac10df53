// SPDX-License-Identifier: Apache-2.0
// Normalisation of an exact floating-point intermediate (combinational), shared by the
// floating-point units: the value x * 2^(e_in - bias) / 2^P becomes sig * 2^(e_out - bias) /
// 2^(M+2), with sig's bit M+2 set (unless x is zero), bits M+1..2 the fraction, bit 1 the guard bit
// and bit 0 the OR of everything below (sticky). The left shift is exact; only the final fold loses
// bits, into sticky.
module kiln_fp_norm #(
  parameter integer N  = 32,  // width of x (at least M + 3)
  parameter integer M  = 23,  // fraction bits of the format
  parameter integer EW = 11,  // width of the (two's complement) exponents
  parameter integer P  = 0    // index of x's units bit
) (
  input  wire [N-1:0]  x,
  input  wire [EW-1:0] e_in,
  output wire [EW-1:0] e_out,
  output wire [M+2:0]  sig,
  output wire          zero
);

  localparam integer LW = $clog2(N + 1);
  localparam [31:0] OFF32 = N - 1 - P;
  localparam [EW-1:0] OFF = OFF32[EW-1:0];

  wire [N-1:0]  xn;
  wire [LW-1:0] lz;
  kiln_fp_lshift #(.N(N), .LW(LW)) u_shift (.x(x), .xn(xn), .lz(lz));

  assign zero  = ~|x;
  assign e_out = e_in + OFF - {{(EW-LW){1'b0}}, lz};
  generate
    if (N > M + 3) begin : g_fold
      assign sig = {xn[N-1 -: M+2], |xn[N-M-3:0]};
    end else begin : g_exact
      assign sig = {xn[N-1 -: M+2], xn[0]};
    end
  endgenerate

endmodule

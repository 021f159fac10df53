// SPDX-License-Identifier: Apache-2.0
// A funnel shift on W bits, combinational: {a, b} shifted by c modulo W, keeping the high W bits
// (LEFT = 1, LLVM's fshl) or the low W bits (LEFT = 0, fshr). A rotate is one with a = b.
module kiln_funnel #(
  parameter integer W = 32,
  parameter integer LEFT = 1
) (
  input  wire [W-1:0] a,
  input  wire [W-1:0] b,
  input  wire [W-1:0] c,
  output wire [W-1:0] y
);

  // The width as a W-bit number (an integer parameter is 32 bits; W is at most 64, so it fits).
  // verilator lint_off WIDTH
  localparam [W-1:0] Width = W;
  // verilator lint_on WIDTH

  wire [W-1:0]   amount = c % Width;
  // verilator lint_off UNUSEDSIGNAL
  wire [2*W-1:0] cat = LEFT != 0 ? {a, b} << amount : {a, b} >> amount;  // one half is dropped
  // verilator lint_on UNUSEDSIGNAL

  assign y = LEFT != 0 ? cat[2*W-1:W] : cat[W-1:0];

endmodule

// SPDX-License-Identifier: Apache-2.0
// Multi-cycle divider of one width, shared by a kernel's divisions and remainders of that width:
// restoring division on magnitudes, BPC quotient bits per cycle (as many subtract stages as the
// clock period holds). `start` loads the operands (magnitudes, zero-extended to W) and the signs
// the results take; `busy` is high for the W/BPC cycles that follow, after which quo and rem hold
// until the next start.
module kiln_div #(
  parameter integer W = 32,
  parameter integer BPC = 1
) (
  input  wire         clk,
  input  wire         rst_n,
  input  wire         start,
  input  wire [W-1:0] a,       // dividend magnitude
  input  wire [W-1:0] b,       // divisor magnitude
  input  wire         neg_q,   // negate the quotient (the operands' signs differ)
  input  wire         neg_r,   // negate the remainder (the dividend was negative)
  output wire         busy,
  output wire [W-1:0] quo,
  output wire [W-1:0] rem
);

  localparam [31:0] STEPS = W / BPC;

  reg  [W-1:0] q_q, d_q, r_q;
  reg  [7:0]   n_q;
  reg          nq_q, nr_q;

  // BPC restoring stages chained, stage i's partial remainder and quotient at slice i: each shifts
  // the next dividend bit into the remainder and subtracts the divisor where it fits (the remainder
  // stays below it). split_var: each slice is its own signal to Verilator, which would otherwise
  // see a loop through the vector.
  wire [(BPC+1)*W-1:0] r_s /* verilator split_var */;
  wire [(BPC+1)*W-1:0] q_s /* verilator split_var */;
  assign r_s[W-1:0] = r_q;
  assign q_s[W-1:0] = q_q;
  genvar i;
  generate
    for (i = 0; i < BPC; i = i + 1) begin : g_stage
      wire [W:0]   sh = {r_s[i*W +: W], q_s[i*W + W-1]};
      wire         ge = sh >= {1'b0, d_q};
      wire [W:0]   df = sh - {1'b0, d_q};
      assign r_s[(i+1)*W +: W] = ge ? df[W-1:0] : sh[W-1:0];
      assign q_s[(i+1)*W +: W] = {q_s[i*W +: W-1], ge};
      // The top bit of the difference is 0 whenever it is taken.
      wire unused_df = df[W];
    end
  endgenerate

  always @(posedge clk) begin
    if (!rst_n) begin
      n_q <= 8'd0;
    end else if (start) begin
      q_q  <= a;
      d_q  <= b;
      nq_q <= neg_q;
      nr_q <= neg_r;
      r_q  <= {W{1'b0}};
      n_q  <= STEPS[7:0];
    end else if (n_q != 8'd0) begin
      r_q <= r_s[BPC*W +: W];
      q_q <= q_s[BPC*W +: W];
      n_q <= n_q - 8'd1;
    end
  end

  assign busy = n_q != 8'd0;
  assign quo  = nq_q ? -q_q : q_q;
  assign rem  = nr_q ? -r_q : r_q;

endmodule

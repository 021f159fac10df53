// SPDX-License-Identifier: Apache-2.0
// A register slice for a valid/ready channel: both directions leave flip-flops (the downstream's
// valid and data, the upstream's ready), so no combinational path crosses it, at one cycle of
// latency and full throughput. Boards put it where the image's memory port meets the shell: on a
// small FPGA the kernel's address logic and the shell's arbitration together do not fit one clock.

module kiln_skid #(
  parameter integer W = 32
) (
  input  wire         clk,
  input  wire         rst_n,
  input  wire         in_valid,
  output wire         in_ready,
  input  wire [W-1:0] in_data,
  output wire         out_valid,
  input  wire         out_ready,
  output wire [W-1:0] out_data
);

  reg         main_v_q, skid_v_q;
  reg [W-1:0] main_q, skid_q;

  always @(posedge clk) begin
    if (!rst_n) begin
      main_v_q <= 1'b0;
      skid_v_q <= 1'b0;
    end else if (out_ready || !main_v_q) begin
      // The output slot empties or is empty: the held request goes first, else the input's.
      main_v_q <= skid_v_q || in_valid;
      skid_v_q <= 1'b0;
    end else if (in_valid && !skid_v_q) begin
      skid_v_q <= 1'b1;
    end
  end

  // Data registers carry no reset: only the valid bits need one.
  always @(posedge clk) begin
    if (out_ready || !main_v_q) begin
      main_q <= skid_v_q ? skid_q : in_data;
    end else if (in_valid && !skid_v_q) begin
      skid_q <= in_data;
    end
  end

  assign in_ready  = !skid_v_q;
  assign out_valid = main_v_q;
  assign out_data  = main_q;

endmodule

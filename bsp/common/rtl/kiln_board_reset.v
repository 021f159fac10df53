// SPDX-License-Identifier: Apache-2.0
// A real board's reset: held until the PLL has locked and then 16 more cycles, and while the
// board's button is pressed (synchronised: it is asynchronous to the clock). FPGAs start their
// flip-flops at zero, so the count starts held.

module kiln_board_reset (
  input  wire clk,
  input  wire pll_locked,
  input  wire btn_n,   // low while pressed
  output wire rst_n
);

  reg [1:0] btn_sync_q;
  reg [4:0] por_q;

  always @(posedge clk) begin
    btn_sync_q <= {btn_sync_q[0], btn_n};
    if (!pll_locked || !btn_sync_q[1]) begin
      por_q <= 5'd0;
    end else if (!por_q[4]) begin
      por_q <= por_q + 5'd1;
    end
  end

  assign rst_n = por_q[4];

endmodule

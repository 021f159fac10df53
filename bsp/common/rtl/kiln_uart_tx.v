// SPDX-License-Identifier: Apache-2.0
// UART transmitter, 8N1, least significant bit first (docs/host-link.md, "Line").
//
// A byte is taken (in_valid && in_ready) only while the transmitter is idle, and its start bit
// goes out the next cycle. in_ready rises in the cycle after the stop bit's last one, so bytes
// offered back to back leave with a stop bit one clock longer than a bit: the receiver needs at
// least one stop bit, never an exact one, and this keeps in_ready a plain decode of the state.
module kiln_uart_tx #(
  // Clock cycles per bit (clock / baud), at least 4 (as the receiver; 2 would do here).
  parameter integer CLKS_PER_BIT = 104
) (
  input  wire       clk,
  input  wire       rst_n,
  input  wire       in_valid,
  output wire       in_ready,
  input  wire [7:0] in_data,
  output wire       tx          // the line, registered so that it carries no glitches
);

  localparam integer CW = $clog2(CLKS_PER_BIT);
  localparam [31:0]   BIT_LAST_U = CLKS_PER_BIT - 1;
  localparam [CW-1:0] BIT_LAST   = BIT_LAST_U[CW-1:0];

  reg          tx_q;
  reg [8:0]    shift_q;  // the bits after the one on the line: data, then the stop bit
  reg [3:0]    left_q;   // bits still to finish, the one on the line included (0: idle)
  reg [CW-1:0] cnt_q;    // cycles left of the bit on the line

  assign in_ready = (left_q == 4'd0);
  assign tx       = tx_q;

  always @(posedge clk) begin
    if (!rst_n) begin
      tx_q    <= 1'b1;
      shift_q <= 9'h1FF;
      left_q  <= 4'd0;
      cnt_q   <= {CW{1'b0}};
    end else if (in_valid && in_ready) begin
      tx_q    <= 1'b0;  // start bit
      shift_q <= {1'b1, in_data};
      left_q  <= 4'd10;
      cnt_q   <= BIT_LAST;
    end else if (left_q != 4'd0) begin
      if (cnt_q != {CW{1'b0}}) begin
        cnt_q <= cnt_q - 1'b1;
      end else begin
        // Ones shift in behind, so the line idles high after the stop bit.
        tx_q    <= shift_q[0];
        shift_q <= {1'b1, shift_q[8:1]};
        left_q  <= left_q - 1'b1;
        cnt_q   <= BIT_LAST;
      end
    end
  end

endmodule

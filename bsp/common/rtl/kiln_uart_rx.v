// SPDX-License-Identifier: Apache-2.0
// UART receiver, 8N1, least significant bit first (docs/host-link.md, "Line").
//
// The line passes a two-flop synchroniser (it comes from a pin, in no clock domain). A falling
// edge starts a byte; the start bit is checked again half a bit later, which also fixes the
// sampling point of every later bit at its middle, so the receiver tolerates the usual few percent
// of baud mismatch. A byte whose stop bit reads 0 (framing error: noise, a break, or a byte we
// started on the wrong edge) is dropped, and the receiver waits for the line to go high again
// before it looks for the next start bit, so that a held-low line yields nothing at all.
module kiln_uart_rx #(
  // Clock cycles per bit (clock / baud), at least 4.
  parameter integer CLKS_PER_BIT = 104
) (
  input  wire       clk,
  input  wire       rst_n,
  input  wire       rx,         // the line, asynchronous
  output reg        out_valid,  // one-cycle strobe: a byte with a good stop bit
  output reg  [7:0] out_data
);

  localparam integer CW = $clog2(CLKS_PER_BIT);
  // Counter reloads, truncated to the counter's width (both are below CLKS_PER_BIT).
  localparam [31:0]   BIT_LAST_U  = CLKS_PER_BIT - 1;
  localparam [31:0]   HALF_LAST_U = CLKS_PER_BIT / 2 - 1;
  localparam [CW-1:0] BIT_LAST    = BIT_LAST_U[CW-1:0];
  localparam [CW-1:0] HALF_LAST   = HALF_LAST_U[CW-1:0];

  localparam [2:0] S_IDLE  = 3'd0; // line high, waiting for a start bit
  localparam [2:0] S_START = 3'd1; // in the start bit, until its middle
  localparam [2:0] S_DATA  = 3'd2; // eight data bits, sampled at their middles
  localparam [2:0] S_STOP  = 3'd3; // until the middle of the stop bit
  localparam [2:0] S_BREAK = 3'd4; // framing error: wait for the line to return high

  reg [1:0]    sync_q;  // [0] first flop, [1] the synchronised line
  reg [2:0]    state_q;
  reg [CW-1:0] cnt_q;   // cycles to the next sampling point
  reg [2:0]    bit_q;   // data bit being received
  reg [7:0]    shift_q;
  wire         line = sync_q[1];

  always @(posedge clk) begin
    if (!rst_n) begin
      // The idle line is high: reset to it, so that leaving reset is no start bit.
      sync_q <= 2'b11;
    end else begin
      sync_q <= {sync_q[0], rx};
    end
  end

  always @(posedge clk) begin
    if (!rst_n) begin
      state_q   <= S_IDLE;
      cnt_q     <= {CW{1'b0}};
      bit_q     <= 3'd0;
      shift_q   <= 8'd0;
      out_valid <= 1'b0;
      out_data  <= 8'd0;
    end else begin
      out_valid <= 1'b0;
      case (state_q)
        S_IDLE: begin
          if (!line) begin
            state_q <= S_START;
            cnt_q   <= HALF_LAST;
          end
        end
        S_START: begin
          if (cnt_q != {CW{1'b0}}) begin
            cnt_q <= cnt_q - 1'b1;
          end else if (line) begin
            // A glitch shorter than half a bit: no start bit.
            state_q <= S_IDLE;
          end else begin
            state_q <= S_DATA;
            cnt_q   <= BIT_LAST;
            bit_q   <= 3'd0;
          end
        end
        S_DATA: begin
          if (cnt_q != {CW{1'b0}}) begin
            cnt_q <= cnt_q - 1'b1;
          end else begin
            shift_q <= {line, shift_q[7:1]};
            cnt_q   <= BIT_LAST;
            bit_q   <= bit_q + 1'b1;
            if (bit_q == 3'd7) begin
              state_q <= S_STOP;
            end
          end
        end
        S_STOP: begin
          if (cnt_q != {CW{1'b0}}) begin
            cnt_q <= cnt_q - 1'b1;
          end else if (line) begin
            // Back to idle at the middle of the stop bit: the next start bit's edge may come
            // half a bit from now, and a sender slightly faster than us must not be missed.
            out_valid <= 1'b1;
            out_data  <= shift_q;
            state_q   <= S_IDLE;
          end else begin
            state_q <= S_BREAK;
          end
        end
        S_BREAK: begin
          if (line) begin
            state_q <= S_IDLE;
          end
        end
        default: state_q <= S_IDLE;
      endcase
    end
  end

endmodule

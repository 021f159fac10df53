// SPDX-License-Identifier: Apache-2.0
// A small first-in first-out queue as a shift register: the oldest entry is always `head` (no read
// latency), a push and a pop may come in the same cycle, and `count` says how many entries are
// held. The user keeps to the protocol (no push when full, no pop when empty): a kernel's read tags
// and its pipelined loads' early read data, both bounded by the reads a port may have in flight.
module kiln_fifo #(
  parameter integer W = 8,
  parameter integer DEPTH = 4
) (
  input  wire                         clk,
  input  wire                         rst_n,
  input  wire                         push,
  input  wire [W-1:0]                 din,
  input  wire                         pop,
  output wire [W-1:0]                 head,
  output wire [$clog2(DEPTH + 1)-1:0] count,
  output wire                         full
);

  localparam integer CW = $clog2(DEPTH + 1);
  localparam integer AW = DEPTH > 1 ? $clog2(DEPTH) : 1;

  reg  [W-1:0]  q_q [0:DEPTH-1];
  reg  [CW-1:0] n_q;
  // Where a push lands: behind the entries that stay this cycle.
  wire [CW-1:0] wi = n_q - {{(CW - 1){1'b0}}, pop};

  integer i;
  always @(posedge clk) begin
    if (!rst_n) begin
      n_q <= {CW{1'b0}};
    end else begin
      if (pop)
        for (i = 0; i + 1 < DEPTH; i = i + 1) q_q[i] <= q_q[i + 1];
      if (push) q_q[wi[AW-1:0]] <= din;
      n_q <= wi + {{(CW - 1){1'b0}}, push};
    end
  end

  assign head  = q_q[0];
  assign count = n_q;
  assign full  = n_q == DEPTH[CW-1:0];

  // The push index's top bit is set only at DEPTH, when the protocol allows no push.
  wire unused_wi = wi[CW-1];

endmodule

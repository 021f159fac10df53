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

  reg  [DEPTH*W-1:0] q_q;  // entry j at [j*W +: W], the head at 0
  reg  [CW-1:0] n_q;

  // Entry j takes `din` when a push lands there: behind the entries that stay this cycle, so at
  // n_q - 1 when the head leaves. Both places are compared with the count register ahead of time
  // and `pop` only chooses between them: pop and push come late in a kernel's cycle (its stall
  // logic), and an index computed from them (a subtraction, then a decode) set a pipelined loop's
  // clock on the iCE40.
  wire [DEPTH-1:0] take;
  genvar j;
  generate
    for (j = 0; j < DEPTH; j = j + 1) begin : g_take
      localparam [CW-1:0] AT = j;
      localparam [CW-1:0] BEHIND_HEAD = j + 1;
      assign take[j] = push && (pop ? n_q == BEHIND_HEAD : n_q == AT);
    end
  endgenerate

  integer i;
  always @(posedge clk) begin
    for (i = 0; i < DEPTH; i = i + 1) begin
      if (take[i]) q_q[i*W +: W] <= din;
      else if (pop && i + 1 < DEPTH) q_q[i*W +: W] <= q_q[((i + 1) % DEPTH)*W +: W];
    end
  end

  always @(posedge clk) begin
    if (!rst_n) n_q <= {CW{1'b0}};
    else n_q <= n_q - {{(CW - 1){1'b0}}, pop} + {{(CW - 1){1'b0}}, push};
  end

  assign head  = q_q[W-1:0];
  assign count = n_q;
  assign full  = n_q == DEPTH[CW-1:0];

endmodule

// SPDX-License-Identifier: Apache-2.0
// The copy engine of a kernel's memcpy/memset loops: one per kernel, shared by all its copy
// loops the way a divider is shared by every division of its width. The controller runs one loop
// at a time and holds `run` through its state, choosing `len`, `dst`, `src` and `value` for it.
// The engine moves a word where both sides are word aligned and a word remains, else a byte. A
// memcpy keeps up to DEPTH reads ahead of its writes, the words read waiting in a queue; on one
// shared port (`same_port`) a pending write goes first, and a memmove onto a higher address of it
// (`back`) walks from the end. `done` marks the cycle whose write ends the loop, and leaves the
// counters at zero for the next one. Addresses are byte addresses; the ports take word addresses
// and byte strobes.
module kiln_copy #(
  parameter integer DEPTH = 4,  // reads a memcpy keeps in flight or queued
  parameter integer COPY  = 1   // 0: the kernel has memsets only, no read side
) (
  input  wire        clk,
  input  wire        rst_n,
  input  wire        run,        // a copy loop's state
  input  wire        fill,       // memset: write `value` bytes, read nothing
  input  wire        same_port,  // source and destination share one memory port
  input  wire        back,       // memmove to a higher address of the same memory: from the end
  input  wire [31:0] len,        // bytes
  input  wire [31:0] dst,
  input  wire [31:0] src,
  input  wire [7:0]  value,
  // the source port
  output wire        rd_valid,
  output wire [31:0] rd_addr,
  input  wire        rd_ready,
  input  wire        rd_rvalid,
  input  wire [31:0] rd_rdata,
  // the destination port
  output wire        wr_valid,
  output wire [31:0] wr_addr,
  output wire [31:0] wr_wdata,
  output wire [3:0]  wr_wstrb,
  input  wire        wr_ready,
  output wire        done
);

  localparam integer CW = $clog2(DEPTH + 1);
  localparam [CW:0] LIMIT = DEPTH[CW:0];
  localparam [CW-1:0] NONE = {CW{1'b0}};

  reg  [31:0]   wr_off_q;  // byte offset of the next write
  reg  [31:0]   rd_off_q;  // byte offset of the next read
  reg  [CW-1:0] flight_q;  // reads issued, not yet answered
  wire [CW-1:0] held;      // read words waiting for their write
  wire [31:0]   head;      // the oldest of them
  wire          is_fill = fill || COPY == 0;

  // The element at byte offset OFF of the walk (forward from the start, or backward from the
  // end) is a word where both sides are word aligned there and a word remains, else a byte.
  // Reads and writes decide alike, each at its own offset.
  wire [31:0] wr_try = back ? len - wr_off_q - 32'd4 : wr_off_q;
  wire [31:0] rd_try = back ? len - rd_off_q - 32'd4 : rd_off_q;
  wire wr_word = ((dst[1:0] + wr_try[1:0]) | (is_fill ? 2'd0 : src[1:0] + wr_try[1:0])) == 2'd0 &&
                 wr_off_q + 32'd4 <= len;
  wire rd_word = ((dst[1:0] + rd_try[1:0]) | (src[1:0] + rd_try[1:0])) == 2'd0 &&
                 rd_off_q + 32'd4 <= len;
  wire [31:0] wr_pos = wr_word || !back ? wr_try : len - wr_off_q - 32'd1;
  wire [31:0] rd_pos = rd_word || !back ? rd_try : len - rd_off_q - 32'd1;

  wire [31:0] wr_at = dst + wr_pos;  // destination of the element being written
  wire [31:0] rd_at = src + rd_pos;  // source of the next read (its word: the lanes are rd_word's)
  wire [1:0]  wr_src = src[1:0] + wr_pos[1:0];  // its source's byte lane
  wire [7:0]  wr_byte = is_fill ? value : head[{wr_src, 3'b000} +: 8];
  wire [31:0] wr_next = wr_off_q + (wr_word ? 32'd4 : 32'd1);

  wire rd_go = rd_valid && rd_ready;
  wire wr_go = wr_valid && wr_ready;
  wire push = run && !is_fill && rd_rvalid;
  wire pop = wr_go && !is_fill;
  wire last = wr_next >= len;
  wire empty = len == 32'd0;  // a run-time length may be zero: done at once, nothing moved

  assign rd_valid = run && !is_fill && rd_off_q < len &&
                    {1'b0, flight_q} + {1'b0, held} < LIMIT &&
                    !(same_port && held != NONE);
  assign rd_addr = {rd_at[31:2], 2'b00};
  wire unused_rd_lanes = ^rd_at[1:0];
  assign wr_valid = run && !empty && (is_fill || held != NONE);
  assign wr_addr = {wr_at[31:2], 2'b00};
  assign wr_wdata = !wr_word ? {24'd0, wr_byte} << {wr_at[1:0], 3'b000} :
                    is_fill  ? {4{value}} : head;
  assign wr_wstrb = wr_word ? 4'hf : 4'b0001 << wr_at[1:0];
  assign done = (run && empty) || (wr_go && last);

  always @(posedge clk) begin
    if (!rst_n) begin
      wr_off_q <= 32'd0;
      rd_off_q <= 32'd0;
      flight_q <= NONE;
    end else begin
      if (wr_go) wr_off_q <= last ? 32'd0 : wr_next;
      flight_q <= flight_q + {NONE[CW-1:1], rd_go} - {NONE[CW-1:1], push};
      if (done) rd_off_q <= 32'd0;
      else if (rd_go) rd_off_q <= rd_off_q + (rd_word ? 32'd4 : 32'd1);
    end
  end

  generate
    if (COPY != 0) begin : g_queue
      // The queue never fills: reads are issued only while in flight plus held stays below DEPTH.
      wire unused_full;
      kiln_fifo #(.W(32), .DEPTH(DEPTH)) u_q (
        .clk(clk), .rst_n(rst_n), .push(push), .din(rd_rdata), .pop(pop),
        .head(head), .count(held), .full(unused_full)
      );
    end else begin : g_no_queue
      assign head = 32'd0;
      assign held = NONE;
      wire unused_rd = ^{fill, same_port, src, rd_ready, rd_rvalid, rd_rdata, rd_word, rd_go, push,
                         pop, wr_src, head};
    end
  endgenerate

endmodule

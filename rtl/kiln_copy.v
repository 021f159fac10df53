// SPDX-License-Identifier: Apache-2.0
// The copy engine of a kernel's memcpy/memset loops: one per kernel, shared by all its copy
// loops the way a divider is shared by every division of its width. The controller runs one loop
// at a time and holds `run` through its state, choosing `len`, `dst`, `src` and `value` for it,
// and whether each side's port has 64-bit words (`rd_wide`, `wr_wide`; module ports and most
// memories have 32-bit words). The engine moves an element a cycle: a word where both sides are
// aligned to it there and a word remains, else a byte. A word is as wide as the narrower port's
// word, so that a copy between two 64-bit memories moves 8 bytes a cycle. A memcpy keeps up to
// DEPTH reads ahead of its writes, the port words read waiting in a queue; on one shared port
// (`same_port`) a pending write goes first; on one memory read through a second port
// (`two_port`) a read waits while its word is written (a block RAM leaves that read's data
// open); a memmove onto a higher address of one memory (`back`) walks from the end. `done`
// marks the cycle whose write ends the loop, and leaves the counters at zero for the next one.
// Addresses are byte addresses; the ports take addresses aligned to their word, data in the
// lanes of the addressed bytes, and byte strobes. START_REG = 1: a loop's first cycle only takes
// its length into the engine's registers, so that nothing after it depends on `len` (which the
// kernel's state selects) in the same cycle: a cycle per loop, for a shorter path on slow fabrics.
module kiln_copy #(
  parameter integer DEPTH = 4,  // reads a memcpy keeps in flight or queued
  parameter integer COPY  = 1,  // 0: the kernel has memsets only, no read side
  parameter integer WB    = 4,  // bytes of the widest port word (4 or 8)
  parameter integer START_REG = 0,
  parameter integer LB    = 32  // bits of the longest length the kernel's copy loops may have
) (
  input  wire            clk,
  input  wire            rst_n,
  input  wire            run,        // a copy loop's state
  input  wire            fill,       // memset: write `value` bytes, read nothing
  input  wire            same_port,  // source and destination share one memory port
  input  wire            two_port,   // one memory, read on its second port
  input  wire            back,       // memmove to a higher address of the same memory: from the end
  input  wire            rd_wide,    // the source port's words are 8 bytes (else 4)
  input  wire            wr_wide,    // the destination port's words are 8 bytes (else 4)
  input  wire [31:0]     len,        // bytes
  input  wire [31:0]     dst,
  input  wire [31:0]     src,
  input  wire [7:0]      value,
  // the source port
  output wire            rd_valid,
  output wire [31:0]     rd_addr,
  input  wire            rd_ready,
  input  wire            rd_rvalid,
  input  wire [8*WB-1:0] rd_rdata,   // a 4-byte port's word in the low lanes
  // the destination port
  output wire            wr_valid,
  output wire [31:0]     wr_addr,
  output wire [8*WB-1:0] wr_wdata,   // a 4-byte port takes the low lanes
  output wire [WB-1:0]   wr_wstrb,
  input  wire            wr_ready,
  output wire            done
);

  localparam integer W = 8 * WB;
  localparam integer CW = $clog2(DEPTH + 1);
  localparam [CW:0] LIMIT = DEPTH[CW:0];
  localparam [CW-1:0] NONE = {CW{1'b0}};

  reg  [31:0]   wr_off_q;  // byte offset of the next write
  reg  [31:0]   rd_off_q;  // byte offset of the next read
  // Bytes each side has left, beside its offset, so that whether a word remains and whether this
  // write is the last are tests of a register against 1, 4 or 8, not sums and compares of 32 bits
  // chained into the ports' valid signals and the kernel's state (the iCE40's slowest path). Their
  // registers hold it from a side's first element on; before it, the length is what is left.
  // Only LB bits of a length: the compiler proves no copy loop longer, and the bits above stay
  // zero, registers whose input is constant, which synthesis removes with the width of every test
  // on them.
  localparam [31:0] LMASK = LB >= 32 ? 32'hffffffff : (32'd1 << LB) - 32'd1;
  wire [31:0]   len_m = len & LMASK;
  reg  [31:0]   wr_rem_q;
  reg  [31:0]   rd_rem_q;
  reg           wr_on_q;
  reg           rd_on_q;
  reg  [CW-1:0] flight_q;  // reads issued, not yet answered
  wire [CW-1:0] held;      // read port words waiting for their write
  wire [W-1:0]  head;      // the oldest of them
  wire          is_fill = fill || COPY == 0;

  // The loop's word: 8 bytes where both ports have 8-byte words (a memset: its destination's).
  wire        wide = WB == 8 && wr_wide && (is_fill || rd_wide);
  wire [31:0] step = wide ? 32'd8 : 32'd4;
  wire [2:0]  align = wide ? 3'd7 : 3'd3;  // low address bits a word leaves zero

  // The element at byte offset OFF of the walk (forward from the start, or backward from the
  // end) is a word where both sides are word aligned there and a word remains, else a byte.
  // Reads and writes decide alike, each at its own offset.
  // With START_REG the registers hold the length from the loop's second cycle on (`go`).
  reg         start_q;  // START_REG: the length is in the registers
  reg         empty_q;
  wire        go = run && (START_REG == 0 || start_q);
  wire [31:0] wr_rem = wr_on_q || START_REG != 0 ? wr_rem_q : len_m;
  wire [31:0] rd_rem = rd_on_q || START_REG != 0 ? rd_rem_q : len_m;
  // A word remains: at least `step` (4 or 8) bytes.
  wire wr_room = wr_rem[31:4] != 28'd0 || wr_rem[3:0] >= step[3:0];
  wire rd_room = rd_rem[31:4] != 28'd0 || rd_rem[3:0] >= step[3:0];
  wire [31:0] wr_try = back ? wr_rem - step : wr_off_q;
  wire [31:0] rd_try = back ? rd_rem - step : rd_off_q;
  wire [2:0]  wr_mis = (dst[2:0] + wr_try[2:0]) | (is_fill ? 3'd0 : src[2:0] + wr_try[2:0]);
  wire [2:0]  rd_mis = (dst[2:0] + rd_try[2:0]) | (src[2:0] + rd_try[2:0]);
  wire wr_word = (wr_mis & align) == 3'd0 && wr_room;
  wire rd_word = (rd_mis & align) == 3'd0 && rd_room;
  wire [31:0] wr_pos = wr_word || !back ? wr_try : wr_rem - 32'd1;
  wire [31:0] rd_pos = rd_word || !back ? rd_try : rd_rem - 32'd1;
  wire [31:0] wr_size = wr_word ? step : 32'd1;
  wire [31:0] rd_size = rd_word ? step : 32'd1;

  wire [31:0] wr_at = dst + wr_pos;  // destination of the element being written
  wire [2:0]  wr_from = src[2:0] + wr_pos[2:0];  // and its source's lanes
  wire [31:0] rd_at = src + rd_pos;  // source of the next read (its port word)
  // Byte lanes within a port's word: three address bits on an 8-byte port, two on a 4-byte one.
  wire [2:0]  rd_lanes = rd_wide ? 3'd7 : 3'd3;
  wire [2:0]  wr_lanes = wr_wide ? 3'd7 : 3'd3;
  wire [2:0]  from_lane = wr_from & rd_lanes;
  wire [2:0]  to_lane = wr_at[2:0] & wr_lanes;
  wire [63:0] head64 = {{(64 - W){1'b0}}, head};
  wire [63:0] elem = is_fill ? {8{value}} : head64 >> {from_lane, 3'b000};
  wire [63:0] wdata64 = elem << {to_lane, 3'b000};
  wire [7:0]  strb_elem = wr_word ? (wide ? 8'hff : 8'h0f) : 8'h01;
  wire [15:0] wstrb16 = {8'd0, strb_elem} << to_lane;
  wire [31:0] wr_next = wr_off_q + wr_size;

  wire rd_go = rd_valid && rd_ready;
  wire wr_go = wr_valid && wr_ready;
  wire push = go && !is_fill && rd_rvalid;
  wire pop = wr_go && !is_fill;
  // this element is all that is left: what remains is no more than its size (1, 4 or 8)
  wire last = wr_rem[31:4] == 28'd0 && wr_rem[3:0] <= wr_size[3:0];
  // a run-time length may be zero: done at once, nothing moved
  wire empty = START_REG != 0 ? empty_q : len_m == 32'd0;

  assign rd_valid = go && !is_fill && rd_rem != 32'd0 &&
                    {1'b0, flight_q} + {1'b0, held} < LIMIT &&
                    !(same_port && held != NONE) &&
                    !(two_port && wr_valid && rd_addr == wr_addr);
  assign rd_addr = {rd_at[31:3], rd_at[2] & !rd_wide, 2'b00};
  assign wr_valid = go && !empty && (is_fill || held != NONE);
  assign wr_addr = {wr_at[31:3], wr_at[2] & !wr_wide, 2'b00};
  assign wr_wdata = wdata64[W-1:0];
  assign wr_wstrb = wstrb16[WB-1:0];
  assign done = (go && empty) || (wr_go && last);
  // Bits no port of this width reads: the upper lanes of a 4-byte engine, a strobe carried past
  // the word (never: writes stay within it), the byte offsets within the read word.
  wire unused_bits = ^{rd_at[1:0], wdata64, wstrb16, wr_size[31:4]};

  always @(posedge clk) begin
    if (!rst_n) begin
      wr_off_q <= 32'd0;
      rd_off_q <= 32'd0;
      wr_on_q <= 1'b0;
      rd_on_q <= 1'b0;
      flight_q <= NONE;
    end else begin
      if (wr_go) begin
        wr_off_q <= last ? 32'd0 : wr_next;
        wr_on_q <= !last;
      end
      flight_q <= flight_q + {NONE[CW-1:1], rd_go} - {NONE[CW-1:1], push};
      if (done) begin
        rd_off_q <= 32'd0;
        rd_on_q <= 1'b0;
      end else if (rd_go) begin
        rd_off_q <= rd_off_q + rd_size;
        rd_on_q <= 1'b1;
      end
    end
  end
  // What is left needs no reset: it is read only once its side has begun (or, with START_REG,
  // once the loop's first cycle has loaded it).
  always @(posedge clk) begin
    if (START_REG != 0 && run && !start_q) begin
      wr_rem_q <= len_m;
      rd_rem_q <= len_m;
      empty_q <= len_m == 32'd0;
    end else begin
      if (wr_go) wr_rem_q <= (wr_rem - wr_size) & LMASK;
      if (rd_go) rd_rem_q <= (rd_rem - rd_size) & LMASK;
    end
  end

  always @(posedge clk) begin
    if (!rst_n || START_REG == 0) start_q <= 1'b0;
    else start_q <= run && !done;
  end

  generate
    if (COPY != 0) begin : g_queue
      // The queue never fills: reads are issued only while in flight plus held stays below DEPTH.
      wire unused_full;
      kiln_fifo #(.W(W), .DEPTH(DEPTH)) u_q (
        .clk(clk), .rst_n(rst_n), .push(push), .din(rd_rdata), .pop(pop),
        .head(head), .count(held), .full(unused_full)
      );
    end else begin : g_no_queue
      assign head = {W{1'b0}};
      assign held = NONE;
      wire unused_rd = ^{fill, same_port, two_port, src, rd_ready, rd_rvalid, rd_rdata, rd_word,
                         rd_go, push, pop, rd_wide, head};
    end
  endgenerate

endmodule

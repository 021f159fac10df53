// SPDX-License-Identifier: Apache-2.0
// The copy engine of a kernel's memcpy/memset loops: one per kernel, shared by all its copy
// loops the way a divider is shared by every division of its width. The controller runs one loop
// at a time and holds `run` through its state, choosing `len`, `dst`, `src` and `value` for it,
// and whether each side's port has 64-bit words (`rd_wide`, `wr_wide`; module ports and most
// memories have 32-bit words). A loop moves data in chunks: 8 bytes where both ports have 64-bit
// words, else 4. Reads fetch the source's chunks whole, one a cycle, whatever the alignment; each
// write fills the rest of a destination chunk (byte strobes for a part), taking its bytes from
// the oldest chunk read and, where source and destination are aligned differently, the one after
// it through a funnel shift. So any copy moves a chunk a cycle, plus a part chunk at either end.
// A memcpy keeps up to DEPTH reads ahead of its writes, the port words read waiting in a queue; on
// one shared port (`same_port`) a pending write goes first; on one memory read through a second
// port (`two_port`) a read waits while its word is written (a block RAM leaves that read's data
// open); a memmove onto a higher address of one memory (`back`) walks from the end. `done` marks
// the cycle whose write ends the loop, and leaves the counters and the queue empty for the next
// one. Addresses are byte addresses; the ports take addresses aligned to their word, data in the
// lanes of the addressed bytes, and byte strobes. START_REG = 1: a loop's first cycle only takes
// its length into the engine's registers, so that nothing after it depends on `len` (which the
// kernel's state selects) in the same cycle: a cycle per loop, for a shorter path on slow fabrics.
module kiln_copy #(
  parameter integer DEPTH = 4,  // reads a memcpy keeps in flight or queued (at least 2)
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
  localparam [CW-1:0] ONE = {{(CW - 1){1'b0}}, 1'b1};

  reg  [31:0]   wr_off_q;  // forward: byte offset of the next write
  reg  [31:0]   rd_off_q;  // forward: byte offset of the first byte no read has fetched
  // Bytes each side has left, beside its offset, so that whether a chunk remains and whether this
  // write is the last are tests of a register against 1 to 8, not sums and compares of 32 bits
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
  reg  [CW-1:0] held_q;    // read port words waiting for their writes
  wire [W-1:0]  head;      // the oldest of them
  wire [W-1:0]  next;      // and the one after it
  wire          is_fill = fill || COPY == 0;

  // The loop's chunk: 8 bytes where both ports have 8-byte words (a memset: its destination's).
  wire       wide = WB == 8 && wr_wide && (is_fill || rd_wide);
  wire [3:0] step = wide ? 4'd8 : 4'd4;
  wire [2:0] align = wide ? 3'd7 : 3'd3;  // low address bits a chunk leaves zero

  // With START_REG the registers hold the length from the loop's second cycle on (`go`).
  reg         start_q;  // START_REG: the length is in the registers
  reg         empty_q;
  wire        go = run && (START_REG == 0 || start_q);
  wire [31:0] wr_rem = wr_on_q || START_REG != 0 ? wr_rem_q : len_m;
  wire [31:0] rd_rem = rd_on_q || START_REG != 0 ? rd_rem_q : len_m;

  // The write: the rest of the destination chunk at the walk's front (forward: from its first
  // unwritten byte up; backward: from its last unwritten byte down), or what is left if less.
  wire [31:0] wr_front = dst + (back ? wr_rem - 32'd1 : wr_off_q);
  wire [2:0]  wr_in = wr_front[2:0] & align;  // the front byte's place in its chunk
  wire [3:0]  wr_room = back ? {1'b0, wr_in} + 4'd1 : step - {1'b0, wr_in};
  wire        last = wr_rem[31:4] == 28'd0 && wr_rem[3:0] <= wr_room;
  wire [3:0]  wr_size = last ? wr_rem[3:0] : wr_room;
  wire [2:0]  wr_low = back ? wr_front[2:0] - (wr_size[2:0] - 3'd1) : wr_front[2:0];
  // Its source bytes start at src + (its offset): a place `src_in` in a source chunk; when they
  // run past that chunk's end they straddle two.
  wire [2:0]  off_low = back ? wr_rem[2:0] - wr_size[2:0] : wr_off_q[2:0];
  wire [2:0]  src_low = src[2:0] + off_low;
  wire [2:0]  src_in = src_low & align;
  wire [3:0]  src_end = {1'b0, src_in} + wr_size;
  wire        straddle = !is_fill && src_end > step;
  // Forward, `head` is the chunk of the write's first source byte and `next` the one above;
  // backward, `head` is that of its last byte, and `next` the one below when it straddles. A
  // chunk is done with once a write has taken its last byte in the walk's order.
  wire        used_up = back ? straddle || src_in == 3'd0 : src_end >= step;

  // The source bytes: the two chunks side by side, low addresses first, shifted to the write's
  // first byte. A 4-byte chunk read through an 8-byte port sits in the half its address says.
  wire [63:0] head64 = {{(64 - W){1'b0}}, head};
  wire [63:0] next64 = {{(64 - W){1'b0}}, next};
  wire [63:0] lo_word = back && straddle ? next64 : head64;
  wire [63:0] hi_word = back ? head64 : next64;
  wire        half = !wide && rd_wide;
  wire [63:0] lo_chunk = half && src_low[2] ? {32'd0, lo_word[63:32]} : lo_word;
  wire [63:0] hi_chunk = half && !src_low[2] ? {32'd0, hi_word[63:32]} : hi_word;
  wire [127:0] pair = wide ? {hi_chunk, lo_chunk} : {64'd0, hi_chunk[31:0], lo_chunk[31:0]};
  wire [127:0] bytes = pair >> {src_in, 3'b000};
  wire [63:0] elem = is_fill ? {8{value}} : bytes[63:0];
  // Byte lanes within a destination port word: three address bits on an 8-byte port, two on a
  // 4-byte one.
  wire [2:0]  to_lane = wr_low & (wr_wide ? 3'd7 : 3'd3);
  wire [63:0] wdata64 = elem << {to_lane, 3'b000};
  wire [7:0]  strb_elem = ~(8'hff << wr_size);
  wire [15:0] wstrb16 = {8'd0, strb_elem} << to_lane;

  // The read: the source chunk at the read side's front, from the byte it has reached up to the
  // chunk's end (forward) or down to its start (backward).
  wire [31:0] rd_front = src + (back ? rd_rem - 32'd1 : rd_off_q);
  wire [2:0]  rd_in = rd_front[2:0] & align;
  wire [3:0]  rd_cover = back ? {1'b0, rd_in} + 4'd1 : step - {1'b0, rd_in};
  wire [32:0] rd_left = {1'b0, rd_rem} - {29'd0, rd_cover};  // below zero: the last chunk

  wire rd_go = rd_valid && rd_ready;
  wire wr_go = wr_valid && wr_ready;
  wire push = go && !is_fill && rd_rvalid;
  wire pop = wr_go && !is_fill && used_up;
  // a run-time length may be zero: done at once, nothing moved
  wire empty = START_REG != 0 ? empty_q : len_m == 32'd0;

  assign rd_valid = go && !is_fill && rd_rem != 32'd0 &&
                    {1'b0, flight_q} + {1'b0, held_q} < LIMIT &&
                    !(same_port && wr_valid) &&
                    !(two_port && wr_valid && rd_addr == wr_addr);
  assign rd_addr = {rd_front[31:3], rd_front[2] & !rd_wide, 2'b00};
  assign wr_valid = go && !empty && (is_fill || (straddle ? held_q > ONE : held_q != NONE));
  assign wr_addr = {wr_front[31:3], wr_front[2] & !wr_wide, 2'b00};
  assign wr_wdata = wdata64[W-1:0];
  assign wr_wstrb = wstrb16[WB-1:0];
  assign done = (go && empty) || (wr_go && last);
  // Bits no port of this width reads: the upper lanes of a 4-byte engine, a strobe carried past
  // the word (never: writes stay within a chunk), the byte offsets within the read word, the
  // upper half of the pair of 4-byte chunks once shifted.
  wire unused_bits = ^{rd_front[1:0], wdata64, wstrb16, bytes[127:64]};

  always @(posedge clk) begin
    if (!rst_n) begin
      wr_off_q <= 32'd0;
      rd_off_q <= 32'd0;
      wr_on_q <= 1'b0;
      rd_on_q <= 1'b0;
      flight_q <= NONE;
    end else begin
      if (wr_go) begin
        wr_off_q <= last ? 32'd0 : wr_off_q + {28'd0, wr_size};
        wr_on_q <= !last;
      end
      flight_q <= flight_q + {NONE[CW-1:1], rd_go} - {NONE[CW-1:1], push};
      if (done) begin
        rd_off_q <= 32'd0;
        rd_on_q <= 1'b0;
      end else if (rd_go) begin
        rd_off_q <= rd_off_q + {28'd0, rd_cover};
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
      if (wr_go) wr_rem_q <= (wr_rem - {28'd0, wr_size}) & LMASK;
      if (rd_go) rd_rem_q <= rd_left[32] ? 32'd0 : rd_left[31:0];
    end
  end

  always @(posedge clk) begin
    if (!rst_n || START_REG == 0) start_q <= 1'b0;
    else start_q <= run && !done;
  end

  // Words held: a memset pushes and pops none. `done` empties the queue (below).
  always @(posedge clk) begin
    if (!rst_n || done) held_q <= NONE;
    else held_q <= held_q + {NONE[CW-1:1], push} - {NONE[CW-1:1], pop};
  end

  // The queue of port words read ahead, a shift register with the oldest at entry 0. It never
  // fills: reads are issued only while in flight plus held stays below DEPTH. `done` empties it:
  // the loop's last write may leave a chunk it used only in part.
  generate
    if (COPY != 0) begin : g_queue
      reg [DEPTH*W-1:0] q_q;
      wire [CW-1:0] at = held_q - {NONE[CW-1:1], pop};  // where a word pushed now lands
      integer i;
      always @(posedge clk) begin
        for (i = 0; i < DEPTH; i = i + 1) begin
          if (push && at == i[CW-1:0]) q_q[i*W +: W] <= rd_rdata;
          else if (pop && i + 1 < DEPTH) q_q[i*W +: W] <= q_q[((i + 1) % DEPTH)*W +: W];
        end
      end
      assign head = q_q[W-1:0];
      assign next = q_q[W +: W];
    end else begin : g_no_queue
      assign head = {W{1'b0}};
      assign next = {W{1'b0}};
      wire unused_rd = ^{fill, same_port, two_port, src, rd_ready, rd_rvalid, rd_rdata, rd_go,
                         push, pop, rd_wide, head, next, rd_left, rd_off_q, rd_on_q};
    end
  endgenerate

endmodule

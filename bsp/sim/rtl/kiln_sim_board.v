// SPDX-License-Identifier: Apache-2.0
// Kiln simulated board: the shell (bsp/common/rtl/kiln_shell.v) around one generated image, with
// device memory as a word array. The memory answers reads after a fixed latency and deliberately
// pushes back on a fixed period, so that every kernel is exercised against back-pressure, not only
// against an always-ready memory.

module kiln_sim_board #(
  // DEVMEM_BYTES: device memory size, a multiple of 4 below 2 GiB. MEM_LATENCY: its read latency in
  // cycles, at least 1. BP_PERIOD: mem_ready drops one cycle in every BP_PERIOD (below 2: never).
  parameter integer      DEVMEM_BYTES  = 33554432,
  parameter integer      MEM_LATENCY   = 4,
  parameter integer      BP_PERIOD     = 7,
  parameter [31:0]       BOARD_ID      = 32'h5349_4D00, // "SIM\0", configs/boards/sim.json
  // The hash the image's ID block reports: kiln-cc passes the image's own (build-model -G).
  parameter [31:0]       IMAGE_HASH_LO = 32'd0,
  parameter [31:0]       IMAGE_HASH_HI = 32'd0
) (
  input  wire        clk,
  input  wire        rst_n,

  // Host bridge (same protocol as the contract's image MMIO bus)
  input  wire        host_valid,
  output wire        host_ready,
  input  wire        host_write,
  input  wire [31:0] host_addr,
  input  wire [31:0] host_wdata,
  input  wire [3:0]  host_wstrb,
  output wire        host_rsp_valid,
  output wire [31:0] host_rsp_rdata,
  output wire        host_rsp_err,

  output wire        irq
);

  localparam integer DEVMEM_WORDS = DEVMEM_BYTES / 4;
  localparam integer AW           = (DEVMEM_WORDS > 1) ? $clog2(DEVMEM_WORDS) : 1;

  wire        mem_valid;
  reg         mem_ready;
  wire        mem_write;
  wire [31:0] mem_addr;
  wire [31:0] mem_wdata;
  wire [3:0]  mem_wstrb;
  wire [1:0]  mem_tag;
  wire        mem_rvalid;
  wire [31:0] mem_rdata;
  wire [1:0]  mem_rtag;

  kiln_shell #(
    .DEVMEM_BYTES  (DEVMEM_BYTES),
    .BOARD_ID      (BOARD_ID),
    .IMAGE_HASH_LO (IMAGE_HASH_LO),
    .IMAGE_HASH_HI (IMAGE_HASH_HI)
  ) u_shell (
    .clk            (clk),
    .rst_n          (rst_n),
    .host_valid     (host_valid),
    .host_ready     (host_ready),
    .host_write     (host_write),
    .host_addr      (host_addr),
    .host_wdata     (host_wdata),
    .host_wstrb     (host_wstrb),
    .host_rsp_valid (host_rsp_valid),
    .host_rsp_rdata (host_rsp_rdata),
    .host_rsp_err   (host_rsp_err),
    .irq            (irq),
    .mem_valid      (mem_valid),
    .mem_ready      (mem_ready),
    .mem_write      (mem_write),
    .mem_addr       (mem_addr),
    .mem_wdata      (mem_wdata),
    .mem_wstrb      (mem_wstrb),
    .mem_tag        (mem_tag),
    .mem_rvalid     (mem_rvalid),
    .mem_rdata      (mem_rdata),
    .mem_rtag       (mem_rtag)
  );

  // Back-pressure: a free-running counter drops ready for one cycle per period. The period is odd
  // by default so the stall walks across the phases of short request loops instead of always
  // hitting the same one.
  generate
    if (BP_PERIOD > 1) begin : g_bp
      localparam integer BPW = $clog2(BP_PERIOD);
      localparam [31:0]    BP_LAST_U = BP_PERIOD - 1;
      localparam [BPW-1:0] BP_LAST   = BP_LAST_U[BPW-1:0];
      reg [BPW-1:0] bp_cnt_q;
      always @(posedge clk) begin
        if (!rst_n) begin
          bp_cnt_q <= {BPW{1'b0}};
        end else if (bp_cnt_q == BP_LAST) begin
          bp_cnt_q <= {BPW{1'b0}};
        end else begin
          bp_cnt_q <= bp_cnt_q + 1'b1;
        end
      end
      always @* mem_ready = (bp_cnt_q != BP_LAST);
    end else begin : g_no_bp
      always @* mem_ready = 1'b1;
    end
  endgenerate

  // The offset of an access the shell found out of range may lie beyond the array: it is taken
  // modulo the array (no byte enables, and the shell answers its read with zeros).
  wire [AW-1:0] idx = mem_addr[AW+1:2];
  // Bits of the offset above the array's index and the byte lane: the shell has checked them.
  wire          unused_addr = ^{mem_addr[31:AW+2], mem_addr[1:0]};
  wire          take = mem_valid && mem_ready;

  reg [31:0] mem [0:DEVMEM_WORDS-1];
  reg [31:0] rd_word_q;

  always @(posedge clk) begin
    if (take && mem_write) begin
      if (mem_wstrb[0]) mem[idx][7:0]   <= mem_wdata[7:0];
      if (mem_wstrb[1]) mem[idx][15:8]  <= mem_wdata[15:8];
      if (mem_wstrb[2]) mem[idx][23:16] <= mem_wdata[23:16];
      if (mem_wstrb[3]) mem[idx][31:24] <= mem_wdata[31:24];
    end
  end

  always @(posedge clk) begin
    rd_word_q <= mem[idx];
  end

  // Read pipeline: stage 0 is the RAM output register, the rest only delay. Responses leave in
  // request order. Bit k of these is the state of a read accepted k cycles ago; bit 0 is the
  // request of this cycle.
  reg  [MEM_LATENCY:1]     pipe_valid_q;
  reg  [2*MEM_LATENCY:1]   pipe_tag_q;
  wire [MEM_LATENCY:0]     pipe_valid_in = {pipe_valid_q, take && !mem_write};
  wire [2*MEM_LATENCY+1:0] pipe_tag_in   = {pipe_tag_q, mem_tag};
  // The oldest input bits shift out; named so lint knows they are dropped on purpose.
  wire                     unused_pipe_top = ^{pipe_valid_in[MEM_LATENCY],
                                               pipe_tag_in[2*MEM_LATENCY+1:2*MEM_LATENCY]};

  always @(posedge clk) begin
    if (!rst_n) begin
      pipe_valid_q <= {MEM_LATENCY{1'b0}};
      pipe_tag_q   <= {2*MEM_LATENCY{1'b0}};
    end else begin
      pipe_valid_q <= pipe_valid_in[MEM_LATENCY-1:0];
      pipe_tag_q   <= pipe_tag_in[2*MEM_LATENCY-1:0];
    end
  end

  assign mem_rvalid = pipe_valid_q[MEM_LATENCY];
  assign mem_rtag   = pipe_tag_q[2*MEM_LATENCY:2*MEM_LATENCY-1];

  generate
    if (MEM_LATENCY == 1) begin : g_lat1
      assign mem_rdata = rd_word_q;
    end else begin : g_latn
      // Data registers carry no reset: only the valid bits need one. Stage k sits in bits
      // [32k-1:32k-32].
      localparam integer DW = 32 * (MEM_LATENCY - 1);
      reg  [DW-1:0]    data_q;
      wire [DW+31:0]   data_in = {data_q, rd_word_q};
      wire [31:0]      unused_data_top = data_in[DW+31:DW];
      always @(posedge clk) begin
        data_q <= data_in[DW-1:0];
      end
      assign mem_rdata = data_q[DW-1:DW-32];
    end
  endgenerate

endmodule

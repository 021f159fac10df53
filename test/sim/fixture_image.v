// SPDX-License-Identifier: Apache-2.0
// Hand-written stand-in for a generated image (module kiln_image, docs/hardware-contract.md), used to test
// the sim board without the compiler. It has the ID block, one kernel at 0x100 that copies ARG2 words from
// device memory address ARG0 to ARG1 one word at a time through the mem port, and a scratch register at 0x20.

// The module name is fixed by the contract, the file name by the test suite.
/* verilator lint_off DECLFILENAME */
module kiln_image #(
  parameter [31:0] IMAGE_HASH_LO = 32'h89AB_CDEF,
  parameter [31:0] IMAGE_HASH_HI = 32'h0123_4567
) (
  input  wire        clk,
  input  wire        rst_n,

  input  wire        mmio_valid,
  output wire        mmio_ready,
  input  wire        mmio_write,
  input  wire [31:0] mmio_addr,
  input  wire [31:0] mmio_wdata,
  input  wire [3:0]  mmio_wstrb,
  output reg         mmio_rsp_valid,
  output reg  [31:0] mmio_rsp_rdata,
  output reg         mmio_rsp_err,

  output reg         mem_valid,
  input  wire        mem_ready,
  output reg         mem_write,
  output reg  [31:0] mem_addr,
  output reg  [31:0] mem_wdata,
  output wire [3:0]  mem_wstrb,
  input  wire        mem_rvalid,
  input  wire [31:0] mem_rdata,

  output wire        irq
);

  // The ID block and the kernel block's layout (host/common/contract.h).
  `include "kiln_contract.vh"

  // The one kernel's block follows the ID block; its arguments follow its control registers.
  localparam [31:0] K_BASE   = KILN_IMAGE_ID_BYTES;
  localparam [31:0] ARG_BASE = K_BASE + KILN_KERNEL_CTRL_BYTES;
  localparam [31:0] CTRL     = K_BASE + KILN_KERNEL_CTRL;
  localparam [31:0] CYC_LO   = K_BASE + KILN_KERNEL_CYCLES_LO;
  localparam [31:0] CYC_HI   = K_BASE + KILN_KERNEL_CYCLES_HI;
  localparam [31:0] ARG1     = ARG_BASE + KILN_KERNEL_ARG_BYTES;
  localparam [31:0] ARG2     = ARG_BASE + 2 * KILN_KERNEL_ARG_BYTES;

  localparam [11:0] R_IMG_MAGIC  = KILN_IMG_MAGIC[11:0];
  localparam [11:0] R_LAYOUT     = KILN_IMG_LAYOUT_VERSION[11:0];
  localparam [11:0] R_HASH_LO    = KILN_IMG_HASH_LO[11:0];
  localparam [11:0] R_HASH_HI    = KILN_IMG_HASH_HI[11:0];
  localparam [11:0] R_NUM_KERN   = KILN_IMG_NUM_KERNELS[11:0];
  localparam [11:0] R_IRQ_STATUS = KILN_IMG_IRQ_STATUS[11:0];
  localparam [11:0] R_IRQ_ENABLE = KILN_IMG_IRQ_ENABLE[11:0];
  localparam [11:0] R_SCRATCH    = 12'h020; // the fixture's own, in the ID block's free space
  localparam [11:0] R_CTRL       = CTRL[11:0];
  localparam [11:0] R_CYCLES_LO  = CYC_LO[11:0];
  localparam [11:0] R_CYCLES_HI  = CYC_HI[11:0];
  localparam [11:0] R_ARG0_LO    = ARG_BASE[11:0];
  localparam [11:0] R_ARG0_HI    = ARG_BASE[11:0] + 12'd4;
  localparam [11:0] R_ARG1_LO    = ARG1[11:0];
  localparam [11:0] R_ARG1_HI    = ARG1[11:0] + 12'd4;
  localparam [11:0] R_ARG2_LO    = ARG2[11:0];
  localparam [11:0] R_ARG2_HI    = ARG2[11:0] + 12'd4;

  localparam [1:0] K_IDLE  = 2'd0;
  localparam [1:0] K_READ  = 2'd1; // read request out
  localparam [1:0] K_RWAIT = 2'd2; // waiting for read data
  localparam [1:0] K_WRITE = 2'd3; // write request out

  reg [31:0] scratch_q;
  reg        irq_status_q;
  reg        irq_enable_q;
  reg        done_q;
  reg [63:0] cycles_q;
  reg [63:0] arg0_q, arg1_q, arg2_q;
  reg [1:0]  k_state_q;
  reg [31:0] k_left_q;

  // The slave takes a request every cycle and answers it the next.
  assign mmio_ready = 1'b1;
  assign mem_wstrb  = 4'hF;
  assign irq        = irq_status_q && irq_enable_q;

  wire       acc      = mmio_valid;
  wire       k_idle   = (k_state_q == K_IDLE);
  // Only the low 4 KiB are decoded; anything above is unmapped.
  wire       in_page  = (mmio_addr[31:12] == 20'd0) && (mmio_addr[1:0] == 2'b00);
  wire       start    = acc && mmio_write && in_page && mmio_addr[11:0] == R_CTRL && mmio_wdata[0] && k_idle;
  // The pointers' high words are stored for the register map but the 32-bit mem port cannot use them.
  wire       unused_hi = |{arg0_q[63:32], arg1_q[63:32], arg2_q[63:32], mmio_wstrb};

  reg [31:0] rdata;
  reg        rd_ok;
  reg        wr_ok;

  always @* begin
    rdata = 32'd0;
    rd_ok = in_page;
    wr_ok = 1'b0;
    case (mmio_addr[11:0])
      R_IMG_MAGIC:  rdata = KILN_IMG_MAGIC_VALUE;
      R_LAYOUT:     rdata = 32'd1;
      R_HASH_LO:    rdata = IMAGE_HASH_LO;
      R_HASH_HI:    rdata = IMAGE_HASH_HI;
      R_NUM_KERN:   rdata = 32'd1;
      R_IRQ_STATUS: begin rdata = {31'd0, irq_status_q}; wr_ok = 1'b1; end
      R_IRQ_ENABLE: begin rdata = {31'd0, irq_enable_q}; wr_ok = 1'b1; end
      R_SCRATCH:    begin rdata = scratch_q; wr_ok = 1'b1; end
      R_CTRL:       begin rdata = {29'd0, k_idle, done_q, 1'b0}; wr_ok = 1'b1; end
      R_CYCLES_LO:  rdata = cycles_q[31:0];
      R_CYCLES_HI:  rdata = cycles_q[63:32];
      R_ARG0_LO:    begin rdata = arg0_q[31:0];  wr_ok = 1'b1; end
      R_ARG0_HI:    begin rdata = arg0_q[63:32]; wr_ok = 1'b1; end
      R_ARG1_LO:    begin rdata = arg1_q[31:0];  wr_ok = 1'b1; end
      R_ARG1_HI:    begin rdata = arg1_q[63:32]; wr_ok = 1'b1; end
      R_ARG2_LO:    begin rdata = arg2_q[31:0];  wr_ok = 1'b1; end
      R_ARG2_HI:    begin rdata = arg2_q[63:32]; wr_ok = 1'b1; end
      default:      rd_ok = 1'b0;
    endcase
    wr_ok = wr_ok && in_page;
  end

  wire ok = mmio_write ? wr_ok : rd_ok;
  wire wr = acc && mmio_write && wr_ok;

  always @(posedge clk) begin
    if (!rst_n) begin
      mmio_rsp_valid <= 1'b0;
      mmio_rsp_rdata <= 32'd0;
      mmio_rsp_err   <= 1'b0;
    end else begin
      mmio_rsp_valid <= acc;
      mmio_rsp_rdata <= (acc && !mmio_write && ok) ? rdata : 32'd0;
      mmio_rsp_err   <= acc && !ok;
    end
  end

  // Registers written by the host; the kernel's own state is below.
  always @(posedge clk) begin
    if (!rst_n) begin
      scratch_q    <= 32'd0;
      irq_enable_q <= 1'b0;
      arg0_q       <= 64'd0;
      arg1_q       <= 64'd0;
      arg2_q       <= 64'd0;
    end else if (wr) begin
      case (mmio_addr[11:0])
        R_IRQ_ENABLE: irq_enable_q   <= mmio_wdata[0];
        R_SCRATCH:    scratch_q      <= mmio_wdata;
        R_ARG0_LO:    arg0_q[31:0]   <= mmio_wdata;
        R_ARG0_HI:    arg0_q[63:32]  <= mmio_wdata;
        R_ARG1_LO:    arg1_q[31:0]   <= mmio_wdata;
        R_ARG1_HI:    arg1_q[63:32]  <= mmio_wdata;
        R_ARG2_LO:    arg2_q[31:0]   <= mmio_wdata;
        R_ARG2_HI:    arg2_q[63:32]  <= mmio_wdata;
        default: ;
      endcase
    end
  end

  // The copy engine: read one word, wait for it, write it, repeat.
  always @(posedge clk) begin
    if (!rst_n) begin
      k_state_q    <= K_IDLE;
      k_left_q     <= 32'd0;
      done_q       <= 1'b0;
      irq_status_q <= 1'b0;
      cycles_q     <= 64'd0;
      mem_valid    <= 1'b0;
      mem_write    <= 1'b0;
      mem_addr     <= 32'd0;
      mem_wdata    <= 32'd0;
    end else begin
      if (wr && mmio_addr[11:0] == R_IRQ_STATUS && mmio_wdata[0]) begin
        irq_status_q <= 1'b0;
      end
      if (!k_idle) begin
        cycles_q <= cycles_q + 64'd1;
      end
      case (k_state_q)
        K_IDLE: begin
          if (start) begin
            done_q   <= 1'b0;
            cycles_q <= 64'd0;
            k_left_q <= arg2_q[31:0];
            if (arg2_q[31:0] == 32'd0) begin
              done_q       <= 1'b1;
              irq_status_q <= 1'b1;
            end else begin
              k_state_q <= K_READ;
              mem_valid <= 1'b1;
              mem_write <= 1'b0;
              mem_addr  <= arg0_q[31:0];
            end
          end
        end
        K_READ: begin
          if (mem_ready) begin
            mem_valid <= 1'b0;
            k_state_q <= K_RWAIT;
          end
        end
        K_RWAIT: begin
          if (mem_rvalid) begin
            mem_valid <= 1'b1;
            mem_write <= 1'b1;
            mem_addr  <= arg1_q[31:0] + ((arg2_q[31:0] - k_left_q) << 2);
            mem_wdata <= mem_rdata;
            k_state_q <= K_WRITE;
          end
        end
        K_WRITE: begin
          if (mem_ready) begin
            k_left_q <= k_left_q - 32'd1;
            if (k_left_q == 32'd1) begin
              mem_valid    <= 1'b0;
              done_q       <= 1'b1;
              irq_status_q <= 1'b1;
              k_state_q    <= K_IDLE;
            end else begin
              mem_write <= 1'b0;
              mem_addr  <= arg0_q[31:0] + ((arg2_q[31:0] - k_left_q + 32'd1) << 2);
              k_state_q <= K_READ;
            end
          end
        end
        default: k_state_q <= K_IDLE;
      endcase
    end
  end

endmodule

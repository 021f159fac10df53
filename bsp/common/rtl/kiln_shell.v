// SPDX-License-Identifier: Apache-2.0
// Kiln shell: the board-independent part around one generated image (docs/hardware-contract.md,
// layout version 1), shared by every board's top: the simulated board's and the real boards'.
//
// The host bridge is an MMIO slave whose address map splits into the shell block, the image space
// and a window onto device memory. Image accesses stream: the bridge takes one a cycle while the
// image does and forwards the image's responses in order; a shell or device-memory access waits
// until the image has answered everything, and the bridge takes nothing while it runs, so that
// responses always come in request order. Device memory is the board's: the shell arbitrates the
// host window and the image's master port onto one memory port (mem_*), checks the image's
// addresses, and tells the read responses apart by the tag each read carries through the memory.

module kiln_shell #(
  // DEVMEM_BYTES: device memory size, a multiple of 4 below 2 GiB.
  parameter integer      DEVMEM_BYTES  = 33554432,
  parameter [31:0]       BOARD_ID      = 32'h5349_4D00, // the board file's board_id
  // MEM_SLICE: a register slice (kiln_skid) on the image's memory requests, for boards whose clock
  // the kernel's address logic and the arbitration do not fit together; a cycle more per request.
  parameter integer      MEM_SLICE     = 0,
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
  output reg         host_rsp_valid,
  output reg  [31:0] host_rsp_rdata,
  output reg         host_rsp_err,

  output wire        irq,

  // Device memory port: one request a cycle while mem_ready; every read is answered, in request
  // order, with the tag it carried (mem_rtag); writes are not answered. Addresses are byte offsets
  // below DEVMEM_BYTES (an out-of-range access of the image comes with no byte enables, and a read
  // of it is answered with zeros by the shell whatever the memory returns).
  output wire        mem_valid,
  input  wire        mem_ready,
  output wire        mem_write,
  output wire [31:0] mem_addr,
  output wire [31:0] mem_wdata,
  output wire [3:0]  mem_wstrb,
  output wire [1:0]  mem_tag,
  input  wire        mem_rvalid,
  input  wire [31:0] mem_rdata,
  input  wire [1:0]  mem_rtag
);

  // The address map, the shell's registers and their values (host/common/contract.h).
  `include "kiln_contract.vh"

  // 33 bits so that the size compares cleanly against any 32-bit address.
  localparam [31:0]  DEVMEM_BYTES_U = DEVMEM_BYTES;
  localparam [32:0]  DEVMEM_SIZE  = 33'd0 + DEVMEM_BYTES_U;
  // Address decode by bit slices, not by subtracting and comparing (carry chains that set a small
  // FPGA's clock): the shell block starts at 0 and the image space at a power of two, device memory
  // is the upper half of the address space, the null page is a power of two, and so is device
  // memory's size on every board but odd simulated ones, which compare.
  localparam integer IMG_BIT      = $clog2(KILN_IMAGE_BASE);
  localparam integer NULL_BIT     = $clog2(KILN_NULL_PAGE_BYTES);
  localparam integer MEM_BIT      = (DEVMEM_BYTES > 1) ? $clog2(DEVMEM_BYTES) : 1;
  localparam         MEM_POW2     = (DEVMEM_BYTES_U & (DEVMEM_BYTES_U - 32'd1)) == 32'd0;

  generate
    if (KILN_SHELL_BASE != 32'd0 || KILN_IMAGE_BASE != (32'd1 << IMG_BIT) ||
        KILN_DEVMEM_BASE[30:0] != 31'd0 || !KILN_DEVMEM_BASE[31] ||
        KILN_NULL_PAGE_BYTES != (32'd1 << NULL_BIT)) begin : g_bad
      kiln_shell_contract_bases_are_not_bit_slices u_stop ();
    end
  endgenerate

  // OFF, a byte offset into device memory, is below its size.
  function automatic in_devmem(input [31:0] off);
    in_devmem = MEM_POW2 ? ((off >> MEM_BIT) == 32'd0) : ({1'b0, off} < DEVMEM_SIZE);
  endfunction

  // Host bridge states of a shell or device-memory access (image accesses stream beside them).
  localparam [1:0] H_IDLE     = 2'd0;
  localparam [1:0] H_RSP      = 2'd1; // decode error: answer next cycle
  localparam [1:0] H_MEM_REQ  = 2'd2; // waiting for the device memory arbiter
  localparam [1:0] H_MEM_WAIT = 2'd3; // waiting for read data

  //////////////////////
  // Image instance   //
  //////////////////////

  wire        img_mmio_valid;
  wire        img_mmio_ready;
  wire        img_mmio_rsp_valid;
  wire [31:0] img_mmio_rsp_rdata;
  wire        img_mmio_rsp_err;
  // The image's memory requests as it makes them (im_*), and as the arbiter sees them (img_mem_*).
  wire        im_valid;
  wire        im_ready;
  wire        im_write;
  wire [31:0] im_addr;
  wire [31:0] im_wdata;
  wire [3:0]  im_wstrb;
  wire        img_mem_valid;
  wire        img_mem_ready;
  wire        img_mem_write;
  wire [31:0] img_mem_addr;
  wire [31:0] img_mem_wdata;
  wire [3:0]  img_mem_wstrb;
  wire        img_mem_rvalid;
  wire [31:0] img_mem_rdata;
  wire        img_irq;

  reg  [1:0]  h_state_q;
  reg         h_write_q;
  reg         img_req_q;  // an image access waits for mmio_ready
  reg  [1:0]  img_out_q;  // image accesses taken and not yet answered
  // The access's offsets into device memory and into image space, taken with it: the image's
  // subtraction works beside the decode at acceptance, not before the image's own decode.
  reg  [30:0] h_memoff_q;
  reg  [31:0] img_addr_q;
  reg  [31:0] h_wdata_q;
  reg  [3:0]  h_wstrb_q;

  kiln_image #(
    .IMAGE_HASH_LO (IMAGE_HASH_LO),
    .IMAGE_HASH_HI (IMAGE_HASH_HI)
  ) u_image (
    .clk            (clk),
    .rst_n          (rst_n),
    .mmio_valid     (img_mmio_valid),
    .mmio_ready     (img_mmio_ready),
    .mmio_write     (h_write_q),
    .mmio_addr      (img_addr_q),
    .mmio_wdata     (h_wdata_q),
    .mmio_wstrb     (h_wstrb_q),
    .mmio_rsp_valid (img_mmio_rsp_valid),
    .mmio_rsp_rdata (img_mmio_rsp_rdata),
    .mmio_rsp_err   (img_mmio_rsp_err),
    .mem_valid      (im_valid),
    .mem_ready      (im_ready),
    .mem_write      (im_write),
    .mem_addr       (im_addr),
    .mem_wdata      (im_wdata),
    .mem_wstrb      (im_wstrb),
    .mem_rvalid     (img_mem_rvalid),
    .mem_rdata      (img_mem_rdata),
    .irq            (img_irq)
  );

  generate
    if (MEM_SLICE != 0) begin : g_mem_slice
      kiln_skid #(
        .W (69)
      ) u_mem_slice (
        .clk       (clk),
        .rst_n     (rst_n),
        .in_valid  (im_valid),
        .in_ready  (im_ready),
        .in_data   ({im_write, im_addr, im_wdata, im_wstrb}),
        .out_valid (img_mem_valid),
        .out_ready (img_mem_ready),
        .out_data  ({img_mem_write, img_mem_addr, img_mem_wdata, img_mem_wstrb})
      );
    end else begin : g_mem_direct
      assign img_mem_valid = im_valid;
      assign im_ready      = img_mem_ready;
      assign img_mem_write = im_write;
      assign img_mem_addr  = im_addr;
      assign img_mem_wdata = im_wdata;
      assign img_mem_wstrb = im_wstrb;
    end
  endgenerate

  assign irq            = img_irq;
  // At most three image accesses unanswered, so that the count cannot wrap.
  assign img_mmio_valid = img_req_q && (img_out_q != 2'd3);
  wire   img_take       = img_mmio_valid && img_mmio_ready;
  wire   img_idle       = !img_req_q && (img_out_q == 2'd0);

  //////////////////////
  // Cycle counter    //
  //////////////////////

  reg [63:0] cycle_q;
  reg [31:0] cycle_hi_latch_q;

  always @(posedge clk) begin
    if (!rst_n) begin
      cycle_q <= 64'd0;
    end else begin
      cycle_q <= cycle_q + 64'd1;
    end
  end

  //////////////////////
  // Address decode   //
  //////////////////////

  // Decoded on the incoming request so the state machine knows where to go at acceptance.
  // The shell block starts at KILN_SHELL_BASE, address 0, and ends where image space begins.
  wire        dec_shell  = (host_addr >> IMG_BIT) == 32'd0;
  wire        dec_mem    = host_addr[31];
  wire        dec_image  = !dec_mem && !dec_shell;
  wire [31:0] shell_off  = host_addr - KILN_SHELL_BASE;
  // Device memory and shell registers are word-wide; a misaligned access there is a bus error.
  wire        dec_align  = (host_addr[1:0] == 2'b00);
  wire        dec_mem_ok = dec_mem && dec_align && in_devmem({1'b0, host_addr[30:0]});

  //////////////////////
  // Shell registers  //
  //////////////////////

  reg [31:0] scratch_q;
  reg [31:0] shell_rdata;
  reg        shell_err;
  // The image's first device-memory access outside the memory (beyond it or in the null page) since
  // the host last cleared MEM_ERR:
  // the access itself is dropped (reads return zero), the host learns of it here.
  reg        mem_err_q;
  reg        mem_err_write_q;
  reg [31:0] mem_err_addr_q;
  wire       host_accept = host_valid && host_ready;
  wire       mem_err_clear = host_accept && dec_shell && !shell_err && host_write &&
                             shell_off == KILN_SHELL_MEM_ERR && host_wstrb[0] && host_wdata[0];

  // Reads of the shell block; writes are allowed only to SCRATCH and MEM_ERR (write 1 to bit 0 to
  // clear).
  always @* begin
    shell_rdata = 32'd0;
    shell_err   = 1'b0;
    if (!dec_align) begin
      shell_err = 1'b1;
    end else begin
      case (shell_off)
        KILN_SHELL_MAGIC:        shell_rdata = KILN_SHELL_MAGIC_VALUE;
        KILN_SHELL_VERSION:      shell_rdata = KILN_SHELL_VERSION_VALUE;
        KILN_SHELL_BOARD_ID:     shell_rdata = BOARD_ID;
        KILN_SHELL_DEVMEM_SIZE:  shell_rdata = DEVMEM_SIZE[31:0];
        KILN_SHELL_CYCLE_LO:     shell_rdata = cycle_q[31:0];
        KILN_SHELL_CYCLE_HI:     shell_rdata = cycle_hi_latch_q;
        KILN_SHELL_IRQ_STATUS:   shell_rdata = {31'd0, img_irq};
        KILN_SHELL_SCRATCH:      shell_rdata = scratch_q;
        KILN_SHELL_MEM_ERR:      shell_rdata = {30'd0, mem_err_write_q, mem_err_q};
        KILN_SHELL_MEM_ERR_ADDR: shell_rdata = mem_err_addr_q;
        default:                 shell_err   = 1'b1;
      endcase
      if (host_write && shell_off != KILN_SHELL_SCRATCH && shell_off != KILN_SHELL_MEM_ERR) begin
        shell_err = 1'b1;
      end
    end
    if (host_write) begin
      shell_rdata = 32'd0;
    end
  end

  // An image access is taken while the request stage is free or empties this cycle; any other
  // access only when the image has answered everything.
  assign host_ready = (h_state_q == H_IDLE) && (dec_image ? (!img_req_q || img_take) : img_idle);

  always @(posedge clk) begin
    if (!rst_n) begin
      scratch_q        <= 32'd0;
      cycle_hi_latch_q <= 32'd0;
    end else if (host_accept && dec_shell && !shell_err) begin
      if (host_write) begin
        if (host_wstrb[0]) scratch_q[7:0]   <= host_wdata[7:0];
        if (host_wstrb[1]) scratch_q[15:8]  <= host_wdata[15:8];
        if (host_wstrb[2]) scratch_q[23:16] <= host_wdata[23:16];
        if (host_wstrb[3]) scratch_q[31:24] <= host_wdata[31:24];
      end else if (shell_off == KILN_SHELL_CYCLE_LO) begin
        cycle_hi_latch_q <= cycle_q[63:32];
      end
    end
  end

  //////////////////////////////
  // Device memory arbitration //
  //////////////////////////////

  // One request per cycle reaches the memory. The image and the host window alternate when both
  // ask, so neither can starve the other; the grant does not depend on the image's mem_valid being
  // high.
  reg  prio_host_q;
  wire host_mem_req  = (h_state_q == H_MEM_REQ);
  wire host_mem_gnt  = host_mem_req && mem_ready && (prio_host_q || !img_mem_valid);
  assign img_mem_ready = mem_ready && !(host_mem_req && prio_host_q);
  wire img_mem_gnt   = img_mem_valid && img_mem_ready;

  always @(posedge clk) begin
    if (!rst_n) begin
      prio_host_q <= 1'b0;
    end else if (img_mem_gnt) begin
      prio_host_q <= 1'b1;
    end else if (host_mem_gnt) begin
      prio_host_q <= 1'b0;
    end
  end

  //////////////////////
  // Device memory    //
  //////////////////////

  wire        core_valid = host_mem_gnt || img_mem_gnt;
  wire        core_host  = host_mem_gnt;
  wire        core_write = core_host ? h_write_q : img_mem_write;
  wire [31:0] core_addr  = core_host ? {1'b0, h_memoff_q} : img_mem_addr;
  // The host's offset was range-checked at decode; the image's is checked here, the null page
  // included (no data there: C's null pointer, function numbers). Out-of-range image writes are
  // dropped and reads return zero (the master port has no error signal); MEM_ERR records the first.
  wire        core_null    = !core_host && ((core_addr >> NULL_BIT) == 32'd0);
  wire        core_inrange = in_devmem(core_addr) && !core_null;

  assign mem_valid = core_valid;
  assign mem_write = core_write;
  assign mem_addr  = core_addr;
  assign mem_wdata = core_host ? h_wdata_q : img_mem_wdata;
  assign mem_wstrb = !core_inrange ? 4'd0 : core_host ? h_wstrb_q : img_mem_wstrb;
  // bit 0: the host's read, bit 1: out of range (answered with zeros)
  assign mem_tag   = {!core_inrange, core_host};

  always @(posedge clk) begin
    if (!rst_n) begin
      mem_err_q       <= 1'b0;
      mem_err_write_q <= 1'b0;
      mem_err_addr_q  <= 32'd0;
    end else if (core_valid && !core_host && !core_inrange && !mem_err_q) begin
      mem_err_q       <= 1'b1;
      mem_err_write_q <= core_write;
      mem_err_addr_q  <= core_addr;
    end else if (mem_err_clear) begin
      mem_err_q <= 1'b0;
    end
  end

  wire        rsp_valid = mem_rvalid;
  wire        rsp_host  = mem_rtag[0];
  wire [31:0] rsp_data  = mem_rtag[1] ? 32'd0 : mem_rdata;

  assign img_mem_rvalid = rsp_valid && !rsp_host;
  assign img_mem_rdata  = rsp_data;

  //////////////////////
  // Host bridge FSM  //
  //////////////////////

  always @(posedge clk) begin
    if (!rst_n) begin
      h_state_q      <= H_IDLE;
      h_write_q      <= 1'b0;
      h_memoff_q     <= 31'd0;
      img_addr_q     <= 32'd0;
      h_wdata_q      <= 32'd0;
      h_wstrb_q      <= 4'd0;
      img_req_q      <= 1'b0;
      img_out_q      <= 2'd0;
      host_rsp_valid <= 1'b0;
      host_rsp_rdata <= 32'd0;
      host_rsp_err   <= 1'b0;
    end else begin
      host_rsp_valid <= 1'b0;
      host_rsp_rdata <= 32'd0;
      host_rsp_err   <= 1'b0;
      img_out_q      <= img_out_q + {1'b0, img_take} - {1'b0, img_mmio_rsp_valid};
      if (img_take) begin
        img_req_q <= 1'b0;
      end
      // The image answers in request order, and nothing else answers while it has accesses taken.
      if (img_mmio_rsp_valid) begin
        host_rsp_valid <= 1'b1;
        host_rsp_rdata <= img_mmio_rsp_rdata;
        host_rsp_err   <= img_mmio_rsp_err;
      end
      case (h_state_q)
        H_IDLE: begin
          if (host_accept) begin
            h_write_q  <= host_write;
            h_memoff_q <= host_addr[30:0];
            img_addr_q <= host_addr - KILN_IMAGE_BASE;
            h_wdata_q  <= host_wdata;
            h_wstrb_q  <= host_wstrb;
            if (dec_shell) begin
              // Shell registers answer next cycle with the value sampled at acceptance.
              host_rsp_valid <= 1'b1;
              host_rsp_rdata <= shell_rdata;
              host_rsp_err   <= shell_err;
            end else if (dec_image) begin
              img_req_q <= 1'b1;
            end else if (dec_mem_ok) begin
              h_state_q <= H_MEM_REQ;
            end else begin
              h_state_q <= H_RSP;
            end
          end
        end
        H_RSP: begin
          host_rsp_valid <= 1'b1;
          host_rsp_err   <= 1'b1;
          h_state_q      <= H_IDLE;
        end
        H_MEM_REQ: begin
          if (host_mem_gnt) begin
            if (h_write_q) begin
              host_rsp_valid <= 1'b1;
              h_state_q      <= H_IDLE;
            end else begin
              h_state_q <= H_MEM_WAIT;
            end
          end
        end
        H_MEM_WAIT: begin
          if (rsp_valid && rsp_host) begin
            host_rsp_valid <= 1'b1;
            host_rsp_rdata <= rsp_data;
            h_state_q      <= H_IDLE;
          end
        end
        default: h_state_q <= H_IDLE;
      endcase
    end
  end

endmodule

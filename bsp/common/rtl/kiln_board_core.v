// SPDX-License-Identifier: Apache-2.0
// What every real board's top holds between its clock and its device memory: the reset
// (kiln_board_reset), the serial host link (kiln_uart_bridge, docs/host-link.md) and the shell
// around the image (kiln_shell, with the register slice on the image's memory requests). A top adds
// its PLL, its memory behind mem_* and its pins.

module kiln_board_core #(
  parameter integer CLKS_PER_BIT  = 24,     // clock / baud
  parameter integer DEVMEM_BYTES  = 131072,
  parameter [31:0]  BOARD_ID      = 32'd0,  // the board file's board_id
  parameter [31:0]  IMAGE_HASH_LO = 32'd0,
  parameter [31:0]  IMAGE_HASH_HI = 32'd0
) (
  input  wire        clk,
  input  wire        pll_locked,
  input  wire        btn_n,       // the board's reset button, low while pressed
  input  wire        uart_rx,     // from the host
  output wire        uart_tx,     // to the host
  output wire        rst_n,       // out of reset (the PLL locked, the button released)
  output wire        shell_rst_n, // the shell's and the image's reset, the memory's too
  output wire        irq,

  // Device memory (kiln_shell's port)
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

  kiln_board_reset u_reset (
    .clk        (clk),
    .pll_locked (pll_locked),
    .btn_n      (btn_n),
    .rst_n      (rst_n)
  );

  wire        host_valid;
  wire        host_ready;
  wire        host_write;
  wire [31:0] host_addr;
  wire [31:0] host_wdata;
  wire [3:0]  host_wstrb;
  wire        host_rsp_valid;
  wire [31:0] host_rsp_rdata;
  wire        host_rsp_err;
  wire        board_rst_n;

  kiln_uart_bridge #(
    .CLKS_PER_BIT (CLKS_PER_BIT)
  ) u_link (
    .clk            (clk),
    .rst_n          (rst_n),
    .uart_rx        (uart_rx),
    .uart_tx        (uart_tx),
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
    .board_rst_n    (board_rst_n)
  );

  assign shell_rst_n = rst_n && board_rst_n;

  kiln_shell #(
    .DEVMEM_BYTES  (DEVMEM_BYTES),
    .BOARD_ID      (BOARD_ID),
    .MEM_SLICE     (1),
    .IMAGE_HASH_LO (IMAGE_HASH_LO),
    .IMAGE_HASH_HI (IMAGE_HASH_HI)
  ) u_shell (
    .clk            (clk),
    .rst_n          (shell_rst_n),
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

endmodule

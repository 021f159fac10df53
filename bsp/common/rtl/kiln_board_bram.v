// SPDX-License-Identifier: Apache-2.0
// A real board whose device memory is block RAM (kiln_bram_mem, DEVMEM_BYTES of it) behind the
// board core (kiln_board_core: reset, serial host link, shell and image): all of such a board's top
// but its PLL and its pins.

module kiln_board_bram #(
  parameter integer CLKS_PER_BIT  = 24,     // clock / baud
  parameter integer DEVMEM_BYTES  = 131072,
  parameter [31:0]  BOARD_ID      = 32'd0,  // the board file's board_id
  parameter [31:0]  IMAGE_HASH_LO = 32'd0,
  parameter [31:0]  IMAGE_HASH_HI = 32'd0
) (
  input  wire clk,
  input  wire pll_locked,
  input  wire btn_n,       // the board's reset button, low while pressed (1 on a board without one)
  input  wire uart_rx,     // from the host
  output wire uart_tx,     // to the host
  output wire rst_n,       // out of reset (the PLL locked, the button released)
  output wire irq
);

  wire        shell_rst_n;
  wire        mem_valid;
  wire        mem_ready;
  wire        mem_write;
  wire [31:0] mem_addr;
  wire [31:0] mem_wdata;
  wire [3:0]  mem_wstrb;
  wire [1:0]  mem_tag;
  wire        mem_rvalid;
  wire [31:0] mem_rdata;
  wire [1:0]  mem_rtag;

  kiln_board_core #(
    .CLKS_PER_BIT  (CLKS_PER_BIT),
    .DEVMEM_BYTES  (DEVMEM_BYTES),
    .BOARD_ID      (BOARD_ID),
    .IMAGE_HASH_LO (IMAGE_HASH_LO),
    .IMAGE_HASH_HI (IMAGE_HASH_HI)
  ) u_core (
    .clk         (clk),
    .pll_locked  (pll_locked),
    .btn_n       (btn_n),
    .uart_rx     (uart_rx),
    .uart_tx     (uart_tx),
    .rst_n       (rst_n),
    .shell_rst_n (shell_rst_n),
    .irq         (irq),
    .mem_valid   (mem_valid),
    .mem_ready   (mem_ready),
    .mem_write   (mem_write),
    .mem_addr    (mem_addr),
    .mem_wdata   (mem_wdata),
    .mem_wstrb   (mem_wstrb),
    .mem_tag     (mem_tag),
    .mem_rvalid  (mem_rvalid),
    .mem_rdata   (mem_rdata),
    .mem_rtag    (mem_rtag)
  );

  kiln_bram_mem #(
    .BYTES (DEVMEM_BYTES)
  ) u_devmem (
    .clk        (clk),
    .rst_n      (shell_rst_n),
    .mem_valid  (mem_valid),
    .mem_ready  (mem_ready),
    .mem_write  (mem_write),
    .mem_addr   (mem_addr),
    .mem_wdata  (mem_wdata),
    .mem_wstrb  (mem_wstrb),
    .mem_tag    (mem_tag),
    .mem_rvalid (mem_rvalid),
    .mem_rdata  (mem_rdata),
    .mem_rtag   (mem_rtag)
  );

endmodule

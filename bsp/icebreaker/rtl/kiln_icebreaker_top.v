// SPDX-License-Identifier: Apache-2.0
// iCEBreaker (iCE40 UP5K-SG48) board top: the 12 MHz oscillator through the PLL, a reset held until
// the PLL locks, the serial host link on the FT2232H's second channel (docs/host-link.md), the
// shell around the image, and device memory in the four SPRAMs. The PLL's dividers and the link's
// bit time come from the board file through the bitstream flow (bsp/icebreaker/build-bitstream),
// which computes them with icepll.

module kiln_icebreaker_top #(
  parameter [3:0]  PLL_DIVR      = 4'd0,
  parameter [6:0]  PLL_DIVF      = 7'd63,
  parameter [2:0]  PLL_DIVQ      = 3'd5,
  parameter [2:0]  PLL_FILTER    = 3'd1,
  parameter integer CLKS_PER_BIT = 24,      // clock / baud
  parameter integer DEVMEM_BYTES = 131072,  // 4 SPRAMs
  parameter [31:0] BOARD_ID      = 32'h4943_4542, // "ICEB", configs/boards/icebreaker.json
  parameter [31:0] IMAGE_HASH_LO = 32'd0,
  parameter [31:0] IMAGE_HASH_HI = 32'd0,
  // 1: simulation only (test/boards/cosim_main.cpp): the PLL is bypassed, the design runs on CLK
  // itself and counts as locked at once; everything else is the board's own RTL.
  parameter integer SIM_CLOCK    = 0
) (
  input  wire CLK,    // 12 MHz
  input  wire BTN_N,  // user button: resets the board
  input  wire RX,     // from the host
  output wire TX,     // to the host
  output wire LEDR_N, // lit while the image's interrupt is up
  output wire LEDG_N  // lit once the PLL has locked and reset is over
);

  wire clk;
  wire pll_locked;

  generate
    if (SIM_CLOCK != 0) begin : g_sim_clock
      // No simulator models the PLL (hence this branch); its parameters go unused.
      wire unused_pll = ^{PLL_DIVR, PLL_DIVF, PLL_DIVQ, PLL_FILTER};
      assign clk        = CLK;
      assign pll_locked = 1'b1;
    end else begin : g_pll
      SB_PLL40_PAD #(
        .FEEDBACK_PATH ("SIMPLE"),
        .DIVR          (PLL_DIVR),
        .DIVF          (PLL_DIVF),
        .DIVQ          (PLL_DIVQ),
        .FILTER_RANGE  (PLL_FILTER)
      ) u_pll (
        .PACKAGEPIN (CLK),
        .PLLOUTCORE (clk),
        .LOCK       (pll_locked),
        .RESETB     (1'b1),
        .BYPASS     (1'b0)
      );
    end
  endgenerate

  wire        rst_n;
  wire        shell_rst_n;
  wire        irq;
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
    .btn_n       (BTN_N),
    .uart_rx     (RX),
    .uart_tx     (TX),
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

  kiln_ice40_spram_mem #(
    .BANKS (DEVMEM_BYTES / 65536)
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

  assign LEDR_N = !irq;
  assign LEDG_N = !rst_n;

endmodule

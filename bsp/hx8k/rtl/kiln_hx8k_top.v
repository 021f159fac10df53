// SPDX-License-Identifier: Apache-2.0
// iCE40-HX8K Breakout Board (iCE40 HX8K-CT256) board top: the 12 MHz oscillator through the PLL, a
// reset held until the PLL locks, the serial host link on the FT2232H's second channel
// (docs/host-link.md), the shell around the image, and device memory in block RAM (the HX8K has no
// SPRAM). The PLL's dividers and the link's bit time come from the board file through the bitstream
// flow (bsp/hx8k/build-bitstream), which computes them with icepll.

module kiln_hx8k_top #(
  parameter [3:0]  PLL_DIVR      = 4'd0,
  parameter [6:0]  PLL_DIVF      = 7'd47,
  parameter [2:0]  PLL_DIVQ      = 3'd4,
  parameter [2:0]  PLL_FILTER    = 3'd1,
  parameter integer CLKS_PER_BIT = 36,       // clock / baud
  parameter integer DEVMEM_BYTES = 8192,     // block RAM, configs/boards/hx8k.json
  parameter [31:0] BOARD_ID      = 32'h4858_384B, // "HX8K", configs/boards/hx8k.json
  parameter [31:0] IMAGE_HASH_LO = 32'd0,
  parameter [31:0] IMAGE_HASH_HI = 32'd0,
  // 1: simulation only (test/boards/cosim_main.cpp): the PLL is bypassed, the design runs on CLK
  // itself and counts as locked at once; everything else is the board's own RTL.
  parameter integer SIM_CLOCK    = 0
) (
  input  wire       CLK,  // 12 MHz
  input  wire       RX,   // from the host
  output wire       TX,   // to the host
  output wire [7:0] LED   // D2..D9: 0 reset over, 1 the image's interrupt, the rest unlit
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
      // The core form, not SB_PLL40_PAD: the oscillator's pin J3 is a global buffer input but not a
      // PLL's pad on this package (nextpnr: "not connected to any PLL BEL"), so the PLL takes the
      // clock from the fabric. Every pin is named, the unused ones tied off or left to unused_*, so
      // that the top lints clean with this branch too.
      wire unused_pll_global;
      wire unused_pll_sdo;
      SB_PLL40_CORE #(
        .FEEDBACK_PATH ("SIMPLE"),
        .DIVR          (PLL_DIVR),
        .DIVF          (PLL_DIVF),
        .DIVQ          (PLL_DIVQ),
        .FILTER_RANGE  (PLL_FILTER)
      ) u_pll (
        .REFERENCECLK    (CLK),
        .PLLOUTCORE      (clk),
        .PLLOUTGLOBAL    (unused_pll_global),
        .EXTFEEDBACK     (1'b0),
        .DYNAMICDELAY    (8'd0),
        .LOCK            (pll_locked),
        .BYPASS          (1'b0),
        .RESETB          (1'b1),
        .LATCHINPUTVALUE (1'b0),
        .SDO             (unused_pll_sdo),
        .SDI             (1'b0),
        .SCLK            (1'b0)
      );
    end
  endgenerate

  wire rst_n;
  wire irq;

  kiln_board_bram #(
    .CLKS_PER_BIT  (CLKS_PER_BIT),
    .DEVMEM_BYTES  (DEVMEM_BYTES),
    .BOARD_ID      (BOARD_ID),
    .IMAGE_HASH_LO (IMAGE_HASH_LO),
    .IMAGE_HASH_HI (IMAGE_HASH_HI)
  ) u_board (
    .clk        (clk),
    .pll_locked (pll_locked),
    // The board has no user button: only the PLL holds the board in reset (its own button,
    // CRESET, reloads the FPGA).
    .btn_n      (1'b1),
    .uart_rx    (RX),
    .uart_tx    (TX),
    .rst_n      (rst_n),
    .irq        (irq)
  );

  // Driven high to light, as the examples cited in hx8k.pcf drive them (not checked against the
  // board's schematic).
  assign LED = {6'd0, irq, rst_n};

endmodule

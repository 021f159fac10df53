// SPDX-License-Identifier: Apache-2.0
// ULX3S (ECP5 LFE5U-85F, CABGA381) board top: the 25 MHz oscillator through the PLL, a reset held
// until the PLL locks, the serial host link on the FT231X (docs/host-link.md), the shell around the
// image, and device memory in block RAM (SDRAM later). The PLL's dividers and the link's bit time
// come from the board file through the bitstream flow (bsp/ulx3s/build-bitstream), which computes
// them with ecppll.

module kiln_ulx3s_top #(
  parameter integer PLL_CLKI_DIV   = 1,
  parameter integer PLL_CLKFB_DIV  = 2,
  parameter integer PLL_CLKOP_DIV  = 12,
  parameter integer PLL_CLKOP_CPH  = 5,
  parameter integer CLKS_PER_BIT   = 50,       // clock / baud
  parameter integer DEVMEM_BYTES   = 262144,   // block RAM
  parameter [31:0]  BOARD_ID       = 32'h554C_5833, // "ULX3", configs/boards/ulx3s.json
  parameter [31:0]  IMAGE_HASH_LO  = 32'd0,
  parameter [31:0]  IMAGE_HASH_HI  = 32'd0,
  // 1: simulation only (test/boards/cosim_main.cpp): the PLL is bypassed, the design runs on
  // clk_25mhz itself and counts as locked at once; everything else is the board's own RTL.
  parameter integer SIM_CLOCK      = 0
) (
  input  wire       clk_25mhz,
  input  wire       btn_pwr_n, // BTN0 (PWR): resets the board
  input  wire       ftdi_txd,  // from the host
  output wire       ftdi_rxd,  // to the host
  output wire [1:0] led        // 0: reset over, 1: the image's interrupt
);

  wire clk;
  wire pll_locked;

  generate
    if (SIM_CLOCK != 0) begin : g_sim_clock
      // No simulator models the PLL (hence this branch); its parameters go unused.
      wire unused_pll = ^{PLL_CLKI_DIV, PLL_CLKFB_DIV, PLL_CLKOP_DIV, PLL_CLKOP_CPH};
      assign clk        = clk_25mhz;
      assign pll_locked = 1'b1;
    end else begin : g_pll
      wire unused_clkintfb;  // the internal feedback, unused: CLKOP feeds back
      (* FREQUENCY_PIN_CLKI = "25" *)
      EHXPLLL #(
        .PLLRST_ENA      ("DISABLED"),
        .INTFB_WAKE      ("DISABLED"),
        .STDBY_ENABLE    ("DISABLED"),
        .DPHASE_SOURCE   ("DISABLED"),
        .OUTDIVIDER_MUXA ("DIVA"),
        .OUTDIVIDER_MUXB ("DIVB"),
        .OUTDIVIDER_MUXC ("DIVC"),
        .OUTDIVIDER_MUXD ("DIVD"),
        .CLKI_DIV        (PLL_CLKI_DIV),
        .CLKOP_ENABLE    ("ENABLED"),
        .CLKOP_DIV       (PLL_CLKOP_DIV),
        .CLKOP_CPHASE    (PLL_CLKOP_CPH),
        .CLKOP_FPHASE    (0),
        .FEEDBK_PATH     ("CLKOP"),
        .CLKFB_DIV       (PLL_CLKFB_DIV)
      ) u_pll (
        .RST          (1'b0),
        .STDBY        (1'b0),
        .CLKI         (clk_25mhz),
        .CLKOP        (clk),
        .CLKFB        (clk),
        .CLKINTFB     (unused_clkintfb),
        .PHASESEL0    (1'b0),
        .PHASESEL1    (1'b0),
        .PHASEDIR     (1'b1),
        .PHASESTEP    (1'b1),
        .PHASELOADREG (1'b1),
        .PLLWAKESYNC  (1'b0),
        .ENCLKOP      (1'b0),
        .LOCK         (pll_locked)
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
    .btn_n      (btn_pwr_n),
    .uart_rx    (ftdi_txd),
    .uart_tx    (ftdi_rxd),
    .rst_n      (rst_n),
    .irq        (irq)
  );

  assign led = {irq, rst_n};

endmodule

// SPDX-License-Identifier: Apache-2.0
// Storage of one device_image_scope device global: WORDS 32-bit registers shared by the host port
// and NPORTS kernel ports (fixed priority, port 0 first). Kernel ports follow the hardware
// contract's memory protocol (valid/ready request, rvalid one cycle after an accepted read). The
// host port is a plain synchronous port; the image's bus decoder enforces host_access before it
// reaches here.
//
// INIT_MODE_RESET = 1: reset reloads INIT (init_mode reset). 0: INIT is only the power-up (image
// load) value, and reset leaves the contents alone (init_mode reprogram), which saves the reload
// multiplexers.
module kiln_dg_store #(
  parameter integer WORDS = 1,
  parameter integer AW = 1,                  // word-address bits, >= 1
  parameter integer NPORTS = 1,
  parameter [WORDS*32-1:0] INIT = {WORDS*32{1'b0}},
  parameter integer INIT_MODE_RESET = 0
) (
  input  wire                clk,
  input  wire                rst_n,
  // host port
  input  wire                host_we,
  input  wire [AW-1:0]       host_addr,
  input  wire [31:0]         host_wdata,
  input  wire [3:0]          host_wstrb,
  output wire [31:0]         host_rdata,
  // kernel ports, packed: port p uses bits [p] / [p*32 +: 32] / [p*4 +: 4]
  input  wire [NPORTS-1:0]    k_valid,
  output wire [NPORTS-1:0]    k_ready,
  input  wire [NPORTS-1:0]    k_write,
  input  wire [NPORTS*32-1:0] k_addr,
  input  wire [NPORTS*32-1:0] k_wdata,
  input  wire [NPORTS*4-1:0]  k_wstrb,
  output reg  [NPORTS-1:0]    k_rvalid,
  output reg  [31:0]          k_rdata
);

  // Kernel requests: the lowest-numbered requesting port wins this cycle.
  wire [NPORTS-1:0] grant;
  wire         g_write;
  wire [31:0]  g_addr, g_wdata;
  wire [3:0]   g_wstrb;
  kiln_port_arb #(.NPORTS(NPORTS)) u_arb (
    .enable(1'b1), .k_valid(k_valid), .k_write(k_write), .k_addr(k_addr), .k_wdata(k_wdata),
    .k_wstrb(k_wstrb),
    .grant(grant), .g_write(g_write), .g_addr(g_addr), .g_wdata(g_wdata), .g_wstrb(g_wstrb)
  );
  wire         g_any = |grant;
  assign k_ready = grant;

  wire [AW-1:0] g_word = g_addr[AW+1:2];

  // One 32-bit register per word, each with its own always block: reset reload and byte enables
  // stay per-flop logic (and simulators need no loop over an array with delayed assignments).
  wire [WORDS*32-1:0] words;
  genvar gw;
  generate
    for (gw = 0; gw < WORDS; gw = gw + 1) begin : g_word_reg
      reg [31:0] r = INIT[gw*32 +: 32];
      integer b;
      always @(posedge clk) begin
        if (!rst_n && INIT_MODE_RESET != 0) begin
          r <= INIT[gw*32 +: 32];
        end else begin
          for (b = 0; b < 4; b = b + 1) begin
            if (host_we && host_wstrb[b] && host_addr == gw) r[8*b +: 8] <= host_wdata[8*b +: 8];
            if (g_any && g_write && g_wstrb[b] && g_word == gw) r[8*b +: 8] <= g_wdata[8*b +: 8];
          end
        end
      end
      assign words[gw*32 +: 32] = r;
    end
  endgenerate

  assign host_rdata = words[host_addr*32 +: 32];

  always @(posedge clk) begin
    if (!rst_n) begin
      k_rvalid <= {NPORTS{1'b0}};
      k_rdata <= 32'd0;
    end else begin
      k_rvalid <= grant & ~k_write;
      k_rdata <= words[g_word*32 +: 32];
    end
  end

  wire unused_addr = ^{1'b0, g_addr};

endmodule

// SPDX-License-Identifier: Apache-2.0
// Storage of one device_image_scope device global implemented outside the CSR block
// (implement_in_csr false): a single-port RAM with a synchronous read, the one form every family's
// block RAM takes (an iCE40 SB_RAM40_4K has one read and one write port, so a true dual-port RAM
// with two writers fell back to flip-flops there). The host window (read data one cycle after
// host_re) goes first; the kernels (fixed-priority arbitration, the contract's memory protocol
// with rvalid one cycle after an accepted read) wait in a cycle the host or the init sequencer
// takes. A host access while a kernel runs is rare, so the kernels lose next to nothing.
//
// INIT_FILE: the $readmemh file of the initial contents (loaded with the image; see kiln_ram.v for
// how a Verilated model gets them). INIT_MODE_RESET = 1: after each reset an init sequencer
// rewrites them word by word through the port from a ROM copy while `busy` is high (the image
// stalls the host and the kernels meanwhile). 0: reset leaves the contents alone.
module kiln_dg_ram #(
  parameter integer WORDS = 1,
  parameter integer AW = 1,                  // word-address bits, >= 1
  parameter integer NPORTS = 1,
  parameter INIT_FILE = "",
  parameter integer INIT_MODE_RESET = 0
) (
  input  wire                clk,
  input  wire                rst_n,
  output wire                busy,
  // host port (port A)
  input  wire                host_re,
  input  wire                host_we,
  input  wire [AW-1:0]       host_addr,
  input  wire [31:0]         host_wdata,
  input  wire [3:0]          host_wstrb,
  output wire [31:0]         host_rdata,
  // kernel ports, packed as in kiln_dg_store
  input  wire [NPORTS-1:0]    k_valid,
  output wire [NPORTS-1:0]    k_ready,
  input  wire [NPORTS-1:0]    k_write,
  input  wire [NPORTS*32-1:0] k_addr,
  input  wire [NPORTS*32-1:0] k_wdata,
  input  wire [NPORTS*4-1:0]  k_wstrb,
  output reg  [NPORTS-1:0]    k_rvalid,
  output wire [31:0]          k_rdata
);

  reg [31:0] mem [0:WORDS-1];
  reg [31:0] init_rom [0:WORDS-1];  // only read by the init sequencer (INIT_MODE_RESET)

`ifdef VERILATOR
  import "DPI-C" function chandle kiln_init_find(input string name);
  import "DPI-C" function int kiln_init_word(input chandle handle, input int index);
  initial begin : load
    chandle t;
    integer i;
    t = kiln_init_find(INIT_FILE);
    for (i = 0; i < WORDS; i = i + 1) begin
      mem[i] = kiln_init_word(t, i);
      init_rom[i] = mem[i];
    end
  end
`else
  initial begin
    if (INIT_FILE != "") begin
      $readmemh(INIT_FILE, mem);
      $readmemh(INIT_FILE, init_rom);
    end
  end
`endif

  // Init sequencer: walks every word once after reset when the global has init_mode reset.
  reg [31:0] init_idx;
  wire init_run = (INIT_MODE_RESET != 0) && (init_idx < WORDS);
  assign busy = init_run;
  always @(posedge clk) begin
    if (!rst_n) init_idx <= (INIT_MODE_RESET != 0) ? 32'd0 : WORDS;
    else if (init_run) init_idx <= init_idx + 32'd1;
  end

  // The kernels, lowest-numbered requester first; nobody is granted while the host or the
  // sequencer has the port.
  wire          host_acc = init_run | host_re | host_we;
  wire [NPORTS-1:0] grant;
  wire         g_write;
  wire [31:0]  g_addr, g_wdata;
  wire [3:0]   g_wstrb;
  kiln_port_arb #(.NPORTS(NPORTS)) u_arb (
    .enable(!host_acc), .k_valid(k_valid), .k_write(k_write), .k_addr(k_addr), .k_wdata(k_wdata),
    .k_wstrb(k_wstrb),
    .grant(grant), .g_write(g_write), .g_addr(g_addr), .g_wdata(g_wdata), .g_wstrb(g_wstrb)
  );
  assign k_ready = grant;

  // The one port: the init sequencer, else the host, else the granted kernel.
  wire [AW-1:0] addr  = init_run ? init_idx[AW-1:0] : host_acc ? host_addr : g_addr[AW+1:2];
  wire          we    = init_run | host_we | (|grant & g_write);
  wire [31:0]   wdata = init_run ? init_rom[init_idx[AW-1:0]] : host_acc ? host_wdata : g_wdata;
  wire [3:0]    wstrb = init_run ? 4'hf : host_acc ? host_wstrb : g_wstrb;
  reg  [31:0]   rdata_q;
  integer b;
  always @(posedge clk) begin
    if (we)
      for (b = 0; b < 4; b = b + 1)
        if (wstrb[b]) mem[addr][8*b +: 8] <= wdata[8*b +: 8];
    rdata_q <= mem[addr];
  end
  // Both readers take the data the cycle after their read, and only one reads in a cycle.
  assign host_rdata = rdata_q;
  assign k_rdata    = rdata_q;

  always @(posedge clk) begin
    if (!rst_n) k_rvalid <= {NPORTS{1'b0}};
    else k_rvalid <= grant & ~k_write;
  end

  wire unused_ram = ^{1'b0, g_addr, init_idx};

endmodule

// SPDX-License-Identifier: Apache-2.0
// Storage of one device_image_scope device global implemented outside the CSR block
// (implement_in_csr false): a true dual-port RAM with synchronous reads, so that FPGA tools map it
// to block RAM. Port A belongs to the host window (read data one cycle after host_re), port B to
// the kernels (fixed-priority arbitration, the contract's memory protocol with rvalid one cycle
// after an accepted read).
//
// INIT_FILE: the $readmemh file of the initial contents (loaded with the image; see kiln_ram.v for
// how a Verilated model gets them). INIT_MODE_RESET = 1: after each reset an init sequencer
// rewrites them word by word through port A from a ROM copy while `busy` is high (the image stalls
// the host and the kernels meanwhile). 0: reset leaves the contents alone.
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
  output reg  [31:0]         host_rdata,
  // kernel ports, packed as in kiln_dg_store
  input  wire [NPORTS-1:0]    k_valid,
  output wire [NPORTS-1:0]    k_ready,
  input  wire [NPORTS-1:0]    k_write,
  input  wire [NPORTS*32-1:0] k_addr,
  input  wire [NPORTS*32-1:0] k_wdata,
  input  wire [NPORTS*4-1:0]  k_wstrb,
  output reg  [NPORTS-1:0]    k_rvalid,
  output reg  [31:0]          k_rdata
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

  // Port A: the host, or the init sequencer while it runs.
  wire [AW-1:0] a_addr  = init_run ? init_idx[AW-1:0] : host_addr;
  wire          a_we    = init_run | host_we;
  wire [31:0]   a_wdata = init_run ? init_rom[init_idx[AW-1:0]] : host_wdata;
  wire [3:0]    a_wstrb = init_run ? 4'hf : host_wstrb;
  integer b;
  always @(posedge clk) begin
    if (a_we)
      for (b = 0; b < 4; b = b + 1)
        if (a_wstrb[b]) mem[a_addr][8*b +: 8] <= a_wdata[8*b +: 8];
    if (host_re) host_rdata <= mem[a_addr];
  end

  // Port B: the kernels, lowest-numbered requester first; nobody is granted while the sequencer
  // runs.
  wire [NPORTS-1:0] grant;
  wire         g_write;
  wire [31:0]  g_addr, g_wdata;
  wire [3:0]   g_wstrb;
  kiln_port_arb #(.NPORTS(NPORTS)) u_arb (
    .enable(!init_run), .k_valid(k_valid), .k_write(k_write), .k_addr(k_addr), .k_wdata(k_wdata),
    .k_wstrb(k_wstrb),
    .grant(grant), .g_write(g_write), .g_addr(g_addr), .g_wdata(g_wdata), .g_wstrb(g_wstrb)
  );
  assign k_ready = grant;

  wire [AW-1:0] b_addr = g_addr[AW+1:2];

  always @(posedge clk) begin
    if (|grant && g_write)
      for (b = 0; b < 4; b = b + 1)
        if (g_wstrb[b]) mem[b_addr][8*b +: 8] <= g_wdata[8*b +: 8];
    k_rdata <= mem[b_addr];
  end

  always @(posedge clk) begin
    if (!rst_n) k_rvalid <= {NPORTS{1'b0}};
    else k_rvalid <= grant & ~k_write;
  end

  wire unused_ram = ^{1'b0, g_addr, init_idx};

endmodule

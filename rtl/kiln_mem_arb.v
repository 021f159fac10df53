// SPDX-License-Identifier: Apache-2.0
// Shares the image's device-memory master port among NPORTS kernel-side ports. Up to DEPTH reads
// are in flight: the memory answers in request order, so a queue of the requesting ports (oldest
// first) routes each response.
module kiln_mem_arb #(
  parameter integer NPORTS = 1
) (
  input  wire                 clk,
  input  wire                 rst_n,
  input  wire [NPORTS-1:0]    k_valid,
  output wire [NPORTS-1:0]    k_ready,
  input  wire [NPORTS-1:0]    k_write,
  input  wire [NPORTS*32-1:0] k_addr,
  input  wire [NPORTS*32-1:0] k_wdata,
  input  wire [NPORTS*4-1:0]  k_wstrb,
  output wire [NPORTS-1:0]    k_rvalid,
  output wire [31:0]          k_rdata,
  output wire                 mem_valid,
  input  wire                 mem_ready,
  output wire                 mem_write,
  output wire [31:0]          mem_addr,
  output wire [31:0]          mem_wdata,
  output wire [3:0]           mem_wstrb,
  input  wire                 mem_rvalid,
  input  wire [31:0]          mem_rdata
);

  localparam integer DEPTH = 4;
  reg  [NPORTS-1:0] rq [0:DEPTH-1];  // one-hot port of each read in flight, oldest in rq[0]
  reg  [2:0]        rn;              // reads in flight
  wire [2:0]        ri = rn - {2'd0, mem_rvalid};  // a slot frees as its data returns
  wire [NPORTS-1:0] grant;
  wire         s_write;
  wire [31:0]  s_addr, s_wdata;
  wire [3:0]   s_wstrb;
  kiln_port_arb #(.NPORTS(NPORTS)) u_arb (
    .enable(ri != DEPTH[2:0]), .k_valid(k_valid), .k_write(k_write), .k_addr(k_addr),
    .k_wdata(k_wdata), .k_wstrb(k_wstrb),
    .grant(grant), .g_write(s_write), .g_addr(s_addr), .g_wdata(s_wdata), .g_wstrb(s_wstrb)
  );
  wire push = mem_valid && mem_ready && !s_write;
  assign mem_valid = |grant;
  assign mem_write = s_write;
  assign mem_addr = s_addr;
  assign mem_wdata = s_wdata;
  assign mem_wstrb = s_wstrb;
  assign k_ready = mem_ready ? grant : {NPORTS{1'b0}};
  assign k_rvalid = mem_rvalid ? rq[0] : {NPORTS{1'b0}};
  assign k_rdata = mem_rdata;
  wire unused_ri = ri[2];
  integer i;
  always @(posedge clk) begin
    if (!rst_n) begin
      rn <= 3'd0;
    end else begin
      if (mem_rvalid)
        for (i = 0; i < DEPTH - 1; i = i + 1) rq[i] <= rq[i + 1];
      if (push) rq[ri[1:0]] <= grant;
      rn <= ri + {2'd0, push};
    end
  end
endmodule

// SPDX-License-Identifier: Apache-2.0
// Shares the image's device-memory master port among NPORTS kernel-side ports. Up to DEPTH reads
// are in flight: the memory answers in request order, so a queue of the requesting ports (oldest
// first) routes each response.
module kiln_mem_arb #(
  parameter integer NPORTS = 1,
  parameter integer DEPTH = 4    // reads in flight
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

  // One-hot port of each read in flight, oldest at the head.
  localparam integer CW = $clog2(DEPTH + 1);
  wire [NPORTS-1:0] rq_head;
  wire [CW-1:0]     rn;
  wire              rq_full;
  wire [NPORTS-1:0] grant;
  wire         s_write;
  wire [31:0]  s_addr, s_wdata;
  wire [3:0]   s_wstrb;
  kiln_port_arb #(.NPORTS(NPORTS)) u_arb (
    .enable(!rq_full || mem_rvalid), .k_valid(k_valid), .k_write(k_write), .k_addr(k_addr),
    .k_wdata(k_wdata), .k_wstrb(k_wstrb),
    .grant(grant), .g_write(s_write), .g_addr(s_addr), .g_wdata(s_wdata), .g_wstrb(s_wstrb)
  );
  // A slot frees as its data returns, in time for a request in the same cycle.
  kiln_fifo #(.W(NPORTS), .DEPTH(DEPTH)) u_rq (
    .clk(clk), .rst_n(rst_n), .push(mem_valid && mem_ready && !s_write), .din(grant),
    .pop(mem_rvalid), .head(rq_head), .count(rn), .full(rq_full)
  );
  assign mem_valid = |grant;
  assign mem_write = s_write;
  assign mem_addr = s_addr;
  assign mem_wdata = s_wdata;
  assign mem_wstrb = s_wstrb;
  // A port's ready says it would be granted: the memory takes a request and no lower-numbered
  // port asks. It does not depend on the port's own valid, so a kernel's stall logic, which reads
  // ready, is not chained behind its own request logic (on the iCE40 that chain set saxpy's clock).
  // A request is taken when valid && ready, as before: then ready equals the grant.
  reg  [NPORTS-1:0] lower_asks;
  integer l;
  always @(*) begin
    lower_asks[0] = 1'b0;
    for (l = 1; l < NPORTS; l = l + 1) lower_asks[l] = lower_asks[l-1] || k_valid[l-1];
  end
  assign k_ready = (mem_ready && (!rq_full || mem_rvalid)) ? ~lower_asks : {NPORTS{1'b0}};
  assign k_rvalid = mem_rvalid ? rq_head : {NPORTS{1'b0}};
  assign k_rdata = mem_rdata;
  wire unused_rn = ^rn;
endmodule

// Shares the image's device-memory master port among NPORTS kernel-side ports. One transaction is in flight
// at a time: a granted read holds the grant until its response, so responses need no reordering.
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

  reg [NPORTS-1:0] busy;   // port whose read is outstanding (one-hot), 0 when none
  wire [NPORTS-1:0] grant;
  wire         s_write;
  wire [31:0]  s_addr, s_wdata;
  wire [3:0]   s_wstrb;
  kiln_port_arb #(.NPORTS(NPORTS)) u_arb (
    .enable(busy == {NPORTS{1'b0}}), .k_valid(k_valid), .k_write(k_write), .k_addr(k_addr), .k_wdata(k_wdata), .k_wstrb(k_wstrb),
    .grant(grant), .g_write(s_write), .g_addr(s_addr), .g_wdata(s_wdata), .g_wstrb(s_wstrb)
  );

  assign mem_valid = |grant;
  assign mem_write = s_write;
  assign mem_addr = s_addr;
  assign mem_wdata = s_wdata;
  assign mem_wstrb = s_wstrb;
  assign k_ready = mem_ready ? grant : {NPORTS{1'b0}};
  assign k_rvalid = mem_rvalid ? busy : {NPORTS{1'b0}};
  assign k_rdata = mem_rdata;

  always @(posedge clk) begin
    if (!rst_n) busy <= {NPORTS{1'b0}};
    else if (mem_rvalid) busy <= {NPORTS{1'b0}};
    else if (mem_valid && mem_ready && !s_write) busy <= grant;
  end

endmodule

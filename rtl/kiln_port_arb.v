// SPDX-License-Identifier: Apache-2.0
// Fixed-priority selection among NPORTS kernel-side request ports (the contract's memory protocol):
// the lowest-numbered requester is granted and its request appears on g_*. With `enable` low nobody
// is granted. Shared by every storage and by the device-memory arbiter, so that all ports follow
// one priority rule.
module kiln_port_arb #(
  parameter integer NPORTS = 1
) (
  input  wire                 enable,
  input  wire [NPORTS-1:0]    k_valid,
  input  wire [NPORTS-1:0]    k_write,
  input  wire [NPORTS*32-1:0] k_addr,
  input  wire [NPORTS*32-1:0] k_wdata,
  input  wire [NPORTS*4-1:0]  k_wstrb,
  output reg  [NPORTS-1:0]    grant,
  output reg                  g_write,
  output reg  [31:0]          g_addr,
  output reg  [31:0]          g_wdata,
  output reg  [3:0]           g_wstrb
);

  // The loop runs whatever `enable` says: a loop variable assigned on one path only is a latch to
  // yosys (optimised away later, but there).
  integer p, q;
  always @(*) begin
    grant = {NPORTS{1'b0}};
    for (q = NPORTS - 1; q >= 0; q = q - 1)
      if (enable && k_valid[q]) grant = {{(NPORTS-1){1'b0}}, 1'b1} << q;
  end

  always @(*) begin
    g_write = 1'b0;
    g_addr = 32'd0;
    g_wdata = 32'd0;
    g_wstrb = 4'd0;
    for (p = 0; p < NPORTS; p = p + 1)
      if (grant[p]) begin
        g_write = k_write[p];
        g_addr = k_addr[p*32 +: 32];
        g_wdata = k_wdata[p*32 +: 32];
        g_wstrb = k_wstrb[p*4 +: 4];
      end
  end

endmodule

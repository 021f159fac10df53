// SPDX-License-Identifier: Apache-2.0
// Testbench of the serial host link's board side (bsp/common/rtl/kiln_uart_bridge.v, protocol in
// docs/host-link.md): it plays the host on the UART, bit by bit both ways, and the host MMIO bus's
// slave behind the bridge (a word memory with a bus-error hole, random ready stalls and response
// latencies of 1 to 3 cycles, answered in order). Every check prints "ok - NAME" or
// "not ok - NAME: why"; the last line says whether the bench ran to its end within its cycle limit.
// Icarus Verilog, -g2012 (the RTL itself is plain Verilog-2005).
module bridge_tb;

  // Bit time in clocks: small so that the bench runs fast; odd values exercise the receiver's
  // half-bit arithmetic (link-test.sh runs more than one).
  parameter integer CPB = 4;
  // The bridge's idle time, shortened from the contract's 1024 byte times to 12 of them.
  localparam integer IDLE = CPB * 10 * 12;
  localparam integer BYTE_CYCLES = CPB * 10;
  // Cycle limit of the whole bench: a hung bridge ends it as a failure rather than a hang.
  parameter integer LIMIT = 400000 * CPB;

  // The slave's map: MEM_WORDS words from 0; the word at ERR_ADDR and everything from
  // MEM_WORDS * 4 up answer with the bus error (so do misaligned addresses).
  localparam integer MEM_WORDS = 512;
  localparam [31:0]  ERR_ADDR  = 32'h0000_0400;

  localparam [7:0] SYNC = 8'h5A, READ = 8'h01, WRITE = 8'h02, WAIT = 8'h03, RESET = 8'h04;
  localparam [7:0] NAK = 8'hEE;

  reg clk = 1'b0;
  always #5 clk = ~clk;

  integer cyc = 0;
  always @(posedge clk) cyc <= cyc + 1;

  reg         rst_n = 1'b0;
  reg         uart_rx = 1'b1;
  wire        uart_tx;
  wire        host_valid;
  wire        host_ready;
  wire        host_write;
  wire [31:0] host_addr;
  wire [31:0] host_wdata;
  wire [3:0]  host_wstrb;
  reg         host_rsp_valid = 1'b0;
  reg  [31:0] host_rsp_rdata = 32'd0;
  reg         host_rsp_err = 1'b0;
  reg         irq = 1'b0;
  wire        board_rst_n;

  kiln_uart_bridge #(
    .CLKS_PER_BIT (CPB),
    .IDLE_CYCLES  (IDLE)
  ) dut (
    .clk            (clk),
    .rst_n          (rst_n),
    .uart_rx        (uart_rx),
    .uart_tx        (uart_tx),
    .host_valid     (host_valid),
    .host_ready     (host_ready),
    .host_write     (host_write),
    .host_addr      (host_addr),
    .host_wdata     (host_wdata),
    .host_wstrb     (host_wstrb),
    .host_rsp_valid (host_rsp_valid),
    .host_rsp_rdata (host_rsp_rdata),
    .host_rsp_err   (host_rsp_err),
    .irq            (irq),
    .board_rst_n    (board_rst_n)
  );

  //////////////////////////////
  // CRC-8 (poly 0x07, MSB first, init 0), the testbench's own
  //////////////////////////////

  function automatic [7:0] crc8(input [7:0] crc, input [7:0] data);
    integer i;
    reg [7:0] x;
    begin
      x = crc ^ data;
      for (i = 0; i < 8; i = i + 1) x = x[7] ? ((x << 1) ^ 8'h07) : (x << 1);
      crc8 = x;
    end
  endfunction

  //////////////////////////////
  // Host MMIO slave model
  //////////////////////////////

  reg  [31:0] mem [0:MEM_WORDS-1];
  integer     seed = 12345;
  reg         stall_q = 1'b0;
  assign host_ready = !stall_q;

  // Responses waiting, in order, with the cycle each is due.
  reg  [31:0] pq_rdata [0:15];
  reg         pq_err   [0:15];
  integer     pq_due   [0:15];
  integer     pq_head = 0, pq_tail = 0, last_due = 0;
  integer     acc_n = 0;       // accesses taken
  integer     proto_errs = 0;  // bus protocol violations by the bridge
  reg  [255:0] proto_first;    // (first violation, as text, kept short)
  reg         prev_stalled = 1'b0;
  reg  [68:0] prev_req;

  function automatic addr_bad(input [31:0] a);
    addr_bad = (a[1:0] != 2'b00) || (a == ERR_ADDR) || (a >= MEM_WORDS * 4);
  endfunction

  always @(posedge clk) begin : slave
    integer lat, due, w;
    reg err;
    if (!rst_n) begin
      stall_q <= 1'b0;
      host_rsp_valid <= 1'b0;
    end else begin
      if (host_valid !== 1'b0 && host_valid !== 1'b1) begin
        proto_errs = proto_errs + 1;
      end
      // A request that waited must come again unchanged.
      if (prev_stalled && (!host_valid ||
          prev_req != {host_write, host_addr, host_wdata, host_wstrb})) begin
        if (proto_errs == 0) proto_first = "request withdrawn or changed while stalled";
        proto_errs = proto_errs + 1;
      end
      prev_stalled = host_valid && !host_ready;
      prev_req     = {host_write, host_addr, host_wdata, host_wstrb};
      if (host_valid && host_ready) begin
        acc_n = acc_n + 1;
        err = addr_bad(host_addr);
        w = host_addr[31:2];
        lat = 1 + ({$random(seed)} % 3);
        due = cyc + lat;
        if (due < last_due) due = last_due;
        last_due = due;
        pq_err[pq_tail % 16]   = err;
        // Garbage on errors and writes: the bridge must send zeros for a refused read's words.
        pq_rdata[pq_tail % 16] = (err || host_write) ? 32'hDEAD_BEEF : mem[w];
        pq_due[pq_tail % 16]   = due;
        pq_tail = pq_tail + 1;
        if (host_write && !err) begin
          if (host_wstrb[0]) mem[w][7:0]   = host_wdata[7:0];
          if (host_wstrb[1]) mem[w][15:8]  = host_wdata[15:8];
          if (host_wstrb[2]) mem[w][23:16] = host_wdata[23:16];
          if (host_wstrb[3]) mem[w][31:24] = host_wdata[31:24];
        end
      end
      // The response of the next cycle (at least one after its acceptance).
      host_rsp_valid <= 1'b0;
      host_rsp_err   <= 1'b0;
      host_rsp_rdata <= 32'hA5A5_5A5A;
      if (pq_head != pq_tail && pq_due[pq_head % 16] <= cyc + 1) begin
        host_rsp_valid <= 1'b1;
        host_rsp_err   <= pq_err[pq_head % 16];
        host_rsp_rdata <= pq_rdata[pq_head % 16];
        pq_head = pq_head + 1;
      end
      stall_q <= ({$random(seed)} % 4) == 0;
    end
  end

  //////////////////////////////
  // board_rst_n monitor
  //////////////////////////////

  // Pulses after board_rst_n first went high (it leaves reset a cycle after the bridge).
  integer brst_pulses = 0, brst_len = 0, brst_last_len = 0;
  reg     brst_armed = 1'b0;
  always @(posedge clk) begin
    if (!rst_n) begin
      brst_armed = 1'b0;
    end else if (!brst_armed) begin
      brst_armed = (board_rst_n === 1'b1);
    end else begin
      if (board_rst_n !== 1'b1) begin
        brst_len = brst_len + 1;
      end else if (brst_len != 0) begin
        brst_pulses   = brst_pulses + 1;
        brst_last_len = brst_len;
        brst_len      = 0;
      end
    end
  end

  //////////////////////////////
  // UART: host to board
  //////////////////////////////

  reg [7:0] fb [0:1023];  // the frame being built
  integer   fl;

  task automatic send_byte(input [7:0] b);
    integer i;
    begin
      uart_rx <= 1'b0;
      repeat (CPB) @(posedge clk);
      for (i = 0; i < 8; i = i + 1) begin
        uart_rx <= b[i];
        repeat (CPB) @(posedge clk);
      end
      uart_rx <= 1'b1;
      repeat (CPB) @(posedge clk);
    end
  endtask

  task automatic f_begin(input [7:0] cmd);
    begin
      fl = 1;
      fb[0] = cmd;
    end
  endtask

  task automatic f_u8(input [7:0] b);
    begin
      fb[fl] = b;
      fl = fl + 1;
    end
  endtask

  task automatic f_u32(input [31:0] w);
    integer i;
    for (i = 0; i < 4; i = i + 1) f_u8(w[8*i +: 8]);
  endtask

  task automatic f_u64(input [63:0] w);
    integer i;
    for (i = 0; i < 8; i = i + 1) f_u8(w[8*i +: 8]);
  endtask

  // Sends the frame and its CRC xor CORRUPT; PAUSE cycles of silence before byte PAUSE_AT (-1: none);
  // only the first LEN bytes (the CRC included) when LEN >= 0.
  task automatic f_send_ex(input [7:0] corrupt, input integer pause_at, input integer pause,
                           input integer len);
    integer i, n;
    reg [7:0] c;
    begin
      c = 8'd0;
      for (i = 0; i < fl; i = i + 1) c = crc8(c, fb[i]);
      fb[fl] = c ^ corrupt;
      n = (len >= 0) ? len : fl + 1;
      for (i = 0; i < n; i = i + 1) begin
        if (i == pause_at) repeat (pause) @(posedge clk);
        send_byte(fb[i]);
      end
    end
  endtask

  task automatic f_send;
    f_send_ex(8'd0, -1, 0, -1);
  endtask

  //////////////////////////////
  // UART: board to host
  //////////////////////////////

  reg [7:0] rxq [0:8191];
  integer   rxq_n = 0, rxq_rd = 0;
  integer   framing_errs = 0;
  integer   last_rx_cyc = 0;  // when the last byte arrived

  always begin : tx_decoder
    integer i;
    reg [7:0] b;
    @(negedge uart_tx);
    repeat (CPB / 2) @(posedge clk);
    if (uart_tx === 1'b0) begin
      for (i = 0; i < 8; i = i + 1) begin
        repeat (CPB) @(posedge clk);
        b[i] = uart_tx;
      end
      repeat (CPB) @(posedge clk);
      if (uart_tx !== 1'b1) framing_errs = framing_errs + 1;
      rxq[rxq_n % 8192] = b;
      rxq_n = rxq_n + 1;
      last_rx_cyc = cyc;
    end else begin
      framing_errs = framing_errs + 1;  // a start bit shorter than half a bit
    end
  end

  task automatic get_byte(output [7:0] b, output ok, input integer tmo);
    integer t;
    begin
      t = 0;
      while (rxq_rd == rxq_n && t < tmo) begin
        @(posedge clk);
        t = t + 1;
      end
      ok = (rxq_rd != rxq_n);
      b = ok ? rxq[rxq_rd % 8192] : 8'h00;
      if (ok) rxq_rd = rxq_rd + 1;
    end
  endtask

  //////////////////////////////
  // Checks
  //////////////////////////////

  string  msg;       // why the current check failed ("" while it holds)
  integer n_fail = 0;

  task automatic fail(input string why);
    if (msg == "") msg = why;
  endtask

  reg [7:0] eb [0:1023];  // the reply expected
  integer   el;

  task automatic e_begin;
    el = 0;
  endtask

  task automatic e_u8(input [7:0] b);
    begin
      eb[el] = b;
      el = el + 1;
    end
  endtask

  task automatic e_u32(input [31:0] w);
    integer i;
    for (i = 0; i < 4; i = i + 1) e_u8(w[8*i +: 8]);
  endtask

  task automatic e_u64(input [63:0] w);
    integer i;
    for (i = 0; i < 8; i = i + 1) e_u8(w[8*i +: 8]);
  endtask

  // Appends the reply's CRC, computed here, to the expected bytes.
  task automatic e_crc;
    integer i;
    reg [7:0] c;
    begin
      c = 8'd0;
      for (i = 0; i < el; i = i + 1) c = crc8(c, eb[i]);
      e_u8(c);
    end
  endtask

  // Reads el bytes and compares them with the expected ones; TMO: cycles allowed per byte.
  task automatic expect_reply(input string what, input integer tmo);
    integer i;
    reg [7:0] b;
    reg ok;
    begin
      for (i = 0; i < el; i = i + 1) begin
        get_byte(b, ok, tmo);
        if (!ok) begin
          fail($sformatf("%s: reply byte %0d of %0d did not come within %0d cycles", what, i, el, tmo));
          i = el;
        end else if (b !== eb[i]) begin
          fail($sformatf("%s: reply byte %0d is %02x, expected %02x", what, i, b, eb[i]));
        end
      end
    end
  endtask

  // Nothing more arrives for CYCLES cycles.
  task automatic expect_silence(input string what, input integer cycles);
    begin
      repeat (cycles) @(posedge clk);
      if (rxq_n != rxq_rd) begin
        fail($sformatf("%s: %0d unexpected byte(s), the first %02x", what, rxq_n - rxq_rd,
                       rxq[rxq_rd % 8192]));
        rxq_rd = rxq_n;
      end
    end
  endtask

  // Prints the check's verdict; after a failure, gets back in step the way a host would: silence
  // longer than the idle time, dropping whatever arrives.
  task automatic report(input string name);
    begin
      if (msg == "") begin
        $display("ok - %s", name);
      end else begin
        $display("not ok - %s: %s", name, msg);
        n_fail = n_fail + 1;
        irq = 1'b0;
        repeat (IDLE + 20 * BYTE_CYCLES) @(posedge clk);
        rxq_rd = rxq_n;
      end
      msg = "";
    end
  endtask

  // The replies of the common frames, expected.
  task automatic e_sync;
    begin
      e_u8(8'hDA); e_u8("K"); e_u8("L"); e_u8(8'h01); e_crc;
    end
  endtask

  task automatic e_write_reply(input [7:0] status, input [7:0] index);
    begin
      e_u8(8'h82); e_u8(status); e_u8(index); e_crc;
    end
  endtask

  task automatic sync_ok(input string what);
    begin
      f_begin(SYNC); f_send;
      e_begin; e_sync;
      expect_reply(what, 40 * BYTE_CYCLES);
    end
  endtask

  // WRITE frame of N words from ADDR with STRB, data pattern seeded by SEED (word i: pat(SEED, i)).
  function automatic [31:0] pat(input [31:0] s, input integer i);
    pat = (s * 32'h9E37_79B9) ^ (i * 32'h0101_0101) ^ (i << 20);
  endfunction

  task automatic f_write(input [31:0] addr, input integer n, input [3:0] strb, input [31:0] s);
    integer i;
    begin
      f_begin(WRITE); f_u32(addr); f_u8(n - 1); f_u8({4'd0, strb});
      for (i = 0; i < n; i = i + 1) f_u32(pat(s, i));
    end
  endtask

  task automatic f_read(input [31:0] addr, input integer n);
    begin
      f_begin(READ); f_u32(addr); f_u8(n - 1);
    end
  endtask

  task automatic mem_fill(input [31:0] addr, input integer n, input [31:0] s);
    integer i;
    for (i = 0; i < n; i = i + 1) mem[addr[31:2] + i] = pat(s, i);
  endtask

  task automatic mem_expect(input string what, input [31:0] addr, input integer n, input [31:0] s);
    integer i;
    for (i = 0; i < n; i = i + 1)
      if (mem[addr[31:2] + i] !== pat(s, i))
        fail($sformatf("%s: memory word %08x is %08x, expected %08x", what, addr + 4 * i,
                       mem[addr[31:2] + i], pat(s, i)));
  endtask

  // The expected reply of a READ of N words from ADDR whose memory holds pat(S, i), refused from
  // word ERR_AT on (ERR_AT >= N: no error).
  task automatic e_read_reply(input [31:0] addr, input integer n, input [31:0] s, input integer err_at);
    integer i;
    begin
      e_u8(8'h81);
      for (i = 0; i < n; i = i + 1) e_u32(i < err_at ? pat(s, i) : 32'd0);
      e_u8(err_at < n ? 8'd1 : 8'd0);
      e_u8(err_at < n ? err_at[7:0] : 8'd0);
      e_crc;
    end
  endtask

  integer i, a0, t0, t1;
  integer ring_peak = 0;
  always @(posedge clk) begin : ring_fill
    reg [11:0] used;
    used = dut.wp_q - dut.rp_q;
    if (used > ring_peak) ring_peak = used;
  end
  reg [7:0] b;
  reg ok;

  initial begin : watchdog
    repeat (LIMIT) @(posedge clk);
    $display("not ok - bridge_tb ran to its end: still running after %0d cycles (a hung bridge?)", LIMIT);
    $finish;
  end

  initial begin : main
    msg = "";
    for (i = 0; i < MEM_WORDS; i = i + 1) mem[i] = 32'h0;
    repeat (10) @(posedge clk);
    rst_n <= 1'b1;
    repeat (10) @(posedge clk);

    // The bench's CRC against CRC-8/SMBUS's check value, so that the bench and the RTL cannot
    // share one mistake.
    b = 8'd0;
    for (i = 0; i < 9; i = i + 1) b = crc8(b, "123456789" >> (8 * (8 - i)));
    if (b !== 8'hF4) fail($sformatf("crc8(\"123456789\") is %02x, expected f4", b));
    report("testbench CRC-8 gives the check value 0xF4");

    // SYNC
    if (board_rst_n !== 1'b1) fail("board_rst_n is not high after reset");
    sync_ok("SYNC");
    expect_silence("after SYNC", 4 * BYTE_CYCLES);
    report("SYNC reply bytes and CRC");

    // One word written, then read back.
    a0 = acc_n;
    f_write(32'h10, 1, 4'hF, 1); f_send;
    e_begin; e_write_reply(0, 0); expect_reply("WRITE", 40 * BYTE_CYCLES);
    mem_expect("WRITE", 32'h10, 1, 1);
    f_read(32'h10, 1); f_send;
    e_begin; e_read_reply(32'h10, 1, 1, 1); expect_reply("READ", 40 * BYTE_CYCLES);
    if (acc_n - a0 != 2) fail($sformatf("%0d bus accesses, expected 2", acc_n - a0));
    report("single-word WRITE then READ back");

    // The largest frames: 128 words each way.
    a0 = acc_n;
    f_write(32'h200, 128, 4'hF, 2); f_send;
    e_begin; e_write_reply(0, 0); expect_reply("WRITE", 40 * BYTE_CYCLES);
    mem_expect("WRITE", 32'h200, 128, 2);
    f_read(32'h200, 128); f_send;
    e_begin; e_read_reply(32'h200, 128, 2, 128); expect_reply("READ", 40 * BYTE_CYCLES);
    if (acc_n - a0 != 256) fail($sformatf("%0d bus accesses, expected 256", acc_n - a0));
    report("128-word WRITE and READ");

    // Byte enables: STRB 0x5 writes bytes 0 and 2 only.
    mem[32'h20 >> 2] = 32'hAABB_CCDD;
    f_begin(WRITE); f_u32(32'h20); f_u8(0); f_u8(8'h05); f_u32(32'h1122_3344); f_send;
    e_begin; e_write_reply(0, 0); expect_reply("WRITE", 40 * BYTE_CYCLES);
    if (mem[32'h20 >> 2] !== 32'hAA22_CC44)
      fail($sformatf("word is %08x, expected aa22cc44", mem[32'h20 >> 2]));
    f_read(32'h20, 1); f_send;
    e_begin; e_u8(8'h81); e_u32(32'hAA22_CC44); e_u8(0); e_u8(0); e_crc;
    expect_reply("READ", 40 * BYTE_CYCLES);
    report("WRITE with STRB 0x5");

    // READ across the error word: words 0-3 read, word 4 refused, 5-7 never accessed, zeros.
    mem_fill(32'h3F0, 4, 3);
    a0 = acc_n;
    f_read(32'h3F0, 8); f_send;
    e_begin; e_read_reply(32'h3F0, 8, 3, 4); expect_reply("READ", 40 * BYTE_CYCLES);
    if (acc_n - a0 != 5) fail($sformatf("%0d bus accesses, expected 5", acc_n - a0));
    report("READ hitting a bus error mid-frame (STATUS 1, INDEX 4, zeros after)");

    // WRITE across the error word: words 0-1 written, word 2 refused, 3-5 left alone.
    mem_fill(32'h3F8, 8, 4);
    a0 = acc_n;
    f_write(32'h3F8, 6, 4'hF, 5); f_send;
    e_begin; e_write_reply(1, 2); expect_reply("WRITE", 40 * BYTE_CYCLES);
    mem_expect("WRITE words before the error", 32'h3F8, 2, 5);
    for (i = 3; i < 8; i = i + 1)
      if (mem[(32'h3F8 >> 2) + i] !== pat(4, i))
        fail($sformatf("word %0d after the error was written", i));
    if (acc_n - a0 != 3) fail($sformatf("%0d bus accesses, expected 3", acc_n - a0));
    report("WRITE hitting a bus error mid-frame (STATUS 1, INDEX 2, later words untouched)");

    // A corrupted CRC: exactly NAK, nothing written, and the link goes on.
    mem_fill(32'h30, 2, 6);
    a0 = acc_n;
    f_write(32'h30, 2, 4'hF, 7); f_send_ex(8'h10, -1, 0, -1);
    e_begin; e_u8(NAK); expect_reply("bad CRC", 40 * BYTE_CYCLES);
    expect_silence("after the NAK", 4 * BYTE_CYCLES);
    mem_expect("after the NAK", 32'h30, 2, 6);
    if (acc_n - a0 != 0) fail($sformatf("%0d bus accesses, expected none", acc_n - a0));
    sync_ok("SYNC after the NAK");
    report("corrupted CRC gets exactly NAK and writes nothing");

    // Bytes that are no command, before a frame.
    send_byte(8'h00); send_byte(8'hFF); send_byte(8'h7E); send_byte(8'h80); send_byte(NAK);
    send_byte(8'h81); send_byte(8'hDA); send_byte(8'h05);
    sync_ok("SYNC after garbage");
    expect_silence("after SYNC", 4 * BYTE_CYCLES);
    report("garbage bytes before a frame are dropped");

    // A byte whose stop bit is 0 (a framing error) is dropped: here a SYNC command byte, which
    // would otherwise open a frame; then a break (the line held low for 30 byte times).
    uart_rx <= 1'b0;
    repeat (CPB) @(posedge clk);
    for (i = 0; i < 8; i = i + 1) begin
      uart_rx <= SYNC[i];
      repeat (CPB) @(posedge clk);
    end
    repeat (CPB) @(posedge clk);  // the stop bit, low
    uart_rx <= 1'b1;
    repeat (2 * BYTE_CYCLES) @(posedge clk);
    uart_rx <= 1'b0;
    repeat (30 * BYTE_CYCLES) @(posedge clk);
    uart_rx <= 1'b1;
    repeat (2 * BYTE_CYCLES) @(posedge clk);
    sync_ok("SYNC after the framing errors");
    expect_silence("after SYNC", 4 * BYTE_CYCLES);
    report("a byte with a bad stop bit and a break are dropped");

    // A frame cut short, then silence longer than the idle time: dropped with no reply.
    mem_fill(32'h40, 2, 8);
    a0 = acc_n;
    f_write(32'h40, 2, 4'hF, 9); f_send_ex(8'd0, -1, 0, 10);
    expect_silence("truncated frame", IDLE + 4 * BYTE_CYCLES);
    mem_expect("truncated frame", 32'h40, 2, 8);
    if (acc_n - a0 != 0) fail($sformatf("%0d bus accesses, expected none", acc_n - a0));
    f_write(32'h40, 2, 4'hF, 9); f_send;
    e_begin; e_write_reply(0, 0); expect_reply("WRITE after the gap", 40 * BYTE_CYCLES);
    mem_expect("WRITE after the gap", 32'h40, 2, 9);
    report("truncated frame dropped after the idle time, the next frame works");

    // A pause shorter than the idle time inside a frame keeps it.
    f_write(32'h48, 2, 4'hF, 10); f_send_ex(8'd0, 9, IDLE - 4 * BYTE_CYCLES, -1);
    e_begin; e_write_reply(0, 0); expect_reply("WRITE with a pause", 40 * BYTE_CYCLES);
    mem_expect("WRITE with a pause", 32'h48, 2, 10);
    report("a pause shorter than the idle time keeps the frame");

    // N-1 above 127 is malformed: dropped without a reply, READ and WRITE alike.
    a0 = acc_n;
    f_begin(READ); f_u32(32'h0); f_u8(8'h80); f_send;
    expect_silence("READ N-1 0x80", IDLE + 4 * BYTE_CYCLES);
    f_begin(WRITE); f_u32(32'h0); f_u8(8'hFF); f_u8(8'h0F); f_u32(32'h1234_5678); f_send;
    expect_silence("WRITE N-1 0xff", IDLE + 4 * BYTE_CYCLES);
    if (acc_n - a0 != 0) fail($sformatf("%0d bus accesses, expected none", acc_n - a0));
    sync_ok("SYNC after the malformed frames");
    report("READ and WRITE with N-1 > 127 are dropped with no reply");

    // Three WRITEs back to back before any reply is read; the middle one is refused at word 1.
    mem_fill(32'h3F8, 4, 11);
    f_write(32'h80, 2, 4'hF, 12); f_send;
    f_write(32'h3FC, 3, 4'hF, 13); f_send;
    f_write(32'h90, 64, 4'hF, 14); f_send;
    el = 0; e_write_reply(0, 0); expect_reply("first WRITE", 40 * BYTE_CYCLES);
    el = 0; e_write_reply(1, 1); expect_reply("second WRITE", 40 * BYTE_CYCLES);
    el = 0; e_write_reply(0, 0); expect_reply("third WRITE", 40 * BYTE_CYCLES);
    mem_expect("first WRITE", 32'h80, 2, 12);
    if (mem[32'h3FC >> 2] !== pat(13, 0)) fail("second WRITE: word 0 not written");
    mem_expect("third WRITE", 32'h90, 64, 14);
    report("three pipelined WRITEs answered in order");

    // Frames that arrive while a long reply goes out wait in the ring.
    mem_fill(32'h200, 128, 16);
    f_read(32'h200, 128); f_send;
    f_begin(SYNC); f_send;
    f_write(32'h100, 8, 4'hF, 15); f_send;
    f_read(32'h100, 8); f_send;
    el = 0; e_read_reply(32'h200, 128, 16, 128); expect_reply("READ 128", 40 * BYTE_CYCLES);
    el = 0; e_sync; expect_reply("SYNC", 40 * BYTE_CYCLES);
    el = 0; e_write_reply(0, 0); expect_reply("WRITE", 40 * BYTE_CYCLES);
    el = 0; e_read_reply(32'h100, 8, 15, 8); expect_reply("READ 8", 40 * BYTE_CYCLES);
    expect_silence("after the queue", 4 * BYTE_CYCLES);
    report("frames queued behind a 128-word READ reply all answered in order");

    // A whole window: four 128-word READs, whose replies keep the executor busy for 2080 byte
    // times, then WRITEs and SYNCs up to 2048 bytes of frames in all (KILN_LINK_WINDOW_BYTES),
    // which wait in the ring. The first and third WRITE hit the same words: the third must win.
    mem_fill(32'h600, 128, 19);
    ring_peak = 0;
    for (i = 0; i < 4; i = i + 1) begin
      f_read(32'h600, 128); f_send;
    end
    f_write(32'h000, 128, 4'hF, 20); f_send;
    f_write(32'h200, 128, 4'hF, 21); f_send;
    f_write(32'h000, 128, 4'hF, 22); f_send;
    f_write(32'h404, 111, 4'hF, 23); f_send;
    for (i = 0; i < 4; i = i + 1) begin
      f_begin(SYNC); f_send;
    end
    for (i = 0; i < 4; i = i + 1) begin
      el = 0; e_read_reply(32'h600, 128, 19, 128); expect_reply($sformatf("READ %0d", i), 40 * BYTE_CYCLES);
    end
    for (i = 0; i < 4; i = i + 1) begin
      el = 0; e_write_reply(0, 0); expect_reply($sformatf("WRITE %0d", i), 40 * BYTE_CYCLES);
    end
    for (i = 0; i < 4; i = i + 1) begin
      el = 0; e_sync; expect_reply($sformatf("SYNC %0d", i), 40 * BYTE_CYCLES);
    end
    expect_silence("after the window", 4 * BYTE_CYCLES);
    mem_expect("WRITE 0x000", 32'h000, 128, 22);
    mem_expect("WRITE 0x200", 32'h200, 128, 21);
    mem_expect("WRITE 0x404", 32'h404, 111, 23);
    // That the test did fill the ring (the bridge's own pointers, peeked at).
    $display("# ring held at most %0d bytes", ring_peak);
    if (ring_peak < 1900) fail($sformatf("the ring held only %0d bytes at most", ring_peak));
    report("a whole window (2048 bytes of frames) sent ahead is held and answered in order");

    // WAIT with the interrupt already high: at once, 0 cycles.
    irq = 1'b1;
    f_begin(WAIT); f_u64(64'd100000); f_send;
    e_begin; e_u8(8'h83); e_u8(0); e_u64(64'd0); e_crc; expect_reply("WAIT", 40 * BYTE_CYCLES);
    irq = 1'b0;
    report("WAIT with irq already high: STATUS 0, CYCLES 0");

    // WAIT that times out; and MAX_CYCLES 0 times out at once.
    f_begin(WAIT); f_u64(64'd300); f_send;
    t0 = cyc;
    e_begin; e_u8(8'h83); e_u8(2); e_u64(64'd300); e_crc; expect_reply("WAIT 300", 40 * BYTE_CYCLES);
    if (last_rx_cyc - t0 < 300)
      fail($sformatf("reply complete %0d cycles after the frame", last_rx_cyc - t0));
    f_begin(WAIT); f_u64(64'd0); f_send;
    e_begin; e_u8(8'h83); e_u8(2); e_u64(64'd0); e_crc; expect_reply("WAIT 0", 40 * BYTE_CYCLES);
    report("WAIT that times out: STATUS 2, CYCLES == MAX_CYCLES");

    // WAIT ended by the interrupt rising 500 cycles after the frame's last bit; MAX_CYCLES above
    // 32 bits, so that a bridge that dropped its high word would time out at once.
    f_begin(WAIT); f_u64(64'h0000_0001_0000_0000); f_send;
    repeat (500) @(posedge clk);
    irq <= 1'b1;
    t0 = 0;
    for (i = 0; i < 11; i = i + 1) begin
      get_byte(b, ok, 40 * BYTE_CYCLES);
      if (!ok) begin
        fail($sformatf("reply byte %0d did not come", i));
        i = 11;
      end else begin
        eb[i] = b;
      end
    end
    irq <= 1'b0;
    if (msg == "") begin
      t1 = 0;
      for (i = 0; i < 8; i = i + 1) t1 = t1 | (eb[2 + i] << (8 * i));
      b = 8'd0;
      for (i = 0; i < 10; i = i + 1) b = crc8(b, eb[i]);
      $display("# WAIT ended by irq: CYCLES %0d", t1);
      if (eb[0] !== 8'h83 || eb[1] !== 8'h00)
        fail($sformatf("reply starts %02x %02x, expected 83 00", eb[0], eb[1]));
      else if (eb[10] !== b) fail($sformatf("reply CRC %02x, expected %02x", eb[10], b));
      else if (eb[6] | eb[7] | eb[8] | eb[9]) fail("CYCLES above 32 bits");
      // The frame's last byte ends at the stop bit's middle for the bridge; the executor then reads
      // the frame: a few cycles less than 500 + CPB / 2.
      else if (t1 > 500 || t1 < 500 - 30) fail($sformatf("CYCLES %0d, expected a little under 500", t1));
    end
    report("WAIT ended by irq rising: STATUS 0, CYCLES the time waited");

    // RESET: board_rst_n low for 16 cycles, then the reply; the bridge goes on.
    if (brst_pulses != 0) fail($sformatf("%0d board_rst_n pulses before RESET", brst_pulses));
    f_begin(RESET); f_send;
    e_begin; e_u8(8'h84); e_u8(0); e_crc; expect_reply("RESET", 40 * BYTE_CYCLES);
    if (brst_pulses != 1) fail($sformatf("%0d board_rst_n pulses, expected 1", brst_pulses));
    else if (brst_last_len != 16) fail($sformatf("board_rst_n low %0d cycles, expected 16", brst_last_len));
    if (board_rst_n !== 1'b1) fail("board_rst_n low after the reply");
    sync_ok("SYNC after RESET");
    report("RESET pulses board_rst_n low 16 cycles and answers");

    // Whole-run properties.
    expect_silence("at the end", 4 * BYTE_CYCLES);
    if (framing_errs != 0) fail($sformatf("%0d reply bytes with a bad start or stop bit", framing_errs));
    report("uart_tx frames every byte 8N1");
    if (proto_errs != 0) fail($sformatf("%0d violations, the first: %0s", proto_errs, proto_first));
    report("host bus protocol kept (requests held while stalled)");

    $display("ok - bridge_tb ran to its end (%0d cycles, CLKS_PER_BIT %0d)", cyc, CPB);
    $finish;
  end

endmodule

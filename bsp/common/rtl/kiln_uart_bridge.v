// SPDX-License-Identifier: Apache-2.0
// The serial host link's board side (docs/host-link.md): frames from the host's UART become
// accesses on the host MMIO bus (docs/hardware-contract.md, "Host MMIO bus"), and each frame's
// reply goes back on the UART, in the order of the frames.
//
// Two halves that share only a ring of bytes, so that a frame arriving while an earlier one runs
// is never lost (the line has no flow control):
//
//  - The receiver writes every byte of a frame into the ring as it arrives, while it parses the
//    frame's length from its command byte (and a WRITE's N-1) and computes its CRC-8. A frame
//    whose CRC byte matches is committed: the executor may take it (the CRC byte itself is not
//    stored). On a mismatch the write pointer rolls back to the frame's start and a single NAK
//    byte is committed in its place, so that the NAK leaves among the replies in the frame's
//    place. A frame idle for the idle time, a READ or WRITE whose N-1 exceeds 127, and a frame
//    that would overrun the ring (a host that broke the window) roll back with no reply; a byte
//    that is no command while no frame is open is dropped.
//  - The executor reads committed frames from the ring and runs them: one bus access at a time
//    (issue, wait for its response), WAIT's cycle count, RESET's pulse. Its reply bytes go
//    through a small output register of up to 4 bytes into the transmitter; the reply CRC is
//    taken over the bytes as they leave.
//
// The ring holds KILN_LINK_WINDOW_BYTES bytes: the host keeps at most that many bytes of frames
// unanswered, and a frame leaves the ring (the executor has read it) before the last byte of its
// reply is sent, so the ring never overflows with a host that keeps the window. It is a plain
// one-write-port, one-registered-read-port RAM, which yosys maps to block RAM (iCE40 EBR, ECP5
// DP16KD) rather than to 16k flip-flops. Its read address is the executor's next read pointer,
// so that the registered output always holds the byte at the current read pointer, one byte a
// cycle; `avail_q` says whether that byte was committed when it was read.
//
// The executor sends a reply's ACK as soon as it takes the frame's command byte, before it acts
// on the frame; the reply ends, and the command is done, with the reply's CRC byte. board_rst_n,
// the shell's and the image's reset, is low while rst_n is and for 16 cycles on RESET; the bridge
// itself only resets with rst_n.
module kiln_uart_bridge #(
  // Clock cycles per bit on the line (clock / baud), at least 4.
  parameter integer CLKS_PER_BIT = 104,
  // Cycles without a byte after which an open frame is dropped; 0: the contract's
  // KILN_LINK_IDLE_BYTES byte times (CLKS_PER_BIT * 10 * KILN_LINK_IDLE_BYTES). Tests shorten it.
  parameter integer IDLE_CYCLES = 0
) (
  input  wire        clk,
  input  wire        rst_n,

  input  wire        uart_rx,
  output wire        uart_tx,

  // Host MMIO bus, master side
  output wire        host_valid,
  input  wire        host_ready,
  output wire        host_write,
  output wire [31:0] host_addr,
  output wire [31:0] host_wdata,
  output wire [3:0]  host_wstrb,
  input  wire        host_rsp_valid,
  input  wire [31:0] host_rsp_rdata,
  input  wire        host_rsp_err,

  input  wire        irq,          // level: WAIT ends while it is high
  output wire        board_rst_n   // the shell's and the image's reset
);

  `include "kiln_contract.vh"

  // Ring geometry: RAW address bits, pointers one bit wider so that full and empty differ.
  localparam integer RING = KILN_LINK_WINDOW_BYTES;
  localparam integer RAW  = $clog2(RING);
  localparam integer PW   = RAW + 1;

  localparam integer IDLE = (IDLE_CYCLES > 0) ? IDLE_CYCLES :
                            CLKS_PER_BIT * 10 * KILN_LINK_IDLE_BYTES;
  localparam integer IW   = $clog2(IDLE + 1);
  localparam [31:0]   IDLE_LAST_U = IDLE - 1;
  localparam [IW-1:0] IDLE_LAST   = IDLE_LAST_U[IW-1:0];

  localparam [7:0] C_SYNC   = KILN_LINK_SYNC[7:0];
  localparam [7:0] C_READ   = KILN_LINK_READ[7:0];
  localparam [7:0] C_WRITE  = KILN_LINK_WRITE[7:0];
  localparam [7:0] C_WAIT   = KILN_LINK_WAIT[7:0];
  localparam [7:0] C_RESET  = KILN_LINK_RESET[7:0];
  localparam [7:0] C_NAK    = KILN_LINK_NAK[7:0];
  localparam [7:0] ACK_BIT  = KILN_LINK_ACK_BIT[7:0];
  localparam [7:0] VERSION  = KILN_LINK_VERSION[7:0];
  localparam [7:0] POLY     = KILN_LINK_CRC_POLY[7:0];
  localparam [1:0] ST_OK    = KILN_LINK_STATUS_OK[1:0];
  localparam [1:0] ST_BUS   = KILN_LINK_STATUS_BUS_ERR[1:0];
  localparam [1:0] ST_TIME  = KILN_LINK_STATUS_TIMEOUT[1:0];
  // Bytes of a frame before its CRC byte, whose index in the frame this is. A WRITE's is known
  // only at its N-1 byte (index 5): 7 + 4N = 11 + 4(N-1).
  localparam [9:0] LAST_SHORT = 10'd1;  // SYNC, RESET
  localparam [9:0] LAST_READ  = 10'd6;  // ADDR(4) N-1
  localparam [9:0] LAST_WAIT  = 10'd9;  // MAX_CYCLES(8)
  localparam [9:0] LAST_WRITE = 10'd11; // ADDR(4) N-1 STRB DATA(4), until N-1 says more
  localparam [9:0] POS_NM1    = 10'd5;

  // One step of CRC-8, MSB first, over one byte (CRC-8/SMBUS with POLY 0x07).
  function [7:0] crc8;
    input [7:0] crc;
    input [7:0] data;
    integer i;
    reg [7:0] x;
    begin
      x = crc ^ data;
      for (i = 0; i < 8; i = i + 1) begin
        x = x[7] ? ({x[6:0], 1'b0} ^ POLY) : {x[6:0], 1'b0};
      end
      crc8 = x;
    end
  endfunction

  //////////////////////
  // UART             //
  //////////////////////

  wire       rx_stb;
  wire [7:0] rx_byte;
  wire       tx_valid;
  wire       tx_ready;
  reg  [31:0] out_q;    // reply bytes to send, the next in [7:0]
  reg  [2:0]  out_n_q;  // how many

  kiln_uart_rx #(
    .CLKS_PER_BIT (CLKS_PER_BIT)
  ) u_rx (
    .clk       (clk),
    .rst_n     (rst_n),
    .rx        (uart_rx),
    .out_valid (rx_stb),
    .out_data  (rx_byte)
  );

  assign tx_valid = (out_n_q != 3'd0);

  kiln_uart_tx #(
    .CLKS_PER_BIT (CLKS_PER_BIT)
  ) u_tx (
    .clk      (clk),
    .rst_n    (rst_n),
    .in_valid (tx_valid),
    .in_ready (tx_ready),
    .in_data  (out_q[7:0]),
    .tx       (uart_tx)
  );

  //////////////////////
  // Ring             //
  //////////////////////

  reg  [PW-1:0] wp_q;      // receiver: next byte's slot
  reg  [PW-1:0] commit_q;  // end of the committed frames; an open frame starts here
  reg  [PW-1:0] rp_q;      // executor: the byte it looks at
  wire          take;      // the executor consumes that byte this cycle
  wire [PW-1:0] rp_d = rp_q + {{(PW - 1){1'b0}}, take};

  reg           ring_we;
  reg  [RAW-1:0] ring_waddr;
  reg  [7:0]    ring_wdata;
  reg  [7:0]    ring [0:RING-1];
  reg  [7:0]    rbyte_q;   // ring[rp_q]
  reg           avail_q;   // rbyte_q is a committed byte

  always @(posedge clk) begin
    if (ring_we) begin
      ring[ring_waddr] <= ring_wdata;
    end
    rbyte_q <= ring[rp_d[RAW-1:0]];
  end

  // A slot below commit_q already holds its byte: a frame's bytes are written at the latest in
  // the cycle that commits it, which commit_q shows only from the next. So this cycle's read of
  // rp_d returns a committed byte whenever rp_d is below commit_q.
  always @(posedge clk) begin
    if (!rst_n) begin
      avail_q <= 1'b0;
    end else begin
      avail_q <= (rp_d != commit_q);
    end
  end

  //////////////////////
  // Receiver         //
  //////////////////////

  localparam R_IDLE = 1'b0; // no frame open: a command byte opens one, any other is dropped
  localparam R_BODY = 1'b1; // a frame is open

  reg          r_state_q;
  reg          r_write_q;  // the open frame is a WRITE
  reg          r_rw_q;     // ... a READ or a WRITE (N-1 at index 5)
  reg  [9:0]   pos_q;      // index in the frame of the next byte
  reg  [9:0]   last_q;     // index of the frame's CRC byte
  reg  [7:0]   rcrc_q;     // CRC of the frame's bytes so far
  reg  [IW-1:0] idle_q;    // cycles since the open frame's last byte

  wire [PW-1:0] used   = wp_q - rp_q;
  // The ring holds at most RING bytes, so the top bit of the fill is set exactly when it is full.
  wire          full   = used[PW-1];
  wire          is_cmd = (rx_byte == C_SYNC) || (rx_byte == C_READ) || (rx_byte == C_WRITE) ||
                         (rx_byte == C_WAIT) || (rx_byte == C_RESET);
  wire          at_crc = (pos_q == last_q);
  wire          crc_ok = (rx_byte == rcrc_q);
  // N-1 above 127 asks for more than KILN_LINK_MAX_WORDS: malformed, dropped like a bad command.
  wire          bad_n  = r_rw_q && (pos_q == POS_NM1) && rx_byte[7];
  wire [7:0]    rcrc_d = crc8((r_state_q == R_IDLE) ? 8'd0 : rcrc_q, rx_byte);

  reg [9:0] last_open;
  always @(*) begin
    case (rx_byte)
      C_READ:  last_open = LAST_READ;
      C_WRITE: last_open = LAST_WRITE;
      C_WAIT:  last_open = LAST_WAIT;
      default: last_open = LAST_SHORT;
    endcase
  end

  // The ring's one write port: the byte just received, or a NAK in place of a failed frame.
  always @(*) begin
    ring_we    = 1'b0;
    ring_waddr = wp_q[RAW-1:0];
    ring_wdata = rx_byte;
    if (rx_stb) begin
      if (r_state_q == R_IDLE) begin
        ring_we = is_cmd && !full;
      end else if (at_crc) begin
        if (!crc_ok) begin
          ring_we    = 1'b1;
          ring_waddr = commit_q[RAW-1:0];
          ring_wdata = C_NAK;
        end
      end else begin
        ring_we = !full;
      end
    end
  end

  always @(posedge clk) begin
    if (!rst_n) begin
      r_state_q <= R_IDLE;
      r_write_q <= 1'b0;
      r_rw_q    <= 1'b0;
      pos_q     <= 10'd0;
      last_q    <= 10'd0;
      rcrc_q    <= 8'd0;
      idle_q    <= {IW{1'b0}};
      wp_q      <= {PW{1'b0}};
      commit_q  <= {PW{1'b0}};
    end else begin
      case (r_state_q)
        R_IDLE: begin
          if (rx_stb && is_cmd && !full) begin
            r_state_q <= R_BODY;
            r_write_q <= (rx_byte == C_WRITE);
            r_rw_q    <= (rx_byte == C_WRITE) || (rx_byte == C_READ);
            pos_q     <= 10'd1;
            last_q    <= last_open;
            rcrc_q    <= rcrc_d;
            idle_q    <= {IW{1'b0}};
            wp_q      <= wp_q + 1'b1;
          end
        end
        default: begin // R_BODY
          if (rx_stb) begin
            idle_q <= {IW{1'b0}};
            if (at_crc) begin
              r_state_q <= R_IDLE;
              if (crc_ok) begin
                commit_q <= wp_q;
              end else begin
                commit_q <= commit_q + 1'b1;
                wp_q     <= commit_q + 1'b1;
              end
            end else if (full || bad_n) begin
              r_state_q <= R_IDLE;
              wp_q      <= commit_q;
            end else begin
              wp_q   <= wp_q + 1'b1;
              pos_q  <= pos_q + 1'b1;
              rcrc_q <= rcrc_d;
              if (r_write_q && pos_q == POS_NM1) begin
                last_q <= LAST_WRITE + {1'b0, rx_byte[6:0], 2'b00};
              end
            end
          end else if (idle_q == IDLE_LAST) begin
            r_state_q <= R_IDLE;
            wp_q      <= commit_q;
          end else begin
            idle_q <= idle_q + 1'b1;
          end
        end
      endcase
    end
  end

  //////////////////////
  // Executor         //
  //////////////////////

  localparam [3:0] E_CMD   = 4'd0;  // take a frame's command byte (or a NAK), send ACK
  localparam [3:0] E_HDR   = 4'd1;  // take ADDR N-1 (STRB) or MAX_CYCLES
  localparam [3:0] E_RGO   = 4'd2;  // READ: wait for the output to drain, then the first access
  localparam [3:0] E_REQ   = 4'd3;  // bus request
  localparam [3:0] E_RSP   = 4'd4;  // bus response
  localparam [3:0] E_RNEXT = 4'd5;  // READ: word sent; the next, or the tail
  localparam [3:0] E_WDATA = 4'd6;  // WRITE: take a word's four bytes
  localparam [3:0] E_WNEXT = 4'd7;  // WRITE: the next word, or the tail
  localparam [3:0] E_WAIT  = 4'd8;  // WAIT: count cycles
  localparam [3:0] E_RST   = 4'd9;  // RESET: hold board_rst_n low
  localparam [3:0] E_TAIL  = 4'd10; // STATUS (INDEX)
  localparam [3:0] E_CYC   = 4'd11; // WAIT: CYCLES[31:0]
  localparam [3:0] E_CYCHI = 4'd12; // WAIT: CYCLES[63:32]
  localparam [3:0] E_CRC   = 4'd13; // the reply's CRC

  reg  [3:0]  e_state_q;
  reg  [7:0]  cmd_q;
  reg  [2:0]  hp_q;       // header byte index
  reg  [1:0]  bc_q;       // byte of the write word
  // WAIT's MAX_CYCLES is {wdata_q, addr_q}: the two are free then, and sharing them saves 64
  // flip-flops (an LC each on iCE40) for an 8-bit multiplexer.
  reg  [31:0] addr_q;
  reg  [6:0]  nm1_q;      // N-1
  reg  [6:0]  idx_q;      // the word being accessed
  reg  [3:0]  strb_q;
  reg  [31:0] wdata_q;
  reg  [1:0]  status_q;
  reg  [6:0]  index_q;
  reg  [63:0] cyc_q;
  reg  [3:0]  rst_cnt_q;
  reg         brst_n_q;
  reg  [7:0]  tcrc_q;     // CRC of the reply's bytes sent so far
  reg         take_r;

  wire        out_empty = (out_n_q == 3'd0);
  wire [63:0] max_cycles = {wdata_q, addr_q};
  wire        tx_go     = tx_valid && tx_ready;
  wire        bus_err   = (status_q == ST_BUS);
  wire        last_word = (idx_q == nm1_q);
  wire        is_read   = (cmd_q == C_READ);
  // A READ word's reply bytes: zeros once the bus refused a word of the frame (E_RSP, E_RNEXT).
  wire [31:0] rword     = (host_rsp_err || bus_err) ? 32'd0 : host_rsp_rdata;

  assign take        = take_r;
  assign host_valid  = (e_state_q == E_REQ);
  assign host_write  = !is_read;
  assign host_addr   = addr_q;
  assign host_wdata  = wdata_q;
  assign host_wstrb  = is_read ? 4'd0 : strb_q;
  assign board_rst_n = brst_n_q;

  always @(*) begin
    case (e_state_q)
      E_CMD:          take_r = avail_q && out_empty;
      E_HDR, E_WDATA: take_r = avail_q;
      default:        take_r = 1'b0;
    endcase
  end

  always @(posedge clk) begin
    if (!rst_n) begin
      e_state_q <= E_CMD;
      cmd_q     <= 8'd0;
      hp_q      <= 3'd0;
      bc_q      <= 2'd0;
      addr_q    <= 32'd0;
      nm1_q     <= 7'd0;
      idx_q     <= 7'd0;
      strb_q    <= 4'd0;
      wdata_q   <= 32'd0;
      status_q  <= ST_OK;
      index_q   <= 7'd0;
      cyc_q     <= 64'd0;
      rst_cnt_q <= 4'd0;
      brst_n_q  <= 1'b0;
      tcrc_q    <= 8'd0;
      out_q     <= 32'd0;
      out_n_q   <= 3'd0;
      rp_q      <= {PW{1'b0}};
    end else begin
      rp_q     <= rp_d;
      brst_n_q <= 1'b1;  // unless RESET holds it low (E_CMD, E_RST)
      // The output register drains into the transmitter; the executor loads it only when it is
      // empty, so the two never collide.
      if (tx_go) begin
        out_q   <= {8'd0, out_q[31:8]};
        out_n_q <= out_n_q - 1'b1;
        tcrc_q  <= crc8(tcrc_q, out_q[7:0]);
      end
      case (e_state_q)
        E_CMD: begin
          if (take) begin
            cmd_q    <= rbyte_q;
            hp_q     <= 3'd0;
            bc_q     <= 2'd0;
            idx_q    <= 7'd0;
            status_q <= ST_OK;
            index_q  <= 7'd0;
            cyc_q    <= 64'd0;
            tcrc_q   <= 8'd0;
            // ACK, and for SYNC 'K' 'L' VERSION. A NAK marker's ACK is itself (0xEE has the bit).
            out_q    <= {VERSION, 8'h4C, 8'h4B, rbyte_q | ACK_BIT};
            out_n_q  <= 3'd1;
            case (rbyte_q)
              C_SYNC: begin
                out_n_q   <= 3'd4;
                e_state_q <= E_CRC;
              end
              C_READ, C_WRITE, C_WAIT: begin
                e_state_q <= E_HDR;
              end
              C_RESET: begin
                brst_n_q  <= 1'b0;
                rst_cnt_q <= 4'd0;
                e_state_q <= E_RST;
              end
              default: begin
                // A NAK marker (the receiver commits nothing else): the NAK is the whole reply.
              end
            endcase
          end
        end
        E_HDR: begin
          if (take) begin
            hp_q <= hp_q + 1'b1;
            if (cmd_q == C_WAIT) begin
              {wdata_q, addr_q} <= {rbyte_q, wdata_q, addr_q[31:8]};
              if (hp_q == 3'd7) begin
                e_state_q <= E_WAIT;
              end
            end else begin
              case (hp_q)
                3'd0, 3'd1, 3'd2, 3'd3: addr_q <= {rbyte_q, addr_q[31:8]};
                3'd4: begin
                  nm1_q <= rbyte_q[6:0];
                  if (is_read) begin
                    e_state_q <= E_RGO;
                  end
                end
                default: begin
                  strb_q    <= rbyte_q[3:0];
                  e_state_q <= E_WDATA;
                end
              endcase
            end
          end
        end
        E_RGO: begin
          if (out_empty) begin
            e_state_q <= E_REQ;
          end
        end
        E_REQ: begin
          if (host_ready) begin
            e_state_q <= E_RSP;
          end
        end
        E_RSP: begin
          if (host_rsp_valid) begin
            if (host_rsp_err) begin
              status_q <= ST_BUS;
              index_q  <= idx_q;
            end
            if (is_read) begin
              // The output drained before the request (E_RGO, E_RNEXT).
              out_q     <= rword;
              out_n_q   <= 3'd4;
              e_state_q <= E_RNEXT;
            end else begin
              e_state_q <= E_WNEXT;
            end
          end
        end
        E_RNEXT: begin
          if (out_empty) begin
            if (last_word) begin
              e_state_q <= E_TAIL;
            end else begin
              idx_q  <= idx_q + 1'b1;
              addr_q <= addr_q + 32'd4;
              if (bus_err) begin
                // No later word is accessed; zeros keep the reply's length.
                out_q   <= rword;
                out_n_q <= 3'd4;
              end else begin
                e_state_q <= E_REQ;
              end
            end
          end
        end
        E_WDATA: begin
          if (take) begin
            wdata_q <= {rbyte_q, wdata_q[31:8]};
            bc_q    <= bc_q + 1'b1;
            if (bc_q == 2'd3) begin
              // After a bus error the rest of the frame is only read out of the ring.
              e_state_q <= bus_err ? E_WNEXT : E_REQ;
            end
          end
        end
        E_WNEXT: begin
          if (last_word) begin
            e_state_q <= E_TAIL;
          end else begin
            idx_q     <= idx_q + 1'b1;
            addr_q    <= addr_q + 32'd4;
            e_state_q <= E_WDATA;
          end
        end
        E_WAIT: begin
          if (irq) begin
            status_q  <= ST_OK;
            e_state_q <= E_TAIL;
          end else if (cyc_q == max_cycles) begin
            status_q  <= ST_TIME;
            e_state_q <= E_TAIL;
          end else begin
            cyc_q <= cyc_q + 64'd1;
          end
        end
        E_RST: begin
          if (rst_cnt_q != 4'd15) begin
            brst_n_q  <= 1'b0;
            rst_cnt_q <= rst_cnt_q + 1'b1;
          end else begin
            e_state_q <= E_TAIL;
          end
        end
        E_TAIL: begin
          if (out_empty) begin
            // STATUS, and for READ and WRITE INDEX.
            out_q <= {16'd0, 1'b0, index_q, 6'd0, status_q};
            if (cmd_q == C_READ || cmd_q == C_WRITE) begin
              out_n_q   <= 3'd2;
              e_state_q <= E_CRC;
            end else begin
              out_n_q   <= 3'd1;
              e_state_q <= (cmd_q == C_WAIT) ? E_CYC : E_CRC;
            end
          end
        end
        E_CYC: begin
          if (out_empty) begin
            out_q     <= cyc_q[31:0];
            out_n_q   <= 3'd4;
            e_state_q <= E_CYCHI;
          end
        end
        E_CYCHI: begin
          if (out_empty) begin
            out_q     <= cyc_q[63:32];
            out_n_q   <= 3'd4;
            e_state_q <= E_CRC;
          end
        end
        E_CRC: begin
          if (out_empty) begin
            out_q     <= {24'd0, tcrc_q};
            out_n_q   <= 3'd1;
            e_state_q <= E_CMD;
          end
        end
        default: e_state_q <= E_CMD;
      endcase
    end
  end

endmodule

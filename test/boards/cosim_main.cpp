// SPDX-License-Identifier: Apache-2.0
// kiln-cosim: a real board's top (bsp/BOARD/rtl/kiln_BOARD_top.v with SIM_CLOCK=1: the real UART bridge, shell
// and device memory around an image), Verilated under the class name Vcosim_top, with its UART pins wired bit by bit
// to a pseudo-terminal, so that a host program talks to the simulated board through a real tty, as it would
// to /dev/ttyUSB1 (docs/host-link.md). Built by test/boards/build-cosim. C++ only for Verilator's model.
//
//   kiln-cosim [--clks-per-bit N] [--poll-cycles N] [--exit-on-close]
//
// It prints one line, "pty /dev/pts/N", on stdout once the board is out of reset, and then simulates without
// pause, at full speed (one core), whether or not anyone is connected: a kernel or a WAIT runs on while the
// host waits. The host opens the slave (already in raw mode; its baud rate means nothing on a pty), and may
// close and open it again as often as it likes. Bytes the board sends while no one has the slave open are
// lost, as on a real line. It stops on SIGTERM or SIGINT, or with --exit-on-close once a client that had the
// slave open has closed it; it exits 0 then, and prints what it simulated on stderr.
//
// Every CLKS_PER_BIT cycles one bit: a transmitter drives the board's RX from the bytes the host wrote (8N1,
// least significant bit first), and a receiver samples the board's TX in the middle of each bit. The pty is
// looked at every --poll-cycles cycles (non-blocking, some tens of microseconds); bytes wait in queues
// between looks, so that the line into the board carries them back to back.
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "Vcosim_top.h"
#include "verilated.h"

// COSIM_BTN_N is left undefined for a board without a reset button (the HX8K breakout).
#if !defined(COSIM_CLK) || !defined(COSIM_RX) || !defined(COSIM_TX)
#error "build with -DCOSIM_CLK=<the top's clock>, COSIM_RX, COSIM_TX, any COSIM_BTN_N (build-cosim does)"
#endif
#ifndef KILN_COSIM_CLKS_PER_BIT
#error "build with -DKILN_COSIM_CLKS_PER_BIT=<the model's CLKS_PER_BIT> (test/boards/build-cosim does)"
#endif

// Bytes waiting in either direction: the host keeps at most KILN_LINK_WINDOW_BYTES (2048) of frames
// unanswered, and the master is only read while there is room, so the pty's own buffer holds back a host that
// sends more.
#define QUEUE_BYTES 65536u

struct queue {
	uint8_t buf[QUEUE_BYTES];
	uint32_t head, tail; // free-running; head - tail bytes queued
};

static uint32_t q_len(const queue *q)
{
	return q->head - q->tail;
}

static void q_push(queue *q, uint8_t b)
{
	q->buf[q->head++ % QUEUE_BYTES] = b;
}

static uint8_t q_pop(queue *q)
{
	return q->buf[q->tail++ % QUEUE_BYTES];
}

// The host's side of the line into the board's RX: one byte at a time, start bit, 8 data bits, stop bit.
struct uart_out {
	int bit;      // -1 idle, 0 start bit, 1..8 data bits, 9 stop bit
	unsigned cnt; // cycles left of this bit
	uint8_t byte;
};

// The level of the line for this cycle.
static int uart_out_step(uart_out *u, queue *q, unsigned cpb)
{
	if (u->bit < 0) {
		if (q_len(q) == 0)
			return 1;
		u->byte = q_pop(q);
		u->bit = 0;
		u->cnt = cpb;
	}
	int level = u->bit == 0 ? 0 : u->bit <= 8 ? (u->byte >> (u->bit - 1)) & 1 : 1;
	if (--u->cnt == 0) {
		u->cnt = cpb;
		if (++u->bit == 10)
			u->bit = -1;
	}
	return level;
}

// The host's receiver on the board's TX: a falling edge starts a byte, sampled in the middle of each bit.
enum { RX_IDLE, RX_START, RX_DATA, RX_STOP, RX_BREAK };
struct uart_in {
	int state;
	unsigned cnt;
	int bit;
	uint8_t byte;
	uint64_t framing_errors;
};

static void uart_in_step(uart_in *u, int line, queue *q, unsigned cpb)
{
	switch (u->state) {
	case RX_IDLE:
		if (!line) {
			u->state = RX_START;
			u->cnt = cpb / 2;
		}
		break;
	case RX_START:
		if (--u->cnt == 0) {
			// A glitch shorter than half a bit is no start bit.
			u->state = line ? RX_IDLE : RX_DATA;
			u->cnt = cpb;
			u->bit = 0;
			u->byte = 0;
		}
		break;
	case RX_DATA:
		if (--u->cnt == 0) {
			u->byte |= (uint8_t)(line << u->bit);
			u->cnt = cpb;
			if (++u->bit == 8)
				u->state = RX_STOP;
		}
		break;
	case RX_STOP:
		if (--u->cnt == 0) {
			if (line) {
				if (q_len(q) < QUEUE_BYTES)
					q_push(q, u->byte);
				u->state = RX_IDLE;
			} else {
				u->framing_errors++;
				u->state = RX_BREAK;
			}
		}
		break;
	default: // RX_BREAK: wait for the line to go high
		if (line)
			u->state = RX_IDLE;
		break;
	}
}

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
}

static void usage(void)
{
	fprintf(stderr,
	        "usage: kiln-cosim [--clks-per-bit N] [--poll-cycles N] [--exit-on-close]\n"
	        "  --clks-per-bit N  cycles per bit on the UART (default %u, the model's CLKS_PER_BIT:\n"
	        "                    the board's bridge uses that, another value breaks the link)\n"
	        "  --poll-cycles N   look at the pty every N cycles (default 256)\n"
	        "  --exit-on-close   exit once a client that had the pty open has closed it\n"
	        "                    (default: run until SIGTERM or SIGINT)\n",
	        (unsigned)KILN_COSIM_CLKS_PER_BIT);
	exit(2);
}

static unsigned parse_count(const char *s)
{
	char *end;
	errno = 0;
	unsigned long v = strtoul(s, &end, 0);
	if (errno || end == s || *end || v == 0 || v > 1000000)
		usage();
	return (unsigned)v;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	unsigned cpb = KILN_COSIM_CLKS_PER_BIT;
	unsigned poll_cycles = 256;
	int exit_on_close = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--clks-per-bit") && i + 1 < argc)
			cpb = parse_count(argv[++i]);
		else if (!strcmp(argv[i], "--poll-cycles") && i + 1 < argc)
			poll_cycles = parse_count(argv[++i]);
		else if (!strcmp(argv[i], "--exit-on-close"))
			exit_on_close = 1;
		else
			usage();
	}
	if (cpb < 4)
		usage();
	if (cpb != KILN_COSIM_CLKS_PER_BIT)
		fprintf(stderr,
		        "kiln-cosim: warning: --clks-per-bit %u, but the model's bridge was built for %u\n",
		        cpb, (unsigned)KILN_COSIM_CLKS_PER_BIT);

	// The pty: the slave is put in raw mode (no echo, no line editing, no CR/LF translation, all 8 bits)
	// and closed again; the mode stays with the pty while the master is open, for every later open of the
	// slave.
	int master = posix_openpt(O_RDWR | O_NOCTTY);
	if (master < 0 || grantpt(master) || unlockpt(master)) {
		perror("kiln-cosim: posix_openpt");
		return 1;
	}
	const char *slave_name = ptsname(master);
	if (!slave_name) {
		perror("kiln-cosim: ptsname");
		return 1;
	}
	char slave_path[256];
	snprintf(slave_path, sizeof slave_path, "%s", slave_name);
	int slave = open(slave_path, O_RDWR | O_NOCTTY);
	struct termios tio;
	if (slave < 0 || tcgetattr(slave, &tio)) {
		perror("kiln-cosim: the pty's slave");
		return 1;
	}
	cfmakeraw(&tio);
	tio.c_cc[VMIN] = 1;
	tio.c_cc[VTIME] = 0;
	if (tcsetattr(slave, TCSANOW, &tio)) {
		perror("kiln-cosim: tcsetattr");
		return 1;
	}
	close(slave);
	int fl = fcntl(master, F_GETFL);
	if (fl < 0 || fcntl(master, F_SETFL, fl | O_NONBLOCK)) {
		perror("kiln-cosim: fcntl");
		return 1;
	}

	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);

	VerilatedContext *ctx = new VerilatedContext;
	Vcosim_top *top = new Vcosim_top{ctx};
	static queue to_board, from_board;
	uart_out tx = {-1, 0, 0};
	uart_in rx = {RX_IDLE, 0, 0, 0, 0};
	uint64_t cycles = 0, bytes_in = 0, bytes_out = 0, bytes_lost = 0;
	int client = 0, seen_client = 0;

	// Out of reset before anyone can send: the PLL counts as locked at once, the board's reset lasts 16
	// cycles after the button's two-flop synchroniser (the button is never pressed here).
#ifdef COSIM_BTN_N
	top->COSIM_BTN_N = 1;
#endif
	top->COSIM_RX = 1;
	top->COSIM_CLK = 0;
	top->eval();
	for (; cycles < 64; cycles++) {
		top->COSIM_CLK = 1;
		top->eval();
		top->COSIM_CLK = 0;
		top->eval();
	}
	printf("pty %s\n", slave_path);
	fflush(stdout);
	double t0 = now();

	while (!stop_signal) {
		for (unsigned i = 0; i < poll_cycles; i++) {
			top->COSIM_RX = uart_out_step(&tx, &to_board, cpb);
			top->COSIM_CLK = 1;
			top->eval();
			uart_in_step(&rx, top->COSIM_TX, &from_board, cpb);
			top->COSIM_CLK = 0;
			top->eval();
		}
		cycles += poll_cycles;

		struct pollfd p = {master, POLLIN | POLLOUT, 0};
		if (poll(&p, 1, 0) < 0) {
			if (errno == EINTR)
				continue;
			perror("kiln-cosim: poll");
			break;
		}
		// What a client wrote, even one that has closed the slave since (the master reads the bytes
		// it left before it reports EIO).
		if ((p.revents & POLLIN) && q_len(&to_board) < QUEUE_BYTES) {
			uint8_t buf[4096];
			uint32_t room = QUEUE_BYTES - q_len(&to_board);
			ssize_t n = read(master, buf, room < sizeof buf ? room : sizeof buf);
			for (ssize_t k = 0; k < n; k++)
				q_push(&to_board, buf[k]);
			if (n > 0)
				bytes_in += (uint64_t)n;
		}
		// POLLHUP: no one has the slave open (yet, or any more): what the board sends is lost.
		if (p.revents & POLLHUP) {
			bytes_lost += q_len(&from_board);
			from_board.tail = from_board.head;
			if (client && exit_on_close)
				break;
			client = 0;
			continue;
		}
		client = seen_client = 1;
		while ((p.revents & POLLOUT) && q_len(&from_board)) {
			uint8_t buf[4096];
			uint32_t n = 0;
			while (n < sizeof buf && from_board.tail + n != from_board.head) {
				buf[n] = from_board.buf[(from_board.tail + n) % QUEUE_BYTES];
				n++;
			}
			ssize_t w = write(master, buf, n);
			if (w <= 0)
				break; // EAGAIN: the slave's buffer is full; the host reads on
			from_board.tail += (uint32_t)w;
			bytes_out += (uint64_t)w;
		}
	}

	double dt = now() - t0;
	fprintf(stderr,
	        "kiln-cosim: %s after %llu cycles in %.2f s (%.2f M cycles/s); %llu bytes from the host, "
	        "%llu to it (%llu lost with no one connected), %llu framing errors; %s\n",
	        stop_signal ? "stopped by a signal" : "the client closed the pty", (unsigned long long)cycles,
	        dt, dt > 0 ? (cycles - 64) / dt / 1e6 : 0.0, (unsigned long long)bytes_in,
	        (unsigned long long)bytes_out, (unsigned long long)bytes_lost,
	        (unsigned long long)rx.framing_errors,
	        seen_client ? "a client was connected" : "no client ever connected");
	top->final();
	delete top;
	delete ctx;
	close(master);
	return 0;
}

// SPDX-License-Identifier: Apache-2.0
/* The "serial" backend: a real board reached through its UART bridge (docs/host-link.md), over a tty the
 * board file or KILN_SERIAL_PORT names (an FTDI's /dev/ttyUSB1, or the pty of a co-simulated board). Every
 * frame is checked and answered; a reply that does not come, or comes wrong, puts the link back in step
 * (SYNC) and the access fails with KILN_ERR_IO, so no access is ever taken as done when it was not. Blocks
 * of accesses go as frames of up to KILN_LINK_MAX_WORDS words, sent ahead of their replies within the
 * bridge's window, so that a long transfer keeps the line busy. */
#include "host/backend/serial.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "host/common/contract.h"
#include "host/common/fileio.h"
#include "host/common/image.h"
#include "kiln/kiln.h"

#define FRAME_MAX (8 + 4 * KILN_LINK_MAX_WORDS)
#define REPLY_MAX (4 + 4 * KILN_LINK_MAX_WORDS)

struct kiln_backend {
	const kiln_board_config *cfg;
	int fd;
	double byte_s;   /* seconds per byte on the line (10 bits) */
	double clock_hz; /* the board clock, for WAIT's deadline */
	int in_step;     /* the board answered SYNC (an FPGA without its bitstream does not) */
};

uint8_t kiln_link_crc8(const uint8_t *p, size_t n)
{
	uint8_t c = 0;
	for (size_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = (uint8_t)(c & 0x80 ? (unsigned)c << 1 ^ KILN_LINK_CRC_POLY : (unsigned)c << 1);
	}
	return c;
}

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void set_err(char *err, size_t errlen, const char *fmt, const char *a, const char *b)
{
	if (err && errlen)
		snprintf(err, errlen, fmt, a, b);
}

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int send_all(kiln_backend *b, const uint8_t *p, size_t n)
{
	while (n) {
		ssize_t w = write(b->fd, p, n);
		if (w < 0 && (errno == EINTR || errno == EAGAIN)) {
			struct pollfd pf = {b->fd, POLLOUT, 0};
			poll(&pf, 1, 100);
			continue;
		}
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Reads exactly N bytes before DEADLINE (now_s() time); -1 on a timeout, the end of the file or an error. */
static int recv_all(kiln_backend *b, uint8_t *p, size_t n, double deadline)
{
	while (n) {
		double left = deadline - now_s();
		if (left <= 0)
			return -1;
		struct pollfd pf = {b->fd, POLLIN, 0};
		int ms = left > 1.0 ? 1000 : (int)(left * 1000) + 1;
		int r = poll(&pf, 1, ms);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 || (r > 0 && !(pf.revents & POLLIN)))
			return -1;
		if (r == 0)
			continue;
		ssize_t got = read(b->fd, p, n);
		if (got < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (got <= 0)
			return -1;
		p += got;
		n -= (size_t)got;
	}
	return 0;
}

/* How long N bytes each way may take: their line time twice over, and USB's and the OS's latency. */
static double budget(const kiln_backend *b, size_t n)
{
	return 0.5 + 2.0 * b->byte_s * (double)n;
}

/* Puts the link in step (docs/host-link.md): silence past the bridge's idle time, whatever arrived
 * meanwhile discarded, then SYNC and its exact reply. 0, or -1 after three tries. */
static int link_sync(kiln_backend *b)
{
	for (int tries = 0; tries < 3; tries++) {
		/* at least 100 ms: a co-simulated board's idle time passes in simulated cycles, slower */
		double quiet = b->byte_s * KILN_LINK_IDLE_BYTES * 1.5, until;
		quiet = quiet > 0.1 ? quiet : 0.1;
		until = now_s() + quiet;
		uint8_t junk[256];
		while (now_s() < until) {
			struct pollfd pf = {b->fd, POLLIN, 0};
			if (poll(&pf, 1, 5) > 0 && (pf.revents & POLLIN) &&
			    read(b->fd, junk, sizeof junk) < 0 && errno != EAGAIN && errno != EINTR)
				return -1;
		}
		tcflush(b->fd, TCIFLUSH);
		uint8_t f[2] = {KILN_LINK_SYNC, 0}, r[5];
		f[1] = kiln_link_crc8(f, 1);
		if (send_all(b, f, 2) != 0)
			return -1;
		if (recv_all(b, r, 5, now_s() + budget(b, 7)) == 0 &&
		    r[0] == (KILN_LINK_SYNC | KILN_LINK_ACK_BIT) && r[1] == 'K' && r[2] == 'L' &&
		    r[3] == KILN_LINK_VERSION && r[4] == kiln_link_crc8(r, 4))
			return 0;
	}
	return -1;
}

/* Reads the reply of LEN bytes to a frame of command CMD into R: 0, KILN_ERR_BUS (R's STATUS says so; its
 * INDEX is R[LEN - 2]), or KILN_ERR_IO when the link lost its place (NAK, no reply, a wrong byte or CRC),
 * after which it is put back in step. */
static int reply(kiln_backend *b, uint8_t cmd, uint8_t *r, size_t len)
{
	double deadline = now_s() + budget(b, len);
	if (recv_all(b, r, 1, deadline) == 0 && r[0] == (cmd | KILN_LINK_ACK_BIT) &&
	    recv_all(b, r + 1, len - 1, deadline) == 0 && r[len - 1] == kiln_link_crc8(r, len - 1)) {
		uint8_t status = r[len - 3];
		if (status == KILN_LINK_STATUS_OK)
			return KILN_OK;
		if (status == KILN_LINK_STATUS_BUS_ERR)
			return KILN_ERR_BUS;
	}
	link_sync(b);
	return KILN_ERR_IO;
}

/* Frame bytes of an access of N words from ADDR into F (WORDS written when WRITE); its length. */
static size_t access_frame(uint8_t *f, uint32_t addr, const uint32_t *words, size_t n, int write,
                           uint32_t strb)
{
	size_t k = 0;
	f[k++] = write ? KILN_LINK_WRITE : KILN_LINK_READ;
	put32(f + k, addr);
	k += 4;
	f[k++] = (uint8_t)(n - 1);
	if (write) {
		f[k++] = (uint8_t)(strb & 0xF);
		for (size_t i = 0; i < n; i++, k += 4)
			put32(f + k, words[i]);
	}
	f[k] = kiln_link_crc8(f, k);
	return k + 1;
}

static size_t reply_len(size_t n, int write)
{
	return write ? 4 : 4 + 4 * n;
}

/* N consecutive word accesses from ADDR, all with byte enables STRB when writing, as frames sent ahead of
 * their replies within the bridge's window. Stops at the first bus error (KILN_ERR_BUS); the frames sent
 * after it were taken by the board like any others, which callers allow for (backend.h). */
static int access_words(kiln_backend *b, uint32_t addr, uint32_t *words, size_t n, int write, uint32_t strb)
{
	enum { MAXF = KILN_LINK_WINDOW_BYTES / 8 + 2 };
	size_t sent = 0, done = 0, inflight = 0, fw[MAXF], fn[MAXF], fl[MAXF];
	int head = 0, tail = 0, rc = KILN_OK;
	uint8_t f[FRAME_MAX], r[REPLY_MAX];
	while (done < n) {
		size_t chunk = n - sent < KILN_LINK_MAX_WORDS ? n - sent : KILN_LINK_MAX_WORDS;
		size_t flen = write ? 8 + 4 * chunk : 7;
		if (sent < n && rc == KILN_OK && (head - tail) < MAXF &&
		    (inflight == 0 || inflight + flen <= KILN_LINK_WINDOW_BYTES)) {
			uint32_t a = addr + 4u * (uint32_t)sent;
			size_t len = access_frame(f, a, words + sent, chunk, write, strb);
			if (send_all(b, f, len) != 0) {
				rc = KILN_ERR_IO;
				link_sync(b);
				break;
			}
			fw[head % MAXF] = sent;
			fn[head % MAXF] = chunk;
			fl[head % MAXF] = len;
			head++;
			inflight += len;
			sent += chunk;
			continue;
		}
		if (head == tail)
			break;
		size_t at = fw[tail % MAXF], cnt = fn[tail % MAXF], len = reply_len(cnt, write);
		inflight -= fl[tail % MAXF];
		tail++;
		int st = reply(b, write ? KILN_LINK_WRITE : KILN_LINK_READ, r, len);
		if (st == KILN_ERR_IO) {
			rc = st; /* the link was put back in step: the frames still in flight are gone with it
			          */
			break;
		}
		if (!write)
			for (size_t i = 0; i < cnt; i++)
				words[at + i] = get32(r + 1 + 4 * i);
		if (st != KILN_OK && rc == KILN_OK)
			rc = st;
		done = at + cnt;
	}
	/* replies of frames sent after a bus error still come: read them so the link stays in step */
	while (rc == KILN_ERR_BUS && head != tail) {
		size_t cnt = fn[tail % MAXF];
		tail++;
		if (reply(b, write ? KILN_LINK_WRITE : KILN_LINK_READ, r, reply_len(cnt, write)) ==
		    KILN_ERR_IO)
			break;
	}
	return rc;
}

static int mmio_read_serial(kiln_backend *b, uint32_t addr, uint32_t *val)
{
	uint32_t w = 0;
	int rc = access_words(b, addr, &w, 1, 0, 0);
	if (val)
		*val = rc == KILN_OK ? w : 0;
	return rc;
}

static int mmio_write_strb_serial(kiln_backend *b, uint32_t addr, uint32_t val, uint32_t strb)
{
	return access_words(b, addr, &val, 1, 1, strb);
}

static int mmio_write_serial(kiln_backend *b, uint32_t addr, uint32_t val)
{
	return mmio_write_strb_serial(b, addr, val, 0xF);
}

static int mmio_block_serial(kiln_backend *b, uint32_t addr, uint32_t *words, size_t n, int write)
{
	if (!words && n)
		return KILN_ERR_INVALID;
	return n ? access_words(b, addr, words, n, write, 0xF) : KILN_OK;
}

/* Device memory through the host window: whole words as blocks, a partial word at either end alone with
 * its byte enables (a read reads the whole word). */
static int mem_access(kiln_backend *b, uint64_t off, uint8_t *buf, size_t n, int write)
{
	if (off > b->cfg->devmem_bytes || n > b->cfg->devmem_bytes - off)
		return KILN_ERR_INVALID;
	while (n) {
		uint32_t addr = KILN_DEVMEM_BASE + (uint32_t)(off & ~3ull), lane = (uint32_t)(off & 3);
		if (lane || n < 4) {
			size_t k = 4 - lane < n ? 4 - lane : n;
			uint32_t w = 0, strb = ((1u << k) - 1) << lane;
			int rc;
			if (write) {
				for (size_t i = 0; i < k; i++)
					w |= (uint32_t)buf[i] << (8 * (lane + i));
				rc = access_words(b, addr, &w, 1, 1, strb);
			} else {
				rc = access_words(b, addr, &w, 1, 0, 0);
				for (size_t i = 0; i < k; i++)
					buf[i] = (uint8_t)(w >> (8 * (lane + i)));
			}
			if (rc)
				return rc;
			off += k, buf += k, n -= k;
			continue;
		}
		size_t words = n / 4 > 4096 ? 4096 : n / 4;
		uint32_t tmp[4096];
		if (write)
			memcpy(tmp, buf, 4 * words); /* the host is little-endian, as the bus */
		int rc = access_words(b, addr, tmp, words, write, 0xF);
		if (!write)
			memcpy(buf, tmp, 4 * words);
		if (rc)
			return rc;
		off += 4 * words, buf += 4 * words, n -= 4 * words;
	}
	return KILN_OK;
}

static int mem_read_serial(kiln_backend *b, uint64_t off, void *dst, size_t n)
{
	return !dst && n ? KILN_ERR_INVALID : mem_access(b, off, dst, n, 0);
}

static int mem_write_serial(kiln_backend *b, uint64_t off, const void *src, size_t n)
{
	return !src && n ? KILN_ERR_INVALID : mem_access(b, off, (uint8_t *)src, n, 1);
}

static int wait_irq_serial(kiln_backend *b, uint64_t max_cycles, uint64_t *cycles)
{
	uint8_t f[10] = {KILN_LINK_WAIT}, r[11]; /* ACK STATUS CYCLES(8) CRC */
	for (int i = 0; i < 8; i++)
		f[1 + i] = (uint8_t)(max_cycles >> (8 * i));
	f[9] = kiln_link_crc8(f, 9);
	if (cycles)
		*cycles = 0;
	if (send_all(b, f, sizeof f) != 0)
		return KILN_ERR_IO;
	double deadline = now_s() + budget(b, sizeof f + sizeof r) + (double)max_cycles / b->clock_hz * 1.5;
	if (recv_all(b, r, sizeof r, deadline) != 0 || r[0] != (KILN_LINK_WAIT | KILN_LINK_ACK_BIT) ||
	    r[10] != kiln_link_crc8(r, 10)) {
		link_sync(b);
		return KILN_ERR_IO;
	}
	uint64_t c = 0;
	for (int i = 0; i < 8; i++)
		c |= (uint64_t)r[2 + i] << (8 * i);
	if (cycles)
		*cycles = c;
	return r[1] == KILN_LINK_STATUS_OK ? KILN_OK : KILN_ERR_TIMEOUT;
}

static uint64_t cycles_serial(kiln_backend *b)
{
	uint32_t lo = 0, hi = 0; /* reading LO latches HI */
	if (mmio_read_serial(b, KILN_SHELL_BASE + KILN_SHELL_CYCLE_LO, &lo) ||
	    mmio_read_serial(b, KILN_SHELL_BASE + KILN_SHELL_CYCLE_HI, &hi))
		return 0;
	return (uint64_t)hi << 32 | lo;
}

static int reset_serial(kiln_backend *b, char *err, size_t errlen)
{
	uint8_t f[2] = {KILN_LINK_RESET, 0}, r[3];
	f[1] = kiln_link_crc8(f, 1);
	if (send_all(b, f, 2) == 0 && recv_all(b, r, sizeof r, now_s() + budget(b, 5)) == 0 &&
	    r[0] == (KILN_LINK_RESET | KILN_LINK_ACK_BIT) && r[1] == KILN_LINK_STATUS_OK &&
	    r[2] == kiln_link_crc8(r, 2))
		return KILN_OK;
	link_sync(b);
	set_err(err, errlen, "serial: board '%s': no answer to RESET on %s", b->cfg->name, "the link");
	return KILN_ERR_IO;
}

/* The board's image: 0 with its hash in *HASH, or a status when the ID block cannot be read or is not a
 * Kiln image's (KILN_ERR_HW). */
static int board_image(kiln_backend *b, uint64_t *hash)
{
	uint32_t magic = 0, lo = 0, hi = 0;
	if (!b->in_step && link_sync(b) != 0)
		return KILN_ERR_IO;
	b->in_step = 1;
	int rc = mmio_read_serial(b, KILN_IMAGE_BASE + KILN_IMG_MAGIC, &magic);
	rc = rc ? rc : mmio_read_serial(b, KILN_IMAGE_BASE + KILN_IMG_HASH_LO, &lo);
	rc = rc ? rc : mmio_read_serial(b, KILN_IMAGE_BASE + KILN_IMG_HASH_HI, &hi);
	if (rc == KILN_OK && magic != KILN_IMG_MAGIC_VALUE)
		rc = KILN_ERR_HW;
	*hash = (uint64_t)hi << 32 | lo;
	return rc;
}

/* Writes IMG's bitstream to a private temporary file and runs the family's programmer on it
 * (KILN_PROGRAMMER, a command the file's name is appended to, overrides it): iceprog -S loads an iCE40's
 * SRAM, openFPGALoader an ECP5's. 0, or -1 with ERR. */
static int load_bitstream(kiln_backend *b, const kiln_image *img, char *err, size_t errlen)
{
	size_t len = 0;
	const void *bits = kiln_image_section(img, KILN_SEC_BITS, &len);
	if (!bits || !len) {
		set_err(err, errlen,
		        "serial: board '%s': the image has no bitstream (BITS section): build it "
		        "with kiln-cc --board %s",
		        b->cfg->name, b->cfg->name);
		return -1;
	}
	const char *tmpdir = getenv("TMPDIR");
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/kiln-bitstream-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
	/* mkstemp makes the name ours (mode 0600); the project's private writer fills it */
	int fd = mkstemp(path);
	if (fd >= 0)
		close(fd);
	if (fd < 0 || kiln_write_private(path, bits, len) != 0) {
		set_err(err, errlen, "serial: cannot write the bitstream to a temporary file (%s): %s", path,
		        strerror(errno));
		if (fd >= 0)
			unlink(path);
		return -1;
	}
	const char *prog = getenv("KILN_PROGRAMMER");
	const char *def = b->cfg->fpga.family == KILN_FPGA_ECP5 ? "openFPGALoader -b ulx3s" : "iceprog -S";
	if (!prog || !*prog)
		prog = def;
	pid_t pid = fork();
	if (pid == 0) {
		/* the programmer's words, then the file (no shell: nothing of the file name is interpreted)
		 */
		char cmd[512], *av[32];
		int n = 0;
		snprintf(cmd, sizeof cmd, "%s", prog);
		for (char *t = strtok(cmd, " \t"); t && n < 30; t = strtok(NULL, " \t"))
			av[n++] = t;
		av[n++] = path;
		av[n] = NULL;
		int out = open("/dev/null", O_WRONLY);
		if (out >= 0)
			dup2(out, STDOUT_FILENO);
		execvp(av[0], av);
		_exit(127);
	}
	int st = 0;
	while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	unlink(path);
	if (pid < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		set_err(err, errlen, "serial: the programmer (%s) failed to load the bitstream%s", prog,
		        pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 127
		            ? ": not found (set KILN_PROGRAMMER)"
		            : "");
		return -1;
	}
	return 0;
}

/* Loads IMG onto the board unless the board runs it already (its ID block's hash), then resets it as a
 * freshly loaded image would be. */
static int program_serial(kiln_backend *b, const kiln_image *img, char *err, size_t errlen)
{
	uint64_t have = 0, want = kiln_image_hash(img);
	if (board_image(b, &have) != KILN_OK || have != want) {
		if (load_bitstream(b, img, err, errlen) != 0)
			return KILN_ERR_HW;
		b->in_step = 0;
		int rc = KILN_ERR_IO;
		/* a loaded FPGA configures itself in well under a second */
		for (double until = now_s() + 3.0; rc != KILN_OK && now_s() < until;)
			rc = board_image(b, &have);
		if (rc != KILN_OK || have != want) {
			char h[24];
			snprintf(h, sizeof h, "%016llx", (unsigned long long)want);
			set_err(
			    err, errlen,
			    "serial: the bitstream was loaded but the board does not answer as image %s (%s)",
			    h, rc == KILN_OK ? "another hash" : kiln_status_name(rc));
			return KILN_ERR_HW;
		}
	}
	return reset_serial(b, err, errlen);
}

static speed_t speed_of(uint32_t baud)
{
	static const struct {
		uint32_t baud;
		speed_t sp;
	} t[] = {{9600, B9600},       {19200, B19200},     {38400, B38400},     {57600, B57600},
	         {115200, B115200},   {230400, B230400},   {460800, B460800},   {500000, B500000},
	         {576000, B576000},   {921600, B921600},   {1000000, B1000000}, {1152000, B1152000},
	         {1500000, B1500000}, {2000000, B2000000}, {2500000, B2500000}, {3000000, B3000000}};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		if (t[i].baud == baud)
			return t[i].sp;
	return 0;
}

/* An FTDI holds received bytes up to 16 ms before it sends them on (its latency timer): 1 ms keeps a
 * frame's reply from waiting on it. Best effort: a pty or another adapter has no such file. */
static void ftdi_latency(const char *port)
{
	char real[PATH_MAX], path[PATH_MAX + 64];
	if (!realpath(port, real))
		return;
	const char *base = strrchr(real, '/');
	snprintf(path, sizeof path, "/sys/bus/usb-serial/devices/%s/latency_timer", base ? base + 1 : real);
	FILE *f = fopen(path, "w");
	if (f) {
		fputs("1\n", f);
		fclose(f);
	}
}

static int open_serial(const kiln_board_config *cfg, kiln_backend **out, char *err, size_t errlen)
{
	const char *port = getenv("KILN_SERIAL_PORT");
	if (!port || !*port)
		port = cfg->link.port;
	if (!cfg->link.kind || !port || !*port) {
		set_err(err, errlen,
		        "serial: board '%s' names no port: set KILN_SERIAL_PORT (/dev/ttyUSB1) or "
		        "host_link.port in "
		        "%s",
		        cfg->name, cfg->path ? cfg->path : "its board file");
		return KILN_ERR_NOT_FOUND;
	}
	speed_t sp = speed_of(cfg->link.baud);
	if (!sp) {
		set_err(err, errlen,
		        "serial: board '%s': the host cannot set the line to host_link.baud (%s)", cfg->name,
		        "use a standard rate such as 115200 or 1000000");
		return KILN_ERR_INVALID;
	}
	kiln_backend *b = calloc(1, sizeof *b);
	if (!b)
		return KILN_ERR_NOMEM;
	b->cfg = cfg;
	b->byte_s = 10.0 / (double)cfg->link.baud;
	b->clock_hz = 1e9 / cfg->clock_period_ns;
	b->fd = open(port, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	struct termios t;
	if (b->fd < 0 || tcgetattr(b->fd, &t) != 0) {
		set_err(err, errlen, "serial: %s: %s", port, strerror(errno));
		if (b->fd >= 0)
			close(b->fd);
		free(b);
		return KILN_ERR_IO;
	}
	cfmakeraw(&t);
	t.c_cflag |= CLOCAL | CREAD;
	t.c_cflag &= ~(tcflag_t)(CSTOPB | PARENB | CRTSCTS);
	t.c_cc[VMIN] = 0;
	t.c_cc[VTIME] = 0;
	cfsetispeed(&t, sp);
	cfsetospeed(&t, sp);
	if (tcsetattr(b->fd, TCSANOW, &t) != 0) {
		set_err(err, errlen, "serial: %s: %s", port, strerror(errno));
		close(b->fd);
		free(b);
		return KILN_ERR_IO;
	}
	ftdi_latency(port);
	/* An FPGA without its bitstream does not answer yet: program_serial loads one. */
	b->in_step = link_sync(b) == 0;
	*out = b;
	return KILN_OK;
}

static void close_serial(kiln_backend *b)
{
	if (!b)
		return;
	close(b->fd);
	free(b);
}

const kiln_backend_ops kiln_serial_backend_ops = {
    .name = "serial",
    .open = open_serial,
    .close = close_serial,
    .program = program_serial,
    .reset = reset_serial,
    .mmio_read = mmio_read_serial,
    .mmio_write = mmio_write_serial,
    .mmio_write_strb = mmio_write_strb_serial,
    .mmio_block = mmio_block_serial,
    .mem_read = mem_read_serial,
    .mem_write = mem_write_serial,
    .wait_irq = wait_irq_serial,
    .cycles = cycles_serial,
};

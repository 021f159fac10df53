# SPDX-License-Identifier: Apache-2.0
# The serial host link's protocol (docs/host-link.md) spoken to kiln-cosim's pty, with the standard library only:
# a stand-in for libkiln's serial backend that checks the simulated board's answers (the iCEBreaker's top with
# the counter example's image, test/boards/cosim-test.sh). Prints "ok - NAME" or "not ok - NAME: why" per check.
#   cosim-link.py PTY BOARD_ID IMAGE_HASH_LO   all the checks
#   cosim-link.py --sync PTY                   open, SYNC, close (kiln-cosim --exit-on-close then exits)
import os
import select
import struct
import sys
import termios
import time
import tty

SYNC, READ, WRITE, WAIT, RESET = 0x5A, 0x01, 0x02, 0x03, 0x04
ACK, NAK = 0x80, 0xEE
ST_OK, ST_BUS_ERR, ST_TIMEOUT = 0, 1, 2
SHELL, IMAGE, DEVMEM = 0x0, 0x10000, 0x80000000
DEVMEM_BYTES = 131072
# Seconds a reply may take: the simulation runs at a few million cycles a second, a byte is 80 cycles.
TIMEOUT = 10.0

failures = 0
# Set when a reply did not come: the later checks are failed at once rather than each waiting TIMEOUT.
link_down = None


def ok(name):
    print("ok - %s" % name, flush=True)


def notok(name, why):
    global failures
    failures += 1
    print("not ok - %s: %s" % (name, why), flush=True)


def crc8(data):
    c = 0
    for b in data:
        c ^= b
        for _ in range(8):
            c = ((c << 1) ^ 0x07) & 0xFF if c & 0x80 else (c << 1) & 0xFF
    return c


assert crc8(b"123456789") == 0xF4


class LinkError(Exception):
    pass


class LinkTimeout(LinkError):
    pass


class Link:
    def __init__(self, path):
        self.fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
        tty.setraw(self.fd)  # kiln-cosim has made it raw already; a real port would need it
        termios.tcflush(self.fd, termios.TCIOFLUSH)

    def close(self):
        os.close(self.fd)

    def send(self, data):
        view = memoryview(bytes(data))
        while view:
            n = os.write(self.fd, view)
            view = view[n:]

    def recv(self, n, timeout=TIMEOUT):
        got = b""
        end = time.monotonic() + timeout
        while len(got) < n:
            left = end - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                raise LinkTimeout("%d of %d reply bytes after %.0f s: %s" % (len(got), n, timeout, got.hex(" ")))
            got += os.read(self.fd, n - len(got))
        return got

    def drain(self, quiet=0.1):
        """Whatever arrives until QUIET seconds pass without a byte."""
        got = b""
        while select.select([self.fd], [], [], quiet)[0]:
            got += os.read(self.fd, 4096)
        return got

    # Frames: a command byte, the payload, the CRC-8 of both.
    @staticmethod
    def frame(cmd, payload=b""):
        body = bytes([cmd]) + payload
        return body + bytes([crc8(body)])

    @staticmethod
    def read_frame(addr, n):
        return Link.frame(READ, struct.pack("<IB", addr, n - 1))

    @staticmethod
    def write_frame(addr, words, strb=0xF):
        return Link.frame(WRITE, struct.pack("<IBB", addr, len(words) - 1, strb) + struct.pack("<%dI" % len(words), *words))

    def reply(self, cmd, body_len):
        """The reply of one frame: its ACK, BODY_LEN bytes, and its CRC (checked)."""
        first = self.recv(1)
        if first[0] == NAK:
            raise LinkError("NAK")
        if first[0] != cmd | ACK:
            raise LinkError("reply starts with %02x, not %02x; then %s" % (first[0], cmd | ACK, self.drain().hex(" ")))
        rest = self.recv(body_len + 1)
        if crc8(first + rest[:-1]) != rest[-1]:
            raise LinkError("reply CRC %02x, expected %02x: %s" % (rest[-1], crc8(first + rest[:-1]), (first + rest).hex(" ")))
        return rest[:-1]

    def sync(self):
        self.send(self.frame(SYNC))
        r = self.recv(5)
        if r != bytes([0xDA, 0x4B, 0x4C, 0x01, crc8(b"\xda\x4b\x4c\x01")]):
            raise LinkError("SYNC answered %s" % r.hex(" "))

    def read_reply(self, n):
        body = self.reply(READ, 4 * n + 2)
        return list(struct.unpack("<%dI" % n, body[:4 * n])), body[4 * n], body[4 * n + 1]

    def read(self, addr, n=1):
        """(words, status, index)"""
        self.send(self.read_frame(addr, n))
        return self.read_reply(n)

    def write_reply(self):
        body = self.reply(WRITE, 2)
        return body[0], body[1]

    def write(self, addr, words, strb=0xF):
        """(status, index)"""
        self.send(self.write_frame(addr, words, strb))
        return self.write_reply()

    def wait(self, max_cycles):
        """(status, cycles)"""
        self.send(self.frame(WAIT, struct.pack("<Q", max_cycles)))
        body = self.reply(WAIT, 9)
        return body[0], struct.unpack("<Q", body[1:])[0]

    def reset(self):
        self.send(self.frame(RESET))
        return self.reply(RESET, 1)[0]


def check(name, fn):
    """Runs FN, which returns None (ok) or why it failed; a LinkError fails it too."""
    global link_down
    if link_down:
        notok(name, "not run: an earlier reply did not come (%s)" % link_down)
        return
    try:
        why = fn()
    except LinkTimeout as e:
        why = link_down = str(e)
    except (LinkError, OSError) as e:
        why = str(e)
    if why is None:
        ok(name)
    else:
        notok(name, why)


def expect(got, want, what):
    return None if got == want else "%s: got %s, expected %s" % (what, fmt(got), fmt(want))


def fmt(v):
    if isinstance(v, int):
        return "0x%x" % v
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(fmt(x) for x in v) + "]"
    return str(v)


def main():
    if sys.argv[1] == "--sync":
        link = Link(sys.argv[2])
        check("SYNC, then the client closes the pty", link.sync)
        link.close()
        return 1 if failures else 0
    path, board_id, hash_lo = sys.argv[1], int(sys.argv[2], 0), int(sys.argv[3], 0)
    link = Link(path)
    stray = link.drain(0.2)
    check("nothing arrives before the host sends", lambda: expect(stray.hex(" "), "", "bytes"))
    check("SYNC answers DA 4B 4C 01 and its CRC", link.sync)

    check("READ of the shell's first 4 registers (MAGIC \"KSHL\", VERSION, BOARD_ID, DEVMEM_SIZE)",
          lambda: expect(link.read(SHELL + 0x0, 4), ([0x4B53484C, 2, board_id, DEVMEM_BYTES], ST_OK, 0), "words, status, index"))
    check("READ of the image's ID block (magic \"KILN\", layout 1, the image hash given to the top)",
          lambda: expect(link.read(IMAGE + 0x0, 4), ([0x4B494C4E, 1, hash_lo, 0], ST_OK, 0), "words, status, index"))

    words = [0x11111111 * (i + 1) for i in range(4)]
    check("WRITE of 4 words to device memory at 0x80002000", lambda: expect(link.write(DEVMEM + 0x2000, words), (ST_OK, 0), "status, index"))
    check("READ gives them back", lambda: expect(link.read(DEVMEM + 0x2000, 4), (words, ST_OK, 0), "words, status, index"))

    def strobes():
        r = link.write(DEVMEM + 0x2004, [0xAABBCCDD], strb=0x4)
        if r != (ST_OK, 0):
            return "WRITE: status, index %s" % fmt(r)
        return expect(link.read(DEVMEM + 0x2004), ([0x22BB2222], ST_OK, 0), "word after a WRITE with STRB 0100")
    check("byte enables reach the SPRAMs' nibble masks (STRB 0100 writes byte 2 only)", strobes)

    def banks():
        hi = [0xB1B1B1B1, 0xB2B2B2B2]
        lo = [0xA1A1A1A1, 0xA2A2A2A2]
        for addr, w in ((DEVMEM + 0x1FFF8, hi), (DEVMEM + 0xFFF8, lo)):
            r = link.write(addr, w)
            if r != (ST_OK, 0):
                return "WRITE at 0x%x: %s" % (addr, fmt(r))
        return (expect(link.read(DEVMEM + 0x1FFF8, 2), (hi, ST_OK, 0), "the second bank's last words") or
                expect(link.read(DEVMEM + 0xFFF8, 2), (lo, ST_OK, 0), "the first bank's last words"))
    check("both SPRAM banks (the last words of each) hold their own data", banks)

    big = [(0x9E3779B9 * (i + 1)) & 0xFFFFFFFF for i in range(128)]
    check("WRITE and READ of 128 words, the most a frame carries",
          lambda: expect(link.write(DEVMEM + 0x4000, big), (ST_OK, 0), "WRITE status, index") or
          expect(link.read(DEVMEM + 0x4000, 128), (big, ST_OK, 0), "READ"))

    check("READ across the image's last ID register into an unmapped offset gets STATUS 1, INDEX 3, zeros from it",
          lambda: expect(link.read(IMAGE + 0x10, 4), ([1, 0, 0, 0], ST_BUS_ERR, 3), "words (NUM_KERNELS, IRQ_STATUS, IRQ_ENABLE, -), status, index"))
    check("READ at 0x40000000 (image space, nothing there) gets STATUS 1, INDEX 0",
          lambda: expect(link.read(0x40000000, 2), ([0, 0], ST_BUS_ERR, 0), "words, status, index"))
    check("WRITE past the end of device memory gets STATUS 1 at the word beyond it (INDEX 1)",
          lambda: expect(link.write(DEVMEM + DEVMEM_BYTES - 4, [5, 6]), (ST_BUS_ERR, 1), "status, index") or
          expect(link.read(DEVMEM + DEVMEM_BYTES - 4), ([5], ST_OK, 0), "the last word"))
    check("READ of a misaligned shell address gets STATUS 1, INDEX 0",
          lambda: expect(link.read(SHELL + 0x2), ([0], ST_BUS_ERR, 0), "words, status, index"))

    def nak():
        bad = bytearray(link.read_frame(SHELL, 1))
        bad[-1] ^= 0x5A
        link.send(bad)
        r = link.recv(1)
        if r != bytes([NAK]):
            return "reply %s" % r.hex(" ")
        link.sync()
        return None
    check("a frame with a bad CRC gets NAK (EE), and SYNC works after it", nak)

    def kernel():
        for addr, v in ((IMAGE + 0x18, 1), (IMAGE + 0x140, 5), (IMAGE + 0x100, 1)):  # IRQ_ENABLE, ARG_0, CTRL.start
            r = link.write(addr, [v])
            if r != (ST_OK, 0):
                return "WRITE 0x%x: %s" % (addr, fmt(r))
        st, cyc = link.wait(1000000)
        if st != ST_OK or cyc >= 1000000:
            return "WAIT: status %d after %d cycles" % (st, cyc)
        return expect(link.read(IMAGE + 0x200), ([5], ST_OK, 0), "the counter after bump(5)")
    check("the counter's kernel runs (bump(5)), WAIT returns on its interrupt, the counter reads 5", kernel)

    def timeout():
        r = link.write(IMAGE + 0x14, [1])  # IRQ_STATUS: write 1 to clear
        if r != (ST_OK, 0):
            return "WRITE IRQ_STATUS: %s" % fmt(r)
        return expect(link.wait(5000), (ST_TIMEOUT, 5000), "WAIT: status, cycles")
    check("WAIT with no interrupt gets STATUS 2 (TIMEOUT) after MAX_CYCLES (5000)", timeout)

    def pipelined():
        frames = b""
        for i in range(16):
            frames += link.write_frame(SHELL + 0x1C, [0x5C000000 + i]) + link.read_frame(SHELL + 0x1C, 1)
        link.send(frames)  # 16 * 20 bytes, within the window
        for i in range(16):
            w = link.write_reply()
            r = link.read_reply(1)
            if w != (ST_OK, 0) or r != ([0x5C000000 + i], ST_OK, 0):
                return "pair %d: WRITE %s, READ %s" % (i, fmt(w), fmt(r))
        return None
    check("32 frames sent ahead (WRITE and READ of SCRATCH) get their replies in order", pipelined)

    def reset():
        r = link.write(SHELL + 0x1C, [0xDEADBEEF])
        if r != (ST_OK, 0):
            return "WRITE SCRATCH: %s" % fmt(r)
        st = link.reset()
        if st != ST_OK:
            return "RESET status %d" % st
        return (expect(link.read(SHELL + 0x1C), ([0], ST_OK, 0), "SCRATCH after RESET") or
                expect(link.read(IMAGE + 0x140), ([0], ST_OK, 0), "the kernel's ARG_0 after RESET"))
    check("RESET answers 84 00 and its CRC, and the shell and the image are reset", reset)
    check("device memory keeps its contents across RESET (SPRAMs are not reset)",
          lambda: expect(link.read(DEVMEM + 0x2000, 4), ([words[0], 0x22BB2222, words[2], words[3]], ST_OK, 0), "words"))

    def idle_drop():
        link.send(link.read_frame(SHELL, 1)[:3])  # a frame that stops arriving
        time.sleep(1.0)  # the idle time is 8 * 10 * 1024 cycles: tens of milliseconds simulated
        stray = link.drain(0.2)
        if stray:
            return "bytes for the partial frame: %s" % stray.hex(" ")
        link.sync()
        return None
    check("a partial frame is dropped after the idle time, with no reply; SYNC after it", idle_drop)

    link.close()

    def reopen():
        again = Link(path)
        try:
            stray = again.drain(0.2)
            if stray:
                return "stray bytes on reopening: %s" % stray.hex(" ")
            again.sync()
            return expect(again.read(SHELL + 0x0), ([0x4B53484C], ST_OK, 0), "MAGIC")
        finally:
            again.close()
    check("the pty opens again after a close (SYNC and READ)", reopen)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks of Kiln's HTML report as a real browser shows it (test/report/report-test.sh).

    report_check.py dom DOM.html LABEL EXPECT_LOOPS EXPECT_TEXT...
        DOM.html: what `chromium --dump-dom` printed for the page. Checks that the page's script ran, that no
        element came from a name or a source line (ids holding "pwned"), that every in-page link has its
        target, that the loop table has EXPECT_LOOPS rows ("file:line" cells, comma-separated, in order),
        and that each EXPECT_TEXT is in the page's text (as text: markup characters shown, not taken).
    report_check.py area AREA.json LABEL FAMILY KERNELS GLOBALS
        AREA.json: kiln-cc --report's. Checks the family, a row per kernel (comma-separated names) and per
        device global, that kernels, globals and the rest add up to the total, that a kernel that multiplies
        (the first) has LUTs, FFs and a DSP, and that the clock estimate is a positive path.
    report_check.py png SHOT.png LABEL
        SHOT.png: a screenshot scrolled to the loop table. Checks that it shows the colour of a loop row
        over its bound (#fff3e0) over a sizeable area: the table is on screen, drawn.
Prints one "ok - ..." or "not ok - ..." line per check.
"""
import html.parser
import struct
import sys
import zlib


def report(ok, what):
    print(("ok - " if ok else "not ok - ") + what)
    return ok


class Dom(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.hrefs, self.rendered = set(), [], False
        self.text, self.loop_rows = [], []
        self.in_loop_table, self.cell, self.row = False, None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and a.get("href", "").startswith("#"):
            self.hrefs.append(a["href"][1:])
        if tag == "body" and a.get("data-rendered") == "yes":
            self.rendered = True
        if tag == "table" and a.get("id") == "loop-table":
            self.in_loop_table = True
        if self.in_loop_table and tag == "tr":
            self.row = []
        if self.in_loop_table and tag == "td":
            self.cell = []

    def handle_endtag(self, tag):
        if tag == "table":
            self.in_loop_table = False
        if self.in_loop_table and tag == "td" and self.cell is not None:
            self.row.append("".join(self.cell))
            self.cell = None
        if self.in_loop_table and tag == "tr" and self.row:
            self.loop_rows.append(self.row)
            self.row = None

    def handle_data(self, data):
        self.text.append(data)
        if self.cell is not None:
            self.cell.append(data)


def check_dom(path, label, loops, texts):
    d = Dom()
    with open(path, encoding="utf-8", errors="replace") as f:
        d.feed(f.read())
    good = report(d.rendered, "%s: the page's script ran to its end in Chromium" % label)
    bad = sorted(i for i in d.ids if "pwned" in i)
    good &= report(not bad, "%s: no element came from a name or source text%s" % (
        label, " (found: %s)" % ", ".join(bad) if bad else ""))
    missing = sorted(set(h for h in d.hrefs if h not in d.ids))
    good &= report(d.hrefs and not missing, "%s: all %d in-page links have their target%s" % (
        label, len(d.hrefs), " (missing: %s)" % ", ".join(missing[:5]) if missing else ""))
    want = [w for w in loops.split(",") if w]
    got = [r[1] for r in d.loop_rows if len(r) > 1]
    good &= report([g.endswith(w) for g, w in zip(got, want)] == [True] * len(want) and len(got) == len(want),
                   "%s: the loop table lists %s (got %s)" % (label, ", ".join(want), ", ".join(got)))
    whole = "".join(d.text)
    for t in texts:
        good &= report(t in whole, "%s: the page shows %r as text" % (label, t))
    return good


def png_pixels(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, w = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            if depth != 8 or ctype not in (2, 6):
                raise ValueError("PNG of depth %d, colour type %d" % (depth, ctype))
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        ft, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if ft == 1:
                line[i] = (line[i] + a) & 255
            elif ft == 2:
                line[i] = (line[i] + b) & 255
            elif ft == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ft == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, [[tuple(r[x * bpp:x * bpp + 3]) for x in range(w)] for r in rows]


def check_png(path, label):
    try:
        w, h, rows = png_pixels(path)
    except (OSError, ValueError, zlib.error) as e:
        return report(False, "%s: the screenshot is a PNG (%s)" % (label, e))
    over = sum(1 for r in rows for p in r if p == (255, 243, 224))
    return report(over >= 2000, "%s: the %dx%d screenshot shows the loop table's over-bound rows "
                  "(%d pixels of their colour)" % (label, w, h, over))


def check_area(path, label, family, kernels, dgs):
    import json
    try:
        with open(path) as f:
            a = json.load(f)
    except (OSError, ValueError) as e:
        return report(False, "%s: area.json is JSON (%s)" % (label, e))
    good = report(a.get("family") == family, "%s: area.json is for %s (%s)" % (label, family, a.get("family")))
    names = [k["name"] for k in a.get("kernels", [])]
    good &= report(names == kernels.split(","), "%s: a row per kernel %s (%s)" % (label, kernels, names))
    gnames = [g["name"] for g in a.get("device_globals", [])]
    good &= report(gnames == [g for g in dgs.split(",") if g], "%s: a row per device global %s (%s)" % (label, dgs, gnames))
    parts = a.get("kernels", []) + a.get("device_globals", []) + [a.get("shell", {})]
    for key in ("luts", "ffs", "brams", "dsps"):
        good &= report(sum(p.get(key, 0) for p in parts) == a.get("total", {}).get(key),
                       "%s: the parts' %s add up to the total's %s" % (label, key, a.get("total", {}).get(key)))
    first = a.get("kernels", [{}])[0]
    good &= report(first.get("luts", 0) > 0 and first.get("ffs", 0) > 0 and first.get("dsps", 0) >= 1,
                   "%s: kernel %s has LUTs, FFs and a DSP for its product (%s)" % (label, first.get("name"), first))
    good &= report((a.get("path_ns") or 0) > 0 and (a.get("fmax_mhz_est") or 0) > 0,
                   "%s: a clock estimate (path %s ns, %s MHz)" % (label, a.get("path_ns"), a.get("fmax_mhz_est")))
    return good


if __name__ == "__main__":
    a = sys.argv[1:]
    if len(a) >= 4 and a[0] == "dom":
        sys.exit(0 if check_dom(a[1], a[2], a[3], a[4:]) else 1)
    if len(a) == 6 and a[0] == "area":
        sys.exit(0 if check_area(*a[1:]) else 1)
    if len(a) == 3 and a[0] == "png":
        sys.exit(0 if check_png(a[1], a[2]) else 1)
    sys.exit(__doc__)

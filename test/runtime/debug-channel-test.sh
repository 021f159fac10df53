#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# A debug channel sized by the board (debug_bytes in its board file, issue 31), on a board of the fake backend
# (no model builds, milliseconds): kiln-cc compiles the channel's size into an image that prints, stops or
# allocates, and records it in the image's [Kiln/debug_channel] set; the runtime programs such an image only
# on a board whose channel is still that size (an image that writes no channel, on any); a board without a
# channel compiles printf to nothing and refuses malloc at the call; a bad debug_bytes stops kiln-cc and the
# kiln tool alike, naming the file and the field. (The channel at work, printf and exit through a real board's
# 4 KiB channel, is test/boards/serial-test.sh.)
#   debug-channel-test.sh SRC_DIR KILN_CC KILN_TOOL
set -u
src=$1
cc=$2
kiln=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1: $2"; }

boards="$tmp/boards"
mkdir -p "$boards"
export KILN_CONFIG_DIR="$boards"
# chan.json: the fake board of test/libkiln (1 MiB of memory, so no channel by default) with debug_bytes
# BYTES, or none when empty.
board() {
	if [ -n "$1" ]; then
		line="  \"debug_bytes\": $1,"
	else
		line=""
	fi
	sed "s/\"name\": \"fake\"/\"name\": \"chan\"/; s/^  \"devmem_bytes\": 1048576,\$/&\\
$line/" "$src/test/libkiln/boards/fake.json" >"$boards/chan.json"
}
# The [Kiln/debug_channel] set of image NAME, one "bytes=..." line, or nothing.
recorded() {
	sed -n '/^\[Kiln\/debug_channel\]$/,/^\[/p' "$tmp/$1.kimg.d/image.prop" | grep '^bytes='
}

cat >"$tmp/talk.c" <<'C'
#include <kiln/device.h>
#include <stdio.h>
#include <stdlib.h>
KILN_SINGLE_TASK_KERNEL void talk(int n)
{
	printf("n is %d\n", n);
	if (n < 0)
		exit(1);
}
C
cat >"$tmp/quiet.c" <<'C'
#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL void quiet(int *p, int n)
{
	*p = n + 1;
}
C
cat >"$tmp/alloc.c" <<'C'
#include <kiln/device.h>
#include <stdlib.h>
KILN_SINGLE_TASK_KERNEL KILN_HEAP_SIZE(4K) void alloc(int **p)
{
	*p = malloc(16);
}
C

board 4096
if "$cc" -q --board chan --print-after inline -o "$tmp/talk.kimg" "$tmp/talk.c" 2>"$tmp/err" && "$cc" -q --board chan -o "$tmp/quiet.kimg" \
	"$tmp/quiet.c" 2>>"$tmp/err"; then
	[ "$(recorded talk)" = "bytes=1|4096" ] && [ -z "$(recorded quiet)" ] &&
		ok "an image that prints records the board's channel (4096 bytes); one that writes no channel records none" ||
		notok "the images' [Kiln/debug_channel] sets" "talk: '$(recorded talk)', quiet: '$(recorded quiet)'"
	grep -q "icmp ugt i32 .*, 4060" "$tmp/talk.kimg.d/inline.ll" && ! grep -q "__kiln_debug_bytes" "$tmp/talk.kimg.d/inline.ll" &&
		ok "the kernel C library's record bound is the board's, a constant in the kernel (4096 - 32 - 4)" ||
		notok "the record bound after inlining" "$(grep -c "icmp ugt" "$tmp/talk.kimg.d/inline.ll") compares, none against 4060"
else
	notok "kiln-cc for a board with a 4096-byte channel" "$(head -c 600 "$tmp/err")"
fi

"$kiln" program chan "$tmp/talk.kimg" >"$tmp/out" 2>"$tmp/err" &&
	ok "the image is programmed on the board it was compiled for" ||
	notok "programming the image on its own board" "$(cat "$tmp/err")"

# The board file changed under the image: the image's bounds are no longer the board's.
for now in 8192 0; do
	board $now
	"$kiln" program chan "$tmp/talk.kimg" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc -eq 1 ] && grep -q "KILN_ERR_IMAGE" "$tmp/err" &&
		grep -q "compiled for a debug channel of 4096 bytes, but board 'chan' has $now (debug_bytes in $boards/chan.json)" \
			"$tmp/err" &&
		ok "an image compiled for a 4096-byte channel is refused on the board now of $now, saying both sizes" ||
		notok "the image on the board with a channel of $now" "exit $rc: $(cat "$tmp/err")"
	"$kiln" program chan "$tmp/quiet.kimg" >"$tmp/out" 2>"$tmp/err" &&
		ok "an image that writes no channel is programmed on the board of $now all the same" ||
		notok "the quiet image on the board of $now" "$(cat "$tmp/err")"
done

# No channel (the field's default on 1 MiB): printf compiles to nothing, a stop still records 0 bytes, and an
# image so built is refused once the board has a channel (its stops would not be reported).
board ""
if "$cc" -q --board chan --print-after inline -o "$tmp/none.kimg" "$tmp/talk.c" 2>"$tmp/err"; then
	grep -q "warning: board 'chan' has no debug channel" "$tmp/err" && [ -s "$tmp/none.kimg.d/inline.ll" ] &&
		! grep -q "__kiln_print" "$tmp/none.kimg.d/inline.ll" &&
		[ "$(recorded none)" = "bytes=1|0" ] &&
		ok "without debug_bytes on 1 MiB: no channel, printf dropped with a warning, the image records 0 bytes" ||
		notok "printf on a board without a channel" "recorded '$(recorded none)': $(head -c 400 "$tmp/err")"
else
	notok "kiln-cc for a board without a channel" "$(head -c 600 "$tmp/err")"
fi
"$cc" -q --board chan -o "$tmp/alloc.kimg" "$tmp/alloc.c" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && grep -q "alloc.c:5:.*malloc: board 'chan' has no debug channel (debug_bytes 0 in its board file)" "$tmp/err" &&
	ok "malloc on a board without a channel is refused at its line, naming the field" ||
	notok "malloc without a channel" "exit $rc: $(head -c 600 "$tmp/err")"
board 4096
"$kiln" program chan "$tmp/none.kimg" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && grep -q "compiled for a debug channel of 0 bytes, but board 'chan' has 4096" "$tmp/err" &&
	ok "an image compiled without a channel is refused once the board has one" ||
	notok "the channel-less image on a board with one" "exit $rc: $(cat "$tmp/err")"
if "$cc" -q --board chan -o "$tmp/alloc.kimg" "$tmp/alloc.c" 2>"$tmp/err"; then
	[ "$(recorded alloc)" = "bytes=1|4096" ] && "$kiln" program chan "$tmp/alloc.kimg" >"$tmp/out" 2>"$tmp/err" &&
		ok "with a 4096-byte channel malloc compiles (a 4 KiB heap), the image records the channel and is programmed" ||
		notok "malloc with a channel" "recorded '$(recorded alloc)': $(cat "$tmp/err")"
else
	notok "kiln-cc of malloc with a channel" "$(head -c 600 "$tmp/err")"
fi

# An image from a kiln-cc before the field has no [Kiln/debug_channel] set: it was built with the channel every
# board then had (256 KiB from 4 MiB of memory, else none), which is what it is taken for.
python3 - "$tmp/talk.kimg" "$tmp/old.kimg" <<'PY'
import re, struct, sys, zlib
data = open(sys.argv[1], "rb").read()
n = struct.unpack_from("<I", data, 12)[0]
secs = []
for i in range(n):
    tag, _, off, size = struct.unpack_from("<IIQQ", data, 72 + 24 * i)
    body = data[off:off + size]
    if tag == struct.unpack("<I", b"PROP")[0]:
        body = re.sub(rb"\[Kiln/debug_channel\]\n(?:[^[\n][^\n]*\n)*", b"", body)
    secs.append((tag, body))
align = lambda x: (x + 7) & ~7
at, table, blob = align(72 + 24 * n), b"", b""
for tag, body in secs:
    table += struct.pack("<IIQQ", tag, zlib.crc32(body), at, len(body))
    pad = align(at + len(body)) - at - len(body)
    blob += body + b"\0" * pad
    at += len(body) + pad
first = align(72 + 24 * n)
out = bytearray(data[:72]) + table + b"\0" * (first - 72 - len(table)) + blob
struct.pack_into("<Q", out, 16, len(out))
struct.pack_into("<I", out, 64, zlib.crc32(bytes(out[:64]) + table))
open(sys.argv[2], "wb").write(out)
PY
board 4096
"$kiln" program chan "$tmp/old.kimg" >"$tmp/out" 2>"$tmp/err"
rc=$?
board ""
"$kiln" program chan "$tmp/old.kimg" >"$tmp/out2" 2>"$tmp/err2"
rc2=$?
[ $rc -eq 1 ] && grep -q "compiled for a debug channel of 0 bytes, but board 'chan' has 4096" "$tmp/err" && [ $rc2 -eq 0 ] &&
	ok "an image without the set is taken for the default channel of the board's memory (none on 1 MiB)" ||
	notok "an image from before the set" "exit $rc: $(cat "$tmp/err"); without debug_bytes exit $rc2: $(cat "$tmp/err2")"

# A bad field stops every tool that reads the file, with the same message.
board 4098
"$cc" -q --board chan -o "$tmp/bad.kimg" "$tmp/quiet.c" >"$tmp/out" 2>"$tmp/err"
rc=$?
"$kiln" program chan "$tmp/quiet.kimg" >"$tmp/out" 2>"$tmp/err2"
rc2=$?
[ $rc -eq 1 ] && [ $rc2 -eq 1 ] && [ ! -e "$tmp/bad.kimg" ] &&
	grep -q "chan.json: debug_bytes: 4098 is not a multiple of 4" "$tmp/err" &&
	grep -q "chan.json: debug_bytes: 4098 is not a multiple of 4" "$tmp/err2" &&
	ok "debug_bytes 4098 is refused by kiln-cc and the kiln tool: FILE: debug_bytes: why" ||
	notok "a bad debug_bytes" "kiln-cc exit $rc: $(head -c 300 "$tmp/err"); kiln exit $rc2: $(head -c 300 "$tmp/err2")"

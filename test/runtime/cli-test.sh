#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The kiln tool as a bring-up engineer runs it: every command, --json output that parses, --help, and
# non-zero exits with a message on bad input. Usage: cli-test.sh KILN SMOKE_IMAGE RUNTIME_IMAGE
set -u
KILN=$1
SMOKE=$2
RT=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { echo "ok - $1"; }
notok() { echo "not ok - $1: $2"; }

# expect NAME STATUS CMD...: runs CMD, wants exit STATUS; stdout in $tmp/out, stderr in $tmp/err.
expect() {
	name=$1
	want=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$rc" -eq "$want" ]; then ok "$name"; else notok "$name" "exit $rc, want $want; $(head -c 300 "$tmp/err")"; fi
}
# json NAME: the last command's stdout parses as JSON.
json() {
	if python3 -m json.tool "$tmp/out" >/dev/null 2>&1; then ok "$1: JSON parses"; else notok "$1: JSON parses" "$(head -c 200 "$tmp/out")"; fi
}
# has NAME FILE TEXT: FILE (out or err) contains TEXT.
has() {
	if grep -q -- "$3" "$tmp/$2"; then ok "$1"; else notok "$1" "no '$3' in $2: $(head -c 300 "$tmp/$2")"; fi
}
# field NAME PYEXPR: a Python expression over the parsed JSON stdout (as j) is true.
field() {
	if python3 -c "import json,sys; j=json.load(open('$tmp/out')); sys.exit(0 if ($2) else 1)" 2>/dev/null; then
		ok "$1"
	else
		notok "$1" "$2 is false for $(head -c 300 "$tmp/out")"
	fi
}

# Help on the tool and on every command.
expect "kiln --help" 0 "$KILN" --help
has "--help lists the commands" out "kiln dg read"
has "--help explains the in-process sim board" out "lives inside the kiln process"
for c in list info diagnose program reset read write regs trust dg; do
	expect "kiln $c --help" 0 "$KILN" "$c" --help
	has "kiln $c --help shows usage" out "usage: kiln $c"
done
expect "no command: usage, exit 2" 2 "$KILN"
expect "unknown command: exit 2" 2 "$KILN" frobnicate
has "unknown command is named" err "unknown command 'frobnicate'"
expect "unknown option: exit 2" 2 "$KILN" list --frob
expect "option a command does not take: exit 2" 2 "$KILN" read sim 0 --bytes
expect "too many arguments: exit 2" 2 "$KILN" list extra

# list
expect "kiln list" 0 "$KILN" list
has "list shows sim" out "sim"
expect "kiln list --json" 0 "$KILN" list --json
json "list"
field "list --json names sim" "any(b['name'] == 'sim' for b in j['boards'])"

# info
expect "kiln info" 0 "$KILN" info
has "info shows the shell version" out "version 2"
has "info shows the kernels" out "scale"
expect "kiln info sim --json" 0 "$KILN" info sim --json
json "info"
field "info --json: shell magic and version" "j['shell']['magic'] == '0x4b53484c' and j['shell']['version'] == 2"
field "info --json: kernels and memories" "len(j['loaded_image']['kernels']) == 2 and j['memories'][0]['size'] > 0"
expect "kiln info --image RT --json" 0 "$KILN" info --image "$RT" --json
field "info --image loads that image" "len(j['loaded_image']['kernels']) == 11 and any(g['storage'] == 'usm' for g in j['loaded_image']['device_globals'])"
expect "info of an unknown device: exit 1" 1 "$KILN" info nosuchboard
has "unknown device is named" err "unknown device 'nosuchboard'"

# diagnose
expect "kiln diagnose" 0 "$KILN" diagnose
has "diagnose ends PASSED" out "^PASSED"
expect "kiln diagnose --json" 0 "$KILN" diagnose sim --json
json "diagnose"
field "diagnose --json: PASSED, no failed step" "j['result'] == 'PASSED' and j['failed_steps'] == 0 and all(s['ok'] for s in j['steps'])"
field "diagnose covers stack, ID, memory, kernels, reset" "set(s['step'] for s in j['steps']) >= {'kiln-cc', 'verilator', 'board config', 'shell magic', 'memory test', 'single-task kernel', 'nd-range kernel', 'reset'}"
expect "diagnose with a broken smoke image: FAILED, exit 1" 1 env KILN_SMOKE_IMAGE=/nonexistent.kimg "$KILN" diagnose
has "diagnose says FAILED" out "^FAILED"
expect "diagnose of an unknown board: exit 1" 1 "$KILN" diagnose nosuchboard --json
json "failed diagnose"
field "failed diagnose --json says FAILED" "j['result'] == 'FAILED'"

# program
expect "kiln program" 0 "$KILN" program sim "$RT"
has "program reports the hash" out "image hash"
expect "kiln program --json" 0 "$KILN" program sim "$SMOKE" --json
json "program"
field "program --json: ID block checked" "j['id_block_checked'] is True and j['kernels'] == ['add', 'scale']"
head -c 1000 "$RT" >"$tmp/trunc.kimg"
expect "program a truncated image: exit 1" 1 "$KILN" program sim "$tmp/trunc.kimg"
has "truncated image message" err "KILN_ERR_IMAGE"
expect "program a missing file: exit 1" 1 "$KILN" program sim "$tmp/missing.kimg"
expect "program on an unknown device: exit 1" 1 "$KILN" program nosuchboard "$RT"
expect "program a text file: exit 1" 1 "$KILN" program sim "$0"
has "not an image" err "bad magic"
expect "program with one argument: exit 2" 2 "$KILN" program sim

# reset
expect "kiln reset" 0 "$KILN" reset sim
expect "kiln reset --json" 0 "$KILN" reset sim --json
json "reset"
expect "reset of an unknown device: exit 1" 1 "$KILN" reset nosuchboard

# read / write
expect "kiln read shell magic" 0 "$KILN" read sim 0x0
has "read prints the magic" out "0x4b53484c"
expect "kiln read --json" 0 "$KILN" read sim 0x10000 --json
json "read"
field "read --json: image magic" "j['value'] == 0x4B494C4E and j['address'] == '0x00010000'"
expect "kiln read of device memory" 0 "$KILN" read sim 0x80000000
expect "kiln write scratch" 0 "$KILN" write sim 0x1c 0xdeadbeef
expect "kiln write --json" 0 "$KILN" write sim 0x1c -1 --json
json "write"
field "write --json: value as unsigned" "j['value'] == 0xFFFFFFFF and j['written'] is True"
expect "read of an unmapped address: bus error, exit 1" 1 "$KILN" read sim 0x00010ff0
has "bus error is named" err "KILN_ERR_BUS"
expect "bus error with --json: exit 1" 1 "$KILN" read sim 0x00010ff0 --json
json "bus error"
field "bus error --json: status names libkiln's status, exit is 1" "j['status'] == 'KILN_ERR_BUS' and j['exit'] == 1 and 'error' in j"
# Every error answered with --json carries error, status and exit: usage errors, libkiln errors, image errors.
expect "usage error with --json: exit 2" 2 "$KILN" read sim 0x3 --json
field "usage error --json has status usage" "j['status'] == 'usage' and j['exit'] == 2 and '0x3' in j['error']"
expect "unknown command with --json: exit 2" 2 "$KILN" frobnicate --json
field "unknown command --json has status" "j['status'] == 'usage' and j['exit'] == 2"
expect "unknown board with --json: exit 1" 1 "$KILN" info nosuchboard --json
field "unknown board --json has status" "j['status'] != '' and j['exit'] == 1 and 'nosuchboard' in j['error']"
expect "missing image with --json: exit 1" 1 "$KILN" regs "$tmp/none.kimg" --json
field "missing image --json has status" "'status' in j and j['exit'] == 1"
expect "no command with --json: exit 2" 2 "$KILN" --json
field "no command --json has status usage" "j['status'] == 'usage' and j['exit'] == 2 and 'command' in j['error']"
expect "diagnose of an unknown board with --json: exit 1" 1 "$KILN" diagnose nosuchboard --json
field "failed diagnose --json: the report carries error, status and exit" "j['result'] == 'FAILED' and j['status'] == 'failure' and j['exit'] == 1 and 'nosuchboard' in j['error']"
expect "kiln --version" 0 "$KILN" --version
has "--version names the tool and release" out "^kiln [0-9][0-9.]*"
expect "write to a read-only register: bus error" 1 "$KILN" write sim 0x0 1
expect "unaligned address: exit 2" 2 "$KILN" read sim 0x3
has "bad address is named" err "bad address '0x3'"
expect "address too large: exit 2" 2 "$KILN" read sim 0x100000000
expect "address not a number: exit 2" 2 "$KILN" read sim zero
expect "value too large: exit 2" 2 "$KILN" write sim 0x1c 0x1ffffffff
expect "read on an unknown device: exit 1" 1 "$KILN" read nosuchboard 0
expect "read with --image RT" 0 "$KILN" read sim 0x10010 --image "$RT" --json
field "read --image: the runtime image's kernel count" "j['value'] == 11"
expect "read with an unreadable --image: exit 1" 1 "$KILN" read sim 0 --image "$tmp/missing.kimg"

# regs
expect "kiln regs" 0 "$KILN" regs "$SMOKE"
has "regs shows the ID block" out "IMG_MAGIC"
has "regs shows the kernel registers" out "KERNEL_ADD"
expect "kiln regs --json" 0 "$KILN" regs "$RT" --json
json "regs"
field "regs --json: blocks" "any(b['name'] == 'DG_BIG' for b in j['blocks'])"
# An array window is listed as exactly its words in every export, at the bus address kiln read takes: its
# last word reads, the word after it is a bus error. kiln info names globals by the same bus addresses.
expect "kiln regs RT --json" 0 "$KILN" regs "$RT" --json
cp "$tmp/out" "$tmp/regs.json"
w16=$(python3 -c "import json; b=[b for b in json.load(open('$tmp/regs.json'))['blocks'] if b['name']=='DG_WIN16'][0]; print(hex(b['address']), b['size'], b['address'] == 0x10000 + b['base'])")
set -- $w16
[ "${2:-}" = 64 ] && [ "${3:-}" = True ] && ok "regmap.json: a 16-int window is 64 bytes at its bus address" ||
	notok "regmap.json window" "$w16"
w16addr=${1:-0}
grep -q "_DG_WIN16_WORDS 16u" "$RT.d/regmap.h" && grep -q "_DG_WIN16_SIZE 0x00000040u" "$RT.d/regmap.h" &&
	ok "regmap.h: 16 words" || notok "regmap.h window" "$(grep DG_WIN16 "$RT.d/regmap.h" | head -5)"
grep -A4 "^## DG_WIN16" "$RT.d/regmap.md" | grep -q "Memory window: 64 bytes (16 32-bit words)" &&
	grep -q "^## DG_WIN16 ($(printf '0x%08x' "$w16addr")–" "$RT.d/regmap.md" &&
	ok "regmap.md: 16 words at the bus address" || notok "regmap.md window" "$(grep -A4 "^## DG_WIN16" "$RT.d/regmap.md")"
grep -B4 "} DG_WIN16 @" "$RT.d/regmap.rdl" | grep -q "mementries = 16" && ok "regmap.rdl: 16 entries" ||
	notok "regmap.rdl window" "$(grep -B4 "} DG_WIN16 @" "$RT.d/regmap.rdl")"
expect "kiln regs RT" 0 "$KILN" regs "$RT"
has "kiln regs: the window is words 0..15" out "DG_WIN16\[0\.\.15\]"
has "kiln regs: the address column says bus addresses" out "^BUS ADDR "
grep -q "_ADDR is the bus address kiln read/write take" "$RT.d/regmap.h" &&
	grep -q "place the addrmap at bus address 0x00010000" "$RT.d/regmap.rdl" &&
	grep -q "Addresses are bus addresses, as \`kiln read\`" "$RT.d/regmap.md" &&
	ok "regmap.h, .rdl and .md name the same addressing convention (bus addresses)" ||
	notok "addressing convention" "$(grep -h "address" "$RT.d/regmap.h" "$RT.d/regmap.rdl" "$RT.d/regmap.md" | head -5)"
last=$(printf '0x%x' $((w16addr + 60)))
past=$(printf '0x%x' $((w16addr + 64)))
expect "the window's last word reads ($last)" 0 "$KILN" read sim "$last" --image "$RT"
expect "the word past the window is a bus error ($past)" 1 "$KILN" read sim "$past" --image "$RT"
expect "kiln info --image RT --json" 0 "$KILN" info --image "$RT" --json
field "info --json: device globals at the register map's bus addresses" "[g['address'] for g in j['loaded_image']['device_globals'] if g['unique_id'] == 'win16'] == ['$(printf '0x%08x' "$w16addr")']"
expect "kiln info --image RT" 0 "$KILN" info --image "$RT"
has "info text: a device global at its bus address" out "win16 .* dedicated at $(printf '0x%08x' "$w16addr")"
expect "regs of a truncated image: exit 1" 1 "$KILN" regs "$tmp/trunc.kimg"
has "regs names the file" err "trunc.kimg"
expect "regs of a missing file: exit 1" 1 "$KILN" regs "$tmp/missing.kimg"

# dg
expect "kiln dg read (initial value)" 0 "$KILN" dg read sim "$SMOKE" acc
has "dg read shows 7" out "0x00000007"
expect "kiln dg read --json" 0 "$KILN" dg read sim "$SMOKE" acc --json
json "dg read"
field "dg read --json: [7]" "j['values'] == [7] and j['unit'] == 'word'"
expect "kiln dg write --json" 0 "$KILN" dg write sim "$RT" slot 1 2 -3 0xffffffff --offset 2 --json
json "dg write"
field "dg write reads back" "j['values'] == [1, 2, 4294967293, 4294967295] and j['offset'] == 2"
expect "kiln dg read --bytes --count" 0 "$KILN" dg read sim "$SMOKE" acc --bytes --count 2 --json
field "dg read --bytes" "j['values'] == [7, 0] and j['unit'] == 'byte'"
expect "kiln dg write --bytes" 0 "$KILN" dg write sim "$RT" big 255 -1 7 --bytes --offset 5
has "dg write --bytes reads back" out "0xff 0xff 0x07"
expect "dg read of a usm global" 0 "$KILN" dg read sim "$RT" usm --json
field "usm global reads zeros" "j['values'] == [0] * 8"
expect "dg of an unknown global: exit 1" 1 "$KILN" dg read sim "$SMOKE" nope
has "unknown global is named" err "nope"
expect "dg read past the end: exit 2" 2 "$KILN" dg read sim "$SMOKE" acc --offset 1 --count 1
expect "dg write past the end: exit 2" 2 "$KILN" dg write sim "$SMOKE" acc 1 2
has "a range past the end says what does not fit" err "device global 'acc' has 1 word; 2 words from word offset 0 run past its end"
expect "dg read at an offset past the end: exit 2" 2 "$KILN" dg read sim "$SMOKE" acc --offset 5
has "an offset past the end is named" err "device global 'acc' has 1 word (offsets 0..0); word offset 5 is outside it"
expect "dg read --count 0: exit 2" 2 "$KILN" dg read sim "$SMOKE" acc --count 0
has "--count 0 is named" err "--count 0: nothing to read"
expect "dg write of a bad value: exit 2" 2 "$KILN" dg write sim "$SMOKE" acc 1x
expect "dg write --bytes of 256: exit 2" 2 "$KILN" dg write sim "$SMOKE" acc 256 --bytes
expect "dg with an unknown operation: exit 2" 2 "$KILN" dg poke sim "$SMOKE" acc
expect "dg read with values: exit 2" 2 "$KILN" dg read sim "$SMOKE" acc 1
expect "dg write without values: exit 2" 2 "$KILN" dg write sim "$SMOKE" acc
expect "dg of an unreadable image: exit 1" 1 "$KILN" dg read sim "$tmp/trunc.kimg" acc
expect "dg on an unknown device: exit 1" 1 "$KILN" dg read nosuchboard "$SMOKE" acc
expect "dg read of a host_access=read global" 0 "$KILN" dg read sim "$RT" ro --json
field "read-only global reads its initial value" "j['values'] == [5] and j['host_access'] == 'read'"
expect "dg write of a host_access=read global: exit 1" 1 "$KILN" dg write sim "$RT" ro 1
has "access refusal is named" err "KILN_ERR_ACCESS"
expect "dg read of a host_access=write global: exit 1" 1 "$KILN" dg read sim "$RT" wo
expect "dg write of a host_access=write global" 0 "$KILN" dg write sim "$RT" wo 9 --json
field "write-only global: no read-back" "j['values'] is None"

# Trust (docs/image-format.md): with a cache of its own, this user has vouched for nothing, so the runtime
# image's model (built here, but recorded in another store) is refused; regs still reads it (runs nothing);
# kiln trust vouches for it; the smoke image is vouched for by the installation's store.
fresh="$tmp/fresh-cache"
expect "an image this user never vouched for is refused" 1 env KILN_CACHE="$fresh" "$KILN" program sim "$RT"
has "the refusal says why and what to do" err "kiln trust IMAGE"
expect "kiln regs reads an untrusted image" 0 env KILN_CACHE="$fresh" "$KILN" regs "$RT"
expect "kiln trust" 0 env KILN_CACHE="$fresh" "$KILN" trust "$RT" --json
json "trust"
field "trust reports the model digest" "len(j['model_sha256']) == 64 and not j['already_trusted']"
expect "after kiln trust the image runs" 0 env KILN_CACHE="$fresh" "$KILN" program sim "$RT"
expect "kiln trust again: already trusted" 0 env KILN_CACHE="$fresh" "$KILN" trust "$RT"
has "trust says it was already trusted" out "already trusted"
expect "the smoke image is vouched for by the installation" 0 env KILN_CACHE="$fresh" "$KILN" program sim "$SMOKE"
expect "kiln trust of a file that is not an image" 1 env KILN_CACHE="$fresh" "$KILN" trust /etc/hostname
exit 0

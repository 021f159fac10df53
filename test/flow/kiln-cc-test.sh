#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# kiln-cc as a user meets it: help, option errors, one diagnostic per bad input (with file:line), the model
# cache, and the counter RTL through verilator --lint-only -Wall and yosys synth (no latches).
# Usage: kiln-cc-test.sh SRC_DIR BUILD_DIR
set -u
src=$1
build=$2
cc="$build/bin/kiln-cc"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { echo "ok - $1"; }
notok() { echo "not ok - $1: $2"; }

"$cc" --help >"$tmp/help" 2>&1 && grep -q "usage: kiln-cc" "$tmp/help" && ok "--help prints usage and exits 0" ||
	notok "--help" "$(cat "$tmp/help")"
# every output beside the image is named, the FuseSoC core (IMAGE.core) and the binding report among them,
# in --help and in the installed man page
man="$build/share/man/man1/kiln-cc.1"
grep -q "IMAGE.core (rtl/ as" "$tmp/help" && grep -q "binding.txt" "$tmp/help" && grep -q "FuseSoC" "$man" &&
	grep -q "binding.txt" "$man" && ok "--help and kiln-cc(1) name IMAGE.core and binding.txt among the outputs" ||
	notok "--help and the man page name every output" "$(tail -4 "$tmp/help")"
"$cc" >/dev/null 2>&1
[ $? -eq 1 ] && ok "no arguments exits 1" || notok "no arguments" "wrong status"
"$cc" "$src/examples/counter.c" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "kiln-cc: error: no output file: name the image with -o" "$tmp/err" &&
	ok "a missing -o is named" || notok "missing -o" "$(cat "$tmp/err")"
"$cc" -o "$tmp/x.kimg" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "no input files" "$tmp/err" && ok "missing inputs are named" || notok "no inputs" "$(cat "$tmp/err")"
for t in kiln-cc kiln-post-link; do
	v=$("$build/bin/$t" --version)
	[ $? -eq 0 ] && echo "$v" | grep -q "^$t $(cat "$src/VERSION")$" && ok "$t --version" || notok "$t --version" "$v"
done
"$cc" -o "$tmp/x.kimg" --frobnicate "$src/examples/counter.c" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "unknown option '--frobnicate'" "$tmp/err" && ok "unknown option is an error" ||
	notok "unknown option" "$(cat "$tmp/err")"
"$cc" -o "$tmp/x.kimg" "$tmp/missing.c" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "missing.c: error: cannot read" "$tmp/err" && ok "missing input file" ||
	notok "missing input" "$(cat "$tmp/err")"
"$cc" -o "$tmp/x.kimg" --board nosuchboard "$src/examples/counter.c" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "nosuchboard" "$tmp/err" && ok "unknown board" || notok "unknown board" "$(cat "$tmp/err")"

# Malformed IR inputs are refused with the file named, by both tools.
head -c 300 /dev/urandom >"$tmp/junk.ll"
printf 'BC\300\336 garbage' >"$tmp/junk.bc"
"$cc" -q -o "$tmp/junk.kimg" "$tmp/junk.ll" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "junk.ll: error: invalid LLVM IR" "$tmp/err" && [ ! -e "$tmp/junk.kimg" ] &&
	ok "random bytes as .ll are refused" || notok "junk .ll" "$(head -c 300 "$tmp/err")"
"$build/bin/kiln-post-link" -o "$tmp/junk.table" "$tmp/junk.bc" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^kiln-post-link: error: .*junk.bc: invalid LLVM IR" "$tmp/err" && [ ! -e "$tmp/junk.table" ] &&
	ok "a corrupt bitcode file is refused by kiln-post-link" || notok "junk .bc" "$(head -c 300 "$tmp/err")"

# bad input file | expected diagnostic (grep -E), which must carry the file and a line
while IFS='|' read -r file want; do
	[ -n "$file" ] || continue
	"$cc" -q -o "$tmp/$file.kimg" "$src/test/flow/bad/$file" 2>"$tmp/err"
	rc=$?
	if [ $rc -eq 1 ] && grep -Eq "$file:[0-9]+(:[0-9]+)?: error: .*($want)" "$tmp/err" && [ ! -e "$tmp/$file.kimg" ]; then
		ok "diagnostic for $file"
	else
		notok "diagnostic for $file" "status $rc, stderr: $(head -c 600 "$tmp/err")"
	fi
done <<'TABLE'
returns_int.c|must return void
variadic.c|must not be variadic
both_properties.c|both single_task_kernel and nd_range_kernel|both nd_range_kernel and single_task_kernel
struct_param.c|only integer, float, double and pointer parameters
float_op.c|floating point
recursive_kernel.c|kernel .k. is called from the code it runs
conflicting_property.c|host_access is given twice
syntax_error.c|expected expression
nd_builtin_in_single_task.c|only available in nd-range kernels
TABLE

# The model cache: a second compile of the same kernel reuses the model.
mkdir -p "$tmp/a" "$tmp/b"
"$cc" -o "$tmp/a/c.kimg" "$src/examples/counter.c" 2>"$tmp/log1" && "$cc" -o "$tmp/b/c.kimg" "$src/examples/counter.c" 2>"$tmp/log2"
if grep -q "simulation model: cached" "$tmp/log2" && cmp -s "$tmp/a/c.kimg" "$tmp/b/c.kimg"; then
	ok "second compile reuses the cached model and gives the same image"
else
	notok "model cache" "$(cat "$tmp/log2")"
fi

# Outputs are atomic: a failed compile leaves the previous image and folder exactly as they were and nothing
# half-made; a successful one replaces both whole (no file of the earlier run is left in the folder).
mkdir -p "$tmp/at" "$tmp/sch"
"$cc" -q -o "$tmp/at/x.kimg" "$src/examples/counter.c" 2>"$tmp/err"
touch "$tmp/at/x.kimg.d/from-before"
(cd "$tmp/at" && find . -type f -exec md5sum {} + | sort) >"$tmp/at.before"
"$cc" -q -o "$tmp/at/x.kimg" "$src/test/flow/bad/syntax_error.c" 2>/dev/null
rc=$?
(cd "$tmp/at" && find . -type f -exec md5sum {} + | sort) >"$tmp/at.after"
[ $rc -eq 1 ] && cmp -s "$tmp/at.before" "$tmp/at.after" && [ "$(ls -A "$tmp/at" | wc -l)" -eq 2 ] &&
	ok "a failed compile leaves the previous image and folder untouched, no temporaries" ||
	notok "atomic failure" "$(diff "$tmp/at.before" "$tmp/at.after" | head -5; ls -A "$tmp/at")"
"$cc" -q -o "$tmp/at/x.kimg" "$src/test/runtime/smoke.c" 2>"$tmp/err"
[ $? -eq 0 ] && [ ! -e "$tmp/at/x.kimg.d/from-before" ] && [ ! -e "$tmp/at/x.kimg.d/counter.c.bc" ] &&
	[ -e "$tmp/at/x.kimg.d/smoke.c.bc" ] && ! cmp -s "$tmp/at/x.kimg" "$tmp/a/c.kimg" && [ "$(ls -A "$tmp/at" | wc -l)" -eq 2 ] &&
	ok "a successful compile replaces image and folder whole" || notok "atomic success" "$(ls -A "$tmp/at" "$tmp/at/x.kimg.d")"
"$cc" -q --split per_kernel -o "$tmp/at/s.kimg" "$src/test/runtime/smoke.c" "$src/test/flow/bad/syntax_error.c" 2>/dev/null
[ $? -eq 1 ] && [ "$(ls -A "$tmp/at" | wc -l)" -eq 2 ] && ok "a failed split compile writes none of its images" ||
	notok "atomic split" "$(ls -A "$tmp/at")"
# An -o that cannot name an image is refused before anything is written.
mkdir -p "$tmp/od/dir"
"$cc" -q -o "$tmp/od/dir" "$src/examples/counter.c" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "dir: error: .*is a directory" "$tmp/err" && [ "$(ls -A "$tmp/od")" = dir ] &&
	[ -z "$(ls -A "$tmp/od/dir")" ] && ok "-o naming a directory is refused, nothing written" ||
	notok "-o directory" "$(head -2 "$tmp/err"; ls -A "$tmp/od")"
for o in "" "$tmp/od/"; do
	"$cc" -q -o "$o" "$src/examples/counter.c" 2>"$tmp/err"
	[ $? -eq 1 ] && grep -q "no output file name" "$tmp/err" && ! grep -q "internal error" "$tmp/err" &&
		[ "$(ls -A "$tmp/od")" = dir ] && ok "-o '$o' without a file name is refused" ||
		notok "-o '$o'" "$(head -2 "$tmp/err"; ls -A "$tmp/od")"
done
"$cc" -q -o "$tmp/od/no/x.kimg" "$src/examples/counter.c" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^$tmp/od/no/x.kimg: error: cannot create" "$tmp/err" &&
	ok "-o in a missing folder names the output" || notok "-o missing folder" "$(head -2 "$tmp/err")"
"$cc" -q --stop-after rtl -o "$tmp/at/x.kimg" "$src/examples/counter.c" 2>"$tmp/err"
[ $? -eq 0 ] && [ ! -e "$tmp/at/x.kimg" ] && [ -e "$tmp/at/x.kimg.d/rtl" ] && [ ! -e "$tmp/at/x.kimg.d/smoke.c.bc" ] &&
	ok "--stop-after replaces the folder and leaves no image of an earlier run beside it" ||
	notok "stop-after outputs" "$(ls -A "$tmp/at" "$tmp/at/x.kimg.d")"
"$cc" -q --stop-after schedule -o "$tmp/sch/x.kimg" "$src/test/kernels/ndrange.c" 2>"$tmp/err"
[ $? -eq 0 ] && [ ! -e "$tmp/sch/x.kimg" ] && [ ! -e "$tmp/sch/x.kimg.d/rtl" ] &&
	grep -q "^kernel nd_saxpy (nd-range" "$tmp/sch/x.kimg.d/kir.txt" &&
	grep -q "= load.i32 .*; step [0-9]* (issued [0-9]*)" "$tmp/sch/x.kimg.d/kir.txt" &&
	grep -q "nd_saxpy" "$tmp/sch/x.kimg.d/schedule.txt" &&
	ok "--stop-after schedule keeps the kernel IR with its steps (kir.txt) and the report, and no RTL" ||
	notok "stop-after schedule" "$(head -3 "$tmp/err"; ls -A "$tmp/sch/x.kimg.d" 2>&1)"
"$cc" -q --stop-after schedule --depfile "$tmp/sch/x.dep" -o "$tmp/sch/x.kimg" "$src/test/kernels/ndrange.c" 2>"$tmp/err"
[ $? -eq 0 ] && grep -q "^$tmp/sch/x.kimg: .*ndrange.c" "$tmp/sch/x.dep" && grep -q "kiln/device.h" "$tmp/sch/x.dep" &&
	ok "--depfile lists the image's inputs, included headers too, for the image" ||
	notok "--depfile" "$(head -3 "$tmp/err"; head -3 "$tmp/sch/x.dep" 2>&1)"
cp "$tmp/sch/x.dep" "$tmp/sch/x.dep.before"
"$cc" -q --depfile "$tmp/sch/x.dep" -o "$tmp/sch/x.kimg" "$src/test/hls/bad/vla.c" 2>/dev/null
[ $? -eq 1 ] && cmp -s "$tmp/sch/x.dep" "$tmp/sch/x.dep.before" && [ -z "$(ls "$tmp/sch" | grep kiln-tmp)" ] &&
	ok "a failed compile leaves the previous depfile and no partial one" ||
	notok "--depfile after a failure" "$(ls -A "$tmp/sch")"

# -q silences every progress line, the simulated-board model build's included (a design new to the cache).
mkdir -p "$tmp/qcache"
for d in "${KILN_CACHE:-$src/build/cache}"/vlrt-*; do [ -d "$d" ] && cp -r "$d" "$tmp/qcache/"; done
KILN_CACHE="$tmp/qcache" "$cc" -q -o "$tmp/q.kimg" "$src/examples/counter.c" 2>"$tmp/err"
[ $? -eq 0 ] && [ ! -s "$tmp/err" ] && ls "$tmp/qcache/models/"*.so >/dev/null 2>&1 &&
	ok "-q: a compile that builds its model prints nothing" || notok "-q" "$(head -c 400 "$tmp/err")"

# A compile interrupted mid-way (here while its model builds, the whole process group terminated as a shell
# does on Ctrl-C) removes its staging folder: nothing of it is left beside -o.
mkdir -p "$tmp/icache" "$tmp/int"
for d in "${KILN_CACHE:-$src/build/cache}"/vlrt-*; do [ -d "$d" ] && cp -r "$d" "$tmp/icache/"; done
KILN_CACHE="$tmp/icache" setsid "$cc" -q -o "$tmp/int/x.kimg" "$src/examples/counter.c" 2>/dev/null &
ipid=$!
i=0
while [ $i -lt 600 ] && ! ls -d "$tmp/int/".x.kimg.kiln-tmp.*/x.kimg.d/model >/dev/null 2>&1; do
	sleep 0.1
	i=$((i + 1))
done
kill -TERM -$ipid 2>/dev/null
wait $ipid
irc=$?
sleep 0.5
[ $i -lt 600 ] && [ $irc -ne 0 ] && [ -z "$(ls -A "$tmp/int")" ] &&
	ok "an interrupted compile leaves no staging folder and no output" ||
	notok "interrupted compile" "waited $i, status $irc, left: $(ls -A "$tmp/int")"

# Messages about an image name it as the user gave -o, not by the staging folder it is built in.
printf '#include <kiln/device.h>\nKILN_DEVICE_GLOBAL(int, g, KILN_DEVICE_IMAGE_SCOPE);\n' >"$tmp/dgonly.c"
(cd "$tmp" && "$cc" -q --stop-after rtl -o ./dgonly.kimg dgonly.c) 2>"$tmp/err"
grep -q "^kiln-cc: note: ./dgonly.kimg: no kernels" "$tmp/err" && ok "a note about the image names it as given with -o" ||
	notok "image note path" "$(head -2 "$tmp/err")"

# Diagnostics name the file as the user typed it (absolute, or relative from any folder), and for IR compiled
# elsewhere, the file its debug info names (directory + file name), not a path relative to the wrong folder.
mkdir -p "$tmp/dg/src" "$tmp/elsewhere"
cp "$src/test/flow/bad/float_op.c" "$tmp/dg/src/k.c"
(cd "$tmp/elsewhere" && "$cc" -q -o "$tmp/d.kimg" "$tmp/dg/src/k.c") 2>"$tmp/err"
grep -q "^$tmp/dg/src/k.c:6:[0-9]*: error" "$tmp/err" && ok "diagnostic for an absolute input names it as typed" ||
	notok "absolute input diagnostic" "$(head -2 "$tmp/err")"
(cd "$tmp/dg" && "$cc" -q -o "$tmp/d.kimg" src/k.c) 2>"$tmp/err"
grep -q "^src/k.c:6:[0-9]*: error" "$tmp/err" && ok "diagnostic for a relative input names it as typed" ||
	notok "relative input diagnostic" "$(head -2 "$tmp/err")"
(cd "$tmp/dg" && "$cc" -q --stop-after ir -o "$tmp/dg/ir.kimg" src/k.c) 2>/dev/null
(cd "$tmp/elsewhere" && "$cc" -q -o "$tmp/d.kimg" "$tmp/dg/ir.kimg.d/device.ll") 2>"$tmp/err"
grep -q "^$tmp/dg/src/k.c:6:[0-9]*: error" "$tmp/err" && ok "diagnostic for IR from another folder joins its debug-info directory" ||
	notok "IR diagnostic path" "$(head -2 "$tmp/err")"

# The counter's RTL is lint-clean and synthesises without latches.
rtl="$tmp/a/c.kimg.d/rtl"
if verilator --lint-only -Wall --top-module kiln_image "$rtl"/*.v >"$tmp/lint" 2>&1; then
	ok "counter RTL passes verilator --lint-only -Wall"
else
	notok "counter RTL lint" "$(head -c 800 "$tmp/lint")"
fi
if yosys -q -p "read_verilog $rtl/*.v; synth -top kiln_image; select -assert-none t:\$dlatch t:\$_DLATCH_*" \
	>"$tmp/yosys" 2>&1; then
	ok "counter RTL synthesises with yosys, no latches"
else
	notok "counter RTL synthesis" "$(head -c 800 "$tmp/yosys")"
fi
# On-chip memory contents: a $readmemh file per memory beside the RTL (what synthesis reads), the same words
# in the image's MEMH section and in the C tables the simulation model compiles in. The fake board builds no
# model, so this takes no Verilator run.
mkdir -p "$tmp/mi"
cat >"$tmp/mi/t.c" <<'EOF2'
#include <kiln/device.h>
static const unsigned short tab[5] = {0x1234, 0xabcd, 7, 0xffff, 0x8000};
KILN_DEVICE_GLOBAL(unsigned, dg_words[20], KILN_DEVICE_IMAGE_SCOPE) = {0xdeadbeef, 2, 3};
KILN_SINGLE_TASK_KERNEL void look(unsigned *o, int i) { *o = tab[i] + dg_words[i]; }
EOF2
if KILN_CONFIG_DIR="$src/test/libkiln/boards" "$cc" -q --board fake -o "$tmp/mi/t.kimg" "$tmp/mi/t.c" 2>"$tmp/err"; then
	h="$tmp/mi/t.kimg.d/rtl/kiln_k_look_m2.hex"
	[ "$(grep -v '^//' "$h" 2>/dev/null | tr '\n' ' ')" = "abcd1234 ffff0007 00008000 " ] &&
		ok "a constant table's contents go to a \$readmemh file, little-endian words" ||
		notok "table init file" "$(cat "$h" 2>&1 | head -5)"
	g="$tmp/mi/t.kimg.d/rtl/kiln_dg0.hex"
	[ "$(grep -cv '^//' "$g" 2>/dev/null)" = 20 ] && [ "$(sed -n 2p "$g")" = deadbeef ] &&
		ok "a device global in dedicated RAM gets its init file, every word" || notok "dg init file" "$(head -3 "$g" 2>&1)"
	grep -q 'INIT_FILE("kiln_k_look_m2.hex")' "$tmp/mi/t.kimg.d/rtl/kiln_k_look.v" &&
		grep -q 'INIT_FILE("kiln_dg0.hex")' "$tmp/mi/t.kimg.d/rtl/kiln_image.v" &&
		ok "the RAM cells name their init files" || notok "INIT_FILE parameters" "not found in the RTL"
	grep -q '{"kiln_k_look_m2.hex", t0, 3u}' "$tmp/mi/t.kimg.d/kiln_init.c" && grep -q "0xabcd1234u" "$tmp/mi/t.kimg.d/kiln_init.c" &&
		cc -std=c11 -Wall -Wextra -Werror -c -o "$tmp/mi/init.o" "$tmp/mi/t.kimg.d/kiln_init.c" 2>"$tmp/err" &&
		ok "the model's init tables hold the same words and compile cleanly" || notok "kiln_init.c" "$(head -c 400 "$tmp/err")"
	python3 - "$tmp/mi/t.kimg" "$h" >"$tmp/memh" 2>&1 <<'EOF2'
import struct, sys
d = open(sys.argv[1], "rb").read()
n = struct.unpack_from("<I", d, 12)[0]
for i in range(n):
    tag, _, off, size = struct.unpack_from("<IIQQ", d, 72 + 24 * i)
    if tag == 0x484D454D:
        sec = d[off:off + size].decode()
        sys.exit(0 if open(sys.argv[2]).read() in sec else "MEMH lacks the table's file")
sys.exit("no MEMH section")
EOF2
	[ $? -eq 0 ] && ok "the image's MEMH section carries the init files" || notok "MEMH section" "$(cat "$tmp/memh")"
	# The image hash names the hardware (libkiln keeps an image loaded while the hash matches): two images
	# that differ only in a table's contents, or only in a device global's initialiser, must not share it.
	hash_of() { "$build/bin/kiln" regs "$1" | awk '/IMAGE_HASH_(LO|HI)/ { printf "%s", $4 }'; }
	# (Each is compiled as ./t.c: the source's name is part of the design's text.)
	mkdir -p "$tmp/mi/base" "$tmp/mi/tab" "$tmp/mi/dg"
	cp "$tmp/mi/t.c" "$tmp/mi/base/t.c"
	sed 's/0x8000}/0x8001}/' "$tmp/mi/t.c" >"$tmp/mi/tab/t.c"
	sed 's/0xdeadbeef/0xdeadbeee/' "$tmp/mi/t.c" >"$tmp/mi/dg/t.c"
	(cd "$tmp/mi/base" && KILN_CONFIG_DIR="$src/test/libkiln/boards" "$cc" -q --board fake -o t.kimg t.c)
	h0=$(hash_of "$tmp/mi/base/t.kimg")
	for v in tab dg; do
		(cd "$tmp/mi/$v" && KILN_CONFIG_DIR="$src/test/libkiln/boards" "$cc" -q --board fake -o t.kimg t.c) &&
			h=$(hash_of "$tmp/mi/$v/t.kimg") && [ -n "$h0" ] && [ -n "$h" ] && [ "$h" != "$h0" ] &&
			ok "changing only a memory's contents ($v) changes the image hash" ||
			notok "image hash covers memory contents ($v)" "$h0 vs ${h:-?}"
	done
else
	notok "compile with a table and an initialised global" "$(head -c 600 "$tmp/err")"
fi

for f in regmap.json regmap.h regmap.md regmap.rdl image.prop device.ll; do
	[ -s "$tmp/a/c.kimg.d/$f" ] && ok "kiln-cc wrote $f" || notok "kiln-cc wrote $f" "missing or empty"
done
# The published C header compiles.
printf '#include <stdint.h>\nuint32_t kiln_csr_read32(uint32_t a);\nvoid kiln_csr_write32(uint32_t a, uint32_t v);\n#include "%s"\nint main(void){return 0;}\n' \
	"$tmp/a/c.kimg.d/regmap.h" >"$tmp/h.c"
cc -std=c11 -Wall -Werror -fsyntax-only "$tmp/h.c" 2>"$tmp/herr" && ok "register map header compiles" ||
	notok "register map header" "$(head -c 600 "$tmp/herr")"

# A board file naming a backend libkiln does not have is refused before anything is compiled (it once
# compiled with status 0 into an image no runtime could open), naming the file and the backends there are.
mkdir -p "$tmp/nb"
sed 's/"backend": "fake"/"backend": "pcie"/; s/"name": "fake"/"name": "nb"/' "$src/test/libkiln/boards/fake.json" >"$tmp/nb/nb.json"
if KILN_CONFIG_DIR="$tmp/nb" "$cc" -q --board nb -o "$tmp/nb/t.kimg" "$src/examples/counter.c" 2>"$tmp/nb/err"; then
	notok "kiln-cc refuses a board with an unknown backend" "exit 0"
elif grep -q "nb.json: backend: 'pcie' is not one of sim, fake, serial" "$tmp/nb/err" && [ ! -e "$tmp/nb/t.kimg" ]; then
	ok "kiln-cc refuses a board with an unknown backend, naming the file and the backends"
else
	notok "kiln-cc refuses a board with an unknown backend" "$(head -c 400 "$tmp/nb/err")"
fi

# --dsp-max: not a count of DSPs is refused before anything is compiled, quoting what was given; a count
# binds the sim board's multipliers (which have no limit of their own): binding.txt says so, kir.txt's
# kernel line carries the share and the schedule's level.
for bad in -1 8x "" 2000000; do
	if "$cc" -q --dsp-max "$bad" -o "$tmp/dm.kimg" "$src/examples/saxpy.c" 2>"$tmp/dm.err"; then
		notok "kiln-cc refuses --dsp-max '$bad'" "exit 0"
	elif grep -q "dsp-max takes a number of DSPs from 0 to 1000000, not '$bad'" "$tmp/dm.err" &&
		[ ! -e "$tmp/dm.kimg" ]; then
		ok "kiln-cc refuses --dsp-max '$bad', quoting it"
	else
		notok "kiln-cc refuses --dsp-max '$bad'" "$(head -c 400 "$tmp/dm.err")"
	fi
done
"$cc" -q --stop-after schedule -o "$tmp/dm.kimg" "$src/test/kernels/products4.c" 2>"$tmp/dm.err"
free=$(sed -n 's/^kernel products4: \([0-9]*\) cells$/\1/p' "$tmp/dm.kimg.d/binding.txt")
grep -q "^DSPs: no limit" "$tmp/dm.kimg.d/binding.txt" && [ "${free:-0}" -gt 3 ] &&
	ok "the sim board has no DSP limit: products4's four products take $free cells bound by timing" ||
	notok "the sim board's multipliers are bound by timing alone" "$(cat "$tmp/dm.kimg.d/binding.txt" "$tmp/dm.err")"
"$cc" -q --dsp-max 0 --stop-after schedule -o "$tmp/dm0.kimg" "$src/test/kernels/products4.c" 2>"$tmp/dm.err"
if grep -q "^DSPs: 0 " "$tmp/dm0.kimg.d/binding.txt" &&
	grep -q "^kernel products4: 3 cells (its share of the board: 3; by timing alone [0-9]*)$" "$tmp/dm0.kimg.d/binding.txt" &&
	grep -q "^kernel products4 (single task, [0-9]* steps, clock 10.00 ns, 3 dsps, 1 product a step)$" \
		"$tmp/dm0.kimg.d/kir.txt"; then
	ok "--dsp-max 0: one 32-bit multiplier of 3 cells for products4's four products, one a step"
else
	notok "--dsp-max 0 shares every multiplier it can" "$(cat "$tmp/dm0.kimg.d/binding.txt" "$tmp/dm.err"; head -3 "$tmp/dm0.kimg.d/kir.txt")"
fi
# A pipelined loop's products: at 6 DSPs for two kernels of three and four 32-bit products (3 cells each),
# each loop's products take turns on one multiplier, its II growing to their number; at 3 the loops are
# sequential when that takes fewer (two loops sharing one), saying why in the schedule report.
"$cc" -q --dsp-max 6 --stop-after schedule -o "$tmp/dm6.kimg" "$src/test/kernels/pipemul.c" 2>"$tmp/dm.err"
if grep -q "^kernel chained: 3 cells" "$tmp/dm6.kimg.d/binding.txt" &&
	grep -q "1 in each cycle of a pipelined loop's stage" "$tmp/dm6.kimg.d/binding.txt" &&
	grep -q "II 4 (pipelined)" "$tmp/dm6.kimg.d/schedule.txt"; then
	ok "--dsp-max 6: a pipelined loop's four products take turns on one multiplier at II 4"
else
	notok "--dsp-max 6 shares a pipelined loop's multipliers" "$(cat "$tmp/dm6.kimg.d/binding.txt" "$tmp/dm.err")"
fi
"$cc" -q --dsp-max 3 --stop-after schedule -o "$tmp/dm3.kimg" "$src/test/kernels/pipemul.c" 2>"$tmp/dm.err"
grep -q "^kernel chained (.*, 3 dsps, 1 product a step, 1 product a loop cycle)$" "$tmp/dm3.kimg.d/kir.txt" &&
	! grep -q "not pipelined: its multiplication" "$tmp/dm3.kimg.d/schedule.txt" &&
	ok "--dsp-max 3, which no level fits: the lowest level that takes the fewest, loops still pipelined" ||
	notok "--dsp-max 3 stops at the level of the fewest DSPs" "$(head -1 "$tmp/dm3.kimg.d/kir.txt"; grep -i pipelined "$tmp/dm3.kimg.d/schedule.txt" | head -3)"
"$cc" -q --dsp-max 0 --stop-after schedule -o "$tmp/dm0.kimg" "$src/test/kernels/mulshare.c" 2>"$tmp/dm.err"
[ "$(grep -c "not pipelined: its multiplication (line [0-9]*) shares the board's few DSPs" "$tmp/dm0.kimg.d/schedule.txt")" -ge 2 ] &&
	grep -q "^kernel two_loops: 3 cells" "$tmp/dm0.kimg.d/binding.txt" &&
	ok "--dsp-max 0: two loops that multiply are left sequential, one multiplier for both, the report says why" ||
	notok "--dsp-max 0 leaves loops that multiply sequential" "$(grep -i pipelined "$tmp/dm0.kimg.d/schedule.txt" | head -3; cat "$tmp/dm0.kimg.d/binding.txt")"

# SIGTERM to kiln-cc while its model builds: the build's processes (Verilator, the C++ compiler, in a process
# group of their own) stop with it, and no image or staging folder is left (they compiled on, orphaned).
mkdir -p "$tmp/sigcache"
printf '#include <kiln/device.h>\nKILN_SINGLE_TASK_KERNEL void k(int *o, int n) { for (int i = 0; i < n; i++) o[i] = i * 7 + n; }\n' >"$tmp/sig.c"
KILN_CACHE="$tmp/sigcache" "$cc" -o "$tmp/sig.kimg" "$tmp/sig.c" >"$tmp/sig.err" 2>&1 &
pid=$!
n=0
while ! grep -q "building the simulation model" "$tmp/sig.err" && [ $n -lt 300 ]; do
	sleep 0.2
	n=$((n + 1))
done
sleep 2
kill -TERM $pid
wait $pid
rc=$?
sleep 1
left=$(ps -eo args | grep -F -e "$tmp/sigcache" -e "sig.kimg.kiln-tmp" | grep -v grep | wc -l)
if [ $rc = 143 ] && [ "$left" = 0 ] && [ ! -e "$tmp/sig.kimg" ] && ! ls -a "$tmp" | grep -q "sig.kimg.kiln-tmp"; then
	ok "SIGTERM during the model build: kiln-cc and the build's processes stop, nothing is left"
else
	notok "SIGTERM during the model build" "status $rc, $left processes left: $(ps -eo args | grep -F "$tmp/sigcache" | grep -v grep | head -2)"
fi

# A misspelt property macro: clang reports only "expected ')'" inside the KILN_DEVICE_GLOBAL expansion, so
# kiln-cc names the unknown macro at its line and the property it is closest to (not a name it knows).
printf '#include <kiln/device.h>\nKILN_DEVICE_GLOBAL(int, g, KILN_DEVICE_IMAGE_SCOPE,\n\tKILN_HOST_ACCES_READ);\nKILN_SINGLE_TASK_KERNEL void k(int *o) { o[0] = g; }\n' >"$tmp/typo.c"
if "$cc" -q --stop-after rtl -o "$tmp/typo.kimg" "$tmp/typo.c" 2>"$tmp/typo.err"; then
	notok "a misspelt property macro fails the compile" "exit 0"
elif grep -q "typo.c:3: note: 'KILN_HOST_ACCES_READ' is no property macro of kiln/device.h; did you mean 'KILN_HOST_ACCESS_READ'?" "$tmp/typo.err" &&
	[ "$(grep -c "is no property macro" "$tmp/typo.err")" = 1 ] && [ ! -e "$tmp/typo.kimg" ]; then
	ok "a misspelt property macro: a note at its line naming it and the property meant"
else
	notok "a misspelt property macro is named" "$(tail -c 600 "$tmp/typo.err")"
fi

# A line per loop whose II is above its bound, with why, as HLS tools print II violations; none for the
# pipelined loops at their bound; nothing with -q.
"$cc" --stop-after schedule -o "$tmp/ln.kimg" "$src/test/hls/lit/Inputs/loop_nest.c" 2>"$tmp/ln.err"
"$cc" -q --stop-after schedule -o "$tmp/lnq.kimg" "$src/test/hls/lit/Inputs/loop_nest.c" 2>"$tmp/lnq.err"
if [ "$(grep -c ": loop of kernel" "$tmp/ln.err")" = 2 ] &&
	grep -q "loop_nest.c:10: loop of kernel 'nest': II [0-9]*, its bound [0-9]*; it holds the loop at line 12" "$tmp/ln.err" &&
	grep -q "loop_nest.c:25: loop of kernel 'guarded': II [0-9]*, its bound [0-9]*; its body branches (line 27)" "$tmp/ln.err" &&
	! grep -q "loop of kernel" "$tmp/lnq.err"; then
	ok "a console line per loop above its II bound, at its source line with why; none with -q"
else
	notok "loops above their bound on the console" "$(grep "loop of" "$tmp/ln.err" "$tmp/lnq.err" | head -5)"
fi

# Code inlined from the kernel C library (snprintf's formatter, strlen) is placed at its call in the user's
# source: every line kir.txt names is a line of the kernel's file, the snprintf call's among them.
printf '#include <kiln/device.h>\n#include <stdio.h>\n#include <string.h>\nKILN_SINGLE_TASK_KERNEL void k(int *o, int n)\n{\n\tfor (int i = 0; i < n; i++) {\n\t\tchar b[16];\n\t\tsnprintf(b, sizeof b, "%%d", i);\n\t\to[i] = (int)strlen(b);\n\t}\n}\n' >"$tmp/libline.c"
"$cc" -q --stop-after schedule -o "$tmp/libline.kimg" "$tmp/libline.c" 2>"$tmp/libline.err"
beyond=$(grep -o "line [0-9]*:" "$tmp/libline.kimg.d/kir.txt" | tr -dc '0-9\n' | awk '$1 > 11' | sort -u | head -3 | tr '\n' ' ')
if grep -q "line 8:" "$tmp/libline.kimg.d/kir.txt" && [ -z "$beyond" ]; then
	ok "the kernel C library's inlined code is at its call in the user's source in kir.txt"
else
	notok "library lines at the user's call site" "lines beyond the 11-line file: $beyond $(head -c 300 "$tmp/libline.err")"
fi

# A clock shorter than one operation needs: a warning at the operation's line naming it and the period it
# needs; at the board's clock, saxpy's operations fit and nothing is said.
"$cc" -q --clock-period 0.5 --stop-after schedule -o "$tmp/cp.kimg" "$src/examples/saxpy.c" 2>"$tmp/cp.err"
rc=$?
"$cc" -q --stop-after schedule -o "$tmp/cp10.kimg" "$src/examples/saxpy.c" 2>"$tmp/cp10.err"
if [ $rc -eq 0 ] && [ "$(grep -c "clock is shorter" "$tmp/cp.err")" = 1 ] &&
	grep -q "saxpy.c:[0-9]*: warning: kernel 'saxpy': a 0.50 ns clock is shorter than this 32-bit mul needs ([0-9.]* ns with a state's own logic).* below about [0-9.]* ns$" "$tmp/cp.err" &&
	[ ! -s "$tmp/cp10.err" ]; then
	ok "--clock-period 0.5: a warning at saxpy's multiplication with the period it needs; none at the board's clock"
else
	notok "--clock-period shorter than an operation is warned of" "$(head -c 600 "$tmp/cp.err"; head -c 300 "$tmp/cp10.err")"
fi

# implement_in_csr where it cannot be: a device global larger than the CSR space holds gets a dedicated
# interface, and one without device_image_scope lives in device memory; each says so at its line, and the
# register map shows where it went (a small one stays in the CSR block).
cat >"$tmp/csr.c" <<'EOF_CSR'
#include <kiln/device.h>
KILN_DEVICE_GLOBAL(int, big[4096], KILN_IMPLEMENT_IN_CSR_ON, KILN_DEVICE_IMAGE_SCOPE);
KILN_DEVICE_GLOBAL(int, loose, KILN_IMPLEMENT_IN_CSR_ON);
KILN_DEVICE_GLOBAL(int, small[8], KILN_IMPLEMENT_IN_CSR_ON, KILN_DEVICE_IMAGE_SCOPE);
KILN_SINGLE_TASK_KERNEL void k(int *o) { o[0] = big[3] + loose + small[2]; }
EOF_CSR
if "$cc" -q --stop-after rtl -o "$tmp/csr.kimg" "$tmp/csr.c" 2>"$tmp/csr.err" &&
	grep -q "csr.c:2: warning: device global 'big' (16384 bytes): implement_in_csr holds at most 256 bytes" "$tmp/csr.err" &&
	grep -q "csr.c:3: warning: device global 'loose': implement_in_csr applies to device_image_scope globals only" "$tmp/csr.err" &&
	[ "$(grep -c warning "$tmp/csr.err")" = 2 ] &&
	grep -q "device global 'big', 16384 bytes, .*dedicated interface" "$tmp/csr.kimg.d/regmap.md" &&
	grep -q "device global 'loose': device-memory address" "$tmp/csr.kimg.d/regmap.md" &&
	grep -q "device global 'small', 32 bytes, .*in the CSR block" "$tmp/csr.kimg.d/regmap.md" &&
	grep -q "DG_SMALL.WORD_2: bytes 8 .. 11 \*/" "$tmp/csr.kimg.d/regmap.h"; then
	ok "implement_in_csr on 16 KiB or without device_image_scope: a warning at each global's line, where it went in the register map, each word's bytes"
else
	notok "implement_in_csr where it cannot be is warned of" "$(head -c 600 "$tmp/csr.err"; grep "device global" "$tmp/csr.kimg.d/regmap.md")"
fi

# --onchip-rom-max: a limit beyond the largest on-chip memory, or not a size, is refused before anything is
# compiled, quoting what was given; a table over the limit becomes a device global in device memory.
for bad in 2M 12x; do
	if "$cc" -q --onchip-rom-max "$bad" -o "$tmp/rm.kimg" "$src/examples/counter.c" 2>"$tmp/rm.err"; then
		notok "kiln-cc refuses --onchip-rom-max $bad" "exit 0"
	elif grep -q "onchip-rom-max takes a number of bytes from 64 to 1M.*'$bad'" "$tmp/rm.err" && [ ! -e "$tmp/rm.kimg" ]; then
		ok "kiln-cc refuses --onchip-rom-max $bad, quoting it"
	else
		notok "kiln-cc refuses --onchip-rom-max $bad" "$(head -c 400 "$tmp/rm.err")"
	fi
done
printf '#include <kiln/device.h>\nstatic const unsigned t[64] = {%s};\nKILN_SINGLE_TASK_KERNEL void f(unsigned i, unsigned *o) { *o = t[i & 63]; }\n' \
	"$(seq -s, 1 64)" >"$tmp/rm.c"
for lim in 256 128; do
	"$cc" -q --onchip-rom-max $lim --stop-after rtl -o "$tmp/rm$lim.kimg" "$tmp/rm.c" 2>"$tmp/rm.err"
done
if grep -q "constant table (ROM) 't', 256 bytes" "$tmp/rm256.kimg.d/rtl/kiln_k_f.v" 2>/dev/null &&
	grep -q "device global 'kiln.rodata.t\.[0-9a-f]\{16\}'" "$tmp/rm128.kimg.d/regmap.md" 2>/dev/null &&
	! grep -q "constant table (ROM) 't'" "$tmp/rm128.kimg.d/rtl/kiln_k_f.v" 2>/dev/null; then
	ok "a 256-byte table stays a ROM at --onchip-rom-max 256 and is a device global in device memory at 128"
else
	notok "--onchip-rom-max places a table" "$(head -c 400 "$tmp/rm.err")"
fi
# A moved table's device-global id carries its contents' digest: device globals of one id share their
# storage across a context's images, so two images' tables of one name and other contents must not.
printf '#include <kiln/device.h>\nstatic const unsigned t[64] = {%s};\nKILN_SINGLE_TASK_KERNEL void f(unsigned i, unsigned *o) { *o = t[i & 63]; }\n' \
	"$(seq -s, 2 65)" >"$tmp/rm2.c"
"$cc" -q --onchip-rom-max 128 --stop-after rtl -o "$tmp/rm2.kimg" "$tmp/rm2.c" 2>"$tmp/rm.err"
"$cc" -q --onchip-rom-max 128 --stop-after rtl -o "$tmp/rm3.kimg" "$tmp/rm.c" 2>>"$tmp/rm.err"
id1=$(grep -o "device global 'kiln.rodata.t[^']*'" "$tmp/rm128.kimg.d/regmap.md" 2>/dev/null | head -1)
id2=$(grep -o "device global 'kiln.rodata.t[^']*'" "$tmp/rm2.kimg.d/regmap.md" 2>/dev/null | head -1)
id3=$(grep -o "device global 'kiln.rodata.t[^']*'" "$tmp/rm3.kimg.d/regmap.md" 2>/dev/null | head -1)
if [ -n "$id1" ] && [ -n "$id2" ] && [ "$id1" != "$id2" ] && [ "$id1" = "$id3" ]; then
	ok "tables of one name get device-global ids by their contents (other contents: another id; the same: the same)"
else
	notok "a moved table's id by its contents" "'$id1' '$id2' '$id3' $(head -c 300 "$tmp/rm.err")"
fi

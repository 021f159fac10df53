#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# What a kernel's author names never becomes hardware description or host code (issue 26). Names holding
# comment ends, quotes, backslashes, '%' and non-ASCII pass through every place a name flows (a #line file
# name, kernel, argument and device-global names, unique ids, the image name) and every output still parses:
# Verilator lint on the RTL, a JSON parser, a C compiler on the header and the model's C, a YAML parser on the
# FuseSoC core; the runtime loads the image and reads the global by its id; the $system the names carry never
# runs. Names no output can carry (line breaks, NUL, bytes that are not UTF-8, '=' in a unique id) are refused
# at their line by kiln-cc and kiln-post-link, and nothing is written. Usage: names-test.sh SRC_DIR BUILD_DIR
set -u
src=$1
build=$2
cc="$build/bin/kiln-cc"
mkdir -p "$build/test/hls"
tmp=$(mktemp -d "$build/test/hls/names.XXXXXX")
[ -n "${KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT
pwned=$tmp/pwned

# printf, not echo: the texts hold backslashes that sh's echo would interpret.
ok() { printf 'ok - %s\n' "$1"; }
notok() { printf 'not ok - %s: %s\n' "$1" "$2"; }

# Every output of image folder D parses; LABEL names the case.
outputs_parse() {
	label=$1 d=$2 # $3: the image's file name
	if (cd "$d/rtl" && verilator --lint-only -Wall --top-module kiln_image ./*.v) >"$tmp/lint" 2>&1; then
		ok "$label: the RTL passes verilator --lint-only -Wall"
	else
		notok "$label: the RTL passes verilator --lint-only -Wall" "$(head -c 600 "$tmp/lint")"
	fi
	for j in "$d"/regmap.json "$d"/schedule.json; do
		if python3 -m json.tool "$j" >/dev/null 2>"$tmp/json"; then
			ok "$label: $(basename "$j") is JSON"
		else
			notok "$label: $(basename "$j") is JSON" "$(head -c 300 "$tmp/json")"
		fi
	done
	printf '#include "regmap.h"\nint main(void) { return 0; }\n' >"$tmp/use.c"
	if gcc -std=c11 -Wall -Werror -fsyntax-only -I"$d" "$tmp/use.c" >"$tmp/c" 2>&1 &&
		gcc -std=c11 -Wall -Werror -fsyntax-only "$d/kiln_init.c" >>"$tmp/c" 2>&1; then
		ok "$label: regmap.h and the model's kiln_init.c compile"
	else
		notok "$label: regmap.h and the model's kiln_init.c compile" "$(head -c 600 "$tmp/c")"
	fi
	# SystemRDL: the reference compiler (the ecosystem tests' virtual environment) reads the names back.
	if "$build/venv/bin/python" - "$d/regmap.rdl" "$3" >"$tmp/rdl" 2>&1 <<'EOF2'
import sys
from systemrdl import RDLCompiler
c = RDLCompiler()
c.compile_file(sys.argv[1])
top = c.elaborate().top
assert top.get_property("name") == "Kiln image " + sys.argv[2].removesuffix(".kimg"), top.get_property("name")
EOF2
	then
		ok "$label: regmap.rdl compiles in systemrdl-compiler with the image's name intact"
	else
		notok "$label: regmap.rdl compiles in systemrdl-compiler with the image's name intact" "$(tail -c 400 "$tmp/rdl")"
	fi
	if python3 -c 'import sys, yaml; c = yaml.safe_load(open(sys.argv[1])); assert c["name"].count(":") == 3' \
		"$d"/*.core >"$tmp/yaml" 2>&1; then
		ok "$label: the FuseSoC core is YAML with a VLNV name"
	else
		notok "$label: the FuseSoC core is YAML with a VLNV name" "$(head -c 300 "$tmp/yaml")"
	fi
}

# The $system the names carry would create $pwned, at compile time (Verilator) or when the model loads.
not_run() {
	if [ -e "$pwned" ]; then
		notok "$1: the injected \$system never runs" "$pwned exists"
		rm -f "$pwned"
	else
		ok "$1: the injected \$system never runs"
	fi
}

# 1. C source: the audit's #line, a non-ASCII kernel and global, and an image name full of specials.
img='im"a\b*|<ü%.kimg'
printf '%s\n' '#include <kiln/device.h>' \
	'KILN_DEVICE_GLOBAL(int, cöunter, KILN_DEVICE_IMAGE_SCOPE) = 41;' \
	"#line 7 \"x\\n*/ // \\\\ \\\" \\xc3\\xa9 endmodule\\nmodule kiln_k_b__mp (); initial \$system(\\\"touch $pwned\\\"); endmodule\\n//\"" \
	'KILN_SINGLE_TASK_KERNEL void bümp(int n)' '{' '	cöunter += n;' '}' >"$tmp/src.c"
if (cd "$tmp" && "$cc" -q -o "$img" src.c) >"$tmp/err" 2>&1; then
	ok "C source: a #line name with a newline and \$system compiles"
	outputs_parse "C source" "$tmp/$img.d" "$img"
	if "$build/bin/kiln" dg read sim "$tmp/$img" cöunter >"$tmp/out" 2>&1 && grep -q '0x00000029' "$tmp/out"; then
		ok "C source: the runtime loads the image and reads cöunter by its id"
	else
		notok "C source: the runtime loads the image and reads cöunter by its id" "$(head -c 600 "$tmp/out")"
	fi
else
	notok "C source: a #line name with a newline and \$system compiles" "$(head -c 600 "$tmp/err")"
fi
not_run "C source"

# 2. IR: a kernel, its argument, a device global and its unique id named with specials (LLVM's \XX escapes).
printf '%s\n' '#include <kiln/device.h>' \
	'KILN_DEVICE_GLOBAL(int, counter, KILN_DEVICE_IMAGE_SCOPE, KILN_IMPLEMENT_IN_CSR_ON) = 7;' \
	'KILN_DEVICE_GLOBAL(int, table[4], KILN_DEVICE_IMAGE_SCOPE) = {1, 2, 3, 4};' \
	'KILN_SINGLE_TASK_KERNEL void bump(int n, int *p)' '{' '	counter += n + table[n & 3];' '	p[0] = counter;' '}' \
	>"$tmp/base.c"
if ! (cd "$tmp" && "$cc" -q --stop-after ir -o base.kimg base.c) >"$tmp/err" 2>&1; then
	notok "IR: the base module" "$(head -c 600 "$tmp/err")"
	exit 0
fi
base=$tmp/base.kimg.d/device.ll
weird='*\\2F // \\5C\\22\\C3\\A9%s'
# Writes $tmp/NAME.ll: the base module with the perl substitutions EXPR applied (s{}{}: names hold '/').
variant() {
	perl -pe "$2" "$base" >"$tmp/$1.ll" && ! cmp -s "$base" "$tmp/$1.ll" ||
		notok "IR: variant $1" "the substitution changed nothing"
}
variant good "s{\@__sycl_kernel_bump\b}{\@\"__sycl_kernel_b$weird\"}g; s{%n(?=[,) ])}{%\"n$weird\"}g;
	s{\@counter\b}{\@\"c$weird\"}g; s{\"sycl-unique-id\"=\"counter\"}{\"sycl-unique-id\"=\"u$weird\"}"
if (cd "$tmp" && "$cc" -q -o good.kimg good.ll) >"$tmp/err" 2>&1; then
	ok "IR: kernel, argument, global and unique id with comment ends, quotes and non-ASCII compile"
	outputs_parse "IR" "$tmp/good.kimg.d" good.kimg
	uid=$(printf 'u*/ // \\"\303\251%%s')
	if "$build/bin/kiln" dg read sim "$tmp/good.kimg" "$uid" >"$tmp/out" 2>&1 && grep -q '0x00000007' "$tmp/out"; then
		ok "IR: the runtime loads the image and reads the global by its unique id"
	else
		notok "IR: the runtime loads the image and reads the global by its unique id" "$(head -c 600 "$tmp/out")"
	fi
else
	notok "IR: kernel, argument, global and unique id with comment ends, quotes and non-ASCII compile" \
		"$(head -c 600 "$tmp/err")"
fi

# 2b. Names that are other tools' instructions (the review's): an argument named like a synthesis directive
# must not start a Verilog comment (yosys would drop the ports after it), and SystemRDL's Perl tags in a name
# must not run in regmap.rdl. The compile passing means rtl_check found no directive comment.
variant tools "s{%n(?=[,) ])}{%\"synthesis translate_off\"}g;
	s{%p(?=[,) ])}{%\"x<%=chr(34).q(; name = ).chr(34).q(INJECTED)%>\"}g"
if (cd "$tmp" && "$cc" -q -o tools.kimg tools.ll) >"$tmp/err" 2>&1; then
	ok "IR: arguments named like a synthesis directive and a SystemRDL Perl tag compile"
	if grep -Eiq '//[[:space:]]*(synthesis|synopsys)' "$tmp/tools.kimg.d/rtl/"*.v; then
		notok "IR: no comment in the RTL starts with a directive" "$(grep -Ein '//[[:space:]]*synthesis' "$tmp/tools.kimg.d/rtl/"*.v | head -3)"
	else
		ok "IR: no comment in the RTL starts with a directive"
	fi
	if "$build/venv/bin/python" - "$tmp/tools.kimg.d/regmap.rdl" >"$tmp/rdl" 2>&1 <<'EOF2'
import sys
from systemrdl import RDLCompiler
c = RDLCompiler()
c.compile_file(sys.argv[1])
names = [n.get_property("name") or "" for n in c.elaborate().top.descendants()]
assert not [n for n in names if n.startswith("INJECTED")], names
EOF2
	then
		ok "IR: a SystemRDL Perl tag in a name stays text in regmap.rdl"
	else
		notok "IR: a SystemRDL Perl tag in a name stays text in regmap.rdl" "$(tail -c 400 "$tmp/rdl")"
	fi
else
	notok "IR: arguments named like a synthesis directive and a SystemRDL Perl tag compile" \
		"$(head -c 600 "$tmp/err")"
fi

# 3. Names no output can carry: refused at the kernel's or global's line, status 1, no image.
inject="\\\\0A);\\\\0A initial \\\$system(\\\\22touch $pwned\\\\22);\\\\0Aendmodule\\\\0A//"
while IFS='|' read -r name expr want; do
	[ -n "$name" ] || continue
	variant "$name" "$expr"
	(cd "$tmp" && "$cc" -q -o "$name.kimg" "$name.ll") >"$tmp/err" 2>&1
	rc=$?
	if [ $rc -eq 1 ] && grep -Eq "(base\.c|$name\.ll):[0-9]+(:[0-9]+)?: error: .*($want)" "$tmp/err" &&
		[ ! -e "$tmp/$name.kimg" ] && [ ! -e "$tmp/$name.kimg.d" ]; then
		ok "IR: kiln-cc refuses $name at its line"
	else
		notok "IR: kiln-cc refuses $name at its line" "status $rc, stderr: $(head -c 600 "$tmp/err")"
	fi
	"$build/bin/kiln-post-link" -device-globals -properties -symbols -o "$tmp/$name.table" "$tmp/$name.ll" \
		>"$tmp/err" 2>&1
	rc=$?
	if [ $rc -ne 0 ] && grep -Eq "$want" "$tmp/err" && [ ! -e "$tmp/$name.table" ] && [ ! -e "$tmp/${name}_0.prop" ]
	then
		ok "IR: kiln-post-link refuses $name"
	else
		notok "IR: kiln-post-link refuses $name" "status $rc, stderr: $(head -c 600 "$tmp/err")"
	fi
	not_run "IR $name"
done <<TABLE
argument_newline|s{%p(?=[,) ])}{%"a$inject"}g|holds a line break
uid_nul|s{"sycl-unique-id"="table"}{"sycl-unique-id"="ta\\\\00ble"}|holds a NUL byte
global_newline|s{\\@table\\b}{\\@"ta\\\\0Able"}g|holds a line break
uid_equals|s{"sycl-unique-id"="table"}{"sycl-unique-id"="ta=ble"}|holds '='
uid_newline|s{"sycl-unique-id"="table"}{"sycl-unique-id"="ta\\\\0D\\\\0Amodule"}|holds a line break
kernel_not_utf8|s{\\@__sycl_kernel_bump\\b}{\\@"__sycl_kernel_bu\\\\FFmp"}g|holds bytes that are not UTF-8
set_newline|s{"sycl-single-task-kernel"="0"}{"sycl-single-task-kernel"="0" "calls-indirectly"="s\\\\0Ax"}|holds a line break|calls through virtual-function set
TABLE

# 4. An image name (-o) that the register map's JSON cannot carry.
for name in "$(printf 'im\nage.kimg')" "$(printf 'im\377age.kimg')"; do
	(cd "$tmp" && "$cc" -q -o "$name" base.c) >"$tmp/err" 2>&1
	rc=$?
	if [ $rc -eq 1 ] && grep -Eq "error: the image's name holds (a line break|bytes that are not UTF-8)" "$tmp/err" &&
		[ ! -e "$tmp/$name" ] && [ ! -e "$tmp/$name.d" ]; then
		ok "an image name holding $(grep -Eo 'a line break|bytes that are not UTF-8' "$tmp/err") is refused"
	else
		notok "an image name that JSON cannot carry is refused" "status $rc, stderr: $(head -c 400 "$tmp/err")"
	fi
done

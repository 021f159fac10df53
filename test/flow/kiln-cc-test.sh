#!/bin/sh
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
"$cc" >/dev/null 2>&1
[ $? -eq 1 ] && ok "no arguments exits 1" || notok "no arguments" "wrong status"
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
[ $? -eq 1 ] && grep -q "junk.bc: error: invalid LLVM IR" "$tmp/err" && [ ! -e "$tmp/junk.table" ] &&
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
struct_param.c|only integer and pointer parameters
float_op.c|floating point
recursion.c|recursion is not supported
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
for f in regmap.json regmap.h regmap.md regmap.rdl image.prop device.ll; do
	[ -s "$tmp/a/c.kimg.d/$f" ] && ok "kiln-cc wrote $f" || notok "kiln-cc wrote $f" "missing or empty"
done
# The published C header compiles.
printf '#include <stdint.h>\nuint32_t kiln_csr_read32(uint32_t a);\nvoid kiln_csr_write32(uint32_t a, uint32_t v);\n#include "%s"\nint main(void){return 0;}\n' \
	"$tmp/a/c.kimg.d/regmap.h" >"$tmp/h.c"
cc -std=c11 -Wall -Werror -fsyntax-only "$tmp/h.c" 2>"$tmp/herr" && ok "register map header compiles" ||
	notok "register map header" "$(head -c 600 "$tmp/herr")"

#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The two ways a RAM cell gets its initial contents agree, word for word: the $readmemh branch (what synthesis
# and every simulator but Verilator read), run in Icarus Verilog, against the C tables the Verilated model
# compiles in. Checked for a kernel's constant table (kiln_ram) and a device global in dedicated RAM
# (kiln_dg_ram, read through its host port), from an image kiln-cc builds for the fake board (no model).
# Usage: meminit-sim-test.sh SRC_DIR BUILD_DIR
set -u
src=$1
build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { echo "ok - $1"; }
notok() { echo "not ok - $1: $2"; }

cat >"$tmp/k.c" <<'EOF2'
#include <kiln/device.h>
static const unsigned tab[11] = {0x01234567, 0x89abcdef, 0xdeadbeef, 0, 0xffffffff, 7, 8, 9, 10, 11, 0x80000001};
static const unsigned long long tab64[5] = {0x0123456789abcdefULL, 0xfedcba9876543210ULL, 1, 0x8000000000000000ULL, 42};
KILN_DEVICE_GLOBAL(unsigned short, dg_h[40], KILN_DEVICE_IMAGE_SCOPE) = {0x1111, 0x2222, 0x3333, 0xfffe};
KILN_SINGLE_TASK_KERNEL void look(unsigned *o, int i) { *o = tab[i] + dg_h[i]; }
KILN_SINGLE_TASK_KERNEL void look64(unsigned long long *o, int i) { *o = tab64[i]; }
EOF2
if ! (cd "$tmp" && KILN_CONFIG_DIR="$src/test/libkiln/boards" "$build/bin/kiln-cc" -q --board fake -o k.kimg k.c) \
	>"$tmp/err" 2>&1; then
	notok "compile the table and global" "$(head -c 600 "$tmp/err")"
	exit 0
fi
rtl=$tmp/k.kimg.d/rtl

# The words of table FILE in the model's C file, one a line, as %08x.
c_words() {
	awk -v f="/* $1 */" '$0 == f { on = 1; next } on && /^};/ { exit }
		on { for (i = 1; i <= NF; i++) if ($i ~ /^0x/) { w = $i; sub(/^0x/, "", w); sub(/u,?$/, "", w); print w } }' \
		"$tmp/k.kimg.d/kiln_init.c"
}

# Reads N words of a cell through its read port, one a cycle, in Icarus, and compares them with FILE's table
# in the C file (32-bit words; a 64-bit cell's word is two of them, low first: set PER=2 and give the data
# as its two halves). Arguments: NAME FILE N AW DECLS INSTANCE DATA CELL_FILES...; the instance reads
# address `addr` while `re` is high.
PER=1
check() {
	name=$1 file=$2 n=$3 aw=$4 decls=$5 instance=$6 data=$7
	shift 7
	fmt='%08x'
	[ "$PER" = 2 ] && fmt='%08x\n%08x'
	cat >"$tmp/tb_$name.v" <<EOF2
module tb;
  reg clk = 0, re = 0;
  reg [$aw-1:0] addr = 0;
$decls
$instance
  integer i;
  initial begin
    re = 1;
    for (i = 0; i < $n; i = i + 1) begin
      addr = i;
      #1 clk = 1;
      #1 clk = 0;
      \$display("$fmt", $data);
    end
    \$finish;
  end
endmodule
EOF2
	if (cd "$rtl" && iverilog -g2005 -o "$tmp/$name" "$tmp/tb_$name.v" "$@" && vvp -n "$tmp/$name") \
		>"$tmp/$name.out" 2>&1 && c_words "$file" >"$tmp/$name.want" && [ "$(wc -l <"$tmp/$name.want")" -eq $((n * PER)) ] &&
		grep -v '^VCD\|finish' "$tmp/$name.out" | cmp -s - "$tmp/$name.want"; then
		ok "$name: \$readmemh in Icarus reads the model's $((n * PER)) 32-bit words of $file"
	else
		notok "$name contents" "$(head -c 400 "$tmp/$name.out")"
	fi
}

# kiln_ram: the parameters the kernel gives its table's cell.
inst=$(grep -h 'kiln_ram #(' "$rtl"/kiln_k_look.v | grep 'INIT_FILE("kiln_' | head -1)
aw=$(echo "$inst" | sed -n 's/.*\.AW(\([0-9]*\)).*/\1/p')
file=$(echo "$inst" | sed -n 's/.*INIT_FILE("\([^"]*\)").*/\1/p')
iw=$(echo "$inst" | sed -n 's/.*\.INIT_WORDS(\([0-9]*\)).*/\1/p')
if [ -z "$file" ] || [ -z "$iw" ]; then
	notok "kiln_ram contents" "no table cell with INIT_FILE and INIT_WORDS in kiln_k_look.v"
else
	check kiln_ram "$file" "$iw" "$aw" "  wire rvalid;
  wire [31:0] rdata;" "  kiln_ram #(.AW($aw), .WRITABLE(0), .INIT_FILE(\"$file\"), .INIT_WORDS($iw)) u (.clk(clk),
    .valid(re), .write(1'b0), .addr(addr), .wdata(32'd0), .wstrb(4'd0), .rvalid(rvalid), .rdata(rdata));" \
		rdata kiln_ram.v kiln_ram_dp.v
fi

# kiln_ram of 64-bit words: a table of 64-bit elements (its file has 64-bit words).
inst=$(grep -h 'kiln_ram #(' "$rtl"/kiln_k_look64.v | grep 'INIT_FILE("kiln_' | head -1)
aw=$(echo "$inst" | sed -n 's/.*\.AW(\([0-9]*\)).*/\1/p')
file=$(echo "$inst" | sed -n 's/.*INIT_FILE("\([^"]*\)").*/\1/p')
iw=$(echo "$inst" | sed -n 's/.*\.INIT_WORDS(\([0-9]*\)).*/\1/p')
if [ -z "$file" ] || [ -z "$iw" ] || ! echo "$inst" | grep -q '\.W(64)'; then
	notok "kiln_ram 64-bit contents" "no 64-bit table cell with INIT_FILE and INIT_WORDS in kiln_k_look64.v"
else
	PER=2
	check kiln_ram64 "$file" "$iw" "$aw" "  wire rvalid;
  wire [63:0] rdata;" "  kiln_ram #(.W(64), .AW($aw), .WRITABLE(0), .INIT_FILE(\"$file\"), .INIT_WORDS($iw)) u (
    .clk(clk), .valid(re), .write(1'b0), .addr(addr), .wdata(64'd0), .wstrb(8'd0), .rvalid(rvalid),
    .rdata(rdata));" "rdata[31:0], rdata[63:32]" kiln_ram.v kiln_ram_dp.v
	PER=1
fi

# kiln_dg_ram: the global's words through the host port (read data a cycle after host_re).
inst=$(grep -h 'kiln_dg_ram #(' "$rtl"/kiln_image.v | head -1)
words=$(echo "$inst" | sed -n 's/.*\.WORDS(\([0-9]*\)).*/\1/p')
aw=$(echo "$inst" | sed -n 's/.*\.AW(\([0-9]*\)).*/\1/p')
file=$(grep -h -o 'INIT_FILE("kiln_dg[0-9]*.hex")' "$rtl"/kiln_image.v | head -1 | sed 's/.*("\(.*\)")/\1/')
if [ -z "$file" ] || [ -z "$words" ]; then
	notok "kiln_dg_ram contents" "no dedicated RAM with an init file in kiln_image.v"
else
	check kiln_dg_ram "$file" "$words" "$aw" "  wire busy;
  wire [31:0] hrdata, krdata;
  wire [0:0] kready, krvalid;" "  kiln_dg_ram #(.WORDS($words), .AW($aw), .NPORTS(1), .INIT_MODE_RESET(0), .INIT_FILE(\"$file\")) u (
    .clk(clk), .rst_n(1'b1), .busy(busy), .host_re(re), .host_we(1'b0), .host_addr(addr),
    .host_wdata(32'd0), .host_wstrb(4'd0), .host_rdata(hrdata), .k_valid(1'b0), .k_ready(kready),
    .k_write(1'b0), .k_addr(32'd0), .k_wdata(32'd0), .k_wstrb(4'd0), .k_rvalid(krvalid), .k_rdata(krdata));" \
		hrdata kiln_dg_ram.v kiln_port_arb.v
fi

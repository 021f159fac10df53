#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# kiln-post-link and kiln-cc's post-link stage on DPC++-style device IR: split modes, the file table, property
# sets against REFERENCE §3's known encodings, the cross-image error, and llvm-spirv-15 accepting the output
# with the decorations of REFERENCE §2 (and giving them back with -r).
# Usage: postlink-test.sh SRC_DIR BUILD_DIR
set -u
src=$1
build=$2
pl="$build/bin/kiln-post-link"
cc="$build/bin/kiln-cc"
in="$src/test/postlink/dpcpp_device.ll"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1: $2"; }
check() { # name, command...
	name=$1
	shift
	if "$@" >"$tmp/out" 2>&1; then ok "$name"; else notok "$name" "$(head -c 600 "$tmp/out")"; fi
}

"$pl" --help | grep -q "usage: kiln-post-link" && ok "kiln-post-link --help" || notok "--help" "no usage"
printf 'not IR at all' | "$pl" -o "$tmp/x.table" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^kiln-post-link: error: -: invalid LLVM IR" "$tmp/err" && [ ! -e "$tmp/x.table" ] &&
	ok "no input reads standard input; bad input there is an error, nothing written" || notok "bad stdin" "$(cat "$tmp/err")"
"$pl" -split=bogus -o "$tmp/x.table" "$in" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "split takes" "$tmp/err" && ok "bad -split value" || notok "bad -split" "$(cat "$tmp/err")"

# Per-kernel split: two images, table with all three columns.
"$pl" --device-globals -properties -symbols -split=kernel -o "$tmp/k.table" "$in" 2>"$tmp/err"
check "split=kernel succeeds" test $? -eq 0
printf '[Code|Properties|Symbols]\n%s_0.bc|%s_0.prop|%s_0.sym\n%s_1.bc|%s_1.prop|%s_1.sym\n' \
	"$tmp/k" "$tmp/k" "$tmp/k" "$tmp/k" "$tmp/k" "$tmp/k" >"$tmp/want.table"
check "file table format" cmp "$tmp/k.table" "$tmp/want.table"
# sycl-post-link's always-present sets first, then the device globals; images by descending kernel name.
# dg_char and dg_ro have external linkage, so, as sycl-post-link's images start from every global that
# cannot be discarded, both images define and list them, each used by one kernel only.
printf '[SYCL/devicelib req mask]\nDeviceLibReqMask=1|0\n[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n[SYCL/device globals]\n_ZL7dg_int1=2|ABAAAAAAAAABAAAAAAAAAA\ndg_char=2|ABAAAAAAAAQAAAAABAAAAA\ndg_ro=2|ABAAAAAAAAAEAAAABAAAAA\n' >"$tmp/want1.prop"
check "image 1 (ka) property set: always-present sets, known encodings (size 4 no scope, size 1 scope)" cmp "$tmp/k_1.prop" "$tmp/want1.prop"
check "image 0 (kb) property set: the same external device globals" cmp "$tmp/k_0.prop" "$tmp/want1.prop"
check "image 0 symbols: the greater split key first" sh -c "[ \"\$(cat '$tmp/k_0.sym')\" = __sycl_kernel_kb ]"
check "image 1 symbols" sh -c "[ \"\$(cat '$tmp/k_1.sym')\" = __sycl_kernel_ka ]"

# Per-source split groups by sycl-module-id (a.cpp, b.cpp); no split gives one image with every global.
"$pl" --device-globals -properties -split=source -o "$tmp/s.table" "$in" 2>/dev/null
check "split=source gives one image per module id" sh -c "[ \$(wc -l <'$tmp/s.table') -eq 3 ]"
"$pl" --device-globals -properties -S -o "$tmp/n.table" "$in" 2>/dev/null
check "no split gives one image" sh -c "[ \$(wc -l <'$tmp/n.table') -eq 2 ] && head -1 '$tmp/n.table' | grep -qx '\[Code|Properties\]'"
check "-S writes text IR" grep -q '^define' "$tmp/n_0.ll"
check "unsplit image has all three globals" sh -c "[ \$(sed -n '/^.SYCL.device globals/,/^.SYCL.device req/p' '$tmp/n_0.prop' | grep -c '=2|') -eq 3 ]"
grep -q '!spirv.Decorations' "$tmp/n_0.ll" && grep -q '!{i32 6147, i32 0, !"dg_ro"}' "$tmp/n_0.ll" &&
	grep -q '!{i32 6149, i32 0}' "$tmp/n_0.ll" && grep -q '!{i32 6148, i32 0}' "$tmp/n_0.ll" &&
	ok "decorations as DPC++ emits them (6149, 6148, 6147 with the unique id)" ||
	notok "decorations" "$(grep -n 'i32 61' "$tmp/n_0.ll")"

# The cross-image error, with REFERENCE §3's exact text.
"$pl" --device-globals -split=kernel -o "$tmp/b.table" "$src/test/postlink/dpcpp_shared_scope.ll" 2>"$tmp/err"
rc=$?
grep -qF "device_global variable 'dg_char' with property \"device_image_scope\" is used in more than one device image." "$tmp/err" &&
	[ $rc -eq 1 ] && grep -q "__sycl_kernel_ka" "$tmp/err" && grep -q "__sycl_kernel_kb" "$tmp/err" &&
	ok "device_image_scope global in two images is refused with the reference text" ||
	notok "cross-image error" "status $rc: $(cat "$tmp/err")"

# The cross-image error leaves nothing behind: no table, no image of the split.
[ -z "$(ls "$tmp" | grep '^b[._]')" ] && ok "a failed post-link leaves no table and no image" ||
	notok "failed post-link leftovers" "$(ls "$tmp" | grep '^b[._]')"

# sycl-post-link compatibility: input from standard input or -, the DPC++ driver's own command line,
# -ir-output-only to standard output, the optional property sets, no kernel attribute added.
"$pl" --device-globals -properties -symbols -split=kernel -o "$tmp/si.table" <"$in" 2>"$tmp/err" &&
	cmp -s "$tmp/si_1.prop" "$tmp/k_1.prop" && ok "input from standard input when no file is named" ||
	notok "stdin input" "$(cat "$tmp/err")"
"$pl" -properties -o "$tmp/dash.table" - <"$in" 2>"$tmp/err" && [ -s "$tmp/dash_0.prop" ] &&
	ok "- names standard input" || notok "- input" "$(cat "$tmp/err")"
"$pl" -O2 -device-globals -properties -spec-const=native -split=auto -emit-only-kernels-as-entry-points \
	-emit-param-info -symbols -emit-exported-symbols -emit-imported-symbols -split-esimd -lower-esimd -O0 \
	-o "$tmp/drv.table" "$in" 2>"$tmp/err"
[ $? -eq 0 ] && [ "$(head -1 "$tmp/drv.table")" = "[Code|Properties|Symbols]" ] && [ "$(wc -l <"$tmp/drv.table")" -eq 3 ] &&
	grep -q '^\[SYCL/kernel param opt\]' "$tmp/drv_0.prop" && grep -qx '__sycl_kernel_kb=2|BAAAAAAAAAAA' "$tmp/drv_0.prop" &&
	ok "the DPC++ driver's default post-link command line runs (param info: one argument, none eliminated)" ||
	notok "driver command line" "$(cat "$tmp/err" "$tmp/drv.table" "$tmp/drv_0.prop" 2>&1 | head -20)"
"$pl" --device-globals -ir-output-only -S -o - "$in" >"$tmp/stdout.ll" 2>"$tmp/err"
[ $? -eq 0 ] && grep -q '^define spir_kernel void @__sycl_kernel_ka' "$tmp/stdout.ll" && [ ! -e "$tmp/-" ] &&
	ok "-ir-output-only -S -o - writes the module to standard output" || notok "ir to stdout" "$(cat "$tmp/err")"
"$pl" -ir-output-only -split=kernel -o "$tmp/two.ll" "$in" 2>"$tmp/err"
[ $? -eq 1 ] && [ ! -e "$tmp/two.ll" ] && grep -q "^kiln-post-link: error: -ir-output-only writes one module" "$tmp/err" &&
	ok "-ir-output-only refuses a split into several modules" || notok "ir-only split" "$(cat "$tmp/err")"
"$pl" --device-globals -properties -emit-kernel-names --emit-program-metadata -o "$tmp/md.table" "$in" 2>"$tmp/err"
grep -qx '_ZL7dg_int1@global_id_mapping=2|YBAAAAAAAAwXax0Nkd2Xp5GdxA' "$tmp/md_0.prop" &&
	grep -A2 '^\[SYCL/kernel names\]' "$tmp/md_0.prop" | grep -q '^__sycl_kernel_ka=' &&
	ok "-emit-kernel-names and --emit-program-metadata write their sets (global_id_mapping: reference encoding)" ||
	notok "kernel names / program metadata" "$(cat "$tmp/err" "$tmp/md_0.prop")"
"$pl" --frobnicate -o "$tmp/f.table" "$in" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^kiln-post-link: error: unknown option '--frobnicate'" "$tmp/err" &&
	ok "diagnostics read kiln-post-link: error: ..." || notok "diagnostic format" "$(cat "$tmp/err")"
"$pl" -properties -o "$tmp/nodir/x.table" "$in" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "^kiln-post-link: error: " "$tmp/err" && [ ! -d "$tmp/nodir" ] &&
	ok "an unwritable output is an error in the same format" || notok "unwritable output" "$(cat "$tmp/err")"
sed 's/ "sycl-single-task-kernel"="0"//' "$in" >"$tmp/plain.ll"
"$pl" -split=kernel -S -symbols -o "$tmp/plain.table" "$tmp/plain.ll" 2>"$tmp/err"
[ $? -eq 0 ] && [ "$(wc -l <"$tmp/plain.table")" -eq 3 ] && ! grep -q 'sycl-single-task-kernel' "$tmp"/plain_*.ll &&
	ok "plain spir_kernels are entry points and get no sycl-single-task-kernel added" ||
	notok "plain spir_kernel" "$(cat "$tmp/err" "$tmp/plain.table"; grep -l single-task "$tmp"/plain_*.ll)"

# Decorations as CompileTimePropertiesPass gives them: 6149/6148 on a global with those properties but no size
# (no 6147); an existing list keeps its order with only the missing node appended; no attributes added.
"$pl" --device-globals -S -o "$tmp/dec.table" "$src/test/postlink/decorations.ll" 2>"$tmp/err"
dec="$tmp/dec_0.ll"
nd=$(sed -n 's/^@not_dg = .*!spirv.Decorations \(![0-9]*\).*/\1/p' "$dec")
dl=$(sed -n 's/^@dg_listed = .*!spirv.Decorations \(![0-9]*\).*/\1/p' "$dec")
body() { sed -n "s/^$1 = \(.*\)/\1/p" "$dec"; }
expand() { for r in $(body "$1" | tr -d '!{},' ); do body "!$r"; done | tr '\n' ' '; }
[ -n "$nd" ] && [ "$(expand "$nd")" = "!{i32 6149, i32 1} !{i32 6148, i32 1} " ] &&
	ok "a global with implement_in_csr/init_mode but no size gets 6149 and 6148, no 6147" ||
	notok "decorations without size" "$nd: $(expand "$nd")"
[ -n "$dl" ] && [ "$(expand "$dl")" = '!{i32 6147, i32 1, !"dg_listed"} !{i32 6149, i32 0} !{i32 6148, i32 0} ' ] &&
	ok "an existing decoration list keeps its order; only the missing 6148 is appended" ||
	notok "existing decorations" "$dl: $(expand "$dl")"
grep -q '^@plain = addrspace(1) global i32 7, align 4$' "$dec" && ! grep -q '^attributes #[0-9]* = { "sycl-unique-id"' "$dec" &&
	ok "no decoration and no sycl-* attribute on a global that had none" || notok "plain global" "$(grep '^@plain' "$dec")"

# llvm.used / llvm.compiler.used and linkage as in sycl-post-link's images, split or not: device globals
# trimmed from the arrays (an emptied array goes), an unused device global dropped, linkage kept.
for sp in "" -split=kernel; do
	"$pl" --device-globals -S $sp -o "$tmp/u.table" "$src/test/postlink/used_linkage.ll" 2>"$tmp/err"
	u="$tmp/u_0.ll"
	grep -q '^@llvm.compiler.used = appending global \[1 x ptr addrspace(4)\] \[ptr addrspace(4) addrspacecast (ptr addrspace(1) @not_dg' "$u" &&
		! grep -q '^@llvm.used' "$u" && ! grep -q '^@dg_unused' "$u" && grep -q '^@dg_used = weak_odr' "$u" &&
		grep -q '^@table = linkonce_odr' "$u" && grep -q '^define weak_odr .*@helper' "$u" &&
		ok "llvm.used trimmed of device globals, unused device global dropped, linkage kept (${sp:-no split})" ||
		notok "used/linkage ${sp:-no split}" "$(cat "$tmp/err"; grep '^@\|^define' "$u")"
done

# Entry points: kernels by calling convention (ptx_kernel too), SYCL_EXTERNAL functions unless
# -emit-only-kernels-as-entry-points, images by descending split key, a kernel-less image for a lone function.
e="$src/test/postlink/entries.ll"
"$pl" -split=kernel -symbols -properties -emit-kernel-names -o "$tmp/e.table" "$e" 2>"$tmp/err"
syms=$(for i in 0 1 2 3; do tr '\n' ' ' <"$tmp/e_$i.sym"; done)
[ "$syms" = "PtxK KernelB KernelA ExternF " ] && ! grep -q 'kernel names' "$tmp/e_3.prop" &&
	grep -qx 'PtxK=1|1' "$tmp/e_0.prop" &&
	ok "entries: kernels by calling convention and SYCL_EXTERNAL functions, descending; the function's image has no kernels" ||
	notok "entry points" "$syms $(cat "$tmp/err")"
"$pl" -split=kernel -symbols -emit-only-kernels-as-entry-points -o "$tmp/f.table" "$e" 2>"$tmp/err"
[ "$(wc -l <"$tmp/f.table")" -eq 4 ] && ! grep -q ExternF "$tmp"/f_*.sym &&
	ok "-emit-only-kernels-as-entry-points: only kernels are entries" || notok "only kernels" "$(cat "$tmp/f.table" "$tmp/err")"
"$pl" -split=source -symbols -o "$tmp/g.table" "$e" 2>"$tmp/err"
[ "$(cat "$tmp/g_0.sym")" = KernelB ] && [ "$(tr '\n' ' ' <"$tmp/g_1.sym")" = "KernelA PtxK ExternF " ] &&
	ok "per-source split: module ids descending (b.cpp before a.cpp)" || notok "per-source entries" "$(cat "$tmp"/g_*.sym)"

# DPC++'s device_global class without device_image_scope ({ usmptr } or { usmptr, init_val }; size attribute
# sizeof(T)): kiln-post-link accepts it with its [SYCL/device globals] entry, kiln-cc compiles it to a USM-backed
# global of sizeof(T) bytes (foreign_usm_test runs one on the board).
"$pl" --device-globals -properties -o "$tmp/usm.table" "$src/test/postlink/usm_class.ll" 2>"$tmp/err"
[ $? -eq 0 ] && grep -qx 'dg_usm=2|ABAAAAAAAAABAAAAAAAAAA' "$tmp/usm_0.prop" &&
	ok "the USM-backed device_global class is accepted (size 4, no scope: the reference encoding)" ||
	notok "USM class in kiln-post-link" "$(cat "$tmp/err" "$tmp/usm_0.prop" 2>&1)"
"$pl" --device-globals -properties -o "$tmp/usm2.table" "$src/test/postlink/dpcpp_usm_dg.ll" 2>"$tmp/err"
[ $? -eq 0 ] && grep -qx '_Z8dg_count=2|ABAAAAAAAAABAAAAAAAAAA' "$tmp/usm2_0.prop" &&
	ok "the class with init_val ({ ptr, i32 }, 16 bytes) is accepted with size 4" ||
	notok "USM class with init_val in kiln-post-link" "$(cat "$tmp/err" "$tmp/usm2_0.prop" 2>&1)"
"$cc" -q -o "$tmp/usm.kimg" "$src/test/postlink/usm_class.ll" 2>"$tmp/err"
[ $? -eq 0 ] && grep -q '"desc": "device global .dg_usm.: device-memory address of its storage' "$tmp/usm.kimg.d/regmap.json" &&
	grep -q '^@dg_usm = .*global i32 0' "$tmp/usm.kimg.d/device.ll" && ! grep -q 'usm_object' "$tmp/usm.kimg.d/device.ll" &&
	ok "kiln-cc compiles the USM-backed class: storage of sizeof(T), typed by its accesses, object gone" ||
	notok "USM class in kiln-cc" "$(cat "$tmp/err"; grep '^@' "$tmp/usm.kimg.d/device.ll" 2>&1)"
# What hardware cannot give the class: a kernel writing usmptr, or the object's address escaping.
for bad in store escape; do
	{
		sed -n '/^target/p' "$src/test/postlink/usm_class.ll"
		echo '%dg = type { ptr addrspace(1) }'
		echo '@g = linkonce_odr addrspace(1) global %dg zeroinitializer, align 8 #0'
		echo 'define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %p) {'
		[ $bad = store ] && echo '  store ptr addrspace(1) %p, ptr addrspace(1) @g, align 8'
		[ $bad = escape ] && echo '  store i64 ptrtoint (ptr addrspace(1) @g to i64), ptr addrspace(1) %out, align 8'
		echo '  ret void'
		echo '}'
		echo 'attributes #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="g" }'
	} >"$tmp/usm_$bad.ll"
	rm -rf "$tmp/usm_$bad.kimg"*
	"$cc" -q -o "$tmp/usm_$bad.kimg" "$tmp/usm_$bad.ll" 2>"$tmp/err"
	st=$?
	case $bad in store) want="a kernel writes the pointer DPC++'s runtime owns" ;; *) want="address of DPC++'s device_global object is used" ;; esac
	[ $st -eq 1 ] && grep -q "device global 'g': .*$want" "$tmp/err" && [ -z "$(ls -d "$tmp/usm_$bad.kimg"* 2>/dev/null)" ] &&
		ok "kiln-cc refuses the USM class when $bad: named, nothing written" || notok "USM class $bad" "status $st: $(cat "$tmp/err")"
done

# SPIR-V: Debian's translator accepts the output and keeps the decorations both ways.
if llvm-spirv-15 --spirv-ext=+SPV_INTEL_global_variable_decorations "$tmp/k_1.bc" -o "$tmp/k0.spv" 2>"$tmp/err"; then
	ok "llvm-spirv-15 translates the post-link output"
	llvm-spirv-15 -to-text "$tmp/k0.spv" -o "$tmp/k0.spt"
	grep -q 'HostAccessINTEL 2 "dg_char"' "$tmp/k0.spt" && grep -q 'ImplementInCSRINTEL 1' "$tmp/k0.spt" &&
		grep -q 'InitModeINTEL 1' "$tmp/k0.spt" && grep -q 'HostAccessINTEL 2 "_ZL7dg_int1"' "$tmp/k0.spt" &&
		ok "SPIR-V carries HostAccessINTEL, InitModeINTEL, ImplementInCSRINTEL" ||
		notok "SPIR-V decorations" "$(grep Decorate "$tmp/k0.spt")"
	llvm-spirv-15 -r --spirv-target-env=SPV-IR "$tmp/k0.spv" -o "$tmp/back.bc" && llvm-dis-15 "$tmp/back.bc" -o "$tmp/back.ll"
	grep -q '!{i32 6147, i32 2, !"dg_char"}' "$tmp/back.ll" && grep -q '!{i32 6148, i32 1}' "$tmp/back.ll" &&
		grep -q '!{i32 6149, i32 1}' "$tmp/back.ll" && ok "llvm-spirv-15 -r gives the same decorations back" ||
		notok "reverse translation" "$(grep 'i32 61' "$tmp/back.ll")"
else
	notok "llvm-spirv-15 translates the post-link output" "$(cat "$tmp/err")"
fi

# kiln-cc's own split: C sources in, one image per kernel out; and the same error for C.
cat >"$tmp/two.c" <<'C'
#include <kiln/device.h>
KILN_DEVICE_GLOBAL(int, shared_g, KILN_DEVICE_IMAGE_SCOPE);
KILN_DEVICE_GLOBAL(int, free_g);
KILN_SINGLE_TASK_KERNEL void k1(int n) { free_g += n; }
KILN_SINGLE_TASK_KERNEL void k2(int n) { free_g -= n; }
KILN_SINGLE_TASK_KERNEL void k3(int n) { shared_g = n; }
C
"$cc" -q --split per_kernel --stop-after rtl -o "$tmp/two.kimg" "$tmp/two.c" 2>"$tmp/err"
[ $? -eq 0 ] && [ -d "$tmp/two_0.kimg.d" ] && [ -d "$tmp/two_1.kimg.d" ] && [ -d "$tmp/two_2.kimg.d" ] &&
	ok "kiln-cc --split per_kernel makes one image per kernel" || notok "kiln-cc split" "$(cat "$tmp/err")"
cat >>"$tmp/two.c" <<'C'
KILN_SINGLE_TASK_KERNEL void k4(int n) { shared_g += n; }
C
"$cc" -q --split per_kernel --stop-after rtl -o "$tmp/bad.kimg" "$tmp/two.c" 2>"$tmp/err"
[ $? -eq 1 ] && grep -qF "device_global variable 'shared_g' with property \"device_image_scope\" is used in more than one device image." "$tmp/err" &&
	ok "kiln-cc refuses a device_image_scope global used from two split images" ||
	notok "kiln-cc cross-image error" "$(cat "$tmp/err")"
"$cc" -q --stop-after rtl -o "$tmp/one.kimg" "$tmp/two.c" 2>"$tmp/err"
[ $? -eq 0 ] && ok "without a split the same kernels share the global in one image" ||
	notok "unsplit build" "$(cat "$tmp/err")"

# Unique ids across translation units: an external variable keeps one id wherever it is seen; a static one
# gets an id of its own translation unit, even when another unit has a static of the same name.
cat >"$tmp/tu_a.c" <<'C'
#include <kiln/device.h>
KILN_DEVICE_GLOBAL(int, shared_x, KILN_DEVICE_IMAGE_SCOPE);
static KILN_DEVICE_GLOBAL(int, hidden, KILN_DEVICE_IMAGE_SCOPE);
KILN_SINGLE_TASK_KERNEL void ka(int n) { shared_x += n; hidden = n; }
C
cat >"$tmp/tu_b.c" <<'C'
#include <kiln/device.h>
extern int shared_x;
static KILN_DEVICE_GLOBAL(int, hidden, KILN_DEVICE_IMAGE_SCOPE);
KILN_SINGLE_TASK_KERNEL void kb(int n) { shared_x -= n; hidden = n + 1; }
C
"$cc" -q --stop-after postlink -o "$tmp/tu.kimg" "$tmp/tu_a.c" "$tmp/tu_b.c" 2>"$tmp/err"
prop="$tmp/tu.kimg.d/image.prop"
if [ "$(grep -c '^shared_x=' "$prop")" = 1 ] && [ "$(grep -c '^hidden__static_' "$prop")" = 2 ] &&
	[ "$(grep '^hidden__static_' "$prop" | cut -d= -f1 | sort -u | wc -l)" = 2 ]; then
	ok "unique ids: one for an external variable seen from two units, two for same-named statics"
else
	notok "unique ids across translation units" "$(cat "$prop" "$tmp/err")"
fi

# kiln-cc's own device IR from C goes through llvm-spirv-15 too, and IR translated back from SPIR-V enters
# kiln-cc again (its device globals recovered from the decorations, its kernels from spir_kernel).
"$cc" -q --stop-after postlink -o "$tmp/c.kimg" "$src/examples/counter.c" 2>"$tmp/err"
if llvm-as-15 "$tmp/c.kimg.d/device.ll" -o "$tmp/c.bc" 2>>"$tmp/err" &&
	llvm-spirv-15 --spirv-ext=+SPV_INTEL_global_variable_decorations "$tmp/c.bc" -o "$tmp/c.spv" 2>>"$tmp/err"; then
	ok "llvm-spirv-15 translates kiln-cc's device IR compiled from C"
	llvm-spirv-15 -to-text "$tmp/c.spv" -o - | grep -q 'HostAccessINTEL 2 "counter"' &&
		ok "the C device global carries HostAccessINTEL with its unique id" ||
		notok "C device global decoration" "missing"
	if llvm-spirv-15 -r --spirv-target-env=SPV-IR "$tmp/c.spv" -o "$tmp/back.bc" 2>"$tmp/err" &&
		"$cc" -q --stop-after rtl -o "$tmp/back.kimg" "$tmp/back.bc" 2>>"$tmp/err" &&
		grep -qx 'counter=2|ABAAAAAAAAABAAAAAAAAAA' "$tmp/back.kimg.d/image.prop" &&
		[ -s "$tmp/back.kimg.d/rtl/kiln_k_bump.v" ]; then
		ok "IR translated back from SPIR-V compiles again (global and kernel recovered)"
	else
		notok "SPIR-V round trip into kiln-cc" "$(cat "$tmp/err" "$tmp/back.kimg.d/image.prop" 2>/dev/null)"
	fi
else
	notok "llvm-spirv-15 on kiln-cc's device IR" "$(cat "$tmp/err")"
fi

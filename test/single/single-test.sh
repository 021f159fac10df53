#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# if_device and single-source programs (issue 15, seed 000): if_device/if_host/otherwise on both sides in
# multi-pass and single-pass mode, the split's two modules and footer, device-only diagnostics that skip
# if_host code, compile-time misuse, and the single-source executables on the simulated board.
# Usage: single-test.sh SRC_DIR BUILD_DIR APP COUNTER_SINGLE COUNTER_HOST COUNTER_IMG
set -u
src=$1
build=$2
app=$3
csingle=$4
chost=$5
cimg=$6
cc="$build/bin/kiln-cc"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { echo "ok - $1"; }
notok() { echo "not ok - $1: $2"; }
# check NAME FILE PATTERN...: every extended regex matches a line of FILE
has() {
	name=$1 file=$2
	shift 2
	for p in "$@"; do
		grep -Eq -- "$p" "$file" || { notok "$name" "no line matches '$p' in $(basename "$file")"; return; }
	done
	ok "$name"
}
# lacks NAME FILE PATTERN...: no line of FILE matches any of them
lacks() {
	name=$1 file=$2
	shift 2
	for p in "$@"; do
		! grep -Eq -- "$p" "$file" || { notok "$name" "$(basename "$file") has '$(grep -Em1 -- "$p" "$file")'"; return; }
	done
	ok "$name"
}

# --- Multi-pass mode: the native compile is the host, kiln-cc's compile the device -------------------------
if clang-15 -std=gnu11 -I"$src/hls/include" -o "$tmp/sides" "$src/test/single/sides.c" 2>"$tmp/err" &&
	"$tmp/sides" >"$tmp/sides.out" && grep -qx "host side: 1012" "$tmp/sides.out"; then
	ok "multi-pass host: if_device bodies skipped, if_host and otherwise bodies run (1012)"
else
	notok "multi-pass host" "$(cat "$tmp/err" "$tmp/sides.out" 2>/dev/null | head -c 400)"
fi
"$cc" -q --stop-after ir -o "$tmp/sides.kimg" "$src/test/single/sides.c" 2>"$tmp/err"
if [ $? -eq 0 ] && grep -q "store i32 121, " "$tmp/sides.kimg.d/device.ll" &&
	! grep -q "1012\|store i32 1[01]" "$tmp/sides.kimg.d/device.ll"; then
	ok "multi-pass device: if_device and otherwise bodies run, if_host skipped (121)"
else
	notok "multi-pass device" "$(head -c 400 "$tmp/err")"
fi
printf '#include <kiln/device.h>\n#if !defined(__KILN__) || !defined(__KILN_DEVICE_ONLY__) || defined(__KILN_SINGLE_SOURCE__)\n#error wrong\n#endif\nKILN_SINGLE_TASK_KERNEL void k(void) {}\n' >"$tmp/defs.c"
"$cc" -q --stop-after ir -o "$tmp/defs.kimg" "$tmp/defs.c" 2>"$tmp/err" &&
	ok "kiln-cc's device compile defines __KILN__ and __KILN_DEVICE_ONLY__" || notok "device macros" "$(head -c 300 "$tmp/err")"

# A kernel that calls the kernel C library (snprintf: variadic, in a device half of opaque pointers) builds
# (va_arg read the va_list's type through its pointer and crashed kiln-cc), and LLVM no longer warns that the
# library's data layout differs from the device half's, -q or not.
"$cc" -q --single-source --stop-after rtl -o "$tmp/lib" "$src/test/single/app.c" 2>"$tmp/err"
[ $? -eq 0 ] && ! grep -q "data layout\|error" "$tmp/err" &&
	ok "a single-source build whose kernel calls snprintf: built, no data-layout warning" ||
	notok "single-source build with the C library" "$(head -c 400 "$tmp/err")"

# --- Single-pass mode: the split's outputs ----------------------------------------------------------------
d="$tmp/app.kimg.d"
if "$cc" -q --single-source --stop-after ir -o "$tmp/app" "$src/test/single/app.c" 2>"$tmp/err"; then
	ok "--single-source --stop-after ir keeps the split's modules"
	# the one module before the split: both markers noinline, with the seed's attributes
	for m in device host; do
		grp=$(sed -n "s/^define .*@__kiln_call_if_on_$m() #\([0-9]*\).*/\1/p" "$d/single.ll")
		has "single.ll: the if_$m marker is noinline and carries sycl-call-if-on-$m" "$d/single.ll" \
			"^attributes #$grp = \{.*noinline.*\"sycl-call-if-on-$m\"=\"true\""
	done
	# device module: the kernels' call tree only, retargeted, if_host's marker empty (false)
	has "device module: kernels, the shared function, the globals they use, spir64" "$d/device-split.ll" \
		'^target triple = "spir64-unknown-unknown"' '^define .*spir_kernel void @__sycl_kernel_probe\(' \
		'^define .*@side\(' '^@result = ' '^@hidden = .*#[0-9]+$' 'sycl-unique-id"="hidden__static_[0-9a-f]+"'
	lacks "device module: no host-only function or global" "$d/device-split.ll" '@main\(' '@host_only_scale' \
		'@printf' '@kiln_ss_' '@host_only_global' 'x86_64'
	has "device module: if_host marker's body deleted (ret false), if_device's true" "$d/device-split.ll" \
		'^define internal zeroext i1 @__kiln_call_if_on_host\(\)' '^  ret i1 false' \
		'^define internal zeroext i1 @__kiln_call_if_on_device\(\)' '^  ret i1 true'
	for m in device host; do
		grp=$(sed -n "s/^define .*@__kiln_call_if_on_$m() #\([0-9]*\).*/\1/p" "$d/device-split.ll")
		lacks "device module: the if_$m marker lost noinline" "$d/device-split.ll" "^attributes #$grp = \{.*noinline"
	done
	has "device flow after the split: side() on the device is 121" "$d/device.ll" 'store i32 121, '
	# host module: everything else, if_device's marker false, kernels as declarations for the stubs
	has "host module: main, host functions, kernels declared under their C names" "$d/host.ll" \
		'^target triple = "x86_64' '^define .*@main\(' '^define .*@host_only_scale\(' \
		'^declare .*void @scale\(ptr noundef, i32 noundef\)' '^declare .*void @probe\(\)'
	has "host module: if_device marker's body deleted (ret false), if_host's true" "$d/host.ll" \
		'^define internal zeroext i1 @__kiln_call_if_on_device\(\) #[0-9]+ \{' '^  ret i1 false' \
		'^  ret i1 true'
	sed -n '/^define internal zeroext i1 @__kiln_call_if_on_device/,/^}/p' "$d/host.ll" >"$tmp/hostmarker"
	has "host module: the if_device marker returns false" "$tmp/hostmarker" '^  ret i1 false$'
	for m in device host; do
		grp=$(sed -n "s/^define .*@__kiln_call_if_on_$m() #\([0-9]*\).*/\1/p" "$d/host.ll")
		lacks "host module: the if_$m marker lost noinline" "$d/host.ll" "^attributes #$grp = \{.*noinline"
	done
	lacks "host module: no kernel body, no device attribute" "$d/host.ll" '__sycl_kernel_' 'spir_kernel' \
		'sycl-unique-id' 'sycl-single-task-kernel'
	has "footer: device-global registration with the device's unique ids" "$d/footer.c" \
		'kiln_ss_dg_register\(result, "result", 4, 4\);' \
		'kiln_ss_dg_register\(hidden__static_[0-9a-f]+, "hidden__static_[0-9a-f]+", 4, 4\);' \
		'kiln_ss_dg_register\(host_only_global, "host_only_global", 4, 4\);' '\.incbin'
	has "footer: launch stubs for every kernel, nd-range ones with their dimensions" "$d/footer.c" \
		'^void scale\(void \*a0, int32_t a1\)$' 'kiln_ss_launch\("scale", 1, 2, args, sizes, is_ptr\);' \
		'^void probe\(void\)$' 'kiln_ss_launch\("probe", 0, 0, 0, 0, 0\);' 'is_ptr\[2\] = \{1, 0\}'
else
	notok "--single-source --stop-after ir" "$(head -c 600 "$tmp/err")"
fi

# --- Device-only diagnostics skip if_host code, and still fire outside it -----------------------------------
mkdir -p "$tmp/boards"
sed -e 's/"name": "sim"/"name": "nofp64"/' -e 's/, "fp64"//' "$src/configs/boards/sim.json" >"$tmp/boards/nofp64.json"
# case | host-side code (in if_host, in a function the kernel calls) | the same code outside if_host: error
while IFS='|' read -r what code want; do
	[ -n "$what" ] || continue
	for where in inside outside; do
		{
			printf '#include <kiln/device.h>\n#include <stdio.h>\n#include <stdlib.h>\n'
			printf 'KILN_DEVICE_GLOBAL(int, g, KILN_DEVICE_IMAGE_SCOPE);\n'
			printf 'int shared(int n)\n{\n\tint r = n;\n'
			if [ $where = inside ]; then
				printf '\tKILN_IF_HOST\n\t{\n\t\t%s\n\t}\n' "$code"
			else
				printf '\t{\n\t\t%s\n\t}\n' "$code"
			fi
			printf '\treturn r;\n}\nKILN_SINGLE_TASK_KERNEL void k(int n) { g = shared(n); }\n'
			printf 'int main(void) { k(2); return shared(1) == 0; }\n'
		} >"$tmp/diag_$where.c"
		rm -rf "$tmp/diag_$where.kimg.d"
		KILN_CONFIG_DIR="$tmp/boards" "$cc" -q --single-source --board nofp64 --stop-after schedule \
			-o "$tmp/diag_$where" "$tmp/diag_$where.c" 2>"$tmp/err"
		rc=$?
		if [ $where = inside ] && [ $rc -eq 0 ]; then
			ok "$what inside KILN_IF_HOST: no device diagnostic"
		elif [ $where = outside ] && [ $rc -eq 1 ] && grep -Eq "diag_outside.c:[0-9]+:([0-9]+:)? error: .*($want)" "$tmp/err"; then
			ok "$what outside KILN_IF_HOST: the device diagnostic at its line"
		else
			notok "$what $where KILN_IF_HOST" "status $rc, stderr: $(head -c 500 "$tmp/err")"
		fi
	done
done <<'TABLE'
double on a board without fp64|volatile double x = n; r += (int)(x * 1.5);|uses double
inline assembly|__asm__ volatile("nop");|inline assembly
sprintf %n|char b[16]; int k; r += sprintf(b, "%d%n", n, &k) + k;|%n is not supported
TABLE

# --- Misuse the compiler sees is an error at its line -------------------------------------------------------
while IFS='|' read -r what code want; do
	[ -n "$what" ] || continue
	{
		printf '#include <kiln/device.h>\n'
		printf 'KILN_DEVICE_GLOBAL(int, g, KILN_DEVICE_IMAGE_SCOPE);\n'
		printf 'KILN_ND_RANGE_KERNEL(1) void nd(int *v) { v[kiln_global_id(0)] = 1; }\n'
		printf 'KILN_SINGLE_TASK_KERNEL void st(void) { g = 1; }\n'
		printf 'int main(void)\n{\n\tint *v = kiln_malloc_shared(16), plain = 0;\n\t(void)v;\n\t%s\n\treturn plain;\n}\n' "$code"
	} >"$tmp/misuse.c"
	"$cc" -q --single-source --stop-after ir -o "$tmp/misuse" "$tmp/misuse.c" 2>"$tmp/err"
	rc=$?
	if [ $rc -eq 1 ] && grep -Eq "misuse.c:9:[0-9]+: error: .*($want)" "$tmp/err"; then
		ok "compile-time misuse: $what"
	else
		notok "compile-time misuse: $what" "status $rc, stderr: $(head -c 500 "$tmp/err")"
	fi
done <<'TABLE'
nd-range launch without a range|nd(v);|nd-range kernel 'nd' is launched without a range
single-task launch with a range|kiln_range(4, 4); st();|single-task kernel 'st' takes no range
push of a plain variable|kiln_dg_push(plain);|kiln_dg_push takes a device global
work-item function in host code|plain = (int)kiln_global_id(0);|kiln_global_id\(\) runs only on the device
TABLE
"$cc" -q --single-source -o "$tmp/two" "$src/test/single/app.c" "$src/test/single/sides.c" 2>"$tmp/err"
[ $? -eq 1 ] && grep -q "single-source takes one C file" "$tmp/err" && ok "--single-source with two files is refused" ||
	notok "two files" "$(head -c 300 "$tmp/err")"

# --- The executables on the simulated board -----------------------------------------------------------------
"$app" >"$tmp/app.out" 2>"$tmp/err"
rc=$?
printf 'host side: 1012\ndevice side: 121\ndevice side + static global: 128\nsnprintf on the device: 1111\nscale over shared memory: all correct\n' >"$tmp/app.want"
if [ $rc -eq 0 ] && cmp -s "$tmp/app.out" "$tmp/app.want"; then
	ok "single-source app on the board: if_device/if_host on both sides, static global, shared memory"
else
	notok "single-source app" "status $rc, out: $(head -c 400 "$tmp/app.out") err: $(head -c 400 "$tmp/err")"
fi
"$app" exit 5 >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 5 ] && ok "a kernel's exit(5) ends the program with status 5" || notok "kernel exit" "status $rc: $(head -c 300 "$tmp/err")"
"$app" badptr >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && grep -q "app: error: kernel scale argument 0: .* is not memory from kiln_malloc_shared" "$tmp/err" &&
	ok "a host pointer that is not shared memory is a runtime error, status 1" ||
	notok "bad pointer" "status $rc: $(head -c 300 "$tmp/err")"
KILN_BOARD=nosuchboard "$app" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && grep -q "app: error: cannot open the board 'nosuchboard'" "$tmp/err" &&
	ok "no such board: a runtime error naming it, status 1" || notok "no board" "status $rc: $(head -c 300 "$tmp/err")"

# The counter's single-source twin prints what the two-file version prints (but the image's name and hash).
"$csingle" >"$tmp/c1" 2>"$tmp/err"
rc1=$?
"$chost" "$cimg" >"$tmp/c2" 2>>"$tmp/err"
rc2=$?
filter() { grep -v "^register map of \|IMAGE_HASH" "$1"; }
filter "$tmp/c1" >"$tmp/c1f"
filter "$tmp/c2" >"$tmp/c2f"
if [ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && cmp -s "$tmp/c1f" "$tmp/c2f" && grep -q "counter -> 11 (expected 11)" "$tmp/c1"; then
	ok "examples/counter_single prints what examples/counter prints"
else
	notok "counter twin" "status $rc1/$rc2: $(diff "$tmp/c1f" "$tmp/c2f" | head -c 400) $(head -c 300 "$tmp/err")"
fi

# KILN_TRACE from a single-source program (its runtime never closes the board itself: the trace is written when
# the program ends, bsp/sim/host/sim_backend.c): built with --trace, run with a VCD name.
if "$cc" -q --single-source --trace -o "$tmp/csingle_trace" "$src/examples/counter_single.c" 2>"$tmp/err" &&
	KILN_TRACE="$tmp/single.vcd" "$tmp/csingle_trace" >/dev/null 2>>"$tmp/err" &&
	grep -q '\$enddefinitions' "$tmp/single.vcd" && grep -q '\$scope module u_kernel_bump' "$tmp/single.vcd" &&
	! ls "$tmp"/single.vcd.kiln-seg* >/dev/null 2>&1; then
	ok "a single-source program run with KILN_TRACE leaves a whole waveform with its kernel's scope"
else
	notok "single-source trace" "$(head -c 300 "$tmp/err")"
fi

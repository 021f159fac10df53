#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Debian's clinfo, through the ICD loader with OCL_ICD_VENDORS set by the wrapper: it lists the Kiln platform
# and its accelerator device, and reports no error for any query.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "${KILN_SAN:-}" ]; then
	# A sanitized ICD library inside the uninstrumented clinfo needs the sanitizer runtimes preloaded.
	LD_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)"
	ASAN_OPTIONS=detect_leaks=0
	export LD_PRELOAD ASAN_OPTIONS
fi
clinfo >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && echo "ok - clinfo exits 0" || echo "not ok - clinfo exits 0: status $rc"
grep -Eq '^  Platform Name +Kiln$' "$tmp/out" && echo "ok - clinfo lists the Kiln platform" ||
	echo "not ok - clinfo lists the Kiln platform: $(head -c 400 "$tmp/out")"
grep -Eq '^  Device Name +Kiln sim board$' "$tmp/out" && echo "ok - clinfo lists the sim board device" ||
	echo "not ok - clinfo lists the sim board device"
grep -Eq '^  Device Type +Accelerator$' "$tmp/out" && echo "ok - device type Accelerator" ||
	echo "not ok - device type Accelerator"
grep -Eq '^  Platform Extensions function suffix +KILN$' "$tmp/out" && echo "ok - ICD suffix KILN" ||
	echo "not ok - ICD suffix KILN"
# clinfo prints failed queries as <function:line: what : error N>.
if grep -Eq '<[A-Za-z_]+:[0-9]+: .*error' "$tmp/out" || [ -s "$tmp/err" ]; then
	echo "not ok - no query failed: $(grep -E '<[A-Za-z_]+:[0-9]+' "$tmp/out" | head -5) $(head -c 400 "$tmp/err")"
else
	echo "ok - no query failed"
fi
# Under the sanitizers clinfo itself is instrumented through LD_PRELOAD, and its --raw printer overflows a
# buffer of its own (Debian clinfo 3.0.21), so this check runs only in the plain suite.
if [ -z "${KILN_SAN:-}" ]; then
	clinfo --raw >"$tmp/raw" 2>&1 && ! grep -q 'error' "$tmp/raw" && echo "ok - clinfo --raw without errors" ||
		echo "not ok - clinfo --raw: $(grep error "$tmp/raw" | head -3)"
fi

# Floating point as the board declares it (aspects fp32, fp64; issue 14): the sim board has float and double
# units; a board without fp64 reports no double and no cl_khr_fp64, one without either no float either.
if [ -z "${KILN_SAN:-}" ]; then
	mkdir -p "$tmp/boards"
	boards=$(cd "$(dirname "$0")/../../configs/boards" && pwd)
	sed -e 's/"name": "sim"/"name": "nofp64"/' -e 's/, "fp64"//' "$boards/sim.json" >"$tmp/boards/nofp64.json"
	sed -e 's/"name": "sim"/"name": "nofp"/' -e 's/, "fp32", "fp64"//' "$boards/sim.json" >"$tmp/boards/nofp.json"
	cp "$boards/sim.json" "$tmp/boards/"
	full='CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA'
	# clinfo prints a configuration of no flags as nothing
	for case in "sim;$full | CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT;$full;1;1" \
		"nofp64;$full | CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT;;1;0" "nofp;;;0;0"; do
		IFS=';' read -r board single double fw dw <<EOC
$case
EOC
		KILN_CONFIG_DIR="$tmp/boards" KILN_BOARD=$board clinfo --raw >"$tmp/fp" 2>&1
		val() { sed -n "s/^.*  $1  *//p" "$tmp/fp" | head -n 1; }
		has64=0
		grep -q 'CL_DEVICE_EXTENSIONS .*cl_khr_fp64' "$tmp/fp" && grep -q '__opencl_c_fp64' "$tmp/fp" && has64=1
		if [ "$(val CL_DEVICE_SINGLE_FP_CONFIG)" = "$single" ] && [ "$(val CL_DEVICE_DOUBLE_FP_CONFIG)" = "$double" ] &&
			[ "$(val CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT)" = "$fw" ] &&
			[ "$(val CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE)" = "$dw" ] && [ "$has64" = "$dw" ]; then
			echo "ok - clinfo on board $board reports its floating point as declared"
		else
			echo "not ok - clinfo on board $board: single '$(val CL_DEVICE_SINGLE_FP_CONFIG)'," \
				"double '$(val CL_DEVICE_DOUBLE_FP_CONFIG)', cl_khr_fp64 $has64"
		fi
	done
fi

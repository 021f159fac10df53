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

#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The README's worked examples, built with the README's own command lines against the build tree (pkg-config
# for libkiln, -lOpenCL through the system ICD loader) and run on the simulated board.
# Usage: examples-test.sh SRC_DIR BUILD_DIR SAXPY.kimg
set -u
src=$1
build=$2
img=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export PKG_CONFIG_PATH="$build/lib/pkgconfig"
cflags=$(pkg-config --cflags kiln) && libs=$(pkg-config --libs kiln) || {
	echo "not ok - pkg-config kiln: no kiln.pc in $PKG_CONFIG_PATH"
	exit 1
}
# shellcheck disable=SC2086
if cc -o "$tmp/saxpy_host" "$src/examples/saxpy_host.c" $cflags $libs -Wl,-rpath,"$build/lib" 2>"$tmp/err"; then
	"$tmp/saxpy_host" "$img" >"$tmp/out" 2>&1
	[ $? -eq 0 ] && grep -q "all correct" "$tmp/out" && echo "ok - libkiln saxpy example: $(cat "$tmp/out")" ||
		echo "not ok - saxpy_host: $(cat "$tmp/out")"
else
	echo "not ok - saxpy_host does not build with pkg-config kiln: $(head -c 400 "$tmp/err")"
fi
# shellcheck disable=SC2086
if cc -o "$tmp/saxpy_ocl" "$src/examples/saxpy_ocl.c" -lOpenCL $cflags 2>"$tmp/err"; then
	OCL_ICD_VENDORS="$build/etc/OpenCL/vendors" "$tmp/saxpy_ocl" "$img" >"$tmp/out" 2>&1
	[ $? -eq 0 ] && grep -q "all correct" "$tmp/out" && echo "ok - OpenCL saxpy example: $(cat "$tmp/out")" ||
		echo "not ok - saxpy_ocl: $(cat "$tmp/out")"
else
	echo "not ok - saxpy_ocl does not build: $(head -c 400 "$tmp/err")"
fi
# The README, the docs and the installed headers explain in Kiln's words or name public specifications: no
# reference to the project's private seed files or reference notes, which a user does not have.
refs=$(grep -n -E "seed [0-9]{3}|seed's|REFERENCE( |\.md)" "$src/README.md" "$src"/docs/*.md "$src"/docs/man/*.h2m \
	"$src/hls/include/kiln/device.h" "$src"/host/include/kiln/*.h 2>/dev/null | head -5)
[ -z "$refs" ] && echo "ok - the README, docs and headers name no document a user does not have" ||
	echo "not ok - documents a user does not have are named: $(echo "$refs" | cut -c1-160 | tr '\n' ' ')"

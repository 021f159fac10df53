#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The kernel C library compiles warning-free as kiln-cc compiles kernels (SPIR, hosted C, Kiln's headers in
# place of the system's): every source of hls/libc and kiln_headers.c, which includes every header.
# Usage: spir-test.sh SRC_DIR
set -u
cd "$1" || exit 1
for f in hls/libc/*.c test/libc/kiln_headers.c; do
	if out=$(clang-15 -target spir64-unknown-unknown -nostdlibinc -Ihls/libc/include -Ihls/include -std=gnu11 -O2 -Wall -Wextra \
		-Werror -Xclang -fdefault-calling-conv=cdecl -emit-llvm -c -o /dev/null "$f" 2>&1); then
		echo "ok - $f compiles warning-free for spir64"
	else
		echo "not ok - $f does not compile warning-free for spir64: $(echo "$out" | head -n 3 | tr '\n' ' ')"
	fi
done

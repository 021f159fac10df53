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
# Every header together, in each language version kernels are written in (gnu89 to c17, pedantic): a type two
# headers both declare must not be a redefinition before C11.
all=$(cd hls/libc/include && ls *.h | grep -v '^_' | sed 's/.*/#include <&>/')
for std in gnu89 c99 gnu99 c11 c17; do
	if out=$(printf '%s\nint kiln_headers_together;\n' "$all" | clang-15 -target spir64-unknown-unknown -nostdlibinc \
		-Ihls/libc/include -Ihls/include -std=$std -pedantic -Wall -Wextra -Werror -Wno-long-long \
		-fsyntax-only -x c - 2>&1); then
		echo "ok - every kernel header together compiles warning-free as -std=$std -pedantic"
	else
		echo "not ok - the kernel headers together as -std=$std -pedantic: $(echo "$out" | head -n 3 | tr '\n' ' ')"
	fi
done

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
# The headers' types are the compiler's own (what its format checks and builtins believe): a correct printf or
# scanf call compiles warning-free under -Wformat, and each type is the compiler's predefined one.
cat >/tmp/kiln-spir-types.$$.c <<'C'
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <uchar.h>
#include <wchar.h>
#include <wctype.h>
#define SAME(a, b) _Static_assert(__builtin_types_compatible_p(a, b), #a " is not " #b)
SAME(wint_t, __WINT_TYPE__);
SAME(wchar_t, __WCHAR_TYPE__);
SAME(size_t, __SIZE_TYPE__);
SAME(ptrdiff_t, __PTRDIFF_TYPE__);
SAME(intmax_t, __INTMAX_TYPE__);
SAME(char16_t, __UINT_LEAST16_TYPE__);
SAME(char32_t, __UINT_LEAST32_TYPE__);
_Static_assert(WEOF == (wint_t)-1 && WEOF != (wint_t)0x7fffffff, "WEOF");
int formats(char *b, const char *t, wint_t wc, const wchar_t *ws, size_t z, ptrdiff_t d, intmax_t j, int64_t q,
            void *p)
{
	wchar_t wbuf[8];
	size_t zs;
	ptrdiff_t ds;
	intmax_t js;
	int64_t qs;
	int n = sprintf(b, "%lc %ls %zu %td %jd %" PRId64 " %p %C %S", wc, ws, z, d, j, q, p, wc, ws);
	n += printf("%lc %ls %zu %td %jd %" PRIx64 "\n", wc, ws, z, d, j, q);
	n += swprintf(wbuf, 8, L"%lc %ls %zu", wc, ws, z);
	n += sscanf(t, "%lc %ls %zu %td %jd %" SCNd64, wbuf, wbuf, &zs, &ds, &js, &qs) + (int)towupper(wc);
	/* every PRI and SCN macro of inttypes.h with its type */
#define CHECK(pn, tn)                                                                                      \
	{                                                                                                  \
		int##tn##_t s = 0;                                                                         \
		uint##tn##_t u = 0;                                                                        \
		n += printf("%" PRId##pn "%" PRIi##pn "%" PRIo##pn "%" PRIu##pn "%" PRIx##pn "%" PRIX##pn, s, \
		            s, u, u, u, u);                                                                \
		n += sscanf(t, "%" SCNd##pn "%" SCNi##pn "%" SCNo##pn "%" SCNu##pn "%" SCNx##pn, &s, &s, &u,  \
		            &u, &u);                                                                       \
	}
	CHECK(8, 8) CHECK(16, 16) CHECK(32, 32) CHECK(64, 64);
	CHECK(LEAST8, _least8) CHECK(LEAST16, _least16) CHECK(LEAST32, _least32) CHECK(LEAST64, _least64);
	CHECK(FAST8, _fast8) CHECK(FAST16, _fast16) CHECK(FAST32, _fast32) CHECK(FAST64, _fast64);
	CHECK(MAX, max) CHECK(PTR, ptr);
	return n;
}
C
if out=$(clang-15 -target spir64-unknown-unknown -nostdlibinc -Ihls/libc/include -Ihls/include -std=gnu11 -Wall \
	-Wextra -Wformat=2 -Werror -fsyntax-only /tmp/kiln-spir-types.$$.c 2>&1); then
	echo "ok - the kernel headers' types are the compiler's: %lc %ls %zu %td %jd and every PRI and SCN macro check clean"
else
	echo "not ok - the kernel headers' types differ from the compiler's: $(echo "$out" | head -n 4 | tr '\n' ' ')"
fi
rm -f /tmp/kiln-spir-types.$$.c

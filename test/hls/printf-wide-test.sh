#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# printf's wide conversions (%ls %lc %lls %Ls %C %S) and a format chosen at run time are not the debug
# channel's (its runtime formats a kernel's bytes on the host, and would take narrow bytes for a wide
# string): kiln-cc sends each such printf or fprintf to the kernel C library's formatter (__kiln_printf,
# __kiln_fprintf), while %s and %c stay on the channel. Checked in the IR after the debug-calls pass; the board
# runs them in test/cprog/print/runtime_formats.c. Usage: printf-wide-test.sh BUILD_DIR
set -u
cc="$1/bin/kiln-cc"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/wide.c" <<'SRC'
#include <kiln/device.h>
#include <stdio.h>
#include <wchar.h>
KILN_SINGLE_TASK_KERNEL void f(int *v, const wchar_t *s, const char *fmt)
{
	printf("%ls\n", s);
	printf("%lc\n", (wint_t)v[0]);
	printf("%lls\n", s);
	printf("%Ls\n", s);
	printf("%C\n", (wint_t)v[0]);
	printf("%S\n", s);
	fprintf(stderr, "[%5ls]\n", s);
	printf(fmt, v[0]);
	printf("%s %c\n", fmt, v[0]);
}
SRC
# To RTL, not to a model: eight formatters make a model of many minutes, and the board runs such calls in
# test/cprog/print/runtime_formats.c already.
if "$cc" -q -w --print-after debug-calls --stop-after rtl -o "$tmp/wide.kimg" "$tmp/wide.c" 2>"$tmp/err" &&
	[ -s "$tmp/wide.kimg.d/rtl/kiln_image.v" ]; then
	echo "ok - printf-wide: kiln-cc compiles wide conversions and a run-time format"
else
	echo "not ok - printf-wide: kiln-cc failed: $(head -c 600 "$tmp/err")"
fi
ll="$tmp/wide.kimg.d/debug-calls.ll"
lib=$(grep -c 'call .*@__kiln_printf(' "$ll" 2>/dev/null)
flib=$(grep -c 'call .*@__kiln_fprintf(' "$ll" 2>/dev/null)
[ "${lib:-0}" = 7 ] && [ "${flib:-0}" = 1 ] &&
	echo "ok - printf-wide: the seven printf and the fprintf the channel cannot carry call the library's formatter" ||
	echo "not ok - printf-wide: calls of __kiln_printf ${lib:-none} (want 7), of __kiln_fprintf ${flib:-none} (want 1)"
grep -q 'call .*@__kiln_print_open(' "$ll" 2>/dev/null && ! grep -q 'call .*@printf(' "$ll" &&
	echo "ok - printf-wide: %s and %c stay on the debug channel" ||
	echo "not ok - printf-wide: the %s %c printf is not on the channel"

#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# printf's wide conversions (%ls %lc %lls %Ls %C %S) are refused at compile time, each with its diagnostic at
# its own line (the runtime would otherwise hand a kernel's narrow bytes to fprintf as a wide string), while
# %s and %c on the same kernel are fine. Usage: printf-wide-test.sh BUILD_DIR
set -u
cc="$1/bin/kiln-cc"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Line 5 on: one conversion a line, as the table below numbers them.
cat >"$tmp/wide.c" <<'SRC'
#include <kiln/device.h>
#include <stdio.h>
KILN_SINGLE_TASK_KERNEL void f(int *v, const char *s)
{
	printf("%ls\n", s);
	printf("%lc\n", v[0]);
	printf("%lls\n", s);
	printf("%Ls\n", s);
	printf("%C\n", v[0]);
	printf("%S\n", s);
	fprintf(stderr, "[%5ls]\n", s);
	printf("%s %c\n", s, v[0]);
}
SRC
"$cc" -q -o "$tmp/wide.kimg" "$tmp/wide.c" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && [ ! -e "$tmp/wide.kimg" ] && echo "ok - printf-wide: kiln-cc fails (status 1) and writes no image" ||
	echo "not ok - printf-wide: status $rc, image $(ls "$tmp")"
while IFS='|' read -r line conv; do
	if grep -Eq "wide\.c:$line(:[0-9]+)?: error: .*$conv: wide characters and strings are not supported" "$tmp/err"; then
		echo "ok - printf-wide: $conv refused at line $line"
	else
		echo "not ok - printf-wide: no diagnostic for $conv at line $line: $(grep ': error:' "$tmp/err" | head -c 600)"
	fi
done <<'TABLE'
5|%ls
6|%lc
7|%lls
8|%Ls
9|%C
10|%S
11|%5ls
TABLE
grep -q "wide\.c:12[:]" "$tmp/err" && echo "not ok - printf-wide: %s and %c were refused: $(grep 'wide\.c:12' "$tmp/err")" ||
	echo "ok - printf-wide: %s and %c are not refused"

#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The HTML report (IMAGE.kimg.d/report.html, hls/report/) in a real browser: Chromium from Debian, headless.
# A kernel whose source file's name and text, and a #line name, hold markup; the page must run its script to
# the end, make no element of them and show them as text, list the loops at their lines with every link's
# target there (a partitioned array's directive too), and a screenshot must show the loop table. Then the image of a full build (the saxpy
# example: an nd-range kernel) must have its report too.
#   report-test.sh SRC BUILD SAXPY_IMG
set -u
SRC=$1
BUILD=$2
SAXPY=$3
CC="$BUILD/bin/kiln-cc"
CHECK="python3 $SRC/test/report/report_check.py"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0

if ! command -v chromium >/dev/null 2>&1; then
	echo "not ok - report: chromium is not installed (scripts/install-deps installs it)"
	exit 1
fi
# Chromium as root needs --no-sandbox; its profile goes to the test's folder.
browse() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$T/profile" \
		"$@" 2>"$T/chromium.err"
}

# A file name with markup characters (a '/' cannot be in one; the #line name has it). --report maps it with
# yosys for 7-series, into a cache of the test's own, so that the first run does run yosys.
f="$T/rep<i id=\"pwned_file\">&amp;.c"
cp "$SRC/test/report/report_kernel.c" "$f"
mkdir -m 700 "$T/cache"
export KILN_CACHE="$T/cache"
if "$CC" --report --stop-after rtl -o "$T/rep.kimg" "$f" 2>"$T/cc.err" && [ -s "$T/rep.kimg.d/report.html" ]; then
	echo "ok - report: kiln-cc --report writes IMAGE.kimg.d/report.html"
else
	echo "not ok - report: kiln-cc wrote no report.html: $(grep -v '^kiln-cc: [a-z]' "$T/cc.err" | head -3)"
	exit 1
fi
if grep -q "yosys maps the image for xc7" "$T/cc.err"; then
	echo "ok - report: --report ran yosys for the fabric's family (xc7 on the sim board)"
else
	echo "not ok - report: --report said nothing of yosys: $(head -5 "$T/cc.err")"
	fail=1
fi
$CHECK area "$T/rep.kimg.d/area.json" "area" xc7 nest,renamed,banks scale || fail=1
# the same RTL again: from the cache, the same numbers
if "$CC" --report --stop-after rtl -o "$T/again.kimg" "$f" 2>"$T/cc2.err" &&
	grep -q "area and clock: cached" "$T/cc2.err" && cmp -s "$T/rep.kimg.d/area.json" "$T/again.kimg.d/area.json"; then
	echo "ok - report: a repeat of the same RTL takes area.json from the cache, unchanged"
else
	echo "not ok - report: the repeat was not served from the cache: $(head -3 "$T/cc2.err")"
	fail=1
fi
if "$CC" -q --report=xc9 --stop-after rtl -o "$T/bad.kimg" "$f" 2>"$T/cc3.err"; then
	echo "not ok - report: --report=xc9 was accepted"
	fail=1
elif grep -q "no such family (xc7, ice40, ecp5 or generic)" "$T/cc3.err"; then
	echo "ok - report: --report=xc9 is refused, naming the families"
else
	echo "not ok - report: --report=xc9 failed without naming the families: $(head -2 "$T/cc3.err")"
	fail=1
fi
if grep -q 'src=\|href="http\|@import\|url(' "$T/rep.kimg.d/report.html"; then
	echo "not ok - report: the page loads something from outside itself"
	fail=1
else
	echo "ok - report: the page is self-contained (no src, external link or url())"
fi
if browse --dump-dom "file://$T/rep.kimg.d/report.html" >"$T/dom.html" && [ -s "$T/dom.html" ]; then
	$CHECK dom "$T/dom.html" "report" \
		'.c:11,.c:13,.c:19,<b id="pwned_line">x</b>.c:3' \
		'</script><b id="pwned_comment">x</b>' 'rep<i id="pwned_file">&amp;.c' 'read_write' \
		'kernel nest' 'Estimated critical path' '4 to one bank, 2 to every bank' || fail=1
else
	echo "not ok - report: chromium --dump-dom failed: $(head -3 "$T/chromium.err")"
	fail=1
fi
# tall enough for the summary and the loop table below it
if browse --window-size=1280,2000 --screenshot="$T/loops.png" "file://$T/rep.kimg.d/report.html" && [ -s "$T/loops.png" ]; then
	$CHECK png "$T/loops.png" "report" || fail=1
else
	echo "not ok - report: chromium --screenshot failed: $(head -3 "$T/chromium.err")"
	fail=1
fi

# The page shows the C files compiled, not whatever file debug information names: a #line (or IR from
# elsewhere) pointing at a readable file of the user's must not copy it into a page they may pass on.
printf 'SECRET-TOKEN in a file of the user'"'"'s\n' >"$T/secret.txt"
printf '/* INPUT-TOKEN */\n#include <kiln/device.h>\nKILN_SINGLE_TASK_KERNEL void shown(int *o)\n{\n\t*o = 1;\n}\n#line 1 "%s"\nKILN_SINGLE_TASK_KERNEL void leak(int *o, int n)\n{\n\tfor (int i = 0; i < n; i++)\n\t\to[i] = i;\n}\n' \
	"$T/secret.txt" >"$T/leak.c"
if "$CC" -q --stop-after rtl -o "$T/leak.kimg" "$T/leak.c" 2>"$T/leak.err" &&
	grep -q "INPUT-TOKEN" "$T/leak.kimg.d/report.html" && ! grep -q "SECRET-TOKEN" "$T/leak.kimg.d/report.html"; then
	echo "ok - report: the page holds the compiled source, not a file a #line names"
else
	echo "not ok - report: $(grep -c SECRET-TOKEN "$T/leak.kimg.d/report.html" 2>&1) copies of the named file, input shown: $(grep -c INPUT-TOKEN "$T/leak.kimg.d/report.html" 2>&1); $(head -3 "$T/leak.err")"
	fail=1
fi

# A full build's image: the example's nd-range kernel, its work-items as its loop.
if browse --dump-dom "file://$SAXPY.d/report.html" >"$T/saxpy.html" && [ -s "$T/saxpy.html" ]; then
	$CHECK dom "$T/saxpy.html" "saxpy report" 'saxpy.c:12' 'saxpy' 'KERNEL_SAXPY' || fail=1
else
	echo "not ok - saxpy report: no page, or chromium failed: $(head -3 "$T/chromium.err")"
	fail=1
fi
exit $fail

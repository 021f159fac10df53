#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Kiln installed as a user installs it: `make install` into a temporary prefix, then, with the source and build
# trees made unreachable, the installed tools build and run the counter example, a libkiln host program built
# with pkg-config, and an OpenCL host program through the system ICD loader and the installed .icd.
# Also: the installed files (SONAMEs, headers, man pages, pkg-config, licence), --version on every tool, libkiln
# exporting exactly the API of kiln.h, and no path of the source tree in any installed binary or text file.
# Usage: install-test.sh SRC_DIR BUILD_DIR
set -u
src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
version=$(cat "$src/VERSION")
tmp=$(mktemp -d /tmp/kiln-install-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
p=$tmp/prefix

ok() { echo "ok - $1"; }
notok() { echo "not ok - $1: $2"; }
check() { # check NAME CMD...: ok when CMD succeeds
	name=$1
	shift
	if "$@" >"$tmp/out" 2>&1; then ok "$name"; else notok "$name" "$(head -c 400 "$tmp/out")"; fi
}

# A make started by the suite's own make must not inherit its jobserver or variables.
if ! env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$src" BUILD="$build" PREFIX="$p" \
	ICD_VENDORS_DIR="$p/etc/OpenCL/vendors" install >"$tmp/install.log" 2>&1; then
	notok "make install" "$(tail -c 600 "$tmp/install.log")"
	exit 1
fi
ok "make install PREFIX=$p"

# An object compiled with an absolute BUILD inside the source tree (as this test's makes do) names itself in its
# dependency file both ways, so that a later `make` with the relative build/ still sees its headers (it did
# not, and linked a kiln-cc from objects older than kir.h).
dt="build/deptest.$$"
if env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$src" BUILD="$src/$dt" "$src/$dt/obj/host/common/fileio.o" \
	>"$tmp/dep.log" 2>&1 && grep -q "^$dt/obj/host/common/fileio.o" "$src/$dt/obj/host/common/fileio.d" &&
	grep -q "^ *$src/$dt/obj/host/common/fileio.o" "$src/$dt/obj/host/common/fileio.d"; then
	ok "an object built with an absolute BUILD names itself relative and absolute in its .d"
else
	notok "dependency file names" "$(head -c 300 "$tmp/dep.log"; head -3 "$src/$dt/obj/host/common/fileio.d" 2>&1)"
fi
rm -rf "$src/$dt"

# A staged (packaging) install: files under DESTDIR, names inside them for the final PREFIX.
if env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$src" BUILD="$build" DESTDIR="$tmp/stage" PREFIX=/usr \
	install >"$tmp/install.log" 2>&1 && [ -x "$tmp/stage/usr/bin/kiln-cc" ] &&
	grep -qx "/usr/lib/libkiln-ocl.so.${version%%.*}" "$tmp/stage/etc/OpenCL/vendors/kiln.icd"; then
	ok "make install DESTDIR=... PREFIX=/usr stages the files and names /usr in the .icd"
else
	notok "DESTDIR install" "$(tail -c 400 "$tmp/install.log") $(cat "$tmp/stage/etc/OpenCL/vendors/kiln.icd" 2>&1)"
fi

for f in bin/kiln-cc bin/kiln-post-link bin/kiln lib/libkiln.so.$version lib/libkiln-ocl.so.$version \
	include/kiln/kiln.h include/kiln/device.h include/kiln/opencl.h lib/pkgconfig/kiln.pc \
	share/kiln/boards/sim.json share/kiln/rtl/kiln_dg_store.v share/kiln/include/kiln/device.h \
	share/kiln/bsp/sim/build-model share/kiln/smoke.kimg share/man/man1/kiln-cc.1 share/man/man1/kiln.1 \
	share/man/man1/kiln-post-link.1 share/man/man1/kiln-test.1 share/doc/kiln/LICENSE \
	share/doc/kiln/regression.md share/doc/kiln/kiln-test.schema.json include/kiln/difftest.h \
	share/kiln/difftest/difftest.c etc/OpenCL/vendors/kiln.icd; do
	[ -s "$p/$f" ] || missing="${missing:-} $f"
done
[ -z "${missing:-}" ] && ok "every file of the installation is there" || notok "installed files" "missing:$missing"
[ "$(readlink "$p/lib/libkiln.so")" = "libkiln.so.${version%%.*}" ] && [ -e "$p/lib/libkiln.so.${version%%.*}" ] &&
	ok "libkiln.so -> libkiln.so.${version%%.*} -> libkiln.so.$version" || notok "libkiln symlinks" "$(ls -l "$p/lib")"
for l in libkiln libkiln-ocl; do
	so=$(readelf -d "$p/lib/$l.so.$version" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
	[ "$so" = "$l.so.${version%%.*}" ] && ok "$l has SONAME $so" || notok "$l SONAME" "'$so'"
done
grep -qx "$p/lib/libkiln-ocl.so.${version%%.*}" "$p/etc/OpenCL/vendors/kiln.icd" &&
	ok "the installed .icd names the installed library" || notok "kiln.icd" "$(cat "$p/etc/OpenCL/vendors/kiln.icd")"
grep -q "Apache License" "$p/share/doc/kiln/LICENSE" && ok "LICENSE is the Apache-2.0 text" || notok "LICENSE" "no text"

# libkiln's dynamic symbols are exactly the functions kiln.h declares, and those of kiln/single.h (the runtime of
# single-source programs; its comment lines show calls of macros, not functions).
{ sed -n 's/.*\<\(kiln_[a-z0-9_]*\)(.*/\1/p' "$p/include/kiln/kiln.h"
  grep -v '^ \*' "$p/include/kiln/single.h" | sed -n 's/.*\<\(kiln_[a-z0-9_]*\)(.*/\1/p'; } | sort -u >"$tmp/api"
nm -D --defined-only "$p/lib/libkiln.so" | awk '$2 == "T" || $2 == "D" || $2 == "B" {sub(/@.*/, "", $3); print $3}' |
	sort -u >"$tmp/exported"
if cmp -s "$tmp/api" "$tmp/exported"; then
	ok "libkiln exports exactly the $(wc -l <"$tmp/api") functions of kiln.h"
else
	notok "libkiln exports only its API" "$(diff "$tmp/api" "$tmp/exported" | head -20 | tr '\n' ' ')"
fi

# Man pages render without warnings and carry the version.
for m in kiln-cc kiln kiln-post-link kiln-test; do
	groff -man -Tutf8 -ww -z "$p/share/man/man1/$m.1" >"$tmp/groff" 2>&1
	if [ ! -s "$tmp/groff" ] && grep -q "^\.TH .*$version" "$p/share/man/man1/$m.1"; then
		ok "man page $m.1 renders cleanly and names version $version"
	else
		notok "man page $m.1" "$(head -c 300 "$tmp/groff") $(grep '^\.TH' "$p/share/man/man1/$m.1")"
	fi
done

# kiln(1) lists each command as an item of its own, with its one-line description (help2man makes an item of
# each usage line of kiln --help and the brief beside or below it; without a brief it ran them together).
items=$(grep -A1 '^\.TP' "$p/share/man/man1/kiln.1" | grep -c '^kiln [a-z]')
cmds=$("$p/bin/kiln" --help | grep -c '^  kiln [a-z]')
[ "$items" -ge 11 ] && [ "$items" = "$cmds" ] && ok "kiln(1) lists its $items command forms as items of their own" ||
	notok "kiln(1)'s command list" "$items items for $cmds usage lines"

# No path of the source or build tree in any installed binary, library or text file (images excepted: their
# simulation models name the files they were verilated from).
leaks=$(find "$p" -type f ! -name '*.kimg' -exec grep -l -F -e "$src" -e "$build" {} + 2>/dev/null)
[ -z "$leaks" ] && ok "no installed file names the source tree" || notok "source paths compiled in" "$leaks"

# Inputs the run needs, copied out before the trees go away.
cp "$src/examples/counter.c" "$src/examples/counter_host.c" "$src/test/install/ocl_host.c" "$tmp/"
mkdir -p "$tmp/test/opencl" && cp "$src/test/harness.h" "$tmp/test/" && cp "$src/test/opencl/ocl_test.h" "$tmp/test/opencl/"
# The Verilator runtime objects are a cache keyed by compiler and flags; seeding them saves a minute.
mkdir -p "$tmp/xdg/kiln"
for d in "${KILN_CACHE:-$src/build/cache}"/vlrt-*; do [ -d "$d" ] && cp -r "$d" "$tmp/xdg/kiln/"; done

cat >"$tmp/run.sh" <<RUN
set -u
cd "$tmp"
unset KILN_CACHE KILN_CACHE_DIR KILN_DATA_DIR KILN_CONFIG_DIR KILN_INCLUDE_DIR KILN_CC KILN_SMOKE_IMAGE
unset OCL_ICD_VENDORS OCL_ICD_FILENAMES
export XDG_CACHE_HOME="$tmp/xdg" PATH="$p/bin:\$PATH"
[ -e "$src/Makefile" ] && echo "not ok - the source tree is still reachable" && exit 1
echo "ok - the source tree ($src) and build tree are unreachable"
for t in kiln-cc kiln-post-link kiln; do
	v=\$(\$t --version 2>&1)
	case "\$v" in "\$t $version"*) echo "ok - \$t --version: \$v" ;; *) echo "not ok - \$t --version: \$v" ;; esac
done
if kiln-cc -q -o counter.kimg counter.c 2>err; then echo "ok - installed kiln-cc compiles the counter example";
else echo "not ok - installed kiln-cc: \$(head -c 400 err)"; fi
ls "$tmp"/xdg/kiln/models/*.so >/dev/null 2>&1 && echo "ok - the model cache is \\\$XDG_CACHE_HOME/kiln" ||
	echo "not ok - no model in \\\$XDG_CACHE_HOME/kiln"
export PKG_CONFIG_PATH="$p/lib/pkgconfig"
if cc -o counter_host counter_host.c \$(pkg-config --cflags --libs kiln) -Wl,-rpath,"$p/lib" 2>err; then
	echo "ok - a host program compiles and links with pkg-config kiln"
else echo "not ok - pkg-config build: \$(head -c 400 err)"; fi
./counter_host counter.kimg >out 2>&1
grep -q "counter -> 11 (expected 11)" out && echo "ok - the counter example runs on the installed libkiln" ||
	echo "not ok - counter_host: \$(head -c 400 out)"
kiln diagnose >out 2>&1 && grep -q PASSED out && echo "ok - kiln diagnose PASSED with the installed smoke image" ||
	echo "not ok - kiln diagnose: \$(tail -c 400 out)"
# kiln test from the installation: the native harness built from the installed header and runner source
mkdir -p regress
cat >regress/tiny.c <<'TINY'
#include <kiln/device.h>
KILN_SINGLE_TASK_KERNEL void vinc(int *a, int n)
{
	for (int i = 0; i < n; i++)
		a[i] += i;
}
KILN_SINGLE_TASK_KERNEL void run(int *result)
{
	*result = 0;
}
#ifdef KILN_HARNESS
KT_TEST(vinc8)
{
	int *a = KT_BUF(int, 8);
	KT_RUN(vinc, KT_P(a), KT_V(int, 8));
}
#endif
TINY
printf '{"kiln_test": 1, "tests": [{"name": "vinc", "sources": ["tiny.c"], "check": "native"},\n'\
' {"name": "self", "sources": ["tiny.c"], "check": "self"}]}\n' >regress/m.json
kiln test regress/m.json -j 2 --out regress/out >out 2>&1
[ "\$(tail -n 1 out)" = "2 passed, 0 failed" ] && echo "ok - installed kiln test runs a native and a self check" ||
	echo "not ok - installed kiln test: \$(tail -c 600 out)"
if cc -o ocl_host ocl_host.c -I. -I"$p/include" -lOpenCL 2>err; then
	# A sanitized build (make asan): the ICD loader opens the library late, so the sanitizer runtime must be
	# preloaded for a program built without it; the tools it starts (kiln-cc, clang, perl) are not ours to
	# leak-check.
	pre=""
	ldd "$p/lib/libkiln-ocl.so.0" 2>/dev/null | grep -q libasan &&
		pre="LD_PRELOAD=\$(cc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0:verify_asan_link_order=0"
	env \$pre OCL_ICD_VENDORS="$p/etc/OpenCL/vendors" ./ocl_host counter.kimg counter.c
else echo "not ok - OpenCL host build: \$(head -c 400 err)"; fi
RUN

# Hide the trees: a private mount namespace with empty folders over them (nothing is moved, other
# processes are unaffected); without the privilege for that, rename them for the run.
hide="mount -t tmpfs kiln-hidden '$src'"
case "$build" in "$src"/*) ;; *) hide="$hide && mount -t tmpfs kiln-hidden '$build'" ;; esac
if unshare -m --propagation private sh -c "$hide" 2>/dev/null; then
	unshare -m --propagation private sh -c "$hide && exec sh '$tmp/run.sh'"
else
	moved="$src.hidden-$$"
	mv "$src" "$moved" || { notok "hiding the source tree" "cannot rename $src"; exit 1; }
	trap 'mv "$moved" "$src"; rm -rf "$tmp"' EXIT
	case "$build" in "$src"/*) ;; *) mv "$build" "$build.hidden-$$" && trap 'mv "$moved" "$src"; mv "$build.hidden-$$" "$build"; rm -rf "$tmp"' EXIT ;; esac
	sh "$tmp/run.sh"
fi

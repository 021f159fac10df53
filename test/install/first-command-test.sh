#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The README's commands work as the very first command on a bare machine: nothing may ask for a tool that
# scripts/install-deps installs (llvm-config-15 here) while the Makefile is being read, only in recipes that
# run after the install step. Simulated with an llvm-config-15 that fails until the install step has run.
# Usage: first-command-test.sh SRC_DIR
set -u
src=$(cd "$1" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
real=$(command -v llvm-config-15)
cat >"$tmp/bin/llvm-config-15" <<FAKE
#!/bin/sh
[ -f "$tmp/installed" ] || { echo "llvm-config-15 \$*" >>"$tmp/too-early"; exit 127; }
exec "$real" "\$@"
FAKE
chmod +x "$tmp/bin/llvm-config-15"

# The compiler's driver needs LLVM's headers (the first file that failed on a bare machine) and its link
# needs LLVM's libraries.
PATH="$tmp/bin:$PATH" env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$src" BUILD="$tmp/build" \
	INSTALL_DEPS="touch $tmp/installed" "$tmp/build/bin/kiln-post-link" >"$tmp/log" 2>&1
rc=$?
if [ -s "$tmp/too-early" ]; then
	echo "not ok - llvm-config-15 was asked before the install step: $(head -3 "$tmp/too-early" | tr '\n' ' ')"
else
	echo "ok - nothing asks llvm-config-15 before the install step has run"
fi
[ $rc -eq 0 ] && [ -x "$tmp/build/bin/kiln-post-link" ] &&
	echo "ok - a first make on a machine without LLVM installs it, then compiles and links the compiler" ||
	echo "not ok - first make: $(tail -c 500 "$tmp/log")"

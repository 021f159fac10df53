#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The README's commands work as the very first command on a bare machine. Simulated the way a bare machine is:
# every program that the packages of scripts/install-deps put on PATH (except make, which runs the command)
# fails with "not found" until the install step has run, and every call before then is logged.
#  1. With an install step that fails, `make run`, `make test` and `make -j8` stop at it and run nothing else:
#     no recipe and no part of reading the Makefile reaches for an installed tool first, at any -j.
#  2. With one that succeeds, `make -j8 run` in an empty build tree builds everything and prints the
#     counter's value, and nothing was called before the install step.
# Usage: first-command-test.sh SRC_DIR
set -u
src=$(cd "$1" && pwd)
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"

# The programs: what install-deps' packages install into a bin folder, as dpkg lists them.
pkgs=$(sed -n '/^PKGS="/,/"$/p' "$src/scripts/install-deps" | sed 's/^PKGS="//; s/\\$//; s/"$//' | tr '\n' ' ')
progs=$(for p in $pkgs; do dpkg -L "$p" 2>/dev/null; done | grep -E '^(/usr)?/s?bin/[^/]+$' | sed 's|.*/||' |
	grep -vx -e make -e sh -e dash -e bash | sort -u)
n=0
for p in $progs; do
	real=$(command -v "$p") || continue
	cat >"$tmp/bin/$p" <<FAKE
#!/bin/sh
[ -f "$tmp/installed" ] || { echo "$p \$*" >>"$tmp/too-early"; echo "$p: not found" >&2; exit 127; }
exec "$real" "\$@"
FAKE
	chmod +x "$tmp/bin/$p"
	n=$((n + 1))
done
for p in clang-15 llvm-config-15 llvm-link-15 verilator yosys gcc g++ clinfo; do
	[ -x "$tmp/bin/$p" ] || echo "not ok - first-command: $p is not among the $n programs of install-deps' packages"
done
[ "$n" -ge 20 ] && echo "ok - first-command: $n programs of install-deps' packages fail until the install step" ||
	echo "not ok - first-command: only $n programs found in install-deps' packages ($pkgs)"

first_make() { # LOG INSTALL_STEP MAKE-ARGS...
	log=$1 step=$2
	shift 2
	rm -f "$tmp/too-early" "$tmp/installed" "$tmp/install-ran"
	PATH="$tmp/bin:$PATH" env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$src" BUILD="$tmp/build" \
		INSTALL_DEPS="$step" "$@" >"$log" 2>&1
}

for goal in run test -j8; do
	first_make "$tmp/log" "sh -c 'touch $tmp/install-ran; exit 1'" "$goal"
	rc=$?
	if [ -s "$tmp/too-early" ]; then
		echo "not ok - first-command: make $goal called an installed tool before the install step: $(head -3 "$tmp/too-early" | tr '\n' ' ')"
	elif [ ! -f "$tmp/install-ran" ] || [ $rc -eq 0 ]; then
		echo "not ok - first-command: make $goal with a failing install step: status $rc, install ran: $([ -f "$tmp/install-ran" ] && echo yes || echo no)"
	else
		echo "ok - first-command: make $goal runs the install step before anything else, and stops when it fails"
	fi
done

first_make "$tmp/log" "touch $tmp/installed" -j8 run
rc=$?
[ -s "$tmp/too-early" ] &&
	echo "not ok - first-command: make -j8 run called before the install step: $(head -3 "$tmp/too-early" | tr '\n' ' ')" ||
	echo "ok - first-command: make -j8 run calls no installed tool before the install step"
[ $rc -eq 0 ] && grep -q '^counter -> 11 (expected 11)$' "$tmp/log" &&
	echo "ok - first-command: make -j8 run on a machine without the tools installs them, builds and prints the counter" ||
	echo "not ok - first-command: make -j8 run: status $rc: $(tail -c 600 "$tmp/log")"

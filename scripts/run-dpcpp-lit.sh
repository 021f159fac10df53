#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Runs upstream DPC++ / SPIR-V translator lit tests (.ll files with "; RUN:" lines) against Kiln, without
# needing lit or an LLVM build tree: kiln-post-link claims to be a drop-in sycl-post-link, and the upstream
# tests are the most direct evidence of that claim.
#
#     sh scripts/run-dpcpp-lit.sh TEST.ll|DIR...
#
# DIRs are searched recursively for *.ll (and *.kir: kernel IR text, kiln-opt --kir). Per test it prints
# "PASS path", "FAIL path" (then the failing command and the first 15 lines of its output, indented) or
# "SKIP path: reason", and at the end
# "N passed, N failed, N skipped". Exits 1 if any test failed, 2 on a usage error.
#
# Environment:
#   KILN_POST_LINK      tool used for "sycl-post-link" and "kiln-post-link" (default: build/bin/kiln-post-link
#                       of this checkout)
#   KILN_CC             tool used for "kiln-cc" (default: build/bin/kiln-cc of this checkout)
#   KILN_OPT            tool used for "kiln-opt" (default: build/libexec/kiln/kiln-opt of this checkout)
#   KILN_LIT_TAP=1      print "ok - path" / "not ok - path" lines instead (Kiln's test suite format)
#   KILN_LIT_FEATURES   extra lit features to treat as available (space separated)
#   KILN_LIT_TIMEOUT    seconds allowed per RUN line (default 120)
#   KILN_LIT_KEEP=1     keep the temporary directory with every test's outputs, and print where it is
#
# This is a small subset of lit: %s %S %p %t %T %% (and their %/ forms) and %{pathsep} are substituted;
# REQUIRES / UNSUPPORTED / XFAIL take boolean feature expressions; anything else lit would substitute
# (%clang, %{...}, %if) makes the test a SKIP rather than a guess, so a FAIL is always a real failure.
set -u

LLVM_BIN=/usr/lib/llvm-15/bin

# The repository root is where this script lives, not the caller's cwd, so the default tool is the one
# built in this checkout whatever directory the runner is started from.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
POST_LINK=${KILN_POST_LINK:-$ROOT/build/bin/kiln-post-link}
KILN_CC=${KILN_CC:-$ROOT/build/bin/kiln-cc}
KILN_OPT=${KILN_OPT:-$ROOT/build/libexec/kiln/kiln-opt}
TIMEOUT=${KILN_LIT_TIMEOUT:-120}

if [ $# -eq 0 ]; then
	echo "usage: $0 TEST.ll|DIR..." >&2
	exit 2
fi
# RUN lines execute in a per-test directory: a relative tool path would break there.
case $POST_LINK in
/*) ;;
*) POST_LINK=$(pwd)/$POST_LINK ;;
esac
case $KILN_CC in
/*) ;;
*) KILN_CC=$(pwd)/$KILN_CC ;;
esac
case $KILN_OPT in
/*) ;;
*) KILN_OPT=$(pwd)/$KILN_OPT ;;
esac
if [ ! -x "$POST_LINK" ]; then
	echo "$0: $POST_LINK is not an executable (build it, or set KILN_POST_LINK)" >&2
	exit 2
fi
if ! command -v bash >/dev/null 2>&1; then
	# lit runs pipelines with pipefail ("not tool | FileCheck" must fail when the tool does not); POSIX sh
	# has no pipefail, so RUN lines themselves are run by bash.
	echo "$0: bash is needed to run RUN lines (for pipefail)" >&2
	exit 2
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/kiln-dpcpp-lit.XXXXXX") || exit 2
if [ "${KILN_LIT_KEEP:-0}" = 1 ]; then
	trap 'echo "outputs kept in $WORK"' EXIT
else
	trap 'rm -rf "$WORK"' EXIT
fi
trap 'exit 130' INT TERM

# Tools a RUN line may name, and what runs instead. The unsuffixed LLVM names are not installed on Debian
# (only the -15 ones), and "sycl-post-link" is what the tests are really about.
TOOLS="sycl-post-link=$POST_LINK
kiln-post-link=$POST_LINK
kiln-cc=$KILN_CC
kiln-opt=$KILN_OPT
FileCheck=FileCheck-15
llvm-spirv=llvm-spirv-15
opt=opt-15
llvm-dis=llvm-dis-15
llvm-as=llvm-as-15
llvm-link=llvm-link-15
count=$LLVM_BIN/count
split-file=$LLVM_BIN/split-file
not=$LLVM_BIN/not"

# Escapes a string for the replacement side of a sed s### command.
sed_repl() {
	printf '%s' "$1" | sed -e 's/[\\&#]/\\&/g'
}

# A tool is only replaced where it is a command: at the start of the line or after a pipe/;/&&/(, possibly
# behind "not" or "not --crash". Thus "--implicit-check-not opt" or a CHECK prefix that happens to say "opt"
# is left alone. "not" comes last, so that "not tool" has matched the tool first.
CMD_PREFIX='((^|[|;&(])[[:space:]]*(not[[:space:]]+(--crash[[:space:]]+)?)?)'
TOOL_SED=$WORK/tools.sed
MISSING="" # "name=replacement" lines for tools that are not installed here
: >"$TOOL_SED"
printf '%s\n' "$TOOLS" >"$WORK/tools.txt"
while IFS= read -r pair; do
	name=${pair%%=*}
	repl=${pair#*=}
	printf 's#%s%s([[:space:]]|$)#\\1%s\\5#g\n' "$CMD_PREFIX" "$name" "$(sed_repl "$repl")" >>"$TOOL_SED"
	if ! command -v "$repl" >/dev/null 2>&1; then
		MISSING="$MISSING$name=$repl
"
	fi
done <"$WORK/tools.txt"

# Features REQUIRES/UNSUPPORTED/XFAIL are judged against. Kept small on purpose: a test that requires
# something we cannot vouch for is skipped, not run into a confusing failure.
FEATURES="shell linux system-linux host-byteorder-little-endian ${KILN_LIT_FEATURES:-}"
for t in spirv-val spirv-dis spirv-as; do
	if command -v "$t" >/dev/null 2>&1; then FEATURES="$FEATURES $t"; fi
done
TRIPLE=x86_64-unknown-linux-gnu

# Reads one test file and prints "R<TAB>command" per RUN command (continuation lines joined), or one
# "S<TAB>reason" when the test's REQUIRES / UNSUPPORTED / XFAIL lines rule it out here.
parse_test() {
	awk -v feats="$FEATURES" -v triple="$TRIPLE" '
	function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t\r]+$/, "", s); return s }
	# A tiny parser for lit boolean expressions: names, !, &&, ||, parentheses.
	function ev(s,   n) {
		gsub(/\(/, " ( ", s); gsub(/\)/, " ) ", s); gsub(/&&/, " \\&\\& ", s)
		gsub(/\|\|/, " || ", s); gsub(/!/, " ! ", s)
		ntok = split(s, T, " "); pos = 1
		return p_or()
	}
	function p_or(   v, r) { v = p_and(); while (pos <= ntok && T[pos] == "||") { pos++; r = p_and(); v = v || r } return v }
	function p_and(  v, r) { v = p_not(); while (pos <= ntok && T[pos] == "&&") { pos++; r = p_not(); v = v && r } return v }
	function p_not(  v) {
		if (T[pos] == "!") { pos++; return !p_not() }
		if (T[pos] == "(") { pos++; v = p_or(); pos++; return v }
		return atom(T[pos++])
	}
	# UNSUPPORTED and XFAIL names may also be parts of the target triple, as in lit.
	function atom(name) {
		if (name == "*" || (name in F)) return 1
		if (use_triple && name != "" && index(triple, name)) return 1
		return 0
	}
	# Comma-separated clauses: "all" must hold for REQUIRES, "any" is enough for the others.
	function clauses(list, all,   n, i, c, r) {
		n = split(list, C, ",")
		for (i = 1; i <= n; i++) {
			c = trim(C[i]); if (c == "") continue
			r = ev(c)
			if (all && !r) return c
			if (!all && r) return c
		}
		return ""
	}
	BEGIN { n = split(feats, FL, " "); for (i = 1; i <= n; i++) F[FL[i]] = 1; cont = "" }
	/(^|[^A-Za-z0-9_])END\.[ \t]*$/ { exit }
	{
		line = $0
		if (match(line, /(^|[^A-Za-z0-9_-])RUN:/)) {
			s = trim(substr(line, RSTART + RLENGTH))
			if (s ~ /\\$/) { cont = cont substr(s, 1, length(s) - 1) " "; next }
			cmd = trim(cont s); cont = ""
			if (cmd != "") print "R\t" cmd
		} else if (match(line, /(^|[^A-Za-z0-9_-])REQUIRES:/)) {
			req = req "," substr(line, RSTART + RLENGTH)
		} else if (match(line, /(^|[^A-Za-z0-9_-])UNSUPPORTED:/)) {
			uns = uns "," substr(line, RSTART + RLENGTH)
		} else if (match(line, /(^|[^A-Za-z0-9_-])XFAIL:/)) {
			xf = xf "," substr(line, RSTART + RLENGTH)
		}
	}
	END {
		if (cont != "") print "R\t" trim(cont)
		use_triple = 0
		if ((c = clauses(req, 1)) != "") { print "S\tREQUIRES " c; exit }
		use_triple = 1
		if ((c = clauses(uns, 0)) != "") { print "S\tUNSUPPORTED " c; exit }
		if ((c = clauses(xf, 0)) != "") { print "S\tXFAIL " c " (expected to fail upstream)"; exit }
	}' "$1"
}

# Collects the tests: the arguments in order, directories expanded to their *.ll and *.kir files (kernel IR
# text, kiln-opt --kir), sorted.
LIST=$WORK/tests.txt
: >"$LIST"
for arg in "$@"; do
	if [ -d "$arg" ]; then
		find "$arg" -type f \( -name '*.ll' -o -name '*.kir' \) | LC_ALL=C sort >>"$LIST"
	elif [ -f "$arg" ]; then
		printf '%s\n' "$arg" >>"$LIST"
	else
		echo "$0: no such file or directory: $arg" >&2
		exit 2
	fi
done

# One result line; in TAP mode a skip is a failure, since the suite's own tests must all run here.
report() {
	if [ "${KILN_LIT_TAP:-0}" = 1 ]; then
		case $1 in
		PASS) echo "ok - lit $2" ;;
		*) echo "not ok - lit $2 ($1)" ;;
		esac
	else
		echo "$1 $2"
	fi
}

pass=0
fail=0
skip=0
n=0
# fd 3 carries the list, so nothing a RUN line does with stdin can eat the remaining test names.
while IFS= read -r test <&3; do
	n=$((n + 1))
	tdir=$WORK/$n
	mkdir -p "$tdir"
	abs=$(cd "$(dirname "$test")" && pwd)/$(basename "$test")
	srcdir=$(dirname "$abs")

	parse_test "$abs" >"$tdir/parsed"
	reason=$(sed -n 's/^S\t//p' "$tdir/parsed")
	sed -n 's/^R\t//p' "$tdir/parsed" >"$tdir/run.raw"
	if [ -z "$reason" ] && [ ! -s "$tdir/run.raw" ]; then
		reason="no RUN: lines"
	fi
	if [ -z "$reason" ] && grep -q '%if' "$tdir/run.raw"; then
		reason="uses %if conditional substitution (not supported by this runner)"
	fi
	if [ -z "$reason" ] && [ -n "$MISSING" ]; then
		printf '%s' "$MISSING" >"$tdir/missing.txt"
		while IFS= read -r pair; do
			if grep -Eq "$CMD_PREFIX${pair%%=*}([[:space:]]|\$)" "$tdir/run.raw"; then
				reason="needs ${pair%%=*} (${pair#*=} is not installed)"
				break
			fi
		done <"$tdir/missing.txt"
	fi
	if [ -n "$reason" ]; then
		report SKIP "$test: $reason"
		skip=$((skip + 1))
		continue
	fi

	# lit's substitutions. %% is parked first so "%%t" stays a literal "%t"; the %/x forms are the same as
	# %x on a POSIX host. %t is a file-name prefix inside this test's private directory.
	s=$(sed_repl "$abs")
	S=$(sed_repl "$srcdir")
	t=$(sed_repl "$tdir/t")
	T=$(sed_repl "$tdir")
	sed -E -f "$TOOL_SED" "$tdir/run.raw" | sed \
		-e 's#%%#@@KILN_PERCENT@@#g' \
		-e 's#%{pathsep}#:#g' \
		-e "s#%/s#$s#g" -e "s#%/S#$S#g" -e "s#%/p#$S#g" -e "s#%/t#$t#g" -e "s#%/T#$T#g" \
		-e "s#%s#$s#g" -e "s#%S#$S#g" -e "s#%p#$S#g" -e "s#%t#$t#g" -e "s#%T#$T#g" >"$tdir/run.sub"
	left=$(grep -Eo '(^|[[:space:]"'"'"'=])%(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_-]*)' "$tdir/run.sub" | head -n 1 |
		sed -E 's/^[[:space:]"'"'"'=]//')
	if [ -n "$left" ]; then
		report SKIP "$test: uses lit substitution $left (not supported by this runner)"
		skip=$((skip + 1))
		continue
	fi
	sed -e 's#@@KILN_PERCENT@@#%#g' "$tdir/run.sub" >"$tdir/run.sh"

	# Every RUN line must exit 0 (lit's rule); the first one that does not decides the failure.
	ok=1
	k=0
	while IFS= read -r cmd <&4; do
		k=$((k + 1))
		(cd "$tdir" && PATH="$PATH:$LLVM_BIN" timeout -k 5 "$TIMEOUT" bash -o pipefail -c "$cmd") \
			</dev/null >"$tdir/out.$k" 2>&1 3<&- 4<&-
		rc=$?
		if [ $rc -ne 0 ]; then
			# Say so when the limit, not the tool, ended the line: 124 is timeout(1)'s own status.
			if [ $rc -eq 124 ]; then echo "(timed out after ${TIMEOUT}s)" >>"$tdir/out.$k"; fi
			ok=0
			break
		fi
	done 4<"$tdir/run.sh"
	if [ $ok = 1 ]; then
		report PASS "$test"
		pass=$((pass + 1))
	else
		report FAIL "$test"
		printf "    RUN line %s: %s\n" "$k" "$cmd"
		head -n 15 "$tdir/out.$k" | sed 's/^/    /'
		fail=$((fail + 1))
	fi
done 3<"$LIST"

if [ "${KILN_LIT_TAP:-0}" != 1 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
fi
[ $fail -eq 0 ] && [ $skip -eq 0 -o "${KILN_LIT_TAP:-0}" != 1 ]

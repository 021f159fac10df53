#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# kiln-cc's private cache and `kiln trust` (issue 26): a cached model or Verilator runtime object that is
# another user's, sits in a folder others may write, or no longer matches the digest recorded when it was
# built is not used (a warning says why, and it is built again); `kiln trust` refuses a planted symbolic link
# and says "trusted" only when it is; without HOME the cache is a per-user folder made 0700. As root a second
# local user (kilnaudit) owns the planted entries; otherwise those checks are skipped.
# Usage: cache-test.sh KILN_CC KILN
set -u
KILN_CC=$1
KILN=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
C=$tmp/cache
unset KILN_CACHE_DIR XDG_CACHE_HOME
# A kernel of this test's own: its model is in no installation's trusted-model store.
SRC=$tmp/cache_kernel.c
IMG=$tmp/a.kimg
cat >"$SRC" <<'K'
#include <kiln/device.h>

KILN_DEVICE_GLOBAL(int, hits, KILN_DEVICE_IMAGE_SCOPE);

KILN_SINGLE_TASK_KERNEL void cache_test_hit(int n)
{
	hits += n * 3;
}
K

ok() { echo "ok - $1"; }
notok() { echo "not ok - $1: $2"; }
# has NAME TEXT: the last command's stderr contains TEXT.
has() {
	if grep -q -- "$2" "$tmp/err"; then ok "$1"; else notok "$1" "no '$2' in: $(head -c 600 "$tmp/err")"; fi
}
hasnt() {
	if grep -q -- "$2" "$tmp/err"; then notok "$1" "'$2' in: $(head -c 600 "$tmp/err")"; else ok "$1"; fi
}
# kcc NAME: compiles the kernel with the test's cache; the image must be written.
kcc() {
	if (cd "$tmp" && KILN_CACHE=$C "$KILN_CC" -o "$tmp/a.kimg" "$SRC") >/dev/null 2>"$tmp/err"; then
		ok "$1"
	else
		notok "$1" "kiln-cc failed: $(tail -c 600 "$tmp/err")"
	fi
}
other=""
if [ "$(id -u)" = 0 ]; then
	id kilnaudit >/dev/null 2>&1 || useradd -M -r kilnaudit >/dev/null 2>&1
	id kilnaudit >/dev/null 2>&1 && other=kilnaudit
fi
skip_other() { echo "ok # skip $1: not root, or no second user"; }

kcc "first compile"
has "the model is built" "building the simulation model"
if [ "$(stat -c %a "$C")" = 700 ] && [ "$(stat -c %a "$C/models")" = 700 ]; then
	ok "the cache and its model folder are created 0700"
else
	notok "the cache and its model folder are created 0700" "$(stat -c '%a %n' "$C" "$C/models")"
fi
kcc "second compile"
has "the second compile takes the model from the cache" "simulation model: cached"
model=$(ls "$C"/models/*.so | head -1)

if [ -n "$other" ]; then
	chown "$other" "$model"
	kcc "compile with a cached model owned by another user"
	has "a model owned by another user is not used: the warning says why and where" "not using the cached simulation model: file $model is owned by uid"
	has "the model is built again" "building the simulation model"
	[ "$(stat -c %U "$model")" = "$(id -un)" ] && ok "the rebuilt model is this user's" || notok "the rebuilt model is this user's" "$(stat -c %U "$model")"
else
	skip_other "a model owned by another user"
fi

printf 'trojan' >>"$model"
kcc "compile with a tampered cached model"
has "a model that no longer matches its recorded digest is not used" "$model does not match the digest recorded"
has "the tampered model is built again" "building the simulation model"

chmod 0770 "$C/models"
kcc "compile with a group-writable model folder"
has "a group-writable model folder is not used" "not using the model cache: folder $C/models is writable by its group or others"
has "the model is built without the cache" "building the simulation model"
if ls -A "$tmp/a.kimg.d" | grep -q -e runtime-cache -e '^model.so'; then
	notok "building without the cache leaves nothing extra in the image folder" "$(ls -A "$tmp/a.kimg.d")"
else
	ok "building without the cache leaves nothing extra in the image folder"
fi
chmod 0700 "$C/models"

rt=$(ls -d "$C"/vlrt-* | head -1)
printf 'trojan' >>"$rt/verilated.o"
rm -f "$C"/models/*
kcc "compile with a tampered Verilator runtime object"
has "a runtime object that no longer matches its recorded digest is not used" "not using the Verilator runtime in $rt: its objects do not match"
has "the runtime is compiled again" "compiling the Verilator runtime"

if [ -n "$other" ]; then
	chown "$other" "$rt/trace_merge.o"
	rm -f "$C"/models/*
	kcc "compile with a runtime object owned by another user"
	has "a runtime object owned by another user is not used" "not using the cached Verilator runtime: file $rt/trace_merge.o is owned by uid"
	has "the runtime is compiled again as this user's" "compiling the Verilator runtime"
else
	skip_other "a runtime object owned by another user"
fi

# kiln trust: the digest of the image's model, from a private store of the test's own.
d=$(KILN_CACHE=$tmp/t0 "$KILN" trust --json "$IMG" 2>/dev/null | sed -n 's/.*"model_sha256": *"\([0-9a-f]*\)".*/\1/p')
[ -n "$d" ] && ok "kiln trust --json names the model's digest" || notok "kiln trust --json names the model's digest" "none"
mkdir -p "$tmp/t1/trusted-models"
chmod 700 "$tmp/t1" "$tmp/t1/trusted-models"
ln -s "$tmp/victim" "$tmp/t1/trusted-models/$d"
if KILN_CACHE=$tmp/t1 "$KILN" trust "$IMG" >"$tmp/out" 2>"$tmp/err"; then
	notok "kiln trust refuses a planted symbolic link in the store" "exit 0: $(cat "$tmp/out")"
else
	ok "kiln trust refuses a planted symbolic link in the store"
fi
has "the refusal names the link" "symbolic link"
[ -e "$tmp/victim" ] && notok "nothing is created where the link points" "$tmp/victim exists" || ok "nothing is created where the link points"
grep -q trusted "$tmp/out" && notok "kiln trust does not claim to have trusted it" "$(cat "$tmp/out")" || ok "kiln trust does not claim to have trusted it"
mkdir -p "$tmp/t2" "$tmp/elsewhere"
ln -s "$tmp/elsewhere" "$tmp/t2/trusted-models"
if KILN_CACHE=$tmp/t2 "$KILN" trust "$IMG" >"$tmp/out" 2>"$tmp/err" || [ -n "$(ls -A "$tmp/elsewhere")" ]; then
	notok "kiln trust refuses a store that is a symbolic link" "$(cat "$tmp/out" "$tmp/err")"
else
	ok "kiln trust refuses a store that is a symbolic link"
fi

# Without HOME: a per-user folder in TMPDIR made 0700, never /tmp/.cache/kiln; one already there that is
# open to others or another user's is not used, and nothing is recorded in it.
mkdir -p "$tmp/h1" "$tmp/h2/kiln-cache-$(id -u)"
if env -u HOME -u KILN_CACHE TMPDIR="$tmp/h1" "$KILN" trust "$IMG" >"$tmp/out" 2>"$tmp/err" &&
	[ -f "$tmp/h1/kiln-cache-$(id -u)/trusted-models/$d" ] && [ "$(stat -c %a "$tmp/h1/kiln-cache-$(id -u)")" = 700 ]; then
	ok "without HOME the store is in a per-user cache folder made 0700"
else
	notok "without HOME the store is in a per-user cache folder made 0700" "$(cat "$tmp/out" "$tmp/err"; ls -la "$tmp/h1")"
fi
if [ -n "$other" ]; then
	chown "$other" "$tmp/h2/kiln-cache-$(id -u)"
	chmod 0777 "$tmp/h2/kiln-cache-$(id -u)"
	env -u HOME -u KILN_CACHE TMPDIR="$tmp/h2" "$KILN" trust "$IMG" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$rc" -ne 0 ] && [ -z "$(ls -A "$tmp/h2/kiln-cache-$(id -u)")" ]; then
		ok "without HOME a per-user folder another user made first is not used"
	else
		notok "without HOME a per-user folder another user made first is not used" "exit $rc; $(cat "$tmp/out" "$tmp/err")"
	fi
	has "the warning names the folder and its owner" "kiln-cache-$(id -u) is owned by uid"
else
	skip_other "a per-user folder another user made first"
fi
KILN_CACHE=$tmp/t3 "$KILN" trust "$IMG" >"$tmp/out" 2>"$tmp/err"
grep -q "is now trusted" "$tmp/out" && ok "kiln trust says it trusted the model when it did" || notok "kiln trust says it trusted the model when it did" "$(cat "$tmp/out" "$tmp/err")"

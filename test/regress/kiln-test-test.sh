#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# kiln test on real manifests: corpus kernels (test/kernels/) through the differential harness on two boards,
# a self-checking program, a host program; then a manifest of faults, each of which must land in its own
# cause with a folder that reproduces it; seeds, shards, parallelism, reports, manifest errors.
# Usage: kiln-test-test.sh SRC BUILD. One TAP line per check.
set -u
src=$1 build=$2
PATH="$build/bin:$PATH"
export PATH
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
say() { if [ "$1" = 0 ]; then echo "ok - kiln test: $2"; else echo "not ok - kiln test: $2${3:+: $3}"; fi; }

# Field F of test NAME in results JSON FILE ("-" when the test is missing).
field() {
	python3 -c 'import json,sys
d={t["name"]: t for t in json.load(open(sys.argv[1]))["tests"]}
t=d.get(sys.argv[2]); print("-" if t is None else t[sys.argv[3]])' "$1" "$2" "$3"
}

# 1. The good manifest: 6 runs pass, reports agree.
kiln test "$src/test/regress/good.json" -j 2 --out "$tmp/good" --junit "$tmp/good.xml" --json "$tmp/good.json" \
	>"$tmp/good.out" 2>&1
rc=$?
last=$(tail -n 1 "$tmp/good.out")
[ $rc = 0 ] && [ "$last" = "6 passed, 0 failed" ]
say $? "the corpus, a self-check and a host program pass (6 runs, exit 0)" "exit $rc, '$last'; $(tail -c 600 "$tmp/good.out")"
python3 - "$tmp/good.xml" "$tmp/good.json" <<'EOF'
import json, sys, xml.etree.ElementTree as ET
x = ET.parse(sys.argv[1]).getroot()
cases = x.findall(".//testcase")
names = sorted(c.get("name") for c in cases)
want = sorted(["basic", "structs", "dglobals@sim", "dglobals@sim-ideal", "selfcheck", "hostcheck"])
assert names == want, names
assert not x.findall(".//failure"), "failures in the JUnit report"
j = json.load(open(sys.argv[2]))
assert j["passed"] == 6 and j["failed"] == 0, j
by = {t["name"]: t for t in j["tests"]}
assert by["basic"]["checks_passed"] >= 12, by["basic"]
assert by["structs"]["checks_passed"] == 8, by["structs"]  # board and image, then 3 runs of the 2 cases, 2 checks each
assert by["dglobals@sim-ideal"]["board"] == "sim-ideal"
EOF
say $? "JUnit XML and JSON results name every run on its board with its checks"
[ "$(field "$tmp/good.json" hostcheck checks_passed)" = 1 ]
say $? "a host program gets {image}, \$KILN_IMAGE and \$KILN_BOARD, and its TAP lines count as checks"

# 2. Warm: the same manifest again takes every image from the cache.
kiln test "$src/test/regress/good.json" -j 2 --out "$tmp/warm" >"$tmp/warm.out" 2>&1
n=$(grep -l 'from the cache' "$tmp/warm/logs/"* 2>/dev/null | wc -l)
[ "$(tail -n 1 "$tmp/warm.out")" = "6 passed, 0 failed" ] && [ "$n" = 5 ]
say $? "a second session takes all 5 images from the cache" "$n of 5 from the cache"

# 3. Faults: each in its cause, each kept with its output, image and command.
kiln test "$src/test/regress/faults.json" -j 2 --no-waves --out "$tmp/f" --json "$tmp/f.json" --junit "$tmp/f.xml" \
	>"$tmp/f.out" 2>&1
rc=$?
[ $rc = 1 ] && [ "$(tail -n 1 "$tmp/f.out")" = "0 passed, 7 failed" ]
say $? "a manifest of faults fails (exit 1, 0 passed, 7 failed)" "exit $rc, $(tail -n 1 "$tmp/f.out")"
for p in mismatch:mismatch hang:cycle-limit selfcheck_broken:exit-status slow_host:timeout crash:crash \
	build_error:build no_such_case:setup; do
	t=${p%%:*} want=${p#*:}
	got=$(field "$tmp/f.json" "$t" cause)
	[ "$got" = "$want" ]
	say $? "$t fails as $want" "got $got: $(field "$tmp/f.json" "$t" why)"
done
case $(field "$tmp/f.json" mismatch why) in
*"buffer 0 byte 20: RTL 0x02, native 0x01"*) say 0 "a mismatch names its buffer, byte and both values" ;;
*) say 1 "a mismatch names its buffer, byte and both values" "$(field "$tmp/f.json" mismatch why)" ;;
esac
case $(field "$tmp/f.json" build_error why) in
*broken.c:7*undeclared_name*) say 0 "a build failure names the file and line" ;;
*) say 1 "a build failure names the file and line" "$(field "$tmp/f.json" build_error why)" ;;
esac
d="$tmp/f/failures/mismatch"
[ -s "$d/output.txt" ] && [ -s "$d/image.kimg" ] && [ -x "$d/repro.sh" ] && [ -s "$tmp/f/failures/build_error/build.txt" ]
say $? "a failure's folder keeps its output, image and repro.sh (a build failure its build.txt)"
sh "$d/repro.sh" >"$tmp/repro.out" 2>&1
rc=$?
[ $rc != 0 ] && grep -q 'not ok - mismatch: differs RTL matches native: buffer 0 byte 20' "$tmp/repro.out"
say $? "repro.sh runs the failure again, with the same result" "exit $rc: $(head -c 300 "$tmp/repro.out")"
grep -q "KILN_WATCHDOG_CYCLES='20000'" "$tmp/f/failures/hang/repro.sh"
say $? "repro.sh carries the run's cycle limit"
python3 -c 'import sys, xml.etree.ElementTree as ET
x = ET.parse(sys.argv[1]).getroot()
f = {c.get("name"): c.find("failure").get("type") for c in x.findall(".//testcase")}
assert f["slow_host"] == "timeout" and f["crash"] == "crash" and len(f) == 7, f' "$tmp/f.xml"
say $? "the JUnit report gives each failure its cause"

# 4. A failure's waveform: the same run on an image built for tracing.
kiln test "$src/test/regress/faults.json" --filter mismatch --out "$tmp/w" >"$tmp/w.out" 2>&1
head -c 200 "$tmp/w/failures/mismatch/wave.vcd" 2>/dev/null | grep -q '\$date\|\$timescale\|\$version'
say $? "a failure is rerun for its waveform (wave.vcd)" "$(ls "$tmp/w/failures/mismatch" 2>&1 | tr '\n' ' ')"

# 5. Seeds, shards, parallelism.
kiln test "$src/test/regress/good.json" --filter basic --reseed 2 --seed 7 --out "$tmp/s" --json "$tmp/s.json" \
	>"$tmp/s.out" 2>&1
[ "$(field "$tmp/s.json" 'basic#7' seed)" = 7 ] && [ "$(field "$tmp/s.json" 'basic#8' passed)" = True ]
say $? "--seed and --reseed run each test once per seed, named by it"
kiln test "$src/test/regress/faults.json" -j 1 --no-waves --out "$tmp/j1" --json "$tmp/j1.json" >/dev/null 2>&1
kiln test "$src/test/regress/faults.json" --shard 1/2 --no-waves --out "$tmp/s1" --json "$tmp/s1.json" >/dev/null 2>&1
kiln test "$src/test/regress/faults.json" --shard 2/2 --no-waves --out "$tmp/s2" --json "$tmp/s2.json" >/dev/null 2>&1
python3 - "$tmp/f.json" "$tmp/j1.json" "$tmp/s1.json" "$tmp/s2.json" <<'EOF'
import json, sys
v = lambda *fs: sorted((t["name"], t["passed"], t["cause"]) for f in fs for t in json.load(open(f))["tests"])
assert v(sys.argv[1]) == v(sys.argv[2]), "-j 2 and -j 1 disagree"
a, b = (json.load(open(f))["tests"] for f in sys.argv[3:5])
assert a and b and not {t["name"] for t in a} & {t["name"] for t in b}, "shards overlap"
assert v(sys.argv[3], sys.argv[4]) == v(sys.argv[1]), "the shards together are not the whole run"
EOF
say $? "-j 1 and -j 2 give the same verdicts, and two shards together give them too"

# 6. Bad command lines and manifests: exit 2, the member named, nothing run.
printf '{"kiln_test": 1, "tests": [{"name": "a", "sources": ["x.c"], "check": "native", "timeout": 5}]}' \
	>"$tmp/bad1.json"
printf '{"kiln_test": 1, "tests": [{"name": "a b", "sources": ["x.c"], "check": "native"}]}' >"$tmp/bad2.json"
printf '{"kiln_test": 1, "tests": [{"name": "a", "sources": ["x.c"], "check": "maybe"}]}' >"$tmp/bad3.json"
printf '{"kiln_test": 1, "tests": [' >"$tmp/bad4.json"
for b in "bad1:tests[0]: unknown key 'timeout'" "bad2:is not a test name" "bad3:tests[0].check" "bad4:line 1"; do
	f=${b%%:*} want=${b#*:}
	kiln test "$tmp/$f.json" --out "$tmp/bad" >"$tmp/bad.out" 2>&1
	rc=$?
	[ $rc = 2 ] && grep -qF "$want" "$tmp/bad.out" && [ ! -d "$tmp/bad" ]
	say $? "a bad manifest ($f) is refused with its member named (exit 2)" "exit $rc: $(head -c 300 "$tmp/bad.out")"
done
kiln test "$src/test/regress/good.json" -j 0 >"$tmp/bad.out" 2>&1
[ $? = 2 ]
say $? "-j 0 is a usage error (exit 2)"
kiln test --help | grep -q 'kiln test MANIFEST' && kiln --help | grep -q 'kiln test MANIFEST'
say $? "kiln test --help, and kiln --help lists it"

# 7. An interrupt stops the runs too (they live in process groups of their own, out of the terminal's reach).
kiln test "$src/test/regress/slow.json" --out "$tmp/i" >"$tmp/i.out" 2>&1 &
pid=$!
n=0
while [ $n -lt 600 ] && ! pgrep -f "host-check.sh $tmp/i/images/" >/dev/null; do sleep 0.1; n=$((n + 1)); done
kill -INT $pid
wait $pid
rc=$?
sleep 0.2
left=$(pgrep -f "host-check.sh $tmp/i/images/" | wc -l)
[ $rc != 0 ] && [ "$left" = 0 ] && grep -q 'interrupted; 0 of 1 runs had finished' "$tmp/i.out"
say $? "an interrupt stops the running tests and says how far it got" "exit $rc, $left left running: $(tail -c 300 "$tmp/i.out")"

# 8. The README's regression section works as written (its command lines, run from a tree of its layout; the
# build folder is this suite's).
mkdir -p "$tmp/readme"
ln -s "$src/test" "$tmp/readme/test"
grep '^PATH=\$PWD/build/bin:\$PATH kiln test ' "$src/README.md" >"$tmp/readme/lines"
n=0
while IFS= read -r line; do
	n=$((n + 1))
	cmd=$(printf '%s\n' "$line" | sed "s|\\\$PWD/build/bin|$build/bin|")
	(cd "$tmp/readme" && sh -c "$cmd" >"$tmp/readme/out$n" 2>&1)
	echo "$(tail -n 1 "$tmp/readme/out$n")" >>"$tmp/readme/last"
done <"$tmp/readme/lines"
[ "$n" = 2 ] && [ "$(sed -n 1p "$tmp/readme/last")" = "6 passed, 0 failed" ] &&
	[ "$(sed -n 2p "$tmp/readme/last")" = "0 passed, 7 failed" ] && [ -d "$tmp/readme/kiln-test-out/failures/mismatch" ]
say $? "the README's two kiln test command lines give what it says (6 passed; 7 failures kept)" \
	"$n lines: $(tr '\n' ' ' <"$tmp/readme/last" 2>/dev/null)"

# 9. Inputs from files (KT_BUF_FILE, read in the manifest's folder); a missing one is a setup failure, named.
kiln test "$src/test/regress/inputs.json" --no-waves --out "$tmp/in" --json "$tmp/in.json" >"$tmp/in.out" 2>&1
[ "$(field "$tmp/in.json" from_file passed)" = True ] && [ "$(field "$tmp/in.json" missing_file cause)" = setup ] &&
	field "$tmp/in.json" missing_file why | grep -q 'input file inputs/no-such.bin: cannot be read (No such file'
say $? "a test's input file is read in the manifest's folder; a missing one fails as setup, named" \
	"$(field "$tmp/in.json" missing_file why)"

# 10. What a program prints is anything: a failure reason of bytes that are not UTF-8 and control characters
# still gives well-formed JUnit XML and JSON.
printf '{"kiln_test": 1, "tests": [{"name": "garbage", "sources": ["%s/test/regress/selfcheck.c"], "check": "host",
 "host": ["sh", "%s/test/regress/host-check.sh", "{image}", "garbage"]}]}\n' "$src" "$src" >"$tmp/garbage.json"
kiln test "$tmp/garbage.json" --no-waves --out "$tmp/g" --junit "$tmp/g.xml" --json "$tmp/g.json" >/dev/null 2>&1
python3 -c 'import json, sys, xml.etree.ElementTree as ET
f = ET.parse(sys.argv[1]).getroot().find(".//failure")
w = json.load(open(sys.argv[2]))["tests"][0]["why"]
assert f.get("message") == w == "garbage: ??</failure>?", (f.get("message"), w)' "$tmp/g.xml" "$tmp/g.json"
say $? "a failure reason of non-UTF-8 bytes and controls reaches JUnit and JSON cleaned, both well-formed"

# 11. The session folder's images and harnesses are run: a folder there that is a link (or another user's) is
# refused, never followed.
mkdir -p "$tmp/link/elsewhere" "$tmp/link/out"
ln -s "$tmp/link/elsewhere" "$tmp/link/out/images"
kiln test "$src/test/regress/good.json" --filter selfcheck --out "$tmp/link/out" >"$tmp/link.out" 2>&1
rc=$?
[ $rc = 1 ] && grep -q "images" "$tmp/link.out" && [ -z "$(ls "$tmp/link/elsewhere")" ]
say $? "a session folder whose images/ is a link is refused, nothing written through it" "exit $rc: $(head -c 300 "$tmp/link.out")"

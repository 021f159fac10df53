#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The Python package and its pytest plugin (python/), as a user runs them: pytest -n 2 (xdist) with a JUnit
# report over test/python, against this tree's build. Prints one "ok - NAME" / "not ok - NAME: why" per pytest
# test, read back from the JUnit report, and checks that the report exists and that two xdist workers ran
# tests. Usage: pytest-test.sh SRC BUILD (BUILD absolute); the venv is BUILD/venv (scripts/python-venv).
set -u
src=$1
build=$2
venv=$build/venv
out=$build/test/python
if [ ! -x "$venv/bin/python" ]; then
	echo "not ok - python: no venv at $venv (make it with: sh scripts/python-venv $venv)"
	exit 1
fi
if ! why=$("$venv/bin/python" -c 'import kiln, numpy, pytest, xdist' 2>&1); then
	echo "not ok - python: the venv at $venv lacks the package or its test tools (rerun scripts/python-venv):" \
		"$(echo "$why" | tail -n 1)"
	exit 1
fi
rm -rf "$out/tmp" "$out/junit.xml"
mkdir -p "$out"
# Images are kept between runs in a private cache under BUILD; pytest's temporary folders and Python's
# bytecode go there too, so that nothing is written into the source tree.
# A sanitized libkiln (make asan) needs its runtime loaded before Python's own libraries, and leaks are
# Python's to report, not ours.
preload=
if readelf -d "$build/lib/libkiln.so.0" 2>/dev/null | grep -q 'NEEDED.*libasan'; then
	preload=$(gcc -print-file-name=libasan.so)
	ASAN_OPTIONS=detect_leaks=0:verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}
	export ASAN_OPTIONS
fi
cd "$src/test/python" || exit 1
LD_PRELOAD=$preload KILN_CACHE=${KILN_CACHE:-$src/build/cache} PYTHONPYCACHEPREFIX=$out/pycache \
	KILN_LIBKILN=$build/lib/libkiln.so.0 KILN_CC=$build/bin/kiln-cc \
	"$venv/bin/python" -m pytest -n 2 -p no:cacheprovider -q -rfE --basetemp="$out/tmp" \
	--kiln-cache="$out/images" --junitxml="$out/junit.xml" . >"$out/pytest.log" 2>&1
rc=$?
sed 's/^/# /' "$out/pytest.log"
if [ ! -s "$out/junit.xml" ]; then
	echo "not ok - python: pytest wrote no JUnit report (exit status $rc)"
	exit 1
fi
echo "ok - python: pytest wrote its JUnit report"
"$venv/bin/python" - "$out/junit.xml" "$rc" <<'EOF'
import sys
import xml.etree.ElementTree as ET

junit, rc = sys.argv[1], int(sys.argv[2])
cases = list(ET.parse(junit).getroot().iter("testcase"))
workers, failed = set(), 0


def one_line(text):
    # The runner reads "not ok - NAME: why" up to the first ": " and one line per check.
    return " ".join((text or "").split())


for case in cases:
    name = one_line(f"python/{case.get('classname', '')}::{case.get('name', '')}").replace(": ", ":")
    for prop in case.iter("property"):
        if prop.get("name") == "xdist_worker":
            workers.add(prop.get("value"))
    bad = case.find("failure")
    if bad is None:
        bad = case.find("error")
    skipped = case.find("skipped")
    if bad is not None:
        failed += 1
        print(f"not ok - {name}: {one_line(bad.get('message'))[:300]}")
    elif skipped is not None:
        print(f"ok - {name} # SKIP {one_line(skipped.get('message'))}")
    else:
        print(f"ok - {name}")
if not cases:
    print("not ok - python: the JUnit report lists no test")
gw = sorted(w for w in workers if w.startswith("gw"))
if len(gw) == 2:
    print(f"ok - python: xdist ran the tests on 2 workers ({', '.join(gw)})")
else:
    print(f"not ok - python: expected tests on 2 xdist workers, the report shows {sorted(workers) or 'none'}")
if rc != 0 and not failed:
    print(f"not ok - python: pytest exited with status {rc} with no failing test in its report")
EOF

# The same manifests through kiln test and through pytest (the plugin collects a manifest named on its command
# line): the 40-test corpus manifest, test/regress/faults.json and inputs.json must get equal verdicts and causes,
# test for test.
eq=$out/equal
rm -rf "$eq"
mkdir -p "$eq"
m=$(python3 "$src/scripts/bench-regress" --manifest "$src" "$eq") || echo "not ok - python: no corpus manifest"
for pair in corpus:$m faults:$src/test/regress/faults.json inputs:$src/test/regress/inputs.json; do
	label=${pair%%:*} man=${pair#*:}
	KILN_CACHE=${KILN_CACHE:-$src/build/cache} "$build/bin/kiln" test "$man" -j 2 --no-waves --out "$eq/kt-$label" \
		--json "$eq/kt-$label.json" >"$eq/kt-$label.out" 2>&1
	(cd "$eq" && LD_PRELOAD=$preload KILN_CACHE=${KILN_CACHE:-$src/build/cache} PYTHONPYCACHEPREFIX=$out/pycache \
		KILN_LIBKILN=$build/lib/libkiln.so.0 KILN_CC=$build/bin/kiln-cc \
		"$venv/bin/python" -m pytest -n 2 -p no:cacheprovider -q --basetemp="$eq/tmp-$label" \
		--kiln-cache="$out/images" --junitxml="$eq/py-$label.xml" "$man" >"$eq/py-$label.log" 2>&1)
	"$venv/bin/python" - "$eq/kt-$label.json" "$eq/py-$label.xml" "$label" <<'PY'
import json, sys, xml.etree.ElementTree as ET
kt = {t["name"]: (t["passed"], t["cause"]) for t in json.load(open(sys.argv[1]))["tests"]}
py = {}
for c in ET.parse(sys.argv[2]).getroot().iter("testcase"):
    props = {p.get("name"): p.get("value") for p in c.iter("property")}
    failed = c.find("failure") is not None or c.find("error") is not None
    py[c.get("name")] = (not failed, props.get("cause") if failed else None)
label = sys.argv[3]
diff = [(n, kt.get(n), py.get(n)) for n in sorted(set(kt) | set(py)) if kt.get(n) != py.get(n)]
npass = sum(v[0] for v in kt.values())
if kt and not diff:
    print(f"ok - python: kiln test and pytest give the {label} manifest's {len(kt)} tests equal verdicts "
          f"({npass} passed) and causes")
else:
    print(f"not ok - python: kiln test and pytest disagree on the {label} manifest: {diff[:3] or 'no tests'}")
PY
done

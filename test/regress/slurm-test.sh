#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# kiln test --slurm on a real single-node Slurm: munged, slurmctld and slurmd (Debian's) configured and started
# by test/regress/slurm-node.sh in a folder of their own on ports of their own, and stopped at the end. The 40-test corpus manifest
# (scripts/bench-regress --manifest) runs locally and as a 4-task job array; the merged report must equal the
# local one test for test. Where Slurm cannot start (no packages, not root, ports taken), the check says why and
# is skipped. Usage: slurm-test.sh SRC BUILD
set -u
src=$1 build=$2
PATH="$build/bin:$PATH"
export PATH
tmp=$(mktemp -d /tmp/kiln-slurm-test.XXXXXX)
skip() {
	echo "ok - kiln test --slurm: SKIPPED, $1"
	exit 0
}
stop() {
	sh "$src/test/regress/slurm-node.sh" stop "$tmp"
	rm -rf "$tmp"
}
trap stop EXIT

conf=$(sh "$src/test/regress/slurm-node.sh" start "$tmp" 2>"$tmp.why")
rc=$?
why=$(cat "$tmp.why")
rm -f "$tmp.why"
[ $rc = 0 ] || skip "$why"
export SLURM_CONF="$conf"
PATH="$PATH:/usr/sbin"
port=$(sed -n 's/^SlurmctldPort=//p' "$conf")
echo "ok - kiln test --slurm: a single-node Slurm (munged, slurmctld, slurmd) is up on ports $port-$((port + 1))"

m=$(python3 "$src/scripts/bench-regress" --manifest "$src" "$tmp") || { echo "not ok - kiln test --slurm: no manifest"; exit 0; }
kiln test "$m" -j 2 --no-waves --out "$tmp/local" --json "$tmp/local.json" >"$tmp/local.out" 2>&1
kiln test "$m" -j 1 --slurm 4 --no-waves --out "$tmp/slurm" --json "$tmp/slurm.json" --junit "$tmp/slurm.xml" \
	>"$tmp/slurm.out" 2>&1
rc=$?
[ $rc = 0 ] && [ "$(tail -n 1 "$tmp/slurm.out")" = "40 passed, 0 failed" ] && [ "$(ls "$tmp"/slurm/shard-*.json | wc -l)" = 4 ]
echo "$([ $? = 0 ] && echo ok || echo not ok) - kiln test --slurm: 40 tests as a 4-task job array, 4 shards merged, all passed (exit $rc)$([ $rc = 0 ] || echo ": $(tail -c 400 "$tmp/slurm.out")")"
python3 - "$tmp/local.json" "$tmp/slurm.json" "$tmp/slurm.xml" <<'PY'
import json, sys, xml.etree.ElementTree as ET
v = lambda f: [(t["name"], t["board"], t["seed"], t["passed"], t["cause"], t["checks_passed"]) for t in json.load(open(f))["tests"]]
a, b = v(sys.argv[1]), v(sys.argv[2])
assert len(a) == 40 and a == b, [x for x in zip(a, b) if x[0] != x[1]][:3]
assert len(ET.parse(sys.argv[3]).getroot().findall(".//testcase")) == 40
PY
echo "$([ $? = 0 ] && echo ok || echo not ok) - kiln test --slurm: the merged report equals the local run test for test (names, order, verdicts, checks) and its JUnit has all 40"
# a task lost (an sbatch stand-in that runs only the first): its tests fail as infrastructure, the rest pass
cat >"$tmp/lossy-sbatch" <<'SB'
#!/bin/sh
for a; do script=$a; done
echo 4242
SLURM_ARRAY_TASK_ID=1 sh "$script" >/dev/null 2>&1
exit 0
SB
chmod +x "$tmp/lossy-sbatch"
KILN_SBATCH="$tmp/lossy-sbatch" kiln test "$m" --slurm 2 --no-waves --out "$tmp/lossy" --json "$tmp/lossy.json" \
	>"$tmp/lossy.out" 2>&1
rc=$?
python3 - "$tmp/lossy.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["tests"]
assert len(t) == 40
lost = [x for x in t if not x["passed"]]
assert len(lost) == 20 and all(x["cause"] == "infrastructure" and "Slurm task 2 of job 4242 wrote no results" in x["why"] for x in lost), lost[:2]
PY
[ $? = 0 ] && [ $rc = 1 ]
echo "$([ $? = 0 ] && echo ok || echo not ok) - kiln test --slurm: a lost task's 20 tests fail as infrastructure, naming the task; the other 20 pass (exit $rc)"
KILN_SBATCH=/nonexistent/sbatch kiln test "$m" --slurm 2 --out "$tmp/none" >"$tmp/none.out" 2>&1
rc=$?
[ $rc = 1 ] && grep -q "sbatch did not submit the array: kiln test: cannot run /nonexistent/sbatch" "$tmp/none.out"
echo "$([ $? = 0 ] && echo ok || echo not ok) - kiln test --slurm: an sbatch that cannot run is an error, said (exit $rc)"

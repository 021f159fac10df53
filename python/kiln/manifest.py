# SPDX-License-Identifier: Apache-2.0
"""kiln test's manifests (docs/regression.md) run from Python: the same tests, each check done here with the
package (images through ImageCache, the native harness built with the C compiler, self checks through
Kernel), so that pytest can run a manifest kiln test runs and give the same verdicts."""
import json
import os
import re
import subprocess
from pathlib import Path

import numpy as np

from .board import Board
from .build import find_kiln_cc
from .errors import BuildError, KernelExit, KilnError

NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")
TEST_KEYS = {"name", "sources", "check", "boards", "options", "kernel", "host", "cases", "timeout_s",
             "max_cycles", "seed"}
NATIVE_TWO = ("-I", "-D", "-U", "-include", "-isystem")  # kiln-cc options the native build takes, with a value


class Failed(Exception):
    """A manifest test failed: its cause (kiln test's names) and first failure."""

    def __init__(self, cause, why):
        self.cause = cause
        self.why = why
        super().__init__(f"{cause}: {why}")


def load(path):
    """The tests of the manifest at PATH as dicts (one per board, named NAME@BOARD when there are several),
    sources made absolute; ValueError naming the member for what kiln test would refuse."""
    path = Path(path).resolve()
    doc = json.loads(path.read_text())
    if doc.get("kiln_test") != 1 or not isinstance(doc.get("tests"), list) or not doc["tests"]:
        raise ValueError(f"{path}: not a kiln test manifest (kiln_test 1 with a list of tests)")
    d = doc.get("defaults", {})
    out = []
    for i, t in enumerate(doc["tests"]):
        unknown = set(t) - TEST_KEYS
        if unknown:
            raise ValueError(f"{path}: tests[{i}]: unknown key '{sorted(unknown)[0]}'")
        if not NAME.match(t.get("name", "")) or t.get("check") not in ("native", "self", "host"):
            raise ValueError(f"{path}: tests[{i}]: a name and a check (native, self, host) are needed")
        boards = t.get("boards", d.get("boards", ["sim"]))
        for b in boards:
            out.append({
                "name": f"{t['name']}@{b}" if len(boards) > 1 else t["name"],
                "board": b,
                "dir": path.parent,
                "sources": [str(path.parent / s) for s in t["sources"]],
                "options": list(t.get("options", d.get("options", []))),
                "check": t["check"],
                "kernel": t.get("kernel", "run"),
                "host": list(t.get("host", [])),
                "cases": list(t.get("cases", [])),
                "timeout_s": float(t.get("timeout_s", d.get("timeout_s", 600))),
                "max_cycles": int(t.get("max_cycles", d.get("max_cycles", 0))),
                "seed": int(t.get("seed", d.get("seed", 1))),
            })
    return out


def _env(t, image):
    env = dict(os.environ, KILN_BOARD=t["board"], KILN_TEST_SEED=str(t["seed"]), KILN_IMAGE=str(image))
    if t["max_cycles"]:
        env["KILN_WATCHDOG_CYCLES"] = str(t["max_cycles"])
    return env


def _native_options(options):
    out, i = [], 0
    while i < len(options):
        o = options[i]
        if o in NATIVE_TWO and i + 1 < len(options):
            out += [o, options[i + 1]]
            i += 1
        elif o.startswith(("-I", "-D", "-U", "-std=")):
            out.append(o)
        i += 1
    return out


def _harness(t, workdir):
    """Builds the differential harness of T's sources (the installation's kiln/difftest.h and runner)."""
    prefix = find_kiln_cc().resolve().parent.parent
    exe = Path(workdir) / "harness"
    cc = os.environ.get("CC") or "cc"
    cmd = [cc, "-std=gnu11", "-O1", "-g", "-w", "-fwrapv", "-ffp-contract=off", "-DKILN_HARNESS",
           f"-I{prefix}/include", "-include", "kiln/difftest.h", *_native_options(t["options"]),
           f'-DKT_FILE={json.dumps(Path(t["sources"][0]).name)}', *t["sources"],
           str(prefix / "share" / "kiln" / "difftest" / "difftest.c"), "-o", str(exe), f"-L{prefix}/lib",
           f"-Wl,-rpath,{prefix}/lib", "-lkiln", "-lm"]
    done = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode:
        raise Failed("build", next((l for l in done.stdout.splitlines() if "error" in l), done.stdout[-300:]))
    return exe


def run(t, cache, workdir):
    """Runs manifest test T (a dict from load) with images from CACHE (an ImageCache) in WORKDIR; raises
    Failed(cause, why) when it fails, returns None when it passes."""
    try:
        image = cache.image(t["sources"], [*t["options"], "--board", t["board"]])
    except BuildError as e:
        raise Failed("build", next((l for l in e.stderr.splitlines() if "error" in l), str(e))) from None
    if t["check"] == "self":
        return _run_self(t, image)
    if t["check"] == "native":
        cmd = [str(_harness(t, workdir)), str(image), *t["cases"]]
    else:
        cmd = [str(image) if a == "{image}" else a.replace("{image}", str(image)) for a in t["host"]]
        if "/" in cmd[0] and not os.path.isabs(cmd[0]):
            cmd[0] = str(t["dir"] / cmd[0])
    try:
        p = subprocess.run(cmd, cwd=t["dir"], env=_env(t, image), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, timeout=t["timeout_s"], start_new_session=True)
    except subprocess.TimeoutExpired:
        raise Failed("timeout", f"did not finish within {t['timeout_s']:g} s (killed)") from None
    lines = p.stdout.splitlines()
    bad = [l[9:] for l in lines if l.startswith("not ok - ")]
    hung = next((l for l in lines if "did not finish within" in l), None)
    if hung and (bad or p.returncode):
        raise Failed("cycle-limit", hung)
    setup = next((b for b in bad if "no KT_TEST named" in b or ": input file " in b), None)
    if setup:
        raise Failed("setup", setup)
    if p.returncode < 0:
        raise Failed("crash", f"killed by signal {-p.returncode}")
    if bad:
        raise Failed("mismatch", bad[0])
    if p.returncode:
        raise Failed("exit-status", f"exit status {p.returncode}")
    if t["check"] == "native" and not any(l.startswith("ok - ") for l in lines):
        raise Failed("exit-status", "the harness ran no check")


def _run_self(t, image):
    """A main made a kernel, KERNEL(int *result), run through the package: status 0 passes."""
    result = np.array([0x5EEDF00D], dtype=np.int32)
    old = os.environ.get("KILN_WATCHDOG_CYCLES")
    if t["max_cycles"]:
        os.environ["KILN_WATCHDOG_CYCLES"] = str(t["max_cycles"])
    try:
        with Board(t["board"]) as b:
            b.load(image).kernel(t["kernel"])(result)
    except KernelExit as e:
        raise Failed("exit-status", f"exit status {e.exit_status}") from None
    except KilnError as e:
        raise Failed("cycle-limit" if "did not finish within" in e.message else "exit-status", str(e)) from None
    finally:
        if old is None:
            os.environ.pop("KILN_WATCHDOG_CYCLES", None)
        else:
            os.environ["KILN_WATCHDOG_CYCLES"] = old
    status = int(result[0])
    if status == 0x5EEDF00D:
        raise Failed("exit-status", f"kernel '{t['kernel']}' ended without storing main's result")
    if status & 0xFF:
        raise Failed("exit-status", f"exit status {status & 0xFF}")

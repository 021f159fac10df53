#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# IR that LLVM's verifier refuses, or that makes LLVM's own reader crash, is an input error for kiln-cc and
# kiln-post-link alike: status 1, the file named with the reason, nothing written, and never a crash, a hang
# (LLVM's optimiser loops or overflows its stack on unverified IR) or an abort ("Allocation failed"). Then a
# seeded mutation fuzz of a real kernel's bitcode through both tools: every run ends with status 0 or 1.
# Usage: bad-ir-test.sh SRC_DIR BUILD_DIR
set -u
src="$1"
cc="$2/bin/kiln-cc"
pl="$2/bin/kiln-post-link"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

# Two instructions that use each other: it parses, but no definition dominates its use.
cat >cycle.ll <<'IR'
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(i32 addrspace(1)* %p) #0 {
entry:
  %x = add i32 %y, 1
  %y = add i32 %x, 1
  store i32 %y, i32 addrspace(1)* %p
  ret void
}
attributes #0 = { "sycl-single-task-kernel"="0" }
IR
# A phi after an ordinary instruction: the same, from another of the verifier's rules.
cat >phi.ll <<'IR'
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(i32 addrspace(1)* %p, i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  %s = add i32 1, 2
  %v = phi i32 [ 1, %entry ], [ 2, %a ]
  store i32 %v, i32 addrspace(1)* %p
  ret void
}
IR

check() { # NAME STATUS WANTSTATUS ERRFILE PATTERN LEFTOVER...
	name=$1 st=$2 want=$3 err=$4 pat=$5
	shift 5
	left=""
	for out in "$@"; do [ -e "$out" ] && left="$left $out"; done
	if [ "$st" -eq "$want" ] && grep -q "$pat" "$err" && [ -z "$left" ]; then
		echo "ok - $name"
	else
		echo "not ok - $name: status $st (want $want), left$left, said: $(head -c 300 "$err")"
	fi
}

for f in cycle phi; do
	timeout 120 "$cc" -q -o "$tmp/$f.kimg" "$f.ll" 2>err
	check "kiln-cc refuses $f.ll with the verifier's reason at the file, writing nothing" $? 1 err \
		"^$f.ll: error: invalid LLVM IR (the verifier refuses it): " "$f.kimg" "$f.kimg.d"
	timeout 120 "$pl" -o "$tmp/$f.table" "$f.ll" 2>err
	check "kiln-post-link refuses $f.ll with the verifier's reason, writing nothing" $? 1 err \
		"$f.ll: invalid LLVM IR (the verifier refuses it): " "$f.table" "${f}_0.bc"
done
# Bitcode on which LLVM 15's own reader (llvm-dis-15 included) dies with a segmentation fault.
crash="$src/test/hls/bad-ir/reader-crash.bc"
timeout 120 "$cc" -q -o "$tmp/c.kimg" "$crash" 2>err
check "kiln-cc reports bitcode that crashes LLVM's reader as an error of that file" $? 1 err \
	"reader-crash.bc: error: invalid LLVM IR: LLVM's reader fails on this file" c.kimg c.kimg.d
timeout 120 "$pl" -o "$tmp/c.table" "$crash" 2>err
check "kiln-post-link reports bitcode that crashes LLVM's reader as an error of that file" $? 1 err \
	"reader-crash.bc: invalid LLVM IR: LLVM's reader fails on this file" c.table c_0.bc

# The fuzz: a real kernel's bitcode (test/hls/bad-ir/fuzz-seed.bc, kiln-cc --stop-after ir of the kernels
# below, checked in so that every run mutates the same bytes), 1 to 8 bytes replaced and sometimes cut short,
# seeded.
#   KILN_DEVICE_GLOBAL(int, counter, KILN_DEVICE_IMAGE_SCOPE);
#   KILN_DEVICE_GLOBAL(int, table[4], KILN_DEVICE_IMAGE_SCOPE) = {1, 2, 3, 4};
#   KILN_SINGLE_TASK_KERNEL void bump(int n) { counter += n * table[n & 3]; }
#   KILN_ND_RANGE_KERNEL(1) void scale(int *v, int k) { v[kiln_global_id(0)] *= k; }
python3 - "$cc" "$pl" "$src/test/hls/bad-ir/fuzz-seed.bc" <<'PY'
import random, subprocess, sys
cc, pl, seed = sys.argv[1:4]
data = open(seed, "rb").read()
random.seed(20261128)
for tool, args, runs in ((pl, ["-o", "fz.table"], 250), (cc, ["-q", "--stop-after", "postlink", "-o", "fz.kimg"], 150)):
    name = tool.rsplit("/", 1)[1]
    bad, counts = [], {}
    for i in range(runs):
        b = bytearray(data)
        for _ in range(random.randint(1, 8)):
            b[random.randrange(len(b))] = random.randrange(256)
        if random.random() < 0.2:
            b = b[: random.randrange(len(b))]
        open("fz.bc", "wb").write(b)
        try:
            p = subprocess.run([tool] + args + ["fz.bc"], capture_output=True, timeout=120)
            rc, err = p.returncode, p.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            rc, err = "timeout", ""
        counts[rc] = counts.get(rc, 0) + 1
        crashed = any(w in err for w in ("Sanitizer", "LLVM ERROR", "Stack dump", "PLEASE submit"))
        if rc not in (0, 1) or crashed or (rc == 1 and "fz.bc" not in err):
            bad.append("run %d: status %s: %s" % (i, rc, err[-200:].replace("\n", " ")))
    if bad:
        print("not ok - %s on %d mutated bitcode files: %d did not end with status 0 or 1 and a diagnostic: %s"
              % (name, runs, len(bad), bad[0]))
    else:
        print("ok - %s on %d mutated bitcode files: every run ends with status 0 or an error naming the file (%s)"
              % (name, runs, ", ".join("%d status %s" % (n, k) for k, n in sorted(counts.items(), key=str))))
PY

#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Licensing: the Apache-2.0 text ships as LICENSE and every source file says so in an SPDX line near its top.
# Usage: license-test.sh SRC_DIR
set -u
cd "$1" || exit 1
grep -q "Apache License" LICENSE && grep -q "Version 2.0, January 2004" LICENSE && echo "ok - LICENSE holds Apache-2.0" ||
	echo "not ok - LICENSE is missing or not Apache-2.0"
if git rev-parse --git-dir >/dev/null 2>&1; then
	files=$(git ls-files '*.c' '*.h' '*.cpp' '*.v' '*.sh' '*.mk' '*.in' Makefile 'scripts/*' 'bsp/*/build-model' .ci/run)
else
	files=$(find . -path ./build -prune -o -type f \( -name '*.[chv]' -o -name '*.cpp' -o -name '*.sh' -o -name '*.mk' \
		-o -name Makefile \) -print)
fi
n=0
missing=""
for f in $files; do
	n=$((n + 1))
	head -n 3 "$f" | grep -q "SPDX-License-Identifier: Apache-2.0" || missing="$missing $f"
done
[ -z "$missing" ] && echo "ok - all $n source files carry SPDX-License-Identifier: Apache-2.0" ||
	echo "not ok - source files without an SPDX line:$missing"

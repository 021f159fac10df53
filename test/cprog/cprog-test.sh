#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Runs C programs natively and on the simulated board and compares what they print and how they end.
# Usage: cprog-test.sh RUN_MAIN IMAGE NATIVE_DIR LABEL PROGRAM... where each PROGRAM is NAME=KERNEL: the
# native build NATIVE_DIR/NAME against kernel KERNEL of IMAGE (run by RUN_MAIN). One TAP line per program.
set -u
run=$1 img=$2 ndir=$3 label=$4
shift 4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for p in "$@"; do
	name=${p%%=*} kernel=${p#*=}
	"$ndir/$name" >"$tmp/native" 2>"$tmp/native.err"
	ns=$?
	"$run" "$img" "$kernel" >"$tmp/board" 2>"$tmp/board.err"
	bs=$?
	if [ "$bs" = "$ns" ] && cmp -s "$tmp/native" "$tmp/board"; then
		echo "ok - $label $name: output ($(wc -l <"$tmp/native") lines) and exit status $ns match native"
	else
		echo "not ok - $label $name: exit status native $ns, board $bs;" \
			"$(diff "$tmp/native" "$tmp/board" | head -6 | tr '\n' ' ')" \
			"$(head -c 400 "$tmp/board.err" | tr '\n' ' ')"
	fi
done

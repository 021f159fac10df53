#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# CHStone, unmodified, on the real boards' own tops, co-simulated (kiln-cosim) and driven through libkiln's
# serial backend and a pty: each program compiled for the board (its family's delays, its device memory and
# small debug channel; --no-printf, so that the design is the one whose bitstream fits) runs to its own
# self-check, main's return value (0: every result as expected). The programs are those whose bitstreams fit
# the board's part (docs/boards.md): mips on the iCEBreaker's UP5K; mips, dfadd, aes and sha on the ULX3S'
# ECP5-85F (sha with its tables in device memory). One board model runs at a time.
#   chstone-cosim-test.sh SRC_DIR BUILD_DIR CHSTONE_DIR
set -u
src=$1
build=$2
chstone=$3
. "$src/test/boards/cosim-lib.sh"

# board:program[:the largest constant table kept on chip]. sha's 16 KiB of input data is a constant table:
# with 4K, it lives in device memory (the runtime fills it when it loads the image) instead of block RAM.
for run in icebreaker:mips ulx3s:mips ulx3s:dfadd ulx3s:aes ulx3s:sha:4K; do
	bd=${run%%:*} prog=${run#*:} rom=""
	case $prog in *:*) rom=${prog#*:} prog=${prog%%:*} ;; esac
	name="${bd}_$prog"
	# shellcheck disable=SC2086
	board "$bd" "$name" "$build/test/chstone/src/$prog.c" -I "$chstone/$prog" --no-printf \
		${rom:+--onchip-rom-max $rom} || continue
	if [ -n "$rom" ]; then
		grep -q "device global 'kiln.rodata\." "$tmp/$name.kimg.d/regmap.md" &&
			ok "CHStone $prog for $bd with --onchip-rom-max $rom: its tables are device globals in device memory" ||
			notok "CHStone $prog's tables in device memory" "$(grep -c rodata "$tmp/$name.kimg.d/regmap.md")"
	fi
	eval "port=\$pty_$name"
	KILN_BOARD=$bd KILN_SERIAL_PORT=$port KILN_RUN_MAIN_CYCLES=1 \
		"$build/test/cprog/run_main" "$tmp/$name.kimg" run >"$tmp/$name.run" 2>&1
	rc=$?
	[ $rc -eq 0 ] && grep -q "run_main: cycles [1-9]" "$tmp/$name.run" &&
		ok "CHStone $prog passes its self-check on the co-simulated $bd ($(sed -n 's/run_main: //p' "$tmp/$name.run"))" ||
		notok "CHStone $prog on the co-simulated $bd" "exit $rc: $(tail -5 "$tmp/$name.run")"
	for p in $pids; do kill -TERM "$p" 2>/dev/null; done
	wait
	pids=""
done

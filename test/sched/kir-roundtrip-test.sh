#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# kir.txt is a lossless text form of the kernel IR (hls/cdfg/kir_parse.h): for each kernel source given,
# kiln-cc --stop-after rtl, then kiln-opt must
#   - read kir.txt and write it back byte for byte (the parser and the dump agree);
#   - schedule what it read without its schedule and get kir.txt again (the text holds all the scheduler
#     reads);
#   - build the kernel IR from hls.ll, if-convert and schedule it, and get kir.txt again (kiln-cc's path);
#   - emit each kernel's Verilog from the scheduled text, byte-identical to kiln-cc's rtl/ (the text holds
#     all that binding and the emitter read).
# Usage: kir-roundtrip-test.sh SRC_DIR BUILD_DIR [FILE.c[@INCLUDE_DIR][%KILN_CC_OPTION...]...] (options
# separated by '%'); without files,
# a fixed sample of test/kernels and examples. Prints ok/not ok per check, a summary line at the end.
set -u
src=$1
build=$2
shift 2
cc="$build/bin/kiln-cc"
opt="$build/libexec/kiln/kiln-opt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -eq 0 ]; then
	# straight-line, nd-range, pipelined loops, dividers, memcpy/memset, switch, floating point, device
	# globals, internal ROMs with initial contents, 64-bit words, memmove, sequential loops, --checks stops
	# (halt)
	set -- "$src/test/kernels/basic.c" "$src/test/kernels/ndrange.c" "$src/test/kernels/pipeline.c" \
		"$src/test/kernels/arith64.c" "$src/test/kernels/strings.c" "$src/test/kernels/control.c" \
		"$src/test/kernels/floats.c" "$src/test/kernels/dglobals.c" "$src/test/kernels/crc.c" \
		"$src/test/kernels/wide.c" "$src/examples/shapes.c" "$src/test/kernels/sort.c" \
		"$src/test/kernels/pointers.c" "$src/test/kernels/structs.c" "$src/test/kernels/basic.c%--no-pipeline" \
		"$src/test/kernels/sort.c%--checks" "$src/test/kernels/mulshare.c%--dsp-max%0" \
		"$src/test/kernels/mulshare.c%--fabric%ice40%--dsp-max%2" "$src/test/kernels/pipemul.c%--dsp-max%12" \
		"$src/test/kernels/pipemul.c%--dsp-max%6"
fi
pass=0
fail=0
ok() {
	echo "ok - $1"
	pass=$((pass + 1))
}
notok() {
	echo "not ok - $1"
	[ -n "${2:-}" ] && printf '%s\n' "$2" | head -20 | sed 's/^/#   /'
	fail=$((fail + 1))
}
n=0
for entry in "$@"; do
	n=$((n + 1))
	extra=""
	case "$entry" in *%*) extra=$(printf '%s' "${entry#*%}" | tr '%' ' '); entry=${entry%%\%*} ;; esac
	f=${entry%%@*}
	inc=""
	[ "$f" != "$entry" ] && inc="-I ${entry#*@}"
	name=$(basename "$f" .c)
	[ "$name" = main ] || [ "$name" = run ] && name=$(basename "$(dirname "$f")")
	w="$tmp/$n"
	mkdir -p "$w"
	# shellcheck disable=SC2086
	if ! "$cc" -q --stop-after rtl $inc $extra -o "$w/x.kimg" "$f" 2>"$w/err"; then
		notok "$name: kiln-cc" "$(head -5 "$w/err")"
		continue
	fi
	d="$w/x.kimg.d"
	nk=$(grep -c '^kernel ' "$d/kir.txt")
	if "$opt" --kir "$d/kir.txt" -o "$w/rt.txt" 2>"$w/err" && cmp -s "$d/kir.txt" "$w/rt.txt"; then
		ok "$name: kir.txt reads back and writes out the same ($nk kernels)"
	else
		notok "$name: kir.txt round trip" "$(cat "$w/err"; diff "$d/kir.txt" "$w/rt.txt" 2>&1 | head -10)"
	fi
	# shellcheck disable=SC2086
	popt=$(case " $extra " in *" --no-pipeline "*) echo --no-pipeline ;; esac)
	case " $extra " in *" --fabric "*) f2=${extra#*--fabric } popt="$popt --fabric ${f2%% *}" ;; esac
	if "$opt" --kir "$d/kir.txt" --run schedule $popt -o "$w/rs.txt" 2>"$w/err" && cmp -s "$d/kir.txt" "$w/rs.txt"; then
		ok "$name: scheduling the text without its schedule gives kir.txt again"
	else
		notok "$name: rescheduled text" "$(cat "$w/err"; diff "$d/kir.txt" "$w/rs.txt" 2>&1 | head -10)"
	fi
	# as kiln-cc runs them: if-conversion (and the kernel IR's tidying) always, the work-item loop only
	# when loops are pipelined
	stages=ifconv,wiloop,schedule
	case " $popt " in *" --no-pipeline "*) stages=ifconv,schedule ;; esac
	# the DSP share is decided over the image's kernels (hls/emit/dsp_share.c): kir.txt records it, hls.ll
	# does not, so a build with --dsp-max has no --cdfg path to compare
	case " $extra " in *" --dsp-max "*) ;; *)
	if "$opt" --cdfg "$d/hls.ll" --run $stages $popt -o "$w/rc.txt" 2>"$w/err" && cmp -s "$d/kir.txt" "$w/rc.txt"; then
		ok "$name: kiln-opt --cdfg hls.ll --run $stages gives kir.txt"
	else
		notok "$name: --cdfg" "$(cat "$w/err"; diff "$d/kir.txt" "$w/rc.txt" 2>&1 | head -10)"
	fi
	;; esac
	# kiln-cc's modules, in the order of kir.txt, one blank line between them (as kiln-opt writes them)
	: >"$w/want.v"
	first=1
	for k in $(sed -n 's/^kernel \([^ ]*\) .*/\1/p' "$d/kir.txt"); do
		[ $first -eq 1 ] || echo >>"$w/want.v"
		first=0
		cat "$d/rtl/kiln_k_$k.v" >>"$w/want.v" 2>/dev/null || echo "(no rtl/kiln_k_$k.v)" >>"$w/want.v"
	done
	if "$opt" --kir "$d/kir.txt" --run rtl -o "$w/got.v" 2>"$w/err" && cmp -s "$w/want.v" "$w/got.v"; then
		ok "$name: the Verilog emitted from kir.txt is kiln-cc's"
	else
		notok "$name: --run rtl" "$(cat "$w/err"; diff "$w/want.v" "$w/got.v" 2>&1 | head -10)"
	fi
	# the kernel line's DSP share and sharing level: a level the scheduler has no such limit for is refused
	# at its column
	if grep -q "products* a loop cycle)$" "$d/kir.txt"; then
		sed '0,/products* a loop cycle)$/s/ [12] \(products* a loop cycle)\)$/ 3 \1/' "$d/kir.txt" >"$w/bad.txt"
		if ! "$opt" --kir "$w/bad.txt" -o /dev/null 2>"$w/err" &&
			grep -q "kir.txt\|bad.txt:[0-9]*:[0-9]*: error: shared products a loop cycle are 1 or 2" "$w/err"; then
			ok "$name: a kernel line with 3 shared products a loop cycle is refused at its column"
		else
			notok "$name: 3 products a loop cycle refused" "$(cat "$w/err")"
		fi
	fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]

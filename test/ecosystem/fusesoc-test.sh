#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Each image's RTL as a FuseSoC core: FuseSoC itself finds the core kiln-cc wrote in IMAGE.kimg.d/, and runs
# its lint target (Verilator, -Wall, through Edalize) on the image's own files.
# Usage: fusesoc-test.sh VENV IMAGE.kimg.d...
set -u
venv=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for d in "$@"; do
	img=$(basename "$d" .kimg.d)
	core=$(ls "$d"/*.core 2>/dev/null | head -1)
	if [ -z "$core" ]; then
		echo "not ok - $img: no .core file in $d"
		continue
	fi
	vlnv=$(sed -n 's/^name: //p' "$core")
	# A copy, so FuseSoC's own outputs stay out of the image folder.
	cp -r "$d" "$tmp/$img"
	if "$venv/bin/fusesoc" --cores-root "$tmp/$img" core-info "$vlnv" >"$tmp/info" 2>&1 &&
		grep -q "kiln_image" "$tmp/info"; then
		echo "ok - $img: fusesoc core-info reads $vlnv"
	else
		echo "not ok - $img: fusesoc core-info: $(tail -c 400 "$tmp/info")"
		continue
	fi
	if (cd "$tmp" && "$venv/bin/fusesoc" --cores-root "$tmp/$img" run --target=lint "$vlnv") >"$tmp/lint" 2>&1; then
		echo "ok - $img: fusesoc run --target=lint (Verilator -Wall) passes on the exported core"
	else
		echo "not ok - $img: fusesoc lint: $(tail -c 600 "$tmp/lint")"
	fi
done

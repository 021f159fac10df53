# SPDX-License-Identifier: Apache-2.0
# Sourced by the co-simulation tests, which set src (the source tree) and build (the build tree) first: the
# test's scratch folder (tmp), removed at exit with every board model started (pids), ok and notok, and
# starting a real board's Verilated top (build-cosim) for an image, on a pty.
cc="$build/bin/kiln-cc"
contract="$build/share/kiln/rtl"
tmp=$(mktemp -d)
pids=""
trap 'for p in $pids; do kill -TERM "$p" 2>/dev/null; done; rm -rf "$tmp"' EXIT
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1: $2"; }

# The 64-bit image hash of an image file (docs/image-format.md: offset 24), as two Verilog literals.
hash_params() {
	python3 - "$1" <<'PY'
import struct, sys
h = struct.unpack_from("<Q", open(sys.argv[1], "rb").read(), 24)[0]
print("-G IMAGE_HASH_LO=32'h%08x -G IMAGE_HASH_HI=32'h%08x" % (h & 0xFFFFFFFF, h >> 32))
PY
}

# Builds NAME's image from FILE for real board BOARD (icebreaker, ulx3s, hx8k) and the board's model, starts
# it; its pty in the variable pty_NAME. Any further arguments go to kiln-cc.
board() {
	bd=$1 name=$2 file=$3
	shift 3
	if ! "$cc" -q --board "$bd" --no-bitstream "$@" -o "$tmp/$name.kimg" "$file" 2>"$tmp/$name.cc"; then
		notok "kiln-cc --board $bd --no-bitstream $name" "$(tail -5 "$tmp/$name.cc")"
		return 1
	fi
	# shellcheck disable=SC2046
	if ! sh "$src/test/boards/build-cosim" --board "$bd" "$tmp/$name-cosim" "$tmp/$name.kimg.d/rtl" "$contract" \
		$(hash_params "$tmp/$name.kimg") >"$tmp/$name.build" 2>&1; then
		notok "build-cosim for $name" "$(tail -10 "$tmp/$name.build")"
		return 1
	fi
	"$tmp/$name-cosim" >"$tmp/$name.out" 2>"$tmp/$name.err" &
	pids="$pids $!"
	i=0
	while [ $i -lt 300 ] && ! grep -qs '^pty ' "$tmp/$name.out"; do
		sleep 0.1
		i=$((i + 1))
	done
	p=$(sed -n 's/^pty \(\/dev\/..*\)$/\1/p' "$tmp/$name.out")
	[ -c "$p" ] || {
		notok "kiln-cosim for $name starts" "$(cat "$tmp/$name.err")"
		return 1
	}
	eval "pty_$name=\$p"
}

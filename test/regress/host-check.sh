#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# A "host" check of kiln test's own test: runs the image it is given (as {image}) with kiln run-main, and
# checks that kiln test also put the image's path in $KILN_IMAGE and the board in $KILN_BOARD.
# Usage: host-check.sh IMAGE [sleep|segv|garbage]
case ${2:-} in
sleep) sleep 60; exit 0 ;;
segv) kill -SEGV $$ ;;
garbage) printf 'not ok - garbage: \377\001</failure>\342\n'; exit 1 ;;
esac
[ "$1" = "$KILN_IMAGE" ] || { echo "not ok - host: {image} '$1' is not \$KILN_IMAGE '$KILN_IMAGE'"; exit 1; }
[ -n "$KILN_BOARD" ] || { echo "not ok - host: no \$KILN_BOARD"; exit 1; }
kiln run-main "$1" run && echo "ok - host: run-main on $KILN_BOARD"

#!/bin/sh
# lat_mmap measured here: a larger mapping costs more (moved from
# tests/t7100-lat_mmap.sh).
. "$(dirname "$0")/../lib.sh"

mkdir "$TRASH/tmp"
export TMPDIR="$TRASH/tmp"

test_expect 'a larger mapping costs more (8m, every page touched, vs 1m)' '
	run_bench lat_mmap -N 3 -E 1000 1m && cp "$TRASH/err" "$TRASH/one" &&
	run_bench lat_mmap -a -N 3 -E 1000 8m &&
	greater "$(awk "!/^\[/ { print \$2 }" "$TRASH/err")" \
		"$(awk "!/^\[/ { print \$2 }" "$TRASH/one")"
'

test_done

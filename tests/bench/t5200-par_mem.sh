#!/bin/sh
# par_mem measured here: every parallelism is at least about 1 (moved from
# tests/t5200-par_mem.sh).
. "$(dirname "$0")/../lib.sh"

test_expect 'every parallelism is at least about 1' '
	run_bench par_mem -N 3 -E 300 -M 64k &&
	grep -E "^[0-9]+\.[0-9]+ " "$TRASH/err" >"$TRASH/p" &&
	[ "$(wc -l <"$TRASH/p")" -eq 7 ] &&
	awk "\$2 < 0.9 { exit 1 }" "$TRASH/p" || fail "$(cat "$TRASH/p")"
'

test_done

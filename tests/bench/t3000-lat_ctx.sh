#!/bin/sh
# lat_ctx measured here: a bigger array costs a bigger overhead (moved
# from tests/t3000-lat_ctx.sh).
. "$(dirname "$0")/../lib.sh"

test_expect 'a bigger array costs a bigger overhead' '
	run_bench lat_ctx -N 3 -E 1000 -s 4 2 && cp "$TRASH/err" "$TRASH/s4" &&
	run_bench lat_ctx -N 3 -E 1000 -s 256 2 &&
	expect_line "^\"size=256k ovr=" "$TRASH/err" &&
	greater "$(sed -n "1s/.*ovr=//p" "$TRASH/err")" \
		"$(sed -n "1s/.*ovr=//p" "$TRASH/s4")"
'

test_done

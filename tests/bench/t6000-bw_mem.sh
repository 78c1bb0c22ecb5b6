#!/bin/sh
# bw_mem measured here: a buffer in the cache moves faster than one of
# 64 MB (moved from tests/t6000-bw_mem.sh).
. "$(dirname "$0")/../lib.sh"

test_expect 'bcopy within L1 is faster than bcopy of 64 MB' '
	run_bench bw_mem -N 3 -E 1000 8k bcopy && cp "$TRASH/err" "$TRASH/small" &&
	run_bench bw_mem -N 3 -E 1000 64m bcopy &&
	expect_line "^67\.11 " "$TRASH/err" &&
	greater "$(awk "NR == 1 { print \$2 }" "$TRASH/small")" \
		"$(awk "NR == 1 { print \$2 }" "$TRASH/err")"
'

test_expect 'frd of a cache-sized buffer is faster than of 64 MB' '
	run_bench bw_mem -N 3 -E 1000 16k frd && cp "$TRASH/err" "$TRASH/small" &&
	run_bench bw_mem -N 3 -E 1000 64m frd &&
	greater "$(awk "NR == 1 { print \$2 }" "$TRASH/small")" \
		"$(awk "NR == 1 { print \$2 }" "$TRASH/err")"
'

test_done

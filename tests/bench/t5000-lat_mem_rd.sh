#!/bin/sh
# lat_mem_rd measured here: the L1 latency is at least about a cycle, and
# memory is slower than the L1 (moved from tests/t5000-lat_mem_rd.sh).
. "$(dirname "$0")/../lib.sh"

test_expect 'the L1 latency is at least about a cycle' '
	run_bench lat_mem_rd -N 3 -E 200 0.0625 64 &&
	v=$(points "$TRASH/err" | awk "NR == 1 { print \$2 }") &&
	is_positive "$v" && greater "$v" 0.2 "(ns at 512 bytes)"
'

test_expect '-t: memory is slower than L1' '
	run_bench lat_mem_rd -t -N 3 -E 200 8 256 &&
	first=$(points "$TRASH/err" | awk "NR == 1 { print \$2 }") &&
	last=$(points "$TRASH/err" | awk "END { print \$2 }") &&
	[ "$(points "$TRASH/err" | awk "END { print \$1 }")" = 8.00000 ] &&
	greater "$last" "$first" "(8 MB vs 512 bytes)"
'

test_done

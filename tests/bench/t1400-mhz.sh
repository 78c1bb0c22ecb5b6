#!/bin/sh
# mhz measured here: a figure, and a plausible clock (moved from
# tests/t1400-mhz.sh, which checks the format on any machine).
. "$(dirname "$0")/../lib.sh"

test_expect 'mhz prints "NNNN MHz, X.XXXX nanosec clock"' '
	run_bench mhz -N 5 -E 2000 &&
	expect_line "^[0-9]+ MHz, [0-9]+\.[0-9]{4} nanosec clock\$" "$TRASH/err"
'

test_expect 'the clock is between 100 MHz and 10 GHz' '
	mhz=$(awk "/MHz,/ { print \$1 }" "$TRASH/err") &&
	between "$mhz" 100 10000
'

test_done

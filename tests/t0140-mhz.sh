#!/bin/sh
# mhz: the format, a plausible clock, agreement between MHz and ns.
. "$(dirname "$0")/lib.sh"

test_expect 'mhz prints "NNNN MHz, X.XXXX nanosec clock"' '
	run_bench mhz -N 5 -E 2000 &&
	expect_line "^[0-9]+ MHz, [0-9]+\.[0-9]{4} nanosec clock\$" "$TRASH/err"
'

test_expect 'the clock is between 100 MHz and 10 GHz' '
	mhz=$(awk "/MHz,/ { print \$1 }" "$TRASH/err") &&
	between "$mhz" 100 10000
'

test_expect 'MHz and the cycle time agree' '
	awk "/MHz,/ { p = \$1 * \$3; exit !(p > 995 && p < 1005) }" "$TRASH/err" ||
		fail "$(cat "$TRASH/err")"
'

test_expect 'mhz takes no operand' '
	! run_bench mhz 12 && expect_status 2 &&
	expect_line "^usage: mhz" "$TRASH/err"
'

test_done

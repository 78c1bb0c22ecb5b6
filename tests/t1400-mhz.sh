#!/bin/sh
# mhz: the format, and agreement between MHz and ns.  Whether the figure is
# this machine's clock is checked by tests/bench/t1400-mhz.sh: a busy
# machine may leave mhz no steady clock to report (it says so).
. "$(dirname "$0")/lib.sh"

test_expect 'mhz prints "NNNN MHz, X.XXXX nanosec clock", or says why not' '
	run_bench mhz -N 5 -E 2000
	figure_or_reason mhz "^[0-9]+ MHz, [0-9]+\.[0-9]{4} nanosec clock\$" &&
	cp "$TRASH/err" "$TRASH/mhz"
'

# A busy machine may leave mhz no steady clock: it says why (checked
# above), and the check of the figure skips with that reason.
if grep -q "MHz," "$TRASH/mhz" 2>/dev/null
then
test_expect 'a printed clock is positive, and MHz and the cycle time agree' '
	awk "/MHz,/ { p = \$1 * \$3; exit !(\$1 > 0 && p > 995 && p < 1005) }" "$TRASH/mhz" ||
		fail "$(cat "$TRASH/mhz")"
'
else
	why=$(sed -n "/^mhz: /{p;q;}" "$TRASH/mhz" 2>/dev/null)
	test_skip 'a printed clock is positive, and MHz and the cycle time agree' \
		"no clock printed: ${why:-mhz did not run}"
fi

test_expect 'mhz takes no operand' '
	! run_bench mhz 12 && expect_status 2 &&
	expect_line "^usage: mhz" "$TRASH/err"
'

test_done

#!/bin/sh
# The readers on negative figures: a figure, point or lat_fs count below
# zero is warned about (file:line) and left out, as one below 1e-12 is;
# a zero (lmbench's "int64 add: 0.00") is left blank without a word.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

HDR='[lmbench3.0 results for Linux h 6 #1 x]'
{
	printf '%s\n' "$HDR"
	printf 'Simple syscall: -0.5 microseconds\n'
	printf 'Simple read: 1e-20 microseconds\n'
	printf 'Simple write: 0.30 microseconds\n'
	printf 'int64 add: 0.00 nanoseconds\n'
	printf '\n"File system latency\n0k 1000 -4000 5000\n1k 1000 4000 5000\n\n'
	printf 'Memory read bandwidth\n0.5 -3000\n1 5000\n\n'
} >"$TRASH/neg.0"

test_expect 'summary: -0.5 warned about as 1e-20 is, each with its line; 0.00 silent' '
	cd "$TRASH" && summary neg.0 && expect_status 0 &&
	cat >"$TRASH/want" <<-EOF &&
	summary: neg.0:2: '\''-0.5'\'' is negative: left out
	summary: neg.0:3: '\''1e-20'\'' is out of range (below 1e-12): left out
	summary: neg.0:8: '\''-4000'\'' is negative: left out
	summary: neg.0:12: '\''-3000'\'' is negative: left out
	EOF
	diff -u "$TRASH/want" "$TRASH/err" &&
	expect_line "^neg +Linux 6 .* 0\.30 " "$TRASH/out"
'

test_expect 'summary -f csv: no negative figure in it, the others kept' '
	cd "$TRASH" && summary -f csv neg.0 && expect_status 0 &&
	! grep -q ",-[0-9]" "$TRASH/out" &&
	grep -q "Simple write" "$TRASH/out" &&
	grep -q "File system latency create.*1k" "$TRASH/out"
'

test_done

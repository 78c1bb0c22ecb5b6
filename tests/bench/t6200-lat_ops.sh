#!/bin/sh
# lat_ops measured here: every figure at least about a cycle, division
# dearer than addition (moved from tests/t6200-lat_ops.sh).
. "$(dirname "$0")/../lib.sh"

run_bench lat_ops -N 3 -E 1000
cp "$TRASH/err" "$TRASH/ops"

# A 3 GHz core does one dependent operation per cycle at best: 0.25 ns is
# below a cycle of the processors this was written on, so a smaller figure
# means the operation did not run (or the clock is above 4 GHz).
test_expect 'every figure is at least 0.25 ns (none was optimised away)' '
	grep "nanoseconds\$" "$TRASH/ops" | sed "s/: .*//" >"$TRASH/labels" &&
	[ "$(wc -l <"$TRASH/labels")" -eq 18 ] &&
	while read -r l
	do
		v=$(value_of "$l" "$TRASH/ops")
		is_positive "$v" && greater "$v" 0.2499 "($l)" || return 1
	done <"$TRASH/labels"
'

test_expect 'division costs more than addition' '
	for t in integer int64 double float
	do
		greater "$(value_of "$t div" "$TRASH/ops")" \
			"$(value_of "$t add" "$TRASH/ops")" "($t)" || return 1
	done
'

test_done

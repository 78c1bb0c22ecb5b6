#!/bin/sh
# lat_select measured here: the cost grows with N (moved from
# tests/t1300-lat_select.sh).
. "$(dirname "$0")/../lib.sh"

test_expect 'selecting on 500 descriptors costs more than on 10' '
	run_bench lat_select -N 3 -E 1000 -n 10 file && cp "$TRASH/err" "$TRASH/10" &&
	run_bench lat_select -N 3 -E 1000 -n 500 file &&
	greater "$(value_of "Select on 500 fd'"'"'s" "$TRASH/err")" \
		"$(value_of "Select on 10 fd'"'"'s" "$TRASH/10")"
'

test_done

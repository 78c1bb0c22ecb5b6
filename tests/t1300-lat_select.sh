#!/bin/sh
# lat_select: formats, N in the label, bad arguments (growth with N:
# tests/bench/t1300-lat_select.sh).
. "$(dirname "$0")/lib.sh"

test_expect 'file: default is 100 descriptors' '
	run_bench lat_select -N 3 -E 1000 file &&
	expect_line "^Select on 100 fd'"'"'s: [0-9]+\.[0-9]{4} microseconds\$" "$TRASH/err"
'

test_expect 'tcp: the label says tcp and N' '
	run_bench lat_select -N 3 -E 1000 -n 250 tcp &&
	expect_line "^Select on 250 tcp fd'"'"'s: [0-9]+\.[0-9]{4} microseconds\$" "$TRASH/err"
'

test_expect 'tcp leaves no socket open and file no temporary file' '
	mkdir "$TRASH/t" && TMPDIR="$TRASH/t" run_bench lat_select -N 3 -E 500 file &&
	[ "$(tmp_files_in "$TRASH/t")" = 0 ]
'

usage_tests lat_select "" "bogus" "-n 0 file" "-n 5000 file" "-n x tcp" "file extra"

test_done

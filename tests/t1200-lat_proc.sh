#!/bin/sh
# lat_proc: formats, positive figures, the helper program, bad arguments
# (the order fork < exec < shell: tests/bench/t1200-lat_proc.sh).
. "$(dirname "$0")/lib.sh"

for c in procedure fork exec shell
do
	test_expect "lat_proc $c prints one figure" "
		run_bench lat_proc -N 3 -E 2000 $c &&
		cp \"\$TRASH/err\" \"\$TRASH/$c\" &&
		expect_line '^(Procedure call|Process fork\\+exit|Process fork\\+execve|Process fork\\+/bin/sh -c): [0-9]+\\.[0-9]{4} microseconds\$' \"\$TRASH/err\" &&
		expect_line '^\\[latbw-stat prog=lat_proc case=$c ' \"\$TRASH/err\"
	"
done

test_expect 'every figure is positive and finite' '
	for f in "Procedure call:procedure" "Process fork+exit:fork" \
		"Process fork+execve:exec" "Process fork+/bin/sh -c:shell"
	do
		is_positive "$(value_of "${f%:*}" "$TRASH/${f#*:}")" || return 1
	done
'

test_expect 'exec without latbw-hello next to it fails clearly' '
	mkdir "$TRASH/alone" && cp "$BIN/lat_proc" "$TRASH/alone/" &&
	! "$TRASH/alone/lat_proc" -N 3 exec 2>"$TRASH/err" &&
	expect_line "latbw-hello" "$TRASH/err" &&
	! grep -q "^Process" "$TRASH/err"
'

test_expect 'fork with -P 2 leaves no process behind' '
	run_bench lat_proc -P 2 -N 3 -E 2000 fork &&
	expect_line "copies=2 " "$TRASH/err" &&
	[ "$(procs_named lat_proc)" = 0 ]
'

usage_tests lat_proc "" "bogus" "fork extra" "-P x fork"

test_done

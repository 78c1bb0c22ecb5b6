#!/bin/sh
# par_mem: the series format, bad arguments, cleanup (a parallelism of at
# least about 1: tests/bench/t5200-par_mem.sh).
. "$(dirname "$0")/lib.sh"

test_expect 'par_mem prints the series: title, MB with 6 decimals, blank' '
	run_bench par_mem -N 3 -E 300 -M 64k &&
	[ "$(sed -n 1p "$TRASH/err")" = "Memory load parallelism" ] &&
	[ -z "$(tail -n 1 "$TRASH/err")" ] &&
	grep -E "^[0-9]+\.[0-9]+ " "$TRASH/err" | awk "{ print \$1 }" >"$TRASH/x" &&
	printf "%s\n" 0.001024 0.002048 0.004096 0.008192 0.016384 0.032768 \
		0.065536 | cmp -s - "$TRASH/x" || fail "sizes: $(cat "$TRASH/x")"
'

test_expect 'every parallelism has 2 decimals and is positive' '
	grep -E "^[0-9]+\.[0-9]+ " "$TRASH/err" >"$TRASH/p" &&
	[ "$(wc -l <"$TRASH/p")" -eq 7 ] &&
	awk "\$2 !~ /^[0-9]+\.[0-9][0-9]\$/ || !(\$2 > 0) { exit 1 }" "$TRASH/p" ||
		fail "$(cat "$TRASH/p")"
'

test_expect 'each point has a statistics line' '
	[ "$(grep -c "^\[latbw-stat prog=par_mem case=chains x=" "$TRASH/err")" -eq 7 ]
'

usage_tests par_mem "-M 1k" extra
# -P is refused only once the series has begun (its title is printed).
test_expect 'par_mem -P 2: exit 2 and a usage line' '
	! run_bench par_mem -P 2 && expect_status 2 &&
	expect_line "^usage: par_mem " "$TRASH/err"
'

test_expect 'the time bound stops it and leaves no process' '
	! run_bench par_mem -B 1 -M 255m && expect_status 1 &&
	eventually "[ \"\$(procs_with par_mem \"-M 255m\")\" = 0 ]"
'

test_done

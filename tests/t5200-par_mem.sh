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

test_expect 'par_mem -c: the MLP curve, latency then bandwidth for 1 to 16 chases' '
	run_bench par_mem -c 64k -N 3 -E 300 &&
	awk "/^\\[/ { next } { print }" "$TRASH/err" |
		sed "s/^\([0-9][0-9]*\) [0-9][0-9]*\.[0-9][0-9]\$/\1 V/" >"$TRASH/form" &&
	printf "%s\n" "\"mlp latency pages=small" 1 2 4 8 16 "" \
		"\"mlp bandwidth pages=small" 1 2 4 8 16 "" |
		sed "s/^\([0-9][0-9]*\)\$/\1 V/" >"$TRASH/want" &&
	diff "$TRASH/want" "$TRASH/form" &&
	[ "$(grep -c "^\[latbw-stat prog=par_mem case=latency x=[0-9]* .* unit=ns\]\$" "$TRASH/err")" -eq 5 ] &&
	[ "$(grep -c "^\[latbw-stat prog=par_mem case=bandwidth x=[0-9]* .* unit=MB/s\]\$" "$TRASH/err")" -eq 5 ] &&
	! grep -q "Memory load parallelism" "$TRASH/err"
'

test_expect 'par_mem -c: bandwidth is 64 bytes a load (k 64000 / latency, 1%)' '
	awk "/^\"mlp latency/ { s = 1; next } /^\"mlp bandwidth/ { s = 2; next }
		/^\[/ || NF != 2 { next }
		s == 1 { lat[\$1] = \$2 } s == 2 { bw[\$1] = \$2 }
		END { for (k in lat) { w = k * 64000 / lat[k]
			if (bw[k] < 0.99 * w || bw[k] > 1.01 * w) { print k, lat[k], bw[k]; bad = 1 } }
			exit bad }" "$TRASH/err" || fail "latency and bandwidth disagree"
'

# -P is refused before anything is printed, the series' title included.
usage_tests par_mem "-M 1k" extra "-c 1k" "-H huge" "-P 2"

test_expect 'the time bound stops it and leaves no process' '
	! run_bench par_mem -B 1 -M 255m && expect_status 1 &&
	eventually "[ \"\$(procs_with par_mem \"-M 255m\")\" = 0 ]"
'

test_done

#!/bin/sh
# lat_ctx: the series shape, positive figures, placement, bad arguments,
# and a ring member killed mid-run (a bigger array's bigger overhead:
# tests/bench/t3000-lat_ctx.sh).
. "$(dirname "$0")/lib.sh"

test_expect 'lat_ctx -s 4 2 3 prints one series in lmbench form' '
	{ run_bench lat_ctx -N 3 -E 1000 -s 4 2 3 ||
		fail "exit $(cat "$TRASH/rc"): $(cat "$TRASH/err")"; } &&
	cp "$TRASH/err" "$TRASH/s4" &&
	awk "
		NR == 1 && /^\"size=4k ovr=[0-9]+\.[0-9][0-9]\$/ { ok++ }
		NR == 2 && /^\[latbw-stat prog=lat_ctx case=overhead .*reps=3 / { ok++ }
		NR == 3 && /^2 [0-9]+\.[0-9][0-9]\$/ { ok++ }
		NR == 4 && /^\[latbw-stat prog=lat_ctx case=ring x=2 .*reps=3 / { ok++ }
		NR == 5 && /^3 [0-9]+\.[0-9][0-9]\$/ { ok++ }
		NR == 6 && /^\[latbw-stat prog=lat_ctx case=ring x=3 .*reps=3 / { ok++ }
		NR == 7 && /^\$/ { ok++ }
		END { exit !(ok == 7 && NR == 7) }
	" "$TRASH/s4" || fail "unexpected output:" "$(cat "$TRASH/s4")"
'

test_expect 'the overhead and every point are positive' '
	is_positive "$(sed -n "1s/.*ovr=//p" "$TRASH/s4")" &&
	is_positive "$(awk "\$1 == 2 { print \$2 }" "$TRASH/s4")" &&
	is_positive "$(awk "\$1 == 3 { print \$2 }" "$TRASH/s4")"
'

test_expect 'the title'"'"'s overhead is its fastest sample (min=)' '
	o=$(sed -n "1s/.*ovr=//p" "$TRASH/s4") &&
	m=$(sed -n "2s/.* min=\([^ ]*\) .*/\1/p" "$TRASH/s4") &&
	between "$m" "$(awk -v o="$o" "BEGIN { print o - 0.006 }")" \
		"$(awk -v o="$o" "BEGIN { print o + 0.006 }")"
'

test_expect 'the statistics line has the overhead subtracted too' '
	p=$(awk "\$1 == 2 { print \$2 }" "$TRASH/s4") &&
	m=$(sed -n "4s/.* median=\([^ ]*\) .*/\1/p" "$TRASH/s4") &&
	between "$m" "$(awk -v p="$p" "BEGIN { print p - 0.006 }")" \
		"$(awk -v p="$p" "BEGIN { print p + 0.006 }")"
'

test_expect 'every ring says what was taken off it (less=): the title'"'"'s overhead, the least of the overhead measured before each ring' '
	m=$(sed -n "2s/.* min=\([^ ]*\) .*/\1/p" "$TRASH/s4") &&
	[ "$(grep -c "^\[latbw-stat prog=lat_ctx case=ring .* less=$m\]\$" "$TRASH/s4")" -eq 2 ] ||
		fail "overhead min=$m: $(cat "$TRASH/s4")"
'

test_expect '-s 0: no array, the title says size=0k' '
	run_bench lat_ctx -N 3 -E 1000 -s 0 2 &&
	expect_line "^\"size=0k ovr=[0-9]+\.[0-9][0-9]\$" "$TRASH/err"
'

test_expect '-C 0 pins the whole ring and records it' '
	{ run_bench lat_ctx -C 0 -N 5 -E 1000 2 4 ||
		fail "exit $(cat "$TRASH/rc"): $(cat "$TRASH/err")"; } &&
	[ "$(grep -c "case=ring .*cpus=0 " "$TRASH/err")" -eq 2 ] &&
	[ "$(procs_named lat_ctx)" = 0 ]
'

usage_tests lat_ctx "" "1" "0" "x" "2 y" "2000" "-s x 2" "-s 70000 2" "-s" "-Z 2"
test_expect 'the usage line names nprocs' '
	! run_bench lat_ctx && expect_line "^usage: lat_ctx .*nprocs" "$TRASH/err"
'

test_expect 'a ring member killed mid-run: exit 1, a message, no process left' '
	"$BIN/lat_ctx" -B 60 -N 5 -E 100000 2 3 4 5 6 7 8 2>"$TRASH/err" &
	pid=$!
	i=0
	kids=
	while [ -z "$kids" ] && [ $i -lt 100 ]
	do
		sleep 0.1
		kids=$(ps -o pid= --ppid "$pid" | tr -d " ")
		i=$((i + 1))
	done
	sleep 0.2
	# A ring ends, and its members with it, between one size and the
	# next (the overhead is measured alone there): a member gone by the
	# kill, the one of the next ring is killed.
	i=0
	until kid=$(ps -o pid= --ppid "$pid" | tr -d " " | head -n 1) &&
		[ -n "$kid" ] && kill -KILL "$kid" 2>/dev/null
	do
		i=$((i + 1))
		[ $i -lt 200 ] || break
		sleep 0.05
	done
	wait "$pid"
	rc=$?
	[ "$rc" = 1 ] || fail "exit status $rc"
	expect_line "^lat_ctx: ring (read|write): the peer process went away" "$TRASH/err" &&
	sleep 0.2 && [ "$(procs_named lat_ctx)" = 0 ]
'

test_done

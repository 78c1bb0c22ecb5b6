#!/bin/sh
# latbw-run's ROUNDS=auto, the default in a full run: 5 rounds, and after
# each from the second on one fewer while the rounds left would not end
# within the budget (9 minutes; LATBW_ROUND_BUDGET here, in seconds), 3 at
# least, and one more while they would, 9 at most.  Quick mode begins
# with 3; bad values are configuration errors.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/bin" "$TRASH/tmp" "$TRASH/fs" "$TRASH/res"
# The stand-ins start as the real programs do, through latbw-start, where
# it is built: without it each step starts setsid, sh and nice besides
# (t9060 checks that way).
[ -x "$BIN/latbw-start" ] && ln -s "$BIN/latbw-start" "$TRASH/bin/latbw-start"

# A lat_pipe that answers at once, with a statistics line (so that the
# combined file says how many rounds it had); $TRASH/pipe.n counts calls.
fake lat_pipe 'echo x >>"'"$TRASH"'/pipe.n"
echo "Pipe latency: 3.0000 microseconds" >&2
echo "[latbw-stat prog=lat_pipe case=pipe median=3 min=3 max=3 spread=0.00% reps=3 preempted=0 n=1 copies=1 cpus=0 unit=us placement=same]" >&2'

# rounds_of: R and S, the rounds of the first statistics line of lat_pipe
# and of stream in $F ("-" for none), in one awk.
# shellcheck disable=SC2034 # R, S: read inside test texts
rounds_of() {
	awk '/^\[latbw-stat prog=(lat_pipe|stream) / && match($0, / rounds=[0-9]*/) {
		p = substr($2, 6)
		if (!(p in r))
			r[p] = substr($0, RSTART + 8, RLENGTH - 8)
	}
	END {
		print ("lat_pipe" in r ? r["lat_pipe"] : "-"), ("stream" in r ? r["stream"] : "-")
	}' "$F" >"$TRASH/rounds" &&
	read -r R S <"$TRASH/rounds"
}

# auto_run [VAR=VALUE...]: the stand-in's steps in a full run; the results
# file in $F, the rounds its figure had in $R.
# shellcheck disable=SC2120 # called with settings inside test texts
auto_run() {
	rm -f "$TRASH/pipe.n" &&
	stub_run QUICK=0 SAME_CPU=0 BENCHMARKS="lat_pipe" "$@" &&
	rounds_of
}

test_expect 'ROUNDS: auto by default in a full run, 3 in quick mode; -p prints it' '
	driver_env QUICK=0 sh "$RUN" -p >"$TRASH/p" &&
	grep -x "ROUNDS=auto" "$TRASH/p" &&
	driver_env QUICK=1 sh "$RUN" -p >"$TRASH/p" &&
	grep -x "ROUNDS=3" "$TRASH/p" &&
	driver_env QUICK=1 ROUNDS=auto sh "$RUN" -p >"$TRASH/p" &&
	grep -x "ROUNDS=auto" "$TRASH/p"
'

bad_values ROUNDS "ROUNDS=.*: not auto or a whole number from 1 to 9" \
	0 10 x auto5 "5 6" -1 AUTO

test_expect 'auto, rounds that take no time: 9 rounds; the header says auto' '
	auto_run ROUNDS=auto &&
	expect_status 0 &&
	[ "$R" = 9 ] &&
	expect_line "^\[ROUNDS: auto\]\$" "$F" &&
	expect_line "^\[COMPLETE: " "$F" || {
		fail "rounds=$R: $(cat "$F")"
		return 1
	}
'

test_expect 'auto, no time to spare (budget 0 s): of the 5 rounds it begins with, the least, 3' '
	auto_run ROUNDS=auto LATBW_ROUND_BUDGET=0 &&
	expect_status 0 && [ "$R" = 3 ]
'

test_expect 'auto in quick mode, no time to spare: 3 rounds to begin with' '
	auto_run ROUNDS=auto QUICK=1 LATBW_ROUND_BUDGET=0 &&
	expect_status 0 && [ "$R" = 3 ]
'

# A stream that answers at once: a step the memory sweep's size makes long
# (flag M in a quick plan); a quick plan has two steps of it (stream, stream
# -v 2), each written once.
fake stream 'echo "STREAM copy bandwidth: 9000.00 MB/sec" >&2
echo "[latbw-stat prog=stream case=copy median=9000 min=9000 max=9000 spread=0.00% reps=3 preempted=0 n=1 copies=1 cpus=any unit=MB/s]" >&2'

# quick_run [VAR=VALUE...]: lat_pipe and stream in quick mode, 3 rounds;
# the rounds of their figures in $R and $S.
# shellcheck disable=SC2120 # called with settings inside test texts
quick_run() {
	rm -f "$TRASH/pipe.n" &&
	stub_run QUICK=1 SAME_CPU=0 BENCHMARKS="lat_pipe stream" ROUNDS= "$@" &&
	rounds_of
}

test_expect 'quick mode, time to spare: every step in each of the 3 rounds, no note' '
	quick_run &&
	expect_status 0 && [ "$R" = 3 ] && [ "$S" = 3 ] &&
	! grep -q "round 1 only" "$F" || {
		fail "rounds $R and $S: $(cat "$F")"
		return 1
	}
'

test_expect 'quick mode, no time to spare: the sweep-sized steps (stream) in round 1 only, said in a note; the rest in 3' '
	quick_run LATBW_ROUND_BUDGET=0 &&
	expect_status 0 && [ "$R" = 3 ] && [ "$S" = 1 ] &&
	expect_line "^\[note: quick mode: the steps sized by the memory sweep \(MB=1\) were taken in round 1 only; 3 rounds of [0-9]+ s would not have ended within 0 s\]\$" "$F" &&
	expect_line "^\[COMPLETE: " "$F" &&
	[ "$(grep -c "^STREAM copy bandwidth: " "$F")" = 2 ] || {
		fail "rounds $R and $S: $(cat "$F")"
		return 1
	}
'

test_expect 'a full run, no time to spare: stream in every round all the same' '
	rm -f "$TRASH/pipe.n" &&
	stub_run QUICK=0 SAME_CPU=0 BENCHMARKS="stream" ROUNDS=3 LATBW_ROUND_BUDGET=0 &&
	rounds_of &&
	[ "$S" = 3 ] && ! grep -q "round 1 only" "$F"
'

test_expect 'ROUNDS=6: 6, whatever the time' '
	auto_run ROUNDS=6 &&
	expect_status 0 && [ "$R" = 6 ] &&
	expect_line "^\[ROUNDS: 6\]\$" "$F"
'

test_done

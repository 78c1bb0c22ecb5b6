#!/bin/sh
# latbw-run's IDLE: what idle CPUs do during the cross-CPU steps.  poll
# (the default): the programs' own choice (they ask that idle CPUs poll,
# where a cpuidle driver heeds it); os: every program gets -I, and the
# results file says so; bad values are configuration errors.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/bin" "$TRASH/tmp" "$TRASH/fs" "$TRASH/res"
# The stand-ins start as the real programs do, through latbw-start, where
# it is built: without it each step starts setsid, sh and nice besides
# (t9060 checks that way).
[ -x "$BIN/latbw-start" ] && ln -s "$BIN/latbw-start" "$TRASH/bin/latbw-start"

fake lat_pipe 'echo "$*" >>"'"$TRASH"'/args"; echo "Pipe latency: 3.0000 microseconds" >&2'

# idle_run [VAR=VALUE...]: the stand-in's steps; its argument lists in
# $TRASH/args, the results file in $F.
# shellcheck disable=SC2120 # also called with settings, inside test texts
idle_run() {
	rm -f "$TRASH/args" && stub_run SAME_CPU=0 BENCHMARKS="lat_pipe" "$@"
}

test_expect 'IDLE is a configuration key: -p prints it, poll by default' '
	driver_env sh "$RUN" -p >"$TRASH/p" &&
	grep -x "IDLE=poll" "$TRASH/p" &&
	driver_env IDLE=os sh "$RUN" -p >"$TRASH/p" &&
	grep -x "IDLE=os" "$TRASH/p"
'

bad_values IDLE "IDLE=.*: not poll or os" x POLL "os poll" 1

test_expect 'IDLE=x in a config file: the same error, naming the file' '
	echo "IDLE=x" >"$TRASH/cfg" &&
	driver_env sh "$RUN" -p "$TRASH/cfg" >"$TRASH/out" 2>"$TRASH/err"
	[ $? -eq 2 ] && expect_line "cfg.*IDLE=x: not poll or os" "$TRASH/err"
'

idle_run
test_expect 'poll (default): no program gets -I; the file says IDLE: poll' '
	[ "$(cat "$TRASH/rc")" = 0 ] && [ -s "$TRASH/args" ] &&
	! grep -q -- " -I" "$TRASH/args" &&
	expect_line "^\[IDLE: poll\]\$" "$F" &&
	! grep -q "^\[LATBW_OPTIONS: .* -I" "$F"
'

test_expect 'os: every program gets -I after -B, cross-CPU steps among them' '
	idle_run IDLE=os &&
	[ "$(cat "$TRASH/rc")" = 0 ] &&
	# (the driver also asks each program its --version)
	[ "$(grep -c "^-B " "$TRASH/args")" -ge 1 ] &&
	[ "$(grep -c "^-B " "$TRASH/args")" = "$(grep -c "^-B [0-9]* -I " "$TRASH/args")" ] &&
	expect_line "^\[IDLE: os\]\$" "$F" &&
	expect_line "^\[LATBW_OPTIONS: .* -I\]\$" "$F" || {
		fail "$(cat "$TRASH/args" "$F")"
		return 1
	}
	if [ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ]
	then
		grep -q " -I .*-C 0,[0-9]" "$TRASH/args" ||
			fail "no cross-CPU step: $(cat "$TRASH/args")"
	fi
'

test_done

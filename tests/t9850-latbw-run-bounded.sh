#!/bin/sh
# latbw-run's bounded-run helper (scripts/latbw-bound.sh), sourced on its
# own as latbw-run sources it: bounded runs a command under a time bound
# and says how it ended (rc, killed); the watchdog stops what overruns,
# and what it started, and nothing else; no file is left.  And the
# driver's parts stay small: latbw-run and each part about 600 lines at
# most, each part sourced by latbw-run.
. "$(dirname "$0")/lib.sh"

# in_driver CASE [DIR]: $TRASH/CASE.sh, sourced in a shell that has
# sourced the part, with the settings the part uses (work: DIR/work;
# driver_pid and driver_start: that shell's; T: DIR, $TRASH by default);
# then "rc killed prog_pid" goes to DIR/got and what is left in work to
# DIR/left.
in_driver() {
	id_dir=${2:-$TRASH}
	rm -rf "$id_dir/work" "$id_dir/got" "$id_dir/left"
	mkdir "$id_dir/work" &&
	sh -c '
		. "$1/scripts/latbw-bound.sh"
		T=$2
		work=$T/work
		driver_pid=$$
		proc_state "$driver_pid"
		driver_start=$ps_start
		rc=
		killed=
		prog_pid=
		. "$4/$3.sh"
		printf "%s %s %s\n" "$rc" "$killed" "${prog_pid:--}" >"$T/got"
		# A watchdog polls once a second: woken, it goes.
		wake_helpers
		wait
		ls -A "$work" >"$T/left"
	' sh "$TOP" "$id_dir" "$1" "$TRASH"
}

# got WANT: in_driver's case printed WANT ("rc killed prog_pid") and left
# nothing in work.
got() {
	file_is "$TRASH/got" "$1" ||
		fail "got '$(cat "$TRASH/got")', want '$1'" || return 1
	[ ! -s "$TRASH/left" ] || fail "left in work: $(cat "$TRASH/left")"
}

# What guard-off.sh writes to status after a guarded wait: "emptied"
# and the one helper (the guardian).
emptied='emptied
1'
export emptied

# The cases (T is $TRASH).
cat >"$TRASH/exit0.sh" <<'CASE'
bounded 30 "$T/out" sh -c 'echo out; echo err >&2' && echo yes >"$T/status"
CASE
cat >"$TRASH/exit3.sh" <<'CASE'
bounded 30 "$T/out" sh -c 'exit 3' || echo no >"$T/status"
CASE
cat >"$TRASH/stdin.sh" <<'CASE'
bounded 30 "$T/out" wc -c
CASE
cat >"$TRASH/overrun.sh" <<'CASE'
bounded 1 "$T/out" sh -c 'echo $$ >"$1/pid"; exec sleep 60' sh "$T"
CASE
cat >"$TRASH/noterm.sh" <<'CASE'
bounded 1 "$T/out" sh -c 'trap "" TERM; sleep 61 & echo $! >"$1/pid"; wait' sh "$T"
CASE
cat >"$TRASH/other.sh" <<'CASE'
sh -c 'exit 7' &
wait_bounded $! 30
CASE
cat >"$TRASH/now.sh" <<'CASE'
sleep 62 &
wait_bounded $! 0
CASE
cat >"$TRASH/stranger.sh" <<'CASE'
# This shell is not a child of itself: the watchdog takes it for a
# process it did not start, and signals nothing.
watchdog $$ 0 "$work/killed.x" &
wait $!
echo "$?" >"$T/status"
CASE

# The same under a guardian as latbw-run's (a loop over guard_bounds, once
# a second): the wait is in work/bound.1 while it lasts, emptied after,
# and no watchdog is started (the guardian is the only helper).  The
# cases source guard-on.sh before and guard-off.sh after ($4: $TRASH).
cat >"$TRASH/guard-on.sh" <<'CASE'
: >"$work/flag.guard"
(
	helper_traps
	while [ -f "$work/flag.guard" ]
	do
		helper_sleep
		guard_bounds
	done
) &
guardian_pid=$!
note_helper "$guardian_pid"
CASE
cat >"$TRASH/guard-off.sh" <<'CASE'
rm -f "$work/flag.guard"
{ [ -f "$work/bound.1" ] && ! [ -s "$work/bound.1" ] && echo emptied; } >"$T/status"
echo "$helper_procs" | wc -w | tr -d " " >>"$T/status"
rm -f "$work/bound.1"
CASE
# It lives a second: a child that has ended before wait_bounded looks
# (a zombie already) is reaped at once, with no wait to write, and the
# check of bound.1 would fail (once in two make test runs here).
cat >"$TRASH/g-exit3.sh" <<'CASE'
. "$4/guard-on.sh"
bounded 30 "$T/out" sh -c 'sleep 1; exit 3'
. "$4/guard-off.sh"
CASE
cat >"$TRASH/g-overrun.sh" <<'CASE'
. "$4/guard-on.sh"
bounded 1 "$T/out" sh -c 'echo $$ >"$1/pid"; exec sleep 60' sh "$T"
. "$4/guard-off.sh"
CASE
cat >"$TRASH/g-noterm.sh" <<'CASE'
. "$4/guard-on.sh"
bounded 1 "$T/out" sh -c 'trap "" TERM; sleep 61 & echo $! >"$1/pid"; wait' sh "$T"
. "$4/guard-off.sh"
CASE

# The case that takes longest (its bound, then 5 s before the KILL) runs
# in the background, in a directory of its own, while the others run; its
# check comes after theirs, and waits for it.
mkdir "$TRASH/bg" "$TRASH/bg2"
in_driver noterm "$TRASH/bg" &
noterm_job=$!
in_driver g-noterm "$TRASH/bg2" &
g_noterm_job=$!

test_expect 'a command that exits 0: true, rc 0, not killed, its output in OUT' '
	in_driver exit0 &&
	got "0 no -" &&
	file_is "$TRASH/status" yes &&
	printf "out\nerr\n" >"$TRASH/want" &&
	diff -u "$TRASH/want" "$TRASH/out"
'

test_expect 'a command that exits 3: false, rc 3, not killed' '
	in_driver exit3 &&
	got "3 no -" &&
	file_is "$TRASH/status" no
'

test_expect 'a command reads no input: stdin is /dev/null' '
	in_driver stdin &&
	got "0 no -" &&
	[ "$(tr -d " " <"$TRASH/out")" = 0 ]
'

test_expect 'a command that overruns is stopped by TERM: killed, rc 143' '
	in_driver overrun &&
	got "143 yes -" &&
	read -r pid <"$TRASH/pid" &&
	! kill -0 "$pid" 2>/dev/null
'

test_expect 'wait_bounded waits for a child started otherwise, and keeps its status' '
	in_driver other &&
	got "7 no -"
'

test_expect 'wait_bounded PID 0 stops it at once (as the signal handler does)' '
	in_driver now &&
	got "143 yes -"
'

test_expect 'a process the driver did not start is not signalled' '
	in_driver stranger &&
	file_is "$TRASH/status" 0 &&
	got "  -" &&
	[ ! -e "$TRASH/work/killed.x" ]
'

test_expect 'guarded: a command that exits 3: rc 3, not killed, its wait emptied, no watchdog' '
	in_driver g-exit3 &&
	got "3 no -" &&
	file_is "$TRASH/status" "$emptied"
'

test_expect 'guarded: a command that overruns is stopped by the guardian: TERM, killed, rc 143' '
	in_driver g-overrun &&
	got "143 yes -" &&
	file_is "$TRASH/status" "$emptied" &&
	read -r pid <"$TRASH/pid" &&
	! kill -0 "$pid" 2>/dev/null
'

wait "$noterm_job"
rm -f "$TRASH/got" "$TRASH/left" "$TRASH/pid"
for f in got left pid
do
	cp "$TRASH/bg/$f" "$TRASH/$f"
done
test_expect 'one that ignores TERM is killed 5 s later, with what it started' '
	got "137 yes -" &&
	read -r pid <"$TRASH/pid" &&
	eventually "! kill -0 $pid 2>/dev/null"
'

wait "$g_noterm_job"
rm -f "$TRASH/got" "$TRASH/left" "$TRASH/pid"
for f in got left pid
do
	cp "$TRASH/bg2/$f" "$TRASH/$f"
done
test_expect 'guarded: one that ignores TERM is killed 5 s later, with what it started' '
	got "137 yes -" &&
	file_is "$TRASH/bg2/status" "$emptied" &&
	read -r pid <"$TRASH/pid" &&
	eventually "! kill -0 $pid 2>/dev/null"
'

# (One awk counts the lines of them all, as wc -l: a wc each was two
# processes a file.)
test_expect 'latbw-run and each of its parts: at most about 600 lines' '
	awk "{ n[FILENAME]++ }
		END {
			for (i = 1; i < ARGC; i++)
				if (n[ARGV[i]] > 650) {
					f = ARGV[i]
					sub(/.*\//, \"\", f)
					print f \": \" n[ARGV[i]] \" lines\"
					bad = 1
				}
			exit bad
		}" "$TOP"/scripts/latbw-run "$TOP"/scripts/latbw-*.sh >&2
'

test_expect 'every part scripts/latbw-*.sh is sourced by latbw-run' '
	set --
	for f in "$TOP"/scripts/latbw-*.sh
	do
		set -- "$@" ". \"\$script_dir/${f##*/}\""
	done
	holds_lines "$TOP/scripts/latbw-run" "$@"
'

test_done

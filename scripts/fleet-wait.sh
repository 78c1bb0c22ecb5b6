# fleet-wait.sh - the waits of latbw-fleet and of its hosts' jobs, and
# its lines shown; sourced by it (before fleet-host.sh).
# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # shared variables: set in one file, used in another
#
# A job waits for its run's news (run_reader, on_news), not a tick at a
# time; the fleet for its jobs' ends (on_job_end), once a second at
# most.  Uses the fleet's work, tty, nhosts, nhosts_shown, me, poll_s,
# tick_s, tick_n and a job's hw, run_pid, stop_asked, job_pid.

# ---------------------------------------------------- the fleet

# shellcheck disable=SC2317 # called by the trap
# on_job_end: a job's USR1 as it ends (fleet-host.sh's finish): the nap
# in hand cut short.
on_job_end() {
	job_ended=yes
	[ -n "$fleet_nap_pid" ] && kill "$fleet_nap_pid" 2>/dev/null
	return 0
}

# fleet_nap SECONDS: sleep, cut short as a job ends (or its USR1 came
# since the last nap) and by a signal (a trap runs during "wait").
fleet_nap() {
	sleep "$1" &
	fleet_nap_pid=$!
	[ -n "$job_ended" ] && kill "$fleet_nap_pid" 2>/dev/null
	wait "$fleet_nap_pid"
	kill "$fleet_nap_pid" 2>/dev/null
	fleet_nap_pid=
	job_ended=
}

# job_done I PID: host I's job has ended (or is ending: its result is
# written), and is waited for.
job_done() {
	if kill -0 "$2" 2>/dev/null && ! [ -f "$work/h$1/result" ]
	then
		return 1
	fi
	wait "$2"
	return 0
}

# show: every host's line; on a terminal redrawn in place, else a line
# for each host whose step changed.
shown=0
show() {
	if [ "$tty" = 1 ] && [ "$shown" -gt 0 ]
	then
		printf '\033[%dA' "$shown" >&2
	fi
	sh_i=0
	while [ "$sh_i" -lt "${nhosts_shown:-$nhosts}" ]
	do
		sh_i=$((sh_i + 1))
		read -r _ sh_n _ <"$work/h$sh_i/host"
		# (Each a line, read by the shell.)
		sh_s=
		{ IFS= read -r sh_s <"$work/h$sh_i/status"; } 2>/dev/null
		if [ "$tty" = 1 ]
		then
			# As printf '%-12s %s' cut to 79 characters (bytes, in
			# LC_ALL=C), by the shell.
			sh_l=$sh_n
			while [ "${#sh_l}" -lt 12 ]
			do
				sh_l="$sh_l "
			done
			sh_l="$sh_l $sh_s"
			while [ "${#sh_l}" -gt 79 ]
			do
				sh_l=${sh_l%?}
			done
			printf '\r\033[K%s\n' "$sh_l" >&2
			continue
		fi
		sh_was=
		{ IFS= read -r sh_was <"$work/h$sh_i/shown"; } 2>/dev/null
		if [ "$sh_s" != "$sh_was" ]
		then
			printf '%s: %s: %s\n' "$me" "$sh_n" "$sh_s" >&2
			printf '%s\n' "$sh_s" >"$work/h$sh_i/shown"
		fi
	done
	[ "$tty" = 1 ] && shown=${nhosts_shown:-$nhosts}
	return 0
}

# --------------------------------------------------- a host's job

# nap SECONDS [cut]: sleep, in a way a TERM cuts short (a trap runs
# during "wait", but only after a foreground command ends), and with
# "cut" the run's news too (on_news); the sleep does not hold the
# lifeline.  A signal that came before nap_pid was set found no sleep
# to stop: its mark stops this one.
nap() {
	sleep "$1" 3>&- &
	nap_pid=$!
	if [ -n "$stop_asked" ] || { [ "${2:-}" = cut ] && [ -n "$run_news" ]; }
	then
		kill "$nap_pid" 2>/dev/null
	fi
	wait "$nap_pid"
	kill "$nap_pid" 2>/dev/null
	nap_pid=
}

# shellcheck disable=SC2317 # called by the trap
# on_news: the reader (run_reader) saw the run say "done", or its output
# end: the run's end is near, the nap in hand cut short.
on_news() {
	run_news=yes
	[ -n "$nap_pid" ] && kill "$nap_pid" 2>/dev/null
	return 0
}

# run_said_done: the run there has said "done" (a line of run.out, read
# by the shell).
run_said_done() {
	while IFS= read -r rs_line
	do
		case "$rs_line" in
		"done "*) return 0 ;;
		esac
	done <"$hw/run.out"
	return 1
}

# run_reader: the run's output (standard input, a fifo) copied into
# run.out (standard output) a line at a time; a USR1 to this job when
# the run says "done" and when its output ends (after run.eof is made).
# The job then waits on its news, not a tick at a time.
run_reader() {
	while IFS= read -r rr_line || [ -n "$rr_line" ]
	do
		printf '%s\n' "$rr_line"
		case "$rr_line" in
		"done "*) kill -USR1 "$job_pid" 2>/dev/null ;;
		esac
	done
	: >"$hw/run.eof"
	kill -USR1 "$job_pid" 2>/dev/null
}

# reader_end: the reader stopped, once it has copied what the run said
# (its launcher ended, the output ends: a second at most, in case a
# process the launcher left holds it open).
reader_end() {
	[ -n "$reader_pid" ] || return 0
	re_i=0
	while [ "$re_i" -lt "$tick_n" ] && ! [ -f "$hw/run.eof" ]
	do
		sleep "$tick_s"
		re_i=$((re_i + 1))
	done
	kill "$reader_pid" 2>/dev/null
	wait "$reader_pid"
	reader_pid=
}

# nap_run: the wait for the next copy: poll_s seconds, cut short when a
# stop is asked, or by the run's news (its "done", the end of its
# output: on_news); from that news on, a tick at a time until the run
# has said "done" or its launcher has ended, so that the end of a run
# is seen within a tick, not up to poll_s later.
nap_run() {
	if [ -z "$run_news" ]
	then
		[ -z "$stop_asked" ] && kill -0 "$run_pid" 2>/dev/null &&
			nap "$poll_s" cut
		return 0
	fi
	nr_i=0
	while [ "$nr_i" -lt $((poll_s * tick_n)) ] && [ -z "$stop_asked" ]
	do
		run_said_done && return 0
		kill -0 "$run_pid" 2>/dev/null || return 0
		nap "$tick_s"
		nr_i=$((nr_i + 1))
	done
}

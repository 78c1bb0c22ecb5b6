# shellcheck shell=sh
# shellcheck disable=SC2119,SC2120 # write_failed [FILE]
# latbw-results.sh - part of latbw-run: the results file: our own lines
# sanitized, every write checked, its end (finish_run); the scratch space
# of killed runs, the guardian, clean-up, signals.  Sourced by
# scripts/latbw-run (it defines functions, and the settings they use);
# not a command of its own.

# ------------------------------------------------------- the own-line filter
#
# Every line of our own starts with "[" and must not hold a label text or
# a token that readers of lmbench files match anywhere in a line (see
# doc/results-format.7, LINES OF LATBW'S OWN).  sanitize_awk defines clean(s):
# control characters become spaces, and a backslash is put before the last
# character of each such text ("size=" becomes "size\=").
sanitize_awk='
function clean(s,    i, j, t, out, rest, n) {
	gsub(/[[:cntrl:]]/, " ", s)
	for (i = 1; i <= nbad; i++) {
		t = bad[i]
		out = ""
		rest = s
		while ((j = index(rest, t)) > 0) {
			n = j + length(t) - 1
			out = out substr(rest, 1, n - 1) "\\" substr(rest, n, 1)
			rest = substr(rest, n + 1)
		}
		s = out rest
	}
	return s
}
# init_bad: the texts, from the "match" lines of the registry; the driver
# reads them once (read_registry) and passes them, one a line, in
# LATBW_OWN_TEXTS to the filter of every step.
function init_bad(    path, line, f, n, i, t) {
	nbad = 0
	if (ENVIRON["LATBW_OWN_TEXTS"] != "") {
		n = split(ENVIRON["LATBW_OWN_TEXTS"], t, "\n")
		for (i = 1; i <= n; i++)
			if (t[i] != "")
				bad[++nbad] = t[i]
		return
	}
	path = ENVIRON["LATBW_REGISTRY"]
	while ((getline line < path) > 0) {
		if (line !~ /^match[ \t]*\|/)
			continue
		f = line
		sub(/^match[ \t]*\|[ \t]*/, "", f)
		sub(/[ \t]+$/, "", f)
		if (f ~ /^".+"$/)
			f = substr(f, 2, length(f) - 2)
		if (f != "")
			bad[++nbad] = f
	}
	close(path)
}
'

# sanitize: our own lines on stdin -> the file's form on stdout (awk's
# program: sanitize_prog).  The standard keys whose values we make
# ourselves pass unchanged.
# shellcheck disable=SC2016 # awk program text
sanitize_prog="$sanitize_awk"'
BEGIN { init_bad() }
/^\[(MHZ|LINE_SIZE|SYNC_MAX): [^]]*\]$/ { print; next }
{
	if (substr($0, 1, 1) != "[")
		$0 = "[" $0 "]"
	print "[" clean(substr($0, 2, length($0) - 2)) "]"
}'
sanitize() {
	awk "$sanitize_prog"
}

# ------------------------------------------------ writing the results file
#
# Every write to the results file is checked: a write that fails (its file
# system full, a quota, an I/O error) stops the run with one line and exit
# status 1, rather than a run that measures on into nothing and says
# "done".  The writer's own message (dash's printf says only "I/O error")
# goes to $work/write.err, where write_failed finds the reason.

# new_results_file: results, the first unused <host>.<n>, made with
# noclobber so that two runs never share one (set here and unset: no
# subshell; true, not ":", whose failed redirection would end the shell).
new_results_file() {
	nr_n=0
	while :
	do
		set -C
		{ true >"${resdir:?}/${host:?}.$nr_n"; } 2>/dev/null
		nr_made=$?
		set +C
		if [ "$nr_made" -eq 0 ]
		then
			results=$resdir/$host.$nr_n
			return 0
		fi
		if ! [ -e "$resdir/$host.$nr_n" ]
		then
			say "cannot create $resdir/$host.$nr_n"
			cleanup
			exit 1
		fi
		nr_n=$((nr_n + 1))
	done
}

# put CMD ARGS...: CMD's output appended to the results file (during the
# rounds after the first, to the round's own file: dest); the status is
# the write's (callers: put ... || write_failed).
put() {
	"$@" >>"${dest:-$results}" 2>"$work/write.err"
}

# put_own: our own lines on stdin, sanitized, appended to the results file
# or the round's (the last command of a pipeline: ... | put_own ||
# write_failed).  The header and the closing lines call its awk itself: a
# function in a pipeline is a process more.
put_own() {
	sanitize >>"${dest:-$results}" 2>"$work/write.err"
}

# write_own LINE...: append our own lines to the results file; inside a
# series, after it (held in $work/pending: see the filter below).  Lines
# that sanitize would leave as they are (own_plain) are written by the
# shell itself: a step's "[note: ...]" or "[failed: ...]" line then
# starts no awk (3.3 ms of CPU a line here, 0.2 so).
write_own() {
	if own_plain "$@"
	then
		if [ "${title_written:-no}" = yes ]
		then
			printf '%s' "${op_lines?}" >>"$work/pending"
		else
			put printf '%s' "$op_lines" || write_failed
		fi
	elif [ "${title_written:-no}" = yes ]
	then
		printf '%s\n' "$@" | sanitize >>"$work/pending"
	else
		printf '%s\n' "$@" | put_own || write_failed
	fi
}

# The lines held while a series was written, after it.
flush_pending() {
	if [ -s "$work/pending" ]
	then
		put cat "$work/pending" || write_failed
		: >"$work/pending"
	fi
}

# write_failed [FILE]: a write to FILE (the results file) failed.  Say so
# in one line, mark the file incomplete if a line still fits (after a
# newline, if the failed write cut a line), stop the server, remove the
# scratch space and exit 1.  While it stops, the writes that fail again
# (a server's notes) are let go: it returns 1 to them.
write_failed() {
	failed_file=${1:-$results}
	if [ -n "${write_failing:-}" ]
	then
		return 1
	fi
	write_failing=yes
	trap '' INT TERM HUP
	# awk names the error ("write failure (No space left on device)");
	# dash's printf does not, so a full file system is looked for.
	failure_reason=$(sed -n 's/.*(\([^()]*\))[^()]*$/\1/p' "$work/write.err" 2>/dev/null | sed -n '$p')
	if [ -z "$failure_reason" ]
	then
		failure_reason="write error"
		free_blocks=$(df -P "${failed_file%/*}" 2>/dev/null | awk 'NR == 2 { print $4 }')
		[ "$free_blocks" = 0 ] && failure_reason="write error, its file system is full"
	fi
	say "cannot write $failed_file ($failure_reason): run stopped at step ${step:-0} of ${nsteps:-0}; the results file is incomplete"
	if [ -n "${results:-}" ] && [ -f "$results" ]
	then
		# shellcheck disable=SC2094 # its last byte, then appended to
		{
			[ -n "$(tail -c 1 "$results")" ] && printf '\n'
			printf '[INCOMPLETE: a write failed (%s) at step %s of %s]\n' \
				"$failure_reason" "$step" "$nsteps" | sanitize
		} >>"$results" 2>/dev/null
	fi
	cleanup
	exit 1
}

# ------------------------------------------ a run that was killed (SIGKILL)
#
# SIGKILL gives the driver no time to clean up.  Two things make up for
# it: the guardian, a helper that watches the driver for the whole run and
# cleans up once it is gone, and, in case the guardian died with it (a
# whole process group killed, the machine down), the next run, which
# removes the scratch directories of runs whose driver is gone.  Each
# scratch directory holds "owner": the PID, start time, boot id and PID
# namespace of the driver that made it ("-" for what this system does
# not tell).

owner_line() {
	printf '%s %s %s %s\n' "${driver_pid:?}" "${driver_start:--}" "${boot_id:--}" \
		"${pid_ns:--}"
}

# run_gone OWNER-FILE: the driver named in OWNER-FILE is gone (no such
# process any more, or the machine has booted since).  False when it may
# still run, or when the file does not say, or when its PIDs are not
# ours to see (another PID namespace: a container sharing the directory).
run_gone() {
	owner_pid=
	owner_start=
	owner_boot=
	owner_ns=
	{ read -r owner_pid owner_start owner_boot owner_ns <"$1"; } 2>/dev/null
	case "$owner_pid" in
	'' | *[!0-9]*) return 1 ;;
	esac
	[ "$owner_start" = - ] && owner_start=
	[ "$owner_boot" = - ] && owner_boot=
	[ "$owner_ns" = - ] && owner_ns=
	if [ -n "$owner_boot" ] && [ -n "$boot_id" ] && [ "$owner_boot" != "$boot_id" ]
	then
		return 0
	fi
	[ "$owner_ns" = "${pid_ns:-}" ] || return 1
	if [ -n "$owner_start" ]
	then
		! same_proc "$owner_pid" "$owner_start"
	else
		! ps -p "$owner_pid" >/dev/null 2>&1
	fi
}

# remove_stale DIR: remove the latbw-run.* directories in DIR whose run is
# gone, and the FSDIR directory each names if it is the same run's (up to
# MB megabytes).  A directory without an owner (being made this instant,
# or made by an older driver) is left alone.
remove_stale() {
	for stale_dir in "$1"/latbw-run.*
	do
		if ! [ -f "$stale_dir/owner" ] || ! run_gone "$stale_dir/owner"
		then
			continue
		fi
		stale_fsdir=
		{ IFS= read -r stale_fsdir <"$stale_dir/fsdir"; } 2>/dev/null
		case "$stale_fsdir" in
		*/latbw-run.*)
			if [ -d "$stale_fsdir" ] && [ -f "$stale_fsdir/owner" ] &&
				[ "$(cat "$stale_fsdir/owner")" = "$(cat "$stale_dir/owner")" ]
			then
				rm -rf "$stale_fsdir" 2>/dev/null
			fi
			;;
		esac
		rm -rf "$stale_dir" 2>/dev/null
		[ -d "$stale_dir" ] || say "removed $stale_dir, left by a run that was killed"
	done
}

# guardian: once the driver is gone without cleaning up, stop the local
# server it started (named in work/server) and remove the scratch
# directories; exit when the driver empties flag.guard at its end (by
# the shell: no rm).  While
# the driver lives, it stops what overruns the driver's waits
# (guard_bounds).
guardian() {
	helper_traps
	while [ -s "$work/flag.guard" ]
	do
		helper_sleep
		if driver_alive
		then
			guard_bounds
			continue
		fi
		guarded_server=
		{ IFS= read -r guarded_server <"$work/server"; } 2>/dev/null
		case "$guarded_server" in
		'' | */*) ;;
		*) "${bin:?}/$guarded_server" -B 10 -S localhost >/dev/null 2>&1 </dev/null ;;
		esac
		rm -rf "$work" "$fsdir_work" 2>/dev/null
		exit 0
	done
}

# Remove what we made; stop a server we started.
cleanup() {
	if [ -n "${server_up:-}" ]
	then
		stop_server "$server_up"
	fi
	if [ -n "${rserver_up:-}" ]
	then
		stop_remote
	elif [ -n "${rserver_pending:-}" ]
	then
		# Interrupted while starting it: it may be up.
		# shellcheck disable=SC2086 # "prog name address"
		set -- $rserver_pending
		rserver_pending=
		bounded 5 "$work/cmd.log" "$bin/$1" -S "$3"
	fi
	# What is left to remove, in one rm.
	set --
	if [ -n "${work:-}" ] && [ -d "$work" ]
	then
		# (true: a failed redirection of ":" would end the shell)
		true >"$work/flag.guard"
		# shellcheck disable=SC2034 # read by wait_bounded (latbw-bound.sh)
		guardian_pid=
		# Watchdogs and the guardian poll once a second: wake them
		# (the guardian to see its flag gone), and wait for them.
		wake_helpers
		wait
		set -- "$work"
	fi
	[ -n "${fsdir_work:-}" ] && [ -d "$fsdir_work" ] && set -- "$@" "$fsdir_work"
	[ -n "${combined:-}" ] && set -- "$@" "$combined"
	[ "$#" -eq 0 ] || rm -rf "$@"
}

# combine_rounds: the results file (round 1, header and all) and the files
# of the later rounds made into one results file in lmbench's format by
# rounds.awk (each figure its fastest round, each statistics line with rounds=, round_spread=, round_values= and
# from_round=), which then replaces
# the results file, through a file beside it and a rename: a run stopped
# at any moment leaves one or the other whole (if it fails, the results
# file keeps round 1).  From then on, writes go to the results file.
# With ROUNDS=1, nothing to do.
combine_rounds() {
	dest=$results
	if [ "${rounds:-1}" -le 1 ] || [ -z "${results:-}" ] || ! [ -f "$results" ]
	then
		return 0
	fi
	# rounds.awk and its parts (see there); stats.awk reads statistics
	# lines, with values.awk, read-values.awk and registry.awk, which it
	# calls.
	set --
	for cr_p in rounds rounds-combine rounds-choose rounds-aside stats values read-values registry
	do
		set -- "$@" -f "${script_dir:?}/$cr_p.awk"
	done
	set -- "$@" "$results"
	cr_r=2
	while [ "$cr_r" -le "$rounds" ] && [ -f "$work/round.$cr_r" ]
	do
		set -- "$@" "$work/round.$cr_r"
		cr_r=$((cr_r + 1))
	done
	combined=${results%/*}/.${results##*/}.rounds
	if awk "$@" >"$combined" 2>"$work/write.err" &&
		mv -f "$combined" "$results" 2>>"$work/write.err"
	then
		combined=
		rm -f "$work"/round.*
		return 0
	fi
	rm -f "$combined"
	combined=
	return 1
}

# finish_run: the rounds combined, the servers stopped, the closing
# lines; then the summary of the run, and the exit status.
finish_run() {
	trap '' INT TERM HUP
	combine_rounds || write_failed "$results"
	[ -n "$server_up" ] && stop_server "$server_up"
	[ -n "$rserver_up" ] && stop_remote
	# The closing line, last of all: a file without it was stopped before
	# its end (interrupted, killed, the machine down), whatever else it
	# holds.
	{
		write_after
		printf '[COMPLETE: %s of %s steps, %s failed]\n' "$step" "$nsteps" "${failures:?}"
	} | awk "$sanitize_prog" >>"${dest:-$results}" 2>"$work/write.err" || write_failed
	if [ "${tty:-0}" = 1 ] && [ "${progress_shown:-0}" = 1 ]
	then
		printf '\n' >&2
		progress_shown=0
	fi
	now
	mmss $((${now_s:?} - ${t0:?}))
	say "done in ${mmss_s:?}: $results"
	cleanup
	trap - INT TERM HUP
	if [ -n "$orig_tmpdir" ]
	then
		TMPDIR=$orig_tmpdir
	else
		unset TMPDIR
	fi
	sh "$script_dir/summary" "$results"
	if [ "$failures" -gt 0 ]
	then
		say "$failures program run(s) failed; see the [failed: ...] lines in $results"
		exit 1
	fi
	exit 0
}

# shellcheck disable=SC2317 # called by the traps
on_signal() {
	trap '' INT TERM HUP
	sig=$1
	if [ "${progress_shown:-0}" = 1 ]
	then
		printf '\n' >&2
		progress_shown=0
	fi
	if [ -n "${prog_pid:-}" ]
	then
		# TERM now (the program cleans up), KILL if it is not gone in 5 s.
		wait_bounded "$prog_pid" 0
		prog_pid=
	fi
	finish_filter
	if [ -n "${results:-}" ] && [ -f "$results" ]
	then
		# Best effort: a write that fails here changes nothing more.
		write_failing=yes
		# A series cut short still ends in a blank line, then what was
		# held for after it.
		if [ "${title_written:-no}" = yes ] || [ -s "$work/pending" ]
		then
			put printf '\n'
		fi
		title_written=no
		flush_pending
		# The rounds so far, combined: what they measured is kept.
		combine_rounds
		write_own "[INCOMPLETE: interrupted by SIG$sig after step $step of $nsteps (round ${round:-1} of ${rounds:-1})]"
		write_after | put_own
		say "interrupted by SIG$sig; partial results in $results"
	fi
	cleanup
	case "$sig" in
	HUP) exit 129 ;;
	INT) exit 130 ;;
	*) exit 143 ;;
	esac
}

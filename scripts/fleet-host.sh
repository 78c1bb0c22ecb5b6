# fleet-host.sh - one host's job in latbw-fleet, sourced by it.
# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # shared variables: set in one file, used in another
#
# host_job I HOST NAME, run in the background: writes the host's step to
# $work/hI/status as it goes and, at its end, $work/hI/result (three
# lines: ok, incomplete or failed; the results file here; why).  SIGTERM
# (an interrupt here) stops the run there, keeping what it measured.
# Uses the fleet's work, rsh_words, is_ssh, rsh_prog, settings,
# results_dir, build_there, opt_bin, source_tree, poll_s, top, script_dir.
# Also the helpers the fleet shares: mmss, now_s, newest_file, is_complete.
# What a host gets (static_cc, build_for, what_travels, ship) is in
# fleet-ship.sh, sourced after this file.

# mmss SECONDS: m:ss in mmss_s.
mmss() {
	mmss_s=$(($1 / 60)):
	[ $(($1 % 60)) -lt 10 ] && mmss_s=${mmss_s}0
	mmss_s=$mmss_s$(($1 % 60))
}

now_s() {
	date +%s
}

# The step of the waits bounded in seconds (end_run, stop_run): a tenth of
# a second where sleep takes fractions (GNU, busybox, the BSDs; POSIX
# asks only for whole seconds), else a second; tick_n of them make one.
# A run that ends, or answers a stop, is then seen within a tenth of a
# second, not a second later.
tick_s=1
tick_n=1
if sleep 0.1 2>/dev/null
then
	tick_s=0.1
	tick_n=10
fi

# newest_file NAME: the results file here of host NAME with the greatest
# n, or nothing.
newest_file() {
	for nf_f in "$results_dir"/*/"$1".*
	do
		case "${nf_f##*.}" in
		'' | *[!0-9]*) continue ;;
		esac
		[ "${nf_f##*/}" = "$1.${nf_f##*.}" ] && [ -f "$nf_f" ] &&
			printf '%s %s\n' "${nf_f##*.}" "$nf_f"
	done | sort -n | tail -n 1 | sed 's/^[0-9]* //'
}

# is_complete FILE: its last line is the driver's closing line.
is_complete() {
	tail -n 1 "$1" 2>/dev/null | grep -q '^\[COMPLETE: '
}

# rsh [-x] ARGS...: the launcher, with this host's control connection;
# -x: it replaces this shell (in a background job, whose PID is then the
# launcher's, to stop), in a session of its own where setsid(1) is: a
# Ctrl-C here reaches the whole process group, and the run's ssh, a
# client of the control connection, sets its own SIGINT handler
# (OpenSSH's mux client does, where SIGINT was ignored too): it ended
# at once, exit 255, and the run there was taken for a lost
# connection (its file marked so, its driver left running) before the
# fleet's own stop ("stop" down the lifeline) came (t9900, once in ten
# make test).  This shell, a background job, leads no process group:
# setsid execs, the PID stays.
rsh() {
	rsh_exec=
	[ "$1" = -x ] && rsh_exec=yes && shift
	set -f
	if [ "$is_ssh" = 1 ]
	then
		# shellcheck disable=SC2086 # RSH split at blanks
		set -- $rsh_words -o ControlMaster=auto -o "ControlPath=$hw/%C" \
			-o ControlPersist=60 -o BatchMode=yes -o ConnectTimeout=10 \
			-o ServerAliveInterval=5 -o ServerAliveCountMax=3 "$@"
	else
		# shellcheck disable=SC2086
		set -- $rsh_words "$@"
	fi
	set +f
	if [ -n "$rsh_exec" ]
	then
		command -v setsid >/dev/null 2>&1 && exec setsid "$@"
		exec "$@"
	fi
	command "$@"
}

# result KIND FILE [REASON]: the job's end, for the fleet.
result() {
	printf '%s\n%s\n%s\n' "$1" "$2" "${3:-}" >"$hw/result"
}

# status TEXT: the host's line (written again only when it changes).
status() {
	[ "$*" = "$status_was" ] && return 0
	status_was=$*
	printf '%s\n' "$*" >"$hw/status.new" && mv -f "$hw/status.new" "$hw/status"
}

# last_line FILE: its last non-empty line, without control characters.
last_line() {
	sed '/^[[:space:]]*$/d' "$1" 2>/dev/null | tail -n 1 | tr -d '\000-\037'
}

# new_local: the file here for the copy, results/<OS-triple>/NAME.<n>
# with the first n unused (made with noclobber: never another's), from
# the OS line of the copy; in local.
new_local() {
	nl_triple=$(sed -n 's/^\[OS: \(.*\)\]$/\1/p' "$hw/copy" | sed -n 1p)
	case "$nl_triple" in
	'') return 0 ;;
	.* | *[!A-Za-z0-9_.+-]*)
		why="its results file names a bad OS triple"
		return 1
		;;
	esac
	mkdir -p "$results_dir/$nl_triple" || return 1
	nl_n=0
	while ! (set -C && : >"$results_dir/$nl_triple/$name.$nl_n") 2>/dev/null
	do
		if ! [ -e "$results_dir/$nl_triple/$name.$nl_n" ]
		then
			why="cannot create $results_dir/$nl_triple/$name.$nl_n"
			return 1
		fi
		nl_n=$((nl_n + 1))
	done
	local=$results_dir/$nl_triple/$name.$nl_n
}

# poll: the host's progress and its results file so far, copied here.
poll() {
	rsh "$h" "sh $rscript --remote-poll $rdir" </dev/null \
		>"$hw/poll" 2>/dev/null 3>&- || return 1
	# Its first line ("P <progress>") read by the shell, the rest the
	# copy.
	po_line=
	{
		IFS= read -r po_line
		cat
	} <"$hw/poll" >"$hw/copy"
	case "$po_line" in
	"P "*) po_line=${po_line#P } ;;
	*) po_line= ;;
	esac
	[ -n "$po_line" ] && status "${po_line#latbw-run: }"
	# A line cut in the middle is left for the next copy: a cut number
	# looks like a real one.
	if [ -s "$hw/copy" ] && [ -n "$(tail -c 1 "$hw/copy")" ]
	then
		sed '$d' "$hw/copy" >"$hw/copy.lines" && mv -f "$hw/copy.lines" "$hw/copy"
	fi
	[ -s "$hw/copy" ] || return 0
	[ -n "$local" ] || new_local || return 1
	[ -n "$local" ] || return 0
	cat "$hw/copy" >"$local"
}

# mark_incomplete: the copy here ends with an INCOMPLETE line saying why,
# unless the driver there wrote one.
mark_incomplete() {
	grep -q '^\[INCOMPLETE: ' "$local" && return 0
	# shellcheck disable=SC2094 # its last line, then appended to
	{
		[ -n "$(tail -c 1 "$local")" ] && printf '\n'
		printf '[INCOMPLETE: %s %s (latbw-fleet)]\n' \
			"$(printf '%s' "$why" | tr -d '[]')" "$last_step" | sanitize
	} >>"$local"
}

# end_run: the lifeline closed (the host stops its driver if it still
# runs, and removes its directory), and the launcher given 5 s to end
# with it; then stopped.  Bounded, whatever the connection does.
end_run() {
	exec 3>&-
	er_i=0
	while [ "$er_i" -lt $((5 * tick_n)) ] && kill -0 "$run_pid" 2>/dev/null
	do
		sleep "$tick_s"
		er_i=$((er_i + 1))
	done
	kill -TERM "$run_pid" 2>/dev/null
	wait "$run_pid"
	reader_end
}

# finish: the host's result, from what is here; ends the job.
finish() {
	trap '' TERM
	[ -n "$run_pid" ] || reader_end
	if [ -n "$run_pid" ]
	then
		end_run
	elif [ -n "$rdir" ]
	then
		rsh "$h" "rm -rf $rdir" </dev/null >/dev/null 2>&1 3>&-
	fi
	[ "$is_ssh" = 1 ] && rsh -O exit "$h" </dev/null >/dev/null 2>&1 3>&-
	# A pair's other host: its directory (its servers exit when idle).
	if [ -n "$peer_rdir" ]
	then
		rsh "$peer" "rm -rf $peer_rdir" </dev/null >/dev/null 2>&1 3>&-
		[ "$is_ssh" = 1 ] && rsh -O exit "$peer" </dev/null >/dev/null 2>&1 3>&-
	fi
	mmss $(($(now_s) - job_t0))
	if [ -n "$local" ] && is_complete "$local"
	then
		fi_note=
		[ "$run_rc" = 1 ] && fi_note=", some programs failed"
		status "done in $mmss_s$fi_note: $local"
		result ok "$local"
	elif [ -n "$local" ]
	then
		mark_incomplete
		status "INCOMPLETE after $mmss_s ($why): $local"
		result incomplete "$local" "$why"
	else
		status "FAILED after $mmss_s: $why"
		result failed "" "$why"
	fi
	# The fleet ($$ in this subshell) woken: its job has ended.
	kill -USR1 "$$" 2>/dev/null
	exit 0
}

# shellcheck disable=SC2317 # called by the trap
# on_term: an interrupt here.  A trap runs when the command in hand ends,
# with that command's redirections still in place (poll's "3>&-" closes
# the lifeline): so while the run goes, the trap only notes the stop,
# and watch, between its commands, stops the run (stop_run).  Before the
# run, nothing is open but files: finish at once (a build here stopped).
on_term() {
	stop_asked=yes
	[ -n "$nap_pid" ] && kill "$nap_pid" 2>/dev/null
	[ -n "$run_pid" ] && return 0
	trap '' TERM
	why="interrupted here"
	[ -n "$build_pid" ] && kill -TERM "$build_pid" 2>/dev/null
	finish
}

# stop_run: the stop asked here: "stop" down the lifeline (the driver
# there marks its file INCOMPLETE and ends, the host says "done"), 5 s
# for it, what it measured copied; then the lifeline closed (finish), to
# which the host answers as to a stop.
stop_run() {
	why="interrupted here"
	kill -0 "$run_pid" 2>/dev/null || return 0
	printf 'stop\n' >&3 2>/dev/null
	sr_i=0
	while [ "$sr_i" -lt $((5 * tick_n)) ] && ! run_said_done &&
		kill -0 "$run_pid" 2>/dev/null
	do
		sleep "$tick_s"
		sr_i=$((sr_i + 1))
	done
	run_said_done && poll
	return 0
}

# probe: the host's uname -m, in arch.
probe() {
	status "asking uname -m"
	if ! rsh "$h" 'uname -m' </dev/null >"$hw/probe" 2>"$hw/probe.err"
	then
		why="unreachable: $(last_line "$hw/probe.err")"
		return 1
	fi
	arch=$(sed -n 1p "$hw/probe")
	case "$arch" in
	'' | *[!A-Za-z0-9_]*)
		why="uname -m said '$(tr -d '\000-\037' <"$hw/probe" | sed -n 1p)'"
		return 1
		;;
	esac
}

# watch: start the run, its standard input the lifeline (a fifo this job
# holds open on fd 3: closed, the host stops the driver and cleans up),
# and copy its file here until it ends, or a stop is asked (stop_run).
watch() {
	if ! { mkfifo "$hw/life" && mkfifo "$hw/out"; }
	then
		why="cannot make a fifo in $hw"
		return 1
	fi
	# The run's output goes through the reader (run_reader), which tells
	# this job (its PID: the parent of the sh started here) its news.
	job_pid=$(exec sh -c 'echo "$PPID"')
	trap on_news USR1
	: >"$hw/run.out"
	run_reader <"$hw/out" >"$hw/run.out" 3>&- &
	reader_pid=$!
	rsh -x "$h" "sh $rscript --remote-run $rdir" <"$hw/life" \
		>"$hw/out" 2>"$hw/run.err" &
	run_pid=$!
	exec 3>"$hw/life"
	status "starting"
	last_step="before its first step"
	while [ -z "$stop_asked" ]
	do
		if run_said_done
		then
			poll
			break
		fi
		kill -0 "$run_pid" 2>/dev/null || break
		if poll
		then
			w_step=$(sed -n 's/^\[\([0-9][0-9]*\)\/\([0-9][0-9]*\)\] .*/after step \1 of \2/p' "$hw/status")
			[ -n "$w_step" ] && last_step=$w_step
		fi
		nap_run
	done
	[ -n "$stop_asked" ] && stop_run
	# Its launcher ended: all it said copied, for run_end.
	kill -0 "$run_pid" 2>/dev/null || reader_end
	return 0
}

# run_end: why the run ended, from what it said.
run_end() {
	run_rc=$(sed -n 's/^done //p' "$hw/run.out")
	if grep -q '^buildfail ' "$hw/run.out"
	then
		why="the build there failed: $(sed -n 's/^buildfail //p' "$hw/run.out")"
	elif [ -n "$stop_asked" ]
	then
		why="interrupted here"
	elif [ -z "$run_rc" ]
	then
		wait "$run_pid"
		why="the connection was lost ($rsh_prog exit status $?)"
		run_pid=
	elif [ "$run_rc" != 0 ] && [ "$run_rc" != 1 ]
	then
		why="latbw-run there exited $run_rc: $(last_line "$hw/run.err")"
	fi
}

# job_start: a job's state, fresh, and its clock started; TERM stops it.
# INT and HUP it ignores: Ctrl-C and a hangup reach the whole process
# group, and the fleet, which traps them, stops each job by TERM, so
# that its run there is stopped and its file marked.  (dash starts a
# background job with INT ignored already; bash, as sh, does not.)
job_start() {
	rdir=
	sub=l
	rscript=
	run_pid=
	run_rc=
	local=
	why=
	peer=
	peer_rdir=
	job_settings=
	stop_asked=
	nap_pid=
	status_was="
"
	run_news=
	job_pid=
	reader_pid=
	build_pid=
	last_step="before the run began"
	job_t0=$(now_s)
	trap '' INT HUP
	trap on_term TERM
}

host_job() {
	h=$2
	name=$3
	hw=$work/h$1
	job_start
	probe || finish
	what_travels || finish
	ship || finish
	watch || finish
	run_end
	finish
}

# shellcheck shell=sh
# latbw-bound.sh - part of latbw-run: the clock, and processes under a
# time bound: whose a PID is (start time and parent), the watchdog and the
# guardian's guard_bounds that stop what overruns, and wait_bounded and
# bounded, through which the driver waits for every process it starts.
# Sourced by scripts/latbw-run (it defines functions, and the settings
# they use); not a command of its own.

# now: sets now_s, a count of seconds for measuring elapsed times (only
# differences of two are used).  The seconds since boot where
# /proc/uptime tells them, read by the shell itself (the progress line
# takes it at every step); else the seconds since the epoch (date +%s
# is not POSIX; awk's srand is).
now() {
	now_s=
	if [ -r /proc/uptime ]
	then
		{ read -r now_s _ </proc/uptime; } 2>/dev/null
		now_s=${now_s%%.*}
	fi
	case "$now_s" in
	'' | *[!0-9]*) now_s=$(date +%s 2>/dev/null) ;;
	esac
	case "$now_s" in
	'' | *[!0-9]*) now_s=$(awk 'BEGIN { srand(); print srand() }') ;;
	esac
}

# uptime_cs: up_cs, the hundredths of a second since boot (/proc/uptime),
# or nothing where that is not to be read.
uptime_cs() {
	up_cs=
	[ -r /proc/uptime ] && { read -r up_cs _ </proc/uptime; } 2>/dev/null
	case "$up_cs" in
	[0-9]*.[0-9][0-9]) up_cs=${up_cs%.*}${up_cs#*.} ;;
	*) up_cs= ;;
	esac
	case "$up_cs" in
	*[!0-9]*) up_cs= ;;
	0*) up_cs=${up_cs#"${up_cs%%[!0]*}"} && up_cs=${up_cs:-0} ;;
	esac
}

# ------------------------------------------- processes, and whose they are
#
# A PID names a process only while it lives: once it is gone (and reaped)
# the kernel gives its PID to the next process, a stranger's as likely as
# ours.  So no helper of the driver signals a PID by number alone: it
# signals only a process it proves is the one it watches, by the start
# time that process had (with its PID, that names one process for the
# life of the machine) and by its parent.  And every helper exits as soon
# as the driver is gone: a driver killed with SIGKILL has no time to stop
# them, and a helper left behind could outlive its program.

# proc_state PID: sets ps_state, ps_ppid and ps_start for process PID (its
# state, its parent, its start time), all empty if there is no such
# process.  Linux: fields 3, 4 and 22 of /proc/PID/stat, read by the shell
# itself (helpers poll it every second; it starts no process).
# Elsewhere: ps's stat, ppid and lstart (blanks removed).
proc_state() {
	ps_state=
	ps_ppid=
	ps_start=
	if [ -r /proc/self/stat ]
	then
		stat_fields=
		{ IFS= read -r stat_fields <"/proc/$1/stat"; } 2>/dev/null
		# The command name (field 2) is in parentheses and may hold
		# blanks and parentheses: the fields after its last ") ".
		stat_fields=${stat_fields##*") "}
		set -f
		# shellcheck disable=SC2086 # fields, split on purpose
		set -- $stat_fields
		set +f
		[ "$#" -ge 20 ] || return 0
		ps_state=$1
		ps_ppid=$2
		shift 19
		ps_start=$1
	else
		set -f
		# shellcheck disable=SC2046 # fields, split on purpose
		set -- $(ps -o stat= -o ppid= -o lstart= -p "$1" 2>/dev/null)
		set +f
		[ "$#" -ge 3 ] || return 0
		ps_state=$1
		ps_ppid=$2
		shift 2
		ps_start=$(printf '%s' "$*" | tr -d ' ')
	fi
}

# same_proc PID START: PID is still the live process (not a zombie) that
# started at START.
same_proc() {
	proc_state "$1"
	[ -n "$2" ] && [ "$ps_start" = "$2" ] || return 1
	case "$ps_state" in
	Z* | X* | x*) return 1 ;;
	esac
	return 0
}

# driver_alive: the driver that started this helper still runs.
driver_alive() {
	if [ -n "$driver_start" ]
	then
		same_proc "${driver_pid:?}" "$driver_start"
	else
		ps -p "$driver_pid" >/dev/null 2>&1
	fi
}

# descendants PID: the processes under PID (children, their children...),
# as "pid ppid" lines, each after its parent's, from ps -e -o pid= -o
# ppid= (POSIX).
descendants() {
	ps -e -o pid= -o ppid= 2>/dev/null | awk -v top="$1" '
		{ parent[$1] = $2 }
		END {
			want[top] = 1
			do {
				found = 0
				for (p in parent)
					if ((parent[p] in want) && !(p in want)) {
						want[p] = 1
						found = 1
						print p, parent[p]
					}
			} while (found)
		}'
}

# kill_tree SIG PID START: signal PID and everything under it (a program
# killed with SIGKILL cannot stop its own children), if PID is still the
# driver's child that started at START; each process under it is taken
# only if its parent is one already taken.  Prints "pid:start" for each
# process signalled, for a second round (kill_again); nothing if PID is
# not that process any more.
kill_tree() {
	proc_state "$2"
	[ -n "$3" ] && [ "$ps_start" = "$3" ] && [ "$ps_ppid" = "$driver_pid" ] ||
		return 0
	case "$ps_state" in
	Z* | X* | x*) return 0 ;;
	esac
	tree_pids=" $2 "
	tree_list="$2:$3"
	while read -r tree_pid tree_ppid
	do
		case "$tree_pids" in
		*" $tree_ppid "*) ;;
		*) continue ;;
		esac
		proc_state "$tree_pid"
		if [ -n "$ps_start" ] && [ "$ps_ppid" = "$tree_ppid" ]
		then
			tree_pids="$tree_pids$tree_pid "
			tree_list="$tree_list $tree_pid:$ps_start"
		fi
	done <<EOF
$(descendants "$2")
EOF
	for tree_entry in $tree_list
	do
		kill "-$1" "${tree_entry%%:*}" 2>/dev/null
	done
	printf '%s\n' "$tree_list"
}

# kill_again SIG PID:START...: signal each process that is still the one
# that started at START.
kill_again() {
	again_signal=$1
	shift
	for again_entry in "$@"
	do
		if same_proc "${again_entry%%:*}" "${again_entry#*:}"
		then
			kill "-$again_signal" "${again_entry%%:*}" 2>/dev/null
		fi
	done
}

# ------------------------------------------ helpers that poll, woken early
#
# The watchdogs and the guardian poll once a second (a watchdog its
# process, the guardian its flag file; both the driver), and the driver's
# clean-up waits for them to exit: up to a second at the end of every
# run.  So the driver notes each one it starts (note_helper) and, when it
# has removed the guardian's flag, wakes them (wake_helpers): a SIGTERM
# ends the sleep of their poll, and they exit at once.  Both sides name a
# process by PID and start time (same_proc): the driver signals only its
# own helper, and a helper only its own sleep.  Without /proc (where
# reading a start time would start ps every second) they poll as before.

helper_procs=

# note_helper PID: the driver started helper PID (in the background).
# Keeps "pid:start" of it and of the noted helpers whose PID is still
# in use.  That test is a stat of /proc/PID, not a read of its start time
# (a step notes two helpers while a score of earlier ones still poll, and
# the shell reads a file a byte at a time): a PID taken by another
# process since is only kept a little longer, and wake_helpers proves
# whose it is before it signals.
note_helper() {
	[ -r /proc/self/stat ] || return 0
	nh_keep=
	for nh_entry in $helper_procs
	do
		[ -d "/proc/${nh_entry%%:*}" ] && nh_keep="$nh_keep $nh_entry"
	done
	proc_state "$1"
	[ -n "$ps_start" ] && nh_keep="$nh_keep $1:$ps_start"
	helper_procs=$nh_keep
}

# wake_helpers: SIGTERM to each noted helper that is still the driver's
# child that started then (it exits on waking).
wake_helpers() {
	for wh_entry in $helper_procs
	do
		if same_proc "${wh_entry%%:*}" "${wh_entry#*:}" &&
			[ "$ps_ppid" = "$driver_pid" ]
		then
			kill -TERM "${wh_entry%%:*}" 2>/dev/null
		fi
	done
	helper_procs=
}

# helper_traps: in a helper, first: a SIGTERM stops the sleep it is in
# (helper_sleep), and the helper goes on to check its flag (the guardian)
# or sees helper_woken set (a watchdog): either way, it exits.
helper_traps() {
	helper_nap=
	helper_nap_start=
	helper_woken=
	trap 'helper_wake' TERM
}

helper_wake() {
	helper_woken=yes
	if [ -n "$helper_nap" ] && same_proc "$helper_nap" "$helper_nap_start"
	then
		kill -TERM "$helper_nap" 2>/dev/null
	fi
}

# helper_sleep: sleep a second, in a way a SIGTERM can cut short (a trap
# runs only after a foreground command ends, but during "wait").
helper_sleep() {
	if ! [ -r /proc/self/stat ]
	then
		sleep 1
		return
	fi
	sleep 1 &
	helper_nap=$!
	proc_state "$helper_nap"
	helper_nap_start=$ps_start
	wait "$helper_nap"
	helper_nap=
}

# watchdog PID SECS MARK: stop PID, a child of the driver, and what it
# started (TERM, then KILL 5 s later) if it still runs after SECS
# seconds; MARK (a file) is made first, to tell the driver.  It takes
# PID's start time first, and signals nothing but that process and what
# is under it (kill_tree).  Polls once a second, so that it ends soon
# after PID has ended (it then has nothing to stop), or the driver is
# gone (the program bounds itself with its -B: an orphan does not run for
# ever), or the driver's clean-up woke it (wake_helpers).
watchdog() {
	helper_traps
	proc_state "$1"
	watched_start=$ps_start
	[ "$ps_ppid" = "$driver_pid" ] || watched_start=
	waited_secs=0
	while [ "$waited_secs" -lt "$2" ]
	do
		helper_sleep
		watching "$1" "$watched_start" || exit 0
		waited_secs=$((waited_secs + 1))
	done
	# The mark first: the driver reads it as soon as the program dies of
	# the TERM, which may be before kill_tree returns.
	: >"$3"
	signalled_list=$(kill_tree TERM "$1" "$watched_start")
	if [ -z "$signalled_list" ]
	then
		rm -f "$3"
		exit 0
	fi
	waited_secs=0
	while [ "$waited_secs" -lt 5 ]
	do
		helper_sleep
		[ -z "$helper_woken" ] && driver_alive || exit 0
		waited_secs=$((waited_secs + 1))
	done
	# shellcheck disable=SC2086 # a list of pid:start words
	kill_again KILL $signalled_list
}

# watching PID START: a watchdog goes on watching: not woken by the
# driver's clean-up, the driver still runs, and so does PID (not a zombie).
watching() {
	[ -z "$helper_woken" ] && driver_alive && same_proc "$1" "$2"
}

# ---------------------------------------- one run under a time bound
#
# Every process the driver waits for is waited for here: a step's
# program, a server starting or stopping, a remote shell, the filter, a
# program stopped by a signal.  The watchdog beside it stands down once
# that process has ended: the driver starts nothing to tell it (no file
# to remove), and goes on at once to its next step.  Each wait has a mark
# of its own ($work/killed.N), so that a wait begun by the signal handler
# does not share one with the wait it interrupted.  A process that has
# already ended (the filter, often, once its program has) is waited for
# at once, with no watchdog: a zombie, or no process at all (the shell
# reaps a child that ends while it waits for another, and keeps its
# status for the wait).

# wait_bounded PID SECS: wait for PID, a child of the driver, for at most
# SECS seconds; then it and what it started are stopped (TERM, then KILL
# 5 s later).  Sets rc (its exit status) and killed (yes when it was
# stopped).  While the guardian runs (guardian_pid, Linux) it keeps the
# time: the wait is written to work/bound.N (N: how many waits are open,
# one inside another when a signal came during a wait) as "PID START
# DEADLINE MARK", for guard_bounds, and emptied after.  Otherwise, and for
# SECS 0 (at once: the signal handler), a watchdog of its own does; a
# watchdog costs a fork and a sleep(1) as each program starts, beside its
# first samples (on a guest whose exec takes 9 ms, half a short step).
wait_bounded() {
	killed=no
	ps_start=
	if [ -r /proc/self/stat ]
	then
		proc_state "$1"
		case "$ps_state" in
		'' | Z*)
			wait "$1" 2>/dev/null
			rc=$?
			return 0
			;;
		esac
	fi
	bound_waits=$((${bound_waits:-0} + 1))
	set -- "$1" "$2" "${work:?}/killed.$bound_waits"
	if [ "$2" -gt 0 ] && [ -n "$ps_start" ] && [ -n "${guardian_pid:-}" ] &&
		[ -d "/proc/$guardian_pid" ]
	then
		bound_open=$((${bound_open:-0} + 1))
		now
		# A whole second more: now_s is a second that has begun.
		printf '%s %s %s %s\n' "$1" "$ps_start" $((now_s + $2 + 1)) "$3" \
			>"$work/bound.$bound_open"
		wait "$1" 2>/dev/null
		rc=$?
		: >"$work/bound.$bound_open"
		bound_open=$((bound_open - 1))
	else
		watchdog "$1" "$2" "$3" &
		note_helper "$!"
		wait "$1" 2>/dev/null
		rc=$?
	fi
	if [ -f "$3" ]
	then
		killed=yes
		rm -f "$3"
	fi
}

# guard_bounds: in the guardian, once a second: each wait of the driver
# (work/bound.N) past its deadline is ended as a watchdog ends it: its
# mark made, TERM to the process (if it is still the one that started
# then, the driver's child) and what it started, KILL to what is left of
# them 5 s later (guard_term, at guard_kill_at).
guard_bounds() {
	now
	if [ -n "${guard_term:-}" ] && [ "$now_s" -ge "$guard_kill_at" ]
	then
		# shellcheck disable=SC2086 # a list of pid:start words
		kill_again KILL $guard_term
		guard_term=
	fi
	for gb_file in "$work"/bound.*
	do
		gb_mark=
		{ read -r gb_pid gb_start gb_deadline gb_mark <"$gb_file"; } 2>/dev/null
		if [ -z "$gb_mark" ] || [ "$now_s" -lt "$gb_deadline" ]
		then
			continue
		fi
		case " ${guard_done:-} " in
		*" $gb_pid:$gb_start "*) continue ;;
		esac
		if ! same_proc "$gb_pid" "$gb_start" || [ "$ps_ppid" != "$driver_pid" ]
		then
			continue
		fi
		guard_done="${guard_done:-} $gb_pid:$gb_start"
		: >"$gb_mark"
		gb_list=$(kill_tree TERM "$gb_pid" "$gb_start")
		if [ -z "$gb_list" ]
		then
			rm -f "$gb_mark"
			continue
		fi
		guard_term=$(printf '%s %s' "${guard_term:-}" "$gb_list" | tr '\n' ' ')
		guard_kill_at=$((now_s + 5))
	done
}

# bounded SECS OUT CMD ARGS...: run CMD ARGS (stdin /dev/null, stdout and
# stderr to OUT) under a time bound of SECS seconds (wait_bounded).  While
# it runs its PID is in prog_pid, which the signal handler stops first.
# Sets rc and killed; true when CMD exited 0 and was not stopped.
bounded() {
	bound_secs=$1
	bound_out=$2
	shift 2
	"$@" >"$bound_out" 2>&1 </dev/null &
	prog_pid=$!
	wait_bounded "$prog_pid" "$bound_secs"
	prog_pid=
	[ "$rc" -eq 0 ] && [ "$killed" = no ]
}

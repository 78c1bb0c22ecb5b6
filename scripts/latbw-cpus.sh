# shellcheck shell=sh
# latbw-cpus.sh - part of latbw-run: where and how the programs run: the
# CPUs of a step (the plan's cross-CPU pair, the quiet CPUs latbw-quiet
# names as a step begins) and the priority and session they start in.
# Sourced by scripts/latbw-run (it defines functions, and the settings
# they use); not a command of its own.

# ------------------------------------------------------------ the CPUs

# cpu_list TEXT: cl_cpus, the CPU numbers of a sysfs list ("0-3,8"), each
# with a blank before and after it (" 0 1 2 3 8 ").
cpu_list() {
	cl_cpus=" "
	cl_ifs=$IFS
	IFS=,
	set -f
	for cl_range in $1
	do
		cl_lo=${cl_range%%-*}
		cl_hi=${cl_range#*-}
		case "$cl_lo:$cl_hi" in
		*[!0-9:]* | :* | *:) continue ;;
		esac
		while [ "$cl_lo" -le "$cl_hi" ]
		do
			cl_cpus="$cl_cpus$cl_lo "
			cl_lo=$((cl_lo + 1))
		done
	done
	set +f
	IFS=$cl_ifs
}

# cross_pair: plan_pair, the -C list of the cross-CPU placement, "0,N", or
# nothing on a one-CPU machine.  N is the first online CPU after 0 that is
# not one of cpu0's SMT siblings (two threads of one core share its caches
# and wake each other more cheaply than two cores do); if every CPU is a
# sibling of cpu0 (one core, two threads), the first other CPU.
cross_pair() {
	plan_pair=
	line_of /sys/devices/system/cpu/online
	if [ -z "$rl_line" ]
	then
		cp_n=$(getconf _NPROCESSORS_ONLN 2>/dev/null)
		case "$cp_n" in
		'' | *[!0-9]*) return 0 ;;
		esac
		[ "$cp_n" -ge 2 ] && plan_pair=0,1
		return 0
	fi
	cpu_list "$rl_line"
	cp_online=$cl_cpus
	line_of /sys/devices/system/cpu/cpu0/topology/thread_siblings_list
	cpu_list "$rl_line"
	cp_first=
	cp_core=
	for cp_cpu in $cp_online
	do
		[ "$cp_cpu" = 0 ] && continue
		[ -z "$cp_first" ] && cp_first=$cp_cpu
		case "$cl_cpus" in
		*" $cp_cpu "*) ;;
		*)
			cp_core=$cp_cpu
			break
			;;
		esac
	done
	cp_other=${cp_core:-$cp_first}
	[ -n "$cp_other" ] && plan_pair=0,$cp_other
	return 0
}

# client_of_server KIND PROG: is this step a run of the program whose
# server is up (its client, to be pinned where the server was)?
client_of_server() {
	[ "$1" = run ] && [ -n "${server_up:-}" ] && [ "$server_up" = "$2" ]
}

# quiet_ask one|pair: quiet_said, what latbw-quiet (with -p for a pair)
# says, or nothing without it.  It watches the CPUs for 50 ms, more than
# a short step lasts (a quick run asked 110 times, 6 s of its 95): an
# answer less than a second old is kept for the next step of that kind
# (a neighbour that comes and goes faster than that, a 50 ms look does
# not catch either).
quiet_ask() {
	quiet_said=
	[ -x "${bin:?}/latbw-quiet" ] || return 0
	uptime_cs
	case "$1" in
	pair) qa_said=${quiet_pair:-} qa_cs=${quiet_pair_cs:-} ;;
	*) qa_said=${quiet_one:-} qa_cs=${quiet_one_cs:-} ;;
	esac
	if [ -n "$up_cs" ] && [ -n "$qa_cs" ] && [ -n "$qa_said" ] &&
		[ $((up_cs - qa_cs)) -ge 0 ] && [ $((up_cs - qa_cs)) -lt 100 ]
	then
		quiet_said=$qa_said
		return 0
	fi
	if [ "$1" = pair ]
	then
		quiet_said=$("$bin/latbw-quiet" -p 2>/dev/null)
		uptime_cs
		quiet_pair=$quiet_said quiet_pair_cs=$up_cs
	else
		quiet_said=$("$bin/latbw-quiet" 2>/dev/null)
		uptime_cs
		quiet_one=$quiet_said quiet_one_cs=$up_cs
	fi
}

# same_cpu KIND PROG: step_cpu, the CPU of a same-CPU step: SAME_CPU's
# number; or, for SAME_CPU=quiet, the one latbw-quiet chooses as the step
# begins (quiet_ask; CPU 0 unless another was clearly quieter: a busy
# neighbour on CPU 0 would be part of every exchange).  The clients of a
# server run where their server was started.  Without latbw-quiet: the
# first CPU.
same_cpu() {
	if [ "${c_SAME_CPU:?}" != quiet ]
	then
		step_cpu=$c_SAME_CPU
		return
	fi
	if client_of_server "$1" "$2" && [ -n "${server_cpu:-}" ]
	then
		step_cpu=$server_cpu
		return
	fi
	if [ -n "${step_lead_cpu:-}" ]
	then
		step_cpu=$step_lead_cpu
	else
		quiet_ask one
		step_cpu=$quiet_said
	fi
	case "$step_cpu" in
	'' | *[!0-9]*) step_cpu=0 ;;
	esac
	[ "$1" = server ] && server_cpu=$step_cpu
}

# cross_cpus KIND PROG: step_pair, the two CPUs of a cross-CPU step: for
# SAME_CPU=quiet, the pair latbw-quiet -p names as the step begins (the
# plan's pair, 0 and the first CPU of another core, unless another CPU
# was clearly quieter than one of them: a busy neighbour on a CPU of the
# pair would be part of every exchange; a machine of two CPUs keeps its
# pair).  The clients of a server run where their server was started.
# For SAME_CPU=N, or without latbw-quiet: the plan's pair.
cross_cpus() {
	if client_of_server "$1" "$2" && [ -n "${server_pair:-}" ]
	then
		step_pair=$server_pair
		return
	fi
	step_pair=
	if [ "$c_SAME_CPU" = quiet ] && [ -n "${step_lead_pair:-}" ]
	then
		step_pair=$step_lead_pair
	elif [ "$c_SAME_CPU" = quiet ]
	then
		quiet_ask pair
		step_pair=$quiet_said
	fi
	case "$step_pair" in
	*[!0-9,]* | *,*,* | ,* | *,) step_pair=$plan_pair ;;
	*,*) ;;
	*) step_pair=$plan_pair ;;
	esac
	[ "$1" = server ] && server_pair=$step_pair
}

# ------------------------------------------------------ the priority

# nice_of [CMD ARGS...]: nice_v, the nice value of a process started as
# CMD ARGS (nice -n N, say; nothing: as this one), or nothing if it cannot
# be told.  Linux: field 19 of /proc/self/stat; elsewhere ps's nice.
nice_of() {
	nice_v=
	if [ "$#" -eq 0 ] && [ -r /proc/self/stat ]
	then
		# This shell's own: read by the shell itself.
		no_fields=
		{ IFS= read -r no_fields <"/proc/$$/stat"; } 2>/dev/null
		no_fields=${no_fields##*") "}
		set -f
		# shellcheck disable=SC2086 # fields, split on purpose
		set -- $no_fields
		set +f
		[ "$#" -ge 17 ] && shift 16 && nice_v=$1
	else
		# shellcheck disable=SC2016 # awk's $17, not the shell's
		nice_v=$("$@" awk '{ sub(/^.*\) /, ""); print $17 }' /proc/self/stat 2>/dev/null)
	fi
	case "$nice_v" in
	[0-9] | 1[0-9] | -[1-9] | -1[0-9] | -20) ;;
	*)
		# shellcheck disable=SC2016 # the inner shell's $$
		nice_v=$("$@" sh -c 'ps -o nice= -p $$' 2>/dev/null | tr -d ' ')
		;;
	esac
	case "$nice_v" in
	[0-9] | 1[0-9] | -[1-9] | -1[0-9] | -20) ;;
	*) nice_v= ;;
	esac
}

# set_priority: the nice value the programs and servers run at (NICE:
# the highest priority allowed, by default, so that a neighbour busy on
# a CPU takes little of a measurement's time).  Sets nice_inc (nice(1)'s
# increment, 0 for none) and run_nice (the value they get, or empty if
# it cannot be told).  A value not allowed here (below ours, without
# root) is said once; the programs then run at ours.  Also sets
# own_group (set_own_group).
set_priority() {
	nice_inc=0
	own_group=
	start_group=
	start_opts=
	nice_of
	run_nice=$nice_v
	[ "${c_NICE:?}" = off ] && return 0
	[ -n "$run_nice" ] || return 0
	if [ "$c_NICE" -ne "$run_nice" ]
	then
		nice_of nice -n $((c_NICE - run_nice))
		if [ "$nice_v" = "$c_NICE" ]
		then
			nice_inc=$((c_NICE - run_nice))
			run_nice=$c_NICE
		else
			say "programs run at nice $run_nice: NICE=$c_NICE is not allowed here (needs root or CAP_SYS_NICE; NICE=off not to try)"
		fi
	fi
	set_own_group
	# latbw-start does it all in one exec where it is (set_own_group).
	start_opts=
	if [ -n "$start_group" ] || { [ "$nice_inc" -ne 0 ] && [ -x "$bin/latbw-start" ]; }
	then
		start_opts=$start_group
		[ "$nice_inc" -ne 0 ] && start_opts="${start_opts:+$start_opts }-n $nice_inc"
	fi
	return 0
}

# started PROG ARGS...: become PROG ARGS at the programs' priority (NICE),
# in a session of its own where set_priority found one can be had; run in
# the background (bounded), so that its PID is the program's.
started() {
	if [ -n "$start_opts" ]
	then
		# shellcheck disable=SC2086 # options without blanks (set_priority)
		exec "$bin/latbw-start" $start_opts "$@"
	fi
	[ "${nice_inc:-0}" -ne 0 ] && set -- nice -n "$nice_inc" "$@"
	# shellcheck disable=SC2086 # setsid and its option (set_own_group)
	[ -n "$own_group" ] && set -- $own_group sh -c "$own_group_sh" sh "$run_nice" "$@"
	exec "$@"
}

# With Linux's autogroups on, a nice value counts only against the
# processes of the same session: a neighbour started from another
# terminal competes as a group of its own, whatever our nice value.
# Worse, at nice -20 in the driver's session, with a spinner on the
# other CPU, lat_pipe on one CPU measured 7.0 to 9.0 us in 2 runs of 3,
# against 5.1 at -10 or quiet (the cause not found: no migrations, no
# extra interrupts on its CPU).  So each program starts a session of its
# own (setsid), whose autogroup gets the same nice value: with that,
# 5.1 to 5.3 us in 16 runs of 16, and bw_pipe between two CPUs beside a
# spinner of another session 1310 to 1520 MB/s, against 600 to 800 at
# nice -20 alone.  start_group holds latbw-start's options for that
# ("-s -g N": one exec, where setsid, sh and nice took three, 30 ms on a
# guest whose exec costs 9); without the helper, own_group holds the
# setsid command (with -w where it has it, should it have to fork).  Both
# are empty where there are no autogroups, no setsid, or the value is not
# allowed.  Root only: for others the kernel lets an autogroup's value
# change ten times a second at most, and only upwards.
set_own_group() {
	start_group=
	line_of /proc/sys/kernel/sched_autogroup_enabled
	[ "$rl_line" = 1 ] || return 0
	[ -n "$run_nice" ] && is_root || return 0
	if [ -x "$bin/latbw-start" ]
	then
		group_nice "$bin/latbw-start" -s -g "$run_nice"
		if [ "$gn_nice" = "$run_nice" ]
		then
			start_group="-s -g $run_nice"
			return 0
		fi
	fi
	for s in "setsid -w" setsid
	do
		# shellcheck disable=SC2086 # the command and its option
		group_nice $s sh -c "$own_group_sh" sh "$run_nice"
		if [ "$gn_nice" = "$run_nice" ]
		then
			own_group=$s
			return 0
		fi
	done
}

# group_nice CMD ARGS...: gn_nice, the nice value of the autogroup that
# "CMD ARGS cat /proc/self/autogroup" shows ("/autogroup-N nice V"), or
# nothing.
group_nice() {
	gn_nice=$("$@" cat /proc/self/autogroup 2>/dev/null)
	case "$gn_nice" in
	*"
"*) gn_nice= ;;
	*" nice "*)
		gn_nice=${gn_nice##* nice }
		case "$gn_nice" in
		*[!0-9-]* | *[0-9]-*) gn_nice= ;;
		esac
		;;
	*) gn_nice= ;;
	esac
}

# is_root: the effective user is root: the Uid: line of /proc/self/status
# (real, effective, ...), read by the shell itself; else id -u.
is_root() {
	ir_uid=
	if [ -r /proc/self/status ]
	then
		while read -r ir_key _ ir_uid _
		do
			[ "$ir_key" = Uid: ] && break
			ir_uid=
		done </proc/self/status
	fi
	case "$ir_uid" in
	'' | *[!0-9]*) ir_uid=$(id -u) ;;
	esac
	[ "$ir_uid" = 0 ]
}

# The command a program runs under in its own session: sets the
# autogroup's nice value ($1), then becomes the program.
# shellcheck disable=SC2016 # the inner shell's $1 and $@
own_group_sh='echo "$1" >/proc/self/autogroup 2>/dev/null; shift; exec "$@"'

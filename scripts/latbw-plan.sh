# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # shared variables: set in one file, used in another
# latbw-plan.sh - part of latbw-run: the plan: every step of a run, one
# line each (gen_plan), the sizes it sweeps and the CPUs it pins to, and
# which steps BENCHMARKS selects; how many steps and rounds (count_steps,
# more_rounds).  Sourced by scripts/latbw-run (it
# defines functions, and the settings they use); not a command of its own.

# -------------------------------------------------------------- the plan
#
# One line per step: KIND|TAGS|WEIGHT|FLAGS|TEXT
#   series    TEXT is a series title, written before the first program of
#             the series that runs (and a blank line after it, at "end")
#   run       TEXT is "prog args": run it, its lines go to the file
#   server    TEXT is "prog": start "prog -s"; "stop": "prog -S localhost"
#   mhz, line run the program for a header key
# TAGS are the groups a step belongs to (its program name is one too);
# WEIGHT is its expected time in tenths of a second (for the estimate of
# the time left); FLAGS: "P" the program takes -P copies, "N5" at most
# 5 samples in a default run, "O" first round only, "G" a graph's point
# (a sweep's point below its last): first round only, with the samples
# of a run of one round, "X" see the filter, "A" run only if the
# step before could not run here (exit 3): an alternative to it.
# @FILE@ (a file of MB megabytes), @STAT@ (an empty file) and @DIR@ (a
# directory) are placeholders, all inside FSDIR.  The steps are made from
# scripts/registry (one line a step, described at its top).

# registry WHAT [AWK-ARGS...]: what registry.awk makes of the registry
# (scripts/registry, the one list of what is measured): the plan, the
# groups, the programs (WHAT: plan, groups, progs).
registry() {
	rg_what=$1
	shift
	awk -v what="$rg_what" -v me="$me" "$@" -f "$script_dir/registry.awk" "$LATBW_REGISTRY"
}

# plan_sizes: sweep_mb, the largest size of every sweep (and the size of
# the file the file and mmap benchmarks read).  A full run sweeps to MB.
# Quick mode stops at twice the last-level cache (the least the summary
# reads main memory at), rounded up to a size of lat_mem_rd's (grid_mb),
# at least 8 MB, when that is less than MB: its cost then does not grow
# with the machine's memory.  A sweep's cost grows with its number of points: the latency
# curves link each element of their largest array about once (mem_chain),
# and the points of the bandwidth sweeps take a fixed number of samples.
plan_sizes() {
	sweep_mb=$c_MB
	if [ "$c_QUICK" = 1 ]
	then
		ps_q=$(grid_mb $((plan_llc * 2)))
		[ "$plan_llc" -eq 0 ] && ps_q=64
		[ "$sweep_mb" -gt "$ps_q" ] && sweep_mb=$ps_q
	fi
}

# cpu_list TEXT: the CPU numbers of a sysfs list ("0-3,8"), one a line.
cpu_list() {
	printf '%s\n' "$1" | awk -F ',' '{
		for (i = 1; i <= NF; i++) {
			if (split($i, r, "-") == 2) { lo = r[1]; hi = r[2] } else lo = hi = $i
			if (lo !~ /^[0-9]+$/ || hi !~ /^[0-9]+$/) continue
			for (c = lo + 0; c <= hi + 0; c++) print c
		}
	}'
}

# cross_pair: the -C list of the cross-CPU placement, "0,N", or nothing on
# a one-CPU machine.  N is the first online CPU after 0 that is not one of
# cpu0's SMT siblings (two threads of one core share its caches and wake
# each other more cheaply than two cores do); if every CPU is a sibling of
# cpu0 (one core, two threads), the first other CPU.
cross_pair() {
	cp_online=$(read_line /sys/devices/system/cpu/online)
	if [ -z "$cp_online" ]
	then
		cp_n=$(getconf _NPROCESSORS_ONLN 2>/dev/null)
		case "$cp_n" in
		'' | *[!0-9]*) return 0 ;;
		esac
		[ "$cp_n" -ge 2 ] && printf '0,1\n'
		return 0
	fi
	cp_sib=" $(cpu_list "$(read_line /sys/devices/system/cpu/cpu0/topology/thread_siblings_list)" | tr '\n' ' ')"
	cp_first=
	cp_core=
	for c in $(cpu_list "$cp_online")
	do
		[ "$c" = 0 ] && continue
		[ -z "$cp_first" ] && cp_first=$c
		case "$cp_sib" in
		*" $c "*) ;;
		*)
			cp_core=$c
			break
			;;
		esac
	done
	cp_other=${cp_core:-$cp_first}
	[ -n "$cp_other" ] && printf '0,%s\n' "$cp_other"
	return 0
}

# gen_plan: the plan, from the registry.  Every two-party benchmark runs
# pinned: on one CPU (-C @CPU@: the lmbench latency cells and the context-
# switch table), and across two CPUs (-C @PAIR@: a table of its own, under
# labels lmbench's readers do not know, and the bandwidth cells); a one-
# CPU machine has the same-CPU runs only.  Each step's CPUs are chosen as
# it begins (latbw-step.sh); plan_pair is the cross-CPU default.
gen_plan() {
	plan_pair=$(cross_pair)
	registry plan -v quick="$c_QUICK" -v mb="$sweep_mb" \
		-v cross="${plan_pair:+@PAIR@}" -v remote="$c_REMOTE"
}

# selected TAGS PROG: is this step chosen by BENCHMARKS?
selected() {
	case "$1" in
	always) return 0 ;;
	esac
	for w in $c_BENCHMARKS
	do
		[ "$w" = all ] && return 0
		[ "$w" = "$2" ] && return 0
		case " $1 " in
		*" $w "*) return 0 ;;
		esac
	done
	return 1
}

# count_steps: nsteps and wtotal, the steps of the run and their weight.
count_steps() {
	# shellcheck disable=SC2046 # two numbers: the steps and their weight
	set -- $(awk -F '|' -v r="$rounds" -v m="${skip_m:-0}" '$1 == "series" || $1 == "end" { next }
		$1 == "mhz" || $1 == "line" || $4 ~ /[OG]/ || (m && $4 ~ /M/) { n1++; w1 += $3; next }
		{ n++; w += $3 }
		END { print n * r + n1 + 0, w * r + w1 + 0 }' "$work/plan")
	nsteps=$1
	wtotal=$2
}

# quick_fit: quick mode, after round 1 (which began at round_t0): when
# the rounds left, each as long as round 1, would not end within
# round_budget seconds of the start, the later rounds leave out the steps
# flagged M, the ones the memory sweep's size makes long (skip_m=1), and
# a note in the results file says so: their figures are round 1's alone
# (rounds=1 on their statistics lines).  On a guest shown a whole EPYC
# socket's L3 (508 MB) the sweeps reach 1 GB, and a quick run of three
# whole rounds took 3:33.
quick_fit() {
	[ "$c_QUICK" = 1 ] && [ "$round" -eq 1 ] && [ "$rounds" -gt 1 ] || return 0
	now
	qf_each=$((now_s - round_t0))
	[ $((now_s - t0 + (rounds - 1) * qf_each)) -ge "$round_budget" ] || return 0
	skip_m=1
	count_steps
	write_own "[note: quick mode: the steps sized by the memory sweep (MB=$sweep_mb) were taken in round 1 only; $rounds rounds of $qf_each s would not have ended within $round_budget s]"
}

# more_rounds: ROUNDS=auto, after round $round (the second or later),
# which began at round_t0: fewer rounds, round_floor at least, while the
# rounds left, each as long as the one just taken, would not end before
# round_budget seconds from the start; more while the next would.
more_rounds() {
	[ "$c_ROUNDS" = auto ] && [ "$round" -ge 2 ] || return 0
	now
	mr_each=$((now_s - round_t0))
	while [ "$rounds" -gt "$round_floor" ] && [ "$rounds" -gt "$round" ] &&
		[ $((now_s - t0 + (rounds - round) * mr_each)) -ge "$round_budget" ]
	do
		rounds=$((rounds - 1))
	done
	while [ "$rounds" -lt "$round_max" ] &&
		[ $((now_s - t0 + (rounds - round + 1) * mr_each)) -lt "$round_budget" ]
	do
		rounds=$((rounds + 1))
	done
	count_steps
}

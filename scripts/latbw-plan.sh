# shellcheck shell=sh
# latbw-plan.sh - part of latbw-run: the plan: every step of a run, one
# line each (gen_plan), the sizes it sweeps, and which steps BENCHMARKS
# selects (choose_steps); how many steps and rounds (round_settings,
# count_steps, more_rounds).  Sourced by scripts/latbw-run (it defines
# functions, and the settings they use); not a command of its own.

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
# step before could not run here (exit 3): an alternative to it, "W"
# with the run step before, "T" its figures from one round (the filter
# ties them: latbw-filter.sh).
# @FILE@ (a file of MB megabytes), @STAT@ (an empty file) and @DIR@ (a
# directory) are placeholders, all inside FSDIR.  The steps are made from
# scripts/registry (one line a step, described at its top).

# registry WHAT [AWK-ARGS...]: what registry.awk makes of the registry
# (scripts/registry, the one list of what is measured): the plan, the
# groups, the programs (WHAT: plan, groups, progs).
registry() {
	rg_what=$1
	shift
	awk -v what="$rg_what" -v me="${me:?}" "$@" -f "${script_dir:?}/registry.awk" "$LATBW_REGISTRY"
}

# plan_sizes: sweep_mb, the largest size of every sweep (and the size of
# the file the file and mmap benchmarks read).  A full run sweeps to MB.
# Quick mode stops at twice the last-level cache (the least the summary
# reads main memory at), rounded up to a size of lat_mem_rd's (grid_mb),
# at least 8 MB, when that is less than MB: its cost then does not grow
# with the machine's memory.  A sweep's cost grows with its number of
# points: the latency curves link each element of their largest array
# about once (mem_chain), and the points of the bandwidth sweeps take a
# fixed number of samples.
plan_sizes() {
	sweep_mb=${c_MB:?}
	if [ "${c_QUICK:?}" = 1 ]
	then
		grid_mb $((${plan_llc:?} * 2))
		ps_q=${g_mb:?}
		[ "$plan_llc" -eq 0 ] && ps_q=64
		[ "$sweep_mb" -gt "$ps_q" ] && sweep_mb=$ps_q
	fi
}

# gen_plan: the plan, from the registry.  Every two-party benchmark runs
# pinned: on one CPU (-C @CPU@: the lmbench latency cells and the context-
# switch table), and across two CPUs (-C @PAIR@: a table of its own, under
# labels lmbench's readers do not know, and the bandwidth cells); a one-
# CPU machine has the same-CPU runs only.  Each step's CPUs are chosen as
# it begins (latbw-cpus.sh); plan_pair is the cross-CPU default.
gen_plan() {
	cross_pair
	registry plan -v quick="$c_QUICK" -v mb="$sweep_mb" \
		-v cross="${plan_pair:+@PAIR@}" -v remote="${c_REMOTE?}"
}

# selected TAGS PROG: is this step chosen by BENCHMARKS?
selected() {
	case "$1" in
	always) return 0 ;;
	esac
	for w in ${c_BENCHMARKS:?}
	do
		[ "$w" = all ] && return 0
		[ "$w" = "$2" ] && return 0
		case " $1 " in
		*" $w "*) return 0 ;;
		esac
	done
	return 1
}

# choose_steps: the plan (work/plan.all) reduced to the steps BENCHMARKS
# chooses (work/plan), as selected chooses them, and the series that hold
# one of them.  A step that goes with the run step before it (W) goes
# alone when that step was not chosen.  Also what count_steps needs, in
# the same awk: the steps and their weight, taken in the first round only
# (cs_n1, cs_w1: the header keys', O and G), flagged M (cs_nm, cs_wm), the
# others (cs_n, cs_w); plan_file, 1 when a line holds @FILE@ (a step
# takes the file of MB megabytes).
# shellcheck disable=SC2034 # plan_file: for make_files
choose_steps() {
	# shellcheck disable=SC2046 # seven numbers
	set -- $(awk -F '|' -v OFS='|' -v want=" $c_BENCHMARKS " -v out="${work:?}/plan" '
	function put(s) {
		print s >out
		if (index(s, "@FILE@"))
			f = 1
	}
	function chosen(tags, prog,    n, t, i) {
		if (tags == "always" || index(want, " all ") || index(want, " " prog " "))
			return 1
		n = split(tags, t, " ")
		for (i = 1; i <= n; i++)
			if (index(want, " " t[i] " "))
				return 1
		return 0
	}
	$1 == "series" {
		held = $0
		next
	}
	$1 == "end" {
		if (held == "")
			put($0)
		held = ""
		next
	}
	{
		prog = $5
		sub(/ .*/, "", prog)
		if (!chosen($2, prog)) {
			if ($1 == "run")
				lead = 0
			next
		}
		if ($4 ~ /W/ && !lead) {
			sub(/W/, "", $4)
			if ($4 == "")
				$4 = "-"
		}
		if (held != "")
			put(held)
		held = ""
		put($0)
		if ($1 == "run")
			lead = 1
		if ($1 == "mhz" || $1 == "line" || $4 ~ /[OG]/) {
			n1++
			w1 += $3
		} else if ($4 ~ /M/) {
			nm++
			wm += $3
		} else {
			n++
			w += $3
		}
	}
	END {
		OFS = " "
		print n + 0, w + 0, n1 + 0, w1 + 0, nm + 0, wm + 0, f + 0
	}' "$work/plan.all")
	cs_n=$1 cs_w=$2 cs_n1=$3 cs_w1=$4 cs_nm=$5 cs_wm=$6 plan_file=$7
}

# default_rounds: ROUNDS when not set: auto in a full run (5 to 9, as
# many as fit in the time a run may take: latbw-run), 3 in quick mode
# (its time is short).
default_rounds() {
	[ -n "$c_ROUNDS" ] && return 0
	c_ROUNDS=auto
	[ "$c_QUICK" = 1 ] && c_ROUNDS=3
	return 0
}

# derive_samples: the samples, sample length and time bound the programs
# get (reps, usecs, bound, hard_bound; round_reps and sweep_reps).
# shellcheck disable=SC2034 # results, for the steps and the header
derive_samples() {
	reps=${c_REPS?}
	usecs=${c_USECS?}
	bound=${c_BOUND?}
	# In several rounds each measurement is shorter, so that the rounds fit
	# the time one round may take (REPS and USECS, when set, decide for
	# themselves): in quick mode 2 samples a figure instead of 3; in a full
	# run of five rounds or more 3 samples a figure instead of the programs'
	# own 5 to 33, and 1 for each point of a sweep (the steps that take at
	# most 5 in one round: flag N) instead of 5, since the sweeps' start-up
	# grows with the rounds (2 made a run planned for a 260 MB cache take
	# 9:41, 1 8:20); in two to four rounds, 5 and 3.
	round_reps=
	sweep_reps=
	if [ "$c_QUICK" = 1 ]
	then
		if [ "$c_ROUNDS" = auto ] || [ "$c_ROUNDS" -gt 1 ]
		then
			: "${reps:=2}"
		fi
		: "${reps:=3}"
		: "${usecs:=1000}"
		: "${bound:=60}"
	else
		if [ "$c_ROUNDS" = auto ] || [ "$c_ROUNDS" -ge 5 ]
		then
			round_reps=3
			sweep_reps=1
		elif [ "$c_ROUNDS" -gt 1 ]
		then
			round_reps=5
			sweep_reps=3
		fi
		: "${bound:=300}"
	fi
	# The driver's safety nets wait LATBW_GRACE seconds (10 by default):
	# a program gets that long past its bound to stop by itself before it
	# is killed, and a server started here exits by itself after that long
	# without a client (its -i: one whose driver was killed).  The tests of
	# a program that hangs, or of a killed driver, set 1, so as not to wait
	# 10 s for what they check.
	case "${LATBW_GRACE:-}" in
	'') grace=10 ;;
	*[!0-9]* | 0* | ?????*) config_error "LATBW_GRACE=$LATBW_GRACE: not a whole number of seconds (1 to 9999)" ;;
	*) grace=$LATBW_GRACE ;;
	esac
	hard_bound=$((bound + grace))
	local_idle=$grace
}

# round_settings: how many rounds to begin with (rounds), and the bounds
# ROUNDS=auto keeps them in (round_min, round_floor, round_max,
# round_budget).  Each step once in each round (the header keys' and O
# and G steps in the first round only).  ROUNDS=auto: 5 to begin with,
# and after each round from the second on, one fewer while the rounds
# left would not end within round_budget seconds of the start (9 minutes:
# a full run may take 10), 3 at least, and one more while they would, 9
# at most (more_rounds); in quick mode 3 to begin with, and 80 seconds
# (of its 90): when the rounds would not end within them, the M steps in
# the first round only (quick_fit).
round_settings() {
	round_min=5
	round_floor=3
	round_max=9
	round_budget=540
	if [ "$c_QUICK" = 1 ]
	then
		round_min=3
		round_budget=80
	fi
	case "${LATBW_ROUND_BUDGET:-}" in
	'' | *[!0-9]*) ;;
	*) round_budget=$LATBW_ROUND_BUDGET ;;
	esac
	rounds=$c_ROUNDS
	[ "$rounds" = auto ] && rounds=$round_min
	round=1
	skip_m=0
}

# count_steps: nsteps and wtotal, the steps of the run and their weight
# (from choose_steps' counts: the steps flagged M in round 1 only when
# skip_m is 1).
# shellcheck disable=SC2034 # results, for the progress line
count_steps() {
	if [ "${skip_m:-0}" = 1 ]
	then
		nsteps=$((cs_n * rounds + cs_n1 + cs_nm))
		wtotal=$((cs_w * rounds + cs_w1 + cs_wm))
	else
		nsteps=$(((cs_n + cs_nm) * rounds + cs_n1))
		wtotal=$(((cs_w + cs_wm) * rounds + cs_w1))
	fi
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
	qf_each=$((${now_s:?} - ${round_t0:?}))
	[ $((now_s - ${t0:?} + (rounds - 1) * qf_each)) -ge "$round_budget" ] || return 0
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

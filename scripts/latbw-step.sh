# shellcheck shell=sh
# latbw-step.sh - part of latbw-run: the rounds, and one step of the
# plan: its CPUs, its progress line, its server, its program's arguments,
# and what became of it.  Sourced by scripts/latbw-run (it defines
# functions, and the settings they use); not a command of its own.

# -------------------------------------------------------------- the rounds

# run_rounds: the whole plan, then the whole plan again, ROUNDS times, so
# that the rounds of each figure are minutes apart: a drift during the
# run (a neighbour, the page cache, the file system's journal, the
# scheduler) shows in the spread across the rounds instead of as another
# table next time.  Round 1 writes into the results file (a run killed
# during it keeps its lines), each later round into a file of its own
# (dest); at the end combine_rounds makes them one file in lmbench's
# format.  round_t0: when the round began (for quick_fit, more_rounds).
# shellcheck disable=SC2034 # round_t0
run_rounds() {
	while [ "$round" -le "${rounds:?}" ]
	do
		dest=${results:?}
		if [ "$round" -gt 1 ]
		then
			dest=${work:?}/round.$round
			: >"$dest"
		fi
		now
		round_t0=${now_s:?}
		run_round
		quick_fit
		more_rounds
		[ "$round" -eq "$rounds" ] && break
		round=$((round + 1))
	done
}

# run_round: every step of the plan, in order, into dest.
run_round() {
	no_server=" "
	cur_title=
	cur_join=-
	title_written=no
	last_blank=0
	while IFS='|' read -r kind tags weight flags text figs
	do
		case "$kind" in
		series)
			cur_title=$text
			cur_join=$flags
			title_written=no
			continue
			;;
		end)
			if [ "$title_written" = yes ] && [ "$last_blank" != 1 ]
			then
				put printf '\n' || write_failed
			fi
			flush_pending
			cur_title=
			cur_join=-
			title_written=no
			continue
			;;
		esac
		# The header keys' steps, and those flagged O or G, are taken
		# in the first round only (neither run nor counted after it).
		if [ "${round:-1}" -gt 1 ]
		then
			case "$kind:$flags" in
			mhz:* | line:* | *:*O* | *:*G*) continue ;;
			*:*M*) [ "${skip_m:-0}" = 1 ] && continue ;;
			esac
		fi
		do_step "$kind" "$tags" "$weight" "$flags" "$text" "$figs"
		wdone=$((wdone + weight))
	done <"$work/plan"
	flush_pending
}

# ----------------------------------------------------------------- a step

# status_note WHAT: say how a program that did not succeed ended.
status_note() {
	if [ "${killed:?}" = yes ]
	then
		write_own "[failed: $1, hung, killed after ${hard_bound:?} s]"
		say "$1: hung, killed after $hard_bound s"
		failures=$((failures + 1))
	elif [ "${rc:?}" -eq 3 ]
	then
		write_own "[skipped: $1, cannot run here]"
		say "$1: cannot run here, skipped"
	else
		write_own "[failed: $1, exit status $rc]"
		say "$1: failed (exit status $rc)"
		failures=$((failures + 1))
	fi
}

# progress TEXT: the progress line of a step (on a terminal, one line
# rewritten: progress_shown).
# shellcheck disable=SC2034 # progress_shown: read by say and the end
progress() {
	now
	elapsed=$((now_s - ${t0:?}))
	if [ "$wdone" -gt 0 ] && [ "$elapsed" -gt 0 ]
	then
		mmss $((elapsed * (${wtotal:?} - wdone) / wdone))
		time_left="~${mmss_s:?} left"
	else
		time_left="time left unknown"
	fi
	mmss "$elapsed"
	if [ "${tty:-0}" = 1 ]
	then
		printf '\r\033[K[%d/%d] %.40s  %s elapsed, %s' "$step" "${nsteps:?}" \
			"$1" "$mmss_s" "$time_left" >&2
		progress_shown=1
	else
		printf '%s: [%d/%d] %s (%s elapsed, %s)\n' "${me:?}" "$step" \
			"$nsteps" "$1" "$mmss_s" "$time_left" >&2
	fi
}

# operand WORD: op_word, WORD with a file operand (@FILE@, @STAT@, @DIR@)
# made the path the program gets.
operand() {
	case "$1" in
	@FILE@) op_word=${file:?} ;;
	@STAT@) op_word=${statfile:?} ;;
	@DIR@) op_word=${fsdir_work:?} ;;
	*) op_word=$1 ;;
	esac
}

# step_shown TEXT: ss_text, TEXT as the progress line shows it: with the
# paths the program gets for its file operands.
step_shown() {
	ss_text=
	set -f
	for w in $1
	do
		operand "$w"
		ss_text="$ss_text${ss_text:+ }$op_word"
	done
	set +f
}

# do_step KIND TAGS WEIGHT FLAGS TEXT [FIGS]: one step of the plan (its
# line; FIGS: its figures' ids and labels, ID|LABEL|..., for the filter).
# shellcheck disable=SC2034 # step_figs: for run_prog
do_step() {
	step_kind=$1
	step_flags=$4
	step_text=$5
	step_figs=${6:-}
	step_prog=${step_text%% *}
	step=$((step + 1))
	# An alternative runs only when the step before could not run here.
	alternative_wanted=${prev_cannot:-no}
	prev_cannot=no
	case "$step_flags" in
	*A*) [ "$alternative_wanted" = yes ] || return 0 ;;
	esac
	step_lead
	step_place
	step_progress
	if ! [ -x "${bin:?}/$step_prog" ]
	then
		case "$missing" in
		*" $step_prog "*) ;;
		*)
			missing="$missing $step_prog "
			write_own "[skipped: $step_prog, not built]"
			say "$step_prog: not built, skipped"
			;;
		esac
		return 0
	fi
	step_server && return 0
	# A remote step's server is known by program and address (its last
	# word), a local one by program.
	server_key=$step_prog
	case " $2 " in
	*" remote "*) server_key="$step_prog@${step_text##* }" ;;
	esac
	case "$no_server" in
	*" $server_key "*)
		write_own "[skipped: $step_text, its server did not start]"
		return 0
		;;
	esac
	if [ -n "$cur_title" ] && [ "$title_written" = no ] && [ "$cur_join" != S ]
	then
		put printf '%s\n' "$cur_title" || write_failed
		title_written=yes
		last_blank=0
	fi
	step_run
	step_after
}

# step_lead: a step that goes with the run step before it (W): on its
# CPUs (lead_cpu, lead_pair), its figure from that step's round (tied=,
# with lead_stat, that step's last statistics line).  A run step is the
# lead of the steps after it.
# shellcheck disable=SC2034 # step_lead_cpu, step_lead_pair, step_tie: for same_cpu, cross_cpus, run_prog
step_lead() {
	step_lead_cpu=
	step_lead_pair=
	step_tie=
	case "$step_flags" in
	*W*)
		step_lead_cpu=${lead_cpu:-}
		step_lead_pair=${lead_pair:-}
		step_tie=${lead_stat:-}
		;;
	esac
	if [ "$step_kind" = run ]
	then
		lead_cpu=
		lead_pair=
		lead_stat=
	fi
}

# step_place: a same-CPU step: its CPU, in place of the plan's @CPU@; a
# cross-CPU step: its two, in place of @PAIR@ (step_place: same, cross or
# nothing).  A single-process step (@ONE@) is a same-CPU one, except that
# its copies (SYNC_MAX) are left unpinned, spread as the scheduler
# spreads them.  A server's CPUs, for its clients: server_cpu, server_pair.
# shellcheck disable=SC2034 # server_cpu, server_pair: for same_cpu, cross_cpus
step_place() {
	case "$step_text" in
	*@ONE@*)
		one_post=${step_text#*@ONE@}
		if [ "${c_SYNC_MAX:?}" -gt 1 ]
		then
			step_text="${step_text%%-C @ONE@*}${one_post# }"
		else
			step_text="${step_text%%@ONE@*}@CPU@$one_post"
		fi
		;;
	esac
	step_place=
	case "$step_text" in
	*@CPU@*)
		step_place=same
		same_cpu "$step_kind" "$step_prog"
		step_text="${step_text%%@CPU@*}${step_cpu:?}${step_text#*@CPU@}"
		;;
	*@PAIR@*)
		step_place=cross
		cross_cpus "$step_kind" "$step_prog"
		step_text="${step_text%%@PAIR@*}${step_pair?}${step_text#*@PAIR@}"
		;;
	esac
	if [ "$step_kind" = server ]
	then
		[ "$step_place" = same ] || server_cpu=
		[ "$step_place" = cross ] || server_pair=
	elif [ "$step_kind" = run ]
	then
		case "$step_place" in
		same) lead_cpu=$step_cpu ;;
		cross) lead_pair=$step_pair ;;
		esac
	fi
}

# step_progress: the progress line of the step; for a remote server's,
# step_host and step_address.
step_progress() {
	case "$step_kind" in
	server) progress "$step_prog -s" ;;
	stop) progress "$step_prog -S localhost" ;;
	rserver | rstop)
		# shellcheck disable=SC2086 # "prog name address", no blanks inside
		set -- $step_text
		step_host=$2
		step_address=$3
		if [ "$step_kind" = rserver ]
		then
			progress "$step_prog -s on $step_host"
		else
			progress "$step_prog -S $step_address"
		fi
		;;
	*)
		step_shown "$step_text"
		progress "$ss_text"
		;;
	esac
}

# step_server: a step that starts or stops a server, here or remote:
# done, and true; false for any other step.
step_server() {
	case "$step_kind" in
	server)
		# shellcheck disable=SC2086 # "prog -C list", no blanks inside
		start_server $step_text
		;;
	stop)
		[ "${server_up?}" = "$step_prog" ] && stop_server "$step_prog"
		;;
	rserver)
		start_remote "$step_prog" "$step_host" "$step_address"
		;;
	rstop)
		[ "${rserver_up?}" = "$step_prog $step_host $step_address" ] && stop_remote
		;;
	*) return 1 ;;
	esac
	return 0
}

# step_run: the step's program, with its arguments: the library's
# options first, then the step's words; a header key's output captured
# for header_key, any other's into the round's file.
# shellcheck disable=SC2034 # cross_cpu: for run_prog
step_run() {
	set -- -B "${bound:?}"
	# IDLE=os: idle CPUs left to the OS (-I; it changes only what a
	# program pinned across CPUs does).
	[ "${c_IDLE:?}" = os ] && set -- "$@" -I
	step_reps
	[ -n "$step_reps" ] && set -- "$@" -N "$step_reps"
	# mhz keeps its own short samples (100 us) unless USECS is set:
	# quick mode's 1000 made its 400 pairs take 0.8 s, and a sample of
	# 1 ms is seldom undisturbed on a virtual machine (mhz.c).
	if [ -n "$usecs" ] && { [ "$step_kind" != mhz ] || [ -n "${c_USECS?}" ]; }
	then
		set -- "$@" -E "$usecs"
	fi
	case "$step_flags" in
	*P*) [ "$c_SYNC_MAX" -gt 1 ] && set -- "$@" -P "$c_SYNC_MAX" ;;
	esac
	# The step's words, with the placeholders replaced (each one word,
	# a FSDIR with blanks too).
	set -f
	for w in ${step_text#"$step_prog"}
	do
		operand "$w"
		[ -n "$op_word" ] && set -- "$@" "$op_word"
	done
	set +f
	case "$step_kind" in
	mhz | line)
		: >"$work/capture"
		run_prog "$work/capture" "$step_prog" "$@"
		header_key "$step_kind"
		;;
	*)
		cross_cpu=0
		case "$step_flags" in
		*X*) cross_cpu=1 ;;
		esac
		run_prog "${dest:-$results}" "$step_prog" "$@"
		cross_cpu=0
		;;
	esac
}

# step_reps: step_reps, the samples of the step (-N), or nothing for the
# program's own.  A step may cap its samples ("N5": -N 5) in a default
# run, where the programs would otherwise take up to 33 on a noisy
# machine; REPS and quick mode decide for themselves.  In a run of
# several rounds each measurement is shorter (derive_samples):
# round_reps samples for a figure, sweep_reps for the point of a sweep,
# except a graph's point (G), taken in one round only.
step_reps() {
	step_reps=$reps
	case "$step_kind:$step_flags" in
	run:*N[0-9]*)
		if [ -z "$reps" ]
		then
			step_reps=${step_flags#*N}
			step_reps=${step_reps%%[!0-9]*}
			case "$step_flags" in
			*G*) ;;
			*) [ -n "$sweep_reps" ] && step_reps=$sweep_reps ;;
			esac
		fi
		;;
	run:*)
		[ -z "$reps" ] && step_reps=${round_reps?}
		;;
	esac
	return 0
}

# step_after: after the program: the filter's count of result lines, and
# whether its last line was blank (-1: it wrote nothing), so that a
# series ends in one blank; how the program ended.
step_after() {
	nlines=0
	ends_blank=-1
	last_stat=
	if [ -s "$work/count" ]
	then
		read -r nlines ends_blank last_stat <"$work/count"
		if [ "$step_kind" = run ] && [ "$ends_blank" != -1 ]
		then
			last_blank=$ends_blank
		fi
	fi
	[ "$step_kind" = run ] && lead_stat=$last_stat
	# A series of the program's own that it did not end (it failed
	# after a point): ended here, and its held lines written after it,
	# not after whatever figure the round writes last.
	if [ "$title_written" != yes ] && [ -s "$work/pending" ]
	then
		if [ "$ends_blank" = 0 ]
		then
			put printf '\n' || write_failed
		fi
		flush_pending
	fi
	if [ "$rc" -ne 0 ] || [ "$killed" = yes ]
	then
		status_note "$step_text"
		if [ "$rc" -eq 3 ] && [ "$killed" = no ]
		then
			prev_cannot=yes
		fi
	elif [ "$nlines" = 0 ] && [ "$step_kind" = run ]
	then
		write_own "[note: $step_text, no result line]"
	fi
}

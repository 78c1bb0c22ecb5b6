# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # shared variables: set in one file, used in another
# latbw-step.sh - part of latbw-run: one step of the plan: the filter
# between a program and the results file, running the program under its
# bound, the header keys, the progress line.  Sourced by scripts/latbw-run
# (it defines functions, and the settings they use); not a command of its
# own.

# ----------------------------------------------------- running a program

# The filter between a program and the results file: result lines pass
# (and are flushed at once, so an interrupted run keeps them); the
# program's diagnostics ("prog: ...", "usage: ...", sanitizer reports)
# become "[note: ...]" lines and are shown on stderr; a series title the
# driver already wrote is not written twice.  Inside a series (after its
# first point, or from the start when the driver's series is open: inser),
# lines of our own (statistics, notes) are held in the file pend and
# written after the blank line that ends the series: lmbench's readers
# take a series to end at its first line that is not a point, or read
# every line up to the blank one as a point.  A header key's program
# (mhz, line: header set) prints no series: its lines, captured for
# header_key, are never held (mhz's "3755 MHz, ..." is not a point, and
# its statistics line held back landed after the last figure of round 1,
# whose figure rounds.awk then took for the median of its rounds).
# shellcheck disable=SC2016 # awk program text
filter_awk="$sanitize_awk"'
BEGIN { init_bad(); n = 0; inser += 0 }
function emit(s) {
	print s
	fflush()
	printed = 1
	last = s
}
function hold(s) {
	print s >>pend
	close(pend)
}
{ sub(/\r$/, "") }
(index($0, prog ": ") == 1 && !(prog == "tlb" && $0 ~ /^tlb: [0-9]+ pages$/)) ||
    /^usage: / || /^==[0-9]+==/ || /runtime error: / {
	if (inser)
		hold("[note: " clean($0) "]")
	else {
		print "[note: " clean($0) "]"
		fflush()
	}
	printf "%s%s: %s\n", (tty ? "\r\033[K" : ""), me, $0 | "cat 1>&3"
	fflush("cat 1>&3")
	next
}
title != "" && $0 == title { next }
join == "J" && $0 == "" { next }
# A cross-CPU run (flag X) writes its figures under labels of its own,
# which lmbench readers do not match (they match "TCP latency using",
# "connection cost", "size=" anywhere in a line): "Fifo latency (cross
# CPU): ...", "TCP latency (cross CPU) using localhost: ...", and lat_ctx
# titles "cross-CPU ctxsw 0k ovr=...".  The statistics line says
# placement=cross either way.
cross && /^"size=/ { sub(/^"size=/, "\"cross-CPU ctxsw ") }
cross && substr($0, 1, 1) != "[" && (k = index($0, ": ")) > 1 {
	lab = substr($0, 1, k - 1)
	if (match(lab, / (latency|connection|bandwidth)/))
		lab = substr(lab, 1, RSTART + RLENGTH - 1) " (cross CPU)" substr(lab, RSTART + RLENGTH)
	else
		lab = lab " (cross CPU)"
	$0 = lab substr($0, k)
}
# A step that goes with the run step before (W): its statistics lines
# say whose round they are taken from, tied=PROG:CASE[:X] (rounds.awk).
# The PROG:CASE[:X] of the last statistics line goes to the count file.
/^\[latbw-stat / {
	if (tied != "" && sub(/\][ \t]*$/, ""))
		$0 = $0 " tied=" tied "]"
	lastid = stat_id($0)
}
$0 == "" {
	emit("")
	inser = 0
	while ((getline l <pend) > 0)
		print l
	close(pend)
	printf "" >pend
	close(pend)
	fflush()
	next
}
substr($0, 1, 1) == "[" {
	if (inser)
		hold($0)
	else
		emit($0)
	next
}
{
	emit($0)
	n++
	inser = !header && $0 ~ /^[0-9]/
}
END { print n, (printed ? (last == "" ? 1 : 0) : -1), lastid > count }
# stat_id(line): PROG:CASE, and :X with an x=, of a statistics line.
function stat_id(s,    w, i, k, f) {
	sub(/\][ \t]*$/, "", s)
	k = split(s, w, / +/)
	for (i = 2; i <= k; i++)
		if (match(w[i], /^(prog|case|x)=/))
			f[substr(w[i], 1, RLENGTH - 1)] = substr(w[i], RLENGTH + 1)
	return f["prog"] ":" f["case"] ("x" in f ? ":" f["x"] : "")
}
'

# run_prog DEST PROG ARGS...: run one program under its time bound, its
# output through the filter appended to DEST (a write that fails stops
# the run).  Sets rc and killed (bounded).
run_prog() {
	prog_dest=$1
	prog_name=$2
	shift 2
	: >"$work/count"
	in_series=0
	prog_header=0
	case "${step_kind:-run}" in
	mhz | line) prog_header=1 ;;
	*) [ "$title_written" = yes ] && in_series=1 ;;
	esac
	awk -v prog="$prog_name" -v title="$cur_title" -v join="$cur_join" -v me="$me" \
		-v tty="$tty" -v count="$work/count" -v cross="${cross_cpu:-0}" \
		-v pend="$work/pending" -v inser="$in_series" \
		-v header="$prog_header" -v tied="${step_tie:-}" "$filter_awk" \
		<"$work/fifo" >>"$prog_dest" 3>&2 2>"$work/write.err" &
	filter_pid=$!
	bounded "$hard_bound" "$work/fifo" started "$bin/$prog_name" "$@"
	finish_filter || write_failed "$prog_dest"
}

# Wait for the filter; a grandchild that kept the fifo open must not hang
# the run, so it is bounded too.  Returns 1 when the filter failed by
# itself (awk exits non-zero when a write fails), 0 otherwise.  rc and
# killed stay the program's.
finish_filter() {
	[ -n "$filter_pid" ] || return 0
	set -- "${rc:-}" "${killed:-}"
	wait_bounded "$filter_pid" 10
	filter_pid=
	set -- "$1" "$2" "$rc" "$killed"
	rc=$1
	killed=$2
	[ "$3" -eq 0 ] || [ "$4" = yes ]
}

# status_note WHAT: say how a program that did not succeed ended.
status_note() {
	if [ "$killed" = yes ]
	then
		write_own "[failed: $1, hung, killed after $hard_bound s]"
		say "$1: hung, killed after $hard_bound s"
		failures=$((failures + 1))
	elif [ "$rc" -eq 3 ]
	then
		write_own "[skipped: $1, cannot run here]"
		say "$1: cannot run here, skipped"
	else
		write_own "[failed: $1, exit status $rc]"
		say "$1: failed (exit status $rc)"
		failures=$((failures + 1))
	fi
}

progress() {
	now
	elapsed=$((now_s - t0))
	if [ "$wdone" -gt 0 ] && [ "$elapsed" -gt 0 ]
	then
		mmss $((elapsed * (wtotal - wdone) / wdone))
		time_left="~$mmss_s left"
	else
		time_left="time left unknown"
	fi
	mmss "$elapsed"
	if [ "$tty" = 1 ]
	then
		printf '\r\033[K[%d/%d] %.40s  %s elapsed, %s' "$step" "$nsteps" \
			"$1" "$mmss_s" "$time_left" >&2
		progress_shown=1
	else
		printf '%s: [%d/%d] %s (%s elapsed, %s)\n' "$me" "$step" \
			"$nsteps" "$1" "$mmss_s" "$time_left" >&2
	fi
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
	[ -x "$bin/latbw-quiet" ] || return 0
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
	if [ "$c_SAME_CPU" != quiet ]
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

# operand WORD: op_word, WORD with a file operand (@FILE@, @STAT@, @DIR@)
# made the path the program gets.
operand() {
	case "$1" in
	@FILE@) op_word=$file ;;
	@STAT@) op_word=$statfile ;;
	@DIR@) op_word=$fsdir_work ;;
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

# do_step KIND TAGS WEIGHT FLAGS TEXT
do_step() {
	step_kind=$1
	step_flags=$4
	step_text=$5
	step_prog=${step_text%% *}
	step=$((step + 1))
	# An alternative runs only when the step before could not run here.
	alternative_wanted=${prev_cannot:-no}
	prev_cannot=no
	case "$step_flags" in
	*A*) [ "$alternative_wanted" = yes ] || return ;;
	esac
	# A step that goes with the run step before it (W): on its CPUs
	# (lead_cpu, lead_pair), its figure from that step's round (tied=,
	# with lead_stat, that step's last statistics line).
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
	# A same-CPU step: its CPU, in place of the plan's @CPU@; a cross-
	# CPU step: its two, in place of @PAIR@.
	# A single-process step (@ONE@) is a same-CPU one, except that its
	# copies (SYNC_MAX) are left unpinned, spread as the scheduler
	# spreads them.
	case "$step_text" in
	*@ONE@*)
		one_post=${step_text#*@ONE@}
		if [ "$c_SYNC_MAX" -gt 1 ]
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
		step_text="${step_text%%@CPU@*}$step_cpu${step_text#*@CPU@}"
		;;
	*@PAIR@*)
		step_place=cross
		cross_cpus "$step_kind" "$step_prog"
		step_text="${step_text%%@PAIR@*}$step_pair${step_text#*@PAIR@}"
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
	if ! [ -x "$bin/$step_prog" ]
	then
		case "$missing" in
		*" $step_prog "*) ;;
		*)
			missing="$missing $step_prog "
			write_own "[skipped: $step_prog, not built]"
			say "$step_prog: not built, skipped"
			;;
		esac
		return
	fi
	case "$step_kind" in
	server)
		# shellcheck disable=SC2086 # "prog -C list", no blanks inside
		start_server $step_text
		return
		;;
	stop)
		[ "$server_up" = "$step_prog" ] && stop_server "$step_prog"
		return
		;;
	rserver)
		start_remote "$step_prog" "$step_host" "$step_address"
		return
		;;
	rstop)
		[ "$rserver_up" = "$step_prog $step_host $step_address" ] && stop_remote
		return
		;;
	esac
	# A remote step's server is known by program and address (its last
	# word), a local one by program.
	server_key=$step_prog
	case " $2 " in
	*" remote "*) server_key="$step_prog@${step_text##* }" ;;
	esac
	case "$no_server" in
	*" $server_key "*)
		write_own "[skipped: $step_text, its server did not start]"
		return
		;;
	esac
	if [ -n "$cur_title" ] && [ "$title_written" = no ] && [ "$cur_join" != S ]
	then
		put printf '%s\n' "$cur_title" || write_failed
		title_written=yes
		last_blank=0
	fi
	# The argument list: library options first, then the step's words.
	set -- -B "$bound"
	# IDLE=os: idle CPUs left to the OS (-I; it changes only what a
	# program pinned across CPUs does).
	[ "$c_IDLE" = os ] && set -- "$@" -I
	# A step may cap its samples ("N5": -N 5) in a default run, where the
	# programs would otherwise take up to 33 on a noisy machine; REPS and
	# quick mode decide for themselves.
	# In a run of several rounds each measurement is shorter (see
	# "Derived settings" in latbw-run): round_reps samples for a figure,
	# sweep_reps for the point of a sweep, except a graph's point (G),
	# taken in one round only.
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
		[ -z "$reps" ] && step_reps=$round_reps
		;;
	esac
	[ -n "$step_reps" ] && set -- "$@" -N "$step_reps"
	[ -n "$usecs" ] && set -- "$@" -E "$usecs"
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
	# The filter's count of result lines, and whether its last line was
	# blank (-1: it wrote nothing), so that a series ends in one blank.
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

# header_key mhz|line: turn the captured output into MHZ / LINE_SIZE.
header_key() {
	case "$1" in
	mhz)
		header_value=$(awk '/^[0-9]+ MHz, [0-9.]+ nanosec clock$/ { print; exit }' "$work/capture")
		if [ -n "$header_value" ]
		then
			put printf '[MHZ: %s]\n' "$header_value" || write_failed
		fi
		put awk '!/^[0-9]+ MHz, [0-9.]+ nanosec clock$/' "$work/capture" ||
			write_failed
		;;
	line)
		# The line size is the last whole number of the first result line.
		header_value=$(awk '$0 != "" && substr($0, 1, 1) != "[" {
			n = split($0, w, /[^0-9]+/)
			for (i = n; i > 0; i--) if (w[i] != "") { print w[i]; exit }
			exit
		}' "$work/capture")
		if [ -n "$header_value" ]
		then
			put printf '[LINE_SIZE: %s]\n' "$header_value" || write_failed
		fi
		# shellcheck disable=SC2016 # awk program text
		put awk 'substr($0, 1, 1) == "["' "$work/capture" || write_failed
		;;
	esac
}

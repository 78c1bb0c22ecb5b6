# shellcheck shell=sh
# latbw-filter.sh - part of latbw-run: a program's output on its way to
# the results file: the filter between them (run_prog), the header
# keys made of what mhz and line print (header_key), and our own lines
# that need no sanitizing, written by the shell (own_plain).  Sourced by
# scripts/latbw-run (it defines functions, and the settings they use);
# not a command of its own.

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
filter_awk="${sanitize_awk:?}"'
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
# The figure the lines that follow are of: the label of a figure line, or a
# series title (its points leave it as it is).
substr($0, 1, 1) != "[" && $0 !~ /^[0-9]/ && $0 != "" {
	fig = (k = index($0, ": ")) > 1 ? substr($0, 1, k - 1) : $0
}
# A step that goes with the run step before (W): its statistics lines
# say whose round they are taken from, tied=PROG:CASE[:X] (rounds.awk);
# a step whose figures go together (T): each line after its first, that
# first one'"'"'s.  Each statistics line gets the id of its figure, id=ID
# (fig_id).  The PROG:CASE[:X] of the last statistics line goes to the
# count file.
/^\[latbw-stat / {
	k = together && first != "" ? first : tied
	if (k != "" && sub(/\][ \t]*$/, ""))
		$0 = $0 " tied=" k "]"
	if ((k = fig_id(fig)) != "" && sub(/\][ \t]*$/, ""))
		$0 = $0 " id=" k "]"
	lastid = stat_id($0)
	if (first == "")
		first = lastid
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
# fig_id(FIG): the id of figure FIG (a label or a series title) among
# the step'"'"'s figs (ID|LABEL|..., from the registry: scripts/registry,
# field 12): the one of a step of one figure whose id has no {S}; else
# that of the label FIG is, or fits as the reader fits a label without
# an id (read-ids.awk'"'"'s rid_fit: begins with before a blank, as a
# title with its ovr=; {S} standing for a part of a word, which then
# fills the {S} of the id), leading quotes aside; "" when none fits.
function fig_id(fig,    n, f, i, lab, w) {
	n = split(figs, f, "|")
	if (n == 2 && index(f[1], "{S}") == 0)
		return f[1]
	sub(/^"/, "", fig)
	for (i = 1; i < n; i += 2) {
		lab = f[i + 1]
		sub(/^"/, "", lab)
		if (fig == lab && index(lab, "{S}") == 0)
			return f[i]
		if ((w = rid_fit(fig, lab)) != "")
			return w == "-" ? f[i] : rid_fill(f[i], "{S}", w)
	}
	return ""
}
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
# the run).  Sets rc and killed (bounded).  The filter is awk's program
# in $work/filter.awk (written once: filter_program).
run_prog() {
	prog_dest=$1
	prog_name=$2
	shift 2
	[ -f "${work:?}/filter.awk" ] || filter_program
	: >"${work:?}/count"
	in_series=0
	prog_header=0
	case "${step_kind:-run}" in
	mhz | line) prog_header=1 ;;
	*) [ "${title_written:-no}" = yes ] && in_series=1 ;;
	esac
	prog_together=0
	case "${step_flags:-}" in
	*T*) prog_together=1 ;;
	esac
	awk -v prog="$prog_name" -v title="${cur_title:-}" -v join="${cur_join:--}" -v me="${me:?}" \
		-v tty="${tty:-0}" -v count="$work/count" -v cross="${cross_cpu:-0}" \
		-v pend="$work/pending" -v inser="$in_series" \
		-v header="$prog_header" -v together="$prog_together" -v tied="${step_tie:-}" -v figs="${step_figs:-}" \
		-f "$work/filter.awk" <"$work/fifo" >>"$prog_dest" 3>&2 2>"$work/write.err" &
	filter_pid=$!
	bounded "${hard_bound:?}" "$work/fifo" started "${bin:?}/$prog_name" "$@"
	finish_filter || write_failed "$prog_dest"
}

# filter_program: $work/filter.awk, the filter's whole program: filter_awk
# and the two functions of read-ids.awk it calls (rid_fit, rid_fill: a
# label fits a registry label as the reader has it), taken from there
# once a run.  With the whole of read-ids.awk and registry.awk (whose
# functions that one calls) gawk took 7.6 ms of CPU to start the filter
# of each step, 3.0 without them.  The filter tried on a figure whose
# id it must make from those two (a.{S} and "Foo {S}k": a.12); when it
# does not make it (the functions renamed, or calling others), the
# program holds both files whole instead.
filter_program() {
	fp_file=${work:?}/filter.awk
	{
		printf '%s\n' "$filter_awk"
		awk '/^function (rid_fit|rid_fill)\(/ { on = 1 }
			on { print }
			on && /^}/ { on = 0 }' "${script_dir:?}/read-ids.awk"
	} >"$fp_file" || write_failed "$fp_file"
	# (Its count, and the lines it would hold, to /dev/null; its input
	# a here-document: one process.)
	fp_try=$(awk -v prog=p -v me="${me:?}" -v count=/dev/null -v pend=/dev/null \
		-v figs='b.x|Bar|a.{S}|Foo {S}k' -f "$fp_file" 2>/dev/null <<-'EOF'
		Foo 12k: 1 us
		[latbw-stat prog=p case=c]
		EOF
	)
	[ "$fp_try" = 'Foo 12k: 1 us
[latbw-stat prog=p case=c id=a.12]' ] && return 0
	{
		printf '%s\n' "$filter_awk"
		cat "$script_dir/read-ids.awk" "$script_dir/registry.awk"
	} >"$fp_file" || write_failed "$fp_file"
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

# header_key mhz|line: turn the captured output into MHZ / LINE_SIZE.
header_key() {
	case "$1" in
	mhz)
		# The first clock line as MHZ, then the other lines (one awk).
		put awk '/^[0-9]+ MHz, [0-9.]+ nanosec clock$/ { if (m == "") m = $0; next }
			{ l[++n] = $0 }
			END {
				if (m != "")
					printf "[MHZ: %s]\n", m
				for (i = 1; i <= n; i++)
					print l[i]
			}' "$work/capture" || write_failed
		;;
	line)
		# The line size is the last whole number of the first result
		# line (LINE_SIZE, when it has one); then the lines of our own.
		# shellcheck disable=SC2016 # awk program text
		put awk '!done && $0 != "" && substr($0, 1, 1) != "[" {
			done = 1
			k = split($0, w, /[^0-9]+/)
			for (i = k; i > 0; i--) if (w[i] != "") { v = w[i]; break }
		}
		substr($0, 1, 1) == "[" { l[++n] = $0 }
		END {
			if (v != "")
				printf "[LINE_SIZE: %s]\n", v
			for (i = 1; i <= n; i++)
				print l[i]
		}' "$work/capture" || write_failed
		;;
	esac
}

# ------------------------------------------------- our own lines, plainly

# own_plain LINE...: op_lines, the LINEs as sanitize writes them (each
# one "[...]": a line without its "[" gets both), when that is all it
# would do to them: no control character, none of the texts
# (LATBW_OWN_TEXTS; looked for in the whole line, brackets and all,
# which finds whatever clean() would find inside them).  False when
# sanitize must make them (or when there are no texts to look for:
# init_bad then reads the registry).
own_plain() {
	[ "$#" -gt 0 ] && [ -n "${LATBW_OWN_TEXTS:-}" ] || return 1
	op_lines=
	for op_line in "$@"
	do
		case "$op_line" in
		*[[:cntrl:]]*) return 1 ;;
		\[*\]) ;;
		\[*) return 1 ;;
		*) op_line="[$op_line]" ;;
		esac
		op_ifs=$IFS
		op_text=
		IFS='
'
		set -f
		for op_text in $LATBW_OWN_TEXTS
		do
			case "$op_line" in
			*"$op_text"*) break ;;
			esac
			op_text=
		done
		set +f
		IFS=$op_ifs
		[ -z "$op_text" ] || return 1
		op_lines="$op_lines$op_line
"
	done
}

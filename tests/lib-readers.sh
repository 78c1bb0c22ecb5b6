# tests/lib-readers.sh - what the tests of the results readers (summary,
# compare, graph) share; sourced after lib.sh.

FIX=$TOP/tests/fixtures/summary
SUMMARY=$TOP/scripts/summary
COMPARE=$TOP/scripts/compare
GRAPH=$TOP/scripts/graph
RECORDS=$TOP/scripts/records
# shellcheck disable=SC2034 # for the test files that source this
SAMPLE=$FIX/lmbench3-zen3-vm.results

# AWKS: the awks installed here; the readers must give the same output
# under each.
AWKS=
for a in mawk gawk original-awk
do
	command -v "$a" >/dev/null 2>&1 && AWKS="$AWKS $a"
done
[ -n "$AWKS" ] || AWKS="awk"

# run_reader SCRIPT ARGS...: its output in $TRASH/out, its messages in
# $TRASH/err, its exit status in $TRASH/rc (and returned).
run_reader() {
	rr_script=$1
	shift
	sh "$rr_script" "$@" >"$TRASH/out" 2>"$TRASH/err"
	rr_rc=$?
	echo "$rr_rc" >"$TRASH/rc"
	return "$rr_rc"
}

# summary ARGS...: run_reader of scripts/summary.
summary() {
	run_reader "$SUMMARY" "$@"
}

# compare ARGS...: run_reader of scripts/compare.
compare() {
	run_reader "$COMPARE" "$@"
}

# graph ARGS...: run_reader of scripts/graph.
graph() {
	run_reader "$GRAPH" "$@"
}

# records ARGS...: run_reader of scripts/records.
records() {
	run_reader "$RECORDS" "$@"
}

# run_notes: the notes summary printed above its tables ("Runs to read
# with care") in $TRASH/out, their lines joined, runs of blanks as one.
run_notes() {
	awk '/^Runs to read with care$/ { p = 1; next } p && /^$/ { exit }
		p { gsub(/ +/, " "); sub(/^ /, ""); s = s (s == "" ? "" : " ") $0 } END { print s }' "$TRASH/out"
}

# combiner AWK FILES...: scripts/rounds.awk with its parts, as
# latbw-results.sh runs it, under AWK (LC_ALL=C).
combiner() {
	cm_awk=$1
	shift
	LC_ALL=C $cm_awk -f "$TOP/scripts/rounds.awk" -f "$TOP/scripts/rounds-combine.awk" \
		-f "$TOP/scripts/rounds-choose.awk" -f "$TOP/scripts/rounds-aside.awk" \
		-f "$TOP/scripts/stats.awk" -f "$TOP/scripts/values.awk" -f "$TOP/scripts/read-values.awk" \
		-f "$TOP/scripts/registry.awk" "$@"
}

# over_records PROG [AWK-ARG]...: PROG's own awk program (the parts of
# PROG_parts in scripts/PROG) over the records on stdin, with AWK-ARGs
# first; fails, saying which, if a part is the reader's (read, read-*,
# stats, records): PROG is a program over records.
over_records() {
	or_prog=$1
	shift
	or_parts=$(sed -n "s/^${or_prog}_parts=\"\(.*\)\"\$/\1/p" "$TOP/scripts/$or_prog")
	[ -n "$or_parts" ] || { fail "no ${or_prog}_parts in scripts/$or_prog"; return 1; }
	for or_p in $or_parts
	do
		case $or_p in
		read | read-* | stats | records) fail "$or_prog loads $or_p.awk"; return 1 ;;
		esac
		set -- "$@" -f "$TOP/scripts/$or_p.awk"
	done
	LATBW_REGISTRY=$TOP/scripts/registry LC_ALL=C awk -v mode=lib -v me="$or_prog" "$@"
}

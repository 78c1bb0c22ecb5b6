#!/bin/sh
# The readers know a latbw results file without its closing line
# ([COMPLETE: ...], results-format(7)) for an incomplete run, even when no
# [INCOMPLETE: ...] mark was written (the driver was killed): summary,
# compare and graph warn, JSON says "incomplete": true.  lmbench's files
# have no closing line and are not judged by it (issue 12, D9).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

D=$TRASH/r
mkdir -p "$D"
# A whole run, and the same run killed before its end: the closing line
# gone, or cut in the middle (no newline).
cp "$FIX/ours.results" "$D/box.1"
grep -v '^\[COMPLETE: ' "$FIX/ours.results" >"$D/box.2"
{ cat "$D/box.2"; printf '[COMPLETE: 40 of 40'; } >"$D/box.3"
# Killed, and marked by a signal handler as well: one warning, the mark's.
{ cat "$D/box.2"; printf '[INCOMPLETE: interrupted by SIGTERM after step 9 of 40]\n'; } >"$D/box.4"
NL='
'
KILLED="the run is incomplete: no closing [COMPLETE: ...] line (the run was killed, or its file cut short)"
export KILLED NL

# incomplete_flags: the "incomplete" member of each run of the JSON in
# $TRASH/out, in order, one a line.
incomplete_flags() {
	sed -n 's/^    {"run": .*"incomplete": \([a-z]*\)}.*/\1/p' "$TRASH/out"
}

test_expect 'a whole latbw run (closing line last): no warning, "incomplete": false' '
	is_complete "$D/box.1" &&
	summary "$D/box.1" && expect_status 0 && [ ! -s "$TRASH/err" ] &&
	summary -f json "$D/box.1" && incomplete_flags >"$TRASH/flags" && file_is "$TRASH/flags" false
'

test_expect 'a latbw run without its closing line: warned about, figures kept, "incomplete": true' '
	sh "$SUMMARY" "$D/box.1" >"$TRASH/whole" 2>/dev/null &&
	summary "$D/box.2" && expect_status 0 &&
	file_is "$TRASH/err" "summary: $D/box.2: $KILLED" &&
	diff -u "$TRASH/whole" "$TRASH/out" &&
	summary -f json "$D/box.1" "$D/box.2" && incomplete_flags >"$TRASH/flags" && file_is "$TRASH/flags" "false${NL}true" && has_lines 2 "$TRASH/flags" &&
	summary -f csv "$D/box.2" && file_is "$TRASH/err" "summary: $D/box.2: $KILLED"
'

test_expect 'a closing line cut in the middle (no newline) does not close the run' '
	summary -f json "$D/box.3" && incomplete_flags >"$TRASH/flags" && file_is "$TRASH/flags" true &&
	expect_line "^summary: $D/box\.3:[0-9]*: no newline at the end" "$TRASH/err" &&
	expect_line "^summary: $D/box\.3: the run is incomplete: no closing" "$TRASH/err"
'

test_expect 'killed after an [INCOMPLETE: ...] mark: the mark'\''s one warning' '
	summary -f json "$D/box.4" && incomplete_flags >"$TRASH/flags" && file_is "$TRASH/flags" true &&
	file_is "$TRASH/err" "summary: $D/box.4: the run is marked incomplete (interrupted by SIGTERM after step 9 of 40)"
'

test_expect 'compare and graph warn about a run without its closing line too' '
	run_reader "$TOP/scripts/compare" "$D/box.1" "$D/box.2" && expect_status 0 &&
	file_is "$TRASH/err" "compare: $D/box.2: $KILLED" &&
	run_reader "$TOP/scripts/graph" -o "$TRASH/svg" "$D/box.2" && expect_status 0 &&
	file_is "$TRASH/err" "graph: $D/box.2: $KILLED"
'

test_expect 'lmbench 1, 2 and 3 files and a file of no one (no closing line): not incomplete' '
	for f in "$FIX"/lmbench*.results "$TOP"/tests/fixtures/compare/garbage.0
	do
		summary -f json "$f"
		read -r rc <"$TRASH/rc" && [ "$rc" -le 1 ] &&
		incomplete_flags >"$TRASH/flags" && file_is "$TRASH/flags" false || fail "$f: $(incomplete_flags)" || return 1
		! grep -q "incomplete" "$TRASH/err" || fail "$f: $(cat "$TRASH/err")" || return 1
	done
'

test_done

#!/bin/sh
# The scaling curves (-G) in the readers: summary's table (a row per
# benchmark and mode, a column per number of copies, total and per copy),
# the JSON and CSV exports, and graph's plots (processes and threads
# against copies), from fixtures of a 4-CPU, a 1-CPU and a 12-CPU machine.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

SC=$TOP/tests/fixtures/scaling
export SC

test_expect 'summary: the scaling table of each file, the same under every awk' '
	for a in $AWKS
	do
		for f in big one wide
		do
			AWK=$a sh "$SUMMARY" "$SC/$f.0" >"$TRASH/out" 2>"$TRASH/err" ||
				fail "$a $f: exit status $?" || return 1
			[ ! -s "$TRASH/err" ] || fail "$a $f: messages: $(cat "$TRASH/err")" || return 1
			sed -n "/^Scaling/,\$p" "$TRASH/out" >"$TRASH/table" &&
			diff "$SC/$f.0.table" "$TRASH/table" || fail "$f under $a" || return 1
		done
	done
'

# summary of big.0, for the two checks that read it (one run): in
# $TRASH/big.out, its status in BIG_RC.
sh "$SUMMARY" "$SC/big.0" >"$TRASH/big.out" 2>"$TRASH/big.err"
# shellcheck disable=SC2034 # read in the checks (eval)
BIG_RC=$?

test_expect 'summary: total, per copy and xN of a curve' '
	[ "$BIG_RC" = 0 ] &&
	has_matches "$TRASH/big.out" "^lat_proc fork +processes +total +792 +1\.56k +2\.20k +2\.71k +3\.42\$" \
		"^ +copy +792 +780 +733 +678\$" "^lat_syscall null +threads +total +4\.90M "
'

test_expect 'summary: one CPU, one point, and it says so' '
	summary "$SC/one.0" &&
	has_matches "$TRASH/out" "^benchmark +mode +1 +xN\$" "^One copy only: on a machine of one CPU"
'

test_expect 'summary: past 8 copy counts, the columns are 1, the powers of two and the largest' '
	summary "$SC/wide.0" &&
	expect_line "^benchmark +mode +1 +2 +4 +8 +12 +xN\$" "$TRASH/out"
'

test_expect 'summary: the lmbench tables are unchanged by the curves' '
	[ "$BIG_RC" = 0 ] &&
	expect_line "^big +Linux 6\.1\.0 +3000 +0\.20 " "$TRASH/big.out"
'

test_expect 'summary -f csv: each point a figure in ops/s, no min or max of another unit' '
	summary -f csv "$SC/big.0" &&
	expect_line ",scaling lat_pipe pipe threads,4,610000,ops/s,5,1.5,,,4,cross," "$TRASH/out" &&
	grep -c ",scaling " "$TRASH/out" >"$TRASH/n" && file_is "$TRASH/n" 20
'

test_expect 'summary -f json: the points, named by curve, x the copies' '
	summary -f json "$SC/big.0" &&
	has_matches "$TRASH/out" "\"name\": \"scaling lat_syscall null processes\", .*\"x\": \"3\", \"value\": 14850000, \"unit\": \"ops/s\"" \
		"\"min\": null, \"max\": null, \"copies\": 3,"
'

test_expect 'graph: a plot per benchmark, named for it' '
	graph -o "$TRASH/svg" "$SC/big.0" &&
	[ ! -s "$TRASH/err" ] &&
	holds_lines "$TRASH/out" "$TRASH/svg/scaling-lat_syscall-null.svg" "$TRASH/svg/scaling-lat_pipe-pipe.svg" \
		"$TRASH/svg/scaling-lat_proc-fork.svg" &&
	grep -c scaling "$TRASH/out" >"$TRASH/n" && file_is "$TRASH/n" 3
'

test_expect 'graph: processes and threads curves, and the perfect line of each' '
	f=$TRASH/svg/scaling-lat_pipe-pipe.svg &&
	holds "$f" "<desc>big.0: processes</desc>" "<desc>big.0: threads</desc>" \
		"<desc>perfect: big.0: processes one copy x copies</desc>" \
		"<desc>perfect: big.0: threads one copy x copies</desc>" \
		">copies, each pinned to a CPU of its own</text>" &&
	awk "/<polyline/ { n++ } /y=\"[0-9]*\">0<\/text>/ { z = 1 } END { exit !(n == 4 && z) }" "$f" &&
	p=$TRASH/svg/scaling-lat_proc-fork.svg &&
	awk "/<polyline/ { n++ } /threads<\/desc>/ { t = 1 } END { exit !(n == 2 && !t) }" "$p"
'

test_expect 'graph: two files, a curve of each per mode' '
	graph -o "$TRASH/svg2" "$SC/big.0" "$SC/one.0" &&
	f=$TRASH/svg2/scaling-lat_syscall-null.svg &&
	awk "/<polyline/ { n++ } /<desc>one.0: threads<\/desc>/ { d = 1 } END { exit !(n == 6 && d) }" "$f"
'

if command -v python3 >/dev/null 2>&1
then
	test_expect 'graph: the plots are well-formed XML' '
		# One python3 for every plot: it is slow to start.
		python3 -c "import sys, xml.dom.minidom
for f in sys.argv[1:]:
    d = xml.dom.minidom.parse(f)
    assert d.documentElement.tagName == \"svg\", f" "$TRASH"/svg/scaling-*.svg
	'
else
	test_skip 'graph: the plots are well-formed XML' 'no python3'
fi

test_expect 'compare reads files with curves' '
	compare "$SC/big.0" "$SC/one.0" && [ ! -s "$TRASH/err" ]
'

test_done

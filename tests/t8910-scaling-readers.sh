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

test_expect 'summary: total, per copy and xN of a curve' '
	summary "$SC/big.0" &&
	expect_line "^lat_proc fork +processes +total +792 +1\.56k +2\.20k +2\.71k +3\.42\$" "$TRASH/out" &&
	expect_line "^ +copy +792 +780 +733 +678\$" "$TRASH/out" &&
	expect_line "^lat_syscall null +threads +total +4\.90M " "$TRASH/out"
'

test_expect 'summary: one CPU, one point, and it says so' '
	summary "$SC/one.0" &&
	expect_line "^benchmark +mode +1 +xN\$" "$TRASH/out" &&
	expect_line "^One copy only: on a machine of one CPU" "$TRASH/out"
'

test_expect 'summary: past 8 copy counts, the columns are 1, the powers of two and the largest' '
	summary "$SC/wide.0" &&
	expect_line "^benchmark +mode +1 +2 +4 +8 +12 +xN\$" "$TRASH/out"
'

test_expect 'summary: the lmbench tables are unchanged by the curves' '
	summary "$SC/big.0" &&
	expect_line "^big +Linux 6\.1\.0 +3000 +0\.20 " "$TRASH/out"
'

test_expect 'summary -f csv: each point a figure in ops/s, no min or max of another unit' '
	summary -f csv "$SC/big.0" &&
	expect_line ",scaling lat_pipe pipe threads,4,610000,ops/s,5,1.5,,,4,cross," "$TRASH/out" &&
	[ "$(grep -c ",scaling " "$TRASH/out")" -eq 20 ]
'

test_expect 'summary -f json: the points, named by curve, x the copies' '
	summary -f json "$SC/big.0" &&
	expect_line "\"name\": \"scaling lat_syscall null processes\", .*\"x\": \"3\", \"value\": 14850000, \"unit\": \"ops/s\"" "$TRASH/out" &&
	expect_line "\"min\": null, \"max\": null, \"copies\": 3," "$TRASH/out"
'

test_expect 'graph: a plot per benchmark, named for it' '
	graph -o "$TRASH/svg" "$SC/big.0" &&
	[ ! -s "$TRASH/err" ] &&
	expect_line "^$TRASH/svg/scaling-lat_syscall-null\.svg\$" "$TRASH/out" &&
	expect_line "^$TRASH/svg/scaling-lat_pipe-pipe\.svg\$" "$TRASH/out" &&
	expect_line "^$TRASH/svg/scaling-lat_proc-fork\.svg\$" "$TRASH/out" &&
	[ "$(grep -c scaling "$TRASH/out")" -eq 3 ]
'

test_expect 'graph: processes and threads curves, and the perfect line of each' '
	f=$TRASH/svg/scaling-lat_pipe-pipe.svg &&
	holds "$f" "<desc>big.0: processes</desc>" "<desc>big.0: threads</desc>" \
		"<desc>perfect: big.0: processes one copy x copies</desc>" \
		"<desc>perfect: big.0: threads one copy x copies</desc>" \
		">copies, each pinned to a CPU of its own</text>" &&
	[ "$(grep -c "<polyline" "$f")" -eq 4 ] &&
	grep -q "y=\"[0-9]*\">0</text>" "$f" &&
	p=$TRASH/svg/scaling-lat_proc-fork.svg &&
	! grep -q "threads</desc>" "$p" &&
	[ "$(grep -c "<polyline" "$p")" -eq 2 ]
'

test_expect 'graph: two files, a curve of each per mode' '
	graph -o "$TRASH/svg2" "$SC/big.0" "$SC/one.0" &&
	f=$TRASH/svg2/scaling-lat_syscall-null.svg &&
	grep -q "<desc>one.0: threads</desc>" "$f" &&
	[ "$(grep -c "<polyline" "$f")" -eq 6 ]
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

#!/bin/sh
# lat_c2c's matrices in the readers: summary's table (rows and columns are
# CPUs, cells marked with the closest group sysfs described) and graph's
# heat maps, from a fixture of a 2-socket, 8-CPU SMT machine; a file
# without groups, and damaged c2c lines.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

C2C=$TOP/tests/fixtures/c2c
GRAPH=$TOP/scripts/graph
export C2C GRAPH

test_expect 'summary: both matrices as tables, the groups and the marks' '
	for a in $AWKS
	do
		AWK=$a sh "$SUMMARY" "$C2C/twosock.0" >"$TRASH/out" 2>"$TRASH/err" ||
			fail "$a: exit status $?" || return 1
		[ ! -s "$TRASH/err" ] || fail "$a: messages: $(cat "$TRASH/err")" || return 1
		sed -n "/^Core-to-core/,\$p" "$TRASH/out" >"$TRASH/table" &&
		diff "$C2C/twosock.0.table" "$TRASH/table" || fail "under $a" || return 1
	done
'

test_expect 'summary: the cas diagonal is not measured, the pipe one is' '
	sh "$SUMMARY" "$C2C/twosock.0" >"$TRASH/out" 2>&1 &&
	expect_line "^     0       -   82\.00l  214\.0" "$TRASH/out" &&
	expect_line "^     0    5\.10   14\.25l" "$TRASH/out"
'

test_expect 'summary: lmbench tables are unchanged by the c2c lines' '
	sh "$SUMMARY" "$C2C/twosock.0" >"$TRASH/out" 2>&1 &&
	expect_line "^twosock     Linux 6\.1\.0 3000 0\.23 " "$TRASH/out"
'

test_expect 'summary: a matrix without groups says they are not known' '
	grep -v "^\[latbw-c2c" "$C2C/twosock.0" >"$TRASH/nogroups.0" &&
	sh "$SUMMARY" "$TRASH/nogroups.0" >"$TRASH/out" 2>"$TRASH/err" &&
	[ ! -s "$TRASH/err" ] &&
	[ "$(grep -c "^Groups: not known" "$TRASH/out")" -eq 2 ] &&
	expect_line "^     0       -   82\.00   214\.0" "$TRASH/out"
'

test_expect 'summary: damaged c2c lines are skipped, not believed' '
	sed -e "s/^\[latbw-c2c-groups level=smt .*/[latbw-c2c-groups level=smt 0,4 \$(rm -rf x) 1,5/" \
	    -e "s/^\[latbw-c2c-groups level=l3 .*/[latbw-c2c-groups level=L3! 0-7]/" \
	    -e "s/^\"c2c cas cpu=3\$/\"c2c cas cpu=x/" \
	    "$C2C/twosock.0" >"$TRASH/bad.0" &&
	sh "$SUMMARY" "$TRASH/bad.0" >"$TRASH/out" 2>"$TRASH/err" &&
	expect_line "^  smt      0,4 1,5\$" "$TRASH/out" &&
	! grep -q -e "L3!" -e "rm -rf" "$TRASH/out"
'

test_expect 'graph: a heat map per matrix, named for the run' '
	sh "$GRAPH" -o "$TRASH/svg" "$C2C/twosock.0" >"$TRASH/out" 2>"$TRASH/err" &&
	holds_lines "$TRASH/out" "$TRASH/svg/c2c-cas-twosock.0.svg" "$TRASH/svg/c2c-pipe-twosock.0.svg" &&
	has_lines 2 "$TRASH/out" && [ ! -s "$TRASH/err" ]
'

test_expect 'graph: 64 cells, the cas diagonal grey, values in tooltips' '
	f=$TRASH/svg/c2c-cas-twosock.0.svg &&
	awk "/<rect x=\"[0-9]*\" y=\"[0-9]*\" width=\"48\" height=\"48\"/ { r++ } /not measured<\/title>/ { n++ }
		END { exit !(r == 64 && n == 8) }" "$f" &&
	has_matches "$f" "<title>CPU 0, CPU 4: 31.75 ns</title>" "<title>CPU 4, CPU 0: 31.75 ns</title>" \
		"<title>CPU 3, CPU 4: 212.0 ns</title>" &&
	p=$TRASH/svg/c2c-pipe-twosock.0.svg &&
	awk "/not measured<\/title>/ { n++ } /<title>CPU 7, CPU 7: 5.17 us<\/title>/ { t = 1 } END { exit !(n == 0 && t) }" "$p"
'

test_expect 'graph: the smallest cell palest, the largest darkest, groups listed' '
	f=$TRASH/svg/c2c-cas-twosock.0.svg &&
	has_matches "$f" "<rect x=\"[0-9]*\" y=\"[0-9]*\" width=\"48\" height=\"48\" fill=\"#fff7bc\"><title>CPU 1, CPU 5: 31.50 ns" \
		"fill=\"#a50026\"><title>CPU 0, CPU 6: 218.0 ns" ">smt: 0,4 1,5 2,6 3,7</text>" \
		">package: 0-1,4-5 2-3,6-7</text>"
'

if command -v python3 >/dev/null 2>&1
then
	test_expect 'graph: the heat maps are well-formed XML' '
		for f in "$TRASH"/svg/c2c-*.svg
		do
			python3 -c "import sys, xml.dom.minidom
d = xml.dom.minidom.parse(sys.argv[1])
assert d.documentElement.tagName == \"svg\"" "$f" || fail "$f" || return 1
		done
	'
else
	test_skip 'graph: the heat maps are well-formed XML' 'no python3'
fi

# A 2-CPU machine's cas matrix: one figure, the same both ways.
test_expect 'graph: a matrix of one value has one colour in its scale, not five equal ones' '
	mkdir -p "$TRASH/two" &&
	{
		echo "[lmbench3.0 results for Linux two 6.1 x86_64]"
		echo "[latbw-c2c-cpus 0-1]"
		echo "\"c2c cas cpu=0"
		echo "1 57.14"
		echo ""
	} >"$TRASH/two.0" &&
	sh "$GRAPH" -o "$TRASH/two" "$TRASH/two.0" >"$TRASH/out" 2>"$TRASH/err" &&
	f=$TRASH/two/c2c-cas-two.0.svg &&
	[ -s "$f" ] &&
	awk "/<rect x=\"[0-9]*\" y=\"[0-9]*\" width=\"18\" height=\"18\"/ { r++ } />57\.14 ns<\/text>/ { v++ }
		/>not measured<\/text>/ { n = 1 } END { exit !(r == 2 && v == 1 && n) }" "$f" ||
		fail "$(cat "$TRASH/err") $(grep "<text" "$f" 2>/dev/null)"
'

test_done

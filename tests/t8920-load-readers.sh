#!/bin/sh
# lat_mem_load's loaded latency and par_mem -c's MLP curve in the readers:
# summary's tables (a row per count: latency and the bandwidth of the
# same samples), the one-CPU note, the JSON export, and graph's latency-
# against-bandwidth plot, from fixtures of an 8-CPU and a 1-CPU machine.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

LOAD=$TOP/tests/fixtures/load
GRAPH=$TOP/scripts/graph
export LOAD GRAPH

test_expect 'summary: the loaded and MLP tables, under every awk' '
	for a in $AWKS
	do
		AWK=$a sh "$SUMMARY" "$LOAD/eight.0" "$LOAD/one.0" >"$TRASH/out" 2>"$TRASH/err" ||
			fail "$a: exit status $?" || return 1
		[ ! -s "$TRASH/err" ] || fail "$a: messages: $(cat "$TRASH/err")" || return 1
		sed -n "/^Loaded latency/,\$p" "$TRASH/out" >"$TRASH/table" &&
		diff "$LOAD/eight-one.table" "$TRASH/table" || fail "under $a" || return 1
	done
'

test_expect 'summary: k = 0 has no bandwidth; one CPU is said' '
	sh "$SUMMARY" "$LOAD/eight.0" "$LOAD/one.0" >"$TRASH/out" 2>&1 &&
	expect_line "^0 +95\.10 +-\$" "$TRASH/out" &&
	expect_line "^7 +201\.30 +60120\.40\$" "$TRASH/out" &&
	expect_line "^16 +215\.60 +4749\.54\$" "$TRASH/out" &&
	[ "$(grep -c "^k = 0 only: one CPU" "$TRASH/out")" -eq 1 ]
'

test_expect 'summary: a file without these series prints no such table' '
	sh "$SUMMARY" "$TOP/tests/fixtures/c2c/twosock.0" >"$TRASH/out" 2>&1 &&
	! grep -q "^Loaded latency\|^Memory-level parallelism" "$TRASH/out"
'

test_expect 'summary -f json: every point a figure with its unit' '
	sh "$SUMMARY" -f json "$LOAD/eight.0" >"$TRASH/out" 2>"$TRASH/err" &&
	[ "$(grep -c "\"name\": \"loaded latency mode=read pages=thp\".*\"unit\": \"ns\"" "$TRASH/out")" -eq 7 ] &&
	[ "$(grep -c "\"name\": \"loaded bandwidth mode=read\".*\"unit\": \"MB/s\"" "$TRASH/out")" -eq 6 ] &&
	[ "$(grep -c "\"name\": \"mlp latency pages=thp\".*\"unit\": \"ns\"" "$TRASH/out")" -eq 5 ] &&
	[ "$(grep -c "\"name\": \"mlp bandwidth pages=thp\".*\"unit\": \"MB/s\"" "$TRASH/out")" -eq 5 ]
'

test_expect 'graph: a loaded-latency plot and an MLP plot, a curve per series' '
	sh "$GRAPH" -o "$TRASH/svg" "$LOAD/eight.0" "$LOAD/one.0" >"$TRASH/out" 2>"$TRASH/err" &&
	expect_line "^$TRASH/svg/load-latency\.svg\$" "$TRASH/out" &&
	expect_line "^$TRASH/svg/mlp-latency\.svg\$" "$TRASH/out" &&
	f=$TRASH/svg/load-latency.svg && m=$TRASH/svg/mlp-latency.svg &&
	[ "$(grep -c "<g class=\"curve\">" "$f")" -eq 2 ] &&
	[ "$(grep -c "<g class=\"curve\">" "$m")" -eq 1 ] &&
	[ "$(cat "$f" "$m" | grep -c "<circle ")" -eq 13 ] &&
	grep -q "<desc>eight.0: loaded, loaders read (k), thp pages</desc>" "$f" &&
	grep -q "<desc>eight.0: MLP, chases on one CPU, thp pages</desc>" "$m" &&
	grep -q "<desc>one.0: loaded, loaders write (k), small pages</desc>" "$f" &&
	grep -q "<title>0: 95.10 ns at 0.00 MB/s</title>" "$f" &&
	grep -q "<title>7: 201.30 ns at 60120.40 MB/s</title>" "$f" &&
	grep -q "<title>16: 215.60 ns at 4749.54 MB/s</title>" "$m"
'

test_expect 'graph: the points run left to right as the load grows' '
	awk "/<desc>eight.0: loaded/ { on = 1; next } on && /<\\/g>/ { exit }
		on && /<circle/ { sub(/.*cx=\"/, \"\"); sub(/\".*/, \"\"); if (\$0 + 0 < last) bad = 1; last = \$0 + 0 }
		END { exit bad }" "$TRASH/svg/load-latency.svg"
'

if command -v python3 >/dev/null 2>&1
then
	test_expect 'graph: the plot is well-formed XML' '
		python3 -c "import sys, xml.dom.minidom
d = xml.dom.minidom.parse(sys.argv[1])
assert d.documentElement.tagName == \"svg\"" "$TRASH/svg/load-latency.svg"
	'
else
	test_skip 'graph: the plot is well-formed XML' 'no python3'
fi

test_done

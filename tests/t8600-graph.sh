#!/bin/sh
# scripts/graph: one SVG per plot, well-formed XML, with the expected
# curves, legend, axes and cache sizes; bad input gets warnings or the
# usage line, never a crash.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

FIX=$TOP/tests/fixtures/graph
export FIX GRAPH

# well_formed FILE...: an XML parser accepts each, with an svg root
# (python3's, else xmllint's): one parser run for them all, since
# python3 takes a while to start (and dozens of processes under pyenv).
well_formed() {
	if command -v python3 >/dev/null 2>&1
	then
		python3 -c 'import sys, xml.dom.minidom
bad = 0
for f in sys.argv[1:]:
    try:
        d = xml.dom.minidom.parse(f)
        assert d.documentElement.tagName == "svg", "the root is " + d.documentElement.tagName
    except Exception as e:
        print("%s: not well-formed: %s" % (f, e), file=sys.stderr)
        bad = 1
sys.exit(bad)' "$@"
	elif command -v xmllint >/dev/null 2>&1
	then
		xmllint --noout "$@" || fail "not well-formed: $*"
	fi
}

test_expect 'two runs: six plots, their paths on stdout' '
	graph -o "$TRASH/svg" "$FIX/vm.0" "$FIX/vm.1"
	expect_status 0 &&
	for p in mem-latency mem-bandwidth-read mem-bandwidth-write mem-bandwidth-copy file-bandwidth tcp-bandwidth
	do
		expect_line "^$TRASH/svg/$p.svg\$" "$TRASH/out" &&
		[ -s "$TRASH/svg/$p.svg" ] || fail "no $p.svg" || return 1
	done
	[ "$(wc -l <"$TRASH/out")" -eq 6 ] && [ ! -s "$TRASH/err" ]
'

if command -v python3 >/dev/null 2>&1 || command -v xmllint >/dev/null 2>&1
then
	test_expect 'every SVG is well-formed XML with an svg root' '
		well_formed "$TRASH"/svg/*.svg
	'
else
	test_skip 'every SVG is well-formed XML' 'neither python3 nor xmllint'
fi

test_expect 'latency plot: a curve and a legend line per run and curve' '
	f=$TRASH/svg/mem-latency.svg &&
	[ "$(grep -c "<polyline" "$f")" -eq 4 ] &&
	holds "$f" "<desc>vm.0 stride=128</desc>" ">vm.0 stride=128</text>" \
		"<desc>vm.0 random stride=16</desc>" ">vm.0 random stride=16</text>" \
		"<desc>vm.1 stride=128</desc>" ">vm.1 stride=128</text>" \
		"<desc>vm.1 random stride=16</desc>" ">vm.1 random stride=16</text>"
'

test_expect 'latency plot: title, axis names, cache sizes, size ticks' '
	f=$TRASH/svg/mem-latency.svg &&
	holds "$f" ">Memory load latency (lat_mem_rd)</text>" \
		">array size (bytes) - log scale</text>" \
		">nanoseconds per load - log scale</text>" \
		">L1d 32K</text>" ">L2 512K</text>" ">L3 32M</text>" \
		">2K</text>" ">128M</text>" &&
	grep -c "stroke-dasharray=\"5,4\"" "$f" >"$TRASH/n" && file_is "$TRASH/n" 3
'

# inside FILE...: every point of every curve (polyline points="x,y ...")
# of the FILEs lies in the plot area; one awk for them all.
inside() {
	awk '{
		s = $0
		while (match(s, /points="[^"]*"/)) {
			n = split(substr(s, RSTART + 8, RLENGTH - 9), p, / /)
			s = substr(s, RSTART + RLENGTH)
			for (i = 1; i <= n; i++) {
				split(p[i], xy, ",")
				if (xy[1] < 90 || xy[1] > 1000 || xy[2] < 80 || xy[2] > 570) {
					print FILENAME ": a point outside: " p[i]
					bad = 1
				}
			}
		}
	}
	END { exit bad }' "$@" >&2
}

test_expect 'every curve point lies inside the plot area' '
	inside "$TRASH"/svg/*.svg
'

test_expect 'bandwidth plots: the series of each run in the legend' '
	f=$TRASH/svg/mem-bandwidth-read.svg &&
	holds "$f" ">vm.0: read</text>" ">MB/s (10^6 bytes per second)</text>" &&
	holds "$TRASH/svg/mem-bandwidth-write.svg" ">vm.1: write</text>" &&
	holds "$TRASH/svg/mem-bandwidth-copy.svg" ">vm.0: libc bcopy unaligned</text>" &&
	holds "$TRASH/svg/file-bandwidth.svg" ">vm.1: Mmap read open2close</text>" &&
	f=$TRASH/svg/tcp-bandwidth.svg &&
	holds "$f" ">vm.0: Socket bandwidth using localhost</text>" &&
	awk "/<polyline/ { n++ } />L1d 32K<\/text>/ { l = 1 } END { exit !(n == 2 && !l) }" "$f"
'

test_expect 'the same SVGs under every awk' '
	for a in $AWKS
	do
		AWK=$a sh "$GRAPH" -o "$TRASH/svg.$a" "$FIX/vm.0" "$FIX/vm.1" >/dev/null 2>&1 ||
			fail "$a failed" || return 1
		diff -r "$TRASH/svg" "$TRASH/svg.$a" >/dev/null || fail "$a differs" || return 1
	done
'

test_expect 'a file without curves: no plot, a message, status 1' '
	graph -o "$TRASH/none" "$TOP/tests/fixtures/compare/base.0"
	expect_status 1 &&
	expect_line "^graph: no curve to plot" "$TRASH/err" &&
	[ ! -s "$TRASH/out" ]
'

test_expect 'a missing and a garbage file beside a good one: warnings, plots' '
	graph -o "$TRASH/mixed" "$TRASH/nosuch.0" "$TOP/tests/fixtures/compare/garbage.0" "$FIX/vm.0"
	expect_status 1 &&
	has_matches "$TRASH/err" "^graph: .*nosuch.0: no such file" "^graph: .*garbage.0:1: unrecognised line" &&
	[ -s "$TRASH/mixed/mem-latency.svg" ] &&
	well_formed "$TRASH/mixed/mem-latency.svg"
'

test_expect 'bad options and no file: usage, status 2' '
	graph -x "$FIX/vm.0"
	expect_status 2 && expect_line "^usage: graph \[-o DIR\]" "$TRASH/err" &&
	graph -o
	expect_status 2 &&
	graph
	expect_status 2 && expect_line "^usage: graph" "$TRASH/err"
'

test_expect 'XML special characters in a name are escaped' '
	cp "$FIX/vm.0" "$TRASH/a&b<c>.0" &&
	graph -o "$TRASH/esc" "$TRASH/a&b<c>.0"
	expect_status 0 &&
	grep -q ">a&amp;b&lt;c&gt;.0 stride=128</text>" "$TRASH/esc/mem-latency.svg" &&
	well_formed "$TRASH/esc/mem-latency.svg"
'

test_expect 'graph needs the reader, not the tables: no summary, summary.awk, cells, layout, tables or export beside it' '
	mkdir -p "$TRASH/only" &&
	cp "$TOP/scripts/readers.sh" "$TOP/scripts/graph" "$TOP"/scripts/*.awk "$TOP/scripts/registry" "$TRASH/only/" &&
	rm "$TRASH/only/summary.awk" "$TRASH/only/cells.awk" "$TRASH/only/layout.awk" \
		"$TRASH/only/tables.awk" "$TRASH/only/export.awk" &&
	sh "$TRASH/only/graph" -o "$TRASH/svg.only" "$FIX/vm.0" "$FIX/vm.1" >/dev/null 2>"$TRASH/err" &&
	[ ! -s "$TRASH/err" ] &&
	diff -r "$TRASH/svg" "$TRASH/svg.only"
'

test_expect 'graph is a program over records: its awk files hold no part of the reader, and records alone make its plots' '
	c2c=$TOP/tests/fixtures/c2c/twosock.0 &&
	load=$TOP/tests/fixtures/load/one.0 &&
	{ sh "$TOP/scripts/records" "$FIX/vm.0" "$c2c" "$load" && printf "E\t0\n"; } >"$TRASH/recs" 2>/dev/null &&
	mkdir "$TRASH/svg.recs" &&
	(
		LATBW_OUTDIR=$TRASH/svg.recs
		export LATBW_OUTDIR
		over_records graph <"$TRASH/recs" >/dev/null 2>"$TRASH/over.err"
	) &&
	graph -o "$TRASH/svg.read" "$FIX/vm.0" "$c2c" "$load" && expect_status 0 &&
	[ -s "$TRASH/svg.recs/c2c-cas-twosock.0.svg" ] && [ -s "$TRASH/svg.recs/load-latency.svg" ] &&
	diff -r "$TRASH/svg.read" "$TRASH/svg.recs"
'

test_expect 'latency plot of a latbw file: the random chase (order=random pages=thp) is a curve too' '
	cp "$TOP/tests/fixtures/summary/ours.results" "$TRASH/ours.0" &&
	graph -o "$TRASH/ours" "$TRASH/ours.0" &&
	expect_status 0 &&
	f=$TRASH/ours/mem-latency.svg &&
	holds "$f" "<desc>ours.0 stride=128</desc>" ">ours.0 stride=128</text>" \
		"<desc>ours.0 stride=128 order=random pages=thp</desc>" \
		">ours.0 stride=128 order=random pages=thp</text>" \
		"<desc>ours.0 random stride=16</desc>" ">ours.0 random stride=16</text>"
'

test_done

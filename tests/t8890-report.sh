#!/bin/sh
# scripts/report: one self-contained HTML page, well-formed, holding every
# cell and flag summary prints (cell by cell, on real runs), compare's
# change rows with their marks and graph's plots; every text of a results
# file escaped; the same bytes for the same input; bad input gets one
# line and the usage, exit 2, and nothing is left behind.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

REPORT=$TOP/scripts/report
RUNS=$TOP/tests/fixtures/runs/x86_64-linux-gnu
CELLS=$TOP/tests/summary-cells.awk
mkdir -p "$TRASH/tmp"
TMPDIR=$TRASH/tmp
export TMPDIR REPORT RUNS CELLS
# The readers' outputs the page is made of, as scripts/report keeps them:
# the tests of summary, compare and graph below leave theirs here, and the
# page's own awk is run on them under every awk.
MID=$TRASH/mid
mkdir -p "$MID/graphs"

# in_page PAGE LINES BEFORE AFTER: every line of the file LINES, as the
# page writes text (&, <, > escaped), is in PAGE between BEFORE and
# AFTER ("<li>" and "</li>"); says which are not.  One awk for them all,
# not a sed and a grep for each.
in_page() {
	LC_ALL=C awk -v before="$3" -v after="$4" '
	FILENAME == ARGV[1] {
		e = $0
		gsub(/&/, "\\&amp;", e); gsub(/</, "\\&lt;", e); gsub(/>/, "\\&gt;", e)
		want[++n] = before e after
		line[n] = $0
		next
	}
	{
		for (i = 1; i <= n; i++)
			if (!(i in seen) && index($0, want[i]))
				seen[i] = 1
	}
	END {
		for (i = 1; i <= n; i++)
			if (!(i in seen)) { print "not in the page: " line[i]; bad = 1 }
		exit bad
	}' "$2" "$1" >&2
}

# report ARGS...: run_reader of scripts/report.
report() {
	run_reader "$REPORT" "$@"
}

# page_cells FILE: the cells of the page's tables (those of summary, not
# compare's), one per line as tests/summary-cells.awk prints summary's:
# "table|host#k|j|text" (j the column), entities undone.
page_cells() {
	awk '
	function unhtml(s) {
		gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s); gsub(/&quot;/, "\"", s)
		gsub(/&amp;/, "\\&", s)
		return s
	}
	/^<section id="changes">/ { exit }
	/^<h2 id="t[0-9]+">/ {
		# The title as summary prints it: tags out, entities undone.
		h = $0
		gsub(/<[^>]*>/, "", h)
		h = unhtml(h)
		t = ""
		if (h ~ /^Basic system parameters$/) t = "basic"
		else if (h ~ /^Processor, Processes - /) t = "proc"
		else if (h ~ /^Basic integer operations - /) t = "int"
		else if (h ~ /^Basic uint64 operations - /) t = "uint64"
		else if (h ~ /^Basic float operations - /) t = "float"
		else if (h ~ /^Basic double operations - /) t = "double"
		else if (h ~ /^Context switching - /) t = "ctx"
		else if (h ~ /^\*Local\* Communication latencies /) t = "local"
		else if (h ~ /^\*Remote\* Communication latencies /) t = "remote"
		else if (h ~ /^File & VM system latencies /) t = "filevm"
		else if (h ~ /^\*Local\* Communication bandwidths /) t = "bw"
		else if (h ~ /^Memory latencies in nanoseconds /) t = "mem"
		next
	}
	t != "" && /^<tr/ {
		n = 0
		s = $0
		while (match(s, /<td[^>]*>/)) {
			s = substr(s, RSTART + RLENGTH)
			e = index(s, "</td>")
			cell[++n] = unhtml(substr(s, 1, e - 1))
			s = substr(s, e + 5)
		}
		if (n == 0)
			next
		k = ++seen[t, cell[1]]
		for (j = 1; j <= n; j++)
			printf "%s|%s#%d|%d|%s\n", t, cell[1], k, j, cell[j]
	}' "$1"
}

# summary_cells FILE: summary's cells in the same form, by column number.
summary_cells() {
	awk -f "$CELLS" "$1" | awk -F"|" '
		{ t = $1; sub(/^mem3$/, "mem", t); k = $1 FS $2; j = ++col[k]
		  printf "%s|%s|%d|%s\n", t, $2, j, substr($0, length($1 $2 $3) + 4) }'
}

# missing_lines PAGE SUMMARY: the lines of summary's output the page does
# not hold, "row|line" or "|line": a table's row must be a row of the
# page (its cells joined), any other line (titles, notes, flags, lat_c2c's
# matrices, the scaling and loaded-latency tables) a line of its text;
# blanks squeezed, compare's part left out.  Column heads, split over
# lines in summary, are not looked for.
missing_lines() {
	awk '
	function unhtml(s) {
		gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s); gsub(/&quot;/, "\"", s)
		gsub(/&amp;/, "\\&", s)
		return s
	}
	function squeeze(s) {
		gsub(/[ \t]+/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s)
		return s
	}
	FNR == 1 { file++ }
	file == 1 && /^<section id="changes">/ { skip = 1 }
	file == 1 && /^<section id="messages">/ { skip = 0 }
	file == 1 && !skip && /^<tr/ && /<td/ {
		s = $0; gsub(/<\/t[dh]>/, " ", s); gsub(/<[^>]*>/, "", s)
		row[squeeze(unhtml(s))] = 1
		next
	}
	file == 1 && !skip {
		s = $0; gsub(/<[^>]*>/, "", s)
		text[squeeze(unhtml(s))] = 1
		next
	}
	file == 2 { L[++n] = $0 }
	END {
		for (i = 3; i <= n; i++)
			if (L[i] ~ /^-+( +-+)+ *$/) {
				what[i] = "rule"
				for (j = i - 1; j > 0 && L[j] !~ /^-+$/ && L[j] !~ /^[ \t]*$/; j--)
					what[j] = "head"
				for (j = i + 1; j <= n && L[j] !~ /^[ \t]*$/ && L[j] !~ /^! /; j++)
					what[j] = "row"
			}
		for (i = 3; i <= n; i++) {
			s = squeeze(L[i])
			if (s == "" || what[i] == "rule" || what[i] == "head" || s ~ /^-+$/)
				continue
			if (what[i] == "row" ? !(s in row) : !(s in text))
				print what[i] "|" L[i]
		}
	}' "$1" "$2"
}

test_expect 'two real runs: a page on stdout, exit 0, nothing on stderr' '
	report "$RUNS/vm.0" "$RUNS/vm.2" &&
	[ ! -s "$TRASH/err" ] || fail "$(cat "$TRASH/err")" || return 1
	cp "$TRASH/out" "$TRASH/page.html" &&
	awk "NR == 1 { first = \$0 } { last = \$0 } END { exit !(first == \"<!DOCTYPE html>\" && last == \"</html>\") }" "$TRASH/page.html"
'

if command -v xmllint >/dev/null 2>&1
then
	test_expect 'the page is well-formed XML (XHTML), and HTML to an HTML parser' '
		xmllint --noout "$TRASH/page.html" 2>"$TRASH/xerr" || fail "$(head -5 "$TRASH/xerr")" || return 1
		# The HTML parser of libxml2 is HTML 4: it knows no svg, section,
		# figure; any other error is one.
		xmllint --html --noout "$TRASH/page.html" 2>"$TRASH/xerr"
		grep "error" "$TRASH/xerr" | grep -v "Tag [a-z]* invalid$" >"$TRASH/xbad"
		[ ! -s "$TRASH/xbad" ] || fail "$(head -5 "$TRASH/xbad")"
	'
else
	test_skip 'the page is well-formed XML (XHTML)' 'no xmllint (apt-get install libxml2-utils)'
fi

test_expect 'self-contained: no script, nothing fetched from elsewhere' '
	! grep -qi "<script" "$TRASH/page.html" &&
	! grep -Eqi "(src|href)=\"?(https?:)?//" "$TRASH/page.html" &&
	! grep -qi "<link\|<img\|<iframe\|<object\|@import\|url(" "$TRASH/page.html" &&
	has_matches "$TRASH/page.html" "Content-Security-Policy\" content=\"default-src .none.;"
'

test_expect 'every cell of every table summary prints is in the page, in its row and column' '
	summary -- "$RUNS/vm.0" "$RUNS/vm.2" &&
	cp "$TRASH/out" "$TRASH/summary.txt" &&
	cp "$TRASH/out" "$MID/summary.out" && cp "$TRASH/err" "$MID/summary.err" &&
	summary_cells "$TRASH/summary.txt" | LC_ALL=C sort >"$TRASH/want" &&
	page_cells "$TRASH/page.html" | LC_ALL=C sort >"$TRASH/got" &&
	[ "$(wc -l <"$TRASH/want")" -gt 150 ] || fail "only $(wc -l <"$TRASH/want") cells from summary" || return 1
	diff -u "$TRASH/want" "$TRASH/got" >"$TRASH/diff" || fail "$(head -20 "$TRASH/diff")"
'

test_expect 'every other line summary prints too: the tables beyond lmbench (Cross-CPU, cache sizes) row by row, lat_c2c, scaling, loaded latency, notes' '
	missing_lines "$TRASH/page.html" "$TRASH/summary.txt" >"$TRASH/missing" &&
	grep -q "^Core-to-core\|^Scaling curves\|^Loaded latency" "$TRASH/summary.txt" &&
	[ ! -s "$TRASH/missing" ] || fail "$(head -10 "$TRASH/missing")"
'

test_expect 'the cells of lmbench 3 files too (the classic memory table)' '
	summary "$FIX/lmbench3-zen3-vm.results" "$FIX/lmbench2.results" &&
	cp "$TRASH/out" "$TRASH/summary3.txt" &&
	summary_cells "$TRASH/out" | LC_ALL=C sort >"$TRASH/want" &&
	report "$FIX/lmbench3-zen3-vm.results" "$FIX/lmbench2.results" || fail "$(cat "$TRASH/err")" || return 1
	page_cells "$TRASH/out" | LC_ALL=C sort >"$TRASH/got" &&
	grep -q "^mem|" "$TRASH/want" &&
	diff -u "$TRASH/want" "$TRASH/got" >"$TRASH/diff" || fail "$(head -20 "$TRASH/diff")" || return 1
	missing_lines "$TRASH/out" "$TRASH/summary3.txt" >"$TRASH/missing" &&
	[ ! -s "$TRASH/missing" ] || fail "$(head -10 "$TRASH/missing")"
'

test_expect 'every flag under a table, and every consistency check, is in the page' '
	grep "^! " "$TRASH/summary.txt" >"$TRASH/flags" &&
	[ -s "$TRASH/flags" ] &&
	in_page "$TRASH/page.html" "$TRASH/flags" "<li>" "</li>" &&
	grep -q "<td class=\"flag\" title=\"! " "$TRASH/page.html"
'

# A cell's flag ("! vm.2  RPC/UDP: rounds 44.9% apart") marks its cell:
# the flag names the column by its head, which the page must read alike
# ("RPC/" over "UDP"; "0K File" over Create and Delete both).
test_expect 'every flag of a cell marks that cell (its column named as summary names it)' '
	summary "$RUNS/vm.2" "$RUNS/vm.3" &&
	grep -E "^! .*: (rounds .* apart|fastest round alone)" "$TRASH/out" >"$TRASH/cflags" &&
	report "$RUNS/vm.2" "$RUNS/vm.3" && cp "$TRASH/out" "$TRASH/page23.html" &&
	grep -q "RPC/UDP: " "$TRASH/cflags" && grep -q "File Delete: " "$TRASH/cflags" &&
	in_page "$TRASH/page23.html" "$TRASH/cflags" "title=\"" "\""
'

test_expect 'a head over two or three columns heads each of them' '
	holds "$TRASH/page.html" "<th>0K File Create</th><th>0K File Delete</th><th>10K File Create</th><th>10K File Delete</th>" \
		"<th>measured by cache L1</th><th>measured by cache L2</th><th>measured by cache L3</th>" \
		"<th>RPC/UDP</th>"
'

test_expect 'compare: each change row, its marks as compare prints them' '
	compare -- "$RUNS/vm.0" "$RUNS/vm.2" &&
	cp "$TRASH/out" "$MID/compare.out" && cp "$TRASH/err" "$MID/compare.err" &&
	awk "/^ +change %/ { sub(/^ +change % +/, \"\"); gsub(/ +/, \" \"); print }" "$TRASH/out" >"$TRASH/want" &&
	[ -s "$TRASH/want" ] &&
	awk "/^<section id=\"changes\">/ { on = 1 } on && /^<tr class=\"sub\">/ {
		s = \$0; gsub(/<[^>]*>/, \" \", s); gsub(/ +/, \" \", s); sub(/^ /, \"\", s); sub(/ $/, \"\", s)
		sub(/^change % ?/, \"\", s); print s }" "$TRASH/page.html" >"$TRASH/got" &&
	diff -u "$TRASH/want" "$TRASH/got" >"$TRASH/diff" || fail "$(head -20 "$TRASH/diff")"
'

test_expect 'the graphs inline, as graph draws them' '
	graph -o "$MID/graphs" -- "$RUNS/vm.0" "$RUNS/vm.2" &&
	cp "$TRASH/out" "$MID/graph.out" &&
	n=$(grep -c "^<svg " "$TRASH/page.html") &&
	[ "$n" -eq "$(wc -l <"$TRASH/out")" ] || fail "$n plots in the page" || return 1
	grep -v "^<?xml" "$MID/graphs/mem-latency.svg" >"$TRASH/one.svg" &&
	awk "/^<svg /{ p = 1 } p { print } p && /^<\\/svg>/ { exit }" "$TRASH/page.html" >"$TRASH/first.svg" &&
	cmp "$TRASH/one.svg" "$TRASH/first.svg"
'

test_expect 'the machines side by side: a column per run, with its file' '
	holds "$TRASH/page.html" "<th class=\"l\">vm.0</th><th class=\"l\">vm.2</th>" \
		"<td>$RUNS/vm.0</td><td>$RUNS/vm.2</td>"
'

test_expect 'the same input, the same bytes (another TMPDIR, -o FILE)' '
	mkdir -p "$TRASH/tmp2" &&
	TMPDIR=$TRASH/tmp2 sh "$REPORT" -o "$TRASH/again.html" "$RUNS/vm.0" "$RUNS/vm.2" &&
	cmp "$TRASH/page.html" "$TRASH/again.html"
'

# busybox awk too, where there is one (a link named awk, which busybox
# runs as its awk: AWK is one word, and an exec, not a shell's too).
BB=
if busybox awk "BEGIN {}" 2>/dev/null
then
	mkdir "$TRASH/bbawk" && ln -s "$(command -v busybox)" "$TRASH/bbawk/awk" && BB=$TRASH/bbawk/awk
fi
export BB

# The page's own awk under each awk here, from the readers' outputs
# (the readers have tests of their own under each).
test_expect 'the same page under every awk (report-read.awk, report.awk)' '
	mid=$MID &&
	sh "$SUMMARY" -f json -- "$RUNS/vm.0" "$RUNS/vm.2" >"$mid/json.out" &&
	[ -s "$mid/summary.out" ] && [ -s "$mid/compare.out" ] && [ -s "$mid/graph.out" ] ||
		fail "no outputs of summary, compare, graph from the tests above" || return 1
	for a in $AWKS $BB
	do
		LATBW_REPORT_DIR=$mid LC_ALL=C "$a" -v me=report -f "$TOP/scripts/report-read.awk" \
			-f "$TOP/scripts/report.awk" >"$TRASH/awk.html" 2>"$TRASH/awk.err" &&
		cmp -s "$TRASH/awk.html" "$TRASH/page.html" || fail "$a: another page: $(head -3 "$TRASH/awk.err")" || return 1
	done
'

test_expect 'a host named <script>, an OS with markup: text, not markup' '
	mkdir -p "$TRASH/evil" &&
	sed "1s/6\\.18\\.44-fc-v669/<b>\\&amp;\"x/" "$RUNS/vm.1" >"$TRASH/evil/<script>.0" &&
	report "$TRASH/evil/<script>.0" || fail "$(cat "$TRASH/err")" || return 1
	! grep -qi "<script" "$TRASH/out" &&
	! grep -q "<b>" "$TRASH/out" &&
	holds "$TRASH/out" "<td class=\"l\">&lt;script&gt;</td>" "&lt;b&gt;&amp;amp;" &&
	{ ! command -v xmllint >/dev/null 2>&1 || xmllint --noout "$TRASH/out"; }
'

test_expect 'one run: no compare part, still a whole page' '
	report "$RUNS/vm.1" &&
	! grep -q "id=\"changes\"" "$TRASH/out" &&
	has_matches "$TRASH/out" "id=\"tables\"" "INCOMPLETE|<td>yes</td>"
'

# A run with no series (a subset of benchmarks, as a fleet's quick runs
# of lat_syscall): graph has no curve to plot, the page has no graphs.
test_expect 'runs with no series: a whole page, its tables, no graphs, exit 0' '
	report "$TOP/tests/fixtures/summary/handrun.results" \
		"$TOP/tests/fixtures/summary/onecpu.results" &&
	expect_status 0 &&
	holds "$TRASH/out" "id=\"tables\"" "</html>" &&
	! grep -q "<svg" "$TRASH/out"
'

# bad ARGS... : exit 2, nothing on stdout, its error then the usage line.
bad() {
	report "$@"
	if expect_status 2 && [ ! -s "$TRASH/out" ] &&
		awk 'NR == 2 && /^usage: report / { u = 1 } END { exit !(NR == 2 && u) }' "$TRASH/err"
	then
		return 0
	fi
	fail "$(cat "$TRASH/err")"
}

test_expect 'a missing file: one line and the usage, exit 2' '
	bad "$RUNS/vm.0" "$TRASH/nonesuch.0" &&
	grep -q "^report: $TRASH/nonesuch.0: no such file or directory$" "$TRASH/err"
'

test_expect 'a file that is not a results file: one line and the usage, exit 2' '
	bad "$RUNS/vm.0" "$TOP/tests/fixtures/compare/garbage.0" &&
	grep -q "^report: .*garbage.0: no figure in it" "$TRASH/err"
'

test_expect 'a binary file: one line and the usage, exit 2' '
	printf "a\\000b\\n" >"$TRASH/bin.0" &&
	bad "$TRASH/bin.0"
'

test_expect 'no file, an unknown option, -o without a name: usage, exit 2' '
	bad &&
	bad -x "$RUNS/vm.0" &&
	bad --bogus "$RUNS/vm.0" &&
	bad "$RUNS/vm.0" -o
'

test_expect 'a failed run writes no -o file' '
	report -o "$TRASH/none.html" "$TRASH/nonesuch.0"
	expect_status 2 && [ ! -e "$TRASH/none.html" ]
'

test_expect 'nothing left in TMPDIR' '
	find "$TRASH/tmp" "$TRASH/tmp2" ! -path "$TRASH/tmp" ! -path "$TRASH/tmp2" >"$TRASH/left" &&
	[ ! -s "$TRASH/left" ] || fail "$(cat "$TRASH/left")"
'

test_done

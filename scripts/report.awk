# report.awk - the HTML page of scripts/report, made from the readers'
# outputs in the directory LATBW_REPORT_DIR (read by report-read.awk,
# loaded before this file):
#
#   json.out      summary -f json: the runs (the machines' fingerprints)
#   summary.out   summary's tables; summary.err its messages
#   compare.out   compare's tables (empty for one run); compare.err
#   graph.out     graph's list of the SVG files it wrote (one a line)
#
# Each table of summary and compare becomes an HTML table with the same
# cells, its flags listed under it and marking their cells; a block that
# is no such table is shown in a <pre> as it is printed.  Every text is
# escaped (html()); the page is XHTML-style, so that an XML parser reads
# it; nothing in it depends on the time or the machine it is made on.
# Only POSIX awk; run with LC_ALL=C.

BEGIN {
	dir = ENVIRON["LATBW_REPORT_DIR"]
	if (dir == "") {
		print me ": LATBW_REPORT_DIR is not set" > "/dev/stderr"
		exit 1
	}
	read_runs(dir "/json.out")
	nsec = 0
	parse(dir "/summary.out", "s")
	ncmp0 = nsec
	parse(dir "/compare.out", "c")
	read_graphs(dir "/graph.out")
	page()
	exit 0
}

# ---- the page ------------------------------------------------------------------

function page(    k, g, i, hosts) {
	hosts = ""
	for (i = 1; i <= RUNS; i++)
		hosts = hosts (i > 1 ? ", " : "") label(i)
	print "<!DOCTYPE html>"
	print "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">"
	print "<head>"
	print "<meta charset=\"utf-8\"/>"
	print "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\"/>"
	print "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>"
	print "<title>latbw report: " html(hosts) "</title>"
	style()
	print "</head>"
	print "<body>"
	print "<header>"
	print "<h1>latbw report</h1>"
	printf "<p class=\"lead\">%d run%s: %s. Made by %s from the outputs of summary, %sgraph; every cell as summary prints it.</p>\n",
		RUNS, (RUNS == 1 ? "" : "s"), html(hosts), html(me), (RUNS > 1 ? "compare and " : "")
	print "</header>"
	contents()
	print "<main>"
	machines()
	print "<section id=\"tables\">"
	print "<h2 class=\"part\">Tables</h2>"
	for (k = 1; k <= ncmp0; k++)
		if (TITLE[k] != "Runs to read with care")
			section(k)
	print "</section>"
	if (NGRAPH > 0) {
		print "<section id=\"graphs\">"
		print "<h2 class=\"part\">Graphs</h2>"
		for (g = 1; g <= NGRAPH; g++)
			graph(g)
		print "</section>"
	}
	if (nsec > ncmp0) {
		print "<section id=\"changes\">"
		print "<h2 class=\"part\">Changes against the first run (compare)</h2>"
		print "<p class=\"lead\">Under each run after the first, its change in percent and a mark: <span class=\"mB\">B</span> better, <span class=\"mW\">W</span> worse, <span class=\"mS\">S</span> significant, <span class=\"mn\">~</span> within the noise, <span class=\"mn\">?</span> noise unknown, <span class=\"mn\">P</span> not judged (different placements). See compare(1).</p>"
		for (k = ncmp0 + 1; k <= nsec; k++)
			section(k)
		print "</section>"
	}
	messages()
	print "</main>"
	print "</body>"
	print "</html>"
}

function style() {
	print "<style>"
	print "body { margin: 0; font: 15px/1.45 system-ui, -apple-system, \"Segoe UI\", sans-serif; color: #1a1a1a; background: #fafafa; }"
	print "header, main, nav { max-width: 1180px; margin: 0 auto; padding: 0 16px; }"
	print "h1 { font-size: 26px; margin: 18px 0 4px; }"
	print "h2 { font-size: 17px; margin: 26px 0 6px; }"
	print "h2.part { font-size: 21px; border-bottom: 2px solid #333; padding-bottom: 3px; margin-top: 34px; }"
	print "h2 .unit { font-weight: normal; color: #555; font-size: 14px; }"
	print ".lead { color: #444; margin: 4px 0 10px; }"
	print "nav { font-size: 14px; }"
	print "nav ul { list-style: none; padding: 8px 12px; margin: 8px 0; background: #fff; border: 1px solid #ddd; border-radius: 6px; columns: 3 240px; }"
	print "nav li { margin: 1px 0; break-inside: avoid; }"
	print "nav li.part { font-weight: bold; margin-top: 4px; }"
	print "a { color: #0645ad; text-decoration: none; }"
	print ".scroll { overflow-x: auto; max-width: 100%; }"
	print "table { border-collapse: collapse; background: #fff; font-size: 13px; margin: 4px 0 8px; }"
	print "th, td { border: 1px solid #d8d8d8; padding: 2px 7px; }"
	print "thead th { background: #eef1f5; font-weight: 600; vertical-align: bottom; text-align: right; }"
	print "th.l, td.l { text-align: left; }"
	print "td { text-align: right; font-family: ui-monospace, \"DejaVu Sans Mono\", Menlo, monospace; font-variant-numeric: tabular-nums; white-space: nowrap; }"
	print "td.l { font-family: inherit; }"
	print "tbody tr:nth-child(even) td { background: #f7f8fa; }"
	print "tbody td:first-child { position: sticky; left: 0; background: #fff; }"
	print "tbody tr:nth-child(even) td:first-child { background: #f7f8fa; }"
	print "tr.sub td { color: #555; font-size: 12px; border-top-style: dotted; }"
	print "td.flag { background: #fff1d6 !important; }"
	print "td.flag::after { content: \" !\"; color: #b15c00; font-weight: bold; }"
	print ".mB { color: #0a7a2f; font-weight: bold; }"
	print ".mW { color: #c0141b; font-weight: bold; }"
	print ".mS { color: #8a5a00; font-weight: bold; }"
	print ".mn { color: #888; }"
	print ".mP { color: #6a4fb3; }"
	print "table.fp th[scope=row] { text-align: left; background: #eef1f5; white-space: nowrap; }"
	print "table.fp td { text-align: left; white-space: normal; min-width: 9em; }"
	print "td.bad { color: #c0141b; font-weight: bold; }"
	print "ul.flags { margin: 2px 0 10px; padding-left: 0; list-style: none; font-size: 13px; }"
	print "ul.flags li { font-family: ui-monospace, \"DejaVu Sans Mono\", Menlo, monospace; white-space: pre-wrap; color: #7a4300; }"
	print "pre { background: #fff; border: 1px solid #ddd; padding: 6px 8px; font-size: 12.5px; overflow-x: auto; margin: 4px 0 10px; }"
	print "div.note { color: #444; font-size: 12.5px; font-family: ui-monospace, \"DejaVu Sans Mono\", Menlo, monospace; margin: 4px 0 10px; padding: 0 2px; }"
	print "div.note div { white-space: pre-wrap; overflow-wrap: anywhere; padding-left: 2ch; text-indent: -2ch; }"
	print "div.note div.gap { height: 0.7em; }"
	print "figure { margin: 10px 0 22px; background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 6px; }"
	print "figure svg { display: block; width: 100%; max-width: 900px; height: auto; }"
	print "figcaption { font-size: 13px; color: #555; }"
	print ".sub { color: #555; font-size: 13px; margin: 0 0 4px; }"
	print "@media (max-width: 600px) { body { font-size: 14px; } h1 { font-size: 22px; } nav ul { columns: 2; font-size: 12px; } nav li { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; } table { font-size: 12px; } th, td { padding: 2px 4px; } figure { overflow-x: auto; } figure svg { min-width: 600px; } div.note { font-size: 11.5px; } }"
	print "</style>"
}

# The table of contents: every part, every table and graph.
function contents(    k, g) {
	print "<nav>"
	print "<ul>"
	print "<li class=\"part\"><a href=\"#machines\">Machines</a></li>"
	print "<li class=\"part\"><a href=\"#tables\">Tables</a></li>"
	for (k = 1; k <= ncmp0; k++)
		if (TITLE[k] != "Runs to read with care")
			printf "<li><a href=\"#t%d\">%s</a></li>\n", k, html(navlabel(k))
	if (NGRAPH > 0) {
		print "<li class=\"part\"><a href=\"#graphs\">Graphs</a></li>"
		for (g = 1; g <= NGRAPH; g++)
			printf "<li><a href=\"#g%d\">%s</a></li>\n", g, xmltext(gshort(GTITLE[g]))
	}
	if (nsec > ncmp0)
		print "<li class=\"part\"><a href=\"#changes\">Changes (compare)</a></li>"
	print "<li class=\"part\"><a href=\"#messages\">Readers' messages</a></li>"
	print "</ul>"
	print "</nav>"
}

# A title without its unit and sense (" - times in ... - smaller is better").
function short(t,    p) {
	p = index(t, " - ")
	return p > 0 ? substr(t, 1, p - 1) : t
}

# The machines' fingerprints, a column per run; then summary's notes on
# the runs.
function machines(    i, k, rows, n, key, name, v, cls) {
	print "<section id=\"machines\">"
	print "<h2 class=\"part\">Machines</h2>"
	print "<div class=\"scroll\"><table class=\"fp\">"
	print "<thead><tr><th class=\"l\">run</th>"
	for (i = 1; i <= RUNS; i++)
		printf "<th class=\"l\">%s</th>", html(label(i))
	print "</tr></thead>"
	print "<tbody>"
	n = split("host:host|run:file|uname:uname -a|os:OS|description:description|mhz:MHz|cache_l1d:L1d cache|cache_l2:L2 cache|cache_l3:L3 cache|line_size:cache line bytes|copies:copies at once|figures:figures|incomplete:complete", rows, "|")
	for (k = 1; k <= n; k++) {
		key = rows[k]
		sub(/:.*/, "", key)
		name = rows[k]
		sub(/^[^:]*:/, "", name)
		printf "<tr><th scope=\"row\">%s</th>", html(name)
		for (i = 1; i <= RUNS; i++) {
			cls = ""
			if (key == "figures")
				v = FIGS[R[i, "run"]] + 0
			else if (key == "incomplete") {
				v = R[i, key] == "true" ? "INCOMPLETE" : "yes"
				if (v != "yes")
					cls = " class=\"bad\""
			} else if (key ~ /^cache_l/)
				v = bytes(R[i, key])
			else
				v = R[i, key]
			printf "<td%s>%s</td>", cls, (v == "" ? "-" : html(v))
		}
		print "</tr>"
	}
	print "</tbody></table></div>"
	for (k = 1; k <= ncmp0; k++)
		if (TITLE[k] == "Runs to read with care") {
			print "<h2>Runs to read with care</h2>"
			notes(PRE[k])
		}
	# compare's setup: where the runs differ.
	for (k = ncmp0 + 1; k <= nsec; k++)
		if (TITLE[k] ~ /^Setup - /)
			section(k)
	print "</section>"
}

# A size in bytes as K or M (2^10, 2^20), as summary's Cache sizes table.
function bytes(v) {
	if (v == "")
		return ""
	if (v % 1048576 == 0)
		return (v / 1048576) "M"
	if (v % 1024 == 0)
		return (v / 1024) "K"
	return v
}

# Section k: its title, its table (or lines), its flags and notes.
function section(k,    c, i, t, u, p, cls, head, fl) {
	if (DONE[k])
		return
	DONE[k] = 1
	t = TITLE[k]
	p = index(t, " - ")
	printf "<h2 id=\"t%d\">", k
	if (p > 0)
		printf "%s <span class=\"unit\">%s</span>", html(substr(t, 1, p - 1)), html(substr(t, p + 1))
	else
		printf "%s", html(t)
	print "</h2>"
	if (SUB[k] != "")
		print "<p class=\"sub\">" html(SUB[k]) "</p>"
	if (k in COLS) {
		flagged(k)
		print "<div class=\"scroll\"><table>"
		printf "<thead><tr>"
		for (c = 1; c <= COLS[k]; c++)
			printf "<th%s>%s</th>", (c <= 2 ? " class=\"l\"" : ""), html(HEAD[k, c])
		print "</tr></thead>"
		print "<tbody>"
		for (i = 1; i <= ROWS[k]; i++) {
			printf "<tr%s>", (CELL[k, i, 1] == "" && CELL[k, i, 2] != "" ? " class=\"sub\"" : "")
			for (c = 1; c <= COLS[k]; c++) {
				cls = c <= 2 || CELL[k, i, c] !~ /^([-+!>x]?[0-9.]+(e[-+]?[0-9]+)?[KMG%]?[~?BWSP]?|-+)?$/ ? "l" : ""
				if ((k, i, c) in FLAG)
					cls = cls (cls == "" ? "" : " ") "flag"
				printf "<td%s%s>%s</td>", (cls == "" ? "" : " class=\"" cls "\""),
					(((k, i, c) in FLAG) ? " title=\"" html(FLAG[k, i, c]) "\"" : ""), mark(k, i, c)
			}
			print "</tr>"
		}
		print "</tbody></table></div>"
	} else if (PRE[k] != "")
		print "<pre>" html(PRE[k]) "</pre>"
	if (FLAGS[k] != "") {
		print "<ul class=\"flags\">"
		u = FLAGS[k]
		while ((p = index(u, "\n")) > 0) {
			fl = substr(u, 1, p - 1)
			u = substr(u, p + 1)
			print "<li>" html(fl) "</li>"
		}
		print "</ul>"
	}
	if (NOTE[k] != "")
		notes(NOTE[k])
}

# notes(TEXT): summary's notes, a line of its text a line of the page, in
# a block of its own: at a phone's width a line too long wraps under its
# own start (a hanging indent), not to the left edge among the next
# lines, and a long file name breaks rather than run off the screen.
function notes(s,    p) {
	print "<div class=\"note\">"
	while (s != "") {
		p = index(s, "\n")
		if (p == 0)
			p = length(s) + 1
		if (p == 1)
			print "<div class=\"gap\"></div>"
		else
			print "<div>" html(substr(s, 1, p - 1)) "</div>"
		s = substr(s, p + 1)
	}
	print "</div>"
}

# A cell's text; in a change row of compare's, its mark coloured.
function mark(k, i, c,    s, m) {
	s = CELL[k, i, c]
	if (SRC[k] != "c" || c <= 2 || CELL[k, i, 2] != "change %" || s == "")
		return html(s)
	m = substr(s, length(s), 1)
	if (m == "B" || m == "W" || m == "S" || m == "P")
		return "<span class=\"m" m "\">" html(s) "</span>"
	return "<span class=\"mn\">" html(s) "</span>"
}

# The cells the flags under table k name ("! HOST  COLUMN: why"): FLAG[k,
# row, column] = the flag's line.
function flagged(k,    u, p, fl, host, col, i, c) {
	u = FLAGS[k]
	while ((p = index(u, "\n")) > 0) {
		fl = substr(u, 1, p - 1)
		u = substr(u, p + 1)
		host = trim(substr(fl, 3, 9))
		col = substr(fl, 13)
		if (index(col, ":") == 0)
			continue
		col = substr(col, 1, index(col, ":") - 1)
		for (i = 1; i <= ROWS[k]; i++) {
			if (CELL[k, i, 1] != host)
				continue
			for (c = 3; c <= COLS[k]; c++)
				if (HEAD[k, c] == col)
					FLAG[k, i, c] = trim(fl)
		}
	}
}

# Graph g: its SVG inline (without the XML declaration).
function graph(g,    line, path) {
	path = GFILE[g]
	printf "<figure id=\"g%d\">\n", g
	while ((getline line < path) > 0) {
		if (line ~ /^<\?xml /)
			continue
		print line
	}
	close(path)
	printf "<figcaption>%s (graph: %s.svg)</figcaption>\n", xmltext(GTITLE[g]), html(GNAME[g])
	print "</figure>"
}

# What the readers said on standard error (the points a cell was read
# at, lines they skipped), as they said it.
function messages(    f, line, any, text) {
	print "<section id=\"messages\">"
	print "<h2 class=\"part\">Readers' messages</h2>"
	any = 0
	f = dir "/summary.err"
	text = ""
	while ((getline line < f) > 0) {
		any++
		text = text line "\n"
	}
	close(f)
	if (any)
		notes(text)
	else
		print "<p class=\"lead\">summary said nothing on standard error.</p>"
	print "</section>"
}

# The label of table k in the contents: its title without unit and sense,
# and the run it is of where the title names one ("vm.2 (vm)", or
# lat_c2c's "vm.0 (vm): ..." under it).
function navlabel(k,    t, n, seg, j, run) {
	t = short(TITLE[k])
	run = ""
	n = split(TITLE[k], seg, " - ")
	for (j = 2; j <= n; j++)
		if (seg[j] ~ /^[^ ]+ \([^()]*\)$/)
			run = seg[j]
	if (run == "" && PRE[k] ~ /^[^ \n]+ \([^()\n]*\): /)
		run = PRE[k]
	sub(/ .*/, "", run)
	return run == "" ? t : t ": " run
}

# A graph's title in the contents: up to its first ": " (the rest says
# what is plotted against what).
function gshort(t,    p) {
	p = index(t, ": ")
	if (p > 0 && substr(t, 1, 8) != "Scaling:")
		t = substr(t, 1, p - 1)
	return t
}

# Run i's label: its file's name (vm.0), as compare labels its sides.
function label(i,    s) {
	s = R[i, "run"]
	sub(/.*\//, "", s)
	return s
}

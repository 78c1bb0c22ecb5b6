# report.awk - the HTML page of scripts/report, made from the readers'
# outputs in the directory LATBW_REPORT_DIR:
#
#   json.out      summary -f json: the runs (the machines' fingerprints)
#   summary.out   summary's tables; summary.err its messages
#   compare.out   compare's tables (empty for one run); compare.err
#   graph.out     graph's list of the SVG files it wrote (one a line)
#
# A table of summary or compare (a text block whose column heads end in
# a rule of dashes, one run of dashes per column) becomes an HTML table
# with the same cells: a column spans from just after the column to its
# left to the end of its dashes (right-aligned numbers are whole), the
# last to the end of the line.  The flags under a table (lines starting
# "! ") are listed under it and mark their cells.  A block without such a
# rule (lat_c2c's matrices, the scaling and loaded-latency tables, the
# consistency checks, compare's setup) is shown as it is printed, in a
# <pre>.  Every text is escaped (html()); the page is XHTML-style, so
# that an XML parser reads it; nothing in it depends on the time or the
# machine it is made on.  Only POSIX awk; run with LC_ALL=C.

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

# ---- text: escaping ----------------------------------------------------------

# s fit for HTML text and attributes: &, <, >, " as entities, control
# characters (which XML does not allow) as ?, and any byte that is not
# part of a UTF-8 character as U+FFFD.
function html(s) {
	s = utf8(s)
	gsub(/[\001-\010\013\014\016-\037\177]/, "?", s)
	gsub(/\302[\200-\237]/, "?", s)
	gsub(/&/, "\\&amp;", s)
	gsub(/</, "\\&lt;", s)
	gsub(/>/, "\\&gt;", s)
	gsub(/"/, "\\&quot;", s)
	return s
}

# s with each byte that does not start a whole UTF-8 character replaced
# by U+FFFD.
function utf8(s,    t) {
	if (s !~ /[\200-\377]/)
		return s
	t = ""
	while (s != "") {
		if (match(s, /^([\001-\177]|[\302-\337][\200-\277]|[\340-\357][\200-\277][\200-\277]|[\360-\364][\200-\277][\200-\277][\200-\277])+/)) {
			t = t substr(s, 1, RLENGTH)
			s = substr(s, RLENGTH + 1)
		} else {
			t = t "\357\277\275"
			s = substr(s, 2)
		}
	}
	return t
}

function trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}

# ---- the runs: summary -f json -------------------------------------------------

# The runs of summary -f json, one line each: RUNS of them, R[i, key].
function read_runs(file,    line, infig, k, n, keys, r) {
	RUNS = 0
	n = split("run host os description uname mhz line_size copies cache_l1d cache_l2 cache_l3 incomplete", keys, " ")
	infig = 0
	while ((getline line < file) > 0) {
		if (line ~ /^  "figures": \[/)
			infig = 1
		if (line !~ /^    \{"run": /)
			continue
		if (infig) {
			r = json_field(line, "run")
			FIGS[r]++
			continue
		}
		RUNS++
		for (k = 1; k <= n; k++)
			R[RUNS, keys[k]] = json_field(line, keys[k])
	}
	close(file)
}

# The value of "key" in a line of JSON (one flat object): a string
# unescaped, a number or literal as written, "" for null or none.
function json_field(line, key,    p, s, c, v, out) {
	p = index(line, "\"" key "\": ")
	if (p == 0)
		return ""
	s = substr(line, p + length(key) + 4)
	if (substr(s, 1, 1) != "\"") {
		match(s, /^[^,}]*/)
		v = substr(s, 1, RLENGTH)
		return v == "null" ? "" : v
	}
	out = ""
	s = substr(s, 2)
	while (s != "") {
		c = substr(s, 1, 1)
		if (c == "\"")
			break
		if (c == "\\") {
			c = substr(s, 2, 1)
			if (c == "u") {
				out = out unicode(substr(s, 3, 4))
				s = substr(s, 7)
				continue
			}
			out = out (c == "n" || c == "t" || c == "r" || c == "b" || c == "f" ? "?" : c)
			s = substr(s, 3)
			continue
		}
		out = out c
		s = substr(s, 2)
	}
	return out
}

# A \uXXXX escape as UTF-8 (a control character as ?).
function unicode(hex,    i, v) {
	v = 0
	hex = tolower(hex)
	for (i = 1; i <= 4; i++)
		v = v * 16 + index("0123456789abcdef", substr(hex, i, 1)) - 1
	if (v < 32 || (v >= 127 && v < 160))
		return "?"
	if (v < 128)
		return sprintf("%c", v)
	if (v < 2048)
		return sprintf("%c%c", 192 + int(v / 64), 128 + v % 64)
	return sprintf("%c%c%c", 224 + int(v / 4096), 128 + int(v / 64) % 64, 128 + v % 64)
}

# ---- the tables: summary's and compare's text ------------------------------------

# The lines of file, cut into sections: a section starts at a block (lines
# between blank lines) whose first lines are a title and a rule of
# dashes, or whose heads end in a rule of column dashes; blocks of flags
# ("! ...") and notes after it belong to it.  Section k (of kind src, s or
# c): SRC[k], TITLE[k], SUB[k] (the lines between title and rule), and
# either a table (COLS[k], HEAD[k, j], ROWS[k], CELL[k, i, j]) or its
# lines as printed (PRE[k]); FLAGS[k] (the flag lines), NOTE[k] (other
# lines after it).
function parse(file, src,    line, n, L, i) {
	n = 0
	while ((getline line < file) > 0)
		L[++n] = line
	close(file)
	L[n + 1] = ""
	i = 1
	# The banner: a letter-spaced line and its rule.
	if (n >= 2 && L[1] ~ /^ +[A-Z] [A-Z]/ && L[2] ~ /^ +-+$/)
		i = 3
	while (i <= n) {
		if (L[i] ~ /^[ \t]*$/) {
			i++
			continue
		}
		i = block(L, i, src)
	}
}

# The block of lines from L[i] to the next blank line; returns the index
# after it.
function block(L, i,    j, e, k, colrule, rule, s) {
	for (e = i; L[e] !~ /^[ \t]*$/; e++)
		;
	e--
	colrule = 0
	rule = 0
	for (j = i; j <= e; j++) {
		if (!colrule && L[j] ~ /^-+( +-+)+ *$/)
			colrule = j
		if (!rule && L[j] ~ /^-+$/)
			rule = j
	}
	if (L[i] ~ /^! / && nsec > 0) {
		for (j = i; j <= e; j++)
			FLAGS[nsec] = FLAGS[nsec] L[j] "\n"
		return e + 2
	}
	if (!colrule && (!rule || rule > i + 3)) {
		# Notes: under the section before, or (before any) their own.
		if (nsec > 0 && SRC[nsec] == src && L[i] !~ /^Runs to read with care$/) {
			for (j = i; j <= e; j++)
				NOTE[nsec] = NOTE[nsec] L[j] "\n"
			return e + 2
		}
		k = ++nsec
		SRC[k] = src
		TITLE[k] = L[i]
		for (j = i + 1; j <= e; j++)
			PRE[k] = PRE[k] L[j] "\n"
		return e + 2
	}
	k = ++nsec
	SRC[k] = src
	if (rule && (!colrule || rule < colrule)) {
		TITLE[k] = L[i]
		for (j = i + 1; j < rule; j++)
			SUB[k] = SUB[k] trim(L[j]) "\n"
		s = rule + 1
	} else {
		TITLE[k] = src == "c" && L[i] ~ /^Side / ? "Sides" : ""
		s = i
	}
	if (!colrule && rule == i + 1 && allflags(L, rule + 1, e)) {
		# Flags alone under a title (the consistency checks): a list.
		for (j = rule + 1; j <= e; j++)
			FLAGS[k] = FLAGS[k] L[j] "\n"
		return e + 2
	}
	if (!colrule) {
		# As printed, heads and rule too (the loaded-latency tables have
		# their heads above the rule).
		SUB[k] = ""
		for (j = i + 1; j <= e; j++)
			PRE[k] = PRE[k] L[j] "\n"
		return e + 2
	}
	table(k, L, s, colrule, e)
	return e + 2
}

# Whether L[i .. e] (one line at least) are all flags ("! ...").
function allflags(L, i, e,    j) {
	if (i > e)
		return 0
	for (j = i; j <= e; j++)
		if (L[j] !~ /^! /)
			return 0
	return 1
}

# Section k's table: heads in L[h .. r-1], the column rule L[r], rows up
# to L[e].
function table(k, L, h, r, e,    j, c, ncol, TO, RTO, i, t) {
	ncol = spans(L[r], TO)
	for (c = 1; c <= ncol; c++)
		RTO[c] = TO[c]
	# lmbench's memory table: its dashes are not over its cells; the
	# rows are where getsummary prints them (see summary(1)).
	if (L[r] == "--------- -------------   ---   ----   ----    --------    --------    -------" ||
	    L[r] == "--------- -------------   ---   ----   ----    --------    --------") {
		RTO[3] = 29; RTO[4] = 36; RTO[5] = 43; RTO[6] = 50; RTO[7] = 62
	}
	COLS[k] = ncol
	for (c = 1; c <= ncol; c++)
		HEAD[k, c] = ""
	# A head's word goes to the column it starts in: the heads of the
	# double table start a place left of their dashes.
	for (j = h; j < r; j++)
		heads(k, L[j], TO, ncol)
	ROWS[k] = 0
	for (j = r + 1; j <= e; j++) {
		i = ++ROWS[k]
		for (c = 1; c <= ncol; c++)
			CELL[k, i, c] = trim(column(L[j], RTO, c, ncol))
	}
}

# The ends of the runs of dashes in s: TO[1..n]; returns n.
function spans(s, TO,    p, n, len) {
	n = 0
	len = length(s)
	for (p = 1; p <= len; p++)
		if (substr(s, p, 1) == "-" && substr(s, p + 1, 1) != "-")
			TO[++n] = p
	return n
}

# Column c of line s: from just after column c-1's end to column c's end,
# the last one to the end of the line.
function column(s, TO, c, ncol,    from) {
	from = c == 1 ? 1 : TO[c - 1] + 1
	if (c == ncol)
		return substr(s, from)
	return substr(s, from, TO[c] - from + 1)
}

# ---- the graphs --------------------------------------------------------------

# graph's SVG files, in its order: NGRAPH, GFILE[g], GNAME[g] (the file's
# name without .svg), GTITLE[g] (its <title>).
function read_graphs(list,    path, line, t) {
	NGRAPH = 0
	while ((getline path < list) > 0) {
		if (path !~ /\.svg$/)
			continue
		NGRAPH++
		GFILE[NGRAPH] = path
		t = path
		sub(/.*\//, "", t)
		sub(/\.svg$/, "", t)
		GNAME[NGRAPH] = t
		GTITLE[NGRAPH] = t
		while ((getline line < path) > 0)
			if (line ~ /^<title>/) {
				sub(/^<title>/, "", line)
				sub(/<\/title>.*/, "", line)
				GTITLE[NGRAPH] = line
				break
			}
		close(path)
	}
	close(list)
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
	print "pre.note { background: transparent; border: none; padding: 0 2px; color: #444; white-space: pre-wrap; }"
	print "figure { margin: 10px 0 22px; background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 6px; }"
	print "figure svg { display: block; width: 100%; max-width: 900px; height: auto; }"
	print "figcaption { font-size: 13px; color: #555; }"
	print ".sub { color: #555; font-size: 13px; margin: 0 0 4px; }"
	print "@media (max-width: 600px) { body { font-size: 14px; } h1 { font-size: 22px; } nav ul { columns: 2; font-size: 12px; } nav li { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; } table { font-size: 12px; } th, td { padding: 2px 4px; } }"
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
			print "<pre class=\"note\">" html(PRE[k]) "</pre>"
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
		print "<pre class=\"note\">" html(NOTE[k]) "</pre>"
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
function messages(    f, line, any) {
	print "<section id=\"messages\">"
	print "<h2 class=\"part\">Readers' messages</h2>"
	any = 0
	f = dir "/summary.err"
	while ((getline line < f) > 0) {
		if (!any++)
			print "<pre class=\"note\">"
		print html(line)
	}
	close(f)
	if (any)
		print "</pre>"
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

# Text that is XML already (graph's SVG titles): only what XML does not
# allow is taken out.
function xmltext(s) {
	s = utf8(s)
	gsub(/[\001-\010\013\014\016-\037\177]/, "?", s)
	gsub(/</, "\\&lt;", s)
	return s
}

# Run i's label: its file's name (vm.0), as compare labels its sides.
function label(i,    s) {
	s = R[i, "run"]
	sub(/.*\//, "", s)
	return s
}

# The words of a line of heads, each added to HEAD[k, c] of the column c
# it starts in ("RPC/" and "UDP" make "RPC/UDP", as the flags name it).
function heads(k, s, TO, ncol,    p, c, w) {
	p = 1
	while (match(s, /[^ ]+/)) {
		p += RSTART - 1
		w = substr(s, RSTART, RLENGTH)
		for (c = 1; c < ncol && p > TO[c]; c++)
			;
		if (HEAD[k, c] == "" || HEAD[k, c] ~ /\/$/)
			HEAD[k, c] = HEAD[k, c] w
		else
			HEAD[k, c] = HEAD[k, c] " " w
		p += RLENGTH
		s = substr(s, RSTART + RLENGTH)
	}
}

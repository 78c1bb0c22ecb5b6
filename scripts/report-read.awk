# report-read.awk - what scripts/report's page is made from, read: the
# readers' outputs (summary -f json, summary's and compare's tables,
# graph's list of SVG files), and the escaping of every text that comes
# from them.  Loaded before report.awk (awk -f report-read.awk -f
# report.awk), which writes the page.
#
# A table of summary or compare (a text block whose column heads end in
# a rule of dashes, one run of dashes per column) becomes a table with
# the same cells: a column spans from just after the column to its left
# to the end of its dashes (right-aligned numbers are whole), the last
# to the end of the line.  The flags under a table (lines starting "! ")
# go with it.  A block without such a rule (lat_c2c's matrices, the
# scaling and loaded-latency tables, compare's setup) is kept as it is
# printed.  Only POSIX awk; run with LC_ALL=C.

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
function block(L, i, src,    j, e, k, colrule, rule, s) {
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
		TITLE[k] = ((src == "c" && L[i] ~ /^Side /) ? "Sides" : "")
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

# Text that is XML already (graph's SVG titles): only what XML does not
# allow is taken out.
function xmltext(s) {
	s = utf8(s)
	gsub(/[\001-\010\013\014\016-\037\177]/, "?", s)
	gsub(/</, "\\&lt;", s)
	return s
}

# The words of a line of heads, each added to HEAD[k, c] of the column c
# it starts in ("RPC/" and "UDP" make "RPC/UDP", as the flags name it).
# Words one space apart that start in one column, or that follow a word
# already run past its column's end (by more than the space between two
# columns: the double table's heads start a place left of their dashes),
# are one head ("0K File", "measured by cache"): it heads each column it
# runs into as well, unless a head of that line starts there (summary's
# blocks do the same: layout-blocks.awk).
function heads(k, s, TO, ncol,    p, c, w, n, i, e, PE, PC, PW, OWN) {
	p = 1
	n = 0
	while (match(s, /[^ ]+/)) {
		p += RSTART - 1
		w = substr(s, RSTART, RLENGTH)
		for (c = 1; c < ncol && p > TO[c]; c++)
			;
		if (n > 0 && p == PE[n] + 2 &&
		    (c == PC[n] || (PC[n] < ncol && PE[n] > TO[PC[n]] + 1))) {
			PW[n] = PW[n] " " w
			PE[n] = p + RLENGTH - 1
		} else {
			n++
			PE[n] = p + RLENGTH - 1
			PC[n] = c
			PW[n] = w
			OWN[c] = 1
		}
		p += RLENGTH
		s = substr(s, RSTART + RLENGTH)
	}
	for (i = 1; i <= n; i++) {
		for (e = PC[i]; e < ncol && PE[i] > TO[e]; e++)
			;
		for (c = PC[i]; c <= e; c++) {
			if (c > PC[i] && (c in OWN))
				break
			if (HEAD[k, c] == "" || HEAD[k, c] ~ /\/$/)
				HEAD[k, c] = HEAD[k, c] PW[i]
			else
				HEAD[k, c] = HEAD[k, c] " " PW[i]
		}
	}
}

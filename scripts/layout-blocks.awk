# layout-blocks.awk - a table wider than -w cut into blocks of columns,
# and the texts of a row within a block: its cells, its spread, its
# rounds, where its parties ran.  Part of the table layout (see
# layout.awk).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

# The words of header line j over column c (its span: after the previous
# column's dashes to the end of its own): those that start there; none,
# but a word that runs into it ("0K File" over both its columns), the
# previous column's.
function hwords(j, c,    lo, hi, p, s, w, ch, f) {
	lo = HEND[c + 1] + 1
	hi = c == NC ? length(TH[j]) : HEND[c + 2]
	# (Past the line's end is blank, not a word running in.)
	if (hi > length(TH[j]))
		hi = length(TH[j])
	s = ""
	w = 0
	for (p = lo; p <= hi; p++) {
		ch = substr(TH[j], p, 1)
		if (ch == " ")
			continue
		w = 1
		if (p > 1 && substr(TH[j], p - 1, 1) != " ")
			continue
		f = substr(TH[j], p)
		sub(/ .*/, "", f)
		s = s (s == "" ? "" : " ") f
	}
	if (s == "" && w && c > 1)
		return hwords(j, c - 1)
	return s
}

# Split the ncol columns of BCOL into blocks no wider than w (a column
# wider than that alone takes a block): BFROM[], BTO[] index BCOL.
# Returns the number of blocks.
function blocks(ncol, w,    nb, c, used, cw) {
	nb = 0
	c = 1
	while (c <= ncol) {
		nb++
		BFROM[nb] = c
		used = 23
		do {
			cw = colspan(BCOL[c])
			if (used + cw > w && c > BFROM[nb])
				break
			used += cw
			c++
		} while (c <= ncol)
		BTO[nb] = c - 1
	}
	return nb
}

# A "placement" row under row r: where the parties of each figure ran
# (same, cross: "crs" in a narrow column, ...).
function place_text(r, from, to, inblock,    s, j, c, w, t) {
	s = sprintf("%-9.9s %13.13s", "", "placement")
	for (j = from; j <= to; j++) {
		c = inblock ? BCOL[j] : j
		w = CW[c]
		if (w == 0)
			continue
		t = CPLC[r, c]
		if (t == "cross" && w < 5)
			t = "crs"
		s = s CSEP[c] sprintf("%" w "." w "s", t)
	}
	return rstrip(s)
}

# Width of column c's cells (the longest text for a 0-width column).
function colwidth(c,    r, m) {
	if (CW[c] > 0)
		return CW[c]
	m = 0
	for (r = 1; r <= TNR; r++)
		if (length(CELL[r, c]) > m)
			m = length(CELL[r, c])
	return m
}

# What column c takes in a block: its cells or its header, the wider.
function colspan(c,    j, m, f) {
	m = length(CSEP[c]) + colwidth(c)
	for (j = 1; j <= NH; j++) {
		f = length(rstrip(hfrag(j, c)))
		if (f > m)
			m = f
	}
	return m
}

# The header's dashes say where each column's heading is: group 1 is Host,
# 2 is OS, 2 + c is column c.  0 if they do not match the columns.
function dash_groups(    s, g, p, n, inrun) {
	s = TH[NH]
	n = length(s)
	g = 0
	inrun = 0
	for (p = 1; p <= n; p++) {
		if (substr(s, p, 1) == "-") {
			if (!inrun)
				g++
			inrun = 1
			HEND[g] = p
		} else
			inrun = 0
	}
	return g == NC + 2
}

# Header line j's part for column c: from after the previous column's
# dashes to the end of this column's (to the end of the line for the last).
function hfrag(j, c,    from) {
	from = HEND[c + 1] + 1
	if (c == NC)
		return substr(TH[j], from)
	return substr(TH[j], from, HEND[c + 2] - HEND[c + 1])
}

# Row r's text with columns from..to (of BCOL[] when inblock).
function row_text(r, from, to, inblock,    s, j, c, i) {
	i = RH[r]
	s = sprintf("%-9.9s %13.13s", run_name(i), tidy(OS_[i]))
	for (j = from; j <= to; j++) {
		c = inblock ? BCOL[j] : j
		if (CW[c] > 0 || CELL[r, c] != "")
			s = s CSEP[c] CELL[r, c]
	}
	return s
}

# How busy a neighbour was (-s): a "busy %" row, each cell how busy the
# CPUs its figure was not pinned to were (others_busy), or, for one that
# had every CPU, "w" and how long tasks waited for a CPU (cpu_wait);
# "!" marks one at or above OTHERS_BUSY (never a "w": see layout.awk).
# "" when no cell of columns from..to (of BCOL[] when inblock) has one.
function busy_text(r, from, to, inblock,    s, j, c, w, t, v, m, any) {
	s = sprintf("%-9.9s %13.13s", "", "busy %")
	any = 0
	for (j = from; j <= to; j++) {
		c = inblock ? BCOL[j] : j
		w = CW[c]
		if (w == 0)
			continue
		t = COB[r, c]
		if (t == "") {
			s = s CSEP[c] spaces(w)
			continue
		}
		any = 1
		m = ""
		if (t ~ /^w/) {
			v = substr(t, 2) + 0
			t = sprintf("w%.0f%%", v)
		} else {
			v = t + 0
			if (v >= OTHERS_BUSY)
				m = "!"
			t = sprintf("%.0f%%", v)
		}
		if (length(m t) > w)
			sub(/%$/, "", t)
		s = s CSEP[c] sprintf("%" w "." w "s", m t)
	}
	return any ? rstrip(s) : ""
}

# Row r of the table (columns from..to, of BCOL[] when inblock), and with
# -s the rows under it: the spread of its figures, of their rounds, where
# their parties ran, how busy their neighbours were (those that any cell
# has).
function print_row(r, from, to, inblock,    line) {
	print row_text(r, from, to, inblock)
	if (!spread)
		return
	if (has_any(CSP, r, from, to, inblock))
		print pct_row(CSP, "spread %", r, from, to, inblock)
	if (has_any(CRS, r, from, to, inblock))
		print pct_row(CRS, "rounds %", r, from, to, inblock)
	if (has_any(CPLC, r, from, to, inblock))
		print place_text(r, from, to, inblock)
	if ((line = busy_text(r, from, to, inblock)) != "")
		print line
}

# Whether row r has a value of A (CSP, CRS, CPLC: A[r, c]) in columns
# from..to (of BCOL[] when inblock).
function has_any(A, r, from, to, inblock,    j) {
	for (j = from; j <= to; j++)
		if (A[r, inblock ? BCOL[j] : j] != "")
			return 1
	return 0
}

# A row of percentages under row r, titled title: the spread of its
# figures (A: CSP) or of their rounds (CRS), marked as spreads are.
function pct_row(A, title, r, from, to, inblock,    s, j, c, w) {
	s = sprintf("%-9.9s %13.13s", "", title)
	for (j = from; j <= to; j++) {
		c = inblock ? BCOL[j] : j
		w = CW[c]
		if (w == 0)
			continue
		s = s CSEP[c] fmtspread(A[r, c], w)
	}
	return rstrip(s)
}

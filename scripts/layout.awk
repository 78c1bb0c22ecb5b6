# layout.awk - laying out a table of scripts/summary: numbers written as
# lmbench's getsummary writes them, columns, rows, blocks of at most -w
# columns, spread rows (-s); in mode=lib the tables are kept for compare.
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

BEGIN {
	if ("LATBW_MARK" in ENVIRON)
		mark = ENVIRON["LATBW_MARK"]
	if ("LATBW_WIDTH" in ENVIRON)
		width = ENVIRON["LATBW_WIDTH"]
	if (mark == "")
		mark = 10
	width += 0
	# A cell taken while the other CPUs were this busy (percent, the
	# statistics line's others_busy) is noted under its table.
	OTHERS_BUSY = 50
	# A cell that had every CPU, taken while tasks waited for a CPU this
	# share of the time (percent, cpu_wait): most likely another process
	# shared its CPUs.  On a two-CPU guest, in make results: alone up to
	# 36 % (lat_pipe across CPUs: the woken side waits its turn), with a
	# process spinning 35 to 76 %; a false flag costs more than a missed one.
	CPU_WAIT = 40
}

# ---- text ----------------------------------------------------------------

function spaces(n,    s) {
	s = ""
	while (n-- > 0)
		s = s " "
	return s
}

function rstrip(s) {
	sub(/[ ]+$/, "", s)
	return s
}

# ---- how a number is written into a column ---------------------------------
#
# Exactly as lmbench 3's getsummary writes it, so that a cell reads the same
# in both (see summary(1) for the rules).  fmtnum(v, w) is the number made
# for width w; the column then shows its first c characters, right-aligned
# in c (fmtcell): c is w but for three of lmbench's columns, where the
# number is made for one width and printed in another (TCP conn of the
# local latencies: 5 in 4; the first uint64 cell: 6 in 5; Rand mem: 6 in
# 11).
function fmtnum(v, w,    x, d) {
	if (!good(v))
		return spaces(w)
	x = v + 0
	if (x >= 10000000)
		return sprintf("%" (w - 1) "." (w - 1) "s", sprintf("%.1f", x / 1000000)) "M"
	if (x >= 10000)
		return sprintf("%" (w - 1) "." (w - 1) "s", sprintf("%.1f", x / 1000)) "K"
	if (x >= 10)
		return sprintf("%" w "." w "s", sprintf("%.1f", x))
	if (x < 0.001) {
		# w - 6 decimals; below width 6 that is a negative precision,
		# which getsummary (perl) writes out as the format's own text.
		d = w - 6
		if (d < 0)
			return "%" w ".-" (-d) "e"
		return sprintf("%" w "." d "e", x)
	}
	# w - 2 decimals: 9.996 in width 4 is "10.00", which the column cuts.
	return sprintf("%" w "." (w - 2) "f", x)
}

function fmtcell(v, w, c) {
	return sprintf("%" c "." c "s", fmtnum(v, w))
}

# Integer columns: Mhz, tlb pages, line bytes, load ("%wd", cut to w).
function fmtint(v, w) {
	if (!good(v))
		return spaces(w)
	return sprintf("%" w "." w "s", sprintf("%" w "d", v + 0))
}

# A spread (percent) in width w, for the spread rows of -s; "!" in front
# marks one above the -m limit.
function fmtspread(s, w,    t, m) {
	if (s == "")
		return spaces(w)
	if (s + 0 < 9.95)
		t = sprintf("%.1f%%", s)
	else
		t = sprintf("%.0f%%", s)
	m = (mark + 0 > 0 && s + 0 > mark + 0) ? "!" : ""
	# Too wide: the % sign goes first ("!150" in width 4), then the
	# digits (">1K": more than 1000%).
	if (length(m t) > w)
		sub(/%$/, "", t)
	if (length(m t) > w)
		t = ">1K"
	return sprintf("%" w "s", m t)
}

# ---- building a table ---------------------------------------------------
#
# A table is: title lines, a rule, the header block (its last line is the
# dashes), and columns, each with the text before its cell (sep), a width
# (0: as long as its text, for Guesses), whether it counts as a value, and
# the width its numbers are made for when that is not the column's
# (fmtcell: CF[c], "" for the same).
# Rows are filled cell by cell; a row is kept only if one of its counting
# cells holds a value.  Row r is file RH[r]; cell c of it is CELL[r, c]
# (the text), CSP[r, c] (the spread), CRG[r, c] (the range), CPLC[r, c]
# (the placement), CRAW[r, c] (the value, "" for a blank or a text cell)
# and CKIND[r, c] ("n" number, "i" integer, "t" text).  A cell of a
# record (a figure with its spread, range and placement) is put by fnum()
# and finum() in cells.awk.

function table_begin(titles, rule, header,    n, i) {
	NT = split(titles, TT, "\n")
	TRULE = rule
	NH = split(header, TH, "\n")
	NC = 0
	TNR = 0
}

function col(sep, w, counts, fw) {
	NC++
	CSEP[NC] = sep
	CW[NC] = w
	CCOUNT[NC] = counts
	CF[NC] = fw
}

function row_begin(i) {
	TNR++
	RH[TNR] = i
	RC_ = 0
	RVAL[TNR] = 0
}

# Put the next cell: its text, whether it holds a value (isval), its kind,
# value, spread, range, placement, spread across rounds, how busy the
# other CPUs were while it was measured (percent) and how far the next
# fastest round was from the figure (percent).
function put_cell(text, isval, kind, v, sp, rg, pl, rs, ob, gp) {
	RC_++
	CELL[TNR, RC_] = text
	CSP[TNR, RC_] = (isval && sp != "") ? sp : ""
	CRG[TNR, RC_] = (isval && sp != "") ? rg : ""
	CRAW[TNR, RC_] = isval ? v : ""
	CPLC[TNR, RC_] = (isval && pl != "") ? pl : ""
	CRS[TNR, RC_] = (isval && rs != "") ? rs : ""
	COB[TNR, RC_] = (isval && ob != "") ? ob : ""
	CGP[TNR, RC_] = (isval && gp != "") ? gp : ""
	# The record it shows (cells.awk sets CELLREC for a record's cell), for
	# compare: which point of a series it is.
	CREC[TNR, RC_] = isval ? CELLREC : ""
	CELLREC = ""
	CKIND[TNR, RC_] = kind
	if (isval && CCOUNT[RC_])
		RVAL[TNR] = 1
}

# A text cell; isval: it counts as a value (the row is kept for it).
function cell(text, isval) {
	put_cell(text, isval, "t", "", "", "", "")
}

# A number cell of value v, with its spread sp, range rg, placement pl,
# spread across rounds rs, others' business ob and the next fastest
# round's gap gp ("" for none); blank unless v is a good value.
function numsp(v, sp, rg, pl, w, rs, ob, gp) {
	put_cell(fmtcell(v, CF[RC_ + 1] != "" ? CF[RC_ + 1] : w, w), good(v), "n", v, sp, rg, pl, rs, ob, gp)
}

# A number cell without a spread (a header figure).
function num(v, w) {
	numsp(v, "", "", "", w)
}

# An integer cell, with its spread sp ("" for none).
function inumsp(v, sp, pl, w, rs, ob, gp) {
	put_cell(fmtint(v, w), good(v), "i", v, sp, "", pl, rs, ob, gp)
}

function inum(v, w) {
	inumsp(v, "", "", w)
}

# End the row: it is kept (1) if it holds a value in a counting column,
# else dropped (0).
function row_end() {
	if (RVAL[TNR])
		return 1
	TNR--
	return 0
}

# The title and rule of a table with no row, for a note in its place.
function table_heading() {
	print ""
	print TT[1]
	print TRULE
}

# Print the table (if some row has a value), whole or in blocks of at most
# `width` columns.
function table_end(    r, c, line, full, nb, b, j, ncol, total, w) {
	if (mode == "lib") {
		keep_table()
		return
	}
	if (TNR == 0)
		return
	if (printed++ == 0) {
		print "                 L A T B W   S U M M A R Y"
		print "                 -------------------------"
		run_notes()
	}
	print ""
	for (j = 1; j <= NT; j++)
		print TT[j]
	full = 23
	for (c = 1; c <= NC; c++)
		full += length(CSEP[c]) + colwidth(c)
	for (j = 1; j <= NH; j++)
		if (length(TH[j]) > full)
			full = length(TH[j])
	if (width == 0 || full <= width || !dash_groups()) {
		print TRULE
		for (j = 1; j <= NH; j++)
			print TH[j]
		for (r = 1; r <= TNR; r++) {
			print row_text(r, 1, NC, 0)
			if (spread && has_spread(r, 1, NC, 0))
				print spread_text(r, 1, NC, 0)
			if (spread && has_rounds(r, 1, NC, 0))
				print rounds_text(r, 1, NC, 0)
			if (spread && has_place(r, 1, NC, 0))
				print place_text(r, 1, NC, 0)
			if (spread && (line = busy_text(r, 1, NC, 0)) != "")
				print line
		}
		round_notes()
		return
	}
	print substr(TRULE, 1, width)
	# Blocks: Host and OS, then the columns, in as few blocks as fit,
	# balanced.  A Guesses column that no row uses is left out.
	ncol = 0
	for (c = 1; c <= NC; c++)
		if (CW[c] > 0 || colwidth(c) > 0)
			BCOL[++ncol] = c
	total = 0
	for (c = 1; c <= ncol; c++)
		total += colspan(BCOL[c])
	nb = blocks(ncol, width)
	# The narrowest blocks that are still no more in number.
	for (w = 23 + int((total + nb - 1) / nb); w < width; w++)
		if (blocks(ncol, w) == nb)
			break
	blocks(ncol, w)
	for (b = 1; b <= nb; b++) {
		if (b > 1)
			print ""
		for (j = 1; j <= NH; j++) {
			line = substr(TH[j], 1, HEND[2])
			for (c = BFROM[b]; c <= BTO[b]; c++)
				line = line hfrag(j, BCOL[c])
			line = rstrip(line)
			if (line != "")
				print line
		}
		for (r = 1; r <= TNR; r++) {
			print row_text(r, BFROM[b], BTO[b], 1)
			if (spread && has_spread(r, BFROM[b], BTO[b], 1))
				print spread_text(r, BFROM[b], BTO[b], 1)
			if (spread && has_rounds(r, BFROM[b], BTO[b], 1))
				print rounds_text(r, BFROM[b], BTO[b], 1)
			if (spread && has_place(r, BFROM[b], BTO[b], 1))
				print place_text(r, BFROM[b], BTO[b], 1)
			if (spread && (line = busy_text(r, BFROM[b], BTO[b], 1)) != "")
				print line
		}
	}
	round_notes()
}

# Under the table, after a blank line (so that a reader of the table's
# rows, which end at a blank line, never takes them for a row), one line
# per cell whose figure, its fastest round, no other round came within
# the -m limit of ("! vm.2      Pipe: fastest round alone, the next 37.2%
# slower"): one round saw the operation that fast, and the next run may
# not.  A file whose figures are the median of their rounds (no
# round_gap) flags a spread across the rounds above the limit instead
# ("! vm        Pipe: rounds 37.2% apart").  Each line names the row's
# run (run_name).  A flagged cell taken while the CPUs it was not pinned
# to were at least half busy (others_busy, its busiest round) says so
# too ("; other CPUs 100% busy"), and one that had every CPU of the
# machine, taken while tasks waited for a CPU at least CPU_WAIT percent
# of the time (cpu_wait), says that ("; tasks waited for its CPUs 44% of
# the time"); a busy neighbour alone flags no cell: the run says it once
# above the tables (run_notes), and -s shows each cell's in its "busy %"
# row.  The columns keep their widths; lmbench's cells are untouched.
function round_notes(    r, c, n, name, named, t, apart, busy, wait, waited, alone) {
	if (mark + 0 <= 0)
		return
	named = dash_groups()
	n = 0
	for (r = 1; r <= TNR; r++)
		for (c = 1; c <= NC; c++) {
			alone = CGP[r, c] != "" && CGP[r, c] + 0 > mark + 0
			apart = alone || (CGP[r, c] == "" && CRS[r, c] != "" && CRS[r, c] + 0 > mark + 0)
			if (!apart)
				continue
			wait = COB[r, c] ~ /^w/ ? substr(COB[r, c], 2) + 0 : -1
			busy = wait < 0 && COB[r, c] != "" && COB[r, c] + 0 >= OTHERS_BUSY
			waited = wait >= CPU_WAIT
			name = col_name(c, named)
			if (n++ == 0)
				print ""
			t = sprintf("! %-9.9s %s:", run_name(RH[r]), name)
			if (alone)
				t = t sprintf(" fastest round alone, the next %s slower", pct_text(CGP[r, c]))
			else
				t = t sprintf(" rounds %s apart", pct_text(CRS[r, c]))
			if (busy)
				t = t sprintf("; other CPUs %.0f%% busy", COB[r, c])
			if (waited)
				t = t sprintf("; tasks waited for its CPUs %.0f%% of the time", wait)
			print (width > 0 ? substr(t, 1, width) : t)
		}
}

# ---- the runs --------------------------------------------------------------

# The name of file i's rows and flags (tidied): its host, as lmbench's
# getsummary shows it, where no other file given is of that host (as
# the 9 columns of Host show it); where several are, the run, the
# file's own name ("vm.4"), cut in the host rather than the run number
# to fit ("buildhos.12"); where even that is shared (vm.0 of two
# directories) or the file has no run number, the host and the file's
# place among that host's files ("vm#2").
function run_name(i,    j, h, b, sfx, cnt, k, seen) {
	if (RUNNAMED != nf) {
		RUNNAMED = nf
		for (j = 1; j <= nf; j++)
			cnt[substr(tidy(HOST[j]), 1, 9)]++
		for (j = 1; j <= nf; j++) {
			h = tidy(HOST[j])
			RUNNAME[j] = h
			if (cnt[substr(h, 1, 9)] < 2)
				continue
			b = tidy(PATHS[j])
			sub(/.*\//, "", b)
			RUNNAME[j] = fit_name(h, substr(b, length(h) + 1))
			seen[RUNNAME[j]]++
		}
		for (j = 1; j <= nf; j++) {
			h = tidy(HOST[j])
			if (cnt[substr(h, 1, 9)] < 2)
				continue
			k[substr(h, 1, 9)]++
			if (seen[RUNNAME[j]] > 1 || RUNNAME[j] == fit_name(h, ""))
				RUNNAME[j] = fit_name(h, "#" k[substr(h, 1, 9)])
		}
	}
	return RUNNAME[i]
}

# Host h with suffix sfx in 9 columns: h cut, not sfx.
function fit_name(h, sfx) {
	if (length(h sfx) <= 9)
		return h sfx
	return substr(h, 1, 9 - length(sfx) > 0 ? 9 - length(sfx) : 0) sfx
}

# Above the first table, under the banner: what each run must be read
# with, one note per run that needs one, named as its rows are.
#   - a quick run (QUICK: YES): fewer repetitions and rounds, sweeps cut
#     short, so that its figures are rougher than a full run's;
#   - a run whose pinned figures were taken while the CPUs they were not
#     pinned to were at least OTHERS_BUSY percent busy (others_busy):
#     said once for the run, with how busy (the median of those
#     figures' values) and how many of its figures; what a neighbour
#     slows (the figures sharing the memory system or another CPU with
#     it) may be slower, not the rest, so no cell is flagged for it
#     alone (round_notes);
#   - the same for figures that had every CPU, taken while tasks waited
#     for a CPU at least CPU_WAIT percent of the time (cpu_wait).
# width (-w) cuts the lines, as it does the flags.
function run_notes(    i, n, nb, nw, ob, cw, totb, totw, j) {
	n = 0
	for (i = 1; i <= nf; i++) {
		if (((i, "QUICK") in HDR) && HDR[i, "QUICK"] ~ /^(YES|yes|1)$/)
			n += run_note(i, "quick run (QUICK=" HDR[i, "QUICK"] "): fewer repetitions and rounds, shorter sweeps; rougher figures than a full run's", n)
		nb = nw = totb = totw = 0
		split("", ob)
		split("", cw)
		for (j = 1; j <= nrec[i]; j++) {
			if (ROB[i, j] != "") {
				totb++
				if (ROB[i, j] + 0 >= OTHERS_BUSY)
					ob[++nb] = ROB[i, j] + 0
			} else if (RCW[i, j] != "") {
				totw++
				if (RCW[i, j] + 0 >= CPU_WAIT)
					cw[++nw] = RCW[i, j] + 0
			}
		}
		if (nb > 0)
			n += run_note(i, sprintf("other CPUs were busy %.0f %% of the time while %d of its %d pinned figures were measured: figures that use more than one CPU or the memory system may be slower", median(ob, nb), nb, totb), n)
		if (nw > 0)
			n += run_note(i, sprintf("tasks waited for a CPU %.0f %% of the time while %d of its %d figures that had every CPU were measured: another process shared its CPUs, and those figures may be slower", median(cw, nw), nw, totw), n)
	}
}

# Print one run note of file i (the first, n = 0, after a blank line and
# a title), its words wrapped at 79 columns, or cut at width.  Returns 1.
function run_note(i, text, n,    w, m, j, line, lim) {
	if (n == 0) {
		print ""
		print "Runs to read with care"
	}
	lim = 79
	m = split(text, w, " ")
	line = sprintf("%-9.9s", run_name(i))
	for (j = 1; j <= m; j++) {
		if (length(line) > 10 && length(line) + 1 + length(w[j]) > lim) {
			print (width > 0 ? substr(line, 1, width) : line)
			line = spaces(9)
		}
		line = line " " w[j]
	}
	print (width > 0 ? substr(line, 1, width) : line)
	return 1
}

# The middle of the m numbers in a[] (sorted in place): the median.
# compare.awk uses it too.
function median(a, m,    i, j, x) {
	for (i = 2; i <= m; i++) {
		x = a[i]
		for (j = i - 1; j >= 1 && a[j] > x; j--)
			a[j + 1] = a[j]
		a[j + 1] = x
	}
	return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
}

# Column c's name, the words of the header over it ("RPC/ UDP"), or
# "column c" when the header's dashes do not match the columns (named 0,
# from dash_groups()).
function col_name(c, named,    j, f, name) {
	name = ""
	for (j = 1; named && j < NH; j++) {
		f = hwords(j, c)
		if (f != "")
			name = name (name == "" ? "" : " ") f
	}
	return name == "" ? "column " c : name
}

# pct_text(p): a percentage for the notes, "37.2%", or "150%" from 99.95.
function pct_text(p) {
	return p + 0 < 99.95 ? sprintf("%.1f%%", p) : sprintf("%.0f%%", p)
}

# The words of header line j over column c (its span: after the previous
# column's dashes to the end of its own): those that start there; none,
# but a word that runs into it ("0K File" over both its columns), the
# previous column's.
function hwords(j, c,    lo, hi, p, s, w, ch, f) {
	lo = HEND[c + 1] + 1
	hi = c == NC ? length(TH[j]) : HEND[c + 2]
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

# The spread across rounds (-s): "rounds %" rows, marked as spreads are.
function has_rounds(r, from, to, inblock,    j) {
	for (j = from; j <= to; j++)
		if (CRS[r, inblock ? BCOL[j] : j] != "")
			return 1
	return 0
}

function rounds_text(r, from, to, inblock,    s, j, c, w) {
	s = sprintf("%-9.9s %13.13s", "", "rounds %")
	for (j = from; j <= to; j++) {
		c = inblock ? BCOL[j] : j
		w = CW[c]
		if (w == 0)
			continue
		s = s CSEP[c] fmtspread(CRS[r, c], w)
	}
	return rstrip(s)
}

# mode=lib: table number NKT, with all its rows (even none), kept for the
# program that reuses this file: KTT[t] (the title lines), KTRULE[t],
# KTH[t] (the header block), KNC[t], KCSEP[t, c], KCW[t, c], KCF[t, c],
# KCCOUNT[t, c],
# KNR[t], KRH[t, r] and KCELL, KCSP, KCRG, KCRAW, KCKIND, KCPLC[t, r, c].
function keep_table(    t, r, c, j, named) {
	t = ++NKT
	KTT[t] = TT[1]
	for (j = 2; j <= NT; j++)
		KTT[t] = KTT[t] "\n" TT[j]
	KTRULE[t] = TRULE
	KTH[t] = TH[1]
	for (j = 2; j <= NH; j++)
		KTH[t] = KTH[t] "\n" TH[j]
	KNC[t] = NC
	named = dash_groups()
	for (c = 1; c <= NC; c++) {
		KCSEP[t, c] = CSEP[c]
		KCW[t, c] = CW[c]
		KCF[t, c] = CF[c]
		KCCOUNT[t, c] = CCOUNT[c]
		KCNAME[t, c] = col_name(c, named)
	}
	KNR[t] = TNR
	for (r = 1; r <= TNR; r++) {
		KRH[t, r] = RH[r]
		for (c = 1; c <= NC; c++) {
			KCELL[t, r, c] = CELL[r, c]
			KCSP[t, r, c] = CSP[r, c]
			KCRAW[t, r, c] = CRAW[r, c]
			KCRG[t, r, c] = CRG[r, c]
			KCKIND[t, r, c] = CKIND[r, c]
			KCPLC[t, r, c] = CPLC[r, c]
			KCREC[t, r, c] = CREC[r, c]
		}
	}
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

# Whether row r has a placement in columns from..to (of BCOL[] when inblock).
function has_place(r, from, to, inblock,    j) {
	for (j = from; j <= to; j++)
		if (CPLC[r, inblock ? BCOL[j] : j] != "")
			return 1
	return 0
}

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

# Whether row r has a spread in columns from..to (of BCOL[] when inblock).
function has_spread(r, from, to, inblock,    j) {
	for (j = from; j <= to; j++)
		if (CSP[r, inblock ? BCOL[j] : j] != "")
			return 1
	return 0
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

function spread_text(r, from, to, inblock,    s, j, c, w) {
	s = sprintf("%-9.9s %13.13s", "", "spread %")
	for (j = from; j <= to; j++) {
		c = inblock ? BCOL[j] : j
		w = CW[c]
		if (w == 0)
			continue
		s = s CSEP[c] fmtspread(CSP[r, c], w)
	}
	return rstrip(s)
}

# How busy a neighbour was (-s): a "busy %" row, each cell how busy the
# CPUs its figure was not pinned to were (others_busy), or, for one that
# had every CPU, "w" and how long tasks waited for a CPU (cpu_wait);
# "!" marks one at or above OTHERS_BUSY or CPU_WAIT.  "" when no cell of
# columns from..to (of BCOL[] when inblock) has one.
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
			if (v >= CPU_WAIT)
				m = "!"
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

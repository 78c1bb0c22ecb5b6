# layout.awk - laying out a table of scripts/summary: numbers written as
# lmbench's getsummary writes them, columns, rows, and the table printed
# (in mode=lib kept for compare); layout-blocks.awk cuts a wide one into
# blocks of -w columns, layout-notes.awk writes the notes under it.
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
	# How long tasks waited for a CPU while a figure that had every CPU
	# was taken (cpu_wait, Linux's CPU pressure) is shown (-s), never
	# noted nor flagged: it counts a pair's own wake-ups as waiting, and
	# alone, in make results on a two-CPU guest, it read 45-100 % (lat_ctx
	# 98-100, lat_pipe 67-70; lat_pipe -C 0,1 by hand 66 %, then 8 %),
	# as high as with a process spinning beside it.  A neighbour is seen
	# by the figures pinned to fewer CPUs (others_busy).
}

# ---- text ----------------------------------------------------------------

# (Each width made once: tables ask for the same few thousands of times.)
function spaces(n,    s, k) {
	k = n
	if (k in SPACES_OF)
		return SPACES_OF[k]
	s = ""
	while (n-- > 0)
		s = s " "
	return SPACES_OF[k] = s
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
			print_row(r, 1, NC, 0)
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
			print_row(r, BFROM[b], BTO[b], 1)
		}
	}
	round_notes()
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

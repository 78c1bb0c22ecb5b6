# tables-mem.awk - the memory tables of scripts/summary: the sizes its
# points were read at (t_sizes), and the latencies of each cache level
# and of main memory (t_mem).  Part of the tables (see tables.awk).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

# Within 20% of each other: the difference is at most 20% of the larger.
function same(a, b,    d, m) {
	a += 0
	b += 0
	d = a - b
	if (d < 0)
		d = -d
	m = a > b ? a : b
	return m > 0 && d <= 0.2 * m
}

# A size in bytes, short: 48K, 2M, 260M, 1280K.
function fmtsize(v) {
	if (!good(v) || v + 0 <= 0)
		return ""
	v += 0
	if (v >= GIB && v % GIB == 0)
		return sprintf("%dG", v / GIB)
	if (v >= MIB && v % MIB == 0)
		return sprintf("%dM", v / MIB)
	if (v >= 1024 && v % 1024 == 0)
		return sprintf("%dK", v / 1024)
	return sprintf("%d", v)
}

# The sizes the memory table's points were read at, and the measured ones
# beside them (our files only: lmbench's have neither).
function t_sizes(    i, M) {
	if (mode == "lib")
		return
	table_begin("Cache sizes - the memory latencies above are read inside these",
	    "------------------------------------------------------------------------",
	    "Host                 OS    L1d     L2     L3 from     measured by cache\n" \
	    "                                                        L1     L2     L3\n" \
	    "--------- ------------- ------ ------ ------ -------  ------ ------ ------")
	col(" ", 6, 1); col(" ", 6, 1); col(" ", 6, 1); col(" ", 7, 0)
	col("  ", 6, 1); col(" ", 6, 1); col(" ", 6, 1)
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		mem_figures(i, M, 1)
		cell(sprintf("%6s", fmtsize(M["size1"])), M["size1"] > 0)
		cell(sprintf("%6s", fmtsize(M["size2"])), M["size2"] > 0)
		cell(sprintf("%6s", fmtsize(M["size3"])), M["size3"] > 0)
		cell(sprintf("%-7s", M["from"]), 0)
		cell(sprintf("%6s", fmtsize(M["meas1"])), good(M["meas1"]))
		cell(sprintf("%6s", fmtsize(M["meas2"])), good(M["meas2"]))
		cell(sprintf("%6s", fmtsize(M["meas3"])), good(M["meas3"]))
		row_end()
	}
	table_end()
}

# lmbench's guess at what is wrong with a memory row: the L1, L2 and main
# memory latencies.
function guess(l1, l2, main,    g) {
	g = ""
	if (!good(l1))
		return "Bad mhz?"
	if (good(l2) && good(main) && !same(l1, l2) && same(l2, main))
		g = "No L2 cache?"
	else if (good(l2) && same(l1, l2))
		g = "No L1 cache?"
	return g
}

function t_mem(    i, l3, g, bad, M, l1) {
	l3 = 0
	for (i = 1; i <= nf; i++)
		if (((i, "CACHE_L3") in META) || ((i, "L3 cache") in FIG))
			l3 = 1
	if (!l3) {
		table_begin("Memory latencies in nanoseconds - smaller is better\n" \
		    "    (WARNING - may not be correct, check graphs)",
		    "------------------------------------------------------------------------------",
		    "Host                 OS   Mhz   L1 $   L2 $    Main mem    Rand mem    Guesses\n" \
		    "--------- -------------   ---   ----   ----    --------    --------    -------")
		col("  ", 4, 0); col(" ", 6, 1); col(" ", 6, 1); col(" ", 6, 1)
		col(" ", 11, 1, 6); col("    ", 0, 0)
	} else {
		# Ours: an L3 column, and the heads over their cells.
		table_begin("Memory latencies in nanoseconds - smaller is better\n" \
		    "    (WARNING - may not be correct, check graphs)",
		    "------------------------------------------------------------------------------",
		    "Host                 OS   Mhz   L1 $   L2 $   L3 $   Main   Rand  Guesses\n" \
		    "                                                      mem    mem\n" \
		    "--------- -------------  ---- ------ ------ ------ ------ ------  -------")
		col("  ", 4, 0); col(" ", 6, 1); col(" ", 6, 1); col(" ", 6, 1)
		col(" ", 6, 1); col(" ", 6, 1); col("  ", 0, 0)
	}
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		mem_figures(i, M)
		inum(META[i, "MHZ"], 4)
		l1 = val(i, M["L1"])
		bad = !good(l1) && (good(val(i, M["L2"])) || good(val(i, M["L3"])) ||
		    good(val(i, M["main"])) || good(val(i, M["rand"])))
		if (bad) {
			# lmbench's verdict on a curve without an L1 point: the
			# clock (and so every cell) is suspect.
			cell(sprintf("%6s", "-"), 1)
			cell(sprintf("%6s", "-"), 1)
			if (l3)
				cell(sprintf("%6s", "-"), 1)
			cell(sprintf("%6s", "-"), 1)
			cell(sprintf("%" (l3 ? 6 : 11) "s", "-"), 1)
			cell("Bad mhz?", 0)
		} else {
			fnum(i, M["L1"], 6)
			fnum(i, M["L2"], 6)
			if (l3)
				fnum(i, M["L3"], 6)
			fnum(i, M["main"], 6)
			fnum(i, M["rand"], l3 ? 6 : 11)
			g = good(l1) ? guess(l1, val(i, M["L2"]), val(i, M["main"])) : ""
			cell(g, 0)
		}
		row_end()
	}
	table_end()
}

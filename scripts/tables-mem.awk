# tables-mem.awk - the cells of the memory tables of scripts/summary
# (tables-data.awk): the latencies of each cache level and of main
# memory, and the sizes their points were read at.  Part of the tables
# (see tables.awk).
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

# The memory figures of file i, for its row of a memory table: MROW
# (mem_figures; quiet: without its warnings), and MBAD, lmbench's verdict
# on a curve without an L1 point: the clock (and so every cell) is
# suspect.
function mem_row(i, quiet,    l1) {
	mem_figures(i, MROW, quiet)
	l1 = val(i, MROW["L1"])
	MBAD = !quiet && !good(l1) && (good(val(i, MROW["L2"])) ||
	    good(val(i, MROW["L3"])) || good(val(i, MROW["main"])) ||
	    good(val(i, MROW["rand"])))
}

# A cell of file i's row in a memory table, width w, as how says
# (tables-data.awk; mem_row has read the row).
function mem_cell(i, how, w,    k, l1) {
	k = substr(how, index(how, ":") + 1)
	if (how ~ /^mem:/ && MBAD)
		cell(sprintf("%" w "s", "-"), 1)
	else if (how ~ /^mem:/)
		fnum(i, MROW[k], w)
	else if (how == "guess" && MBAD)
		cell("Bad mhz?", 0)
	else if (how == "guess") {
		l1 = val(i, MROW["L1"])
		cell(good(l1) ? guess(l1, val(i, MROW["L2"]), val(i, MROW["main"])) : "", 0)
	} else if (how ~ /^size:/)
		cell(sprintf("%" w "s", fmtsize(MROW[k])), MROW[k] > 0)
	else if (how ~ /^measured:/)
		cell(sprintf("%" w "s", fmtsize(MROW[k])), good(MROW[k]))
	else
		cell(sprintf("%-" w "s", MROW["from"]), 0)
}

# tables.awk - the tables of scripts/summary: each made from its lines
# in tables-data.awk (its title, its columns' headings, and its cells,
# each a lookup: cells.awk) and filled row by row.
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

# ---- the tables ----------------------------------------------------------

# The cells: COLID[table.column] is the registry id of the figure or
# series shown there (its {S} the column's @N; a series line's, that of
# its run line), which fcol and sname find among the records' ids;
# COLKEY[table.column] the registry's label there (lat_fs's cells add
# create or delete to it: the two share an id).  Read once;
# LATBW_REGISTRY names the registry (registry.awk reads it).
function reg_columns(    i, n, w, j, c, at, lab) {
	if (COLKEYREAD)
		return
	COLKEYREAD = 1
	reg_read(ENVIRON["LATBW_REGISTRY"])
	for (i = 1; i <= NREG; i++) {
		n = split(REGCOL[i], w, " ")
		for (j = 1; j <= n; j++) {
			c = w[j]
			if (c == "-")
				continue
			at = ""
			if (index(c, "@") > 0) {
				at = substr(c, index(c, "@") + 1)
				c = substr(c, 1, index(c, "@") - 1)
			}
			lab = at == "" ? REGL[i] : reg_subst(REGL[i], "{S}", at)
			if (!(c in COLKEY))
				COLKEY[c] = lab
			# (a series line's: its run line's, after it)
			if (!(c in COLID) && REGID[i] != "-")
				COLID[c] = at == "" ? REGID[i] : reg_subst(REGID[i], "{S}", at)
			else if (!(c in COLID) && REGK[i] == "series" && REGK[i + 1] == "run" && REGID[i + 1] != "-")
				COLID[c] = REGID[i + 1]
		}
	}
}

# The figure of file i whose id is id (records-load.awk's fig_ids), ""
# if none.
function fid(i, id) {
	if (!(i in FIGIDS))
		fig_ids(i)
	return (id != "" && ((i, id) in FIGID)) ? FIGID[i, id] : ""
}

# The figure registry column c shows in file i's row: that of the
# column's id (COLID, reg_columns), "" if none.
function fcol(i, c) {
	return (c in COLID) ? fid(i, COLID[c]) : ""
}

# The name of the series registry column c shows in file i's row: the
# series of the column's id (fig_ids), "" if none.
function sname(i, c) {
	if (!(i in FIGIDS))
		fig_ids(i)
	return ((c in COLID) && ((i, COLID[c]) in SIDNAME)) ? SIDNAME[i, COLID[c]] : ""
}

# Every table of tables-data.awk that is shown here (its flags), in its
# order, then the consistency checks.
function all_tables(    t, l3, i) {
	reg_columns()
	tables_check()
	l3 = 0
	for (i = 1; i <= nf; i++)
		if (((i, "CACHE_L3") in META) || fid(i, "cache.l3") != "")
			l3 = 1
	for (t = 1; t <= TABN; t++) {
		if (table_flag(TABNAME[t], l3 ? "nol3" : "l3"))
			continue
		if (mode == "lib" && table_flag(TABNAME[t], "summary"))
			continue
		table_show(TABNAME[t])
	}
	t_checks()
}

# What a new line of tables-data.awk may get wrong, said once: a cell of
# no table, a heading of more lines than its table's header, a column
# that no registry line names (the cell would stay blank).
function tables_check(    t, c, part) {
	for (t in TCN) {
		if (!(t in TLINES))
			printf "%s: tables-data.awk: cells of table %s, which has no table_def\n", me, t > "/dev/stderr"
		for (c = 1; c <= TCN[t]; c++) {
			if ((t in TLINES) && split(TCHEAD[t, c], part, "[|]") > TLINES[t])
				printf "%s: tables-data.awk: %s cell %d: a heading of more than %d lines\n", me, t, c, TLINES[t] > "/dev/stderr"
			if (TCCOL[t, c] != "-" && !(TCCOL[t, c] in COLKEY))
				printf "%s: tables-data.awk: %s cell %d: no registry line has column %s\n", me, t, c, TCCOL[t, c] > "/dev/stderr"
		}
	}
}

function table_flag(t, f) {
	return index(TFLAGS[t], " " f " ") > 0
}

# Table t: its title and header, then a row per file (kept if it holds a
# figure the table counts).
function table_show(t,    i, n1, kept, onecpu) {
	table_begin(TTITLE[t], dashes(TRULEN[t]), table_header(t))
	table_cols(t)
	onecpu = table_flag(t, "onecpu")
	n1 = kept = 0
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		if (table_flag(t, "mem") || table_flag(t, "mem-quiet"))
			mem_row(i, table_flag(t, "mem-quiet"))
		table_cells(i, t)
		if (row_end())
			kept++
		else if (onecpu && META[i, "PROCESSORS"] == "1")
			ONECPU[++n1] = i
	}
	table_end()
	if (onecpu)
		one_cpu_note(n1, kept)
}

# The header lines of table t: THOST[t], then each cell's heading, a part
# of each line (tables-data.awk).  A column starts where the dashes of
# the one before end: a part that is not empty is put there, after
# blanks if the line is shorter (after the line if a part before ran on).
function table_header(t,    j, n, c, H, at, pos, part, h) {
	n = TLINES[t]
	for (j = 1; j < n; j++)
		H[j] = j == 1 ? THOST[t] : spaces(23)
	H[n] = "--------- -------------"
	for (c = 1; c <= TCN[t]; c++) {
		at = split(TCHEAD[t, c], part, "[|]")
		if (at < n)
			part[n] = TCSEP[t, c] dashes(TCW[t, c])
		pos = length(H[n])
		for (j = 1; j <= n; j++) {
			if (part[j] == "")
				continue
			if (length(H[j]) < pos)
				H[j] = H[j] spaces(pos - length(H[j]))
			H[j] = H[j] part[j]
		}
	}
	h = H[1]
	for (j = 2; j <= n; j++)
		h = h "\n" H[j]
	return h
}

function dashes(n,    s) {
	s = spaces(n)
	gsub(/ /, "-", s)
	return s
}

# The columns of table t, from its cells (tables-data.awk).
function table_cols(t,    j) {
	for (j = 1; j <= TCN[t]; j++)
		col(TCSEP[t, j], TCW[t, j], TCCOUNT[t, j], TCFW[t, j])
}

# The cells of file i in table t, each as its line in tables-data.awk
# says.
function table_cells(i, t,    j) {
	for (j = 1; j <= TCN[t]; j++)
		data_cell(i, TCHOW[t, j], TCCOL[t, j] == "-" ? "" : TCCOL[t, j], TCW[t, j])
}

# One cell of file i, width w: how (tables-data.awk) with c, its
# registry column: the figure or the series of its id (fcol, sname).
function data_cell(i, how, c, w,    a) {
	if (how == "fig")
		fnum(i, fcol(i, c), w)
	else if (how == "ifig")
		finum(i, fcol(i, c), w)
	else if (how == "scaled")
		fnum(i, scaled(i, fcol(i, c)), w)
	else if (how == "last")
		fnum(i, ser_last(i, sname(i, c)), w)
	else if (how ~ /^at[0-9]+$/)
		fnum(i, ser_at(i, sname(i, c), substr(how, 3) + 0), w)
	else if (how == "desc")
		cell(sprintf("%" w "." w "s", tidy(DESC[i])), 0)
	else if (how == "mhz")
		cell(good(META[i, "MHZ"]) ? sprintf("%" w ".0f", META[i, "MHZ"]) : spaces(w), 0)
	else if (how ~ /^imeta:/)
		inum(META[i, substr(how, 7)], w)
	else if (how == "load")
		inum(LOAD[i], w)
	else if (how == "null-io")
		null_io(i, w)
	else if (how == "tcp-bw")
		fnum(i, tcp_bw(i), w)
	else if (how ~ /^fs-[a-z]+:/) {
		split(substr(how, 4), a, ":")
		fs_cell(i, a[1], a[2], w)
	} else if (how ~ /^(mem|size|measured):|^(guess|from)$/)
		mem_cell(i, how, w)
	else
		printf "%s: internal error: no cell kind %s\n", me, how > "/dev/stderr"
}

# Under the cross-CPU table: a one-CPU machine has no figure there, and
# says so (the title and rule alone when no row was kept).
function one_cpu_note(n1, kept,    i) {
	if (mode != "table" || n1 == 0)
		return
	if (kept == 0)
		table_heading()
	for (i = 1; i <= n1; i++)
		printf "%-9.9s %13.13s one CPU: same-CPU figures only\n", run_name(ONECPU[i]), tidy(OS_[ONECPU[i]])
}

# Checks between figures that must hold whatever the machine: a violated
# one is flagged (an RPC cannot be faster than the transport it runs on;
# a 2-process switch is part of a pipe round trip).  Same placement only:
# the lmbench cells together, and the cross-CPU ones together.  The
# slack for noise: 5 %, or twice the uncertainty of the difference of the
# two medians where their samples say more (check_slack).
function check_le(i, what, lo, loc, hi, hic,    a, b, ka, kb) {
	if (COLKEY[loc] ~ /^size=|^cross-CPU ctxsw/)
		ka = ser_at(i, sname(i, loc), 2)
	else
		ka = fcol(i, loc)
	kb = fcol(i, hic)
	a = val(i, ka)
	b = val(i, kb)
	if (!good(a) || !good(b) || a + 0 <= (b + 0) * (1 + check_slack(i, ka, kb)))
		return
	NCHK++
	CHK[NCHK] = sprintf("%-9.9s %s: %s %s > %s %s", run_name(i), what, lo, trim(fmtnum(a, 6)), hi, trim(fmtnum(b, 6)))
}

# The relative uncertainty of record k's median: about 1.25 sigma /
# sqrt(reps) for a median, sigma about its spread (the quartiles' distance
# over the median) / 1.35; 0 where the record does not say.
function median_se(i, k,    sp, n) {
	if (k == "")
		return 0
	sp = RSPR[i, k]
	sub(/%$/, "", sp)
	n = RR[i, k] + 0
	if (!good(sp) || n < 1)
		return 0
	return 0.929 * sp / 100 / sq_root(n)
}

# The slack of a check between records ka and kb of file i: 5 %, or twice
# the uncertainty of the two medians' difference if larger.  Under a busy
# CPU a cross-CPU UDP round trip and its RPC call both took 34-37 us with
# spreads of 26 % (41 samples each): they are equal within that, and
# 36.1 against 33.6 is no evidence that either is wrong.
function check_slack(i, ka, kb,    sa, sb, s) {
	sa = median_se(i, ka)
	sb = median_se(i, kb)
	s = 2 * sq_root(sa * sa + sb * sb)
	return s > 0.05 ? s : 0.05
}

function t_checks(    i, p, pre, what) {
	NCHK = 0
	for (i = 1; i <= nf; i++) {
		for (p = 1; p <= 2; p++) {
			pre = p == 1 ? "local" : "cross"
			what = p == 1 ? "same CPU" : "cross CPU"
			check_le(i, what, "TCP", pre ".tcp", "RPC/TCP", pre ".rpc-tcp")
			check_le(i, what, "UDP", pre ".udp", "RPC/UDP", pre ".rpc-udp")
			check_le(i, what, "2p/0K ctxsw", p == 1 ? "ctx.0k" : "cross.ctx", "Pipe", pre ".pipe")
		}
		check_le(i, "remote", "TCP", "remote.tcp", "RPC/TCP", "remote.rpc-tcp")
		check_le(i, "remote", "UDP", "remote.udp", "RPC/UDP", "remote.rpc-udp")
	}
	if (NCHK == 0 || mode != "table")
		return
	print ""
	print "Consistency checks - figures that cannot be right"
	print "-------------------------------------------------"
	for (i = 1; i <= NCHK; i++)
		print "! " CHK[i]
}

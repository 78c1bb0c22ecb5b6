# records-load.awk - the records of scripts/records (records.awk), read
# from standard input into the arrays the tables (cells.awk, tables.awk,
# layout.awk) and the plots (graph*.awk) are made from: the part of
# scripts/summary, scripts/compare and scripts/graph that takes in the
# records.  It reads no results file and parses no line of one: every
# fact and figure is a field of a record (results-format(7), RECORDS),
# found by its column's name in the records' first line.
#
# Standard input: one or more streams of records (each from its first
# line, the column names), and lines of the program that loads this
# file, which its own rules take first.  A stream's runs follow the
# runs before it: file i of the arrays is its run plus the files read
# before the stream.
#
# What it fills, for file i = 1..nf (the names the tables read):
#   PATHS, HOST, DESC, OS_, UNAME, INCOMPLETE, LOAD (copies)  the facts
#   META[i, KEY]   MHZ, LINE_SIZE, PROCESSORS, CACHE_L1D, CACHE_L2,
#                  CACHE_L3 (when the file gives them), SYNC_MAX (copies)
#   HDR[i, KEY], HDRK[i, 1..NHDR[i]]   the header lines, in file order
#   GETCONF_SIZES[i]   its cache sizes came from getconf ([CACHE_FROM:])
#   nrec[i], and for k = 1..nrec[i]: RN, RX, RV, RU (name, x, value,
#       unit), RSPR, RR, RMIN, RMAX, RC (spread, reps, min, max, copies),
#       RPL, RXS, RIDL (placement, cross_pct, idle), RRN, RRS, RRG, RRV
#       (rounds, round_spread, round_gap, round_values), ROB, RCW
#       (others_busy, cpu_wait), RID (id), RLN (the line it was read from)
#   FIG[i, key]    the record the tables take under key (table_key): by
#                  label, for the figures no registry line has an id for
#   FIGID[i, id], SIDNAME[i, id]   the figure of each id the tables (and
#                  graph's cache levels) take, the first series of
#                  each id (fig_ids, from the id column; tables.awk's
#                  fid and sname look cells up here)
#   SN[i, name], SK[i, name, 1..SN]   the points of a series (series_point)
#   C2CMS[i] (" cas pipe"), C2CCPU[i, matrix, cpu], C2CG[i, level]   lat_c2c's
#       matrices, the CPUs of their rows, the groups of each level
#       (C2CGI[i, level, cpu]: each CPU's group, rl_groups)
#   SCNAME[i, 1..SCNN[i]], LDNAME[i, 1..LDNN[i]]   the scaling curves, the
#       loaded latency and MLP curves (SCLN, LDLN: the lines of their titles)
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

BEGIN {
	FS = OFS = "\t"
	MIB = 1048576		# lat_mem_rd sizes are in MB of 2^20 bytes
	GIB = 1024 * MIB
	RL_MAXCPU = 4096	# lat_c2c's CPU numbers are below this (TOPO_MAX_CPU)
	nf = 0
	status = 0
	# The facts of a file (records.awk's) kept in META, by their keys.
	split("mhz line_size processors cache_l1d cache_l2 cache_l3", RL_T, " ")
	for (RL_J in RL_T)
		RL_META[RL_T[RL_J]] = toupper(RL_T[RL_J])
}

$1 == "kind" {
	rl_columns()
	next
}

$1 == "file" || $1 == "fig" {
	rl_record()
	next
}

{
	printf "%s: internal error: not a record: '%s'\n", me, tidy(substr($0, 1, 60)) > "/dev/stderr"
	exit 2
}

# A stream's first line: the number of each column (RLC[name]); its runs
# come after the files read so far.
function rl_columns(    c, n, need, j) {
	split("", RLC)
	for (c = 1; c <= NF; c++)
		RLC[$c] = c
	n = split("file run host id name x value unit spread reps min max copies placement cross_pct rounds round_spread others_busy idle cpu_wait round_gap round_values table_key series_point line", need, " ")
	for (j = 1; j <= n; j++)
		if (!(need[j] in RLC)) {
			printf "%s: internal error: the records have no column %s\n", me, need[j] > "/dev/stderr"
			exit 2
		}
	RL_BASE = nf
}

# One record: a fact of file i, or a figure of it.  A field with an
# escape is taken as it was (unesc); the others are taken as fields, so
# that a number in one compares as a number, as it did in the reader.
# (Most records have no escape: the line is looked at first.)
function rl_record(    c, i) {
	if (index($0, "\\") > 0)
		for (c = 2; c <= NF; c++)
			if (index($c, "\\") > 0)
				$c = unesc($c)
	i = RL_BASE + $(RLC["run"])
	if (i > nf) {
		nf = i
		PATHS[i] = $(RLC["file"])
		HOST[i] = $(RLC["host"])
		nrec[i] = NHDR[i] = 0
	}
	if ($1 == "file")
		rl_fact(i, $(RLC["id"]), $(RLC["name"]))
	else
		rl_fig(i)
}

function rl_fact(i, key, v) {
	if (key == "description")
		DESC[i] = v
	else if (key == "os")
		OS_[i] = v
	else if (key == "uname")
		UNAME[i] = v
	else if (key == "incomplete")
		INCOMPLETE[i] = v
	else if (key == "copies")
		LOAD[i] = META[i, "SYNC_MAX"] = v
	else if (key in RL_META) {
		if (v != "")
			META[i, RL_META[key]] = v
	} else if (substr(key, 1, 7) == "header.") {
		key = substr(key, 8)
		HDR[i, key] = v
		HDRK[i, ++NHDR[i]] = key
		if (key == "CACHE_FROM" && v == "getconf")
			GETCONF_SIZES[i] = 1
	} else
		rl_list(i, key, v, $(RLC["line"]))
}

# The facts that list what the tables and plots show of a file: lat_c2c's
# matrices, their rows and the groups of each level; the scaling curves;
# the loaded latency and MLP curves.
function rl_list(i, key, v, ln,    n, w, j) {
	if (key == "c2c.matrix") {
		C2CMS[i] = C2CMS[i] " " v
		C2CM[i, v] = 1
	} else if (substr(key, 1, 9) == "c2c.rows.") {
		n = split(v, w, " ")
		for (j = 1; j <= n; j++)
			C2CCPU[i, substr(key, 10), w[j] + 0] = 1
	} else if (substr(key, 1, 11) == "c2c.groups.")
		rl_groups(i, substr(key, 12), v)
	else if (key == "scaling.curve") {
		SCNAME[i, ++SCNN[i]] = v
		SCLN[i, SCNN[i]] = ln
	} else if (key == "load.curve") {
		LDNAME[i, ++LDNN[i]] = v
		LDLN[i, LDNN[i]] = ln
	}
}

# rl_groups(i, lv, s): the groups of level lv of file i, s as its
# [latbw-c2c-groups] line gave them (CPU lists, "0-1,4-5 2-3,6-7"):
# C2CG[i, lv] = s, and each CPU's group, its place in s, in
# C2CGI[i, lv, cpu] (the marks of table-c2c.awk: points.awk's
# c2c_relation).  The reader has checked the line: its groups hold at
# most RL_MAXCPU CPUs, and records.awk gives a level once.
function rl_groups(i, lv, s,    g, ng, p, np, j, r, ab, a, b, c) {
	C2CG[i, lv] = s
	ng = split(s, g, " ")
	for (j = 1; j <= ng; j++) {
		np = split(g[j], p, ",")
		for (r = 1; r <= np; r++) {
			cpu_span(p[r], ab)
			a = ab[1]
			b = ab[2]
			if (b >= RL_MAXCPU)
				b = RL_MAXCPU - 1
			for (c = a; c <= b; c++)
				C2CGI[i, lv, c] = j
		}
	}
}

function rl_fig(i,    k, key, p) {
	k = ++nrec[i]
	RN[i, k] = $(RLC["name"])
	RX[i, k] = $(RLC["x"])
	RV[i, k] = $(RLC["value"])
	RU[i, k] = $(RLC["unit"])
	RSPR[i, k] = $(RLC["spread"])
	RR[i, k] = $(RLC["reps"])
	RMIN[i, k] = $(RLC["min"])
	RMAX[i, k] = $(RLC["max"])
	RC[i, k] = $(RLC["copies"])
	RPL[i, k] = $(RLC["placement"])
	RXS[i, k] = $(RLC["cross_pct"])
	RIDL[i, k] = $(RLC["idle"])
	RRN[i, k] = $(RLC["rounds"])
	RRS[i, k] = $(RLC["round_spread"])
	RRG[i, k] = $(RLC["round_gap"])
	RRV[i, k] = $(RLC["round_values"])
	ROB[i, k] = $(RLC["others_busy"])
	RCW[i, k] = $(RLC["cpu_wait"])
	RID[i, k] = $(RLC["id"])
	RLN[i, k] = $(RLC["line"])
	key = RTK[i, k] = $(RLC["table_key"])
	if (key != "")
		FIG[i, key] = k
	p = $(RLC["series_point"])
	if (p != "") {
		SK[i, RN[i, k], p] = k
		SN[i, RN[i, k]] = p
	}
}

# fig_ids(i), made of the records' columns (the tables call it:
# tables.awk's fid, sname): FIGID[i, id], the record of each id among
# the figures the tables take (those with a table_key, RTK), a remote
# figure's also under its registry id with {NAME} (remote.udp@{NAME})
# as a column names it; SIDNAME[i, id], the name of the first series
# whose points have that id.
function fig_ids(i,    k, id) {
	FIGIDS[i] = 1
	for (k = 1; k <= nrec[i]; k++) {
		if ((id = RID[i, k]) == "")
			continue
		if (RX[i, k] != "") {
			if (!((i, id) in SIDNAME))
				SIDNAME[i, id] = RN[i, k]
			continue
		}
		if (RTK[i, k] == "")
			continue
		FIGID[i, id] = k
		if (index(RTK[i, k], "{HOST}") > 0 && sub(/@[^@]*$/, "@{NAME}", id))
			FIGID[i, id] = k
	}
}

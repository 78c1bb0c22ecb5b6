# records.awk - scripts/records' main part: the records of the results
# files read.awk has read, as tab-separated lines on standard output:
# the plumbing under summary, compare and graph.
#
# scripts/records runs this file first, then read.awk and its parts
# (read-values, read-figures, read-c2c, stats), read-ids.awk (the id of
# a figure whose statistics line has none) and registry.awk, under
# LC_ALL=C.  The format is results-format(7)'s, RECORDS:
#
#   line 1     the column names, tab-separated (REC_COLS below)
#   file       one line per fact of a results file (a header line's
#              value, its OS, ...): file, run, host, then the fact's key
#              (in the id column) and its value (in the name column):
#              six fields; a curve's (scaling.curve, load.curve) has
#              its title's line in the line column too
#   fig        one line per figure or series point, in file order
#
# Every field is text with "\" written "\\", a tab "\t", a newline "\n"
# and a carriage return "\r" (rec_esc): a field never holds a tab or a
# line break, and "\" followed by one of "\tnr" is its only escape.
#
# Variables: those of read.awk (me), and sides (below).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

BEGIN {
	# The registry first: a bad one is said before any record.
	reg_read(ENVIRON["LATBW_REGISTRY"])
	REC_COLS = "kind\tfile\trun\thost\tid\tname\tx\tvalue\tunit\tspread\treps\tmin\tmax\tcopies\tplacement\tcross_pct\trounds\tround_spread\tstddev_pct\tothers_busy\tidle\tcpu_wait\tround_gap\tround_values\ttable_key\tseries_point\tline"
	# From a fact's value (its sixth field) to the line column: a fact read
	# from one line of its own (a curve's title) says which.
	REC_NCOL = split(REC_COLS, rec_col, "\t")
	REC_TOLINE = ""
	for (rec_i = 6; rec_i < REC_NCOL; rec_i++)
		REC_TOLINE = REC_TOLINE "\t"
	# Statistics-line fields carried as they are written (stats.awk
	# keeps them, RSF), each a column after REC_COLS', named as the
	# field is, in this order (none yet): a new field of the harness
	# is a word here and its lines in results-format(7), no more.
	REC_FIELDS = ""
	REC_NF = split(REC_FIELDS, REC_F, " ")
	for (rec_i = 1; rec_i <= REC_NF; rec_i++)
		REC_COLS = REC_COLS "\t" REC_F[rec_i]
	# The facts of a file, in this order, each on a line of its own
	# (empty when the file does not say).
	REC_NFACT = split("description os uname incomplete mhz line_size copies processors cache_l1d cache_l2 cache_l3", REC_FACT, " ")
}

# The records of each file are printed once it has been read, as the
# next line of the list comes (or at the end), so that the program
# reading them works while this one reads the next file.
{
	rec_flush()
}

# sides=1 (scripts/compare): the list holds, before the files of each
# side, a line "S<TAB>arg"; each side's records are printed as a run of
# this program over its files alone would print them (from its column
# names, its files numbered 1, 2, ...), after that "S" line and before
# "E<TAB>status", that run's exit status: one process reads every side.
sides && substr($0, 1, 2) == "S\t" {
	if (rec_nside++)
		rec_side_end()
	print
	next
}

END {
	if (reg_error)
		exit 2
	rec_flush()
	if (sides) {
		if (rec_nside)
			rec_side_end()
		exit 0
	}
	exit rec_status()
}

# The end of a side: "E<TAB>status"; the next side's files (numbered
# from 1 again, after column names of their own) and status start
# afresh.
function rec_side_end() {
	print "E\t" rec_status()
	rec_base = nf
	rec_headed = 0
	status = nskip = 0
}

# The records of the files read and not printed yet (rec_base + 1 ..
# nf are those of the run or side, numbered from 1), after the column
# names if none came before them.
function rec_flush(    i) {
	for (i = rec_done + 1; i <= nf; i++) {
		if (!rec_headed)
			print REC_COLS
		rec_headed = 1
		rec_facts(i)
		rec_figs(i)
	}
	rec_done = nf
}

# The exit status of the run or side: 2 when no file was read (bad
# input, said once a file by the list or read_file: no output), else
# status.
function rec_status() {
	if (nf == rec_base) {
		if (nskip == 0)
			print me ": no results file to read" > "/dev/stderr"
		return 2
	}
	return status
}

# s with "\", tab, newline and carriage return escaped (see above).  Not
# by gsub: what "\\\\" in its replacement makes differs between awks (one
# backslash under mawk, which left a "\" in a path unescaped).
function rec_esc(s,    out, c) {
	if (s !~ /[\\\t\n\r]/)
		return s
	out = ""
	while (match(s, /[\\\t\n\r]/)) {
		c = substr(s, RSTART, 1)
		out = out substr(s, 1, RSTART - 1) "\\" (c == "\t" ? "t" : c == "\n" ? "n" : c == "\r" ? "r" : "\\")
		s = substr(s, RSTART + 1)
	}
	return out s
}

# The first columns of every record of file i: file, run, host.
function rec_head(kind, i) {
	return kind "\t" rec_esc(PATHS[i]) "\t" (i - rec_base) "\t" rec_esc(HOST[i])
}

# The facts of file i: the lines scripts/summary's exports show of a
# run, and each header line as it stands ("header.KEY", in file order).
function rec_facts(i,    j, key, v) {
	for (j = 1; j <= REC_NFACT; j++) {
		key = REC_FACT[j]
		if (key == "description")
			v = DESC[i]
		else if (key == "os")
			v = trim(OS_[i])
		else if (key == "uname")
			v = UNAME[i]
		else if (key == "incomplete")
			v = INCOMPLETE[i]
		else if (key == "copies")
			v = LOAD[i]
		else
			v = META[i, toupper(key)]
		print rec_head("file", i) "\t" key "\t" rec_esc(v)
	}
	for (j = 1; j <= NHDR[i]; j++) {
		key = HDRK[i, j]
		print rec_head("file", i) "\theader." rec_esc(key) "\t" rec_esc(HDR[i, key])
	}
	rec_lists(i)
}

# The records of file i, one line each; the last three columns say where
# the tables find it, and where the file has it: the name a figure is
# looked up by (its label as the registry writes it, fig_id, moved to
# its cross-CPU label when it was measured across CPUs: FKEY), for the
# record the tables take under that name (the last of a label, a remote
# figure of the first host only); a point's place in its series (1, 2,
# ...), for the points of the series as the file left it (one seen
# again starts over); and the line of the file it was read from.
function rec_figs(i,    k, sd, key, pos, name, j, seen, x, head, id, px, v, u, r, lo, hi, c, rv) {
	split("", pos)
	split("", seen)
	for (k = 1; k <= nrec[i]; k++) {
		name = RN[i, k]
		if (RX[i, k] == "" || name in seen)
			continue
		seen[name] = 1
		for (j = 1; j <= SN[i, name]; j++)
			pos[SK[i, name, j]] = j
	}
	head = rec_head("fig", i)
	for (k = 1; k <= nrec[i]; k++) {
		key = FKEY[i, k]
		if (key != "" && !(((i, key) in FIG) && FIG[i, key] == k))
			key = ""
		sd = values_sd(RRV[i, k])
		x = ""
		for (j = 1; j <= REC_NF; j++)
			x = x "\t" rec_esc(RSF[i, k, REC_F[j]])
		id = rec_id(i, k)
		name = RN[i, k]
		px = RX[i, k]
		v = RV[i, k]
		u = RU[i, k]
		r = RR[i, k]
		lo = RMIN[i, k]
		hi = RMAX[i, k]
		c = RC[i, k]
		rv = RRV[i, k]
		# The fields a character to escape may be in, looked at
		# together: most records have none (the others are numbers
		# and words of our own).
		if ((id name px v u r lo hi c rv key) ~ /[\\\t\n\r]/) {
			id = rec_esc(id)
			name = rec_esc(name)
			px = rec_esc(px)
			v = rec_esc(v)
			u = rec_esc(u)
			r = rec_esc(r)
			lo = rec_esc(lo)
			hi = rec_esc(hi)
			c = rec_esc(c)
			rv = rec_esc(rv)
			key = rec_esc(key)
		}
		print head "\t" id "\t" name "\t" px "\t" v "\t" u "\t" \
		    RSPR[i, k] "\t" r "\t" lo "\t" hi "\t" c "\t" RPL[i, k] "\t" \
		    RXS[i, k] "\t" RRN[i, k] "\t" RRS[i, k] "\t" \
		    (sd == "" ? "" : sprintf("%.2f", sd)) "\t" ROB[i, k] "\t" \
		    RIDL[i, k] "\t" RCW[i, k] "\t" RRG[i, k] "\t" rv "\t" \
		    key "\t" (k in pos ? pos[k] : "") "\t" RLN[i, k] x
	}
}

# What the tables and plots list of file i besides its records, as facts
# after its header lines (only those it has): lat_c2c's matrices
# (c2c.matrix, a line each, in file order), the CPUs of each one's rows
# (c2c.rows.MATRIX, ascending, then those past lat_c2c's CPUs as
# written, in file order), the groups of each topology level as its
# [latbw-c2c-groups] line gives them (c2c.groups.LEVEL), the scaling
# curves (scaling.curve) and the loaded latency and MLP curves
# (load.curve), a line each, in file order.
function rec_lists(i,    m, nm, j, r, s, lv) {
	nm = split(C2CMS[i], m, " ")
	for (j = 1; j <= nm; j++)
		print rec_head("file", i) "\tc2c.matrix\t" rec_esc(m[j])
	for (j = 1; j <= nm; j++) {
		s = ""
		for (r = 0; r < C2CTOP[i, m[j]]; r++)
			if ((i, m[j], r) in C2CCPU)
				s = s (s == "" ? "" : " ") r
		for (r = 1; r <= C2CNPAST[i, m[j]]; r++)
			s = s (s == "" ? "" : " ") C2CPAST[i, m[j], r]
		print rec_head("file", i) "\tc2c.rows." rec_esc(m[j]) "\t" s
	}
	split("smt l2 l3 node package", lv, " ")
	for (j = 1; j <= 5; j++)
		if ((i, lv[j]) in C2CG)
			print rec_head("file", i) "\tc2c.groups." lv[j] "\t" rec_esc(C2CG[i, lv[j]])
	for (j = 1; j <= SCNN[i]; j++)
		print rec_head("file", i) "\tscaling.curve\t" rec_esc(SCNAME[i, j]) REC_TOLINE SCLN[i, j]
	for (j = 1; j <= LDNN[i]; j++)
		print rec_head("file", i) "\tload.curve\t" rec_esc(LDNAME[i, j]) REC_TOLINE LDLN[i, j]
}

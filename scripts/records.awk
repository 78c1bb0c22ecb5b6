# records.awk - scripts/records' main part: the records of the results
# files read.awk has read (mode=records), as tab-separated lines on
# standard output: the plumbing under summary's exports (export.awk).
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
#              six fields
#   fig        one line per figure or series point, in file order
#
# Every field is text with "\" written "\\", a tab "\t", a newline "\n"
# and a carriage return "\r" (rec_esc): a field never holds a tab or a
# line break, and "\" followed by one of "\tnr" is its only escape.
#
# Variables: those of read.awk (mode=records, me).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

BEGIN {
	# The registry first: a bad one is said before any record.
	reg_read(ENVIRON["LATBW_REGISTRY"])
	REC_COLS = "kind\tfile\trun\thost\tid\tname\tx\tvalue\tunit\tspread\treps\tmin\tmax\tcopies\tplacement\tcross_pct\trounds\tround_spread\tstddev_pct\tothers_busy\tidle\tcpu_wait\tround_gap\tround_values"
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

END {
	if (reg_error)
		exit 2
	# Nothing could be read: bad input, said once a file (by the list
	# or read_file), and no output.
	if (nf == 0) {
		if (nskip == 0)
			print me ": no results file to read" > "/dev/stderr"
		exit 2
	}
	print REC_COLS
	for (rec_i = 1; rec_i <= nf; rec_i++) {
		rec_facts(rec_i)
		rec_figs(rec_i)
	}
	exit status
}

# s with "\", tab, newline and carriage return escaped (see above).
function rec_esc(s) {
	if (s !~ /[\\\t\n\r]/)
		return s
	gsub(/\\/, "\\\\", s)
	gsub(/\t/, "\\t", s)
	gsub(/\n/, "\\n", s)
	gsub(/\r/, "\\r", s)
	return s
}

# The first columns of every record of file i: file, run, host.
function rec_head(kind, i) {
	return kind "\t" rec_esc(PATHS[i]) "\t" i "\t" rec_esc(HOST[i])
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
}

# The records of file i, one line each.
function rec_figs(i,    k, sd, j, x) {
	for (k = 1; k <= nrec[i]; k++) {
		sd = round_sd(i, k)
		x = ""
		for (j = 1; j <= REC_NF; j++)
			x = x "\t" rec_esc(RSF[i, k, REC_F[j]])
		print rec_head("fig", i) "\t" rec_esc(rec_id(i, k)) "\t" rec_esc(RN[i, k]) "\t" \
		    rec_esc(RX[i, k]) "\t" rec_esc(RV[i, k]) "\t" rec_esc(RU[i, k]) "\t" \
		    RSPR[i, k] "\t" rec_esc(RR[i, k]) "\t" rec_esc(RMIN[i, k]) "\t" \
		    rec_esc(RMAX[i, k]) "\t" rec_esc(RC[i, k]) "\t" RPL[i, k] "\t" \
		    RXS[i, k] "\t" RRN[i, k] "\t" RRS[i, k] "\t" \
		    (sd == "" ? "" : sprintf("%.2f", sd)) "\t" ROB[i, k] "\t" \
		    RIDL[i, k] "\t" RCW[i, k] "\t" RRG[i, k] "\t" rec_esc(RRV[i, k]) x
	}
}

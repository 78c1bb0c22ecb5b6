# summary.awk - scripts/summary's main part: the LMBENCH-style tables of
# the records of the files.
#
# A program over records: it reads no results file.  scripts/summary
# pipes the records of the files (scripts/records, the one reader), then
# a line "E<TAB>status" (the records' exit status), into this file and
# the others its "summary_parts" line names, under LC_ALL=C:
# records-load.awk takes the records in, and this file's END prints the
# tables (tables.awk, their cells in tables-data.awk, laid out by
# layout.awk, each looked up by cells.awk; lat_c2c's matrices, the
# scaling curves and the loaded latency curves in table-c2c.awk,
# table-scaling.awk, table-load.awk).  JSON and CSV are not made here:
# scripts/summary pipes the records into export.awk for them.
#
# Variables (awk -v: fixed words and flags only):
#   mode    table (default) or fmt (the number formatter alone,
#           for the tests: input lines "W V", "W V C" (made for width W,
#           shown in C) or "i W V")
#   spread  1: a spread row under every row of the tables (-s)
#   me      the name in messages (default "summary")
# and in the environment (option values), else -v:
#   LATBW_MARK   mark: percent above which a spread is marked "!" (-m)
#   LATBW_WIDTH  width: 0, or the widest line a table may have (-w)
#
# scripts/compare uses the same tables over the same arrays, with
# mode=lib: table_end() keeps each table (keep_table) instead of printing
# it, and compare's own END, which comes first, does the rest and exits.
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

BEGIN {
	if (mode == "")
		mode = "table"
	if (me == "")
		me = "summary"
	LABMAX = 200	# the longest curve title a table shows (short_titles)
	# The records' exit status: 2 or more, nothing was read (or the
	# registry is bad), and scripts/records has said why.
	rec_status = 2
}

# The number formatter alone (mode=fmt): comes before records-load.awk's
# rules.
mode == "fmt" {
	# split on blanks: FS is records-load.awk's tab
	fmt_n = split($0, FMT_W, " ")
	if (FMT_W[1] == "i")
		printf "[%s]\n", fmtint(FMT_W[3], FMT_W[2] + 0)
	else
		printf "[%s]\n", fmtcell(FMT_W[2], FMT_W[1] + 0, fmt_n >= 3 ? FMT_W[3] + 0 : FMT_W[1] + 0)
	next
}

# The records' status: 1, a file could not be read (said by
# scripts/records), makes summary's status 1.
/^E\t/ {
	rec_status = substr($0, 3) + 0
	next
}

END {
	if (mode == "fmt")
		exit 0
	# Nothing could be read: bad input, said once a file (by
	# scripts/records), and no output in any format.
	if (rec_status >= 2 || nf == 0)
		exit 2
	status = rec_status
	short_titles()
	out_tables()
	exit status
}

# Every table: those of tables-data.awk (all_tables, compare's too), then
# those of summary's own forms.
function out_tables(    i) {
	printed = 0
	all_tables()
	# lat_c2c's matrices (table-c2c.awk): tables of their own form.
	t_c2c()
	# The scaling curves (-G; table-scaling.awk).
	t_scaling()
	# lat_mem_load's loaded latency and par_mem -c's MLP curve
	# (table-load.awk).
	t_load()
	if (printed == 0) {
		print me ": no figure in any file" > "/dev/stderr"
		status = 1
	}
}

# The curves the tables list (SCNAME, LDNAME of records-load.awk) whose
# titles are at most LABMAX characters: a longer one (a name of 100,000
# characters stopped mawk: "sprintf buffer size=8192") is left out of
# the tables, with a warning that names its title's line; its points
# stay in JSON and CSV, and graph plots it (its file names are its own
# business).
function short_titles(    i) {
	for (i = 1; i <= nf; i++) {
		SCNN[i] = short_list(i, SCNAME, SCLN, SCNN[i])
		LDNN[i] = short_list(i, LDNAME, LDLN, LDNN[i])
	}
}

# short_list(i, name, ln, n): of the titles name[i, 1..n] (their lines
# ln[i, 1..n]), those of at most LABMAX characters, moved up in order;
# returns how many.
function short_list(i, name, ln, n,    j, m) {
	m = 0
	for (j = 1; j <= n; j++) {
		if (length(name[i, j]) > LABMAX) {
			warn(PATHS[i], ln[i, j], "a series title of " length(name[i, j]) " characters (more than " \
			    LABMAX "): left out of the tables")
			continue
		}
		m++
		name[i, m] = name[i, j]
		ln[i, m] = ln[i, j]
	}
	return m
}

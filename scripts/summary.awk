# summary.awk - scripts/summary's main part: what to print once the files
# are read.
#
# scripts/summary runs this file first, then the others its "parts"
# line names, under LC_ALL=C: read.awk (and its parts) reads the results
# files its list names into records (see there for the input and the
# records; stats.awk reads the statistics lines), and this file's END
# prints them in the format asked: the LMBENCH-style tables (tables.awk,
# their cells in tables-data.awk, laid out by layout.awk, each looked up
# by cells.awk).  JSON and CSV are not made here: scripts/summary pipes
# the records (scripts/records' program) into export.awk for them.
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
#   LATBW_CWD    cwd (see read.awk)
#
# scripts/compare uses the tables (cells.awk, layout.awk, tables.awk)
# over the arrays records-load.awk fills from the records, with
# mode=lib: table_end() keeps each table (keep_table) instead of printing
# it, and compare's own END, which comes first, does the rest and exits.
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

# The number formatter alone (mode=fmt): comes before read.awk's rules.
mode == "fmt" {
	if ($1 == "i")
		printf "[%s]\n", fmtint($3, $2 + 0)
	else
		printf "[%s]\n", fmtcell($2, $1 + 0, NF >= 3 ? $3 + 0 : $1 + 0)
	next
}

END {
	if (mode == "fmt")
		exit 0
	# Nothing could be read: bad input, said once a file (by the list
	# or read_file), and no output in any format.
	if (nf == 0) {
		if (nskip == 0)
			print me ": no results file to summarise" > "/dev/stderr"
		exit 2
	}
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

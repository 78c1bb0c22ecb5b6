# read.awk - reading latbw (and lmbench 1, 2, 3) results files into
# records: the one reader, scripts/records' (records.awk prints what it
# read), under scripts/summary, scripts/compare and scripts/graph.
#
# Standard input, one line per results file to read ("F<TAB>N<TAB>path",
# N the newlines it holds: fewer than its lines when the last does not
# end with one), a line "X<TAB>message" for each named file that could
# not be read (so the exit status can say so) and "W<TAB>message" for
# each one skipped with a warning: readers.sh's
# list_files writes that list.  Results files are read with getline,
# never executed or evaluated.  The statistics lines ([latbw-stat ...])
# are read by stats.awk, the lines that hold results by read-figures.awk,
# the checks of a value are values.awk's and read-values.awk's: those are
# always loaded with this file (and read-c2c.awk, lat_c2c's lines).
#
# Variables (awk -v: fixed words and flags only):
#   me      the name in messages (default "summary")
# and in the environment (a path: -v would take its backslashes for
# escapes), else -v:
#   LATBW_CWD    cwd: the working directory, for the Description of a
#                bare file name
#
# The records of file i (1..nf) are RN, RX, RV, RU (name, x, value, unit)
# and RSPR, RR, RMIN, RMAX, RC (the statistics line: spread %, reps, min,
# max, copies), RRN, RRS, RRV (latbw-run's rounds: how many, their
# spread %, their values "v1,v2,..."), RID (the id= of the statistics
# line, "" if none: read-ids.awk's rec_id gives every record its id),
# k = 1..nrec[i]; FIG[i, id] is the record of a figure (its id: fig_id),
# SN[i, series] and SK[i, series, j] the points of a series; META[i, key]
# the header lines, PATHS, HOST, DESC, OS_, UNAME, LOAD, INCOMPLETE the
# file's own.
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

BEGIN {
	if ("LATBW_CWD" in ENVIRON)
		cwd = ENVIRON["LATBW_CWD"]
	if (me == "")
		me = "summary"
	MIB = 1048576		# lat_mem_rd sizes are in MB of 2^20 bytes
	GIB = 1024 * MIB
	nf = 0
	status = 0
	MAXWARN = 10
	SERMAX = 5000	# the most points of a series (too_many)
	split("", OS_); split("", HOST); split("", DESC); split("", PATHS)
}

# ---- input: the list of files ------------------------------------------

# "X<TAB>message": a named file that could not be read; "W<TAB>message":
# one skipped with a warning.  The list's message is said here, in its
# place among the warnings of the files read.
substr($0, 1, 2) == "X\t" || substr($0, 1, 2) == "W\t" {
	print substr($0, 3) > "/dev/stderr"
	if (substr($0, 1, 1) == "X")
		status = 1
	nskip++
	next
}

# "F<TAB>N<TAB>path": a file of N newlines.  One that does not end with
# a newline (its lines are one more than N) was cut in the middle of
# its last line (by an interrupted run, a full disk, a truncated copy):
# that line is not read, since a cut number looks like a real one.
substr($0, 1, 2) == "F\t" {
	LIST_T = index(substr($0, 3), "\t")
	read_file(substr($0, 3 + LIST_T), substr($0, 3, LIST_T - 1) + 0)
	next
}

{
	printf "%s: internal error: bad list line '%s'\n", me, tidy($0) > "/dev/stderr"
	status = 1
}

# ---- reading one results file -------------------------------------------

function read_file(path, nl,    line, r, ln, n, base, prev) {
	nf++
	cur = nf
	nwarn = 0
	TITLE_LN = 0
	# scripts/summary puts "./" in front of relative names (so that awk
	# and find take them as names); messages and exports leave it out.
	PATHS[cur] = path
	sub(/^\.\//, "", PATHS[cur])
	cur_path = PATHS[cur]
	base = path
	sub(/.*\//, "", base)
	HOST[cur] = base
	sub(/\.[0-9]+$/, "", HOST[cur])
	if (index(path, "/") > 0) {
		n = path
		sub(/\/[^\/]*$/, "", n)
		sub(/.*\//, "", n)
		if (n == ".") {
			n = cwd
			sub(/.*\//, "", n)
		}
	} else {
		n = cwd
		sub(/.*\//, "", n)
	}
	DESC[cur] = n
	OS_[cur] = ""
	UNAME[cur] = ""
	LOAD[cur] = ""
	INCOMPLETE[cur] = ""
	OURS[cur] = CLOSED[cur] = 0
	NHDR[cur] = 0
	nrec[cur] = 0
	ser = ""	# the series being read ("" = none)
	ENDED = ""	# the series a blank line has just ended
	sect = ""	# "Memory load latency" or "Random load latency"
	lastlo = lasthi = 0
	ln = 0
	while ((r = (getline line < path)) > 0) {
		if (ln > 0)
			take_line(prev, ln)
		ln++
		prev = line
	}
	if (ln > 0) {
		if (ln > nl)
			lwarn(ln, "no newline at the end: the file was cut short, its last line is ignored")
		else
			take_line(prev, ln)
	}
	if (r < 0) {
		warn(cur_path, 0, "cannot read")
		status = 1
	}
	close(path)
	if (ln == 0 && r >= 0) {
		warn(cur_path, 0, "empty file, skipped")
		nskip++
		nf--
		return
	}
	if (nwarn > MAXWARN)
		warn(cur_path, 0, (nwarn - MAXWARN) " more warnings not shown (" nwarn " in all)")
	if (INCOMPLETE[cur] != "") {
		warn(cur_path, 0, "the run is marked incomplete (" INCOMPLETE[cur] ")")
	} else if (OURS[cur] && !CLOSED[cur]) {
		# A run that went to its end says so last of all; a killed
		# one cannot mark itself (results-format(7)).
		INCOMPLETE[cur] = "no closing [COMPLETE: ...] line"
		warn(cur_path, 0, "the run is incomplete: no closing [COMPLETE: ...] line (the run was killed, or its file cut short)")
	}
	if (!((cur, "MHZ") in META) && MHZLINE[cur] != "")
		META[cur, "MHZ"] = MHZLINE[cur]
	LOAD[cur] = META[cur, "SYNC_MAX"]
}

function take_line(line, ln) {
	cur_ln = ln	# the line of the records made from it (add_rec)
	sub(/\r$/, "", line)
	if (ln == 1 && line ~ /^\[lmbench/) {
		header_line(line)
		return
	}
	if (ln == 1)
		lwarn(1, "no lmbench header line: OS column left blank")
	parse_line(line, ln)
}

# "[lmbench3.0 results for <uname -a>]": OS is words 4 and 6.
function header_line(line,    w, n) {
	sub(/\][ \t]*$/, "", line)
	UNAME[cur] = line
	sub(/^\[[^ ]* results for /, "", UNAME[cur])
	n = split(line, w, /[ \t]+/)
	OS_[cur] = (n >= 4 ? w[4] : "") " " (n >= 6 ? w[6] : "")
	if (n < 6)
		lwarn(1, "short header line: OS column may be incomplete")
}

# One line of a results file, not its first (take_line): a header or
# statistics line, a blank line (which ends a series), a series title, a
# point of the series being read (point_line), or a figure (text_line).
function parse_line(line, ln,    w, n, inser) {
	if (substr(line, 1, 1) == "[") {
		bracket_line(line, ln)
		return
	}
	if (line ~ /^[ \t]*$/) {
		if (ser != "") {
			ENDED = ser
			ENDED_X = ser_lastx(cur, ser)
		}
		ser = ""
		lastlo = lasthi = 0
		return
	}
	if (substr(line, 1, 1) == "\"") {
		start_series(substr(line, 2), ln)
		return
	}
	n = split(trim(line), w, /[ \t]+/)
	# A point right after the blank line that ended a series, and further
	# along its x axis: lmbench files never do this, a driver or program
	# that printed a blank line too many does.  The point is the series',
	# and the warning says so.  (A point that starts over at a small x is
	# a series whose title was lost: it is skipped.)
	if (ser == "" && ENDED != "" && (n == 2 || n == 3) && isnum(w[1]) && isnum(w[2]) &&
	    isnum(ENDED_X) && w[1] + 0 > ENDED_X + 0) {
		lwarn(ln, "a blank line inside series '" shown(ENDED) "': its points after it are kept")
		ser = ENDED
	}
	ENDED = ""
	if (point_line(w, n, ln))
		return
	inser = ser
	ser = ""
	lastlo = lasthi = 0
	text_line(line, ln, inser, w, n)
}

function bracket_line(line, ln,    k, key, val) {
	if (line ~ /^\[latbw-stat /) {
		stat_line(line, ln)
		return
	}
	# Other lines of our own, the environment, the date: never results.
	lastlo = lasthi = 0
	if (line ~ /^\[latbw-c2c-/) {
		c2c_line(line, ln)
		return
	}
	if (line !~ /^\[[A-Za-z0-9_]+: /)
		return
	k = index(line, ": ")
	key = substr(line, 2, k - 2)
	val = substr(line, k + 2)
	sub(/\][ \t]*$/, "", val)
	val = trim(val)
	# Every header line as it stands (HDR[cur, key], the first of a
	# key; HDRK[cur, 1..NHDR[cur]] in file order): compare's setup
	# differences and summary's run notes read them.
	if (key ~ /^[A-Z][A-Za-z0-9_]*$/ && !((cur, key) in HDR)) {
		HDR[cur, key] = val
		HDRK[cur, ++NHDR[cur]] = key
	}
	if (key == "MHZ") {
		# "3182 MHz, 0.3143 nanosec clock"
		sub(/[ \t].*/, "", val)
		if (!isnum(val)) {
			lwarn(ln, "MHZ is not a number, ignored")
			return
		}
		if (!sane(val)) {
			lwarn(ln, "MHZ is " insane(val) ", ignored")
			return
		}
	} else if (key == "LINE_SIZE" || key == "SYNC_MAX" || key == "PROCESSORS" || key ~ /^CACHE_L(1D|2|3)$/) {
		if (val !~ /^[0-9]+$/) {
			if (val != "")
				lwarn(ln, key " is not a whole number, ignored")
			return
		}
		if (!sane(val)) {
			lwarn(ln, key " is " insane(val) ", ignored")
			return
		}
	} else if (key == "CACHE_FROM") {
		# Where the CACHE_ sizes came from: "getconf" (none: sysfs).
		if (val == "getconf")
			GETCONF_SIZES[cur] = 1
		return
	} else if (key == "INCOMPLETE") {
		INCOMPLETE[cur] = val == "" ? "no reason given" : val
		return
	} else if (key == "LMBENCH_VER") {
		# A file latbw's driver wrote, which ends with its closing line.
		if (val ~ /^latbw/)
			OURS[cur] = 1
		return
	} else if (key == "COMPLETE") {
		CLOSED[cur] = 1
		return
	} else {
		return
	}
	if (!((cur, key) in META))
		META[cur, key] = val
}


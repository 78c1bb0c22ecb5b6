# read.awk - reading latbw (and lmbench 1, 2, 3) results files into
# records: the reader under scripts/summary, scripts/compare and
# scripts/graph.
#
# Standard input, one line per results file to read ("F<TAB>path", or
# "T<TAB>path" for one that does not end with a newline), a line "X" for
# each named file that could not be read (so the exit status can say so)
# and a line "W" for each one skipped with a warning: scripts/summary
# writes that list.  Results files are read with getline, never executed
# or evaluated.  The statistics lines ([latbw-stat ...]) are read by
# stats.awk, always loaded with this file.
#
# Variables (awk -v: fixed words and flags only):
#   mode    table (default), json, csv, fmt (scripts/summary's modes, see
#           summary.awk), or lib (for compare and graph: tables are kept,
#           not printed)
#   me      the name in messages (default "summary")
# and in the environment (a path: -v would take its backslashes for
# escapes), else -v:
#   LATBW_CWD    cwd: the working directory, for the Description of a
#                bare file name
#
# The records of file i (1..nf) are RN, RX, RV, RU (name, x, value, unit)
# and RSPR, RR, RMIN, RMAX, RC (the statistics line: spread %, reps, min,
# max, copies), RRN, RRS, RRV (latbw-run's rounds: how many, their
# spread %, their values "v1,v2,..."),
# k = 1..nrec[i]; FIG[i, name] is the record of a figure,
# SN[i, series] and SK[i, series, j] the points of a series; META[i, key]
# the header lines, PATHS, HOST, DESC, OS_, UNAME, LOAD, INCOMPLETE the
# file's own.
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

BEGIN {
	if (mode == "")
		mode = "table"
	if ("LATBW_CWD" in ENVIRON)
		cwd = ENVIRON["LATBW_CWD"]
	if (me == "")
		me = "summary"
	MIB = 1048576		# lat_mem_rd sizes are in MB of 2^20 bytes
	GIB = 1024 * MIB
	nf = 0
	status = 0
	MAXWARN = 10
	LABMAX = 200	# the longest series title a table shows (table_name)
	SERMAX = 5000	# the most points of a series (too_many)
	split("", OS_); split("", HOST); split("", DESC); split("", PATHS)
}

# ---- input: the list of files ------------------------------------------

$0 == "X" {
	status = 1
	nskip++
	next
}

$0 == "W" {
	nskip++
	next
}

substr($0, 1, 2) == "F\t" {
	read_file(substr($0, 3), 0)
	next
}

# A file that does not end with a newline was cut in the middle of its last
# line (by an interrupted run, a full disk, a truncated copy): that line is
# not read, since a cut number looks like a real one.
substr($0, 1, 2) == "T\t" {
	read_file(substr($0, 3), 1)
	next
}

{
	printf "%s: internal error: bad list line '%s'\n", me, tidy($0) > "/dev/stderr"
	status = 1
}

# ---- small helpers ------------------------------------------------------

function isnum(s) {
	return s ~ /^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$/
}

# A value a cell may show: a number greater than zero.
function good(s) {
	return isnum(s) && s + 0 > 0
}

# Why the number text s cannot be a value, or "" if it can.  Every
# figure latbw and lmbench write lies well inside 1e-12 .. 1e15 in its
# unit (seconds are 1e6 us, terabytes per second 1e7 MB/s); a value past
# that is damage, and an infinite one ("1e400") would make the loops
# that draw its axis or format its cell endless.  NaN never comes from
# digits, and mawk's comparisons take it for equal: the text is checked.
function insane(s,    x, a) {
	x = s + 0
	if (sprintf("%g", x) ~ /[Ii][Nn][Ff]|[Nn][Aa][Nn]/)
		return "not a finite number"
	a = x < 0 ? -x : x
	if (a > 1e15)
		return "out of range (above 1e15)"
	if (a > 0 && a < 1e-12)
		return "out of range (below 1e-12)"
	return ""
}

# Whether number text s is a number that may be a value (see insane()).
function sane(s) {
	return isnum(s) && insane(s) == ""
}

# Why the number text s cannot be a figure's value, or "": insane(), or
# below zero (no time, rate or size is; zero is lmbench's rounding of a
# tiny figure, "int64 add: 0.00", and shows as a blank cell).
function bad_value(s) {
	if (insane(s) != "")
		return insane(s)
	return s + 0 < 0 ? "negative" : ""
}

# Warn (file:line) about numbers of line ln that cannot be values: 1 if
# one is such a number (the line is then left out, and so is the
# statistics line after it).  x (a point's x, or "") may be any number
# insane() takes; a and b (its values, or "") must be bad_value()'s.
function out_of_range(ln, x, a, b,    why, v) {
	v = x
	why = isnum(x) ? insane(x) : ""
	if (why == "" && isnum(a)) {
		v = a
		why = bad_value(a)
	}
	if (why == "" && isnum(b)) {
		v = b
		why = bad_value(b)
	}
	if (why == "")
		return 0
	lwarn(ln, "'" shown(v) "' is " why ": left out")
	lastlo = lasthi = -1
	return 1
}

# too_many(name, ln): 1 if series name of the file being read has its
# SERMAX points already: the point of line ln, and those after it, are
# left out (said once per series and file), with their statistics lines.
# No series of latbw or lmbench has more (lat_c2c's rows, the longest,
# have fewer than 4096 points); 200,000 points of one series made graph
# run for minutes.
function too_many(name, ln) {
	if (SN[cur, name] + 0 < SERMAX)
		return 0
	if (!((cur, name) in SERCUT)) {
		SERCUT[cur, name] = 1
		lwarn(ln, "series '" shown(name) "' has more than " SERMAX " points: this one and the rest left out")
	}
	lastlo = lasthi = -1
	return 1
}

function trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}

# s fit for a terminal: its control characters (C0, DEL, and C1 written
# in UTF-8) become "?", so that no file name or line of a file can move
# the cursor or colour the screen.  scripts/summary's tidy() is the same.
function tidy(s) {
	gsub(/[\001-\037\177]/, "?", s)
	gsub(/\302[\200-\237]/, "?", s)
	return s
}

# Printable form of an unrecognised line for a warning.
function shown(s) {
	gsub(/[^ -~]/, "?", s)
	if (length(s) > 40)
		s = substr(s, 1, 40) "..."
	return s
}

function warn(path, ln, msg) {
	if (ln > 0)
		printf "%s: %s:%d: %s\n", me, tidy(path), ln, tidy(msg) > "/dev/stderr"
	else
		printf "%s: %s: %s\n", me, tidy(path), tidy(msg) > "/dev/stderr"
}

# Warnings about the lines of one file: the first MAXWARN are shown, the
# rest counted.
function lwarn(ln, msg) {
	nwarn++
	if (nwarn <= MAXWARN)
		warn(cur_path, ln, msg)
}

# ---- reading one results file -------------------------------------------

function read_file(path, cut,    line, r, ln, n, base, prev) {
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
		if (cut)
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

function parse_line(line, ln,    w, n, t, k, lab, rest, v, unit, x, inser) {
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
	if (ser == "File system latency") {
		if (n >= 4 && w[1] ~ /^[0-9]+k$/ && isnum(w[2]) && isnum(w[3]) && isnum(w[4])) {
			if (out_of_range(ln, "", w[3], w[4]) || too_many(ser " create", ln)) {
				DROPX[cur, ser, w[1]] = 1
				return
			}
			k = add_rec(ser " create", w[1], w[3], "files/s")
			add_rec(ser " delete", w[1], w[4], "files/s")
			lastlo = k
			lasthi = k + 1
			return
		}
	} else if (ser != "" && (n == 2 || n == 3) && isnum(w[1]) && isnum(w[2])) {
		if (out_of_range(ln, w[1], w[2], "") || too_many(ser, ln)) {
			DROPX[cur, ser, w[1]] = 1
			return
		}
		unit = n == 3 ? unit_of(w[3]) : SUNIT[ser]
		k = add_rec(ser, w[1], w[2], unit)
		lastlo = lasthi = k
		return
	}
	inser = ser
	ser = ""
	lastlo = lasthi = 0
	t = trim(line)
	if (t == "Memory load latency" || t == "Random load latency") {
		sect = t
		return
	}
	if (t == "Memory read bandwidth" || t == "Memory partial read bandwidth" ||
	    t == "Memory write bandwidth" || t == "Memory partial write bandwidth" ||
	    t == "Memory partial read/write bandwidth" ||
	    t == "Memory bzero bandwidth" || t == "Memory load parallelism" ||
	    t ~ /^Socket bandwidth using [^ :]+$/) {
		start_series(t, ln)
		return
	}
	# mhz: "3182 MHz, 0.3143 nanosec clock" (lmbench 1 and 2 said "Mhz")
	if (t ~ /^[0-9.]+ M[Hh][Zz]/) {
		if (out_of_range(ln, "", w[1], ""))
			return
		if (isnum(w[1]) && MHZLINE[cur] == "")
			MHZLINE[cur] = w[1]
		k = add_rec("MHz", "", w[1], "MHz")
		lastlo = lasthi = k
		return
	}
	# bw_tcp's transfer report: known, not a figure.
	if (t ~ /^Avg xfer: /)
		return
	k = index(t, ": ")
	if (k > 1) {
		lab = substr(t, 1, k - 1)
		rest = trim(substr(t, k + 2))
		n = split(rest, w, /[ \t]+/)
		if (lab ~ /^[ -~]+$/ && n >= 1 && isnum(w[1])) {
			if (out_of_range(ln, "", w[1], ""))
				return
			unit = ""
			for (x = 2; x <= n; x++)
				unit = unit (x > 2 ? " " : "") w[x]
			k = add_fig(lab, w[1], unit_of(unit))
			lastlo = lasthi = k
			return
		}
		if (lab ~ /^[ -~]+$/ && lab !~ /[ \t]$/ && (n == 0 || w[1] ~ /^[-+.0-9]/)) {
			lwarn(ln, "figure '" shown(lab) "' is not a number, skipped")
			return
		}
	}
	if (inser != "") {
		# A damaged line inside a series: the series goes on.
		ser = inser
		lwarn(ln, "unrecognised line in series '" shown(inser) "' skipped: " shown(line))
		return
	}
	if (n == 2 && isnum(w[1]) && isnum(w[2]))
		lwarn(ln, "a point outside any series skipped: " shown(line))
	else
		lwarn(ln, "unrecognised line skipped: " shown(line))
}

# The x of the last point of series name in file i, "" if none.
function ser_lastx(i, name,    n) {
	n = SN[i, name] + 0
	if (n == 0)
		return ""
	return RX[i, SK[i, name, n]]
}

# Units, short: what the tables and exports call them.
function unit_of(u) {
	if (u == "microseconds")
		return "us"
	if (u == "nanoseconds")
		return "ns"
	if (u == "MB/sec")
		return "MB/s"
	if (u == "KB/sec")
		return "KB/s"
	return u
}

function start_series(title, ln,    n, w, i, t) {
	TITLE_LN = ln
	lastlo = lasthi = 0
	title = trim(title)
	if (title ~ /^cross-CPU ctxsw /) {
		# The driver's cross-CPU lat_ctx run: "cross-CPU ctxsw 0k
		# ovr=1.02" (a title lmbench readers do not match).
		sub(/[ \t]+ovr=[^ \t]*/, "", title)
		SUNIT[title] = "us"
	} else if (title ~ /^size=/) {
		# lat_ctx: "size=16k ovr=1.46": the overhead is not part of
		# the name, so runs compare.
		n = split(title, w, /[ \t]+/)
		t = ""
		for (i = 1; i <= n; i++)
			if (w[i] !~ /^ovr=/)
				t = t (t == "" ? "" : " ") w[i]
		title = t
		if (title ~ /^size=[0-9]+$/)
			title = title "k"
		SUNIT[title] = "us"
	} else if (title ~ /^stride=/) {
		title = (sect == "" ? "Memory load latency" : sect) " " title
		SUNIT[title] = "ns"
	} else if (title ~ /^c2c (cas|pipe) cpu=[0-9]+$/) {
		# lat_c2c's matrix rows (read-c2c.awk)
		SUNIT[title] = c2c_title(title)
	} else if (title ~ /^scaling [^ ]+ [^ ]+ (processes|threads)$/) {
		# a scaling curve (-G): copies, operations per second of all
		# of them; listed per file for its table and plot
		# (table-scaling.awk, graph-scaling.awk)
		SUNIT[title] = "ops/s"
		if (!((cur, title) in SCSEEN)) {
			SCSEEN[cur, title] = 1
			if (table_name(title, ln))
				SCNAME[cur, ++SCNN[cur]] = title
		}
	} else if (title ~ /^loaded (latency mode=(read|write) pages=[a-z]+|bandwidth mode=(read|write))$/ ||
	    title ~ /^mlp (latency|bandwidth) pages=[a-z]+$/) {
		# lat_mem_load's loaded latency and par_mem -c's MLP curve:
		# x a count (loaders, chases), y ns or MB/s; listed per file
		# for their table and plot (table-load.awk, graph-load.awk)
		SUNIT[title] = title ~ /bandwidth/ ? "MB/s" : "ns"
		if (!((cur, title) in LDSEEN)) {
			LDSEEN[cur, title] = 1
			if (table_name(title, ln))
				LDNAME[cur, ++LDNN[cur]] = title
		}
	} else if (title ~ /bandwidth/) {
		SUNIT[title] = "MB/s"
	} else if (title == "mappings") {
		SUNIT[title] = "us"
	} else if (!(title in SUNIT)) {
		SUNIT[title] = ""
	}
	if (title == "")
		title = "(untitled)"
	ser = title
	# A series seen again in the same file starts over: the last wins.
	SN[cur, ser] = 0
	if (ser == "File system latency") {
		SN[cur, ser " create"] = 0
		SN[cur, ser " delete"] = 0
	}
}

# Whether the title of a curve listed for a table (a scaling curve, a
# loaded latency) may be a row of summary's table: at most LABMAX
# characters.  A longer one (a name of 100,000 characters stopped mawk:
# "sprintf buffer size=8192") is left out of the tables, with a warning;
# its points stay in JSON and CSV, and graph lists it (its file names are
# its own business).
function table_name(title, ln) {
	if (length(title) <= LABMAX || me == "graph" || mode == "json" || mode == "csv")
		return 1
	lwarn(ln, "a series title of " length(title) " characters (more than " LABMAX "): left out of the tables")
	return 0
}

# The value of series name's point at x in file i (its last one there),
# or "" (the tables and plots of lat_mem_load, par_mem -c and the scaling
# curves: table-load.awk, graph-load.awk, table-scaling.awk).
function point_at(i, name, x,    n, j, k) {
	n = SN[i, name] + 0
	for (j = n; j >= 1; j--) {
		k = SK[i, name, j]
		if (RX[i, k] == x && good(RV[i, k]))
			return RV[i, k] + 0
	}
	return ""
}

# A record: one figure or one series point, kept in file order for the
# exports.  Series points are also listed per series for the tables.
function add_rec(name, x, v, unit,    k) {
	k = ++nrec[cur]
	RN[cur, k] = name
	RX[cur, k] = x
	RV[cur, k] = v
	RU[cur, k] = unit
	RSPR[cur, k] = RR[cur, k] = RMIN[cur, k] = RMAX[cur, k] = RC[cur, k] = ""
	RRN[cur, k] = RRS[cur, k] = RRV[cur, k] = ROB[cur, k] = RCW[cur, k] = ""
	RRG[cur, k] = ""
	RPL[cur, k] = RXS[cur, k] = FKEY[cur, k] = RIDL[cur, k] = ""
	if (name ~ /^cross-CPU ctxsw / || index(name, " (cross CPU)") > 0)
		RPL[cur, k] = "cross"
	if (x != "") {
		SN[cur, name]++
		SK[cur, name, SN[cur, name]] = k
	}
	return k
}

# A "Label: value unit" line.  The tables look figures up by a key:
# fig_key(label).  Of the remote figures, those of the first host.
function add_fig(lab, v, unit,    k, key, h) {
	k = add_rec(lab, "", v, unit)
	key = fig_key(lab)
	if (key ~ /^(cross )?remote / && key !~ /Socket bandwidth$/) {
		h = lab
		sub(/.* /, "", h)
		if (RHOST[cur] == "")
			RHOST[cur] = h
		if (h != RHOST[cur])
			return k
	}
	FIG[cur, key] = k
	FKEY[cur, k] = key
	return k
}

# The key of a figure's label: the label, except for the network ones,
# where localhost (or 127.0.0.1, ::1) makes the local figure and any other
# host the remote one ("local TCP latency using"), and the driver's
# cross-CPU runs ("Fifo latency (cross CPU)", "TCP latency (cross CPU)
# using localhost"), keyed as the lmbench label with "cross " in front.
function fig_key(lab,    key, h, cross) {
	cross = index(lab, " (cross CPU)")
	if (cross > 0)
		lab = substr(lab, 1, cross - 1) substr(lab, cross + 12)
	key = lab
	if (lab ~ /^(UDP|TCP|RPC\/udp|RPC\/tcp) latency using / ||
	    lab ~ /^TCP\/IP connection cost to /) {
		h = lab
		sub(/.* /, "", h)
		sub(/ [^ ]*$/, "", key)
		key = (h == "localhost" || h == "127.0.0.1" || h == "::1" ? "local " : "remote ") key
	} else if (lab ~ /^Socket bandwidth using /) {
		h = lab
		sub(/.* /, "", h)
		key = (h == "localhost" || h == "127.0.0.1" || h == "::1") ? "local Socket bandwidth" : "remote Socket bandwidth"
	} else if (lab ~ /^Pagefaults on /) {
		key = "Pagefaults"
	} else if (lab ~ /^uint64 /) {
		key = lab
		sub(/^uint64/, "int64", key)
	}
	if (cross > 0)
		key = "cross " key
	return key
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


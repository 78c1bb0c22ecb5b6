# summary.awk - the reader and the tables behind scripts/summary.
#
# scripts/summary runs this with LC_ALL=C and feeds it, on standard input,
# one line per results file to read ("F<TAB>path"), a line "X" for each
# named file that could not be read (so the exit status can say so) and
# a line "W" for each one skipped with a warning.  Results files are read
# with getline, never executed or evaluated.
#
# Variables (awk -v: fixed words and flags only):
#   mode    table (default), json, csv, or fmt (the number formatter alone,
#           for the tests: input lines "W V", "W V C" (made for width W,
#           shown in C) or "i W V")
#   spread  1: a spread row under every row of the tables (-s)
#   me      the name in messages (default "summary")
# and in the environment (paths and option values: -v would take their
# backslashes for escapes), else -v:
#   LATBW_MARK   mark: percent above which a spread is marked "!" (-m)
#   LATBW_WIDTH  width: 0, or the widest line a table may have (-w)
#   LATBW_CWD    cwd: the working directory, for the Description of a
#                bare file name
#
# The other scripts reuse this file as their reader: scripts/compare and
# scripts/graph run "awk -f <theirs>.awk -f summary.awk" with mode=lib.
# Then the files are read as for the tables, table_end() keeps each table
# (keep_table) instead of printing it, and the program's own END, which
# comes first, does the rest and exits.  The records of file i are
# RN, RX, RV, RU (name, x, value, unit) and RSPR, RR, RMIN, RMAX, RC (the
# statistics line: spread %, reps, min, max, copies), k = 1..nrec[i].
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

BEGIN {
	if (mode == "")
		mode = "table"
	if ("LATBW_MARK" in ENVIRON)
		mark = ENVIRON["LATBW_MARK"]
	if ("LATBW_WIDTH" in ENVIRON)
		width = ENVIRON["LATBW_WIDTH"]
	if ("LATBW_CWD" in ENVIRON)
		cwd = ENVIRON["LATBW_CWD"]
	if (mark == "")
		mark = 10
	if (me == "")
		me = "summary"
	width += 0
	MIB = 1048576		# lat_mem_rd sizes are in MB of 2^20 bytes
	GIB = 1024 * MIB
	nf = 0
	status = 0
	MAXWARN = 10
	split("", OS_); split("", HOST); split("", DESC); split("", PATHS)
	init_ord()
}

# ---- input: the list of files ------------------------------------------

mode == "fmt" {
	if ($1 == "i")
		printf "[%s]\n", fmtint($3, $2 + 0)
	else
		printf "[%s]\n", fmtcell($2, $1 + 0, NF >= 3 ? $3 + 0 : $1 + 0)
	next
}

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

END {
	if (mode == "fmt")
		exit 0
	# Nothing could be read: bad input, said once a file (by the list
	# or read_file), and no output in any format.
	if (nf == 0) {
		if (nskip == 0)
			print "summary: no results file to summarise" > "/dev/stderr"
		exit 2
	}
	if (mode == "json")
		out_json()
	else if (mode == "csv")
		out_csv()
	else
		out_tables()
	exit status
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

# Warn (file:line) about numbers of line ln that cannot be values: 1 if
# one of a, b is such a number (the line is then left out, and so is the
# statistics line after it).
function out_of_range(ln, a, b,    why, v) {
	v = a
	why = isnum(a) ? insane(a) : ""
	if (why == "" && isnum(b)) {
		v = b
		why = insane(b)
	}
	if (why == "")
		return 0
	lwarn(ln, "'" shown(v) "' is " why ": left out")
	lastlo = lasthi = -1
	return 1
}

function spaces(n,    s) {
	s = ""
	while (n-- > 0)
		s = s " "
	return s
}

function rstrip(s) {
	sub(/[ ]+$/, "", s)
	return s
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

# ---- how a number is written into a column ---------------------------------
#
# Exactly as lmbench 3's getsummary writes it, so that a cell reads the same
# in both (see summary(1) for the rules).  fmtnum(v, w) is the number made
# for width w; the column then shows its first c characters, right-aligned
# in c (fmtcell): c is w but for three of lmbench's columns, where the
# number is made for one width and printed in another (TCP conn of the
# local latencies: 5 in 4; the first uint64 cell: 6 in 5; Rand mem: 6 in
# 11).
function fmtnum(v, w,    x, d) {
	if (!good(v))
		return spaces(w)
	x = v + 0
	if (x >= 10000000)
		return sprintf("%" (w - 1) "." (w - 1) "s", sprintf("%.1f", x / 1000000)) "M"
	if (x >= 10000)
		return sprintf("%" (w - 1) "." (w - 1) "s", sprintf("%.1f", x / 1000)) "K"
	if (x >= 10)
		return sprintf("%" w "." w "s", sprintf("%.1f", x))
	if (x < 0.001) {
		# w - 6 decimals; below width 6 that is a negative precision,
		# which getsummary (perl) writes out as the format's own text.
		d = w - 6
		if (d < 0)
			return "%" w ".-" (-d) "e"
		return sprintf("%" w "." d "e", x)
	}
	# w - 2 decimals: 9.996 in width 4 is "10.00", which the column cuts.
	return sprintf("%" w "." (w - 2) "f", x)
}

function fmtcell(v, w, c) {
	return sprintf("%" c "." c "s", fmtnum(v, w))
}

# Integer columns: Mhz, tlb pages, line bytes, load ("%wd", cut to w).
function fmtint(v, w) {
	if (!good(v))
		return spaces(w)
	return sprintf("%" w "." w "s", sprintf("%" w "d", v + 0))
}

# A spread (percent) in width w, for the spread rows of -s; "!" in front
# marks one above the -m limit.
function fmtspread(s, w,    t, m) {
	if (s == "")
		return spaces(w)
	if (s + 0 < 9.95)
		t = sprintf("%.1f%%", s)
	else
		t = sprintf("%.0f%%", s)
	m = (mark + 0 > 0 && s + 0 > mark + 0) ? "!" : ""
	# Too wide: the % sign goes first ("!150" in width 4), then the
	# digits (">1K": more than 1000%).
	if (length(m t) > w)
		sub(/%$/, "", t)
	if (length(m t) > w)
		t = ">1K"
	return sprintf("%" w "s", m t)
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
			if (out_of_range(ln, w[3], w[4])) {
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
		if (out_of_range(ln, w[1], w[2])) {
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
		if (out_of_range(ln, w[1], ""))
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
			if (out_of_range(ln, w[1], ""))
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

# A record: one figure or one series point, kept in file order for the
# exports.  Series points are also listed per series for the tables.
function add_rec(name, x, v, unit,    k) {
	k = ++nrec[cur]
	RN[cur, k] = name
	RX[cur, k] = x
	RV[cur, k] = v
	RU[cur, k] = unit
	RSPR[cur, k] = RR[cur, k] = RMIN[cur, k] = RMAX[cur, k] = RC[cur, k] = ""
	RPL[cur, k] = RXS[cur, k] = FKEY[cur, k] = ""
	if (name ~ /^cross-CPU ctxsw / || index(name, " (cross CPU)") > 0)
		RPL[cur, k] = "cross"
	if (x != "") {
		SN[cur, name]++
		SK[cur, name, SN[cur, name]] = k
	}
	return k
}

# A "Label: value unit" line.  The tables look figures up by a key: the
# label, except for the network ones, where localhost (or 127.0.0.1, ::1)
# makes the local figure and the first other host the remote one.
function add_fig(lab, v, unit,    k, key, h, cross) {
	k = add_rec(lab, "", v, unit)
	# The driver's cross-CPU runs: "Pipe latency (cross CPU)", "TCP
	# latency (cross CPU) using localhost": keyed as the lmbench label
	# with "cross " in front.
	cross = index(lab, " (cross CPU)")
	if (cross > 0)
		lab = substr(lab, 1, cross - 1) substr(lab, cross + 12)
	key = lab
	if (lab ~ /^(UDP|TCP|RPC\/udp|RPC\/tcp) latency using / ||
	    lab ~ /^TCP\/IP connection cost to /) {
		h = lab
		sub(/.* /, "", h)
		sub(/ [^ ]*$/, "", key)
		if (h == "localhost" || h == "127.0.0.1" || h == "::1")
			key = "local " key
		else {
			if (RHOST[cur] == "")
				RHOST[cur] = h
			if (h != RHOST[cur])
				return k
			key = "remote " key
		}
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
	FIG[cur, key] = k
	FKEY[cur, k] = key
	return k
}

function bracket_line(line, ln,    k, key, val) {
	if (line ~ /^\[latbw-stat /) {
		stat_line(line, ln)
		return
	}
	# Other lines of our own, the environment, the date: never results.
	lastlo = lasthi = 0
	if (line !~ /^\[[A-Za-z0-9_]+: /)
		return
	k = index(line, ": ")
	key = substr(line, 2, k - 2)
	val = substr(line, k + 2)
	sub(/\][ \t]*$/, "", val)
	val = trim(val)
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

# [latbw-stat prog=P case=C [x=X] median=M min=A max=B spread=S% reps=R
#  n=N copies=K cpus=L unit=U]: the statistics of the figure or point on
# the line before.
function stat_line(line, ln,    body, n, w, i, k, f, x, hasx, sp) {
	body = line
	sub(/^\[latbw-stat /, "", body)
	if (body !~ /\][ \t]*$/) {
		lwarn(ln, "truncated statistics line skipped")
		lastlo = lasthi = 0
		return
	}
	sub(/\][ \t]*$/, "", body)
	n = split(body, w, / +/)
	split("", f)
	for (i = 1; i <= n; i++) {
		k = index(w[i], "=")
		if (k > 1)
			f[substr(w[i], 1, k - 1)] = substr(w[i], k + 1)
	}
	# The statistics of values left out as out of range (lat_fs has two).
	if (lastlo < 0)
		return
	sp = f["spread"]
	sub(/%$/, "", sp)
	if (!isnum(sp) || !("reps" in f) || !isnum(f["reps"])) {
		lwarn(ln, "statistics line without spread or reps skipped")
		lastlo = lasthi = 0
		return
	}
	if (!sane(sp) || !sane(f["reps"])) {
		lwarn(ln, "statistics line with a spread or reps out of range skipped")
		lastlo = lasthi = 0
		return
	}
	hasx = "x" in f
	x = f["x"]
	if (lastlo == 0) {
		# Right after a series title, it describes what the series
		# subtracts (lat_ctx's overhead): known, not a cell's.
		if (TITLE_LN == ln - 1 && TITLE_LN > 0)
			return
		# mhz's: the driver makes its figure the MHZ header line.
		if (f["prog"] == "mhz")
			return
		# After the blank line that ended a series, the statistics of
		# its points (latbw's driver writes them there, since lmbench's
		# readers end a series at its first line that is not a point).
		if (hasx && ENDED != "") {
			k = after_series(ENDED, x, f["case"])
			# (a point left out as out of range: warned about)
			if (k == 0 && ((cur, ENDED, x) in DROPX))
				return
			if (k == 0)
				lwarn(ln, "statistics line for no point of series '" shown(ENDED) "', skipped")
			else
				set_stats(k, sp, f, ln)
			return
		}
		lwarn(ln, "statistics line not after a figure, skipped")
		return
	}
	# The figure it belongs to: the one figure of the line before, or, for
	# a line of several (lat_fs's "0k 100 <creates> <deletes>", followed
	# by one statistics line per figure), the next one without statistics
	# whose name ends with the case ("create", "delete").
	k = 0
	for (i = lastlo; i <= lasthi; i++) {
		if (RR[cur, i] != "")
			continue
		if (lastlo == lasthi || RN[cur, i] ~ (" " f["case"] "$")) {
			k = i
			break
		}
	}
	if (k == 0) {
		lwarn(ln, "statistics line not after a figure, skipped")
		return
	}
	if (hasx != (RX[cur, k] != "") || (hasx && x != RX[cur, k] && !(isnum(x) && isnum(RX[cur, k]) && x + 0 == RX[cur, k] + 0))) {
		lwarn(ln, "statistics line does not match the figure before it, skipped")
		lastlo = lasthi = 0
		return
	}
	set_stats(k, sp, f, ln)
}

# The point of series name (for lat_fs's series, its create or delete
# part, by case) at x that has no statistics yet: its record, or 0.
function after_series(name, x, c,    n, j, k) {
	if (name == "File system latency")
		name = name " " c
	n = SN[cur, name] + 0
	for (j = 1; j <= n; j++) {
		k = SK[cur, name, j]
		if (RR[cur, k] != "")
			continue
		if (RX[cur, k] == x || (isnum(x) && isnum(RX[cur, k]) && x + 0 == RX[cur, k] + 0))
			return k
	}
	return 0
}

function set_stats(k, sp, f, ln) {
	RSPR[cur, k] = sp + 0
	RR[cur, k] = f["reps"]
	RMIN[cur, k] = sane(f["min"]) ? f["min"] : ""
	RMAX[cur, k] = sane(f["max"]) ? f["max"] : ""
	RC[cur, k] = sane(f["copies"]) ? f["copies"] : ""
	if (RU[cur, k] == "" && f["unit"] != "")
		RU[cur, k] = f["unit"]
	place(k, f, ln)
}

# The placement of record k, from its statistics line's fields f: same,
# cross or sched (with the share of cross-CPU samples in RXS).  A latency
# figure under an lmbench label that was measured across CPUs (a hand run
# of "lat_pipe -C 0,1") moves to the cross-CPU table; one left to the
# scheduler stays in its cell, with a warning: it is not comparable.
function place(k, f, ln,    key, sh) {
	if (f["placement"] !~ /^(same|cross|sched)$/)
		return
	RPL[cur, k] = f["placement"]
	sh = f["cross"]
	sub(/%$/, "", sh)
	if (RPL[cur, k] == "sched" && isnum(sh))
		RXS[cur, k] = sh + 0
	key = FKEY[cur, k]
	if (key == "" || key ~ /^cross / || RU[cur, k] == "MB/s" || FIG[cur, key] != k)
		return
	if (RPL[cur, k] == "cross") {
		delete FIG[cur, key]
		FIG[cur, "cross " key] = k
		FKEY[cur, k] = "cross " key
	} else if (RPL[cur, k] == "sched") {
		lwarn(ln, "'" shown(RN[cur, k]) "' ran where the scheduler put it (" \
		    (isnum(sh) ? sh "% of samples across CPUs" : "CPUs not seen") \
		    "), not pinned: not comparable with pinned figures")
	}
}

# ---- looking figures up for the tables ----------------------------------
#
# Each returns the value text ("" if none) and leaves the figure's spread
# in GSP ("" if none), its range in GRG (for compare) and its copies in GCP.

# The range of record k's repetitions, (max - min) / value in percent, ""
# without a statistics line.
function rrange(i, k) {
	if (RMIN[i, k] == "" || RMAX[i, k] == "" || !good(RV[i, k]))
		return ""
	return (RMAX[i, k] - RMIN[i, k]) / RV[i, k] * 100
}

function fig(i, key,    k) {
	GSP = GCP = GPL = ""
	if (!((i, key) in FIG))
		return ""
	k = FIG[i, key]
	GSP = RSPR[i, k]
	GRG = rrange(i, k)
	GCP = RC[i, k]
	GPL = ptext(i, k)
	return RV[i, k]
}

function rec(i, k) {
	GSP = RSPR[i, k]
	GRG = rrange(i, k)
	GCP = RC[i, k]
	GPL = ptext(i, k)
	return RV[i, k]
}

function ser_last(i, name,    n) {
	GSP = GCP = ""
	n = SN[i, name] + 0
	if (n == 0)
		return ""
	return rec(i, SK[i, name, n])
}

# The point at x (numerically, as lmbench's sizes are "%.5f").
function ser_at(i, name, x,    n, j, k, d) {
	GSP = GCP = GPL = ""
	n = SN[i, name] + 0
	for (j = n; j >= 1; j--) {
		k = SK[i, name, j]
		if (RX[i, k] == x)
			return rec(i, k)
		if (isnum(RX[i, k]) && isnum(x)) {
			d = RX[i, k] - x
			if (d < 0)
				d = -d
			if (d < 0.000005)
				return rec(i, k)
		}
	}
	return ""
}

# The largest sweep point (MB of 2^20 bytes) in (lo, hi] bytes, with room
# for the rounding of "%.5f" sizes.
function ser_inside(i, name, lo, hi,    n, j, k, b, best, bk) {
	GSP = GCP = ""
	n = SN[i, name] + 0
	best = -1
	for (j = 1; j <= n; j++) {
		k = SK[i, name, j]
		if (!isnum(RX[i, k]))
			continue
		b = RX[i, k] * MIB
		if (b > lo * 1.005 && b <= hi * 1.005 && b > best) {
			best = b
			bk = k
		}
	}
	if (best < 0)
		return ""
	return rec(i, bk)
}

function ser_lastx(i, name,    n) {
	n = SN[i, name] + 0
	if (n == 0)
		return ""
	return RX[i, SK[i, name, n]]
}

# lat_mem_rd -t: the first plain "stride=N" curve of the random section.
function rand_curve(i,    k, n, t) {
	n = nrec[i]
	for (k = 1; k <= n; k++) {
		t = RN[i, k]
		if (t ~ /^Random load latency stride=[0-9]+$/)
			return t
	}
	return ""
}

# The curve the cache levels and main memory are read from, in a file that
# records its cache sizes (latbw's): one the hardware prefetchers cannot
# follow, since a forward stride chase is prefetched on today's processors
# and its "Main mem" would be a cache hit.  Random order on huge pages
# (no TLB misses) first, then random order, then the -t curve; lmbench's
# forward stride=128 curve only when there is nothing else.
function level_curve(i,    k, n, t, best, rank, r) {
	n = nrec[i]
	best = ""
	rank = 0
	for (k = 1; k <= n; k++) {
		t = RN[i, k]
		r = 0
		if (t ~ /^Memory load latency stride=[0-9]+ order=random pages=(thp|hugetlb)$/)
			r = 3
		else if (t ~ /^Memory load latency stride=[0-9]+ order=random$/)
			r = 2
		else if (t ~ /^Random load latency stride=[0-9]+$/)
			r = 1
		if (r > rank) {
			rank = r
			best = t
		}
	}
	return best != "" ? best : "Memory load latency stride=128"
}

# Columns that divide by "scal load" are blank for runs of several copies.
function scaled(i, v) {
	if (LOAD[i] + 0 > 1 || GCP + 0 > 1) {
		GSP = ""
		return ""
	}
	return v
}

# ---- building a table ---------------------------------------------------
#
# A table is: title lines, a rule, the header block (its last line is the
# dashes), and columns, each with the text before its cell (sep), a width
# (0: as long as its text, for Guesses), whether it counts as a value, and
# the width its numbers are made for when that is not the column's
# (fmtcell: CF[c], "" for the same).
# Rows are filled cell by cell; a row is kept only if one of its counting
# cells holds a value.  Row r is file RH[r]; cell c of it is CELL[r, c]
# (the text), CSP[r, c] (the spread), CRG[r, c] (the range), CRAW[r, c]
# (the value, "" for a blank or a text cell) and CKIND[r, c] ("n" number,
# "i" integer, "t" text).

function table_begin(titles, rule, header,    n, i) {
	NT = split(titles, TT, "\n")
	TRULE = rule
	NH = split(header, TH, "\n")
	NC = 0
	TNR = 0
}

function col(sep, w, counts, fw) {
	NC++
	CSEP[NC] = sep
	CW[NC] = w
	CCOUNT[NC] = counts
	CF[NC] = fw
}

function row_begin(i) {
	TNR++
	RH[TNR] = i
	RC_ = 0
	RVAL[TNR] = 0
}

# Put the next cell: its text, and the spread ("" if none).
function cell(text, sp, isval) {
	RC_++
	CELL[TNR, RC_] = text
	CSP[TNR, RC_] = (isval && sp != "") ? sp : ""
	CRAW[TNR, RC_] = CRG[TNR, RC_] = ""
	CPLC[TNR, RC_] = (isval && GPL != "") ? GPL : ""
	CKIND[TNR, RC_] = "t"
	if (isval && CCOUNT[RC_])
		RVAL[TNR] = 1
}

function num(v, w) {
	cell(fmtcell(v, CF[RC_ + 1] != "" ? CF[RC_ + 1] : w, w), GSP, good(v))
	CRAW[TNR, RC_] = good(v) ? v : ""
	CRG[TNR, RC_] = (good(v) && GSP != "") ? GRG : ""
	CKIND[TNR, RC_] = "n"
}

function inum(v, w) {
	cell(fmtint(v, w), GSP, good(v))
	CRAW[TNR, RC_] = good(v) ? v : ""
	CKIND[TNR, RC_] = "i"
}

function row_end() {
	if (!RVAL[TNR])
		TNR--
}

# Print the table (if some row has a value), whole or in blocks of at most
# `width` columns.
function table_end(    r, c, line, full, nb, b, j, ncol, total, w) {
	if (mode == "lib") {
		keep_table()
		return
	}
	if (TNR == 0)
		return
	if (printed++ == 0) {
		print "                 L A T B W   S U M M A R Y"
		print "                 -------------------------"
	}
	print ""
	for (j = 1; j <= NT; j++)
		print TT[j]
	full = 23
	for (c = 1; c <= NC; c++)
		full += length(CSEP[c]) + colwidth(c)
	for (j = 1; j <= NH; j++)
		if (length(TH[j]) > full)
			full = length(TH[j])
	if (width == 0 || full <= width || !dash_groups()) {
		print TRULE
		for (j = 1; j <= NH; j++)
			print TH[j]
		for (r = 1; r <= TNR; r++) {
			print row_text(r, 1, NC, 0)
			if (spread && has_spread(r, 1, NC, 0))
				print spread_text(r, 1, NC, 0)
			if (spread && has_place(r, 1, NC, 0))
				print place_text(r, 1, NC, 0)
		}
		return
	}
	print substr(TRULE, 1, width)
	# Blocks: Host and OS, then the columns, in as few blocks as fit,
	# balanced.  A Guesses column that no row uses is left out.
	ncol = 0
	for (c = 1; c <= NC; c++)
		if (CW[c] > 0 || colwidth(c) > 0)
			BCOL[++ncol] = c
	total = 0
	for (c = 1; c <= ncol; c++)
		total += colspan(BCOL[c])
	nb = blocks(ncol, width)
	# The narrowest blocks that are still no more in number.
	for (w = 23 + int((total + nb - 1) / nb); w < width; w++)
		if (blocks(ncol, w) == nb)
			break
	blocks(ncol, w)
	for (b = 1; b <= nb; b++) {
		if (b > 1)
			print ""
		for (j = 1; j <= NH; j++) {
			line = substr(TH[j], 1, HEND[2])
			for (c = BFROM[b]; c <= BTO[b]; c++)
				line = line hfrag(j, BCOL[c])
			line = rstrip(line)
			if (line != "")
				print line
		}
		for (r = 1; r <= TNR; r++) {
			print row_text(r, BFROM[b], BTO[b], 1)
			if (spread && has_spread(r, BFROM[b], BTO[b], 1))
				print spread_text(r, BFROM[b], BTO[b], 1)
			if (spread && has_place(r, BFROM[b], BTO[b], 1))
				print place_text(r, BFROM[b], BTO[b], 1)
		}
	}
}

# mode=lib: table number NKT, with all its rows (even none), kept for the
# program that reuses this file: KTT[t] (the title lines), KTRULE[t],
# KTH[t] (the header block), KNC[t], KCSEP[t, c], KCW[t, c], KCF[t, c],
# KCCOUNT[t, c],
# KNR[t], KRH[t, r] and KCELL, KCSP, KCRG, KCRAW, KCKIND[t, r, c].
function keep_table(    t, r, c, j) {
	t = ++NKT
	KTT[t] = TT[1]
	for (j = 2; j <= NT; j++)
		KTT[t] = KTT[t] "\n" TT[j]
	KTRULE[t] = TRULE
	KTH[t] = TH[1]
	for (j = 2; j <= NH; j++)
		KTH[t] = KTH[t] "\n" TH[j]
	KNC[t] = NC
	for (c = 1; c <= NC; c++) {
		KCSEP[t, c] = CSEP[c]
		KCW[t, c] = CW[c]
		KCF[t, c] = CF[c]
		KCCOUNT[t, c] = CCOUNT[c]
	}
	KNR[t] = TNR
	for (r = 1; r <= TNR; r++) {
		KRH[t, r] = RH[r]
		for (c = 1; c <= NC; c++) {
			KCELL[t, r, c] = CELL[r, c]
			KCSP[t, r, c] = CSP[r, c]
			KCRAW[t, r, c] = CRAW[r, c]
			KCRG[t, r, c] = CRG[r, c]
			KCKIND[t, r, c] = CKIND[r, c]
		}
	}
}

# Split the ncol columns of BCOL into blocks no wider than w (a column
# wider than that alone takes a block): BFROM[], BTO[] index BCOL.
# Returns the number of blocks.
function blocks(ncol, w,    nb, c, used, cw) {
	nb = 0
	c = 1
	while (c <= ncol) {
		nb++
		BFROM[nb] = c
		used = 23
		do {
			cw = colspan(BCOL[c])
			if (used + cw > w && c > BFROM[nb])
				break
			used += cw
			c++
		} while (c <= ncol)
		BTO[nb] = c - 1
	}
	return nb
}

# Whether row r has a spread in columns from..to (of BCOL[] when inblock).
# Record k's placement as a -s row shows it: "same", "cross", "s64%" (the
# scheduler's choice, 64% of samples across CPUs), "" if not known.
function ptext(i, k) {
	if (RPL[i, k] == "sched")
		return RXS[i, k] == "" ? "sched" : sprintf("s%.0f%%", RXS[i, k])
	return RPL[i, k]
}

function has_place(r, from, to, inblock,    j) {
	for (j = from; j <= to; j++)
		if (CPLC[r, inblock ? BCOL[j] : j] != "")
			return 1
	return 0
}

function place_text(r, from, to, inblock,    s, j, c, w, t) {
	s = sprintf("%-9.9s %13.13s", "", "placement")
	for (j = from; j <= to; j++) {
		c = inblock ? BCOL[j] : j
		w = CW[c]
		if (w == 0)
			continue
		t = CPLC[r, c]
		if (t == "cross" && w < 5)
			t = "crs"
		s = s CSEP[c] sprintf("%" w "." w "s", t)
	}
	return rstrip(s)
}

function has_spread(r, from, to, inblock,    j) {
	for (j = from; j <= to; j++)
		if (CSP[r, inblock ? BCOL[j] : j] != "")
			return 1
	return 0
}

# Width of column c's cells (the longest text for a 0-width column).
function colwidth(c,    r, m) {
	if (CW[c] > 0)
		return CW[c]
	m = 0
	for (r = 1; r <= TNR; r++)
		if (length(CELL[r, c]) > m)
			m = length(CELL[r, c])
	return m
}

# What column c takes in a block: its cells or its header, the wider.
function colspan(c,    j, m, f) {
	m = length(CSEP[c]) + colwidth(c)
	for (j = 1; j <= NH; j++) {
		f = length(rstrip(hfrag(j, c)))
		if (f > m)
			m = f
	}
	return m
}

# The header's dashes say where each column's heading is: group 1 is Host,
# 2 is OS, 2 + c is column c.  0 if they do not match the columns.
function dash_groups(    s, g, p, n, inrun) {
	s = TH[NH]
	n = length(s)
	g = 0
	inrun = 0
	for (p = 1; p <= n; p++) {
		if (substr(s, p, 1) == "-") {
			if (!inrun)
				g++
			inrun = 1
			HEND[g] = p
		} else
			inrun = 0
	}
	return g == NC + 2
}

# Header line j's part for column c: from after the previous column's
# dashes to the end of this column's (to the end of the line for the last).
function hfrag(j, c,    from) {
	from = HEND[c + 1] + 1
	if (c == NC)
		return substr(TH[j], from)
	return substr(TH[j], from, HEND[c + 2] - HEND[c + 1])
}

# Row r's text with columns from..to (of BCOL[] when inblock).
function row_text(r, from, to, inblock,    s, j, c, i) {
	i = RH[r]
	s = sprintf("%-9.9s %13.13s", tidy(HOST[i]), tidy(OS_[i]))
	for (j = from; j <= to; j++) {
		c = inblock ? BCOL[j] : j
		if (CW[c] > 0 || CELL[r, c] != "")
			s = s CSEP[c] CELL[r, c]
	}
	return s
}

function spread_text(r, from, to, inblock,    s, j, c, w) {
	s = sprintf("%-9.9s %13.13s", "", "spread %")
	for (j = from; j <= to; j++) {
		c = inblock ? BCOL[j] : j
		w = CW[c]
		if (w == 0)
			continue
		s = s CSEP[c] fmtspread(CSP[r, c], w)
	}
	return rstrip(s)
}

# ---- the tables ----------------------------------------------------------

function out_tables(    i) {
	printed = 0
	all_tables()
	if (printed == 0) {
		print "summary: no figure in any file" > "/dev/stderr"
		status = 1
	}
}

function all_tables() {
	t_basic()
	t_proc()
	t_ops("integer")
	t_ops("int64")
	t_ops("float")
	t_ops("double")
	t_ctx()
	t_local()
	t_cross()
	t_remote()
	t_filevm()
	t_bw()
	t_mem()
	t_sizes()
	t_checks()
}

function t_basic(    i, mp) {
	table_begin("Basic system parameters",
	    "------------------------------------------------------------------------------",
	    "Host                 OS Description              Mhz  tlb  cache  mem   scal\n" \
	    "                                                     pages line   par   load\n" \
	    "                                                           bytes  \n" \
	    "--------- ------------- ----------------------- ---- ----- ----- ------ ----")
	col(" ", 23, 0); col(" ", 4, 1); col(" ", 5, 1); col(" ", 5, 1)
	col(" ", 6, 1); col(" ", 4, 0)
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		cell(sprintf("%23.23s", tidy(DESC[i])), "", 0)
		GSP = ""
		inum(META[i, "MHZ"], 4)
		inum(fig(i, "tlb"), 5)
		GSP = ""
		inum(META[i, "LINE_SIZE"], 5)
		num(ser_last(i, "Memory load parallelism"), 6)
		GSP = ""
		inum(LOAD[i], 4)
		row_end()
	}
	table_end()
}

function t_proc(    i, rd, wr, rs, ws, io, sp, rr, wrr) {
	table_begin("Processor, Processes - times in microseconds - smaller is better",
	    "------------------------------------------------------------------------------",
	    "Host                 OS  Mhz null null      open slct sig  sig  fork exec sh  \n" \
	    "                             call  I/O stat clos TCP  inst hndl proc proc proc\n" \
	    "--------- ------------- ---- ---- ---- ---- ---- ---- ---- ---- ---- ---- ----")
	col(" ", 4, 0)
	for (i = 1; i <= 10; i++)
		col(" ", 4, 1)
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		cell(good(META[i, "MHZ"]) ? sprintf("%4.0f", META[i, "MHZ"]) : spaces(4), "", 0)
		num(fig(i, "Simple syscall"), 4)
		# null I/O: the mean of read and write, or the one there is.
		rd = fig(i, "Simple read"); rs = GSP; rr = GRG
		wr = fig(i, "Simple write"); ws = GSP; wrr = GRG
		if (!good(wr)) {
			wr = fig(i, "Null syscall")
			ws = GSP; wrr = GRG
		}
		GRG = (rr != "" && wrr != "") ? (rr + 0 > wrr + 0 ? rr : wrr) : ""
		if (good(rd) && good(wr)) {
			io = (rd + wr) / 2
			sp = (rs != "" && ws != "") ? (rs + 0 > ws + 0 ? rs : ws) : ""
		} else if (good(wr)) {
			io = wr; sp = ws; GRG = wrr
		} else if (good(rd)) {
			io = rd; sp = rs; GRG = rr
		} else {
			io = ""; sp = ""
		}
		GSP = sp
		num(io, 4)
		num(fig(i, "Simple stat"), 4)
		num(fig(i, "Simple open/close"), 4)
		num(fig(i, "Select on 100 tcp fd's"), 4)
		num(fig(i, "Signal handler installation"), 4)
		num(fig(i, "Signal handler overhead"), 4)
		num(fig(i, "Process fork+exit"), 4)
		num(fig(i, "Process fork+execve"), 4)
		num(fig(i, "Process fork+/bin/sh -c"), 4)
		row_end()
	}
	table_end()
}

function t_ops(kind,    i, ops, n, j) {
	if (kind == "integer") {
		table_begin("Basic integer operations - times in nanoseconds - smaller is better",
		    "-------------------------------------------------------------------",
		    "Host                 OS  intgr intgr  intgr  intgr  intgr  \n" \
		    "                          bit   add    mul    div    mod   \n" \
		    "--------- ------------- ------ ------ ------ ------ ------ ")
		n = split("bit add mul div mod", ops, " ")
		for (j = 1; j <= n; j++)
			col(" ", 6, 1)
	} else if (kind == "int64") {
		table_begin("Basic uint64 operations - times in nanoseconds - smaller is better",
		    "------------------------------------------------------------------",
		    "Host                 OS int64  int64  int64  int64  int64  \n" \
		    "                         bit    add    mul    div    mod   \n" \
		    "--------- ------------- ------ ------ ------ ------ ------ ")
		n = split("bit add mul div mod", ops, " ")
		col("  ", 5, 1, 6)
		for (j = 2; j <= n; j++)
			col(" ", 6, 1)
	} else if (kind == "float") {
		table_begin("Basic float operations - times in nanoseconds - smaller is better",
		    "-----------------------------------------------------------------",
		    "Host                 OS  float  float  float  float\n" \
		    "                         add    mul    div    bogo\n" \
		    "--------- ------------- ------ ------ ------ ------ ")
		n = split("add mul div bogomflops", ops, " ")
		for (j = 1; j <= n; j++)
			col(" ", 6, 1)
	} else {
		table_begin("Basic double operations - times in nanoseconds - smaller is better",
		    "------------------------------------------------------------------",
		    "Host                 OS  double double double double\n" \
		    "                         add    mul    div    bogo\n" \
		    "--------- ------------- ------  ------ ------ ------ ")
		n = split("add mul div bogomflops", ops, " ")
		for (j = 1; j <= n; j++)
			col(" ", 6, 1)
	}
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		for (j = 1; j <= n; j++)
			num(scaled(i, fig(i, kind " " ops[j])), CW[j])
		row_end()
	}
	table_end()
}

function t_ctx(    i) {
	table_begin("Context switching - times in microseconds - smaller is better",
	    "-------------------------------------------------------------------------",
	    "Host                 OS  2p/0K 2p/16K 2p/64K 8p/16K 8p/64K 16p/16K 16p/64K\n" \
	    "                         ctxsw  ctxsw  ctxsw ctxsw  ctxsw   ctxsw   ctxsw\n" \
	    "--------- ------------- ------ ------ ------ ------ ------ ------- -------")
	col(" ", 6, 1); col(" ", 6, 1); col(" ", 6, 1); col(" ", 6, 1)
	col(" ", 6, 1); col(" ", 7, 1); col(" ", 7, 1)
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		num(ser_at(i, "size=0k", 2), 6)
		num(ser_at(i, "size=16k", 2), 6)
		num(ser_at(i, "size=64k", 2), 6)
		num(ser_at(i, "size=16k", 8), 6)
		num(ser_at(i, "size=64k", 8), 6)
		num(ser_at(i, "size=16k", 16), 7)
		num(ser_at(i, "size=64k", 16), 7)
		row_end()
	}
	table_end()
}

function t_local(    i) {
	table_begin("*Local* Communication latencies in microseconds - smaller is better",
	    "---------------------------------------------------------------------",
	    "Host                 OS 2p/0K  Pipe AF     UDP  RPC/   TCP  RPC/ TCP\n" \
	    "                        ctxsw       UNIX         UDP         TCP conn\n" \
	    "--------- ------------- ----- ----- ---- ----- ----- ----- ----- ----")
	# TCP conn: made for width 5, shown in 4 (" 77.", lmbench's way).
	col(" ", 5, 1); col(" ", 5, 1); col(" ", 4, 1); col(" ", 5, 1)
	col(" ", 5, 1); col(" ", 5, 1); col(" ", 5, 1); col(" ", 4, 1, 5)
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		num(ser_at(i, "size=0k", 2), 5)
		num(fig(i, "Pipe latency"), 5)
		num(fig(i, "AF_UNIX sock stream latency"), 4)
		num(fig(i, "local UDP latency using"), 5)
		num(fig(i, "local RPC/udp latency using"), 5)
		num(fig(i, "local TCP latency using"), 5)
		num(fig(i, "local RPC/tcp latency using"), 5)
		num(scaled(i, fig(i, "local TCP/IP connection cost to")), 4)
		row_end()
	}
	table_end()
}

# latbw's own table: the driver's cross-CPU runs (one process per CPU),
# the wake-up cost between CPUs.  A one-CPU machine has none, and says so.
function t_cross(    i, n1) {
	table_begin("Cross-CPU communication latencies (latbw, one party per CPU) in microseconds - smaller is better",
	    "---------------------------------------------------------------------",
	    "Host                 OS 2p/0K  Pipe AF     UDP  RPC/   TCP  RPC/ TCP\n" \
	    "                        ctxsw       UNIX         UDP         TCP conn\n" \
	    "--------- ------------- ----- ----- ---- ----- ----- ----- ----- ----")
	col(" ", 5, 1); col(" ", 5, 1); col(" ", 4, 1); col(" ", 5, 1)
	col(" ", 5, 1); col(" ", 5, 1); col(" ", 5, 1); col(" ", 4, 1)
	n1 = 0
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		num(ser_at(i, "cross-CPU ctxsw 0k", 2), 5)
		num(fig(i, "cross Pipe latency"), 5)
		num(fig(i, "cross AF_UNIX sock stream latency"), 4)
		num(fig(i, "cross local UDP latency using"), 5)
		num(fig(i, "cross local RPC/udp latency using"), 5)
		num(fig(i, "cross local TCP latency using"), 5)
		num(fig(i, "cross local RPC/tcp latency using"), 5)
		num(scaled(i, fig(i, "cross local TCP/IP connection cost to")), 4)
		if (!RVAL[TNR] && META[i, "PROCESSORS"] == "1")
			ONECPU[++n1] = i
		row_end()
	}
	table_end()
	if (mode != "table" || n1 == 0)
		return
	if (TNR == 0) {
		print ""
		print TT[1]
		print TRULE
	}
	for (i = 1; i <= n1; i++)
		printf "%-9.9s %13.13s one CPU: same-CPU figures only\n", HOST[ONECPU[i]], OS_[ONECPU[i]]
}

# Checks between figures that must hold whatever the machine: a violated
# one is flagged (an RPC cannot be faster than the transport it runs on;
# a 2-process switch is part of a pipe round trip).  5 % of slack for
# noise.  Same placement only: the lmbench cells together, and the
# cross-CPU ones together.
function check_le(i, what, lo, lok, hi, hik,    a, b) {
	if (lok ~ /^size=|^cross-CPU ctxsw/)
		a = ser_at(i, lok, 2)
	else
		a = fig(i, lok)
	b = fig(i, hik)
	if (!good(a) || !good(b) || a + 0 <= (b + 0) * 1.05)
		return
	NCHK++
	CHK[NCHK] = sprintf("%-9.9s %s: %s %s > %s %s", HOST[i], what, lo, trim(fmtnum(a, 6)), hi, trim(fmtnum(b, 6)))
}

function t_checks(    i, p, pre, what) {
	NCHK = 0
	for (i = 1; i <= nf; i++) {
		for (p = 1; p <= 2; p++) {
			pre = p == 1 ? "" : "cross "
			what = p == 1 ? "same CPU" : "cross CPU"
			check_le(i, what, "TCP", pre "local TCP latency using", "RPC/TCP", pre "local RPC/tcp latency using")
			check_le(i, what, "UDP", pre "local UDP latency using", "RPC/UDP", pre "local RPC/udp latency using")
			check_le(i, what, "2p/0K ctxsw", p == 1 ? "size=0k" : "cross-CPU ctxsw 0k", "Pipe", pre "Pipe latency")
		}
		check_le(i, "remote", "TCP", "remote TCP latency using", "RPC/TCP", "remote RPC/tcp latency using")
		check_le(i, "remote", "UDP", "remote UDP latency using", "RPC/UDP", "remote RPC/udp latency using")
	}
	if (NCHK == 0 || mode != "table")
		return
	print ""
	print "Consistency checks - figures that cannot be right"
	print "-------------------------------------------------"
	for (i = 1; i <= NCHK; i++)
		print "! " CHK[i]
}

function t_remote(    i) {
	table_begin("*Remote* Communication latencies in microseconds - smaller is better",
	    "---------------------------------------------------------------------",
	    "Host                 OS   UDP  RPC/  TCP   RPC/ TCP\n" \
	    "                               UDP         TCP  conn\n" \
	    "--------- ------------- ----- ----- ----- ----- ----")
	col(" ", 5, 1); col(" ", 5, 1); col(" ", 5, 1); col(" ", 5, 1); col(" ", 4, 1)
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		num(fig(i, "remote UDP latency using"), 5)
		num(fig(i, "remote RPC/udp latency using"), 5)
		num(fig(i, "remote TCP latency using"), 5)
		num(fig(i, "remote RPC/tcp latency using"), 5)
		num(scaled(i, fig(i, "remote TCP/IP connection cost to")), 4)
		row_end()
	}
	table_end()
}

# File create/delete rates (files per second) as microseconds per file.
function per_file(v) {
	if (!good(v))
		return ""
	return 1000000 / v
}

function fs_at(i, what, x,    n, j, k) {
	GSP = GCP = ""
	n = SN[i, "File system latency " what] + 0
	for (j = n; j >= 1; j--) {
		k = SK[i, "File system latency " what, j]
		if (RX[i, k] == x)
			return rec(i, k)
	}
	return ""
}

function t_filevm(    i) {
	table_begin("File & VM system latencies in microseconds - smaller is better",
	    "-------------------------------------------------------------------------------",
	    "Host                 OS   0K File      10K File     Mmap    Prot   Page   100fd\n" \
	    "                        Create Delete Create Delete Latency Fault  Fault  selct\n" \
	    "--------- ------------- ------ ------ ------ ------ ------- ----- ------- -----")
	col(" ", 6, 1); col(" ", 6, 1); col(" ", 6, 1); col(" ", 6, 1)
	col(" ", 7, 1); col(" ", 5, 1); col(" ", 7, 1); col(" ", 5, 1)
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		num(scaled(i, per_file(fs_at(i, "create", "0k"))), 6)
		num(scaled(i, per_file(fs_at(i, "delete", "0k"))), 6)
		num(scaled(i, per_file(fs_at(i, "create", "10k"))), 6)
		num(scaled(i, per_file(fs_at(i, "delete", "10k"))), 6)
		num(ser_last(i, "mappings"), 7)
		num(fig(i, "Protection fault"), 5)
		num(fig(i, "Pagefaults"), 7)
		num(fig(i, "Select on 100 fd's"), 5)
		row_end()
	}
	table_end()
}

# TCP bandwidth: the last point of the sweep, or the single figure of
# lmbench 2 ("Socket bandwidth using localhost: 94.98 MB/sec").
function tcp_bw(i,    v) {
	v = ser_last(i, "Socket bandwidth using localhost")
	if (v == "")
		v = ser_last(i, "Socket bandwidth using 127.0.0.1")
	if (v == "")
		v = fig(i, "local Socket bandwidth")
	return v
}

function t_bw(    i) {
	table_begin("*Local* Communication bandwidths in MB/s - bigger is better",
	    "-----------------------------------------------------------------------------",
	    "Host                OS  Pipe AF    TCP  File   Mmap  Bcopy  Bcopy  Mem   Mem\n" \
	    "                             UNIX      reread reread (libc) (hand) read write\n" \
	    "--------- ------------- ---- ---- ---- ------ ------ ------ ------ ---- -----")
	col(" ", 4, 1); col(" ", 4, 1); col(" ", 4, 1); col(" ", 6, 1)
	col(" ", 6, 1); col(" ", 6, 1); col(" ", 6, 1); col(" ", 4, 1); col(" ", 5, 1)
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		num(fig(i, "Pipe bandwidth"), 4)
		num(fig(i, "AF_UNIX sock stream bandwidth"), 4)
		num(tcp_bw(i), 4)
		num(ser_last(i, "read bandwidth"), 6)
		num(ser_last(i, "Mmap read bandwidth"), 6)
		num(ser_last(i, "libc bcopy unaligned"), 6)
		num(ser_last(i, "unrolled bcopy unaligned"), 6)
		num(ser_last(i, "Memory read bandwidth"), 4)
		num(ser_last(i, "Memory write bandwidth"), 5)
		row_end()
	}
	table_end()
}

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

# The memory latencies of file i into ML1, ML2, ML3, MMAIN, MRAND (and
# their spreads MS1 ...).  Each level is read inside its size: L1 and L2
# at lmbench's points (1 KB, 128 KB) where they lie at or below half the
# size (and above the level before), else at the last sweep point there;
# L3 at the last point at or below half its size; main memory at the
# first point at or beyond 4 times the last level (the last point, if it
# is at least twice that, when the sweep stops short), on the curve
# level_curve() picks.  The sizes are the ones the system reports (the
# CACHE_ header lines: sysfs), so the points stay where they are from run
# to run; a level it does not report takes the size latbw's cache program
# measured ("L2 cache: 524288 bytes ..."), which moves with what the
# run could use of a shared cache.  MSZ1..3 are the sizes used (0: none),
# MSRC where they came from, MMEAS1..3 the measured ones.  Without any
# size (not one of our files): lmbench's fixed points on lmbench's
# stride=128 curve.
function mem_figures(i,    c, l1, l2, l3, big, last, rc, m, k, n, j, b, best) {
	c = "Memory load latency stride=128"
	rc = rand_curve(i)
	ML1 = ML2 = ML3 = MMAIN = MRAND = ""
	MS1 = MS2 = MS3 = MSMAIN = MSRAND = ""
	MSRC = ""
	MMEAS1 = fig(i, "L1 cache")
	MMEAS2 = fig(i, "L2 cache")
	MMEAS3 = fig(i, "L3 cache")
	l1 = mem_size(i, "CACHE_L1D", MMEAS1)
	l2 = mem_size(i, "CACHE_L2", MMEAS2)
	l3 = mem_size(i, "CACHE_L3", MMEAS3)
	MSZ1 = l1; MSZ2 = l2; MSZ3 = l3
	if (!l1 && !l2 && !l3) {
		ML1 = ser_at(i, c, "0.00098"); MS1 = GSP; MS1R = GRG
		ML2 = ser_at(i, c, "0.12500"); MS2 = GSP; MS2R = GRG
		MMAIN = ser_last(i, c); MSMAIN = GSP; MSMAINR = GRG
		if (rc != "") {
			MRAND = ser_last(i, rc); MSRAND = GSP; MSRANDR = GRG
		}
		return
	}
	c = level_curve(i)
	# lmbench's own points (1 KB, 128 KB) where they lie inside the
	# level, so that lmbench's getsummary, which reads them on the same
	# curve, shows the same figure; the largest point inside it where not.
	if (l1) {
		ML1 = lm_point(i, c, "0.00098", 0, l1 / 2)
		if (ML1 == "")
			ML1 = ser_inside(i, c, 0, l1 / 2)
		MS1 = GSP; MS1R = GRG
	}
	if (l2) {
		m = l2 / 2 > l1 ? l2 / 2 : l2
		ML2 = lm_point(i, c, "0.12500", l1, m)
		if (ML2 == "")
			ML2 = ser_inside(i, c, l1, m)
		MS2 = GSP; MS2R = GRG
	}
	if (l3) {
		ML3 = ser_inside(i, c, l2, l3 / 2 > l2 ? l3 / 2 : l3); MS3 = GSP; MS3R = GRG
	}
	big = l3 > l2 ? l3 : (l2 > l1 ? l2 : l1)
	# Main memory: the first point at or past 4 times the last level.
	n = SN[i, c] + 0
	best = -1
	for (j = 1; j <= n; j++) {
		k = SK[i, c, j]
		if (!isnum(RX[i, k]))
			continue
		b = RX[i, k] * MIB
		if (b >= 4 * big * 0.995 && (best < 0 || b < best)) {
			best = b
			m = k
		}
	}
	last = ser_lastx(i, c)
	if (best >= 0) {
		MMAIN = rec(i, m); MSMAIN = GSP; MSMAINR = GRG
	} else if (last != "" && last * MIB >= 2 * big * 0.995) {
		MMAIN = ser_last(i, c); MSMAIN = GSP; MSMAINR = GRG
	} else if (last != "") {
		warn(PATHS[i], 0, sprintf("the memory sweep ends at %s MB, short of twice the last-level cache (2 x %.2f MB): Main mem left blank", last, big / MIB))
	}
	if (rc != "") {
		last = ser_lastx(i, rc)
		if (last != "" && last * MIB >= 2 * big * 0.995) {
			MRAND = ser_last(i, rc); MSRAND = GSP; MSRANDR = GRG
		} else if (last != "") {
			warn(PATHS[i], 0, sprintf("the random sweep ends at %s MB, short of twice the last-level cache (2 x %.2f MB): Rand mem left blank", last, big / MIB))
		}
	}
}

# The point of curve c at x (MB), if x lies in (lo, hi] bytes, as
# ser_inside counts; "" if not, or if the curve has no such point.
function lm_point(i, c, x, lo, hi,    b) {
	GSP = GCP = ""
	b = x * MIB
	if (b <= lo * 1.005 || b > hi * 1.005)
		return ""
	return ser_at(i, c, x)
}

# The size of one level for mem_figures: the header's KEY (the system's),
# else the measured size, else 0; MSRC says which were used.
function mem_size(i, key, measured,    src, v) {
	if ((i, key) in META && META[i, key] + 0 > 0) {
		src = "sysfs"
		v = META[i, key] + 0
	} else if (good(measured)) {
		src = "cache"
		v = measured + 0
	} else {
		return 0
	}
	if (MSRC == "")
		MSRC = src
	else if (MSRC != src)
		MSRC = "mixed"
	return v
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
function t_sizes(    i) {
	if (mode == "lib")
		return
	table_begin("Cache sizes - the memory latencies above are read inside these",
	    "------------------------------------------------------------------------",
	    "Host                 OS    L1d     L2     L3 from   measured by cache\n" \
	    "                                                      L1     L2     L3\n" \
	    "--------- ------------- ------ ------ ------ -----  ------ ------ ------")
	col(" ", 6, 1); col(" ", 6, 1); col(" ", 6, 1); col(" ", 5, 0)
	col("  ", 6, 1); col(" ", 6, 1); col(" ", 6, 1)
	for (i = 1; i <= nf; i++) {
		row_begin(i)
		mem_figures(i)
		cell(sprintf("%6s", fmtsize(MSZ1)), "", MSZ1 > 0)
		cell(sprintf("%6s", fmtsize(MSZ2)), "", MSZ2 > 0)
		cell(sprintf("%6s", fmtsize(MSZ3)), "", MSZ3 > 0)
		cell(sprintf("%-5s", MSRC), "", 0)
		cell(sprintf("%6s", fmtsize(MMEAS1)), "", good(MMEAS1))
		cell(sprintf("%6s", fmtsize(MMEAS2)), "", good(MMEAS2))
		cell(sprintf("%6s", fmtsize(MMEAS3)), "", good(MMEAS3))
		row_end()
	}
	table_end()
}

function guess(    g) {
	g = ""
	if (!good(ML1))
		return "Bad mhz?"
	if (good(ML2) && good(MMAIN) && !same(ML1, ML2) && same(ML2, MMAIN))
		g = "No L2 cache?"
	else if (good(ML2) && same(ML1, ML2))
		g = "No L1 cache?"
	return g
}

function t_mem(    i, l3, g, bad) {
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
		mem_figures(i)
		GSP = ""
		inum(META[i, "MHZ"], 4)
		bad = !good(ML1) && (good(ML2) || good(ML3) || good(MMAIN) || good(MRAND))
		if (bad) {
			# lmbench's verdict on a curve without an L1 point: the
			# clock (and so every cell) is suspect.
			cell(sprintf("%6s", "-"), "", 1)
			cell(sprintf("%6s", "-"), "", 1)
			if (l3)
				cell(sprintf("%6s", "-"), "", 1)
			cell(sprintf("%6s", "-"), "", 1)
			cell(sprintf("%" (l3 ? 6 : 11) "s", "-"), "", 1)
			cell("Bad mhz?", "", 0)
		} else {
			GSP = MS1; GRG = MS1R; num(ML1, 6)
			GSP = MS2; GRG = MS2R; num(ML2, 6)
			if (l3) {
				GSP = MS3; GRG = MS3R; num(ML3, 6)
			}
			GSP = MSMAIN; GRG = MSMAINR; num(MMAIN, 6)
			GSP = MSRAND; GRG = MSRANDR; num(MRAND, l3 ? 6 : 11)
			g = good(ML1) ? guess() : ""
			cell(g, "", 0)
		}
		row_end()
	}
	table_end()
}

# ---- exports ---------------------------------------------------------------

function init_ord(    i) {
	for (i = 1; i < 32; i++)
		CTRL[sprintf("%c", i)] = sprintf("\\u%04x", i)
	CTRL[sprintf("%c", 127)] = "\\u007f"
	for (i = 128; i < 256; i++)
		HIGH[sprintf("%c", i)] = i
}

# The value of byte k of s (n long) if it is 128 or more, else 0.
function hibyte(s, k, n,    c) {
	if (k > n)
		return 0
	c = substr(s, k, 1)
	return (c in HIGH) ? HIGH[c] : 0
}

# The length of the UTF-8 character at byte j of s (n long), 2 to 4, or 0
# if the bytes there are not one (RFC 3629: no overlong forms, no
# surrogates, nothing above U+10FFFF).
function utf8_len(s, j, n,    b, lo, hi, m, k) {
	b = hibyte(s, j, n)
	lo = 128
	hi = 191
	if (b >= 194 && b <= 223)
		m = 2
	else if (b >= 224 && b <= 239) {
		m = 3
		if (b == 224)
			lo = 160
		else if (b == 237)
			hi = 159
	} else if (b >= 240 && b <= 244) {
		m = 4
		if (b == 240)
			lo = 144
		else if (b == 244)
			hi = 143
	} else
		return 0
	b = hibyte(s, j + 1, n)
	if (b < lo || b > hi)
		return 0
	for (k = 2; k < m; k++) {
		b = hibyte(s, j + k, n)
		if (b < 128 || b > 191)
			return 0
	}
	return m
}

# s as a JSON string of valid UTF-8: a byte that is not part of a UTF-8
# character (a host name or uname in Latin-1, a damaged file) becomes
# U+FFFD; control characters, DEL and the C1 ones too, are \u escapes.
function jstr(s,    out, c, n, j, m) {
	if (s ~ /^[ -~]*$/ && index(s, "\\") == 0 && index(s, "\"") == 0)
		return "\"" s "\""
	out = ""
	n = length(s)
	for (j = 1; j <= n; j++) {
		c = substr(s, j, 1)
		if (c == "\\")
			out = out "\\\\"
		else if (c == "\"")
			out = out "\\\""
		else if (c in CTRL)
			out = out CTRL[c]
		else if (!(c in HIGH))
			out = out c
		else if ((m = utf8_len(s, j, n)) == 0)
			out = out "\\ufffd"
		else {
			if (m == 2 && HIGH[c] == 194 && hibyte(s, j + 1, n) < 160)
				out = out sprintf("\\u%04x", hibyte(s, j + 1, n))
			else
				out = out substr(s, j, m)
			j += m - 1
		}
	}
	return "\"" out "\""
}

# A number as JSON: the file's own text when JSON allows it.
function jnum(s) {
	if (!isnum(s))
		return "null"
	if (s ~ /^-?(0|[1-9][0-9]*)([.][0-9]+)?([eE][-+]?[0-9]+)?$/)
		return s
	return sprintf("%.17g", s + 0)
}

function jopt(s) {
	return s == "" ? "null" : jstr(s)
}

function out_json(    i, k, first, sep) {
	print "{"
	print "  \"format\": \"latbw-figures-1\","
	print "  \"runs\": ["
	for (i = 1; i <= nf; i++) {
		printf "    {\"run\": %s, \"host\": %s, \"os\": %s, \"description\": %s, \"uname\": %s, ", \
		    jstr(PATHS[i]), jstr(HOST[i]), jstr(trim(OS_[i])), jstr(DESC[i]), jstr(UNAME[i])
		printf "\"mhz\": %s, \"line_size\": %s, \"copies\": %s, ", \
		    jnum(META[i, "MHZ"]), jnum(META[i, "LINE_SIZE"]), jnum(LOAD[i])
		printf "\"cache_l1d\": %s, \"cache_l2\": %s, \"cache_l3\": %s, \"incomplete\": %s}%s\n", \
		    jnum(META[i, "CACHE_L1D"]), jnum(META[i, "CACHE_L2"]), jnum(META[i, "CACHE_L3"]), \
		    (INCOMPLETE[i] == "" ? "false" : "true"), (i < nf ? "," : "")
	}
	print "  ],"
	print "  \"figures\": ["
	first = 1
	for (i = 1; i <= nf; i++) {
		for (k = 1; k <= nrec[i]; k++) {
			if (!good(RV[i, k]))
				continue
			printf "%s    {\"run\": %s, \"host\": %s, \"name\": %s, \"x\": %s, \"value\": %s, \"unit\": %s, ", \
			    first ? "" : ",\n", jstr(PATHS[i]), jstr(HOST[i]), jstr(RN[i, k]), jopt(RX[i, k]), \
			    jnum(RV[i, k]), jstr(RU[i, k])
			printf "\"reps\": %s, \"spread\": %s, \"min\": %s, \"max\": %s, \"copies\": %s, ", \
			    jnum(RR[i, k]), jnum(RSPR[i, k]), jnum(RMIN[i, k]), jnum(RMAX[i, k]), jnum(RC[i, k])
			printf "\"placement\": %s, \"cross_pct\": %s}", jopt(RPL[i, k]), jnum(RXS[i, k])
			first = 0
		}
	}
	if (!first)
		printf "\n"
	print "  ]"
	print "}"
	if (first) {
		print "summary: no figure in any file" > "/dev/stderr"
		status = 1
	}
}

# RFC 4180: a field with a comma, a quote or a line break is quoted, its
# quotes doubled.
function cfield(s) {
	if (s ~ /[",\r\n]/ || s ~ /^[ \t]/ || s ~ /[ \t]$/) {
		gsub(/"/, "\"\"", s)
		return "\"" s "\""
	}
	return s
}

function out_csv(    i, k, n) {
	print "run,host,os,name,x,value,unit,reps,spread_pct,min,max,copies,placement,cross_pct"
	n = 0
	for (i = 1; i <= nf; i++)
		for (k = 1; k <= nrec[i]; k++) {
			if (!good(RV[i, k]))
				continue
			n++
			print cfield(PATHS[i]) "," cfield(HOST[i]) "," cfield(trim(OS_[i])) "," \
			    cfield(RN[i, k]) "," cfield(RX[i, k]) "," RV[i, k] "," cfield(RU[i, k]) "," \
			    RR[i, k] "," RSPR[i, k] "," RMIN[i, k] "," RMAX[i, k] "," RC[i, k] "," \
			    RPL[i, k] "," RXS[i, k]
		}
	if (n == 0) {
		print "summary: no figure in any file" > "/dev/stderr"
		status = 1
	}
}

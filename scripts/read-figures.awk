# read-figures.awk - the reader's (read.awk's) lines that hold results:
# a point of a series, a figure "Label: value unit", a series title; and
# the records they make (add_rec, add_fig).  Part of the reader, loaded
# with it.
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

# The words w[1..n] of line ln as a point of the series being read (ser):
# 1 if they were one (taken, or dropped with a warning), else 0.
function point_line(w, n, ln,    k, unit) {
	if (ser == "File system latency") {
		if (n >= 4 && w[1] ~ /^[0-9]+k$/ && isnum(w[2]) && isnum(w[3]) && isnum(w[4])) {
			if (out_of_range(ln, "", w[3], w[4]) || too_many(ser " create", ln)) {
				DROPX[cur, ser, w[1]] = 1
				return 1
			}
			k = add_rec(ser " create", w[1], w[3], "files/s")
			add_rec(ser " delete", w[1], w[4], "files/s")
			lastlo = k
			lasthi = k + 1
			return 1
		}
	} else if (ser != "" && (n == 2 || n == 3) && isnum(w[1]) && isnum(w[2])) {
		if (out_of_range(ln, w[1], w[2], "") || too_many(ser, ln)) {
			DROPX[cur, ser, w[1]] = 1
			return 1
		}
		unit = n == 3 ? unit_of(w[3]) : SUNIT[ser]
		k = add_rec(ser, w[1], w[2], unit)
		lastlo = lasthi = k
		return 1
	}
	return 0
}

# A line that is no point of a series (w[1..n] its words; inser the
# series it came in, if any): a section or series title without quotes,
# mhz's line, a figure "Label: value unit", or a line skipped with a
# warning.
function text_line(line, ln, inser, w, n,    t, k, lab, rest, unit, x) {
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
		# (table-scaling.awk, graph-scaling.awk), with the line
		# of its title (the records' line column)
		SUNIT[title] = "ops/s"
		if (!((cur, title) in SCSEEN)) {
			SCSEEN[cur, title] = 1
			SCNAME[cur, ++SCNN[cur]] = title
			SCLN[cur, SCNN[cur]] = ln
		}
	} else if (title ~ /^loaded (latency mode=(read|write) pages=[a-z]+|bandwidth mode=(read|write))$/ ||
	    title ~ /^mlp (latency|bandwidth) pages=[a-z]+$/) {
		# lat_mem_load's loaded latency and par_mem -c's MLP curve:
		# x a count (loaders, chases), y ns or MB/s; listed per file
		# for their table and plot (table-load.awk, graph-load.awk)
		SUNIT[title] = title ~ /bandwidth/ ? "MB/s" : "ns"
		if (!((cur, title) in LDSEEN)) {
			LDSEEN[cur, title] = 1
			LDNAME[cur, ++LDNN[cur]] = title
			LDLN[cur, LDNN[cur]] = ln
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

# A record: one figure or one series point, kept in file order for the
# exports.  Series points are also listed per series for the tables.
function add_rec(name, x, v, unit,    k) {
	k = ++nrec[cur]
	RN[cur, k] = name
	RX[cur, k] = x
	RV[cur, k] = v
	RU[cur, k] = unit
	RLN[cur, k] = cur_ln
	RSPR[cur, k] = RR[cur, k] = RMIN[cur, k] = RMAX[cur, k] = RC[cur, k] = ""
	RRN[cur, k] = RRS[cur, k] = RRV[cur, k] = ROB[cur, k] = RCW[cur, k] = ""
	RRG[cur, k] = RID[cur, k] = ""
	RPL[cur, k] = RXS[cur, k] = FKEY[cur, k] = RIDL[cur, k] = ""
	if (name ~ /^cross-CPU ctxsw / || index(name, " (cross CPU)") > 0)
		RPL[cur, k] = "cross"
	if (x != "") {
		SN[cur, name]++
		SK[cur, name, SN[cur, name]] = k
	}
	return k
}

# A "Label: value unit" line.  The tables find a figure by its id,
# FIG[i, id] (fig_id).  Of the remote figures, those of the first host.
function add_fig(lab, v, unit,    k, id, h) {
	k = add_rec(lab, "", v, unit)
	id = fig_id(lab)
	if (index(id, "{HOST}") > 0 && id !~ /^Socket bandwidth /) {
		h = lab
		sub(/.* /, "", h)
		if (RHOST[cur] == "")
			RHOST[cur] = h
		if (h != RHOST[cur])
			return k
	}
	FIG[cur, id] = k
	FKEY[cur, k] = id
	return k
}

# The id of a figure: its label as scripts/registry writes it, which the
# tables look up as it is (tables.awk, reg_columns).  Here, and only here,
# a results file's label is made the registry's: the host a network
# figure names is localhost (as 127.0.0.1 and ::1 are) or {HOST} (a
# remote one); the file of "Pagefaults on" is @FILE@; lmbench's uint64
# is int64; and " (cross CPU)" goes where the registry has it
# (reg_cross).
function fig_id(lab,    id, h, cross) {
	cross = index(lab, " (cross CPU)")
	if (cross > 0)
		lab = substr(lab, 1, cross - 1) substr(lab, cross + 12)
	id = lab
	if (lab ~ /^(UDP|TCP|RPC\/udp|RPC\/tcp) latency using / ||
	    lab ~ /^TCP\/IP connection cost to / || lab ~ /^Socket bandwidth using /) {
		h = lab
		sub(/.* /, "", h)
		sub(/ [^ ]*$/, "", id)
		id = id " " (h == "localhost" || h == "127.0.0.1" || h == "::1" ? "localhost" : "{HOST}")
	} else if (lab ~ /^Pagefaults on /) {
		id = "Pagefaults on @FILE@"
	} else if (lab ~ /^uint64 /) {
		sub(/^uint64/, "int64", id)
	}
	return cross > 0 ? reg_cross(id) : id
}

# registry-names.awk - the metric names of the figures, made from
# scripts/registry (registry.awk reads it; this file comes first):
#
#   awk -v what=names -f registry-names.awk -f registry.awk REGISTRY
#                 the metric names of the figures, one a line
#
# summary's json and csv, and compare -f lkp, name each figure with
# reg_metric.  Only POSIX awk.

# ---- metric names ---------------------------------------------------------
#
# Every figure has a stable dotted name in the style of the 0-day/LKP
# robot's, made by one rule from its registry line (doc/summary.1, METRIC
# NAMES, says the same):
#
#   latbw.WORDS[.X].UNIT
#
# WORDS are the figure's label (inside a series, the series' title then
# the label, when they differ), word by word: " (cross CPU)" is taken out
# and "cross" added at the end; the words using, to and on, and the file
# operands (@FILE@, @STAT@, @DIR@) are left out; 127.0.0.1 and ::1 read as
# localhost; in each word, apostrophes are dropped and any character other
# than a letter, a digit, _, + or - becomes _ (runs of _ as one, none at
# the ends, a - at the start dropped); the first word is in capitals.  A
# label whose first word is key=value (lat_ctx's size=16k) gets the
# program's name first (less its lat_ or bw_), in capitals.  X is the x of
# a series point: a whole number as it is (processes, a CPU), a size in
# MB as a size word (512, 4k, 64M, 1G; lmbench's sizes in MB of 2^20 or
# 10^6 bytes both), anything else as a word; what=names writes {x} for it
# on the lines known to print series: inside a series, with {SIZES} (and
# every line of such a program), with the harness's -G (a scaling curve),
# with a label that starts with a quote, as the series' title line does
# (a series the program prints by itself; lat_c2c's rows are the one
# exception).  UNIT is the registry's unit
# (MB/s written MB/sec, as LKP does; none when it has none; of a unit
# as read, its first word).  A figure no
# registry line describes gets a name by the same rule from its own label
# and unit.  Names are unique: what=names fails (exit 2) when two figures
# of the registry would share one.

# The points of lat_fs's series carry two figures each (read.awk): the
# word each adds after the series' title.  lat_c2c prints a matrix, a
# row per CPU, all of whose rows the reader gives its one line's id
# (read-ids.awk): each is named by its own label (REG_OWN, reg_metric).
function reg_mt_init(    i, t, s, n, w, j, u, pw, sp, lab, q) {
	if (REG_MT_DONE)
		return
	REG_MT_DONE = 1
	REG_SPLIT["File system latency"] = "create delete"
	REG_ROWS["lat_c2c"] = 1
	NMT = 0
	t = ""
	for (i = 1; i <= NREG; i++) {
		if (REGK[i] == "series") {
			t = REGL[i] != "-" ? REGL[i] : REGC[i]
			sub(/^"/, "", t)
			s = REGU[i]
			continue
		}
		if (REGK[i] == "end") {
			t = ""
			continue
		}
		if (REGK[i] !~ /^(run|fig|mhz)$/ || REGL[i] == "-")
			continue
		u = REGU[i] != "-" ? REGU[i] : (t != "" ? s : "-")
		lab = REGL[i]
		q = sub(/^"/, "", lab)
		pw = (t != "" && lab != t) ? t " " lab : lab
		n = (pw in REG_SPLIT) ? split(REG_SPLIT[pw], w, " ") : 0
		if (n == 0)
			reg_mt_add(i, pw, u, t != "" || index(REGC[i], "{SIZES}") > 0 ? 1 : \
			    (q || REGC[i] ~ /^[^ ]+ (.* )?-G( |$)/ ? 2 : 0))
		for (j = 1; j <= n; j++)
			reg_mt_add(i, pw " " w[j], u, 1)
	}
	# A program that prints a series on one line prints one on all
	# (lat_ctx's cross-CPU run of a single size); the harness's -G (a
	# scaling curve, 2) is a series of its line only.
	for (i = 1; i <= NMT; i++)
		if (MTS[i] == 1)
			sp[MTP[i]] = 1
	for (i = 1; i <= NMT; i++)
		if (!MTS[i] && (MTP[i] in sp)) {
			MTS[i] = 1
			MTN[i] = reg_mname(MTL[i], MTP[i], "{x}", MTU[i], 1)
		}
}

function reg_mt_add(i, label, unit, ser,    prog) {
	NMT++
	MTL[NMT] = label
	MTU[NMT] = unit
	MTS[NMT] = ser
	MTLN[NMT] = i
	prog = REGC[i]
	sub(/ .*/, "", prog)
	MTP[NMT] = prog
	MTID[NMT] = REGID[i]
	if (prog in REG_ROWS)
		REG_OWN[REGID[i]] = 1
	MTN[NMT] = reg_mname(label, prog, ser ? "{x}" : "", unit, 1)
}

# A size word of b bytes, if b is one within 0.1 % (else "").
function reg_mword(b,    u, s, q) {
	split("1073741824 1048576 1024 1", u, " ")
	split("G M k", s, " ")
	for (q = 1; q <= 4; q++) {
		if (b < u[q] * 0.999)
			continue
		if (reg_near(b / u[q]) < 0.001)
			return sprintf("%d%s", int(b / u[q] + 0.5), s[q])
	}
	return ""
}

# The distance of v from the nearest whole number, relative to v.
function reg_near(v,    d) {
	d = v - int(v + 0.5)
	if (d < 0)
		d = -d
	return d / v
}

# Whether b is within 2 % of a power of two.
function reg_pow2(b,    p) {
	for (p = 1; p < b / 1.5; p *= 2)
		;
	if (p * 2 - b < b - p)
		p *= 2
	return (b > p ? b - p : p - b) / p < 0.02
}

function reg_pow2w(b,    p) {
	for (p = 1; p < b / 1.5; p *= 2)
		;
	if (p * 2 - b < b - p)
		p *= 2
	return reg_mword(p)
}

# The word of a series point's x (see the rule above).
function reg_xword(x,    b1, b2, w1, w2) {
	if (x == "" || x ~ /^[0-9]+$/)
		return x
	if (x ~ /^[0-9]*[.][0-9]+$|^[0-9]+[.][0-9]*$/ && x + 0 > 0) {
		b1 = x * 1048576
		b2 = x * 1000000
		if (reg_pow2(b1))
			return reg_pow2w(b1)
		if (reg_pow2(b2))
			return reg_pow2w(b2)
		w1 = reg_mword(b1)
		w2 = reg_mword(b2)
		if (w2 != "" && (w1 == "" || reg_rank(w2) > reg_rank(w1)))
			return w2
		if (w1 != "")
			return w1
	}
	return reg_mclean(x, 0)
}

function reg_rank(w) {
	return w ~ /G$/ ? 3 : (w ~ /M$/ ? 2 : (w ~ /k$/ ? 1 : 0))
}

# One word of a name: see the rule above; tmpl keeps {S}, {HOST}, {x}.
function reg_mclean(w, tmpl) {
	gsub(/'/, "", w)
	if (tmpl)
		gsub(/[^A-Za-z0-9_+{}-]/, "_", w)
	else
		gsub(/[^A-Za-z0-9_+-]/, "_", w)
	gsub(/__+/, "_", w)
	sub(/^[-_]+/, "", w)
	sub(/_+$/, "", w)
	return w
}

# The name of a figure labelled label (prog: the program of its registry
# line, "" if none), at x ("" for a single figure), in unit.
function reg_mname(label, prog, x, unit, tmpl,    cross, n, w, j, out, c, first) {
	cross = index(label, " (cross CPU)")
	if (cross > 0)
		label = substr(label, 1, cross - 1) substr(label, cross + 12)
	n = split(label, w, /[ \t]+/)
	out = ""
	first = 1
	if (n >= 1 && index(w[1], "=") > 0 && prog != "") {
		sub(/^(lat|bw)_/, "", prog)
		out = toupper(reg_mclean(prog, 0))
		first = 0
	}
	for (j = 1; j <= n; j++) {
		if (w[j] ~ /^(using|to|on)$/ || w[j] ~ /^@[A-Z]+@$/)
			continue
		if (w[j] == "127.0.0.1" || w[j] == "::1")
			w[j] = "localhost"
		c = reg_mclean(w[j], tmpl)
		if (c == "")
			continue
		if (first)
			c = toupper(c)
		first = 0
		out = out (out == "" ? "" : ".") c
	}
	if (cross > 0)
		out = out ".cross"
	if (x != "")
		out = out "." (tmpl && x == "{x}" ? x : reg_xword(x))
	sub(/[ \t].*/, "", unit)
	gsub(/[^A-Za-z0-9\/_%+-]/, "_", unit)
	if (unit == "MB/s")
		unit = "MB/sec"
	if (unit != "-" && unit != "")
		out = out "." unit
	return "latbw." out
}

# ---- a record's name, from its id ----------------------------------------
#
# The reader (read-ids.awk) gives every record the id of its registry
# line: the one its statistics line carries (id=, stamped by the
# driver), else, for a file without ids, the one its label fits.  Only
# the id chooses the line here; a record's label is read for no more
# than the registry's line leaves open: the host of {HOST}, and which of
# a line's several figures under one id it is (lat_fs's create and
# delete: the one whose last word its label ends with).

# reg_idfit(ID, PAT): whether ID is registry id PAT, {S} and {NAME} each
# standing for a part of it that is not empty: the part {S} stands for
# (found where PAT has no {NAME} before it), "-" for a PAT without {S};
# "" when ID does not fit.
function reg_idfit(id, pat,    p, re, c, j, post) {
	if (id == pat)
		return index(pat, "{") ? "" : "-"
	if (index(pat, "{") == 0)
		return ""
	re = ""
	for (j = 1; j <= length(pat); j++) {
		c = substr(pat, j, 1)
		re = re (c == "." ? "[.]" : c)
	}
	gsub(/[{](S|NAME)[}]/, ".+", re)
	if (id !~ ("^" re "$"))
		return ""
	p = index(pat, "{S}")
	if (p == 0)
		return "-"
	if (substr(id, 1, p - 1) != substr(pat, 1, p - 1))
		return ""
	post = substr(pat, p + 3)
	if (index(post, "{NAME}"))
		post = ""
	return substr(id, p, length(id) - length(post) - p + 1)
}

# reg_mt_of(ID, LABEL): the entry (1..NMT) of the figure whose id is ID
# (its label as read LABEL), or 0: no registry line has that id, or it
# is one of REG_OWN's.
function reg_mt_of(id, label,    e, n, c, lw, t) {
	reg_mt_init()
	if (id == "" || (id in REG_OWN))
		return 0
	if (!(id in REG_IDN)) {
		n = 0
		for (e = 1; e <= NMT; e++)
			if (reg_idfit(id, MTID[e]) != "")
				REG_IDE[id, ++n] = e
		REG_IDN[id] = n
	}
	n = REG_IDN[id]
	if (n <= 1)
		return n ? REG_IDE[id, 1] : 0
	lw = label
	sub(/.*[ \t]/, "", lw)
	for (c = 1; c <= n; c++) {
		t = MTL[REG_IDE[id, c]]
		sub(/.*[ \t]/, "", t)
		if (t == lw)
			return REG_IDE[id, c]
	}
	return REG_IDE[id, 1]
}

# The name of a figure of a results file: its id, label, x and unit as
# read (records' columns).  The name of its registry line's label, {S}
# the part of the id it stands for, {HOST} the last word of the label,
# in the line's unit.  A figure no registry line has (no id, or an id of
# the reader's own: lmbench's lat_ctx sizes the registry does not run,
# ctx.4k) and lat_c2c's rows (REG_OWN: one id for the whole matrix) are
# named by the rule from their label and unit as read, the first part
# of the id (before a "." or "@") standing for the program.
function reg_metric(id, label, x, unit,    e, t, w, prog) {
	e = reg_mt_of(id, label)
	if (e == 0) {
		prog = id
		sub(/[.@].*/, "", prog)
		return reg_mname(label, prog, x, unit, 0)
	}
	t = MTL[e]
	if (index(t, "{S}") > 0)
		t = reg_subst(t, "{S}", reg_idfit(id, MTID[e]))
	if (index(t, "{HOST}") > 0) {
		w = label
		sub(/.*[ \t]/, "", w)
		t = reg_subst(t, "{HOST}", w)
	}
	return reg_mname(t, MTP[e], x, MTU[e], 0)
}

# what=names: every name of the registry, once, in its order; two
# figures that would share a name are an error.
function reg_names(    e, seen, k) {
	reg_mt_init()
	for (e = 1; e <= NMT; e++) {
		k = MTN[e]
		if (k in seen) {
			if (seen[k] != MTL[e] "|" MTU[e])
				reg_fail("line " MTLN[e] ": metric name " k " is also that of '" \
				    substr(seen[k], 1, index(seen[k], "|") - 1) "'")
			continue
		}
		seen[k] = MTL[e] "|" MTU[e]
		print k
	}
}

BEGIN {
	if (what == "names") {
		if (ARGC < 2)
			reg_fail("usage: awk -v what=names -f registry-names.awk -f registry.awk REGISTRY")
		reg_read(ARGV[1])
		reg_names()
		exit 0
	}
}

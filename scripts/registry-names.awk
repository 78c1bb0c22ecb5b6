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
# word each adds after the series' title.
function reg_mt_init(    i, t, s, n, w, j, u, pw, sp, lab, q) {
	if (REG_MT_DONE)
		return
	REG_MT_DONE = 1
	REG_SPLIT["File system latency"] = "create delete"
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

# s as an ERE that matches s (each character that means something in a
# regular expression made a bracket expression of its own: the same in
# every awk, whose gsub replacements treat backslashes each its own way).
function reg_quote(s,    out, c, j) {
	out = ""
	for (j = 1; j <= length(s); j++) {
		c = substr(s, j, 1)
		if (c == "^")
			out = out "\\^"
		else if (c == "\\")
			out = out "[\\\\]"
		else if (index(".[]$*+?()|", c) > 0)
			out = out "[" c "]"
		else
			out = out c
	}
	return out
}

# Whether label fits registry label pat word for word: {S} and {HOST}
# stand for a word, @FILE@ (and the like) for a word (a path).
# REG_FIT is then label with the words a file operand stands for made
# that operand again (a path is no part of a name).
# With loose, a word key=value also fits the pattern's word key=other
# (lmbench's lat_ctx sizes that the registry does not run: size=4k).
function reg_mfit(label, pat, loose,    n, m, a, b, j, re) {
	n = split(label, a, /[ \t]+/)
	m = split(pat, b, /[ \t]+/)
	if (n != m)
		return 0
	REG_FIT = ""
	for (j = 1; j <= n; j++) {
		REG_FIT = REG_FIT (j > 1 ? " " : "") (b[j] ~ /^@[A-Z]+@$/ ? b[j] : a[j])
		if (a[j] == b[j])
			continue
		if (a[j] == "127.0.0.1" || a[j] == "::1")
			a[j] = "localhost"
		if (a[j] == b[j])
			continue
		if (loose && index(b[j], "=") > 1 && index(a[j], "=") == index(b[j], "=") &&
		    substr(a[j], 1, index(a[j], "=")) == substr(b[j], 1, index(b[j], "=")))
			continue
		if (b[j] !~ /[{@]/)
			return 0
		re = reg_quote(b[j])
		gsub(/[{](S|HOST)[}]/, "[^ ]+", re)
		gsub(/@[A-Z]+@/, ".+", re)
		if (a[j] !~ ("^" re "$"))
			return 0
	}
	return 1
}

# The name of a figure of a results file: its label (record name), x and
# unit as read; the registry line it fits gives the unit and program (the
# first that fits word for word, else the first that fits loosely, else
# none: the label and unit as read).
function reg_metric(label, x, unit,    e) {
	reg_mt_init()
	if (!(label in REG_FITE)) {
		REG_FITE[label] = 0
		for (e = 1; e <= NMT && !REG_FITE[label]; e++)
			if (reg_mfit(label, MTL[e], 0))
				REG_FITE[label] = e
		for (e = 1; e <= NMT && !REG_FITE[label]; e++)
			if (reg_mfit(label, MTL[e], 1))
				REG_FITE[label] = e
		REG_FITL[label] = REG_FITE[label] ? REG_FIT : label
	}
	e = REG_FITE[label]
	if (e)
		return reg_mname(REG_FITL[label], MTP[e], x, MTU[e], 0)
	return reg_mname(label, "", x, unit, 0)
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

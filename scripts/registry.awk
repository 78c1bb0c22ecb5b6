# registry.awk - reads scripts/registry, the one list of what latbw
# measures (its fields are described at its top), and makes from it:
#
#   awk -v what=plan -v quick=0|1 -v mb=N -v cross=LIST -v remote=HOSTS \
#       -f registry.awk REGISTRY
#                 the driver's plan, one step a line:
#                 KIND|GROUPS|WEIGHT|FLAGS|TEXT (see scripts/latbw-run)
#   what=check    nothing: every line checked (exit status 2, each bad
#                 line named, one message each)
#   what=groups   the BENCHMARKS= groups, one a line, first seen first
#   what=progs    the programs the steps run, one a line
#   what=match    the texts lmbench's readers match anywhere in a line
#   what=names    the metric names of the figures, one a line (see
#                 "metric names" below)
#
# cross is the -C list of the cross-CPU placement ("0,N"; empty on a
# one-CPU machine), remote the REMOTE words (name or name=address).
# Other programs take its functions (reg_read, reg_col) with -f and leave
# what empty.  A registry line that is not of the form (its fields, a
# weight, flags, a place, sizes) is an error that names it, and every
# such line is named before the exit (status 2).  Only POSIX awk.

function reg_fail(msg) {
	printf "%s: %s\n", (me == "" ? "registry" : me), msg > "/dev/stderr"
	reg_error = 1
	exit 2
}

function reg_trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}

# reg_read(PATH): the registry's lines into REGK (kind), REGG (groups), REGW
# (weight), REGF (flags), REGP (place), REGC (command), REGQ, REGFU (quick and
# full sizes), REGL (label), REGU (unit), REGCOL (column), i = 1..NREG; and
# the match texts into REGM, 1..NREGM.  "-" fields are kept as "-".  Every
# line is checked (reg_bad): each bad one is named, with its first fault,
# and then the registry is an error (exit status 2), before anything is
# made from it.
function reg_read(path,    line, ln, n, f, i, r, bad, msg) {
	NREG = NREGM = 0
	ln = bad = 0
	while ((r = (getline line < path)) > 0) {
		ln++
		sub(/\r$/, "", line)
		if (line ~ /^[ \t]*(#.*)?$/)
			continue
		n = split(line, f, "|")
		for (i = 1; i <= n; i++)
			f[i] = reg_trim(f[i])
		if (f[1] == "match" && n == 2 && f[2] != "") {
			if (f[2] ~ /^".+"$/)
				f[2] = substr(f[2], 2, length(f[2]) - 2)
			REGM[++NREGM] = f[2]
			continue
		}
		msg = reg_bad(n, f, line)
		if (msg != "") {
			printf "%s: %s:%d: %s\n", (me == "" ? "registry" : me), path, ln, msg > "/dev/stderr"
			bad++
			continue
		}
		NREG++
		REGK[NREG] = f[1]; REGG[NREG] = f[2]; REGW[NREG] = f[3]; REGF[NREG] = f[4]
		REGP[NREG] = f[5]; REGC[NREG] = f[6]; REGQ[NREG] = f[7]; REGFU[NREG] = f[8]
		REGL[NREG] = f[9]; REGU[NREG] = f[10]; REGCOL[NREG] = f[11]
	}
	if (r < 0)
		reg_fail("cannot read " path)
	close(path)
	if (bad > 0) {
		reg_error = 1
		exit 2
	}
	if (NREG == 0)
		reg_fail(path ": no registry line")
}

# reg_bad(N, F, LINE): what is wrong with a registry line of N fields F
# (trimmed), or "" when nothing is.  Sizes are checked here, so that
# reg_sizes never meets one it cannot expand (a sweep from 0 or from a
# word that is not a size doubled 0 for ever).
function reg_bad(n, f, line,    i, w) {
	if (n != 11 || f[1] !~ /^(run|server|stop|rserver|rstop|mhz|line|series|end|fig)$/)
		return "not a registry line (11 fields, a known kind): " line
	for (i = 1; i <= n; i++)
		if (f[i] == "")
			return "field " i " is empty (\"-\" for none)"
	# (a figure, a series' title or end is no step: its weight may be -)
	if ((f[3] !~ /^[0-9]+$/ || length(f[3]) > 6) &&
	    !(f[3] == "-" && f[1] ~ /^(fig|series|end)$/))
		return "weight '" f[3] "' is not a whole number (tenths of a second)"
	if (f[4] !~ /^(-|([PNOMXASJGW]|N[0-9]+)+)$/ || f[4] ~ /N([^0-9]|$)/)
		return "unknown flags '" f[4] "' (P, N<count>, O, M, X, A, W, J, S, or -)"
	if (f[5] !~ /^(-|same|one|cross|pair|remote)$/)
		return "unknown place '" f[5] "'"
	for (i = 7; i <= 8; i++)
		if ((w = reg_bad_sizes(f[i])) != "")
			return (i == 7 ? "quick" : "full") " sizes '" f[i] "': " w
	return ""
}

# reg_bad_sizes(SPEC): what is wrong with a size field, or "".
function reg_bad_sizes(spec,    n, w, i, k, a, b) {
	if (spec == "-" || spec == "off")
		return ""
	n = split(spec, w, /[ \t]+/)
	for (i = 1; i <= n; i++) {
		k = index(w[i], "..")
		if (k == 0) {
			if (!reg_size_word(w[i]))
				return "'" w[i] "' is not a size (512, 4k, 8m, MB, MB/2, A..B)"
			continue
		}
		a = substr(w[i], 1, k - 1)
		b = substr(w[i], k + 2)
		if (!reg_size_word(a) || !reg_size_word(b))
			return "'" w[i] "' is not a sweep A..B of two sizes"
		if (a !~ /^MB/ && a + 0 == 0)
			return "'" w[i] "' starts at 0 (a sweep doubles its start)"
		if (a !~ /^MB/ && b !~ /^MB/ && reg_bytes(a) > reg_bytes(b))
			return "'" w[i] "' ends below its start"
	}
	return ""
}

# A size word: digits (at most 10) with k or m or nothing, MB, MB/2.
function reg_size_word(w) {
	return w == "MB" || w == "MB/2" || (w ~ /^[0-9]+[kKmM]?$/ && length(w) <= 11)
}

# reg_col(COLUMN): the label of the figure shown in table.column, or "".
function reg_col(c,    i) {
	for (i = 1; i <= NREG; i++)
		if (REGCOL[i] == c)
			return REGL[i]
	return ""
}

# A size word in bytes: 512, 4k, 8m, MB, MB/2.
function reg_bytes(w) {
	if (w == "MB")
		return mb * 1048576
	if (w == "MB/2")
		return int(mb * 1048576 / 2)
	if (w ~ /^[0-9]+[kK]$/)
		return substr(w, 1, length(w) - 1) * 1024
	if (w ~ /^[0-9]+[mM]$/)
		return substr(w, 1, length(w) - 1) * 1048576
	return w + 0
}

# Bytes as the programs take them: 512, 4k, 8m.
function reg_size(s) {
	if (s >= 1048576 && s % 1048576 == 0)
		return sprintf("%dm", s / 1048576)
	if (s >= 1024 && s % 1024 == 0)
		return sprintf("%dk", s / 1024)
	return sprintf("%d", s)
}

# reg_sizes(SPEC): the sizes of a size field, blank-separated (a size
# repeated right after itself is left out: "1m MB" with MB 1).
function reg_sizes(spec,    n, w, i, out, last, s, lo, hi, r, t) {
	out = ""
	last = ""
	if (spec == "-")
		return ""
	n = split(spec, w, /[ \t]+/)
	for (i = 1; i <= n; i++) {
		if (index(w[i], "..") > 0) {
			lo = reg_bytes(substr(w[i], 1, index(w[i], "..") - 1))
			hi = reg_bytes(substr(w[i], index(w[i], "..") + 2))
			t = ""
			r = ""
			for (s = lo; s <= hi; s *= 2) {
				t = t (t == "" ? "" : " ") reg_size(s)
				r = s
			}
			if (r != hi)
				t = t (t == "" ? "" : " ") sprintf("%dk", hi / 1024)
		} else if (w[i] == "MB")
			t = mb "m"
		else if (w[i] == "MB/2")
			t = int(mb / 2) > 0 ? int(mb / 2) "m" : "512k"
		else
			t = w[i]
		if (t != last)
			out = out (out == "" ? "" : " ") t
		last = t
	}
	return out
}

function reg_subst(s, key, repl,    i, out) {
	out = ""
	while ((i = index(s, key)) > 0) {
		out = out substr(s, 1, i - 1) repl
		s = substr(s, i + length(key))
	}
	return out s
}

# flag_add(F, X): flags F with X added ("-" is none).
function flag_add(f, x) {
	if (x == "")
		return f
	return (f == "-" ? "" : f) x
}

# One plan line of registry line i, for remote host address ha, name hn.
function reg_step(i, ha, hn,    spec, text, pin, sizes, n, w, j, prog, f, m) {
	spec = quick == 1 ? REGQ[i] : REGFU[i]
	if (spec == "off")
		return
	# Flag M, in quick mode only: a step the memory sweep's size makes
	# long ({MB} in its command, the registry's M), or a sweep's point
	# at MB (MB/2, A..MB); the driver may take them in the first round
	# only.
	f = REGF[i]
	m = ""
	if (quick == 1 && f !~ /M/) {
		if (index(REGC[i], "{MB}"))
			f = flag_add(f, "M")
		else if (spec ~ /MB[^ \t]*$/)
			m = "M"
	} else if (quick != 1 && gsub(/M/, "", f) && f == "")
		f = "-"
	pin = ""
	if (REGP[i] == "same")
		pin = "-C @CPU@"
	else if (REGP[i] == "one")
		pin = "-C @ONE@"
	else if (REGP[i] == "cross") {
		if (cross == "")
			return
		pin = "-C " cross
	} else if (REGP[i] == "pair")
		pin = "-C " (cross == "" ? "0" : cross)
	text = reg_subst(REGC[i], "{MB}", mb)
	text = reg_subst(text, "{HOST}", ha)
	text = reg_subst(text, "{NAME}", hn)
	if (pin != "" && (REGK[i] == "run" || REGK[i] == "server")) {
		prog = text
		sub(/ .*/, "", prog)
		text = prog " " pin substr(text, length(prog) + 1)
	}
	sizes = reg_sizes(spec)
	text = reg_subst(text, "{SIZES}", sizes)
	if (index(text, "{S}") == 0) {
		print REGK[i] "|" REGG[i] "|" REGW[i] "|" f "|" text
		return
	}
	# A sweep from A to B (a graph's curve: the tables read its last
	# point) takes its points below B in the first round only (flag G
	# in the plan); the last point is taken in every round.
	n = split(sizes, w, " ")
	for (j = 1; j <= n; j++)
		print REGK[i] "|" REGG[i] "|" REGW[i] "|" \
		    flag_add(flag_add(f, j < n && index(spec, "..") && REGF[i] !~ /O/ ? "G" : ""), \
		    j == n ? m : "") "|" reg_subst(text, "{S}", w[j])
}

function reg_plan(    i, j, k, h, nh, hosts, ha, hn) {
	nh = split(remote, hosts, /[ \t,]+/)
	for (i = 1; i <= NREG; i++) {
		if (REGK[i] == "fig")
			continue
		if (REGP[i] != "remote") {
			reg_step(i, "", "")
			continue
		}
		# A block of remote lines: all of it for each host.
		for (j = i; j < NREG && REGP[j + 1] == "remote"; j++)
			;
		for (h = 1; h <= nh; h++) {
			if (hosts[h] == "")
				continue
			hn = ha = hosts[h]
			sub(/=.*/, "", hn)
			sub(/^[^=]*=/, "", ha)
			for (k = i; k <= j; k++)
				if (REGK[k] != "fig")
					reg_step(k, ha, hn)
		}
		i = j
	}
}

# Each word of the lines' field FIELD ("groups" or "progs") once.
function reg_words(what,    i, n, w, j, seen, x) {
	for (i = 1; i <= NREG; i++) {
		if (what == "groups") {
			n = split(REGG[i], w, " ")
		} else {
			if (REGK[i] !~ /^(run|server|mhz|line)$/)
				continue
			x = REGC[i]
			sub(/ .*/, "", x)
			n = 1
			w[1] = x
		}
		for (j = 1; j <= n; j++) {
			x = w[j]
			if (x == "-" || x == "always" || x == "cross" || (x in seen))
				continue
			seen[x] = 1
			print x
		}
	}
}

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
	if (what == "")
		;
	else if (ARGC < 2)
		reg_fail("usage: awk -v what=plan|check|groups|progs|match|names -f registry.awk REGISTRY")
	else {
		reg_read(ARGV[1])
		if (what == "plan")
			reg_plan()
		else if (what == "groups" || what == "progs")
			reg_words(what)
		else if (what == "names")
			reg_names()
		else if (what == "check")
			;
		else if (what == "match") {
			for (i = 1; i <= NREGM; i++)
				print REGM[i]
		} else
			reg_fail("unknown what=" what)
		exit 0
	}
}

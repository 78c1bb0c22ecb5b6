# registry.awk - reads scripts/registry, the one list of what latbw
# measures (its fields are described at its top), and makes from it:
#
#   awk -v what=plan -v quick=0|1 -v mb=N -v cross=LIST -v remote=HOSTS \
#       -f registry.awk REGISTRY
#                 the driver's plan, one step a line:
#                 KIND|GROUPS|WEIGHT|FLAGS|TEXT[|ID|LABEL...] (see
#                 scripts/latbw-run); a step that makes figures ends
#                 with the id and label of each (its line's, then its
#                 fig lines'), {S} in them left for a {SIZES} step's
#                 series to fill
#   what=check    nothing: every line checked (exit status 2, each bad
#                 line named, one message each)
#   what=groups   the BENCHMARKS= groups, one a line, first seen first
#   what=progs    the programs the steps run, one a line
#   what=match    the texts lmbench's readers match anywhere in a line
#   what=names    (with registry-names.awk first) the metric names of the
#                 figures, one a line
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
# full sizes), REGL (label), REGU (unit), REGCOL (column), REGID (id),
# i = 1..NREG; the match texts into REGM, 1..NREGM (REGMI: those an id
# may hold).  "-" fields are kept as "-".  Every line is checked
# (reg_bad): each bad one is named, with its first fault, and then the
# registry is an error (exit status 2), before anything is made from it.
function reg_read(path,    line, ln, n, f, i, r, bad, msg) {
	NREG = NREGM = NREGMI = 0
	ln = bad = 0
	while ((r = (getline line < path)) > 0) {
		ln++
		sub(/\r$/, "", line)
		if (line ~ /^[ \t]*(#.*)?$/)
			continue
		# (blanks around a "|" go with it: a sub() a field was slow)
		n = split(line, f, /[ \t]*\|[ \t]*/)
		f[1] = reg_trim(f[1])
		f[n] = reg_trim(f[n])
		if (f[1] == "match" && n == 2 && f[2] != "") {
			if (f[2] ~ /^".+"$/)
				f[2] = substr(f[2], 2, length(f[2]) - 2)
			REGM[++NREGM] = f[2]
			if (f[2] ~ /^[a-z0-9._@{}SNAME-]+$/)	# (one an id may hold: REGMI)
				REGMI[++NREGMI] = f[2]
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
		REGID[NREG] = f[12]; REGLN[NREG] = ln
	}
	if (r < 0)
		reg_fail("cannot read " path)
	close(path)
	bad += reg_bad_ids(path)
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
	if (n != 12 || f[1] !~ /^(run|server|stop|rserver|rstop|mhz|line|series|end|fig)$/)
		return "not a registry line (12 fields, a known kind): " line
	for (i = 1; i <= n; i++)
		if (f[i] == "")
			return "field " i " is empty (\"-\" for none)"
	# (a figure, a series' title or end is no step: its weight may be -)
	if ((f[3] !~ /^[0-9]+$/ || length(f[3]) > 6) &&
	    !(f[3] == "-" && f[1] ~ /^(fig|series|end)$/))
		return "weight '" f[3] "' is not a whole number (tenths of a second)"
	if (f[4] !~ /^(-|([PNOMXASJGWT]|N[0-9]+)+)$/ || f[4] ~ /N([^0-9]|$)/)
		return "unknown flags '" f[4] "' (P, N<count>, O, M, X, A, W, T, J, S, or -)"
	if (f[5] !~ /^(-|same|one|cross|pair|remote)$/)
		return "unknown place '" f[5] "'"
	for (i = 7; i <= 8; i++)
		if ((w = reg_bad_sizes(f[i])) != "")
			return (i == 7 ? "quick" : "full") " sizes '" f[i] "': " w
	return reg_bad_id(f)
}

# reg_bad_id(F): what is wrong with the id of registry line F, or "".
# A figure's line (run, fig, mhz, line) has one: lower-case letters,
# digits and . _ - @, with {S} where its label has {S} and {NAME} where
# it has {HOST}; any other line "-".
function reg_bad_id(f,    id, t) {
	id = f[12]
	if (f[1] !~ /^(run|fig|mhz|line)$/)
		return id == "-" ? "" : "id '" id "' on a " f[1] " line (\"-\": none)"
	t = id
	gsub(/[{](S|NAME)[}]/, "", t)
	if (id == "-" || t !~ /^[a-z0-9][a-z0-9._@-]*$/)
		return "id '" id "' is not an id (lower-case letters, digits, . _ - @, {S}, {NAME})"
	if ((index(f[9], "{S}") > 0) != (index(id, "{S}") > 0))
		return "id '" id "': {S} must be in the id when it is in the label, and only then"
	if ((index(f[9], "{HOST}") > 0) != (index(id, "{NAME}") > 0))
		return "id '" id "': {NAME} must be in the id when {HOST} is in the label, and only then"
	return ""
}

# reg_bad_ids(PATH): after reading: each id that two lines of one plan
# (quick, or full: a fig line is in its run line's) share, or that holds
# a "match" text, named with its line; the number of such lines.
function reg_bad_ids(path,    i, j, q, fu, key, seen, bad, id) {
	bad = 0
	for (i = 1; i <= NREG; i++) {
		if (REGK[i] != "fig") {
			q = REGQ[i] != "off"
			fu = REGFU[i] != "off"
		}
		if (REGK[i] !~ /^(run|fig|mhz|line)$/)
			continue
		id = REGID[i]
		for (j = 1; j <= NREGMI; j++)
			if (index(id, REGMI[j]) > 0) {
				reg_id_msg(path, i, "id '" id "' holds the match text '" REGMI[j] "'")
				bad++
			}
		for (j = 0; j <= 1; j++) {
			if (!(j ? fu : q))
				continue
			key = j SUBSEP id
			if (key in seen) {
				reg_id_msg(path, i, "id '" id "' is also that of line " seen[key])
				bad++
				break
			}
			seen[key] = REGLN[i]
		}
	}
	return bad
}

function reg_id_msg(path, i, msg) {
	printf "%s: %s:%d: %s\n", (me == "" ? "registry" : me), path, REGLN[i], msg > "/dev/stderr"
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
function reg_step(i, ha, hn,    spec, text, pin, sizes, n, w, j, prog, f, m, figs) {
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
	figs = reg_figs(i, ha, hn)
	if (index(text, "{S}") == 0) {
		print REGK[i] "|" REGG[i] "|" REGW[i] "|" f "|" text figs
		return
	}
	# A sweep from A to B (a graph's curve: the tables read its last
	# point) takes its points below B in the first round only (flag G
	# in the plan); the last point is taken in every round.
	n = split(sizes, w, " ")
	for (j = 1; j <= n; j++)
		print REGK[i] "|" REGG[i] "|" REGW[i] "|" \
		    flag_add(flag_add(f, j < n && index(spec, "..") && REGF[i] !~ /O/ ? "G" : ""), \
		    j == n ? m : "") "|" reg_subst(text, "{S}", w[j]) reg_subst(figs, "{S}", w[j])
}

# reg_figs(I, HA, HN): the end of the plan line of registry line I: "|"
# ID "|" LABEL for it and for each fig line after it ({HOST} in a label
# made HA, {NAME} in an id HN); "" for a line that makes no figure.
function reg_figs(i, ha, hn,    out) {
	out = ""
	if (REGK[i] !~ /^(run|mhz|line)$/)
		return ""
	do {
		out = out "|" reg_subst(REGID[i], "{NAME}", hn) "|" reg_subst(REGL[i], "{HOST}", ha)
	} while (++i <= NREG && REGK[i] == "fig")
	return out
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

# Each word of the lines' field FIELD ("groups" or "progs") once.  Among
# the groups, the name of a program none of whose steps is in a group of
# that name (lat_udp on a step of lat_rpc, which makes lat_udp's figure)
# is no group: BENCHMARKS= that program chooses the step.
function reg_words(what,    i, n, w, j, seen, x, own) {
	for (i = 1; what == "groups" && i <= NREG; i++) {
		x = REGC[i]
		sub(/ .*/, "", x)
		if (REGK[i] ~ /^(run|server|mhz|line)$/)
			own[x] = index(" " REGG[i] " ", " " x " ") || own[x]
	}
	for (x in own)
		if (!own[x])
			seen[x] = 1
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

# reg_cross(LABEL): the registry's label of figure LABEL taken across
# CPUs: that of its line whose label is LABEL with " (cross CPU)" in it,
# where the driver puts it (after the words that name the operation:
# "TCP latency (cross CPU) using localhost"); with no such line, LABEL
# " (cross CPU)".  The registry is read (LATBW_REGISTRY) on the first
# call if it has not been.
function reg_cross(label,    i, p, plain) {
	if (!REG_CROSS_DONE) {
		REG_CROSS_DONE = 1
		if (NREG == 0)
			reg_read(ENVIRON["LATBW_REGISTRY"])
		for (i = 1; i <= NREG; i++) {
			p = index(REGL[i], " (cross CPU)")
			if (p == 0)
				continue
			plain = substr(REGL[i], 1, p - 1) substr(REGL[i], p + 12)
			if (!(plain in REG_CROSS))
				REG_CROSS[plain] = REGL[i]
		}
	}
	return (label in REG_CROSS) ? REG_CROSS[label] : label " (cross CPU)"
}

BEGIN {
	if (what == "")
		;
	else if (ARGC < 2)
		reg_fail("usage: awk -v what=plan|check|groups|progs|match -f registry.awk REGISTRY")
	else {
		reg_read(ARGV[1])
		if (what == "plan")
			reg_plan()
		else if (what == "groups" || what == "progs")
			reg_words(what)
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

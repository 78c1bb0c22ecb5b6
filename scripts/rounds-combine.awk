# rounds-combine.awk - the lines of the combined file made from their
# rounds': a figure's or point's numbers, a statistics line, a series
# title's ovr=.  A part of rounds.awk (see there).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

# The words of a line that are not numbers: two lines of one figure
# agree on them (a round whose line differs is left out of its median).
function shape(n, w,    i, s) {
	s = n ":"
	for (i = 1; i <= n; i++)
		s = s (isnum(w[i]) ? "#" : w[i]) " "
	return s
}

# med(n, v, g): the median of v[1..n] as text: the middle value's own
# text for an odd n; for an even n, the mean of the two middle values,
# with the more decimals of theirs (with six significant digits when g
# is set: statistics lines).  Sorts v (by value).
function med(n, v, g,    i, j, t, a, b, da, db, d) {
	for (i = 2; i <= n; i++) {
		t = v[i]
		for (j = i - 1; j >= 1 && v[j] + 0 > t + 0; j--)
			v[j + 1] = v[j]
		v[j + 1] = t
	}
	if (n % 2)
		return v[(n + 1) / 2]
	a = v[n / 2]
	b = v[n / 2 + 1]
	if (g || a ~ /[eE]/ || b ~ /[eE]/)
		return sprintf("%.6g", (a + b) / 2)
	da = index(a, ".") ? length(a) - index(a, ".") : 0
	db = index(b, ".") ? length(b) - index(b, ".") : 0
	d = da > db ? da : db
	return sprintf("%." d "f", (a + b) / 2)
}

# comb_words(pre, rest, key, from): pre followed by the words of rest
# (from word "from" on), each number a statistics line stands for the
# chosen round's (CH), each other number the median of that word across
# the rounds whose line at key has the same shape.
function comb_words(pre, rest, key, from,    n, w, sh, r, m, u, i, v, nv, out, o, by, sm) {
	# The last numbers are those of the statistics lines, in order.
	n = stood_for(key, rest, from, w, by)
	sh = shape(n, w)
	out = pre
	for (i = 1; i <= n; i++) {
		o = w[i]
		if ((i in by) && (by[i] in CH)) {
			r = CH[by[i]]
			if ((r, key) in HAVE) {
				m = split(rest_of(HAVE[r, key], pre), u, / +/)
				if (shape(m, u) == sh) {
					out = out (i > 1 ? " " : "") u[i]
					continue
				}
			}
		}
		if (i >= from && isnum(w[i])) {
			nv = 0
			split("", v)
			for (r = 1; r <= nr; r++) {
				if (!((r, key) in HAVE) || ((i in by) && ((r, by[i]) in ASIDE)))
					continue
				m = split(rest_of(HAVE[r, key], pre), u, / +/)
				if (shape(m, u) != sh)
					continue
				v[++nv] = u[i]
				sm[nv] = (i in by) && ((r, by[i]) in HAVE) ? field(HAVE[r, by[i]], "median") : ""
			}
			if (nv > 0)
				o = med(nv, v, 0)
			if (nv > 0 && nv % 2 == 0 && (i in by))
				o = even_med(nv, sm, o)
		}
		out = out (i > 1 ? " " : "") o
	}
	return out
}

# A figure's median of an even count of rounds, o (the mean of the two
# middle figures as printed), as the median its statistics line gets:
# the mean of the rounds' unrounded medians sm[1..n], printed with o's
# decimals.  The two differed in the last digit (par_ops, six rounds:
# "4.96" over median=4.95291), and a reader takes a figure whose line
# says another number for damaged.  o as it is when a round has no
# median.
function even_med(n, sm, o,    i, d) {
	for (i = 1; i <= n; i++)
		if (!isnum(sm[i]))
			return o
	if (o ~ /[eE]/)
		return o
	d = index(o, ".") ? length(o) - index(o, ".") : 0
	return sprintf("%." d "f", med(n, sm, 1) + 0)
}

# The line without its label part (the text up to and including ": ",
# or nothing for a point).
function rest_of(line, pre) {
	return pre == "" ? line : substr(line, index(line, ": ") + 2)
}

function comb_fig(line, key,    k) {
	k = index(line, ": ")
	return comb_words(substr(line, 1, k + 1), substr(line, k + 2), key, 1)
}

function comb_pt(line, key) {
	return comb_words("", line, key, 2)
}

# A lat_ctx title: its ovr= the chosen round's (see the top), else the
# median of the rounds'.
function comb_title(line, key,    r, v, nv, o, t) {
	if (line !~ / ovr=[-+.0-9eE]+( |$)/)
		return line
	nv = 0
	# The round its overhead's statistics line chose.
	if (NATT[key] > 0 && (ATT[key, 1] in CH) && ((CH[ATT[key, 1]], key) in HAVE)) {
		t = HAVE[CH[ATT[key, 1]], key]
		if (match(t, / ovr=[-+.0-9eE]+/) && finite(substr(t, RSTART + 5, RLENGTH - 5))) {
			o = substr(t, RSTART + 5, RLENGTH - 5)
			match(line, / ovr=[-+.0-9eE]+/)
			return substr(line, 1, RSTART + 4) o substr(line, RSTART + RLENGTH)
		}
	}
	for (r = 1; r <= nr; r++) {
		if (!((r, key) in HAVE))
			continue
		t = HAVE[r, key]
		if (!match(t, / ovr=[-+.0-9eE]+/))
			continue
		o = substr(t, RSTART + 5, RLENGTH - 5)
		if (finite(o))
			v[++nv] = o
	}
	if (nv == 0)
		return line
	match(line, / ovr=[-+.0-9eE]+/)
	return substr(line, 1, RSTART + 4) med(nv, v, 0) substr(line, RSTART + RLENGTH)
}

# larger_pct(m, p): the larger of m (a number or "") and p (a statistics
# line's percentage, "37%"; not a number: m).
function larger_pct(m, p) {
	sub(/%$/, "", p)
	return isnum(p) && (m == "" || p + 0 > m + 0) ? p : m
}

# A statistics line, combined over the rounds (see the top).
function comb_stat(line, key,    r, s, nv, v, vals, lo, hi, mn, mx, ns, sp, t, m, out, rs, c, cl, cd, last_cpus, ob, cw, f, fl, spw) {
	# Round 1's line, unless it was set aside: then the first round's
	# that was not.
	line = HAVE[model(key), key]
	nv = 0
	ns = 0
	vals = ""
	cl = ""
	cd = 0
	mn = mx = ""
	for (r = 1; r <= nr; r++) {
		if (!((r, key) in HAVE) || ((r, key) in ASIDE))
			continue
		s = HAVE[r, key]
		t = field(s, "median")
		if (!isnum(t))
			continue
		v[++nv] = t
		vals = vals (nv > 1 ? "," : "") t
		# others_busy and cpu_wait: the busiest round's
		ob = larger_pct(ob, field(s, "others_busy"))
		cw = larger_pct(cw, field(s, "cpu_wait"))
		c = field(s, "cpus")
		if (nv > 1 && c != last_cpus)
			cd = 1
		last_cpus = c
		cl = cl (nv > 1 ? ";" : "") c
		if (nv == 1 || t + 0 < lo + 0)
			lo = t
		if (nv == 1 || t + 0 > hi + 0)
			hi = t
		t = field(s, "min")
		if (isnum(t) && (mn == "" || t + 0 < mn + 0))
			mn = t
		t = field(s, "max")
		if (isnum(t) && (mx == "" || t + 0 > mx + 0))
			mx = t
		t = field(s, "spread")
		sub(/%$/, "", t)
		if (isnum(t))
			sp[++ns] = t
	}
	if (nv == 0)
		return line
	m = med(nv, v, 1)
	f = m
	if (key in CH) {
		f = field(HAVE[CH[key], key], "median")
		fl = field(HAVE[CH[key], key], "less")
	}
	# med sorted v.  In five rounds or more the spread leaves out the
	# one round farthest from the median: one round taken during a
	# spell on the host (a few seconds every minute or so, on a cloud
	# guest) moves no median of five, and must not flag it; two or more
	# still do.
	if (nv >= 5) {
		if (m - v[1] > v[nv] - m)
			lo = v[2]
		else
			hi = v[nv - 1]
	}
	rs = m + 0 != 0 ? sprintf("%.2f%%", (hi - lo) / (m < 0 ? -m : m) * 100) : "0.00%"
	spw = ns > 0 ? sprintf("%.2f%%", med(ns, sp, 1)) : ""
	out = stat_words(line, f, fl, mn, mx, ob, cw, spw)
	if (nv == 1)
		return out " rounds=1]"
	# The rounds of a same-CPU step may have run on different CPUs (the
	# driver's SAME_CPU=quiet): then each round's, in order.
	return out " rounds=" nv " round_spread=" rs " round_values=" vals \
	    (cd ? " round_cpus=" cl : "") \
	    (key in GAP ? " from_round=" CH[key] " round_gap=" GAP[key] : "") "]"
}

# A statistics line with the words the rounds make replaced: median=f,
# less=fl, min=mn, max=mx, others_busy=ob%, cpu_wait=cw%, spread=spw
# (each but f only when not ""); without its closing "]".
function stat_words(line, f, fl, mn, mx, ob, cw, spw,    n, w, i, out) {
	sub(/\][ \t]*$/, "", line)
	n = split(line, w, / +/)
	out = w[1]
	for (i = 2; i <= n; i++) {
		if (index(w[i], "median=") == 1)
			w[i] = "median=" f
		else if (index(w[i], "less=") == 1 && fl != "")
			w[i] = "less=" fl
		else if (index(w[i], "min=") == 1 && mn != "")
			w[i] = "min=" mn
		else if (index(w[i], "max=") == 1 && mx != "")
			w[i] = "max=" mx
		else if (index(w[i], "others_busy=") == 1 && ob != "")
			w[i] = "others_busy=" ob "%"
		else if (index(w[i], "cpu_wait=") == 1 && cw != "")
			w[i] = "cpu_wait=" cw "%"
		else if (index(w[i], "spread=") == 1 && spw != "")
			w[i] = "spread=" spw
		out = out " " w[i]
	}
	return out
}

# stood_for(key, rest, from, w, by): rest (a line of target key without
# its label part) split into w[1..n] (returns n); by[i], for each number
# w[i] a statistics line stands for, that line's key (the last numbers of
# the line, from word "from" on, are theirs, in order).
function stood_for(key, rest, from, w, by,    n, ns, i) {
	n = split(rest, w, / +/)
	split("", by)
	ns = NATT[key] + 0
	for (i = n; i >= from && ns > 0; i--)
		if (isnum(w[i]))
			by[i] = ATT[key, ns--]
	return n
}

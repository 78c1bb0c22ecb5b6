# rounds.awk - combine the rounds of a latbw run into one results file.
#
#   awk -f rounds.awk ROUND1 ROUND2 ... >COMBINED
#
# latbw-run takes the whole plan in rounds (five by default), one after
# the other, so that the rounds of each figure are spread over the run.
# ROUND1 is the results file as the first round wrote it (header and
# all); ROUND2 ... hold the result lines of the later rounds, in the same
# order (a round cut short by an interrupted run holds what it measured).
# The output is ROUND1 with
#   - each figure and point taken from its fastest round, by its
#     statistics line's median (a time: the least; a bandwidth or rate:
#     the greatest; for a figure that had a measured overhead taken off,
#     less=, the whole that was timed, median + less).  What slows a
#     round down and is not the operation (another tenant of the host, a
#     CPU frequency change, a neighbour's cache) only ever adds to its
#     time, and can hold for a second or a whole round, so that the
#     rounds of one figure fall into a fast and a slow mode and their
#     median follows the share of slow rounds, which changes from run to
#     run; the fastest round is what the operation costs.  A number with
#     no statistics line (a count, a cache size), or whose line has no
#     such order (a ratio), is the median across the rounds that have it
#     (the middle round's own text for an odd count; for an even count,
#     the mean of the two middle values with the decimals they were
#     printed with), so that lmbench's readers, and ours, read one
#     figure per cell;
#   - each [latbw-stat ...] line carrying the chosen round's median (and
#     less=), the least min, the greatest max, the median of the rounds'
#     own spreads (spread=, the spread within a round), the busiest
#     round's others_busy= and cpu_wait=, and at its end
#     rounds=N round_spread=S% round_values=a,b,c from_round=R
#     round_gap=G%: how many rounds have it, the range of their medians
#     over their median ((max - min) / median, in percent; in five rounds
#     or more without the one round farthest from the median), each
#     round's median in round order, the round the figure is, and how far
#     the next fastest round was from it, in percent of it (whether
#     another round saw the operation as fast; only rounds=1 for a figure
#     that one round measured);
#   - a lat_ctx series title's ovr= the chosen round's (that of its
#     overhead's statistics line);
#   - after everything, the later rounds' own lines ([note: ...],
#     [failed: ...], [skipped: ...]) that round 1 does not hold already,
#     with "round N: " after their colon, and a note for each round set
#     aside (see "rounds set aside" below: a round whose figure is not a
#     finite number above zero, or whose statistics line is cut short,
#     is not combined; a warning on standard error names its file and
#     line).
# Which numbers of a line a statistics line stands for: those after it
# belong to the figure or point they follow, or, with an x=, to the
# point of that x in the series (or run of points) they follow; the
# last numbers of the line are theirs, in order (lat_fs's "0k 1000 C D":
# C create's, D delete's).
# A figure is written where ROUND1 has it: one that only a later round
# measured (round 1's run of it failed) is said in a note, not shown.
#
# How lines are matched between rounds (see doc/results-format.7): a
# figure by its label and how many times that label came before; a
# series by its title (without ovr=) and how many times it came before; a
# point by its series and its x; a statistics line by what it belongs to
# (the figure line before it, the series it follows or stands in) with
# its prog, case and x.
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

BEGIN {
	nr = 0
}

FNR == 1 {
	nr++
	FNAME[nr] = FILENAME
	reset()
}

{
	sub(/\r$/, "")
	classify($0)
	if (nr == 1)
		TL[++ntl] = $0
	if (KIND == "fig" || KIND == "pt" || KIND == "title") {
		HAVE[nr, KEY] = $0
		WHERE[nr, KEY] = FNR
		if (!(KEY in ORDER)) {
			ORDER[KEY] = ++nkeys
			KEYOF[nkeys] = KEY
		}
	} else if (KIND == "stat") {
		HAVE[nr, KEY] = $0
		WHERE[nr, KEY] = FNR
		if (!(KEY in SORDER)) {
			SORDER[KEY] = ++nskeys
			SKEYOF[nskeys] = KEY
		}
		t = stat_damage($0)
		if (t != "")
			ASIDE[nr, KEY] = t
		if (nr == 1 && TARGET != "")
			ATT[TARGET, ++NATT[TARGET]] = KEY
		if (nr == 1)
			tie_note($0, KEY)
	}
	else if (KIND == "other" && nr > 1)
		LATE[nr, ++NLATE[nr]] = $0
	if (nr == 1 && KIND == "other")
		INTPL[$0] = 1
}

END {
	check_figures()
	say_aside()
	choose_rounds()
	tie_rounds()
	reset()
	for (i = 1; i <= ntl; i++) {
		classify(TL[i])
		if (KIND == "fig")
			print comb_fig(TL[i], KEY)
		else if (KIND == "pt")
			print comb_pt(TL[i], KEY)
		else if (KIND == "stat")
			print comb_stat(TL[i], KEY)
		else if (KIND == "title")
			print comb_title(TL[i], KEY)
		else
			print TL[i]
		if (KIND == "fig" || KIND == "pt")
			SHOWN[KEY] = 1
	}
	# What a later round measured that round 1 has not: said, not shown.
	for (r = 2; r <= nr; r++) {
		for (j = 1; j <= NLATE[r]; j++) {
			l = LATE[r, j]
			if (l in INTPL)
				continue
			k = index(l, ": ")
			if (l ~ /^\[[A-Za-z_-]+: /)
				print substr(l, 1, k + 1) "round " r ": " substr(l, k + 2)
			else
				print "[note: round " r ": " substr(l, 2)
		}
	}
	for (j = 1; j <= nnote; j++)
		print NOTE[j]
	for (j = 1; j <= nkeys; j++) {
		key = KEYOF[j]
		if (key in SHOWN || key ~ /^T\|/)
			continue
		for (r = 2; r <= nr; r++)
			if ((r, key) in HAVE) {
				LEFT[r]++
				break
			}
	}
	for (r = 2; r <= nr; r++)
		if (LEFT[r] > 0)
			print "[note: round " r " measured " LEFT[r] " figure(s) or point(s) that round 1 has not (its run failed); left out]"
}

# The state of one file's parse.
function reset() {
	ser = ""	# the open series' key
	ended = ""	# the series whose blank line came last
	last = ""	# the figure or point a statistics line follows
	split("", SEEN)
}

# classify(line): sets KIND (fig pt stat title blank other) and KEY, and
# moves the parse on.
function classify(line,    c, k, t, x, ctx, f) {
	KEY = ""
	TARGET = ""
	c = substr(line, 1, 1)
	if (line == "") {
		KIND = "blank"
		if (ser != "")
			ended = ser
		ser = ""
		last = ""
		return
	}
	if (c == "[") {
		if (line !~ /^\[latbw-stat /) {
			KIND = "other"
			return
		}
		KIND = "stat"
		if (last != "")
			ctx = last
		else if (ser != "")
			ctx = ser
		else if (ended != "")
			ctx = ended
		else
			ctx = "-"
		x = field(line, "x")
		KEY = "S|" ctx "|" field(line, "prog") "|" field(line, "case") "|" x
		KEY = KEY "#" (++SEEN[KEY])
		# The figure it stands for: with x, the point of that x in the
		# series of the point it follows (or the open or last series);
		# without, the figure or point it follows, or the open series'
		# title.
		if (x != "") {
			t = "P|" (last ~ /^P\|/ ? PSER[last] : ser != "" ? ser : ended) "|" x
			if (t in SEEN)
				TARGET = t "#" SEEN[t]
		} else if (last != "")
			TARGET = last
		else if (ser != "")
			TARGET = ser
		return
	}
	if (c ~ /[0-9.-]/ && line !~ /^[^ ]*: /) {
		KIND = "pt"
		x = line
		sub(/ .*/, "", x)
		KEY = "P|" ser "|" x
		KEY = KEY "#" (++SEEN[KEY])
		PSER[KEY] = ser
		last = KEY
		return
	}
	k = index(line, ": ")
	if (k > 1) {
		KIND = "fig"
		KEY = "F|" substr(line, 1, k - 1)
		KEY = KEY "#" (++SEEN[KEY])
		last = KEY
		return
	}
	KIND = "title"
	t = line
	gsub(/ ovr=[^ ]*/, "", t)
	KEY = "T|" t
	KEY = KEY "#" (++SEEN[KEY])
	ser = KEY
	ended = ""
	last = ""
}

# field(line, name): the value of name= in a statistics line, or "".
function field(line, name,    n, w, i) {
	sub(/\][ \t]*$/, "", line)
	n = split(line, w, / +/)
	for (i = 2; i <= n; i++)
		if (index(w[i], name "=") == 1)
			return substr(w[i], length(name) + 2)
	return ""
}

function isnum(s) {
	return s ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/
}

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
function comb_words(pre, rest, key, from,    n, w, sh, r, m, u, i, v, nv, out, o, by) {
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
			}
			if (nv > 0)
				o = med(nv, v, 0)
		}
		out = out (i > 1 ? " " : "") o
	}
	return out
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

# rank_dir(unit): 1 when the least value is the fastest (a time), -1
# when the greatest is (a bandwidth, a rate), 0 when neither (a ratio).
function rank_dir(u) {
	if (u == "us" || u == "ns" || u == "ms" || u == "s")
		return 1
	if (u ~ /\/s(ec)?$/)
		return -1
	return 0
}

# choose_rounds: CH[key], for each statistics line of round 1 that two
# rounds or more have, in a unit with a fastest: its fastest round (see
# the top; of two equal ones, the earlier); GAP[key], how far the next
# fastest was from it, in percent of it ("12.50%").
function choose_rounds(    i, hk, key, d, r, s, t, nv, rr, val, k, j) {
	for (hk in HAVE) {
		split(hk, t, SUBSEP)
		if (t[1] != 1 || t[2] !~ /^S\|/)
			continue
		key = t[2]
		d = rank_dir(field(HAVE[model(key), key], "unit"))
		if (d == 0)
			continue
		nv = 0
		for (r = 1; r <= nr; r++) {
			if ((s = rank_val(r, key)) == "")
				continue
			rr[++nv] = r
			val[nv] = s
		}
		if (nv < 1)
			continue
		k = 1
		for (i = 2; i <= nv; i++)
			if (val[i] < val[k])
				k = i
		CH[key] = rr[k]
		if (nv < 2)
			continue
		j = k == 1 ? 2 : 1
		for (i = 1; i <= nv; i++)
			if (i != k && val[i] < val[j])
				j = i
		GAP[key] = val[k] != 0 ? sprintf("%.2f%%", (val[j] - val[k]) / (val[k] < 0 ? -val[k] : val[k]) * 100) : "0.00%"
	}
}

# rank_val(r, key): round r's statistics line at key as choose_rounds
# ranks it (its unit's direction times median + less; the least is the
# fastest), or "" when round r has none to rank.
function rank_val(r, key,    s, d) {
	if (!((r, key) in HAVE) || ((r, key) in ASIDE))
		return ""
	s = HAVE[r, key]
	d = rank_dir(field(HAVE[model(key), key], "unit"))
	if (d == 0 || !isnum(field(s, "median")))
		return ""
	return d * (field(s, "median") + (isnum(field(s, "less")) ? field(s, "less") : 0))
}

# ---- figures taken together ---------------------------------------------
#
# The driver takes the figures that a consistency check compares (UDP,
# TCP, RPC/UDP, RPC/TCP: RPC/UDP >= UDP, RPC/TCP >= TCP) one right after
# the other, on the same CPUs, and the statistics line of each after the
# first says whose it goes with: tied=PROG:CASE[:X], the nearest
# statistics line before it with that prog, case (and x).  Figures tied
# together (a chain) are taken from one round, so that the check compares
# figures of one moment: each taken from its own fastest round, they could
# come from rounds in different states of the host, and "RPC/UDP >= UDP"
# failed in one or two runs of three.

# tie_note(line, key): round 1's statistics line at key: TIE[key], the
# key of the line it is tied to.
function tie_note(line, key,    t, id) {
	t = field(line, "tied")
	if (t != "" && (t in LASTID))
		TIE[key] = LASTID[t]
	id = field(line, "prog") ":" field(line, "case")
	if (field(line, "x") != "")
		id = id ":" field(line, "x")
	LASTID[id] = key
}

# tie_rounds: the lines tied together (a chain of TIE) take one round:
# among the rounds that have them all, the one whose sum of each
# figure's ratio to its own fastest round is least (of two equal, the
# earlier); GAP is then how far the fastest other round was from it
# (below zero when that one was faster).
function tie_rounds(    key, root, NG, G, i, r, c, v, b, bc, br, w) {
	for (key in TIE) {
		for (root = key; root in TIE; root = TIE[root])
			;
		if (!(root in NG)) {
			NG[root] = 1
			G[root, 1] = root
		}
		G[root, ++NG[root]] = key
	}
	for (root in NG) {
		for (i = 1; i <= NG[root]; i++)
			if (!(G[root, i] in CH))
				break
		if (i <= NG[root])
			continue
		br = 0
		for (r = 1; r <= nr; r++) {
			c = 0
			for (i = 1; i <= NG[root]; i++) {
				v = rank_val(r, G[root, i])
				if (v == "")
					break
				b = rank_val(CH[G[root, i]], G[root, i])
				c += b > 0 ? v / b : b / v
			}
			if (i > NG[root] && (br == 0 || c < bc)) {
				br = r
				bc = c
			}
		}
		if (br == 0)
			continue
		for (i = 1; i <= NG[root]; i++) {
			key = G[root, i]
			CH[key] = br
			delete GAP[key]
			v = rank_val(br, key)
			w = ""
			for (r = 1; r <= nr; r++)
				if (r != br && (b = rank_val(r, key)) != "" && (w == "" || b < w))
					w = b
			if (w != "")
				GAP[key] = v != 0 ? sprintf("%.2f%%", (w - v) / (v < 0 ? -v : v) * 100) : "0.00%"
		}
	}
}

# ---- rounds set aside ---------------------------------------------------
#
# A round's figure is combined only if its statistics line is whole (it
# ends with "]"), its median a number above zero and finite (1e400 is
# infinite to awk), its min, max, spread and less= (where they are
# numbers) finite and not below zero, and the numbers of its figure or
# point line that the statistics line stands for above zero and finite:
# a file damaged on disk, by hand or by a program gone wrong would
# otherwise be the fastest round (-1 is less than any time) or make every
# sum infinite.  Such a round is set aside for that figure (ASIDE[r,
# stat key] says why), with a warning on standard error naming the file
# and line, and a [note: ...] line at the end of the output.

# positive(s): s is a number above zero and finite.
function positive(s) {
	return isnum(s) && s + 0 > 0 && s + 0 < 1e300
}

# stat_damage(line): why a round's statistics line cannot be combined,
# or "".
function stat_damage(line,    t, i, n, f) {
	if (line !~ /\][ \t]*$/)
		return "its statistics line is cut short (no closing ])"
	t = field(line, "median")
	if (!positive(t))
		return "median=" shown(t) " is not a finite number above zero"
	n = split("min max spread less", f, " ")
	for (i = 1; i <= n; i++) {
		t = field(line, f[i])
		sub(/%$/, "", t)
		if (isnum(t) && !finite(t))
			return f[i] "=" shown(t) " is not a finite number of zero or more"
	}
	return ""
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

# check_figures: a round whose figure or point has a number its
# statistics line stands for that is not above zero and finite is set
# aside for that statistics line.
function check_figures(    j, key, r, s, n, w, by, i, from) {
	for (j = 1; j <= nkeys; j++) {
		key = KEYOF[j]
		if (!(key in NATT) || key ~ /^T\|/)
			continue
		for (r = 1; r <= nr; r++) {
			if (!((r, key) in HAVE))
				continue
			s = HAVE[r, key]
			from = 2
			if (key ~ /^F\|/) {
				s = rest_of(s, "fig")
				from = 1
			}
			n = stood_for(key, s, from, w, by)
			for (i = 1; i <= n; i++) {
				if (!(i in by) || positive(w[i]) || ((r, by[i]) in ASIDE) || !((r, by[i]) in HAVE))
					continue
				ASIDE[r, by[i]] = "its figure " shown(w[i]) " is not a finite number above zero"
				ASIDELN[r, by[i]] = WHERE[r, key]
			}
		}
	}
}

# say_aside: a warning and a note for each round set aside, in round
# order, then in the order of the statistics lines.
function say_aside(    r, j, key, ln, what, x) {
	for (r = 1; r <= nr; r++)
		for (j = 1; j <= nskeys; j++) {
			key = SKEYOF[j]
			if (!((r, key) in ASIDE))
				continue
			ln = ((r, key) in ASIDELN) ? ASIDELN[r, key] : WHERE[r, key]
			x = field(HAVE[r, key], "x")
			what = shown(field(HAVE[r, key], "prog") " " field(HAVE[r, key], "case") (x != "" ? " x=" x : ""))
			printf "rounds.awk: %s:%d: round %d of %s set aside: %s\n", \
			    shown(FNAME[r]), ln, r, what, ASIDE[r, key] > "/dev/stderr"
			NOTE[++nnote] = "[note: round " r " of " what " set aside: " \
			    ASIDE[r, key] " (line " ln " of its output)]"
		}
}

# shown(s): s fit for a message: what is not printable ASCII, and "]",
# become "?"; cut after 40 characters.
function shown(s) {
	gsub(/[^ -~]/, "?", s)
	gsub(/\]/, "?", s)
	if (length(s) > 40)
		s = substr(s, 1, 40) "..."
	return s
}

# model(key): the round whose statistics line at key is the model of the
# combined one: round 1, unless it was set aside; then the first round
# whose line was not (round 1, if every round's was).
function model(key,    r) {
	for (r = 1; r <= nr; r++)
		if (((r, key) in HAVE) && !((r, key) in ASIDE))
			return r
	return 1
}

# finite(s): s is a number, finite and not below zero (an overhead).
function finite(s) {
	return isnum(s) && s + 0 >= 0 && s + 0 < 1e300
}

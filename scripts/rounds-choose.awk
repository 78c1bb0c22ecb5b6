# rounds-choose.awk - which round each figure is taken from: its fastest
# (CH, GAP), or one round for figures taken together.  A part of
# rounds.awk (see there).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

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

# model(key): the round whose statistics line at key is the model of the
# combined one: round 1, unless it was set aside; then the first round
# whose line was not (round 1, if every round's was).
function model(key,    r) {
	for (r = 1; r <= nr; r++)
		if (((r, key) in HAVE) && !((r, key) in ASIDE))
			return r
	return 1
}

# compare.awk - the tables of scripts/compare: each side's figures and
# their change against the first side, judged against the noise.
#
# scripts/compare runs "awk -f compare.awk -f read.awk -f stats.awk
# -f cells.awk -f layout.awk -f tables.awk" with LC_ALL=C, mode=lib and
# me=compare: read.awk (with stats.awk) reads the files, tables.awk builds the tables (layout.awk keeps
# them, not printing them); this file's END comes first, prints, and
# exits.  Standard input: "S<TAB>arg" starts a side, then the
# lines of summary's file list for that argument.
#
# Variables (awk -v):
#   shownoise  1: a noise row under every side's row (-n)
#   fmt        lkp: LKP's layout, one metric a line (-f lkp; see lkp_main)
# and in the environment (an option value: -v would take backslashes for
# escapes), else -v:
#   LATBW_FLOOR  floor: the smallest change, in percent, ever called
#                significant (-t)
#
# The rule (doc/compare.1 says the same): a side's figure for a cell is
# the median of its runs' figures.  Its noise, in percent of that figure,
# is
#   one run:      the range of its repetitions, (max - min) / median, from
#                 the statistics line (its spread, (q3 - q1) / median, when
#                 min or max is missing; unknown without one: lmbench);
#   several runs: (max - min) / median of the runs' figures, or the median
#                 of the runs' own spreads (q3 - q1) / median when that is
#                 larger.
# A change is significant when both noises are known and
#   |change| > max(floor, noise of the first side + noise of this side).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

BEGIN {
	if ("LATBW_FLOOR" in ENVIRON)
		floor = ENVIRON["LATBW_FLOOR"]
	if (floor == "")
		floor = 3
	nside = 0
	# -f lkp: how many names of the metrics left out are listed.
	LKP_LIST = 8
}

/^S\t/ {
	nside++
	SARG[nside] = tidy(substr($0, 3))	# for messages and labels only
	SFROM[nside] = nf + 1
	next
}

END {
	compare_main()
	exit status
}

function compare_main(    s, i, n, t, printed_any) {
	# Sides: the files SFROM[s] .. SFROM[s + 1] - 1 (read_file drops an
	# empty file by taking its number back, so the bounds hold).
	for (s = 1; s <= nside; s++)
		STO[s] = (s < nside ? SFROM[s + 1] : nf + 1) - 1
	n = 0
	for (s = 1; s <= nside; s++) {
		if (STO[s] < SFROM[s]) {
			if (s == 1) {
				printf "%s: %s: no results file to compare against\n", me, SARG[s] > "/dev/stderr"
				exit 1
			}
			printf "%s: %s: no results file, side left out\n", me, SARG[s] > "/dev/stderr"
			status = 1
			continue
		}
		n++
		SSIDE[n] = s
	}
	if (n < 2) {
		print me ": fewer than two sides with results files: nothing to compare" > "/dev/stderr"
		exit 1
	}
	NS = n
	for (n = 1; n <= NS; n++) {
		s = SSIDE[n]
		FROM[n] = SFROM[s]
		TO[n] = STO[s]
		ARG[n] = SARG[s]
		for (i = FROM[n]; i <= TO[n]; i++)
			SIDEOF[i] = n
	}
	side_labels()
	for (n = 1; n <= NS; n++)
		SIDEOS[n] = tidy(OS_[FROM[n]])
	if (fmt == "lkp") {
		lkp_main()
		return
	}
	all_tables()
	unknown = 0
	printed_any = 0
	print "                 L A T B W   C O M P A R E"
	print "                 -------------------------"
	legend()
	setup_diffs(0)
	for (t = 1; t <= NKT; t++)
		if (show_table(t))
			printed_any = 1
	for (n = 1; n <= NS; n++)
		if (!SHOWN[n]) {
			printf "%s: side %d (%s): no figure of the tables in it\n", me, n, ARG[n] > "/dev/stderr"
			status = 1
		}
	if (!printed_any) {
		print me ": no figure in any file" > "/dev/stderr"
		exit 1
	}
	print ""
	printf "Change: percent of side 1's figure; B better, W worse (by the table's\n"
	printf "\"smaller/bigger is better\"), S significant where the table has no better,\n"
	printf "~ within the noise, ? noise unknown.  Significant: |change| > max(%s%%,\n", floor
	printf "noise of side 1 + noise of the side); see compare(1).\n"
	if (placed_apart)
		printf "P: the two figures were measured under different placements (summary -s:\n" \
		    "same CPU, across CPUs, x-os across CPUs whose idle ones were left to the\n" \
		    "OS, or the scheduler's choice): they do not compare, and are not judged.\n"
	if (unknown)
		printf "?: a side of one run without statistics lines (lmbench files) has no known\n" \
		    "noise: give several runs of that side (a directory) to judge its changes.\n"
}

# The Host column of a side: the base name of its argument (a file's
# host.run, a directory's name), numbered if two sides would read alike.
function side_labels(    n, m, b, dup) {
	for (n = 1; n <= NS; n++) {
		b = ARG[n]
		sub(/\/+$/, "", b)
		sub(/.*\//, "", b)
		if (b == "" || b == ".")
			b = "side" n
		LABEL[n] = b
	}
	dup = 0
	for (n = 1; n <= NS; n++)
		for (m = n + 1; m <= NS; m++)
			if (substr(LABEL[n], 1, 9) == substr(LABEL[m], 1, 9))
				dup = 1
	if (dup)
		for (n = 1; n <= NS; n++)
			LABEL[n] = n ":" LABEL[n]
}

function legend(    n, i, runs, st) {
	print ""
	print "Side Label     Runs Noise from                 Files"
	print "---- --------- ---- -------------------------- -----"
	for (n = 1; n <= NS; n++) {
		runs = ""
		st = 0
		for (i = FROM[n]; i <= TO[n]; i++) {
			runs = runs (runs == "" ? "" : " ") tidy(PATHS[i])
			if (has_stats(i))
				st++
		}
		i = TO[n] - FROM[n] + 1
		printf "%4d %-9.9s %4d %-26s %s\n", n, LABEL[n], i,
		    (i > 1 ? "the runs' range" : (st ? "the statistics line" : "(none: no statistics lines)")), runs
		mixed_hosts(n)
	}
}

# Warn when side n's files are of several hosts.
function mixed_hosts(n,    i, hosts, h) {
	hosts = ""
	split("", h)
	for (i = FROM[n]; i <= TO[n]; i++)
		if (!(HOST[i] in h)) {
			h[HOST[i]] = 1
			hosts = hosts (hosts == "" ? "" : ", ") tidy(HOST[i])
		}
	if (index(hosts, ","))
		printf "%s: side %d (%s) mixes hosts %s\n", me, n, ARG[n], hosts > "/dev/stderr"
}

function has_stats(i,    k) {
	for (k = 1; k <= nrec[i]; k++)
		if (RR[i, k] != "")
			return 1
	return 0
}

# Side n's figure for cell (t, c): FIG_ (its median, "" if none), NOISE_
# (percent, "" if unknown), TEXT_ (the first row's text), ROWS_ (rows),
# PLC_ (the placement its figures were measured under, as summary -s
# shows it: same, cross, x-os, or sched for any share of the scheduler's
# choice; "mixed" when its runs differ, "" when not known).
function side_cell(t, n, c,    r, m, v, sp, ns, rg, nr, i, lo, hi, range, msp, pl) {
	FIG_ = NOISE_ = TEXT_ = PLC_ = ""
	ROWS_ = 0
	m = ns = nr = 0
	for (r = 1; r <= KNR[t]; r++) {
		i = KRH[t, r]
		if (SIDEOF[i] != n)
			continue
		if (ROWS_++ == 0)
			TEXT_ = KCELL[t, r, c]
		if (KCRAW[t, r, c] == "")
			continue
		pl = place_kind(KCPLC[t, r, c])
		if (pl != "")
			PLC_ = (PLC_ == "" || PLC_ == pl) ? pl : "mixed"
		v[++m] = KCRAW[t, r, c] + 0
		if (KCRG[t, r, c] != "")
			rg[++nr] = KCRG[t, r, c] + 0
		if (KCSP[t, r, c] != "")
			sp[++ns] = KCSP[t, r, c] + 0
	}
	if (m == 0)
		return
	lo = hi = v[1]
	for (i = 2; i <= m; i++) {
		if (v[i] < lo)
			lo = v[i]
		if (v[i] > hi)
			hi = v[i]
	}
	FIG_ = median(v, m)
	if (m == 1) {
		NOISE_ = nr ? rg[1] : (ns ? sp[1] : "")
		return
	}
	range = FIG_ > 0 ? (hi - lo) / FIG_ * 100 : 0
	msp = ns ? median(sp, ns) : 0
	NOISE_ = range > msp ? range : msp
}

# The placement a cell's placement text (cells.awk's ptext) names, for
# telling placements apart: "s64%" (the scheduler's, 64% across) is sched.
function place_kind(pl) {
	return pl ~ /^s[0-9]+%$/ ? "sched" : pl
}

# Whether the table says which way is better: -1 smaller, 1 bigger, 0 no.
function direction(t) {
	if (index(KTT[t], "smaller is better"))
		return -1
	if (index(KTT[t], "bigger is better"))
		return 1
	return 0
}

# The change cell in width w: signed whole percent (or "x<ratio>" when
# that is too wide) and the mark; apart: the two figures were measured
# under different placements (mark P, never judged).
function change_text(a, b, na, nb, dir, kind, w, apart,    pct, mk, p, s, r) {
	pct = (b - a) / a * 100
	if (apart) {
		mk = "P"
		placed_apart = 1
	} else if (na == "" || nb == "") {
		mk = "?"
		if (kind != "i")
			unknown = 1
	} else {
		p = pct < 0 ? -pct : pct
		if (p > floor + 0 && p > na + nb) {
			if (dir == 0 || kind == "i")
				mk = "S"
			else
				mk = (pct * dir > 0) ? "B" : "W"
		} else
			mk = "~"
	}
	s = sprintf("%+.0f", pct)
	if (s == "+0" || s == "-0")
		s = "0"
	if (length(s mk) > w) {
		r = b / a
		s = sprintf("x%.1f", r)
		if (length(s mk) > w)
			s = sprintf("x%.0f", r)
	}
	return sprintf("%" w "s", s mk)
}

function noise_text(x, w,    s) {
	if (x == "")
		return sprintf("%" w "s", "?")
	s = x < 9.95 ? sprintf("%.1f", x) : sprintf("%.0f", x)
	if (length(s) > w)
		s = ">" substr("99999999", 1, w - 1)
	return sprintf("%" w "s", s)
}

function show_table(t,    n, c, r, nc, any, line, ch, nz, dir, w, os,
    f, z, f1, z1, has, kind, pl) {
	nc = KNC[t]
	any = 0
	for (n = 1; n <= NS; n++) {
		has[n] = 0
		for (r = 1; r <= KNR[t]; r++)
			if (SIDEOF[KRH[t, r]] == n)
				has[n] = 1
		if (has[n])
			any = SHOWN[n] = 1
	}
	if (!any)
		return 0
	align_points(t)
	dir = direction(t)
	print ""
	print KTT[t]
	print KTRULE[t]
	print KTH[t]
	for (n = 1; n <= NS; n++) {
		if (!has[n])
			continue
		os = ""
		for (r = 1; r <= KNR[t]; r++)
			if (SIDEOF[KRH[t, r]] == n) {
				os = os_text(n, tidy(OS_[KRH[t, r]]))
				break
			}
		line = sprintf("%-9.9s %13.13s", LABEL[n], os)
		ch = sprintf("%-9.9s %13.13s", "", "change %")
		nz = sprintf("%-9.9s %13.13s", "", "noise %")
		for (c = 1; c <= nc; c++) {
			w = KCW[t, c]
			side_cell(t, n, c)
			f = FIG_; z = NOISE_; pl = PLC_
			kind = KCKIND_any(t, c)
			if (kind == "t") {
				line = line KCSEP[t, c] (w > 0 ? sprintf("%" w "." w "s", TEXT_) : TEXT_)
				if (w > 0) {
					ch = ch KCSEP[t, c] spaces(w)
					nz = nz KCSEP[t, c] spaces(w)
				}
				continue
			}
			if (f == "")
				line = line KCSEP[t, c] spaces(w)
			else if (kind == "i")
				line = line KCSEP[t, c] fmtint(f, w)
			else
				line = line KCSEP[t, c] fmtcell(f, KCF[t, c] != "" ? KCF[t, c] : w, w)
			nz = nz KCSEP[t, c] (f == "" ? spaces(w) : noise_text(z, w))
			side_cell(t, 1, c)
			f1 = FIG_; z1 = NOISE_
			if (n == 1 || f == "" || f1 == "" || f1 + 0 <= 0)
				ch = ch KCSEP[t, c] spaces(w)
			else
				ch = ch KCSEP[t, c] change_text(f1, f, z1, z, dir, kind, w,
				    pl != "" && PLC_ != "" && pl != PLC_)
		}
		print rstrip(line)
		if (shownoise)
			print rstrip(nz)
		if (n > 1 && has[1])
			print rstrip(ch)
	}
	if (ATNOTE[t] != "") {
		print ""
		printf "%s", ATNOTE[t]
	}
	return 1
}

# A column's kind: that of its first row with a value ("t" if none).
function KCKIND_any(t, c,    r) {
	for (r = 1; r <= KNR[t]; r++)
		if (KCRAW[t, r, c] != "")
			return KCKIND[t, r, c]
	return KCKIND[t, 1, c] == "" ? "t" : KCKIND[t, 1, c]
}

# ---- -f lkp: the layout of the 0-day/LKP robot's regression reports --------
#
# One line per metric that both sides have, in the order of side 1's first
# file:  base ± %stddev, %change, new ± %stddev, name
#
#      12.34 ±  2%     +15.3%      14.23 ±  1%  latbw.PIPE.latency.us
#
# A side's figure is the median of its runs' figures (as in the tables);
# its %stddev the standard deviation of its runs' figures in percent of
# their mean (several runs), else that of the one run's rounds
# (round_values of the statistics line); blank when neither is known.
# The metric names are registry.awk's (reg_metric).  A metric measured
# under different placements on the two sides (summary -s's same, cross,
# x-os, sched) does not compare: it is left out, and named on stderr.

function lkp_main(    n, i, k, m, nm, order, cnt, v, j, f, sd, a, fa, sa, line, out, has, pl, napart, apart, nm2, order2, only1, only2) {
	reg_read(ENVIRON["LATBW_REGISTRY"])
	setup_diffs(1)
	nm = nm2 = napart = 0
	for (n = 1; n <= 2; n++)
		for (i = FROM[n]; i <= TO[n]; i++)
			for (k = 1; k <= nrec[i]; k++) {
				if (!good(RV[i, k]))
					continue
				m = reg_metric(RN[i, k], RX[i, k], RU[i, k])
				if ((i, m) in LKSEEN)
					continue
				LKSEEN[i, m] = 1
				if (n == 1 && !((1, m) in cnt))
					order[++nm] = m
				if (n == 2 && !((2, m) in cnt))
					order2[++nm2] = m
				has[n]++
				j = ++cnt[n, m]
				LKV[n, m, j] = RV[i, k] + 0
				LKRSD[n, m] = round_sd(i, k)
				pl = place_kind(ptext(i, k))
				# (not "LKPL[n, m] = ((n, m) in LKPL ...": the
				# assignment makes the element before the test)
				if (pl != "" && (n, m) in LKPL && LKPL[n, m] != pl)
					pl = "mixed"
				if (pl != "")
					LKPL[n, m] = pl
			}
	for (n = 1; n <= 2; n++) {
		mixed_hosts(n)
		if (!has[n]) {
			printf "%s: side %d (%s): no figure in it\n", me, n, ARG[n] > "/dev/stderr"
			status = 1
		}
	}
	line = 0
	for (j = 1; j <= nm; j++) {
		m = order[j]
		if (!((2, m) in cnt)) {
			only1 = only1 (only1 == "" ? "" : "\n") m
			continue
		}
		if ((1, m) in LKPL && (2, m) in LKPL && LKPL[1, m] != LKPL[2, m]) {
			apart = apart (napart++ ? "\n" : "") m " (" LKPL[1, m] "/" LKPL[2, m] ")"
			continue
		}
		for (n = 1; n <= 2; n++) {
			split("", a)
			for (i = 1; i <= cnt[n, m]; i++)
				a[i] = LKV[n, m, i]
			f[n] = median(a, cnt[n, m])
			sd[n] = cnt[n, m] > 1 ? lkp_sd(n, m, cnt[n, m]) : LKRSD[n, m]
		}
		fa = f[1]
		sa = f[2]
		out[++line] = sprintf("%10s%s%11s%11s%s  %s", lkp_num(fa), lkp_pm(sd[1]),
		    sprintf("%+.1f%%", (sa - fa) / fa * 100), lkp_num(sa), lkp_pm(sd[2]), m)
	}
	for (j = 1; j <= nm2; j++)
		if (!((1, order2[j]) in cnt))
			only2 = only2 (only2 == "" ? "" : "\n") order2[j]
	lkp_left_out(only1, "only on side 1 (" LABEL[1] ")")
	lkp_left_out(only2, "only on side 2 (" LABEL[2] ")")
	lkp_left_out(apart, "measured under different placements (side 1/side 2)")
	if (!line) {
		print me ": no metric that both sides have" > "/dev/stderr"
		exit 1
	}
	print lkp_head()
	for (j = 1; j <= line; j++)
		print out[j]
}

function lkp_head() {
	return sprintf("%10s%28s\n", LABEL[1], LABEL[2]) \
	    "---------------- ---------------------------\n" \
	    sprintf("%16s%12s%16s\n", "%stddev", "%change", "%stddev") \
	    sprintf("%14s%11s%17s", "\\", "|", "\\")
}

# The standard deviation of side n's c figures of metric m, in percent of
# their mean.
function lkp_sd(n, m, c,    i, mean, d) {
	mean = 0
	for (i = 1; i <= c; i++)
		mean += LKV[n, m, i]
	mean /= c
	d = 0
	for (i = 1; i <= c; i++)
		d += (LKV[n, m, i] - mean) * (LKV[n, m, i] - mean)
	return sq_root(d / (c - 1)) / mean * 100
}

# " ± NN%" (blank when the stddev is not known).
function lkp_pm(sd) {
	if (sd == "")
		return "      "
	return sprintf(" \302\261%3d%%", int(sd + 0.5))
}

# A figure in at most 10 characters: two decimals, four below 10.
function lkp_num(v) {
	if (v >= 1e9)
		return sprintf("%.3e", v)
	if (v >= 1e6)
		return sprintf("%.0f", v)
	if (v >= 10)
		return sprintf("%.2f", v)
	if (v >= 0.001)
		return sprintf("%.4f", v)
	return sprintf("%.3g", v)
}

# ---- what differs between the sides' setups ---------------------------------
#
# Before any figure, the header lines (read.awk's HDR: the machine, the
# kernel, the settings of the run) whose values differ between the
# sides, each side's value on a line of its own: figures taken on a
# different CPU family, hypervisor, clocksource, mitigation or memory
# size (MB) do not compare as a kernel change does, and the tables
# alone do not show it.  What changes from run to run on one setup (the
# date, the load, the steal, the time the run took, the measured clock)
# is not setup.  The kernel release is RELEASE, or for a file without it
# (lmbench's) the third word of its uname line.  A side whose runs
# differ shows "mixed:" and their values; a long value (the kernel's
# command line) shows only its words that not every side has ("only
# here: ...").  Lines go to stdout, or with err to stderr (-f lkp keeps
# stdout for the metric lines).
function setup_diffs(err,    i, j, n, key, nk, K, seen, v, dif, lines, line, long, title) {
	nk = 0
	for (i = FROM[1]; i <= TO[NS]; i++) {
		if (!((i, "RELEASE") in HDR) && UNAME[i] != "") {
			split(UNAME[i], v, /[ \t]+/)
			HDR[i, "RELEASE"] = v[3]
		}
		if (!("RELEASE" in seen)) {
			seen["RELEASE"] = 1
			K[++nk] = "RELEASE"
		}
		for (j = 1; j <= NHDR[i]; j++) {
			key = HDRK[i, j]
			if (key in seen || key ~ /^(DATE|MEM_AVAILABLE|LOAD_BEFORE|LOAD_AFTER|STEAL_BEFORE|STEAL_AFTER|STEAL_RUN|ELAPSED|COMPLETE|INCOMPLETE|MHZ|TIMING_O|LOOP_O|ENOUGH)$/)
				continue
			seen[key] = 1
			K[++nk] = key
		}
	}
	lines = 0
	title = "Setup - where the sides differ (figures across these may not compare)"
	for (j = 1; j <= nk; j++) {
		key = K[j]
		dif = 0
		long = 0
		for (n = 1; n <= NS; n++) {
			SV[n] = side_value(n, key)
			if (n > 1 && SV[n] != SV[1])
				dif = 1
			if (length(SV[n]) > 120)
				long = 1
		}
		if (!dif)
			continue
		if (long)
			only_words()
		if (err) {
			line = me ": setup differs: " tidy(key) ":"
			for (n = 1; n <= NS; n++)
				line = line (n > 1 ? ";" : "") " " LABEL[n] " '" tidy(SV[n]) "'"
			print line > "/dev/stderr"
			lines++
			continue
		}
		for (n = 1; n <= NS; n++) {
			line = sprintf("%-14s %-9.9s %s", n == 1 ? tidy(key) : "", LABEL[n], tidy(SV[n]))
			if (lines++ == 0) {
				print ""
				print title
				print substr("------------------------------------------------------------------------------", 1, length(title))
			}
			print line
		}
	}
	return lines
}

# Side n's value of header key: its files' value, "-" for none, or
# "mixed: a | b" when its runs differ.
function side_value(n, key,    i, v, s, all, seen) {
	s = ""
	all = ""
	for (i = FROM[n]; i <= TO[n]; i++) {
		v = (i, key) in HDR ? HDR[i, key] : "-"
		if (i == FROM[n])
			s = v
		else if (v != s)
			all = "x"
		if (!(v in seen)) {
			seen[v] = 1
			all = all == "" ? v : all
		}
	}
	if (all == "" || all == s)
		return s
	s = ""
	split("", seen)
	for (i = FROM[n]; i <= TO[n]; i++) {
		v = (i, key) in HDR ? HDR[i, key] : "-"
		if (!(v in seen)) {
			seen[v] = 1
			s = s (s == "" ? "" : " | ") v
		}
	}
	return "mixed: " s
}

# SV[n] (each side's value), long: cut to the words that not every side
# has, "only here: ..." ("the same words" when they differ in order only).
function only_words(    n, m, w, c, j, cnt, s, in_all) {
	split("", cnt)
	for (n = 1; n <= NS; n++) {
		split("", in_all)
		c = split(SV[n], w, " ")
		for (j = 1; j <= c; j++)
			if (!(w[j] in in_all)) {
				in_all[w[j]] = 1
				cnt[w[j]]++
			}
	}
	for (n = 1; n <= NS; n++) {
		c = split(SV[n], w, " ")
		s = ""
		split("", in_all)
		for (j = 1; j <= c; j++)
			if (cnt[w[j]] < NS && !(w[j] in in_all)) {
				in_all[w[j]] = 1
				s = s " " w[j]
			}
		SV[n] = s == "" ? "(no word of its own)" : "only here:" s
	}
}

# ---- series compared at points both sides have ----------------------------
#
# A cell read at the end of a sweep (Mem read: the largest size; TCP,
# File reread, Bcopy, Mmap Latency, mem par) sits at different points on
# sides whose sweeps end at different sizes (MB=128 against MB=1024): a
# 128 MB point against a 1 GB one is not a change.  Such a cell is read
# again, on every side, at the largest point that every file of every
# side has, and a note under the table says where ("Mem read at 128
# MB"); with no point in common it is left blank, and said.  A cell of a
# level (L2 $, Main mem: read inside each side's own cache sizes) stays
# at its own points, and the note says which.  Notes: ATNOTE[t].
function align_points(t,    c, r, i, k, name, x, x0, same, last, cnt, nfile, seen, xs, best, kk, note, lv) {
	ATNOTE[t] = ""
	split("", xs)
	for (c = 1; c <= KNC[t]; c++) {
		name = ""
		same = 1
		last = 1
		x0 = ""
		nfile = 0
		split("", seen)
		for (r = 1; r <= KNR[t]; r++) {
			if (KCRAW[t, r, c] == "")
				continue
			i = KRH[t, r]
			k = KCREC[t, r, c]
			if (k == "" || !isnum(RX[i, k]))
				break
			if (name == "")
				name = RN[i, k]
			if (RN[i, k] != name)
				break
			if (x0 == "")
				x0 = RX[i, k]
			else if (RX[i, k] + 0 != x0 + 0)
				same = 0
			if (SK[i, name, SN[i, name]] != k)
				last = 0
			if (!(i in seen)) {
				seen[i] = 1
				nfile++
			}
		}
		if (r <= KNR[t] || name == "" || same)
			continue
		if (!last) {
			lv = ""
			for (r = 1; r <= KNR[t]; r++)
				if (KCRAW[t, r, c] != "")
					lv = lv (lv == "" ? "" : ", ") sprintf("%g MB (%s)", RX[KRH[t, r], KCREC[t, r, c]], LABEL[SIDEOF[KRH[t, r]]])
			ATNOTE[t] = ATNOTE[t] sprintf("%s: read inside each side's own cache sizes, at %s.\n", KCNAME[t, c], lv)
			continue
		}
		# The sizes every file has (once per file, however many rows).
		split("", cnt)
		split("", xs)
		for (i in seen)
			for (kk = 1; kk <= SN[i, name]; kk++) {
				x = sprintf("%.10g", RX[i, SK[i, name, kk]])
				if (!((i, x) in xs)) {
					xs[i, x] = 1
					cnt[x]++
				}
			}
		best = ""
		for (x in cnt)
			if (cnt[x] == nfile && (best == "" || x + 0 > best + 0))
				best = x
		for (r = 1; r <= KNR[t]; r++) {
			if (KCRAW[t, r, c] == "")
				continue
			i = KRH[t, r]
			k = best == "" ? "" : ser_at(i, name, best)
			KCRAW[t, r, c] = k == "" || !good(RV[i, k]) ? "" : RV[i, k]
			KCSP[t, r, c] = k == "" ? "" : RSPR[i, k]
			KCRG[t, r, c] = k == "" ? "" : rrange(i, k)
			KCPLC[t, r, c] = k == "" ? "" : ptext(i, k)
		}
		if (best == "")
			note = sprintf("%s: the sides' sweeps have no size in common: not compared.\n", KCNAME[t, c])
		else
			note = sprintf("%s at %g MB, the largest size every run has.\n", KCNAME[t, c], best)
		ATNOTE[t] = ATNOTE[t] note
	}
}

# The OS column of side n's row, os (cut to 13 as lmbench's): where two
# sides' kernels read alike in 13 columns but differ, the end of the
# release, which tells them apart ("18.44-fc-v669" against
# "8.44-fc-v1272"); the setup differences above give it in full.
function os_text(n, os,    m, o, a, b) {
	for (m = 1; m <= NS; m++) {
		if (m == n || !(m in SIDEOS))
			continue
		o = SIDEOS[m]
		if (o != os && substr(o, 1, 13) == substr(os, 1, 13)) {
			a = os
			sub(/^[^ ]* /, "", a)
			b = length(a) > 13 ? substr(a, length(a) - 12) : a
			return b
		}
	}
	return os
}

# -f lkp: the metrics left out for one reason (names, one a line), said
# on stderr as a count and a short list, one name a line, the first
# LKP_LIST of them ("... and 27 more": the tables of compare, without
# -f lkp, show every cell).
function lkp_left_out(names, why,    n, w, j) {
	if (names == "")
		return
	n = split(names, w, "\n")
	printf "%s: %d metric%s %s, not compared:\n", me, n, (n == 1 ? "" : "s"), why > "/dev/stderr"
	for (j = 1; j <= n && j <= LKP_LIST; j++)
		printf "%s:   %s\n", me, w[j] > "/dev/stderr"
	if (n > LKP_LIST)
		printf "%s:   ... and %d more\n", me, n - LKP_LIST > "/dev/stderr"
}

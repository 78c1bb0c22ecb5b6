# compare.awk - the tables of scripts/compare: each side's figures and
# their change against the first side, judged against the noise.
#
# A program over records: it reads no results file.  scripts/compare runs
# scripts/records (the one reader) on each side, and pipes what they
# print into this file and the others its "parts" line names, with
# LC_ALL=C, mode=lib and me=compare.  Standard input, per side:
#
#   S<TAB>arg      a side starts (arg as given)
#   ...            the records of its files (none when no file was read)
#   E<TAB>status   the exit status of scripts/records on it (not 0: a
#                  file could not be read, or none was)
#
# records-load.awk takes the records into the arrays the tables are made
# from; tables.awk builds the tables (layout.awk keeps them, not
# printing them: mode=lib), their cells looked up by cells.awk; this
# file's END prints and exits.  compare-align.awk reads sweep cells
# again at a point every side has, compare-setup.awk says what differs
# between the sides' setups, and compare-lkp.awk is -f lkp.
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

# The status of the records of the side: a file that could not be read
# (said by scripts/records) makes compare's status 1.
/^E\t/ {
	if (substr($0, 3) != "0")
		status = 1
	next
}

END {
	compare_main()
	exit status
}

function compare_main(    s, i, n, t, printed_any) {
	# Sides: the files SFROM[s] .. SFROM[s + 1] - 1 (the records number
	# the files they hold 1, 2, ..., an empty file left out: records-load
	# puts each side's after the files before it).
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

# The rows of table t of each side n, in order: SROW[t, n, 1..SROWN[t, n]]
# (side_cell looks at each cell of a side's rows, not at every row).
function side_rows(t,    r, n) {
	SROWS_DONE[t] = 1
	for (r = 1; r <= KNR[t]; r++) {
		n = SIDEOF[KRH[t, r]]
		SROW[t, n, ++SROWN[t, n]] = r
	}
}

# Side n's figure for cell (t, c): FIG_ (its median, "" if none), NOISE_
# (percent, "" if unknown), TEXT_ (the first row's text), ROWS_ (rows),
# PLC_ (the placement its figures were measured under, as summary -s
# shows it: same, cross, x-os, or sched for any share of the scheduler's
# choice; "mixed" when its runs differ, "" when not known).
function side_cell(t, n, c,    r, m, v, sp, ns, rg, nr, i, lo, hi, range, msp, pl, j) {
	FIG_ = NOISE_ = TEXT_ = PLC_ = ""
	ROWS_ = 0
	m = ns = nr = 0
	if (!(t in SROWS_DONE))
		side_rows(t)
	for (j = 1; j <= SROWN[t, n]; j++) {
		r = SROW[t, n, j]
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
	if (!(t in SROWS_DONE))
		side_rows(t)
	for (n = 1; n <= NS; n++) {
		has[n] = SROWN[t, n] > 0
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
		# (the OS of its first row)
		os = os_text(n, tidy(OS_[KRH[t, SROW[t, n, 1]]]))
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

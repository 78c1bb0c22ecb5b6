# compare-lkp.awk - compare -f lkp: one line per metric, as the 0-day/LKP
# robot's regression reports lay them out.  Part of scripts/compare (see
# compare.awk); lkp_main is called by compare_main.
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

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
# The metric names are registry-names.awk's (reg_metric), of each
# record's id (the records' id column, RID: records-load.awk).  A metric
# measured under different placements on the two sides (summary -s's
# same, cross, x-os, sched) does not compare: it is left out, and named
# on stderr.

function lkp_main(    n, i, k, m, nm, order, cnt, v, j, f, sd, a, fa, sa, line, out, has, pl, napart, apart, nm2, order2, only1, only2) {
	reg_read(ENVIRON["LATBW_REGISTRY"])
	setup_diffs(1)
	nm = nm2 = napart = 0
	for (n = 1; n <= 2; n++)
		for (i = FROM[n]; i <= TO[n]; i++)
			for (k = 1; k <= nrec[i]; k++) {
				if (!good(RV[i, k]))
					continue
				m = reg_metric(RID[i, k], RN[i, k], RX[i, k], RU[i, k])
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
				LKRSD[n, m] = values_sd(RRV[i, k])
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

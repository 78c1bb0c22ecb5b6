# stats.awk - reading latbw's own line of a results file, the statistics
# line of the figure or series point before it, into that record (RSPR,
# RR, RMIN, RMAX, RC, RPL, RXS; see read.awk, which calls stat_line() and
# is always loaded with this file).  rounds.awk, which combines the
# rounds of a run, reads statistics lines with its stat_fields().
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

# [latbw-stat prog=P case=C [x=X] median=M min=A max=B spread=S% reps=R
#  preempted=E n=N copies=K cpus=L unit=U [placement=same|cross|sched
#  [cross=S% same_median=M cross_median=M]]] (results-format(7)): the
# statistics of the figure or point on the line before.
function stat_line(line, ln,    body, i, k, f, x, hasx, sp) {
	body = line
	sub(/^\[latbw-stat /, "", body)
	if (body !~ /\][ \t]*$/) {
		lwarn(ln, "truncated statistics line skipped")
		lastlo = lasthi = 0
		return
	}
	sub(/\][ \t]*$/, "", body)
	stat_fields(body, f)
	# The statistics of values left out as out of range (lat_fs has two).
	if (lastlo < 0)
		return
	sp = f["spread"]
	sub(/%$/, "", sp)
	if (!isnum(sp) || !("reps" in f) || !isnum(f["reps"])) {
		lwarn(ln, "statistics line without spread or reps skipped")
		lastlo = lasthi = 0
		return
	}
	# (both numbers: is either out of range?)
	if (insane(sp) != "" || insane(f["reps"]) != "") {
		lwarn(ln, "statistics line with a spread or reps out of range skipped")
		lastlo = lasthi = 0
		return
	}
	hasx = "x" in f
	x = f["x"]
	if (lastlo == 0) {
		stat_aside(ln, sp, f, hasx, x)
		return
	}
	# The figure it belongs to: the one figure of the line before, or, for
	# a line of several (lat_fs's "0k 100 <creates> <deletes>", followed
	# by one statistics line per figure), the next one without statistics
	# whose name ends with the case ("create", "delete").
	k = 0
	for (i = lastlo; i <= lasthi; i++) {
		if (RR[cur, i] != "")
			continue
		if (lastlo == lasthi || RN[cur, i] ~ (" " f["case"] "$")) {
			k = i
			break
		}
	}
	if (k == 0) {
		lwarn(ln, "statistics line not after a figure, skipped")
		return
	}
	if (hasx != (RX[cur, k] != "") || (hasx && x != RX[cur, k] && !(isnum(x) && isnum(RX[cur, k]) && x + 0 == RX[cur, k] + 0))) {
		lwarn(ln, "statistics line does not match the figure before it, skipped")
		lastlo = lasthi = 0
		return
	}
	set_stats(k, sp, f, ln)
}

# The words KEY=VALUE of a statistics line's body (its text between
# "[latbw-stat " and "]") into f[KEY].
function stat_fields(body, f,    n, w, i, k) {
	n = split(body, w, / +/)
	split("", f)
	for (i = 1; i <= n; i++) {
		k = index(w[i], "=")
		if (k > 1)
			f[substr(w[i], 1, k - 1)] = substr(w[i], k + 1)
	}
}

# A statistics line (its fields f, spread sp, x if hasx) after no figure:
# one that is known to stand alone, or one of a series' points, or a
# warning.
function stat_aside(ln, sp, f, hasx, x,    k) {
	# Right after a series title, it describes what the series
	# subtracts (lat_ctx's overhead): known, not a cell's.
	if (TITLE_LN == ln - 1 && TITLE_LN > 0)
		return
	# mhz's: the driver makes its figure the MHZ header line.
	if (f["prog"] == "mhz")
		return
	# After the blank line that ended a series, the statistics of
	# its points (latbw's driver writes them there, since lmbench's
	# readers end a series at its first line that is not a point).
	if (hasx && ENDED != "") {
		k = after_series(ENDED, x, f["case"])
		# (a point left out as out of range: warned about)
		if (k == 0 && ((cur, ENDED, x) in DROPX))
			return
		if (k == 0)
			lwarn(ln, "statistics line for no point of series '" shown(ENDED) "', skipped")
		else
			set_stats(k, sp, f, ln)
		return
	}
	lwarn(ln, "statistics line not after a figure, skipped")
}

# The point of series name (for lat_fs's series, its create or delete
# part, by case) at x that has no statistics yet: its record, or 0.
#
# The statistics lines of a series' points follow them in order: the
# first ASF[cur, name] points (the last of them record ASK[cur, name], so
# that a series started over is seen) have theirs already, and the
# search starts after them, not at the first point each time.
function after_series(name, x, c,    n, j, k) {
	if (name == "File system latency")
		name = name " " c
	n = SN[cur, name] + 0
	j = ASF[cur, name] + 0
	if (j > n || (j > 0 && SK[cur, name, j] != ASK[cur, name]))
		j = 0
	while (j < n && RR[cur, SK[cur, name, j + 1]] != "")
		j++
	ASF[cur, name] = j
	ASK[cur, name] = j > 0 ? SK[cur, name, j] : ""
	for (j++; j <= n; j++) {
		k = SK[cur, name, j]
		if (RR[cur, k] != "")
			continue
		if (RX[cur, k] == x || (isnum(x) && isnum(RX[cur, k]) && x + 0 == RX[cur, k] + 0))
			return k
	}
	return 0
}

# pct_field(t): a statistics line's percentage ("37.2%") as a number, or
# "" when it is not one.
function pct_field(t) {
	sub(/%$/, "", t)
	return sane(t) ? t + 0 : ""
}

function set_stats(k, sp, f, ln,    t) {
	same_number(k, f["median"], f["unit"], ln)
	# For the records, the fields records.awk's REC_FIELDS names (REC_F,
	# 1..REC_NF), as written: its columns carry them as they are.
	for (t = 1; t <= REC_NF; t++)
		if (REC_F[t] in f)
			RSF[cur, k, REC_F[t]] = f[REC_F[t]]
	RSPR[cur, k] = sp + 0
	# latbw-run's rounds (RRN) and the spread across them (RRS, percent).
	RRS[cur, k] = pct_field(f["round_spread"])
	t = f["rounds"]
	RRN[cur, k] = (t ~ /^[0-9]+$/ && sane(t)) ? t + 0 : ""
	RRV[cur, k] = f["round_values"]
	# How far the next fastest round was from the figure, its fastest.
	RRG[cur, k] = pct_field(f["round_gap"])
	# The figure's registry id, which the driver stamps (read-ids.awk
	# finds the others').
	RID[cur, k] = f["id"]
	# How busy the CPUs it was not pinned to were (the busiest round's);
	# across every CPU of the machine, how long tasks waited for one.
	ROB[cur, k] = pct_field(f["others_busy"])
	RCW[cur, k] = pct_field(f["cpu_wait"])
	RR[cur, k] = f["reps"]
	RMIN[cur, k] = sane(f["min"]) ? f["min"] : ""
	RMAX[cur, k] = sane(f["max"]) ? f["max"] : ""
	# A scaling point (-G) is operations per second of all its copies;
	# its statistics line's min and max are one copy's time per
	# operation: not in the point's unit, so not kept.
	if (RN[cur, k] ~ /^scaling /)
		RMIN[cur, k] = RMAX[cur, k] = ""
	RC[cur, k] = sane(f["copies"]) ? f["copies"] : ""
	if (RU[cur, k] == "" && f["unit"] != "")
		RU[cur, k] = f["unit"]
	place(k, f, ln)
}

# same_number(k, m, ln): warn when record k's figure and m, the median of
# its statistics line (line ln), are not the same number: the median is
# the figure (results-format(7)), printed with six significant digits
# where the figure has its own decimals.  A scaling point (operations per
# second of all copies, its median one copy's time) has no such median;
# lat_fs's rows are files per second, their medians microseconds a file.
function same_number(k, m, u, ln,    v, tol, d, p) {
	v = RV[cur, k]
	if (!isnum(v) || !isnum(m) || RN[cur, k] ~ /^scaling /)
		return
	if (RU[cur, k] == "files/s" && u == "us" && m + 0 > 0)
		m = sprintf("%.6g", 1000000 / m)
	if (v ~ /[eE]/)
		tol = (v < 0 ? -v : v) * 5e-4
	else {
		# half a unit of v's last decimal; a loop, not 10 ^ d:
		# busybox's awk built without its math refuses "^" (and then
		# the whole program)
		d = index(v, ".") ? length(v) - index(v, ".") : 0
		for (p = 1; d > 0; d--)
			p *= 10
		tol = 0.5 / p
	}
	tol += (m < 0 ? -m : m) * 5e-6
	if (v - m > tol * 1.0001 || m - v > tol * 1.0001)
		lwarn(ln, "'" shown(RN[cur, k]) (RX[cur, k] != "" ? "' at " RX[cur, k] : "'") \
		    " is " v ", its statistics line's median " m ": not the same number")
}

# The placement of record k, from its statistics line's fields f: same,
# cross or sched (with the share of cross-CPU samples in RXS).  A latency
# figure under an lmbench label that was measured across CPUs (a hand run
# of "lat_pipe -C 0,1") moves to the cross-CPU table; one left to the
# scheduler stays in its cell, with a warning: it is not comparable.
function place(k, f, ln,    key, sh) {
	if (f["placement"] !~ /^(same|cross|sched)$/)
		return
	RPL[cur, k] = f["placement"]
	# Across CPUs: whether idle CPUs polled (the harness's default) or
	# were left to the OS (-I, or no cpuidle driver to ask).
	if (f["idle"] ~ /^(poll|os)$/)
		RIDL[cur, k] = f["idle"]
	sh = f["cross"]
	sub(/%$/, "", sh)
	if (RPL[cur, k] == "sched" && isnum(sh))
		RXS[cur, k] = sh + 0
	key = FKEY[cur, k]
	if (key == "" || index(key, " (cross CPU)") > 0 || RU[cur, k] == "MB/s" || FIG[cur, key] != k)
		return
	if (RPL[cur, k] == "cross") {
		delete FIG[cur, key]
		key = reg_cross(key)
		FIG[cur, key] = k
		FKEY[cur, k] = key
	} else if (RPL[cur, k] == "sched") {
		lwarn(ln, "'" shown(RN[cur, k]) "' ran where the scheduler put it (" \
		    (isnum(sh) ? sh "% of samples across CPUs" : "CPUs not seen") \
		    "), not pinned: not comparable with pinned figures")
	}
}

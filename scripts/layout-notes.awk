# layout-notes.awk - the lines under a table of scripts/summary (and
# compare): the cells flagged for their rounds, the runs named
# (run_name), and notes about a run.  Part of the table layout (see
# layout.awk).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

# Under the table, after a blank line (so that a reader of the table's
# rows, which end at a blank line, never takes them for a row), one line
# per cell whose figure, its fastest round, no other round came within
# the -m limit of ("! vm.2      Pipe: fastest round alone, the next 37.2%
# slower"): one round saw the operation that fast, and the next run may
# not.  A file whose figures are the median of their rounds (no
# round_gap) flags a spread across the rounds above the limit instead
# ("! vm        Pipe: rounds 37.2% apart").  Each line names the row's
# run (run_name).  A flagged cell taken while the CPUs it was not pinned
# to were at least half busy (others_busy, its busiest round) says so
# too ("; other CPUs 100% busy"); a busy neighbour alone flags no
# cell: the run says it once above the tables (run_notes), and -s shows
# each cell's in its "busy %" row (and how long tasks waited, for one
# that had every CPU: never a flag, see layout.awk).  The columns keep
# their widths; lmbench's cells are untouched.
function round_notes(    r, c, n, name, named, t, apart, busy, alone) {
	if (mark + 0 <= 0)
		return
	named = dash_groups()
	n = 0
	for (r = 1; r <= TNR; r++)
		for (c = 1; c <= NC; c++) {
			alone = CGP[r, c] != "" && CGP[r, c] + 0 > mark + 0
			apart = alone || (CGP[r, c] == "" && CRS[r, c] != "" && CRS[r, c] + 0 > mark + 0)
			if (!apart)
				continue
			busy = COB[r, c] !~ /^w/ && COB[r, c] != "" && COB[r, c] + 0 >= OTHERS_BUSY
			name = col_name(c, named)
			if (n++ == 0)
				print ""
			t = sprintf("! %-9.9s %s:", run_name(RH[r]), name)
			if (alone)
				t = t sprintf(" fastest round alone, the next %s slower", pct_text(CGP[r, c]))
			else
				t = t sprintf(" rounds %s apart", pct_text(CRS[r, c]))
			if (busy)
				t = t sprintf("; other CPUs %.0f%% busy", COB[r, c])
			print (width > 0 ? substr(t, 1, width) : t)
		}
}

# ---- the runs --------------------------------------------------------------

# The name of file i's rows and flags (tidied): its host, as lmbench's
# getsummary shows it, where no other file given is of that host (as
# the 9 columns of Host show it); where several are, the run, the
# file's own name ("vm.4"), cut in the host rather than the run number
# to fit ("buildhos.12"); where even that is shared (vm.0 of two
# directories) or the file has no run number, the host and the file's
# place among that host's files ("vm#2").
function run_name(i,    j, h, b, sfx, cnt, k, seen) {
	if (RUNNAMED != nf) {
		RUNNAMED = nf
		for (j = 1; j <= nf; j++)
			cnt[substr(tidy(HOST[j]), 1, 9)]++
		for (j = 1; j <= nf; j++) {
			h = tidy(HOST[j])
			RUNNAME[j] = h
			if (cnt[substr(h, 1, 9)] < 2)
				continue
			b = tidy(PATHS[j])
			sub(/.*\//, "", b)
			RUNNAME[j] = fit_name(h, substr(b, length(h) + 1))
			seen[RUNNAME[j]]++
		}
		for (j = 1; j <= nf; j++) {
			h = tidy(HOST[j])
			if (cnt[substr(h, 1, 9)] < 2)
				continue
			k[substr(h, 1, 9)]++
			if (seen[RUNNAME[j]] > 1 || RUNNAME[j] == fit_name(h, ""))
				RUNNAME[j] = fit_name(h, "#" k[substr(h, 1, 9)])
		}
	}
	return RUNNAME[i]
}

# Host h with suffix sfx in 9 columns: h cut, not sfx.
function fit_name(h, sfx) {
	if (length(h sfx) <= 9)
		return h sfx
	return substr(h, 1, 9 - length(sfx) > 0 ? 9 - length(sfx) : 0) sfx
}

# Above the first table, under the banner: what each run must be read
# with, one note per run that needs one, named as its rows are.
#   - a quick run (QUICK: YES): fewer repetitions and rounds, sweeps cut
#     short, so that its figures are rougher than a full run's;
#   - a run whose pinned figures were taken while the CPUs they were not
#     pinned to were at least OTHERS_BUSY percent busy (others_busy):
#     said once for the run, with how busy (the median of those
#     figures' values) and how many of its figures; what a neighbour
#     slows (the figures sharing the memory system or another CPU with
#     it) may be slower, not the rest, so no cell is flagged for it
#     alone (round_notes).  (How long tasks waited for a CPU, cpu_wait,
#     is no sign of a neighbour: see layout.awk.)
# width (-w) cuts the lines, as it does the flags.
function run_notes(    i, n, nb, ob, totb, j) {
	n = 0
	for (i = 1; i <= nf; i++) {
		if (((i, "QUICK") in HDR) && HDR[i, "QUICK"] ~ /^(YES|yes|1)$/)
			n += run_note(i, "quick run (QUICK=" HDR[i, "QUICK"] "): fewer repetitions and rounds, shorter sweeps; rougher figures than a full run's", n)
		nb = totb = 0
		split("", ob)
		for (j = 1; j <= nrec[i]; j++) {
			if (ROB[i, j] != "") {
				totb++
				if (ROB[i, j] + 0 >= OTHERS_BUSY)
					ob[++nb] = ROB[i, j] + 0
			}
		}
		if (nb > 0)
			n += run_note(i, sprintf("other CPUs were busy %.0f %% of the time while %d of its %d pinned figures were measured: figures that use more than one CPU or the memory system may be slower", median(ob, nb), nb, totb), n)
	}
}

# Print one run note of file i (the first, n = 0, after a blank line and
# a title), its words wrapped at 79 columns, or cut at width.  Returns 1.
function run_note(i, text, n,    w, m, j, line, lim) {
	if (n == 0) {
		print ""
		print "Runs to read with care"
	}
	lim = 79
	m = split(text, w, " ")
	line = sprintf("%-9.9s", run_name(i))
	for (j = 1; j <= m; j++) {
		if (length(line) > 10 && length(line) + 1 + length(w[j]) > lim) {
			print (width > 0 ? substr(line, 1, width) : line)
			line = spaces(9)
		}
		line = line " " w[j]
	}
	print (width > 0 ? substr(line, 1, width) : line)
	return 1
}

# The middle of the m numbers in a[] (sorted in place): the median.
# compare.awk uses it too.
function median(a, m,    i, j, x) {
	for (i = 2; i <= m; i++) {
		x = a[i]
		for (j = i - 1; j >= 1 && a[j] > x; j--)
			a[j + 1] = a[j]
		a[j + 1] = x
	}
	return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
}

# Column c's name, the words of the header over it ("RPC/UDP": a word
# ending in "/" runs on into the next, as report-read.awk joins them), or
# "column c" when the header's dashes do not match the columns (named 0,
# from dash_groups()).
function col_name(c, named,    j, f, name) {
	name = ""
	for (j = 1; named && j < NH; j++) {
		f = hwords(j, c)
		if (f != "")
			name = name (name == "" || name ~ /\/$/ ? "" : " ") f
	}
	return name == "" ? "column " c : name
}

# pct_text(p): a percentage for the notes, "37.2%", or "150%" from 99.95.
function pct_text(p) {
	return p + 0 < 99.95 ? sprintf("%.1f%%", p) : sprintf("%.0f%%", p)
}

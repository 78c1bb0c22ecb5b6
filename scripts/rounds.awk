# rounds.awk - combine the rounds of a latbw run into one results file.
#
#   awk -f rounds.awk -f rounds-combine.awk -f rounds-choose.awk \
#       -f rounds-aside.awk -f stats.awk -f values.awk -f read-values.awk \
#       -f registry.awk ROUND1 ROUND2 ... >COMBINED
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
#     printed with, or, for a figure with a statistics line, the mean of
#     their unrounded medians so printed, the median its line gets), so
#     that lmbench's readers, and ours, read one figure per cell;
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
# Its parts: this file (reading the rounds and matching their lines, and
# the output), rounds-combine.awk (a line made from its rounds'),
# rounds-choose.awk (which round a figure is taken from) and
# rounds-aside.awk (rounds set aside).  A statistics line's words are
# read by stats.awk's stat_fields, numbers told by values.awk's
# isnum (stats.awk calls registry.awk: loaded for it, not used here).
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
function field(line, name,    f) {
	sub(/^\[latbw-stat /, "", line)
	sub(/\][ \t]*$/, "", line)
	stat_fields(line, f)
	return (name in f) ? f[name] : ""
}

# rounds-aside.awk - rounds set aside: damaged figures and statistics
# lines found, said on standard error and in notes.  A part of rounds.awk
# (see there).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

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
		return "median=" note_text(t) " is not a finite number above zero"
	n = split("min max spread less", f, " ")
	for (i = 1; i <= n; i++) {
		t = field(line, f[i])
		sub(/%$/, "", t)
		if (isnum(t) && !finite(t))
			return f[i] "=" note_text(t) " is not a finite number of zero or more"
	}
	return ""
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
				ASIDE[r, by[i]] = "its figure " note_text(w[i]) " is not a finite number above zero"
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
			what = note_text(field(HAVE[r, key], "prog") " " field(HAVE[r, key], "case") (x != "" ? " x=" x : ""))
			printf "rounds.awk: %s:%d: round %d of %s set aside: %s\n", \
			    note_text(FNAME[r]), ln, r, what, ASIDE[r, key] > "/dev/stderr"
			NOTE[++nnote] = "[note: round " r " of " what " set aside: " \
			    ASIDE[r, key] " (line " ln " of its output)]"
		}
}

# note_text(s): s fit for a message and a [note: ...] line: shown(s)
# (values.awk: what is not printable ASCII becomes "?", cut after
# 40 characters), its "]" too become "?".
function note_text(s) {
	s = shown(s)
	gsub(/\]/, "?", s)
	return s
}

# finite(s): s is a number, finite and not below zero (an overhead).
function finite(s) {
	return isnum(s) && s + 0 >= 0 && s + 0 < 1e300
}

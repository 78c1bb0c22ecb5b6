# values.awk - what every program of latbw's readers asks of a value and
# a text: a number, a good one, a sane one; a text trimmed, fit to show
# on a terminal; a warning; the standard deviation of a list of values;
# a field of a record (scripts/records) as it was before its escapes.
# Functions only, no rule (warn names the program by its "me"): loaded
# by the reader (scripts/records: read.awk, with read-values.awk for what
# only reading a results file asks) and by the programs over its records
# (export.awk, compare's records-load.awk, ...).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

function isnum(s) {
	return s ~ /^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$/
}

# cpu_span(item, ab): one item of a CPU list ("4" or "0-3") as its first
# and last CPU, ab[1] and ab[2].
function cpu_span(item, ab,    w) {
	if (split(item, w, "-") == 2) {
		ab[1] = w[1] + 0
		ab[2] = w[2] + 0
	} else
		ab[1] = ab[2] = item + 0
}

# A value a cell may show: a number greater than zero.
function good(s) {
	return isnum(s) && s + 0 > 0
}

# Why the number text s cannot be a value, or "" if it can.  Every
# figure latbw and lmbench write lies well inside 1e-12 .. 1e15 in its
# unit (seconds are 1e6 us, terabytes per second 1e7 MB/s); a value past
# that is damage, and an infinite one ("1e400") would make the loops
# that draw its axis or format its cell endless.  NaN never comes from
# digits, and mawk's comparisons take it for equal: the text is checked.
function insane(s,    x, a) {
	x = s + 0
	a = x < 0 ? -x : x
	# Only past 1e15, or in a text with an n ("nan", "inf": no number
	# text has one), may it be infinite or NaN: the costly look at
	# its printed form is for those alone.
	if ((a > 1e15 || index(s, "n") || index(s, "N")) &&
	    sprintf("%g", x) ~ /[Ii][Nn][Ff]|[Nn][Aa][Nn]/)
		return "not a finite number"
	if (a > 1e15)
		return "out of range (above 1e15)"
	if (a > 0 && a < 1e-12)
		return "out of range (below 1e-12)"
	return ""
}

# Whether number text s is a number that may be a value (see insane()).
function sane(s) {
	if (s == "")
		return 0
	return isnum(s) && insane(s) == ""
}

function trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}

# s fit for a terminal: its control characters (C0, DEL, and C1 written
# in UTF-8) become "?", so that no file name or line of a file can move
# the cursor or colour the screen.  scripts/summary's tidy() is the same.
function tidy(s) {
	gsub(/[\001-\037\177]/, "?", s)
	gsub(/\302[\200-\237]/, "?", s)
	return s
}

# Printable form of an unrecognised line for a warning.
function shown(s) {
	gsub(/[^ -~]/, "?", s)
	if (length(s) > 40)
		s = substr(s, 1, 40) "..."
	return s
}

function warn(path, ln, msg) {
	if (ln > 0)
		printf "%s: %s:%d: %s\n", me, tidy(path), ln, tidy(msg) > "/dev/stderr"
	else
		printf "%s: %s: %s\n", me, tidy(path), tidy(msg) > "/dev/stderr"
}

# The standard deviation of the values of list (v1,v2,...: a statistics
# line's round_values, latbw-run's rounds), in percent of their mean: ""
# for fewer than two values or one that is not a positive number.
function values_sd(list,    n, v, j, m, d) {
	n = split(list, v, ",")
	if (n < 2)
		return ""
	m = 0
	for (j = 1; j <= n; j++) {
		if (!good(v[j]))
			return ""
		m += v[j]
	}
	m /= n
	d = 0
	for (j = 1; j <= n; j++)
		d += (v[j] - m) * (v[j] - m)
	return sq_root(d / (n - 1)) / m * 100
}

# The square root of v >= 0, by Newton's steps from above (awk's sqrt
# needs the math library, which some builds of busybox awk leave out).
function sq_root(v,    r, q, i) {
	if (v <= 0)
		return 0
	r = v > 1 ? v : 1
	for (i = 0; i < 200; i++) {
		q = (r + v / r) / 2
		if (q >= r)
			break
		r = q
	}
	return r
}

# A field of a record as it was before records.awk escaped it: "\\",
# "\t", "\n" and "\r" are a backslash, a tab, a newline, a return.
function unesc(s,    out, p, c) {
	if (index(s, "\\") == 0)
		return s
	out = ""
	while ((p = index(s, "\\")) > 0) {
		c = substr(s, p + 1, 1)
		out = out substr(s, 1, p - 1) (c == "t" ? "\t" : c == "n" ? "\n" : c == "r" ? "\r" : c)
		s = substr(s, p + 2)
	}
	return out s
}

# read-values.awk - what the reader (read.awk) asks of a value and a
# text: a number, a sane one, in range; a text fit to show; and its
# warnings, at most MAXWARN a file.  Part of the reader, loaded with it.
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

function isnum(s) {
	return s ~ /^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$/
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
	if (sprintf("%g", x) ~ /[Ii][Nn][Ff]|[Nn][Aa][Nn]/)
		return "not a finite number"
	a = x < 0 ? -x : x
	if (a > 1e15)
		return "out of range (above 1e15)"
	if (a > 0 && a < 1e-12)
		return "out of range (below 1e-12)"
	return ""
}

# Whether number text s is a number that may be a value (see insane()).
function sane(s) {
	return isnum(s) && insane(s) == ""
}

# Why the number text s cannot be a figure's value, or "": insane(), or
# below zero (no time, rate or size is; zero is lmbench's rounding of a
# tiny figure, "int64 add: 0.00", and shows as a blank cell).
function bad_value(s) {
	if (insane(s) != "")
		return insane(s)
	return s + 0 < 0 ? "negative" : ""
}

# Warn (file:line) about numbers of line ln that cannot be values: 1 if
# one is such a number (the line is then left out, and so is the
# statistics line after it).  x (a point's x, or "") may be any number
# insane() takes; a and b (its values, or "") must be bad_value()'s.
function out_of_range(ln, x, a, b,    why, v) {
	v = x
	why = isnum(x) ? insane(x) : ""
	if (why == "" && isnum(a)) {
		v = a
		why = bad_value(a)
	}
	if (why == "" && isnum(b)) {
		v = b
		why = bad_value(b)
	}
	if (why == "")
		return 0
	lwarn(ln, "'" shown(v) "' is " why ": left out")
	lastlo = lasthi = -1
	return 1
}

# too_many(name, ln): 1 if series name of the file being read has its
# SERMAX points already: the point of line ln, and those after it, are
# left out (said once per series and file), with their statistics lines.
# No series of latbw or lmbench has more (lat_c2c's rows, the longest,
# have fewer than 4096 points); 200,000 points of one series made graph
# run for minutes.
function too_many(name, ln) {
	if (SN[cur, name] + 0 < SERMAX)
		return 0
	if (!((cur, name) in SERCUT)) {
		SERCUT[cur, name] = 1
		lwarn(ln, "series '" shown(name) "' has more than " SERMAX " points: this one and the rest left out")
	}
	lastlo = lasthi = -1
	return 1
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

# Warnings about the lines of one file: the first MAXWARN are shown, the
# rest counted.
function lwarn(ln, msg) {
	nwarn++
	if (nwarn <= MAXWARN)
		warn(cur_path, ln, msg)
}

# read-values.awk - what the reader (read.awk) asks of a value that only
# reading a results file asks: whether it is in range (out_of_range,
# bad_value), whether a series has too many points, and the warnings
# about a file's lines, at most MAXWARN a file.  Part of the reader,
# loaded with it and with values.awk (isnum, sane, tidy, warn, ...).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

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

# Warnings about the lines of one file: the first MAXWARN are shown, the
# rest counted.
function lwarn(ln, msg) {
	nwarn++
	if (nwarn <= MAXWARN)
		warn(cur_path, ln, msg)
}

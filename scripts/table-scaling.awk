# table-scaling.awk - summary's tables of the scaling curves (-G; see
# latbw(7)): one per results file, a row per benchmark and mode
# (processes, threads), a column per number of copies.  read.awk lists a
# file's curves in SCNAME[i, 1..SCNN[i]] ("scaling <prog> <case> <mode>",
# points "<copies> <operations per second of all copies>").
#
# Each curve takes two lines: "total", the operations per second of all
# the copies, and "copy", the total divided by the copies (what one copy
# did); xN is the total at the most copies over the total at one copy
# (N for perfect scaling).  Past 8 copy counts the columns are 1, the
# powers of two and the largest.
#
# Only POSIX awk.

# v operations per second, short: 812, 4.37k, 11.3M, 1.02G.
function sc_fmt(v,    u, d) {
	if (v == "")
		return "-"
	u = ""
	d = 1
	if (v >= 1e9) {
		u = "G"
		d = 1e9
	} else if (v >= 1e6) {
		u = "M"
		d = 1e6
	} else if (v >= 1e3) {
		u = "k"
		d = 1e3
	}
	v /= d
	if (u == "")
		return sprintf("%.0f", v)
	if (v >= 99.95)
		return sprintf("%.0f%s", v, u)
	if (v >= 9.995)
		return sprintf("%.1f%s", v, u)
	return sprintf("%.2f%s", v, u)
}


# The copy counts of file i's curves, ascending, in SCX[1..n]; returns n.
function sc_columns(i,    j, n, m, k, x, seen, all, na, t) {
	split("", seen)
	na = 0
	for (j = 1; j <= SCNN[i]; j++) {
		m = SN[i, SCNAME[i, j]] + 0
		for (k = 1; k <= m; k++) {
			x = RX[i, SK[i, SCNAME[i, j], k]]
			if (x !~ /^[0-9]+$/ || (x + 0) in seen)
				continue
			seen[x + 0] = 1
			all[++na] = x + 0
		}
	}
	for (j = 2; j <= na; j++) {
		t = all[j]
		for (k = j - 1; k >= 1 && all[k] > t; k--)
			all[k + 1] = all[k]
		all[k + 1] = t
	}
	n = 0
	for (j = 1; j <= na; j++) {
		x = all[j]
		# many copy counts: 1, the powers of two, the largest
		if (na > 8 && j < na && x != 1 && !sc_pow2(x))
			continue
		SCX[++n] = x
	}
	return n
}

function sc_pow2(x) {
	while (x > 1 && x % 2 == 0)
		x /= 2
	return x == 1
}

function t_scaling(    i, j, n, c, name, w, bench, mode, line, tot, one, most, v, head) {
	for (i = 1; i <= nf; i++) {
		if (SCNN[i] + 0 == 0)
			continue
		n = sc_columns(i)
		if (n == 0)
			continue
		printed++
		w = 8
		head = sprintf("%-24s %-10s %-6s", "benchmark", "mode", "")
		for (c = 1; c <= n; c++)
			head = head sprintf(" %" w "s", SCX[c])
		head = head sprintf(" %6s", "xN")
		printf "\nScaling curves (-G) - %s (%s) - operations per second, bigger is better\n", \
		    tidy(sc_run(i)), tidy(HOST[i])
		print "columns: copies, one per CPU; total: all copies; copy: total/copies; xN: total at the most / at 1"
		line = head
		gsub(/./, "-", line)
		print line
		print rstrip(head)
		for (j = 1; j <= SCNN[i]; j++) {
			name = SCNAME[i, j]
			bench = name
			sub(/^scaling /, "", bench)
			mode = bench
			sub(/.* /, "", mode)
			sub(/ [^ ]*$/, "", bench)
			line = sprintf("%-24s %-10s %-6s", tidy(bench), mode, "total")
			one = most = ""
			for (c = 1; c <= n; c++) {
				v = point_at(i, name, SCX[c])
				line = line sprintf(" %" w "s", sc_fmt(v))
				if (v != "" && SCX[c] == 1)
					one = v
				if (v != "")
					most = v
			}
			tot = (one != "" && most != "" && one > 0) ? sprintf("%.2f", most / one) : "-"
			print line sprintf(" %6s", tot)
			line = sprintf("%-24s %-10s %-6s", "", "", "copy")
			for (c = 1; c <= n; c++) {
				v = point_at(i, name, SCX[c])
				line = line sprintf(" %" w "s", v == "" ? "-" : sc_fmt(v / SCX[c]))
			}
			print rstrip(line)
		}
		if (n == 1 && SCX[1] == 1)
			print "One copy only: on a machine of one CPU the curve is the one point 1."
	}
}

# The name of file i: host.run.
function sc_run(i,    b) {
	b = PATHS[i]
	sub(/.*\//, "", b)
	return b
}

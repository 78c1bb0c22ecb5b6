# graph-c2c.awk - scripts/graph's heat maps of lat_c2c's matrices: one
# SVG per results file and matrix, c2c-<matrix>-<host.run>.svg, rows and
# columns the CPUs, each cell coloured from pale (the smallest round trip
# of the matrix) to dark red (the largest), its value written in it and in
# its tooltip, a cell not measured grey; the groups of the file's
# [latbw-c2c-groups ...] lines listed under the map.  Uses what
# points.awk looks up (c2c_cpus, c2c_value), C2CG (the groups, from the
# records) and graph.awk's xml().
#
# Only POSIX awk.

# Plot every matrix of every file; the number of files written.
function plot_c2c(    i, m, nm, v, made) {
	made = 0
	for (i = 1; i <= nf; i++) {
		nm = split(C2CMS[i], m, " ")
		for (v = 1; v <= nm; v++)
			made += c2c_svg(i, m[v])
	}
	return made
}

# A colour between pale yellow (f = 0) and dark red (f = 1).
function c2c_colour(f,    r, g, b) {
	if (f < 0) f = 0
	if (f > 1) f = 1
	r = 255 + (165 - 255) * f
	g = 247 + (0 - 247) * f
	b = 188 + (38 - 188) * f
	return sprintf("#%02x%02x%02x", r, g, b)
}

function c2c_svg(i, v,    n, a, b, cv, lo, hi, cs, L, T, W, H, path, unit, fs, txt) {
	n = c2c_cpus(i, v)
	if (n == 0)
		return 0
	lo = 1e300
	hi = -1e300
	for (a = 1; a <= n; a++)
		for (b = 1; b <= n; b++) {
			cv = c2c_value(i, v, C2CL[a], C2CL[b])
			if (!good(cv))
				continue
			if (cv + 0 < lo) lo = cv + 0
			if (cv + 0 > hi) hi = cv + 0
		}
	if (hi < lo)
		return 0
	cs = n <= 16 ? 48 : int(768 / n)
	if (cs < 6)
		cs = 6
	fs = cs >= 48 ? 11 : (cs >= 30 ? 9 : 0)
	L = 70
	T = 90
	W = L + n * cs + 140
	# room for the line under the title (about 88 characters of 12 px)
	if (W < 720)
		W = 720
	H = T + n * cs + 60 + 18 * 6
	unit = v == "cas" ? "ns" : "us"
	path = plot_file("c2c-" v "-" runname(i))
	if (!plot_open(path))
		return 0
	printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" > path
	printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H, W, H > path
	txt = "Core-to-core round trip (lat_c2c " v ", " unit ") " runname(i)
	printf "<title>%s</title>\n", xml(txt) > path
	printf "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H > path
	printf "<text x=\"%d\" y=\"28\" font-size=\"16\" font-weight=\"bold\">%s</text>\n", L, xml(txt) > path
	printf "<text x=\"%d\" y=\"48\">%s</text>\n", L, \
	    xml("row: the first process's CPU, column: the second's; each pair measured once, shown both ways") > path
	# CPU numbers along the top and down the left.
	printf "<g text-anchor=\"middle\" font-size=\"%d\">\n", (cs >= 20 ? 12 : 8) > path
	for (b = 1; b <= n; b++)
		if (cs >= 14 || b % int(14 / cs + 1) == 1)
			printf "<text x=\"%.1f\" y=\"%d\">%d</text>\n", L + (b - 0.5) * cs, T - 8, C2CL[b] > path
	printf "</g>\n<g text-anchor=\"end\" font-size=\"%d\">\n", (cs >= 20 ? 12 : 8) > path
	for (a = 1; a <= n; a++)
		if (cs >= 14 || a % int(14 / cs + 1) == 1)
			printf "<text x=\"%d\" y=\"%.1f\">%d</text>\n", L - 8, T + (a - 0.5) * cs + 4, C2CL[a] > path
	printf "</g>\n" > path
	printf "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"11\">CPU</text>\n", L - 8, T - 8 > path
	c2c_cells(path, i, v, n, lo, hi, cs, L, T, unit, fs)
	c2c_scale(path, L + n * cs + 20, T, lo, hi, unit)
	c2c_groups(path, i, L, T + n * cs + 30)
	printf "</g>\n</svg>\n" > path
	close(path)
	print path
	return 1
}

# The matrix: a cell per pair of CPUs (a..n, b..n), coloured from lo to
# hi, its figure written in it when there is room (font size fs > 0).
function c2c_cells(path, i, v, n, lo, hi, cs, L, T, unit, fs,    a, b, x, y, cv, f) {
	# The cells.
	printf "<g stroke=\"white\" stroke-width=\"1\">\n" > path
	for (a = 1; a <= n; a++)
		for (b = 1; b <= n; b++) {
			x = L + (b - 1) * cs
			y = T + (a - 1) * cs
			cv = c2c_value(i, v, C2CL[a], C2CL[b])
			if (!good(cv)) {
				printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#dddddd\"><title>CPU %d, CPU %d: not measured</title></rect>\n", \
				    x, y, cs, cs, C2CL[a], C2CL[b] > path
				continue
			}
			f = hi > lo ? (cv - lo) / (hi - lo) : 0
			printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"><title>CPU %d, CPU %d: %s %s</title></rect>\n", \
			    x, y, cs, cs, c2c_colour(f), C2CL[a], C2CL[b], c2c_cell(cv), unit > path
		}
	printf "</g>\n" > path
	if (fs > 0) {
		printf "<g text-anchor=\"middle\" font-size=\"%d\" stroke=\"none\">\n", fs > path
		for (a = 1; a <= n; a++)
			for (b = 1; b <= n; b++) {
				cv = c2c_value(i, v, C2CL[a], C2CL[b])
				if (!good(cv))
					continue
				f = hi > lo ? (cv - lo) / (hi - lo) : 0
				printf "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">%s</text>\n", \
				    L + (b - 0.5) * cs, T + (a - 0.5) * cs + fs / 2 - 1, \
				    (f > 0.55 ? "white" : "black"), c2c_cell(cv) > path
			}
		printf "</g>\n" > path
	}
}

# The scale at x, T: five steps from the smallest to the largest (one, if
# every cell is the same: five equal labels would say nothing).
function c2c_scale(path, x, T, lo, hi, unit,    steps, a, y) {
	steps = hi > lo ? 4 : 0
	printf "<g font-size=\"11\">\n" > path
	for (a = 0; a <= steps; a++) {
		y = T + a * 22
		printf "<rect x=\"%d\" y=\"%d\" width=\"18\" height=\"18\" fill=\"%s\"/>\n", x, y, c2c_colour(steps ? a / steps : 0) > path
		printf "<text x=\"%d\" y=\"%d\">%s %s</text>\n", x + 24, y + 13, c2c_cell(steps ? lo + (hi - lo) * a / steps : lo), unit > path
	}
	printf "<rect x=\"%d\" y=\"%d\" width=\"18\" height=\"18\" fill=\"#dddddd\"/>\n", x, T + (steps + 1) * 22 > path
	printf "<text x=\"%d\" y=\"%d\">not measured</text>\n", x + 24, T + (steps + 1) * 22 + 13 > path
	printf "</g>\n" > path
}

# The CPU groups sysfs gave (smt, l2, l3, node, package), from y = gy.
# Leaves its group open.
function c2c_groups(path, i, L, gy,    lv, l, ly) {
	split("smt l2 l3 node package", lv, " ")
	ly = 0
	printf "<g font-size=\"12\">\n" > path
	for (l = 1; l <= 5; l++) {
		if (!((i, lv[l]) in C2CG))
			continue
		if (ly == 0)
			printf "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">Groups (sysfs)</text>\n", L, gy > path
		ly++
		printf "<text x=\"%d\" y=\"%d\">%s: %s</text>\n", L, gy + ly * 18, lv[l], xml(C2CG[i, lv[l]]) > path
	}
	if (ly == 0)
		printf "<text x=\"%d\" y=\"%d\">Groups: not known</text>\n", L, gy > path
}

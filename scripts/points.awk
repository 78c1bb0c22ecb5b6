# points.awk - looking up the points of a file's series, for the tables
# and the plots: a series' point at x (point_at), and lat_c2c's matrices,
# whose rows are series (c2c_cpus, c2c_value, and the marks of a pair of
# CPUs' relation).  Functions over the arrays the reader fills (read.awk,
# read-c2c.awk) or records-load.awk fills from the records: SN, SK, RX,
# RV, C2CCPU, and C2CGI (each CPU's group of a level: rl_groups, of
# the programs over records only).  Loaded with read-c2c.awk (which
# bounds its lines by C2CMAXCPU) and by the programs over records that
# look points up.
#
# Only POSIX awk.

BEGIN {
	C2CMAXCPU = 4096	# lat_c2c's CPU numbers are below this (TOPO_MAX_CPU)
	C2CSHOW = 256		# the CPUs of a matrix its table and heat map show
}

# The value of series name's point at x in file i (its last one there),
# or "" (the tables and plots of lat_mem_load, par_mem -c and the scaling
# curves: table-load.awk, graph-load.awk, table-scaling.awk).
function point_at(i, name, x,    n, j, k) {
	n = SN[i, name] + 0
	for (j = n; j >= 1; j--) {
		k = SK[i, name, j]
		if (RX[i, k] == x && good(RV[i, k]))
			return RV[i, k] + 0
	}
	return ""
}

# A record: one figure or one series point, kept in file order for the

# The closest level file i's groups say cpus a and b share: smt, l2, l3,
# node, package, or "" (none known).
function c2c_relation(i, a, b,    lv, l) {
	split("smt l2 l3 node package", lv, " ")
	for (l = 1; l <= 5; l++)
		if (((i, lv[l], a) in C2CGI) && ((i, lv[l], b) in C2CGI) &&
		    C2CGI[i, lv[l], a] == C2CGI[i, lv[l], b])
			return lv[l]
	return ""
}
# The mark of a relation in a ctext.
function c2c_mark(rel) {
	if (rel == "smt")
		return "s"
	if (rel == "l2")
		return "c"
	if (rel == "l3")
		return "l"
	if (rel == "node")
		return "n"
	if (rel == "package")
		return "p"
	return " "
}

# The CPUs of matrix v of file i, ascending, in C2CL[1..n]: its rows and
# the columns of their points, the first C2CSHOW of them (CPU numbers
# below C2CMAXCPU: lat_c2c's own limit).  A table of n CPUs is n * n
# cells, however few points the file has: one row of 2,000 points (21 KB)
# made 32 MB of table in 8.7 s; C2CSHOW CPUs are a table of 0.5 MB and a
# heat map of 10 MB.  What is left out is said once per file and matrix.
# The cells of the CPUs shown are then indexed for c2c_value.  Returns n.
function c2c_cpus(i, v,    n, k, j, c, name, seen, t, all, top) {
	split("", seen)
	all = top = 0
	for (k in C2CCPU) {
		split(k, t, SUBSEP)
		if (t[1] != i || t[2] != v)
			continue
		name = "c2c " v " cpu=" t[3]
		for (j = 0; j <= SN[i, name]; j++) {
			c = j == 0 ? t[3] : RX[i, SK[i, name, j]]
			if (c !~ /^[0-9]+$/ || (c + 0) in seen)
				continue
			seen[c + 0] = 1
			all++
			if (c + 0 < C2CMAXCPU && c + 0 >= top)
				top = c + 1
		}
	}
	n = 0
	# (top: past the last CPU below C2CMAXCPU)
	for (c = 0; c < top && n < C2CSHOW; c++)
		if (c in seen)
			C2CL[++n] = c
	if (all > n && !((i, v) in C2CCUT)) {
		C2CCUT[i, v] = 1
		warn(PATHS[i], 0, "lat_c2c " v " matrix of " all " CPUs: its table and heat map show " \
		    n " of them (CPUs " C2CL[1] " to " C2CL[n] "), " (all - n) " left out")
	}
	if (!((i, v) in C2CIX))
		c2c_index(i, v, n)
	return n
}

# c2c_index(i, v, n): C2CV[i, v, a, b], for the CPUs a < b (or a = b) of
# C2CL[1..n], the value of the cell: the last point at b of row a.
function c2c_index(i, v, n,    a, name, j, k, show) {
	C2CIX[i, v] = 1
	for (a = 1; a <= n; a++)
		show[C2CL[a]] = 1
	for (a = 1; a <= n; a++) {
		name = "c2c " v " cpu=" C2CL[a]
		for (j = 1; j <= SN[i, name]; j++) {
			k = SK[i, name, j]
			if (RX[i, k] ~ /^[0-9]+$/ && (RX[i, k] + 0) in show)
				C2CV[i, v, C2CL[a], RX[i, k] + 0] = RV[i, k]
		}
	}
}

# The cell (a, b) of matrix v: measured with the first process on the
# smaller CPU, shown both ways.
function c2c_value(i, v, a, b,    t) {
	if (a > b) {
		t = a
		a = b
		b = t
	}
	return ((i, v, a, b) in C2CV) ? C2CV[i, v, a, b] : ""
}
function c2c_cell(v,    s) {
	if (!good(v))
		return ""
	if (v + 0 >= 100000)
		return sprintf("%.0f", v)
	if (v + 0 >= 100)
		return sprintf("%.1f", v)
	return sprintf("%.2f", v)
}

# host.run of file i.
function runname_c2c(i,    b) {
	b = PATHS[i]
	sub(/.*\//, "", b)
	return b
}

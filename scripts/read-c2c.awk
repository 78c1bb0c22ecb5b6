# read-c2c.awk - lat_c2c's matrices as read.awk reads them, for every
# reader (summary, compare, graph): its lines, and the lookups the table
# (table-c2c.awk) and the heat maps (graph-c2c.awk) make.
#
# lat_c2c writes, per matrix (cas, pipe), a series per row: a title
# "c2c cas cpu=R and points "C value" (cas: C > R, ns; pipe: C >= R, us),
# and before them [latbw-c2c-cpus LIST] and one
# [latbw-c2c-groups level=L G1 G2 ...] line per topology level (smt, l2,
# l3, node, package), each group a CPU list ("0-1,4-5").  A file holds at
# most one run of lat_c2c; a second one adds to the first's rows.
#
# Only POSIX awk.

BEGIN {
	C2CMAXCPU = 4096	# lat_c2c's CPU numbers are below this (TOPO_MAX_CPU)
	C2CSHOW = 256		# the CPUs of a matrix its table and heat map show
}

# The title of a lat_c2c row: note its matrix and row; its unit.
function c2c_title(title,    v, r) {
	v = title
	sub(/^c2c /, "", v)
	r = v
	sub(/ .*/, "", v)
	sub(/.*cpu=/, "", r)
	if (!((cur, v) in C2CM))
		C2CMS[cur] = C2CMS[cur] " " v
	C2CM[cur, v] = 1
	C2CCPU[cur, v, r + 0] = 1
	return v == "cas" ? "ns" : "us"
}

# A [latbw-c2c-...] line: the groups of a level, kept as written, and
# each CPU's group of that level, for the marks (C2CGI[i, level, cpu],
# the group's place on the line).  The groups of a level share no CPU,
# and lat_c2c numbers CPUs below C2CMAXCPU: a line whose groups hold more
# CPUs than that (a damaged one, "0-4095 0-4095 ...") is ignored with a
# warning, so that no line costs more than C2CMAXCPU steps.
function c2c_line(line, ln,    w, n, lv, i, s, p, np, j, r, a, b, c, cost) {
	sub(/\][ \t]*$/, "", line)
	n = split(line, w, / +/)
	if (w[1] != "[latbw-c2c-groups" || n < 3 || w[2] !~ /^level=[a-z0-9]+$/)
		return
	lv = substr(w[2], 7)
	s = ""
	cost = 0
	split("", C2CT)
	for (i = 3; i <= n; i++) {
		if (w[i] !~ /^[0-9][0-9,-]*$/)
			continue
		s = s (s == "" ? "" : " ") w[i]
		np = split(w[i], p, ",")
		for (j = 1; j <= np; j++) {
			if (split(p[j], r, "-") == 2) {
				a = r[1] + 0
				b = r[2] + 0
			} else
				a = b = p[j] + 0
			if (b >= C2CMAXCPU)
				b = C2CMAXCPU - 1
			if (b - a + 1 > C2CMAXCPU - cost) {
				lwarn(ln, "groups of level " shown(lv) " hold more than " C2CMAXCPU " CPUs: ignored")
				return
			}
			for (c = a; c <= b; c++) {
				cost++
				C2CT[c] = i
			}
		}
	}
	# A level seen again in the file: the last line wins.
	if ((cur, lv) in C2CG)
		for (c = 0; c < C2CMAXCPU; c++)
			delete C2CGI[cur, lv, c]
	for (c in C2CT)
		C2CGI[cur, lv, c] = C2CT[c]
	C2CG[cur, lv] = s
}
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
function c2c_cpus(i, v,    n, k, j, c, name, seen, t, all) {
	split("", seen)
	all = 0
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
		}
	}
	n = 0
	for (c = 0; c < C2CMAXCPU && n < C2CSHOW; c++)
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

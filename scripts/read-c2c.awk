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

# A [latbw-c2c-...] line: the groups of a level, kept as written.
function c2c_line(line,    w, n, lv, i, s) {
	sub(/\][ \t]*$/, "", line)
	n = split(line, w, / +/)
	if (w[1] != "[latbw-c2c-groups" || n < 3 || w[2] !~ /^level=[a-z0-9]+$/)
		return
	lv = substr(w[2], 7)
	s = ""
	for (i = 3; i <= n; i++)
		if (w[i] ~ /^[0-9][0-9,-]*$/)
			s = s (s == "" ? "" : " ") w[i]
	C2CG[cur, lv] = s
}

# Is cpu in the CPU list text ("0-1,4-5")?
function c2c_in(cpu, list,    n, p, j, r) {
	n = split(list, p, ",")
	for (j = 1; j <= n; j++) {
		if (split(p[j], r, "-") == 2) {
			if (cpu >= r[1] + 0 && cpu <= r[2] + 0)
				return 1
		} else if (p[j] + 0 == cpu)
			return 1
	}
	return 0
}

# The closest level file i's groups say cpus a and b share: smt, l2, l3,
# node, package, or "" (none known).
function c2c_relation(i, a, b,    lv, l, g, n, j) {
	split("smt l2 l3 node package", lv, " ")
	for (l = 1; l <= 5; l++) {
		if (!((i, lv[l]) in C2CG))
			continue
		n = split(C2CG[i, lv[l]], g, " ")
		for (j = 1; j <= n; j++)
			if (c2c_in(a, g[j]) && c2c_in(b, g[j]))
				return lv[l]
	}
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
# the columns of their points.  Returns n.
function c2c_cpus(i, v,    n, k, j, c, name, seen, t) {
	split("", seen)
	n = 0
	for (k in C2CCPU) {
		split(k, t, SUBSEP)
		if (t[1] != i || t[2] != v)
			continue
		name = "c2c " v " cpu=" t[3]
		for (j = 0; j <= SN[i, name]; j++) {
			c = j == 0 ? t[3] : RX[i, SK[i, name, j]]
			if (c ~ /^[0-9]+$/ && !((c + 0) in seen)) {
				seen[c + 0] = 1
				C2CL[++n] = c + 0
			}
		}
	}
	# insertion sort: a few hundred CPUs at most
	for (j = 2; j <= n; j++) {
		c = C2CL[j]
		for (k = j - 1; k >= 1 && C2CL[k] > c; k--)
			C2CL[k + 1] = C2CL[k]
		C2CL[k + 1] = c
	}
	return n
}

# The cell (a, b) of matrix v: measured with the first process on the
# smaller CPU, shown both ways.
function c2c_value(i, v, a, b,    t) {
	if (a > b) {
		t = a
		a = b
		b = t
	}
	return c2c_at(i, "c2c " v " cpu=" a, b)
}

# The value of series name's point at x in file i, or "".
function c2c_at(i, name, x,    n, j, k) {
	n = SN[i, name] + 0
	for (j = n; j >= 1; j--) {
		k = SK[i, name, j]
		if (RX[i, k] == x)
			return RV[i, k]
	}
	return ""
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

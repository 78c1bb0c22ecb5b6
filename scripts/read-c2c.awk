# read-c2c.awk - lat_c2c's matrices as read.awk reads them: its lines.
# The lookups the table (table-c2c.awk) and the heat maps (graph-c2c.awk)
# make are points.awk's, which is loaded with this file (C2CMAXCPU).
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
	# A row past lat_c2c's CPUs is no cell, but counted among those left
	# out: the records list it after the others, as written (C2CPAST).
	if (r + 0 >= C2CMAXCPU && !((cur, v, r + 0) in C2CCPU))
		C2CPAST[cur, v, ++C2CNPAST[cur, v]] = r
	C2CCPU[cur, v, r + 0] = 1
	# (rows below C2CMAXCPU run to C2CTOP[cur, v] - 1 at most: records.awk
	# looks that far for them, not C2CMAXCPU rows)
	if (r + 0 < C2CMAXCPU && r + 0 >= C2CTOP[cur, v])
		C2CTOP[cur, v] = r + 1
	return v == "cas" ? "ns" : "us"
}

# A [latbw-c2c-...] line: the groups of a level, kept as written (each
# CPU's group, for the marks, is made of them by the programs over the
# records: records-load.awk's rl_groups).  The groups of a level share
# no CPU, and lat_c2c numbers CPUs below C2CMAXCPU: a line whose groups
# hold more CPUs than that (a damaged one, "0-4095 0-4095 ...") is
# ignored with a warning, so that no line costs more than C2CMAXCPU
# steps there.
function c2c_line(line, ln,    w, n, lv, i, s, p, np, j, ab, a, b, cost) {
	sub(/\][ \t]*$/, "", line)
	n = split(line, w, / +/)
	if (w[1] != "[latbw-c2c-groups" || n < 3 || w[2] !~ /^level=[a-z0-9]+$/)
		return
	lv = substr(w[2], 7)
	s = ""
	cost = 0
	for (i = 3; i <= n; i++) {
		if (w[i] !~ /^[0-9][0-9,-]*$/)
			continue
		s = s (s == "" ? "" : " ") w[i]
		np = split(w[i], p, ",")
		for (j = 1; j <= np; j++) {
			cpu_span(p[j], ab)
			a = ab[1]
			b = ab[2]
			if (b >= C2CMAXCPU)
				b = C2CMAXCPU - 1
			if (b - a + 1 > C2CMAXCPU - cost) {
				lwarn(ln, "groups of level " shown(lv) " hold more than " C2CMAXCPU " CPUs: ignored")
				return
			}
			if (b >= a)
				cost += b - a + 1
		}
	}
	# A level seen again in the file: the last line wins.
	C2CG[cur, lv] = s
}

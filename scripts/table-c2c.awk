# table-c2c.awk - summary's tables of lat_c2c's matrices (read by
# read-c2c.awk): one per results file and matrix, rows and columns the
# CPUs, each cell marked with the closest group the two CPUs share.
#
# Only POSIX awk.

# One table per file and matrix: rows and columns are CPUs.
function t_c2c(    i, m, nm, v, n, a, b, w, line, ctext, cv, lv, l, any) {
	split("smt l2 l3 node package", lv, " ")
	for (i = 1; i <= nf; i++) {
		nm = split(C2CMS[i], m, " ")
		for (v = 1; v <= nm; v++) {
			n = c2c_cpus(i, m[v])
			if (n == 0)
				continue
			# the width of a column: the widest ctext, and room for
			# the mark
			w = 4
			for (a = 1; a <= n; a++)
				for (b = 1; b <= n; b++) {
					ctext = c2c_cell(c2c_value(i, m[v], C2CL[a], C2CL[b]))
					if (length(ctext) + 1 > w)
						w = length(ctext) + 1
				}
			printed++
			printf "\nCore-to-core round trip (lat_c2c %s) - %s - smaller is better\n", \
			    m[v], (m[v] == "cas" ? "nanoseconds, a cache line by compare-and-swap" : \
			    "microseconds, a byte through pipes")
			printf "%s (%s): row and column are the two CPUs; each pair measured once, shown both ways\n", \
			    tidy(runname_c2c(i)), tidy(HOST[i])
			line = "-------"
			for (b = 1; b <= n; b++)
				line = line "-" substr("------------------------", 1, w + 1)
			print line
			printf "%6s ", "CPU"
			for (b = 1; b <= n; b++)
				printf " %" (w + 1) "d", C2CL[b]
			printf "\n"
			for (a = 1; a <= n; a++) {
				line = sprintf("%6d ", C2CL[a])
				for (b = 1; b <= n; b++) {
					cv = c2c_value(i, m[v], C2CL[a], C2CL[b])
					ctext = c2c_cell(cv)
					if (ctext == "")
						ctext = "-"
					line = line sprintf(" %" w "s%s", ctext, \
					    (a == b || ctext == "-") ? " " : \
					    c2c_mark(c2c_relation(i, C2CL[a], C2CL[b])))
				}
				print rstrip(line)
			}
			any = 0
			for (l = 1; l <= 5; l++) {
				if (!((i, lv[l]) in C2CG))
					continue
				if (!any)
					print "Groups (sysfs):"
				any = 1
				printf "  %-8s %s\n", lv[l], C2CG[i, lv[l]]
			}
			if (any)
				print "Marks: s SMT siblings, c share an L2, l share an L3, n one NUMA node, p one package, none: nothing shared"
			else
				print "Groups: not known (no [latbw-c2c-groups] lines)"
		}
	}
}


# lkp.awk - LKP's names of latbw's figures: scripts/lkp-names (see there)
# read into LKPN[j] (LKP's name), LKPM[j] (our metric, {x} for a point
# of a series), LKPP[j] ("-" or "largest"), j = 1..NLKP; export.awk gives
# each figure LKP names its name (lkp_names), and summary -f lkp-names
# lists the table (awk -v what=lkp-names -f lkp.awk, LATBW_LKPNAMES the
# table's path).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

BEGIN {
	if (what == "lkp-names") {
		out_lkp_names()
		exit
	}
}

function lkp_read(path,    line, f, n, ln) {
	if (LKP_READ++)
		return
	NLKP = 0
	ln = 0
	while ((getline line < path) > 0) {
		ln++
		if (line ~ /^[ \t]*(#|$)/)
			continue
		n = split(line, f, "|")
		gsub(/^[ \t]+|[ \t]+$/, "", f[1])
		gsub(/^[ \t]+|[ \t]+$/, "", f[2])
		gsub(/^[ \t]+|[ \t]+$/, "", f[3])
		if (n != 3 || f[1] == "" || f[2] !~ /^latbw[.]/ || f[3] !~ /^(-|largest)$/) {
			printf "%s: %s:%d: not a line of LKP's names (3 fields: name | metric | - or largest)\n", \
			    me, path, ln > "/dev/stderr"
			exit 2
		}
		NLKP++
		LKPN[NLKP] = f[1]
		LKPM[NLKP] = f[2]
		LKPP[NLKP] = f[3]
	}
	close(path)
	if (NLKP == 0) {
		printf "%s: cannot read LKP's names from %s\n", me, path > "/dev/stderr"
		exit 2
	}
}

# Whether metric m is LKP's metric j: the same name, or (a series) the
# same with a word of its own for {x}.
function lkp_match(m, j,    p, pre, post) {
	p = index(LKPM[j], "{x}")
	if (p == 0)
		return m == LKPM[j]
	pre = substr(LKPM[j], 1, p - 1)
	post = substr(LKPM[j], p + 3)
	return length(m) > length(pre) + length(post) && \
	    substr(m, 1, length(pre)) == pre && \
	    substr(m, length(m) - length(post) + 1) == post && \
	    substr(m, length(pre) + 1, length(m) - length(pre) - length(post)) !~ /[.]/
}

# XLKP[i, k] for the records of file i (XM[i, k] their metric names, XOK
# whether they have a figure): each figure LKP names (of a series, its
# point of the largest size in the file), once.
function lkp_names(i,    k, j, best) {
	for (k = 1; k <= nrec[i]; k++)
		XLKP[i, k] = ""
	for (j = 1; j <= NLKP; j++) {
		best = ""
		for (k = 1; k <= nrec[i]; k++) {
			if (!XOK[i, k] || !lkp_match(XM[i, k], j))
				continue
			if (LKPP[j] == "-" || best == "" || XX[i, k] + 0 > XX[i, best] + 0)
				best = k
			if (LKPP[j] == "-")
				break
		}
		if (best != "")
			XLKP[i, best] = LKPN[j]
	}
}

# summary -f lkp-names: the table, one line each: LKP's name, the latbw
# metric and which point, a tab between.
function out_lkp_names(    j) {
	lkp_read(ENVIRON["LATBW_LKPNAMES"])
	for (j = 1; j <= NLKP; j++)
		printf "%s\t%s\t%s\n", LKPN[j], LKPM[j], LKPP[j]
}

# graph.awk - the SVG plots of scripts/graph: which plots, and their
# curves.
#
# A program over records: it reads no results file.  scripts/graph pipes
# the records of the files (scripts/records, the one reader), then a line
# "E<TAB>status" (the records' exit status: not 0, a file could not be
# read, or none was), into this file and the others its "parts" line
# names, with LC_ALL=C, mode=lib and me=graph: records-load.awk takes the
# records in; this file's END writes the plots (graph-svg.awk writes each
# file), and exits.
# The series of the bandwidth plots are named in the registry
# (LATBW_REGISTRY; registry.awk reads it).
#
# Variables, in the environment (a path: -v would take its backslashes for
# escapes), else -v:
#   LATBW_OUTDIR  outdir: the directory the .svg files go to (it exists)
#   LATBW_FORCE   1: a file of the same name there is replaced; else it is
#                 left as it is, and said so (plot_open)
#
# Each plot is one self-contained SVG file written by hand: a log2 size
# axis, a linear value axis from 0, grid lines, the cache sizes of the
# files ([CACHE_L1D: ...] and so on) as dashed vertical lines, one curve
# per run and series, a legend naming host.run.  The paths of the files
# written go to standard output, one a line.
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

BEGIN {
	if ("LATBW_OUTDIR" in ENVIRON)
		outdir = ENVIRON["LATBW_OUTDIR"]
	force = ENVIRON["LATBW_FORCE"] == 1
}

# The records' status: a file that could not be read (said by
# scripts/records) makes graph's status 1.
/^E\t/ {
	if (substr($0, 3) != "0")
		status = 1
	next
}

END {
	graph_main()
	exit status
}

function graph_main(    n) {
	if (nf == 0) {
		print me ": no results file to plot" > "/dev/stderr"
		exit 1
	}
	split("#1f77b4 #d62728 #2ca02c #ff7f0e #9467bd #8c564b #e377c2 #17becf #7f7f7f #bcbd22 #000080 #808000", PAL, " ")
	NPAL = 12
	split("|7,4|2,3|10,3,2,3|4,4,1,4", DASH, "|")
	NDASH = 5
	for (n = 1; n < 256; n++)
		ORD[sprintf("%c", n)] = n
	n = 0
	n += plot_latency()
	reg_read(ENVIRON["LATBW_REGISTRY"])
	# bw_mem's ten series in three plots: one of ten curves a run was
	# a tangle (18 curves for two runs).
	n += plot_bw("mem-bandwidth-read", "Memory read bandwidth (bw_mem frd, rd, rdwr)", \
	    reg_plot("mem-read"), "", "size (bytes)", 1)
	n += plot_bw("mem-bandwidth-write", "Memory write bandwidth (bw_mem fwr, wr, bzero)", \
	    reg_plot("mem-write"), "", "size (bytes)", 1)
	n += plot_bw("mem-bandwidth-copy", "Memory copy bandwidth (bw_mem bcopy, fcp, cp)", \
	    reg_plot("mem-copy"), "", "size (bytes)", 1)
	n += plot_bw("file-bandwidth", "File reread bandwidth (bw_file_rd, bw_mmap_rd)", \
	    reg_plot("file-bw"), "", "size (bytes)", 1)
	n += plot_bw("tcp-bandwidth", "TCP bandwidth (bw_tcp)", "", "^Socket bandwidth using ", "message size (bytes)", 0)
	n += plot_c2c()
	n += plot_scaling()
	n += plot_load()
	if (PLACEOUT != "")
		printf "%s: measured under other placements than the curves they would overlay, left out: %s\n", me, \
		    PLACEOUT > "/dev/stderr"
	if (n == 0 && NOTREPLACED)
		exit 1
	if (n == 0) {
		print me ": no curve to plot in any file (no memory latency or bandwidth series)" > "/dev/stderr"
		exit 1
	}
}

# The series of plot p, in their order: "a|b|...", from the registry's
# series lines whose column graph.p.N makes them the plot's Nth curve.
function reg_plot(p,    i, n, w, j, r, name, m, s) {
	m = 0
	for (i = 1; i <= NREG; i++) {
		if (REGK[i] != "series")
			continue
		n = split(REGCOL[i], w, " ")
		for (j = 1; j <= n; j++)
			if (index(w[j], "graph." p ".") == 1) {
				r = substr(w[j], length(p) + 8) + 0
				name[r] = REGL[i]
				if (r > m)
					m = r
			}
	}
	s = ""
	for (r = 1; r <= m; r++)
		if (r in name)
			s = s (s == "" ? "" : "|") name[r]
	return s
}

# The label of file i in legends: its host.run.
function runname(i,    b) {
	b = PATHS[i]
	sub(/.*\//, "", b)
	return b
}

function xml(s) {
	gsub(/&/, "\\&amp;", s)
	gsub(/</, "\\&lt;", s)
	gsub(/>/, "\\&gt;", s)
	gsub(/"/, "\\&quot;", s)
	gsub(/[^ -~]/, "?", s)
	return s
}

# The path of plot `name`'s file in outdir: in the name, characters other
# than letters, digits, _, . and - become -, and a name of over 80 is cut
# to 64 and a hash of the whole name put after it, so that two long names
# stay apart and none is too long for the file system (a scaling case
# named in 300 characters stopped graph with "File name too long", and
# the plots after it were not written).
function plot_file(name,    s, h, j, n) {
	s = name
	gsub(/[^A-Za-z0-9_.-]/, "-", s)
	if (length(s) > 80) {
		h = 0
		n = length(name)
		for (j = 1; j <= n; j++)
			h = (h * 31 + ORD[substr(name, j, 1)]) % 2147483647
		s = substr(s, 1, 64) "-" sprintf("%08x", h)
	}
	return outdir "/" s ".svg"
}

# Whether plot file `path` may be written: not if a file of that name is
# there already and LATBW_FORCE is not 1 (a warning then, status 1; the
# other plots are written).
function plot_open(path,    line) {
	if (force || (getline line < path) < 0)
		return 1
	close(path)
	printf "%s: %s exists, not replaced (-f replaces it)\n", me, tidy(path) > "/dev/stderr"
	status = 1
	NOTREPLACED++
	return 0
}

# ---- collecting curves ------------------------------------------------------

function plot_begin() {
	NCUR = 0
	NVL = 0
	LOGY = 0
	LINX = 0
	PERFECT = ""
	split("", PLSEEN)
}

# Curve from series `name` of file i; x in bytes = x * xscale.  Points
# with a value that is not a positive number are left out.
function add_curve(i, name, label, color, dash,    n, j, k, m) {
	n = SN[i, name] + 0
	if (n == 0 || !same_place(i, name))
		return 0
	m = 0
	for (j = 1; j <= n; j++) {
		k = SK[i, name, j]
		if (!good(RX[i, k]) || !good(RV[i, k]))
			continue
		m++
		CX[NCUR + 1, m] = RX[i, k] * XSCALE
		CY[NCUR + 1, m] = RV[i, k] + 0
	}
	return curve_end(m, label, color, dash)
}

# The curve whose m points were just stored at NCUR + 1 (CX, CY, and CK
# where its points are named) becomes curve NCUR: 1, or 0 if it has none.
# CW[c] is its line's width, CMARK[c] its points' mark (circle or
# square), CNOLEG[c] 1 for a curve the legend does not name (a line the
# legend explains once, as the perfect lines of the scaling plots);
# curve_style sets them for the curve just ended.
function curve_end(m, label, color, dash) {
	if (m == 0)
		return 0
	NCUR++
	CN[NCUR] = m
	CLAB[NCUR] = label
	CCOL[NCUR] = color
	CDASH[NCUR] = dash
	CW[NCUR] = 1.8
	CMARK[NCUR] = "circle"
	CNOLEG[NCUR] = 0
	return 1
}

function curve_style(width, mark, noleg) {
	CW[NCUR] = width
	CMARK[NCUR] = mark
	CNOLEG[NCUR] = noleg
}

# Whether the curve of series `name` of file i was measured under the
# placements the curves of that series already on the plot were (at each
# x both have, the same placement: same, cross, sched), as compare
# accepts two figures; if not, it is named in PLACEOUT and left out.
# PLSEEN[name, x] is the placement of the first curve with a point at x.
function same_place(i, name,    n, j, k, x, pl, bad) {
	n = SN[i, name] + 0
	bad = ""
	for (j = 1; j <= n && bad == ""; j++) {
		k = SK[i, name, j]
		x = RX[i, k]
		pl = RPL[i, k]
		if (pl != "" && (name, x) in PLSEEN && PLSEEN[name, x] != pl)
			bad = pl " at " x ", not " PLSEEN[name, x]
	}
	if (bad != "") {
		PLACEOUT = PLACEOUT (PLACEOUT == "" ? "" : "; ") runname(i) " " name " (" bad ")"
		return 0
	}
	for (j = 1; j <= n; j++) {
		k = SK[i, name, j]
		if (RPL[i, k] != "" && !((name, RX[i, k]) in PLSEEN))
			PLSEEN[name, RX[i, k]] = RPL[i, k]
	}
	return 1
}

# A vertical line at `bytes`, once per distinct size and name (a size
# measured in one file and the system's in another, the same: once).
function add_vline(bytes, label,    j, base) {
	base = label
	sub(/ [(]measured[)]$/, "", base)
	for (j = 1; j <= NVL; j++)
		if (VX[j] == bytes && index(VLAB[j], base) == 1)
			return
	NVL++
	VX[NVL] = bytes
	VLAB[NVL] = label
}

function plot_latency(    i, k, n, name, col, d, seen, any) {
	plot_begin()
	XSCALE = MIB		# lat_mem_rd sizes: MB of 2^20 bytes
	for (i = 1; i <= nf; i++) {
		col = PAL[(i - 1) % NPAL + 1]
		d = 0
		split("", seen)
		for (k = 1; k <= nrec[i]; k++) {
			name = RN[i, k]
			if (RX[i, k] == "" || name in seen)
				continue
			if (name !~ /^(Memory|Random) load latency stride=[0-9]+( order=[a-z]+)?( pages=[a-z0-9]+)?$/)
				continue
			seen[name] = 1
			add_curve(i, name, runname(i) " " lat_label(name), col, DASH[d % NDASH + 1])
			d++
		}
		cache_lines(i)
	}
	if (NCUR == 0)
		return 0
	LOGY = 1
	return plot_write("mem-latency", "Memory load latency (lat_mem_rd)", "array size (bytes)", "nanoseconds per load - log scale")
}

function lat_label(name,    s) {
	s = name
	sub(/^Memory load latency /, "", s)
	sub(/^Random load latency /, "random ", s)
	return s
}

# The cache sizes of file i, as summary's cache table has them (cells.awk,
# mem_size): the system's (the CACHE_ header, from sysfs), else the size
# latbw's cache program measured ("L2 cache: 524288 bytes", its figure
# found by its id, cache.l2: fig_ids), marked so.
# Sizes the driver had from getconf ([CACHE_FROM: getconf]) never mark a
# level: CPUID may describe the host's whole socket (508M where the
# guest's table said 30M).
function cache_lines(i,    lv, nm, fg, n, j, b, k) {
	n = split("CACHE_L1D CACHE_L2 CACHE_L3", lv, " ")
	split("L1d L2 L3", nm, " ")
	split("cache.l1 cache.l2 cache.l3", fg, " ")
	if (!(i in FIGIDS))
		fig_ids(i)
	for (j = 1; j <= n; j++) {
		b = 0
		if ((i, lv[j]) in META && !(i in GETCONF_SIZES))
			b = META[i, lv[j]] + 0
		if (b > 0) {
			add_vline(b, nm[j] " " sizename(b))
			continue
		}
		k = ((i, fg[j]) in FIGID) ? FIGID[i, fg[j]] : ""
		if (k != "" && good(RV[i, k]))
			add_vline(RV[i, k] + 0, nm[j] " " sizename(RV[i, k] + 0) " (measured)")
	}
}

# Bandwidth curves: the series named in `list` ("|" between), or those
# matching `re`; color by series, dash by run; the cache sizes marked if
# `caches`.
function plot_bw(file, title, list, re, xlabel, caches,    i, k, n, s, names, nn, col, idx, name, any, ci) {
	plot_begin()
	XSCALE = 1000000	# bw_* sizes: MB of 10^6 bytes
	nn = 0
	split("", idx)
	if (list != "") {
		nn = split(list, names, "|")
		for (s = 1; s <= nn; s++)
			idx[names[s]] = s
	}
	for (i = 1; i <= nf; i++) {
		for (k = 1; k <= nrec[i]; k++) {
			name = RN[i, k]
			if (RX[i, k] == "")
				continue
			if (re != "" && name ~ re && !(name in idx)) {
				idx[name] = ++nn
				names[nn] = name
			}
		}
	}
	for (s = 1; s <= nn; s++)
		for (i = 1; i <= nf; i++) {
			ci = (s - 1) % NPAL + 1
			add_curve(i, names[s], runname(i) ": " bw_label(names[s]), PAL[ci], DASH[(i - 1) % NDASH + 1])
		}
	for (i = 1; i <= nf && caches; i++)
		cache_lines(i)
	if (NCUR == 0)
		return 0
	return plot_write(file, title, xlabel, "MB/s (10^6 bytes per second)")
}

function bw_label(name) {
	sub(/ bandwidth$/, "", name)
	sub(/^Memory /, "", name)
	return name
}

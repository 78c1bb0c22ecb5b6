# graph.awk - the SVG plots of scripts/graph.
#
# scripts/graph runs "awk -f graph.awk -f read.awk -f stats.awk -f
# registry.awk" with LC_ALL=C, mode=lib and me=graph: read.awk (with
# stats.awk) reads the files (its list on standard input); this file's END
# comes first, writes the plots, and exits.  The series of the bandwidth
# plots are named in the registry (LATBW_REGISTRY; registry.awk reads it).
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
# latbw's cache program measured ("L2 cache: 524288 bytes"), marked so.
# Sizes the driver had from getconf ([CACHE_FROM: getconf]) never mark a
# level: CPUID may describe the host's whole socket (508M where the
# guest's table said 30M).
function cache_lines(i,    lv, nm, fg, n, j, b, k) {
	n = split("CACHE_L1D CACHE_L2 CACHE_L3", lv, " ")
	split("L1d L2 L3", nm, " ")
	split("L1 cache|L2 cache|L3 cache", fg, "|")
	for (j = 1; j <= n; j++) {
		b = 0
		if ((i, lv[j]) in META && !(i in GETCONF_SIZES))
			b = META[i, lv[j]] + 0
		if (b > 0) {
			add_vline(b, nm[j] " " sizename(b))
			continue
		}
		k = ((i, fg[j]) in FIG) ? FIG[i, fg[j]] : ""
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

# 2^k bytes as 512, 1K, 4M, 1G.
function sizename(b,    u, n, k) {
	n = split("|K|M|G|T", u, "|")
	for (k = 1; k < n && b >= 1024 && b % 1024 == 0; k++)
		b /= 1024
	if (b != int(b))
		return sprintf("%.3g%s", b, u[k])
	return sprintf("%d%s", b, u[k])
}

function log2(x) {
	return log(x) / log(2)
}

# Where x goes on the x axis: log2 of it, or itself on a linear axis.
function xval(x) {
	return LINX ? x + 0 : log2(x)
}

function floor_(x) {
	return x == int(x) ? x : (x < 0 ? int(x) - 1 : int(x))
}

function ceil_(x) {
	return x == int(x) ? x : (x < 0 ? int(x) : int(x) + 1)
}

# A tick step of 1, 2 or 5 times a power of ten, for about 6 ticks to hi
# (hi > 0).  The power is computed, not searched for: no loop runs for as
# long as a value is large.
function nicestep(hi,    raw, p, m) {
	raw = hi / 6
	p = 10 ^ floor_(log10(raw))
	if (p * 10 <= raw)	# log10's rounding at an exact power
		p *= 10
	if (p > raw)
		p /= 10
	m = raw / p
	if (m <= 1)
		return p
	if (m <= 2)
		return 2 * p
	if (m <= 5)
		return 5 * p
	return 10 * p
}

function ticklabel(v, step) {
	if (step >= 1)
		return sprintf("%d", v + 0.5)
	return sprintf("%g", v)
}

# ---- writing one SVG ----------------------------------------------------

function log10(x) {
	return log(x) / log(10)
}

# The SVG y of value v: linear from 0 to ymax, or log over YLO..YHI decades.
function ypos(v, ymax, T, B) {
	if (LOGY)
		return B - (log10(v) - YLO) / (YHI - YLO) * (B - T)
	return B - v / ymax * (B - T)
}

function plot_write(file, title, xlabel, ylabel,    path, W, H, L, T, R, B, c, j,
    xmin, xmax, ymax, ymin, step, lx, x, y, px, py, pts, xs, nx, ds, k, ly, lh, n, lab, nl) {
	path = plot_file(file)
	if (!plot_open(path))
		return 0
	xmin = 1e300; xmax = -1e300; ymax = 0; ymin = 1e300
	for (c = 1; c <= NCUR; c++)
		for (j = 1; j <= CN[c]; j++) {
			lx = xval(CX[c, j])
			if (lx < xmin) xmin = lx
			if (lx > xmax) xmax = lx
			if (CY[c, j] > ymax) ymax = CY[c, j]
			if (CY[c, j] < ymin) ymin = CY[c, j]
		}
	xmin = floor_(xmin)
	xmax = ceil_(xmax)
	# A linear x axis (LINX: counts, such as copies) starts at 0.
	if (LINX)
		xmin = 0
	if (xmax <= xmin)
		xmax = xmin + 1
	# Every tick loop counts ticks, at most MAXTICK of them, whatever the
	# values (the reader has left out the non-finite and absurd ones).
	MAXTICK = 16
	if (LOGY) {
		# Whole decades, ticks at 1, 2 and 5 of each; over more than
		# 16 decades, at 1 of every ds-th decade.
		YLO = floor_(log10(ymin))
		YHI = ceil_(log10(ymax))
		if (YHI <= YLO)
			YHI = YLO + 1
		ds = ceil_((YHI - YLO) / MAXTICK)
		YHI = YLO + ceil_((YHI - YLO) / ds) * ds
		n = (YHI - YLO) / ds
		NYT = 0
		for (k = 0; k <= n && k <= MAXTICK; k++)
			for (j = 1; j <= (ds == 1 ? 3 : 1); j++) {
				y = (j == 1 ? 1 : (j == 2 ? 2 : 5)) * 10 ^ (YLO + k * ds)
				if (log10(y) > YHI + 1e-9)
					break
				YT[++NYT] = y
			}
	} else {
		step = nicestep(ymax * 1.02)
		n = ceil_(ymax * 1.02 / step)
		if (n > MAXTICK)
			n = MAXTICK
		ymax = n * step
		NYT = 0
		for (k = 0; k <= n; k++)
			YT[++NYT] = k * step
	}
	W = 1000; H = 640
	L = 90; T = 80; B = H - 70
	# The legend's column: as wide as its longest label.
	n = 0
	nl = 0
	for (c = 1; c <= NCUR; c++) {
		if (CNOLEG[c])
			continue
		nl++
		if (length(CLAB[c]) > n)
			n = length(CLAB[c])
	}
	if (PERFECT != "" && length(PERFECT) > n)
		n = length(PERFECT)
	R = W - 60 - int(n * 7.2)
	if (R > W - 200)
		R = W - 200
	if (R < 500) {
		W += 500 - R
		R = 500
	}
	lh = nl > 24 ? 14 : 18
	if (T + 30 + (nl + 1) * lh > H - 20) {
		H = T + 60 + (nl + 1) * lh
		B = H - 70
	}
	printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" > path
	printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H, W, H > path
	printf "<title>%s</title>\n", xml(title) > path
	printf "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H > path
	printf "<text x=\"%d\" y=\"30\" text-anchor=\"middle\" font-size=\"17\" font-weight=\"bold\">%s</text>\n", (L + R) / 2, xml(title) > path
	# Grid and ticks: y.
	printf "<g stroke=\"#dddddd\" stroke-width=\"1\">\n" > path
	for (j = 1; j <= NYT; j++) {
		py = ypos(YT[j], ymax, T, B)
		printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>\n", L, py, R, py > path
	}
	# x ticks: every power of two, or every xs-th one for a wide range.
	xs = LINX ? ceil_(nicestep(xmax - xmin)) : ceil_((xmax - xmin) / 14)
	if (LINX && xs < 1)
		xs = 1
	nx = int((xmax - xmin) / xs)
	if (nx > MAXTICK)
		nx = MAXTICK
	for (j = 0; j <= nx; j++) {
		k = xmin + j * xs
		px = L + (k - xmin) / (xmax - xmin) * (R - L)
		printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>\n", px, T, px, B > path
	}
	printf "</g>\n" > path
	printf "<g text-anchor=\"end\">\n" > path
	for (j = 1; j <= NYT; j++) {
		py = ypos(YT[j], ymax, T, B)
		printf "<text x=\"%d\" y=\"%.1f\">%s</text>\n", L - 6, py + 4, (LOGY ? sprintf("%g", YT[j]) : ticklabel(YT[j], step)) > path
	}
	printf "</g>\n<g text-anchor=\"middle\">\n" > path
	for (j = 0; j <= nx; j++) {
		k = xmin + j * xs
		px = L + (k - xmin) / (xmax - xmin) * (R - L)
		printf "<text x=\"%.1f\" y=\"%d\">%s</text>\n", px, B + 18, (LINX ? sprintf("%d", k) : sizename(2 ^ k)) > path
	}
	printf "</g>\n" > path
	printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", (L + R) / 2, B + 42, xml(xlabel (LINX ? "" : " - log scale")) > path
	printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">%s</text>\n", 22, (T + B) / 2, 22, (T + B) / 2, xml(ylabel) > path
	# Cache sizes.
	for (j = 1; j <= NVL; j++) {
		lx = xval(VX[j])
		if (lx < xmin || lx > xmax)
			continue
		px = L + (lx - xmin) / (xmax - xmin) * (R - L)
		printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#888888\" stroke-width=\"1.2\" stroke-dasharray=\"5,4\"/>\n", px, T, px, B > path
		printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-size=\"11\" fill=\"#555555\">%s</text>\n", px, T - 6 - 13 * ((j - 1) % 2), xml(VLAB[j]) > path
	}
	# Axes.
	printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\" stroke-width=\"1\"/>\n", L, T, R - L, B - T > path
	# Curves.
	for (c = 1; c <= NCUR; c++) {
		pts = ""
		for (j = 1; j <= CN[c]; j++) {
			px = L + (xval(CX[c, j]) - xmin) / (xmax - xmin) * (R - L)
			py = ypos(CY[c, j], ymax, T, B)
			pts = pts (j > 1 ? " " : "") sprintf("%.1f,%.1f", px, py)
		}
		printf "<g class=\"curve\">\n<desc>%s</desc>\n", xml(CLAB[c]) > path
		printf "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s points=\"%s\"/>\n", \
		    CCOL[c], CW[c], (CDASH[c] == "" ? "" : " stroke-dasharray=\"" CDASH[c] "\""), pts > path
		if (CN[c] <= 40 && !CNOLEG[c])
			for (j = 1; j <= CN[c]; j++) {
				px = L + (xval(CX[c, j]) - xmin) / (xmax - xmin) * (R - L)
				py = ypos(CY[c, j], ymax, T, B)
				point_mark(path, CMARK[c], px, py, CCOL[c])
			}
		printf "</g>\n" > path
	}
	# Legend.
	ly = T + 10
	printf "<g font-size=\"%d\">\n", (lh > 14 ? 12 : 11) > path
	for (c = 1; c <= NCUR; c++) {
		if (CNOLEG[c])
			continue
		printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2.5\"%s/>\n", \
		    R + 15, ly, R + 45, ly, CCOL[c], (CDASH[c] == "" ? "" : " stroke-dasharray=\"" CDASH[c] "\"") > path
		if (CN[c] <= 40)
			point_mark(path, CMARK[c], R + 30, ly, CCOL[c])
		printf "<text x=\"%d\" y=\"%d\">%s</text>\n", R + 52, ly + 4, xml(CLAB[c]) > path
		ly += lh
	}
	if (PERFECT != "") {
		printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#777777\" stroke-width=\"1\" stroke-dasharray=\"1,5\"/>\n", \
		    R + 15, ly, R + 45, ly > path
		printf "<text x=\"%d\" y=\"%d\">%s</text>\n", R + 52, ly + 4, xml(PERFECT) > path
	}
	printf "</g>\n</svg>\n" > path
	close(path)
	print path
	return 1
}

# A point's mark: a dot, or a square (the second curve of a pair that
# may lie on the first, as a scaling plot's threads on its processes).
function point_mark(path, mark, px, py, color) {
	if (mark == "square")
		printf "<rect x=\"%.1f\" y=\"%.1f\" width=\"6\" height=\"6\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"/>\n", \
		    px - 3, py - 3, color > path
	else
		printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>\n", px, py, color > path
}

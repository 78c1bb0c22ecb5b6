# graph-svg.awk - one plot of scripts/graph written as a self-contained
# SVG file (plot_write): its axes, a log2 size axis (or a linear count
# axis) and a value axis (linear from 0, or log), grid lines and ticks,
# the cache sizes as dashed lines, the curves and the legend.  The
# curves are graph.awk's (CX, CY, CN, CLAB, ... of add_curve); part of
# scripts/graph.
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

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

# Write the curves (1..NCUR) as the plot file of that name; 0 if it was
# not written (plot_open said why), else 1.
function plot_write(file, title, xlabel, ylabel,    path) {
	path = plot_file(file)
	if (!plot_open(path))
		return 0
	plot_ranges()
	plot_frame()
	printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" > path
	printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n", FW, FH, FW, FH > path
	printf "<title>%s</title>\n", xml(title) > path
	printf "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n", FW, FH > path
	printf "<text x=\"%d\" y=\"30\" text-anchor=\"middle\" font-size=\"17\" font-weight=\"bold\">%s</text>\n", (FL + FR) / 2, xml(title) > path
	svg_grid(path)
	svg_ticks(path, xlabel, ylabel)
	svg_caches(path)
	# Axes.
	printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\" stroke-width=\"1\"/>\n", FL, FT, FR - FL, FB - FT > path
	svg_curves(path)
	svg_legend(path)
	printf "</g>\n</svg>\n" > path
	close(path)
	print path
	return 1
}

# The ranges of the axes, for the curves: XMIN..XMAX (in xval's terms,
# whole powers of two), the x ticks (NXT + 1 of them, XSTEP apart), the
# y ticks YT[1..NYT] (and YLO..YHI on a log axis; YMAX and YSTEP on a
# linear one).
function plot_ranges(    c, j, lx, ymin, ds, n, k, y) {
	XMIN = 1e300; XMAX = -1e300; YMAX = 0; ymin = 1e300
	for (c = 1; c <= NCUR; c++)
		for (j = 1; j <= CN[c]; j++) {
			lx = xval(CX[c, j])
			if (lx < XMIN) XMIN = lx
			if (lx > XMAX) XMAX = lx
			if (CY[c, j] > YMAX) YMAX = CY[c, j]
			if (CY[c, j] < ymin) ymin = CY[c, j]
		}
	XMIN = floor_(XMIN)
	XMAX = ceil_(XMAX)
	# A linear x axis (LINX: counts, such as copies) starts at 0.
	if (LINX)
		XMIN = 0
	if (XMAX <= XMIN)
		XMAX = XMIN + 1
	# Every tick loop counts ticks, at most MAXTICK of them, whatever the
	# values (the reader has left out the non-finite and absurd ones).
	MAXTICK = 16
	YSTEP = ""
	if (LOGY) {
		# Whole decades, ticks at 1, 2 and 5 of each; over more than
		# 16 decades, at 1 of every ds-th decade.
		YLO = floor_(log10(ymin))
		YHI = ceil_(log10(YMAX))
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
		YSTEP = nicestep(YMAX * 1.02)
		n = ceil_(YMAX * 1.02 / YSTEP)
		if (n > MAXTICK)
			n = MAXTICK
		YMAX = n * YSTEP
		NYT = 0
		for (k = 0; k <= n; k++)
			YT[++NYT] = k * YSTEP
	}
	# x ticks: every power of two, or every XSTEP-th one for a wide range.
	XSTEP = LINX ? ceil_(nicestep(XMAX - XMIN)) : ceil_((XMAX - XMIN) / 14)
	if (LINX && XSTEP < 1)
		XSTEP = 1
	NXT = int((XMAX - XMIN) / XSTEP)
	if (NXT > MAXTICK)
		NXT = MAXTICK
}

# The picture's size (FW x FH) and the plot's box in it (FL, FT, FR, FB):
# room on the right for the legend, as wide as its longest label, and
# below for its lines (LH apart, NLEG of them).
function plot_frame(    c, n) {
	FW = 1000; FH = 640
	FL = 90; FT = 80; FB = FH - 70
	n = 0
	NLEG = 0
	for (c = 1; c <= NCUR; c++) {
		if (CNOLEG[c])
			continue
		NLEG++
		if (length(CLAB[c]) > n)
			n = length(CLAB[c])
	}
	if (PERFECT != "" && length(PERFECT) > n)
		n = length(PERFECT)
	FR = FW - 60 - int(n * 7.2)
	if (FR > FW - 200)
		FR = FW - 200
	if (FR < 500) {
		FW += 500 - FR
		FR = 500
	}
	LH = NLEG > 24 ? 14 : 18
	if (FT + 30 + (NLEG + 1) * LH > FH - 20) {
		FH = FT + 60 + (NLEG + 1) * LH
		FB = FH - 70
	}
}

# The x position of xval k on the plot.
function xpos(k) {
	return FL + (k - XMIN) / (XMAX - XMIN) * (FR - FL)
}

# The grid: a line at every y tick and every x tick.
function svg_grid(path,    j, py, px) {
	printf "<g stroke=\"#dddddd\" stroke-width=\"1\">\n" > path
	for (j = 1; j <= NYT; j++) {
		py = ypos(YT[j], YMAX, FT, FB)
		printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>\n", FL, py, FR, py > path
	}
	for (j = 0; j <= NXT; j++) {
		px = xpos(XMIN + j * XSTEP)
		printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>\n", px, FT, px, FB > path
	}
	printf "</g>\n" > path
}

# The ticks' labels, and the axes' names.
function svg_ticks(path, xlabel, ylabel,    j, k, py, px) {
	printf "<g text-anchor=\"end\">\n" > path
	for (j = 1; j <= NYT; j++) {
		py = ypos(YT[j], YMAX, FT, FB)
		printf "<text x=\"%d\" y=\"%.1f\">%s</text>\n", FL - 6, py + 4, (LOGY ? sprintf("%g", YT[j]) : ticklabel(YT[j], YSTEP)) > path
	}
	printf "</g>\n<g text-anchor=\"middle\">\n" > path
	for (j = 0; j <= NXT; j++) {
		k = XMIN + j * XSTEP
		px = xpos(k)
		printf "<text x=\"%.1f\" y=\"%d\">%s</text>\n", px, FB + 18, (LINX ? sprintf("%d", k) : sizename(2 ^ k)) > path
	}
	printf "</g>\n" > path
	printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", (FL + FR) / 2, FB + 42, xml(xlabel (LINX ? "" : " - log scale")) > path
	printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">%s</text>\n", 22, (FT + FB) / 2, 22, (FT + FB) / 2, xml(ylabel) > path
}

# The cache sizes (VX, VLAB: add_vline) inside the x range, as dashed
# vertical lines, their names above the plot.
function svg_caches(path,    j, lx, px) {
	for (j = 1; j <= NVL; j++) {
		lx = xval(VX[j])
		if (lx < XMIN || lx > XMAX)
			continue
		px = xpos(lx)
		printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#888888\" stroke-width=\"1.2\" stroke-dasharray=\"5,4\"/>\n", px, FT, px, FB > path
		printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-size=\"11\" fill=\"#555555\">%s</text>\n", px, FT - 6 - 13 * ((j - 1) % 2), xml(VLAB[j]) > path
	}
}

# Each curve: a polyline, and a mark at each point when it has few.
function svg_curves(path,    c, j, pts, px, py) {
	for (c = 1; c <= NCUR; c++) {
		pts = ""
		for (j = 1; j <= CN[c]; j++) {
			px = xpos(xval(CX[c, j]))
			py = ypos(CY[c, j], YMAX, FT, FB)
			pts = pts (j > 1 ? " " : "") sprintf("%.1f,%.1f", px, py)
		}
		printf "<g class=\"curve\">\n<desc>%s</desc>\n", xml(CLAB[c]) > path
		printf "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s points=\"%s\"/>\n", \
		    CCOL[c], CW[c], (CDASH[c] == "" ? "" : " stroke-dasharray=\"" CDASH[c] "\""), pts > path
		if (CN[c] <= 40 && !CNOLEG[c])
			for (j = 1; j <= CN[c]; j++) {
				px = xpos(xval(CX[c, j]))
				py = ypos(CY[c, j], YMAX, FT, FB)
				point_mark(path, CMARK[c], px, py, CCOL[c])
			}
		printf "</g>\n" > path
	}
}

# The legend, right of the plot: a line and a name per curve, and the
# PERFECT line's name if there is one.  Leaves its group open.
function svg_legend(path,    ly, c) {
	ly = FT + 10
	printf "<g font-size=\"%d\">\n", (LH > 14 ? 12 : 11) > path
	for (c = 1; c <= NCUR; c++) {
		if (CNOLEG[c])
			continue
		printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2.5\"%s/>\n", \
		    FR + 15, ly, FR + 45, ly, CCOL[c], (CDASH[c] == "" ? "" : " stroke-dasharray=\"" CDASH[c] "\"") > path
		if (CN[c] <= 40)
			point_mark(path, CMARK[c], FR + 30, ly, CCOL[c])
		printf "<text x=\"%d\" y=\"%d\">%s</text>\n", FR + 52, ly + 4, xml(CLAB[c]) > path
		ly += LH
	}
	if (PERFECT != "") {
		printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#777777\" stroke-width=\"1\" stroke-dasharray=\"1,5\"/>\n", \
		    FR + 15, ly, FR + 45, ly > path
		printf "<text x=\"%d\" y=\"%d\">%s</text>\n", FR + 52, ly + 4, xml(PERFECT) > path
	}
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

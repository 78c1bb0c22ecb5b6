# graph-load.awk - scripts/graph's plots of lat_mem_load's loaded latency
# and par_mem -c's MLP curve (the records list their series: LDNAME):
# load-latency.svg and mlp-latency.svg, latency (ns) against bandwidth
# (MB/s) on linear axes, as Intel MLC draws its loaded-latency curve.  A
# loaded curve's points are its loader counts k (bandwidth: the loaders'
# total; 0 at k = 0), an MLP curve's its numbers of chases (bandwidth:
# what the chases achieved); each point is marked with its count, where
# the count has room (else in its tooltip only).  The two are plots of
# their own: the loaders' total (23 GB/s for one loader) squashed the MLP
# curve's points (under 7 GB/s) and their counts into a corner.  Loaders
# reading in blue, writing in green, MLP in red; one dash per results
# file.
#
# Only POSIX awk.

# The curve (bandwidth, latency) of file i: latency series lat, bandwidth
# series bw; x with no bandwidth point counts as 0 when zero0 (k = 0).
function ld_curve(i, lat, bw, zero0, label, color, dash,    n, j, k, x, v, m) {
	n = SN[i, lat] + 0
	if (n == 0 || !same_place(i, lat))
		return 0
	m = 0
	for (j = 1; j <= n; j++) {
		k = SK[i, lat, j]
		x = RX[i, k]
		if (x !~ /^[0-9]+$/ || !good(RV[i, k]))
			continue
		v = point_at(i, bw, x)
		if (v == "" && zero0 && x == 0)
			v = 0
		if (v == "")
			continue
		m++
		CX[NCUR + 1, m] = v
		CY[NCUR + 1, m] = RV[i, k] + 0
		CK[NCUR + 1, m] = x
	}
	return curve_end(m, label, color, dash)
}

function plot_load(    made) {
	made = plot_ld(1)
	return made + plot_ld(0)
}

# The loaded-latency plot (loaded 1), or the MLP one (0).
function plot_ld(loaded,    i, j, name, mode, pages, d, col) {
	plot_begin()
	for (i = 1; i <= nf; i++) {
		d = DASH[(i - 1) % NDASH + 1]
		for (j = 1; j <= LDNN[i]; j++) {
			name = LDNAME[i, j]
			pages = name
			sub(/.*pages=/, "", pages)
			if (loaded && name ~ /^loaded latency /) {
				mode = name
				sub(/^loaded latency mode=/, "", mode)
				sub(/ .*/, "", mode)
				col = mode == "write" ? "#2ca02c" : "#1f77b4"
				ld_curve(i, name, "loaded bandwidth mode=" mode, 1, \
				    runname(i) ": loaded, loaders " mode " (k), " pages " pages", col, d)
			} else if (!loaded && name ~ /^mlp latency /) {
				ld_curve(i, name, "mlp bandwidth pages=" pages, 0, \
				    runname(i) ": MLP, chases on one CPU, " pages " pages", "#d62728", d)
			}
		}
	}
	if (NCUR == 0)
		return 0
	if (loaded)
		return ld_write("load-latency", "Loaded latency (lat_mem_load): a chase's latency against the loaders' bandwidth", \
		    "bandwidth, MB/s (10^6 bytes): the loaders' total", "latency of a load, ns")
	return ld_write("mlp-latency", "Memory-level parallelism (par_mem -c): latency against bandwidth", \
	    "bandwidth, MB/s (10^6 bytes): the chases' total", "latency of a load, ns")
}

# Where the count of a point at (px, py) goes: beside it, above or below,
# right or left, the first place no count already drawn on the plot
# overlaps (NLB of them, boxes LBX1, LBY1, LBX2, LBY2); "" where none has
# room (the count is then in the point's tooltip only).  Else "x y".
function label_spot(px, py, text,    w, h, t, dx, dy, x, y, j, free) {
	w = length(text) * 6 + 2
	h = 11
	for (t = 1; t <= 4; t++) {
		dx = (t == 1 || t == 3) ? 4 : -4 - w
		dy = t <= 2 ? -5 : 13
		x = px + dx
		y = py + dy
		free = 1
		for (j = 1; j <= NLB && free; j++)
			if (x < LBX2[j] && x + w > LBX1[j] && y - h < LBY2[j] && y > LBY1[j])
				free = 0
		if (free) {
			NLB++
			LBX1[NLB] = x
			LBX2[NLB] = x + w
			LBY1[NLB] = y - h
			LBY2[NLB] = y
			return x " " y
		}
	}
	return ""
}

# Linear axes from 0; each point marked with its count.
function ld_write(file, title, xlabel, ylabel,    path, W, H, L, T, R, B, c, j, xmax, ymax, xstep, ystep, nx, ny, px, py) {
	path = plot_file(file)
	if (!plot_open(path))
		return 0
	NLB = 0
	xmax = ymax = 0
	for (c = 1; c <= NCUR; c++)
		for (j = 1; j <= CN[c]; j++) {
			if (CX[c, j] > xmax) xmax = CX[c, j]
			if (CY[c, j] > ymax) ymax = CY[c, j]
		}
	if (xmax <= 0)
		xmax = 1
	if (ymax <= 0)
		ymax = 1
	xstep = nicestep(xmax * 1.05)
	nx = ceil_(xmax * 1.05 / xstep)
	if (nx > 16)
		nx = 16
	xmax = nx * xstep
	ystep = nicestep(ymax * 1.1)
	ny = ceil_(ymax * 1.1 / ystep)
	if (ny > 16)
		ny = 16
	ymax = ny * ystep
	W = 1080; H = 640
	L = 90; T = 80; R = 640; B = H - 70
	if (T + 30 + NCUR * 18 > H - 20) {
		H = T + 60 + NCUR * 18
		B = H - 70
	}
	printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" > path
	printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H, W, H > path
	printf "<title>%s</title>\n", xml(title) > path
	printf "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H > path
	printf "<text x=\"%d\" y=\"30\" text-anchor=\"middle\" font-size=\"17\" font-weight=\"bold\">%s</text>\n", W / 2, xml(title) > path
	printf "<g stroke=\"#dddddd\" stroke-width=\"1\">\n" > path
	for (j = 0; j <= ny; j++) {
		py = B - j * ystep / ymax * (B - T)
		printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>\n", L, py, R, py > path
	}
	for (j = 0; j <= nx; j++) {
		px = L + j * xstep / xmax * (R - L)
		printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>\n", px, T, px, B > path
	}
	printf "</g>\n<g text-anchor=\"end\">\n" > path
	for (j = 0; j <= ny; j++) {
		py = B - j * ystep / ymax * (B - T)
		printf "<text x=\"%d\" y=\"%.1f\">%s</text>\n", L - 6, py + 4, ticklabel(j * ystep, ystep) > path
	}
	printf "</g>\n<g text-anchor=\"middle\">\n" > path
	for (j = 0; j <= nx; j++) {
		px = L + j * xstep / xmax * (R - L)
		printf "<text x=\"%.1f\" y=\"%d\">%s</text>\n", px, B + 18, ticklabel(j * xstep, xstep) > path
	}
	printf "</g>\n" > path
	printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", (L + R) / 2, B + 42, xml(xlabel) > path
	printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">%s</text>\n", 22, (T + B) / 2, 22, (T + B) / 2, xml(ylabel) > path
	printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\" stroke-width=\"1\"/>\n", L, T, R - L, B - T > path
	ld_curves(path, L, T, R, B, xmax, ymax)
	ld_legend(path, T, R)
	printf "</g>\n</svg>\n" > path
	close(path)
	print path
	return 1
}

# The curves, each point marked and named where its name fits
# (label_spot).
function ld_curves(path, L, T, R, B, xmax, ymax,    c, j, pts, px, py, at, xy) {
	for (c = 1; c <= NCUR; c++) {
		pts = ""
		for (j = 1; j <= CN[c]; j++) {
			px = L + CX[c, j] / xmax * (R - L)
			py = B - CY[c, j] / ymax * (B - T)
			pts = pts (j > 1 ? " " : "") sprintf("%.1f,%.1f", px, py)
		}
		printf "<g class=\"curve\">\n<desc>%s</desc>\n", xml(CLAB[c]) > path
		printf "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\"%s points=\"%s\"/>\n", \
		    CCOL[c], (CDASH[c] == "" ? "" : " stroke-dasharray=\"" CDASH[c] "\""), pts > path
		for (j = 1; j <= CN[c]; j++) {
			px = L + CX[c, j] / xmax * (R - L)
			py = B - CY[c, j] / ymax * (B - T)
			printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%s: %.2f ns at %.2f MB/s</title></circle>\n", \
			    px, py, CCOL[c], xml(CK[c, j]), CY[c, j], CX[c, j] > path
			at = label_spot(px, py, CK[c, j])
			if (at == "")
				continue
			split(at, xy, " ")
			printf "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"%s\">%s</text>\n", xy[1], xy[2], CCOL[c], xml(CK[c, j]) > path
		}
		printf "</g>\n" > path
	}
}

# The legend, right of the plot.  Leaves its group open.
function ld_legend(path, T, R,    c, ly) {
	ly = T + 10
	printf "<g font-size=\"12\">\n" > path
	for (c = 1; c <= NCUR; c++) {
		printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/>\n", \
		    R + 15, ly, R + 45, ly, CCOL[c], (CDASH[c] == "" ? "" : " stroke-dasharray=\"" CDASH[c] "\"") > path
		printf "<text x=\"%d\" y=\"%d\">%s</text>\n", R + 52, ly + 4, xml(CLAB[c]) > path
		ly += 18
	}
}

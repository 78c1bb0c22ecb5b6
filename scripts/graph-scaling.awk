# graph-scaling.awk - scripts/graph's plots of the scaling curves (-G;
# the records list them: SCNAME): one SVG per benchmark,
# scaling-<prog>-<case>.svg, operations per second of all the copies
# against the number of copies (a linear axis from 0), the processes curve
# in blue (wide, dots) and the threads curve in red (narrow, squares), so
# that one lying on the other still shows both; one dash per results
# file; and for each curve, in its colour, thin and dotted, its perfect
# line: its own one-copy figure times the copies.  Uses graph.awk's
# add_curve and plot_write.
#
# Only POSIX awk.

function plot_scaling(    i, j, s, nk, keys, seen, key, d, made, c, n) {
	nk = 0
	split("", seen)
	for (i = 1; i <= nf; i++)
		for (j = 1; j <= SCNN[i]; j++) {
			key = SCNAME[i, j]
			sub(/^scaling /, "", key)
			sub(/ [^ ]*$/, "", key)
			if (!(key in seen)) {
				seen[key] = 1
				keys[++nk] = key
			}
		}
	made = 0
	for (s = 1; s <= nk; s++) {
		plot_begin()
		XSCALE = 1
		LINX = 1
		for (i = 1; i <= nf; i++) {
			d = DASH[(i - 1) % NDASH + 1]
			if (add_curve(i, "scaling " keys[s] " processes", runname(i) ": processes", PAL[1], d))
				curve_style(3.2, "circle", 0)
			if (add_curve(i, "scaling " keys[s] " threads", runname(i) ": threads", PAL[2], d))
				curve_style(1.6, "square", 0)
		}
		if (NCUR == 0)
			continue
		n = NCUR
		for (c = 1; c <= n; c++)
			perfect_line(c)
		if (NCUR > n)
			PERFECT = "perfect: a curve's one copy x copies"
		made += plot_write("scaling-" keys[s], "Scaling: " keys[s] " (-G), processes and threads", \
		    "copies, each pinned to a CPU of its own", "operations per second, all copies")
	}
	return made
}

# The perfect line of curve c (from its one-copy point to its largest
# number of copies), if it has both, as a curve the legend names once.
function perfect_line(c,    j, y1, xmax, k, m) {
	y1 = ""
	xmax = 1
	for (j = 1; j <= CN[c]; j++) {
		if (CX[c, j] > xmax)
			xmax = CX[c, j]
		if (CX[c, j] == 1)
			y1 = CY[c, j]
	}
	if (y1 == "" || xmax <= 1)
		return
	m = 0
	for (k = 1; k <= xmax && m < 1024; k++) {
		m++
		CX[NCUR + 1, m] = k
		CY[NCUR + 1, m] = k * y1
	}
	if (curve_end(m, "perfect: " CLAB[c] " one copy x copies", CCOL[c], "1,5"))
		curve_style(1, "circle", 1)
}

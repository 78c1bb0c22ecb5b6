# graph-scaling.awk - scripts/graph's plots of the scaling curves (-G;
# read.awk lists them in SCNAME): one SVG per benchmark,
# scaling-<prog>-<case>.svg, operations per second of all the copies
# against the number of copies (a linear axis from 0), the processes curve in blue and
# the threads curve in red, one dash per results file, and in grey the
# perfect line: the first curve's one-copy figure times the copies.
# Uses graph.awk's add_curve and plot_write.
#
# Only POSIX awk.

function plot_scaling(    i, j, s, nk, keys, seen, key, d, made, y1, xmax, m, k, c) {
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
			add_curve(i, "scaling " keys[s] " processes", runname(i) ": processes", PAL[1], d)
			add_curve(i, "scaling " keys[s] " threads", runname(i) ": threads", PAL[2], d)
		}
		if (NCUR == 0)
			continue
		# The perfect line, from the first curve's one-copy point.
		y1 = ""
		xmax = 1
		for (c = 1; c <= NCUR; c++)
			for (j = 1; j <= CN[c]; j++) {
				if (CX[c, j] > xmax)
					xmax = CX[c, j]
				if (y1 == "" && CX[c, j] == 1)
					y1 = CY[c, j]
			}
		if (y1 != "" && xmax > 1) {
			m = 0
			for (k = 1; k <= xmax && m < 1024; k++) {
				m++
				CX[NCUR + 1, m] = k
				CY[NCUR + 1, m] = k * y1
			}
			curve_end(m, "perfect: copies x one copy", "#aaaaaa", "2,3")
		}
		key = keys[s]
		gsub(/[^A-Za-z0-9_.]/, "-", key)
		made += plot_write("scaling-" key, "Scaling: " keys[s] " (-G), processes and threads", \
		    "copies, each pinned to a CPU of its own", "operations per second, all copies")
	}
	return made
}

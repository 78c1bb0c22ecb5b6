# cells.awk - what fills a cell of the tables: the figures of file i
# looked up among its records (read.awk), for tables.awk and compare.
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

# ---- looking figures up for the tables ----------------------------------
#
# Each returns the value text ("" if none) and leaves the figure's spread
# in GSP ("" if none), its range in GRG (for compare) and its copies in GCP.

# The range of record k's repetitions, (max - min) / value in percent, ""
# without a statistics line.
function rrange(i, k) {
	if (RMIN[i, k] == "" || RMAX[i, k] == "" || !good(RV[i, k]))
		return ""
	return (RMAX[i, k] - RMIN[i, k]) / RV[i, k] * 100
}

function fig(i, key,    k) {
	GSP = GCP = GPL = ""
	if (!((i, key) in FIG))
		return ""
	k = FIG[i, key]
	GSP = RSPR[i, k]
	GRG = rrange(i, k)
	GCP = RC[i, k]
	GPL = ptext(i, k)
	return RV[i, k]
}

function rec(i, k) {
	GSP = RSPR[i, k]
	GRG = rrange(i, k)
	GCP = RC[i, k]
	GPL = ptext(i, k)
	return RV[i, k]
}

function ser_last(i, name,    n) {
	GSP = GCP = ""
	n = SN[i, name] + 0
	if (n == 0)
		return ""
	return rec(i, SK[i, name, n])
}

# The point at x (numerically, as lmbench's sizes are "%.5f").
function ser_at(i, name, x,    n, j, k, d) {
	GSP = GCP = GPL = ""
	n = SN[i, name] + 0
	for (j = n; j >= 1; j--) {
		k = SK[i, name, j]
		if (RX[i, k] == x)
			return rec(i, k)
		if (isnum(RX[i, k]) && isnum(x)) {
			d = RX[i, k] - x
			if (d < 0)
				d = -d
			if (d < 0.000005)
				return rec(i, k)
		}
	}
	return ""
}

# The largest sweep point (MB of 2^20 bytes) in (lo, hi] bytes, with room
# for the rounding of "%.5f" sizes.
function ser_inside(i, name, lo, hi,    n, j, k, b, best, bk) {
	GSP = GCP = ""
	n = SN[i, name] + 0
	best = -1
	for (j = 1; j <= n; j++) {
		k = SK[i, name, j]
		if (!isnum(RX[i, k]))
			continue
		b = RX[i, k] * MIB
		if (b > lo * 1.005 && b <= hi * 1.005 && b > best) {
			best = b
			bk = k
		}
	}
	if (best < 0)
		return ""
	return rec(i, bk)
}

# lat_mem_rd -t: the first plain "stride=N" curve of the random section.
function rand_curve(i,    k, n, t) {
	n = nrec[i]
	for (k = 1; k <= n; k++) {
		t = RN[i, k]
		if (t ~ /^Random load latency stride=[0-9]+$/)
			return t
	}
	return ""
}

# The curve the cache levels and main memory are read from, in a file that
# records its cache sizes (latbw's): one the hardware prefetchers cannot
# follow, since a forward stride chase is prefetched on today's processors
# and its "Main mem" would be a cache hit.  Random order on huge pages
# (no TLB misses) first, then random order, then the -t curve; lmbench's
# forward stride=128 curve only when there is nothing else.
function level_curve(i,    k, n, t, best, rank, r) {
	n = nrec[i]
	best = ""
	rank = 0
	for (k = 1; k <= n; k++) {
		t = RN[i, k]
		r = 0
		if (t ~ /^Memory load latency stride=[0-9]+ order=random pages=(thp|hugetlb)$/)
			r = 3
		else if (t ~ /^Memory load latency stride=[0-9]+ order=random$/)
			r = 2
		else if (t ~ /^Random load latency stride=[0-9]+$/)
			r = 1
		if (r > rank) {
			rank = r
			best = t
		}
	}
	return best != "" ? best : "Memory load latency stride=128"
}

# Columns that divide by "scal load" are blank for runs of several copies.
function scaled(i, v) {
	if (LOAD[i] + 0 > 1 || GCP + 0 > 1) {
		GSP = ""
		return ""
	}
	return v
}

# File create/delete rates (files per second) as microseconds per file.
function per_file(v) {
	if (!good(v))
		return ""
	return 1000000 / v
}

function fs_at(i, what, x,    n, j, k) {
	GSP = GCP = ""
	n = SN[i, "File system latency " what] + 0
	for (j = n; j >= 1; j--) {
		k = SK[i, "File system latency " what, j]
		if (RX[i, k] == x)
			return rec(i, k)
	}
	return ""
}

# TCP bandwidth: the last point of the sweep, or the single figure of
# lmbench 2 ("Socket bandwidth using localhost: 94.98 MB/sec").
function tcp_bw(i,    v) {
	v = ser_last(i, "Socket bandwidth using localhost")
	if (v == "")
		v = ser_last(i, "Socket bandwidth using 127.0.0.1")
	if (v == "")
		v = fig(i, "local Socket bandwidth")
	return v
}

# The memory latencies of file i into ML1, ML2, ML3, MMAIN, MRAND (and
# their spreads MS1 ...).  Each level is read inside its size: L1 and L2
# at lmbench's points (1 KB, 128 KB) where they lie at or below half the
# size (and above the level before), else at the last sweep point there;
# L3 at the last point at or below half its size; main memory at the
# first point at or beyond 4 times the last level (the last point, if it
# is at least twice that, when the sweep stops short), on the curve
# level_curve() picks.  The sizes are the ones the system reports (the
# CACHE_ header lines: sysfs), so the points stay where they are from run
# to run; a level it does not report takes the size latbw's cache program
# measured ("L2 cache: 524288 bytes ..."), which moves with what the
# run could use of a shared cache.  MSZ1..3 are the sizes used (0: none),
# MSRC where they came from, MMEAS1..3 the measured ones.  Without any
# size (not one of our files): lmbench's fixed points on lmbench's
# stride=128 curve.
function mem_figures(i,    c, l1, l2, l3, big, last, rc, m, k, n, j, b, best) {
	c = "Memory load latency stride=128"
	rc = rand_curve(i)
	ML1 = ML2 = ML3 = MMAIN = MRAND = ""
	MS1 = MS2 = MS3 = MSMAIN = MSRAND = ""
	MSRC = ""
	MMEAS1 = fig(i, "L1 cache")
	MMEAS2 = fig(i, "L2 cache")
	MMEAS3 = fig(i, "L3 cache")
	l1 = mem_size(i, "CACHE_L1D", MMEAS1)
	l2 = mem_size(i, "CACHE_L2", MMEAS2)
	l3 = mem_size(i, "CACHE_L3", MMEAS3)
	MSZ1 = l1; MSZ2 = l2; MSZ3 = l3
	if (!l1 && !l2 && !l3) {
		ML1 = ser_at(i, c, "0.00098"); MS1 = GSP; MS1R = GRG
		ML2 = ser_at(i, c, "0.12500"); MS2 = GSP; MS2R = GRG
		MMAIN = ser_last(i, c); MSMAIN = GSP; MSMAINR = GRG
		if (rc != "") {
			MRAND = ser_last(i, rc); MSRAND = GSP; MSRANDR = GRG
		}
		return
	}
	c = level_curve(i)
	# lmbench's own points (1 KB, 128 KB) where they lie inside the
	# level, so that lmbench's getsummary, which reads them on the same
	# curve, shows the same figure; the largest point inside it where not.
	if (l1) {
		ML1 = lm_point(i, c, "0.00098", 0, l1 / 2)
		if (ML1 == "")
			ML1 = ser_inside(i, c, 0, l1 / 2)
		MS1 = GSP; MS1R = GRG
	}
	if (l2) {
		m = l2 / 2 > l1 ? l2 / 2 : l2
		ML2 = lm_point(i, c, "0.12500", l1, m)
		if (ML2 == "")
			ML2 = ser_inside(i, c, l1, m)
		MS2 = GSP; MS2R = GRG
	}
	if (l3) {
		ML3 = ser_inside(i, c, l2, l3 / 2 > l2 ? l3 / 2 : l3); MS3 = GSP; MS3R = GRG
	}
	big = l3 > l2 ? l3 : (l2 > l1 ? l2 : l1)
	# Main memory: the first point at or past 4 times the last level.
	n = SN[i, c] + 0
	best = -1
	for (j = 1; j <= n; j++) {
		k = SK[i, c, j]
		if (!isnum(RX[i, k]))
			continue
		b = RX[i, k] * MIB
		if (b >= 4 * big * 0.995 && (best < 0 || b < best)) {
			best = b
			m = k
		}
	}
	last = ser_lastx(i, c)
	if (best >= 0) {
		MMAIN = rec(i, m); MSMAIN = GSP; MSMAINR = GRG
	} else if (last != "" && last * MIB >= 2 * big * 0.995) {
		MMAIN = ser_last(i, c); MSMAIN = GSP; MSMAINR = GRG
	} else if (last != "") {
		warn(PATHS[i], 0, sprintf("the memory sweep ends at %s MB, short of twice the last-level cache (2 x %.2f MB): Main mem left blank", last, big / MIB))
	}
	if (rc != "") {
		last = ser_lastx(i, rc)
		if (last != "" && last * MIB >= 2 * big * 0.995) {
			MRAND = ser_last(i, rc); MSRAND = GSP; MSRANDR = GRG
		} else if (last != "") {
			warn(PATHS[i], 0, sprintf("the random sweep ends at %s MB, short of twice the last-level cache (2 x %.2f MB): Rand mem left blank", last, big / MIB))
		}
	}
}

# The point of curve c at x (MB), if x lies in (lo, hi] bytes, as
# ser_inside counts; "" if not, or if the curve has no such point.
function lm_point(i, c, x, lo, hi,    b) {
	GSP = GCP = ""
	b = x * MIB
	if (b <= lo * 1.005 || b > hi * 1.005)
		return ""
	return ser_at(i, c, x)
}

# The size of one level for mem_figures: the header's KEY (the system's),
# else the measured size, else 0; MSRC says which were used.
function mem_size(i, key, measured,    src, v) {
	if ((i, key) in META && META[i, key] + 0 > 0) {
		src = "sysfs"
		v = META[i, key] + 0
	} else if (good(measured)) {
		src = "cache"
		v = measured + 0
	} else {
		return 0
	}
	if (MSRC == "")
		MSRC = src
	else if (MSRC != src)
		MSRC = "mixed"
	return v
}

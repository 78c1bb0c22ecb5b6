# cells.awk - what fills a cell of the tables: the figures of file i
# looked up among its records (read.awk), for tables.awk and compare.
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

# ---- looking figures up for the tables ----------------------------------
#
# Each returns the number k of the record that holds the figure (RV[i, k]
# its value, RSPR[i, k] its spread, ...), or "" if file i has none; a
# cell shows it with fnum(i, k, w), finum or fnum_as (below, through
# layout.awk's num and numsp), val(i, k) is its value.

# The value of record k of file i, "" for no record.
function val(i, k) {
	return k == "" ? "" : RV[i, k]
}

# Record k's placement as a -s row shows it: "same", "cross", "x-os"
# (across CPUs whose idle ones were left to the OS: its wake-ups paid for
# their idle states), "s64%" (the scheduler's choice, 64% of samples
# across CPUs), "" if not known.
function ptext(i, k) {
	if (RPL[i, k] == "sched")
		return RXS[i, k] == "" ? "sched" : sprintf("s%.0f%%", RXS[i, k])
	if (RPL[i, k] == "cross" && RIDL[i, k] == "os")
		return "x-os"
	return RPL[i, k]
}

# The cell of record k of file i: its value, spread, range and placement
# (blank for no record); fnum_as shows v instead of its value (a rate as
# a time: the same spread in percent).
function fnum(i, k, w) {
	fnum_as(i, k, val(i, k), w)
}

function fnum_as(i, k, v, w) {
	if (k == "")
		num("", w)
	else {
		CELLREC = k
		numsp(v, RSPR[i, k], rrange(i, k), ptext(i, k), w, RRS[i, k], busy_of(i, k), RRG[i, k])
	}
}

function finum(i, k, w) {
	if (k == "")
		inum("", w)
	else {
		CELLREC = k
		inumsp(val(i, k), RSPR[i, k], ptext(i, k), w, RRS[i, k], busy_of(i, k), RRG[i, k])
	}
}

# What kept record k's CPUs busy, for the notes under a table: how busy
# the CPUs it was not pinned to were (percent), or, for a figure that
# had every CPU (across CPUs on a two-CPU machine), "w" and how long
# tasks waited for a CPU (percent); "" for neither.
function busy_of(i, k) {
	if (ROB[i, k] != "")
		return ROB[i, k]
	return RCW[i, k] != "" ? "w" RCW[i, k] : ""
}

# The range of record k's repetitions, (max - min) / value in percent, ""
# without a statistics line.
function rrange(i, k) {
	if (k == "" || RMIN[i, k] == "" || RMAX[i, k] == "" || !good(RV[i, k]))
		return ""
	return (RMAX[i, k] - RMIN[i, k]) / RV[i, k] * 100
}

# A single figure: "Fifo latency: 4.1 microseconds", by its label as the
# reader keys it (fig_id): the figures no registry line has an id for
# (lmbench 1's "Null syscall").
function fig(i, key) {
	return ((i, key) in FIG) ? FIG[i, key] : ""
}

# The last point of a series.
function ser_last(i, name,    n) {
	n = SN[i, name] + 0
	return n == 0 ? "" : SK[i, name, n]
}

# The x of record k ("" for no record).
function ser_x(i, k) {
	return k == "" ? "" : RX[i, k]
}

# The point at x (numerically, as lmbench's sizes are "%.5f").
function ser_at(i, name, x,    n, j, k, d) {
	n = SN[i, name] + 0
	for (j = n; j >= 1; j--) {
		k = SK[i, name, j]
		if (RX[i, k] == x)
			return k
		if (isnum(RX[i, k]) && isnum(x)) {
			d = RX[i, k] - x
			if (d < 0)
				d = -d
			if (d < 0.000005)
				return k
		}
	}
	return ""
}

# Whether b bytes lie in (lo, hi], with room for the rounding of the
# "%.5f" sizes (MB of 2^20 bytes) sweeps print.
function inside(b, lo, hi) {
	return b > lo * 1.005 && b <= hi * 1.005
}

# The largest sweep point in (lo, hi] bytes (inside).
function ser_inside(i, name, lo, hi,    n, j, k, b, best, bk) {
	n = SN[i, name] + 0
	best = -1
	for (j = 1; j <= n; j++) {
		k = SK[i, name, j]
		if (!isnum(RX[i, k]))
			continue
		b = RX[i, k] * MIB
		if (inside(b, lo, hi) && b > best) {
			best = b
			bk = k
		}
	}
	return best < 0 ? "" : bk
}

# The point of series name, among those inside (lo, hi] bytes, whose value
# is the median of theirs (the upper of the two middle ones for an even
# count), "" for none: a level whose size was measured, not reported,
# may be measured too big, and its last point inside then lies beyond it
# (a guest's cache measured an L3 of 5.5, 8 and 16 MB in three runs; the
# curve leaves L3 at 5 MB), while most points inside are still in it.
# With cap (a latency), only the points at or below it count.
function ser_median_inside(i, name, lo, hi, cap,    n, j, k, cnt, K, V, a, t) {
	n = SN[i, name] + 0
	cnt = 0
	for (j = 1; j <= n; j++) {
		k = SK[i, name, j]
		if (!isnum(RX[i, k]) || !good(val(i, k)))
			continue
		if (cap != "" && val(i, k) + 0 > cap + 0)
			continue
		if (inside(RX[i, k] * MIB, lo, hi)) {
			K[++cnt] = k
			V[cnt] = val(i, k) + 0
		}
	}
	if (cnt == 0)
		return ""
	for (j = 2; j <= cnt; j++)
		for (a = j; a > 1 && V[a - 1] > V[a]; a--) {
			t = V[a]; V[a] = V[a - 1]; V[a - 1] = t
			t = K[a]; K[a] = K[a - 1]; K[a - 1] = t
		}
	return K[int(cnt / 2) + 1]
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

# Columns that divide by "scal load" are blank for runs of several copies:
# record k, or "" for such a run (or figure).
function scaled(i, k) {
	if (k == "" || LOAD[i] + 0 > 1 || RC[i, k] + 0 > 1)
		return ""
	return k
}

# The cell of file system latency `what` (create, delete) for files of
# size x: lat_fs writes a rate (files per second), the cell shows
# microseconds per file.
function fs_cell(i, what, x, w,    k) {
	k = scaled(i, fs_at(i, what, x))
	fnum_as(i, k, good(val(i, k)) ? 1000000 / val(i, k) : "", w)
}

function fs_at(i, what, x,    n, j, k) {
	n = SN[i, COLKEY["filevm.file"] " " what] + 0
	for (j = n; j >= 1; j--) {
		k = SK[i, COLKEY["filevm.file"] " " what, j]
		if (RX[i, k] == x)
			return k
	}
	return ""
}

# The null I/O cell: the mean of read and write (the larger of their
# spreads and ranges), or the one there is.
function null_io(i, w,    r, k, rd, wr) {
	r = fcol(i, "proc.io-read")
	k = fcol(i, "proc.io-write")
	if (!good(val(i, k)))
		k = fig(i, "Null syscall")
	rd = val(i, r)
	wr = val(i, k)
	if (good(rd) && good(wr))
		numsp((rd + wr) / 2, larger(RSPR[i, r], RSPR[i, k]),
		    larger(rrange(i, r), rrange(i, k)), ptext(i, k), w,
		    larger(RRS[i, r], RRS[i, k]), larger(ROB[i, r], ROB[i, k]),
		    larger(RRG[i, r], RRG[i, k]))
	else if (good(wr))
		fnum(i, k, w)
	else
		fnum(i, good(rd) ? r : "", w)
}

# The larger of two percentages, "" if either is unknown.
function larger(a, b) {
	if (a == "" || b == "")
		return ""
	return a + 0 > b + 0 ? a : b
}

# TCP bandwidth: the last point of the sweep, or the single figure of
# lmbench 2 ("Socket bandwidth using localhost: 94.98 MB/sec").
function tcp_bw(i,    k) {
	k = ser_last(i, sname(i, "bw.tcp"))
	if (k == "")
		k = ser_last(i, "Socket bandwidth using 127.0.0.1")
	if (k == "")
		k = fid(i, "bw.tcp")
	return k
}

# The memory latencies of file i: M["L1"], M["L2"], M["L3"], M["main"],
# M["rand"] are the records of its points ("" for none).  Each level is
# read inside its size: L1 and L2 at lmbench's points (1 KB, 128 KB) where
# they lie at or below half the size (and above the level before), else
# at the last sweep point there; L3 at the median of the points above L2,
# at or below a quarter of its size (l3_top) and, for a size the system
# reports, at most half main memory's latency (l3_beyond): a guest's share of a
# host's L3 moves with its neighbours (on a 32 MB L3 one run's curve left
# L3 at 9 MB, the next at 16-22, and the point at 16 MB read 15.8 and
# 37.9 ns; the median of the points up to 16 MB, 16.0 and 20.3 in two
# runs whose curves left it at 8 and 12 MB);
# main memory at the first point at or beyond 8 times the last level
# (the last point, if it is at least twice that, when the sweep stops
# short: the sweeps of older runs end at 4 times), on the curve
# level_curve() picks: at 4 times, a round whose neighbours left the L3
# alone hits it a quarter of the time (128 MB on that guest: rounds of
# 138-161 ns and one of 105.7).  The sizes are the ones
# the system reports (the CACHE_ header lines: sysfs), so the points stay
# where they are from run to run; a level it does not report takes the
# size latbw's cache program measured ("L2 cache: 524288 bytes ..."),
# which moves with what the run could use of a shared cache.
# M["size1"] .. M["size3"] are the sizes used (0: none), M["from"] where
# they came from (M["from", KEY] for each level's header key),
# M["meas1"] .. M["meas3"] the measured ones.  Without
# any size (not one of our files): lmbench's fixed points on lmbench's
# stride=128 curve.  A sweep too short for main memory is warned about
# unless quiet (the memory table warns, the sizes table is quiet).
function mem_figures(i, M, quiet,    c, l1, l2, l3, big, last, rc, m, k, n, j, b, best) {
	split("", M)
	c = "Memory load latency stride=128"
	rc = rand_curve(i)
	M["L1"] = M["L2"] = M["L3"] = M["main"] = M["rand"] = M["from"] = ""
	M["meas1"] = val(i, fid(i, "cache.l1"))
	M["meas2"] = val(i, fid(i, "cache.l2"))
	M["meas3"] = val(i, fid(i, "cache.l3"))
	M["size1"] = l1 = mem_size(i, "CACHE_L1D", M["meas1"], M)
	M["size2"] = l2 = mem_size(i, "CACHE_L2", M["meas2"], M)
	M["size3"] = l3 = mem_size(i, "CACHE_L3", M["meas3"], M)
	if (!l1 && !l2 && !l3) {
		M["L1"] = ser_at(i, c, "0.00098")
		M["L2"] = ser_at(i, c, "0.12500")
		M["main"] = ser_last(i, c)
		if (rc != "")
			M["rand"] = ser_last(i, rc)
		return
	}
	c = level_curve(i)
	# lmbench's own points (1 KB, 128 KB) where they lie inside the
	# level, so that lmbench's getsummary, which reads them on the same
	# curve, shows the same figure; the largest point inside it where not.
	if (l1) {
		M["L1"] = lm_point(i, c, "0.00098", 0, l1 / 2)
		if (M["L1"] == "")
			M["L1"] = ser_inside(i, c, 0, l1 / 2)
	}
	if (l2) {
		m = l2 / 2 > l1 ? l2 / 2 : l2
		M["L2"] = lm_point(i, c, "0.12500", l1, m)
		if (M["L2"] == "")
			M["L2"] = ser_inside(i, c, l1, m)
	}
	if (l3)
		M["L3"] = ser_median_inside(i, c, l2, l3_top(l2, l3))
	big = l3 > l2 ? l3 : (l2 > l1 ? l2 : l1)
	b = getconf_big(i)
	if (b > big)
		big = b
	# Main memory: the first point at or past 8 times the last level.
	n = SN[i, c] + 0
	best = -1
	for (j = 1; j <= n; j++) {
		k = SK[i, c, j]
		if (!isnum(RX[i, k]))
			continue
		b = RX[i, k] * MIB
		if (b >= 8 * big * 0.995 && (best < 0 || b < best)) {
			best = b
			m = k
		}
	}
	last = ser_x(i, ser_last(i, c))
	if (best >= 0) {
		M["main"] = m
	} else if (last != "" && last * MIB >= 2 * big * 0.995) {
		M["main"] = ser_last(i, c)
	} else if (last != "" && !quiet) {
		warn(PATHS[i], 0, sprintf("the memory sweep ends at %s MB, short of twice the last-level cache (2 x %.2f MB): Main mem left blank", last, big / MIB))
	}
	l3_beyond(i, c, l2, l3, M, quiet)
	if (rc != "") {
		last = ser_x(i, ser_last(i, rc))
		if (last != "" && last * MIB >= 2 * big * 0.995) {
			M["rand"] = ser_last(i, rc)
		} else if (last != "" && !quiet) {
			warn(PATHS[i], 0, sprintf("the random sweep ends at %s MB, short of twice the last-level cache (2 x %.2f MB): Rand mem left blank", last, big / MIB))
		}
	}
}

# The top of the points the L3 cell is read among: a quarter of the L3,
# else half of it, else all of it, whichever is the first above L2.
function l3_top(l2, l3) {
	if (l3 / 4 > l2)
		return l3 / 4
	return l3 / 2 > l2 ? l3 / 2 : l3
}

# An L3 point that reads main memory: the system's size is the whole
# cache, but a guest or a core may use only a share of it (a KVM guest's
# sysfs said 32 MB; its curve left L3 at 11-12 MB, and the point at 16 MB
# read 126-146 ns, main memory 150; an Intel guest's said 480 MB, its
# curve left L3 at 16-20 MB, and the median of the points up to 120 MB
# was 48.0 ns at 16 MB, on the curve's way up, where 3.5-15 MB read
# 34-43).  A point over half main memory's latency is not in the level:
# the L3 cell is read at the median of the points inside the level that
# are at most that; with none such, it is left blank.  When the median
# of them all was over it, a note says so.  Only for a size the system
# reports: main memory is then read beyond eight times it, in main
# memory (a measured L3 may be too small, and a "main" read beyond it
# still inside the cache).
function l3_beyond(i, c, l2, l3, M, quiet,    v, mm, k) {
	if (M["L3"] == "" || M["main"] == "" || M["from", "CACHE_L3"] != "sysfs")
		return
	v = val(i, M["L3"])
	mm = val(i, M["main"])
	if (!good(v) || !good(mm))
		return
	k = ser_median_inside(i, c, l2, l3_top(l2, l3), 0.5 * mm)
	if (v + 0 > 0.5 * mm && !quiet)
		warn(PATHS[i], 0, sprintf("L3 $: %g ns at %g MB is over half of main memory's %g ns, inside the %g MB L3 the system reports: %s", v, RX[i, M["L3"]], mm, l3 / MIB, k == "" ? "left blank" : sprintf("read at the median of the points under that (%g ns at %g MB)", val(i, k), RX[i, k])))
	M["L3"] = k
}

# The largest cache size getconf gave file i's driver, 0 for none (or
# sizes from sysfs): main memory is read beyond it, since a cache that
# big may be there, though a level's point is not read inside it.
function getconf_big(i,    b, k, n, key) {
	if (!(i in GETCONF_SIZES))
		return 0
	b = 0
	n = split("CACHE_L1D CACHE_L2 CACHE_L3", key, " ")
	for (k = 1; k <= n; k++)
		if ((i, key[k]) in META && META[i, key[k]] + 0 > b)
			b = META[i, key[k]] + 0
	return b
}

# The point of curve c at x (MB), if x lies in (lo, hi] bytes, as
# ser_inside counts; "" if not, or if the curve has no such point.
function lm_point(i, c, x, lo, hi) {
	if (!inside(x * MIB, lo, hi))
		return ""
	return ser_at(i, c, x)
}

# The size of one level for mem_figures: the header's KEY (the system's),
# else the measured size, else 0; M["from"] says which were used.  Sizes
# the driver had from getconf, not sysfs ([CACHE_FROM: getconf]), are
# never a level's: CPUID may describe the host's whole socket (a 508 MB
# L3 put a guest's "L3" point at 254 MB, in main memory); they only
# push main memory out (getconf_big).
function mem_size(i, key, measured, M,    src, v) {
	if ((i, key) in META && META[i, key] + 0 > 0 && !(i in GETCONF_SIZES)) {
		src = "sysfs"
		v = META[i, key] + 0
	} else if (good(measured)) {
		src = "cache"
		v = measured + 0
	} else {
		return 0
	}
	M["from", key] = src
	if (M["from"] == "")
		M["from"] = src
	else if (M["from"] != src)
		M["from"] = "mixed"
	return v
}

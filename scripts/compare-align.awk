# compare-align.awk - compare's cells read at the end of a sweep, read
# again at the largest point every side has (align_points).  Part of
# scripts/compare (see compare.awk).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

# ---- series compared at points both sides have ----------------------------
#
# A cell read at the end of a sweep (Mem read: the largest size; TCP,
# File reread, Bcopy, Mmap Latency, mem par) sits at different points on
# sides whose sweeps end at different sizes (MB=128 against MB=1024): a
# 128 MB point against a 1 GB one is not a change.  Such a cell is read
# again, on every side, at the largest point that every file of every
# side has, and a note under the table says where ("Mem read at 128
# MB"); with no point in common it is left blank, and said.  A cell of a
# level (L2 $, Main mem: read inside each side's own cache sizes) stays
# at its own points, and the note says which.  Notes: ATNOTE[t].
function align_points(t,    c, r, i, k, name, x, x0, same, last, cnt, nfile, seen, xs, best, kk, note, lv) {
	ATNOTE[t] = ""
	split("", xs)
	for (c = 1; c <= KNC[t]; c++) {
		name = ""
		same = 1
		last = 1
		x0 = ""
		nfile = 0
		split("", seen)
		for (r = 1; r <= KNR[t]; r++) {
			if (KCRAW[t, r, c] == "")
				continue
			i = KRH[t, r]
			k = KCREC[t, r, c]
			if (k == "" || !isnum(RX[i, k]))
				break
			if (name == "")
				name = RN[i, k]
			if (RN[i, k] != name)
				break
			if (x0 == "")
				x0 = RX[i, k]
			else if (RX[i, k] + 0 != x0 + 0)
				same = 0
			if (SK[i, name, SN[i, name]] != k)
				last = 0
			if (!(i in seen)) {
				seen[i] = 1
				nfile++
			}
		}
		if (r <= KNR[t] || name == "" || same)
			continue
		if (!last) {
			lv = ""
			for (r = 1; r <= KNR[t]; r++)
				if (KCRAW[t, r, c] != "")
					lv = lv (lv == "" ? "" : ", ") sprintf("%g MB (%s)", RX[KRH[t, r], KCREC[t, r, c]], LABEL[SIDEOF[KRH[t, r]]])
			ATNOTE[t] = ATNOTE[t] sprintf("%s: read inside each side's own cache sizes, at %s.\n", KCNAME[t, c], lv)
			continue
		}
		# The sizes every file has (once per file, however many rows).
		split("", cnt)
		split("", xs)
		for (i in seen)
			for (kk = 1; kk <= SN[i, name]; kk++) {
				x = sprintf("%.10g", RX[i, SK[i, name, kk]])
				if (!((i, x) in xs)) {
					xs[i, x] = 1
					cnt[x]++
				}
			}
		best = ""
		for (x in cnt)
			if (cnt[x] == nfile && (best == "" || x + 0 > best + 0))
				best = x
		for (r = 1; r <= KNR[t]; r++) {
			if (KCRAW[t, r, c] == "")
				continue
			i = KRH[t, r]
			k = best == "" ? "" : ser_at(i, name, best)
			KCRAW[t, r, c] = k == "" || !good(RV[i, k]) ? "" : RV[i, k]
			KCSP[t, r, c] = k == "" ? "" : RSPR[i, k]
			KCRG[t, r, c] = k == "" ? "" : rrange(i, k)
			KCPLC[t, r, c] = k == "" ? "" : ptext(i, k)
		}
		if (best == "")
			note = sprintf("%s: the sides' sweeps have no size in common: not compared.\n", KCNAME[t, c])
		else
			note = sprintf("%s at %g MB, the largest size every run has.\n", KCNAME[t, c], best)
		ATNOTE[t] = ATNOTE[t] note
	}
}

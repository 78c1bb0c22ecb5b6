# compare-setup.awk - what tells compare's sides apart besides their
# figures: the header lines whose values differ (setup_diffs), and the
# end of a kernel release where 13 columns do not (os_text).  Part of
# scripts/compare (see compare.awk).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

# ---- what differs between the sides' setups ---------------------------------
#
# Before any figure, the header lines (read.awk's HDR: the machine, the
# kernel, the settings of the run) whose values differ between the
# sides, each side's value on a line of its own: figures taken on a
# different CPU family, hypervisor, clocksource, mitigation or memory
# size (MB) do not compare as a kernel change does, and the tables
# alone do not show it.  What changes from run to run on one setup (the
# date, the load, the steal, the time the run took, the measured clock)
# is not setup.  The kernel release is RELEASE, or for a file without it
# (lmbench's) the third word of its uname line.  A side whose runs
# differ shows "mixed:" and their values; a long value (the kernel's
# command line) shows only its words that not every side has ("only
# here: ...").  Lines go to stdout, or with err to stderr (-f lkp keeps
# stdout for the metric lines).
function setup_diffs(err,    i, j, n, key, nk, K, seen, v, dif, lines, line, long, title) {
	nk = 0
	for (i = FROM[1]; i <= TO[NS]; i++) {
		if (!((i, "RELEASE") in HDR) && UNAME[i] != "") {
			split(UNAME[i], v, /[ \t]+/)
			HDR[i, "RELEASE"] = v[3]
		}
		if (!("RELEASE" in seen)) {
			seen["RELEASE"] = 1
			K[++nk] = "RELEASE"
		}
		for (j = 1; j <= NHDR[i]; j++) {
			key = HDRK[i, j]
			if (key in seen || key ~ /^(DATE|MEM_AVAILABLE|LOAD_BEFORE|LOAD_AFTER|STEAL_BEFORE|STEAL_AFTER|STEAL_RUN|ELAPSED|COMPLETE|INCOMPLETE|MHZ|TIMING_O|LOOP_O|ENOUGH)$/)
				continue
			seen[key] = 1
			K[++nk] = key
		}
	}
	lines = 0
	title = "Setup - where the sides differ (figures across these may not compare)"
	for (j = 1; j <= nk; j++) {
		key = K[j]
		dif = 0
		long = 0
		for (n = 1; n <= NS; n++) {
			SV[n] = side_value(n, key)
			if (n > 1 && SV[n] != SV[1])
				dif = 1
			if (length(SV[n]) > 120)
				long = 1
		}
		if (!dif)
			continue
		if (long)
			only_words()
		if (err) {
			line = me ": setup differs: " tidy(key) ":"
			for (n = 1; n <= NS; n++)
				line = line (n > 1 ? ";" : "") " " LABEL[n] " '" tidy(SV[n]) "'"
			print line > "/dev/stderr"
			lines++
			continue
		}
		for (n = 1; n <= NS; n++) {
			line = sprintf("%-14s %-9.9s %s", n == 1 ? tidy(key) : "", LABEL[n], tidy(SV[n]))
			if (lines++ == 0) {
				print ""
				print title
				print substr("------------------------------------------------------------------------------", 1, length(title))
			}
			print line
		}
	}
	return lines
}

# Side n's value of header key: its files' value, "-" for none, or
# "mixed: a | b" when its runs differ.
function side_value(n, key,    i, v, s, all, seen) {
	s = ""
	all = ""
	for (i = FROM[n]; i <= TO[n]; i++) {
		v = (i, key) in HDR ? HDR[i, key] : "-"
		if (i == FROM[n])
			s = v
		else if (v != s)
			all = "x"
		if (!(v in seen)) {
			seen[v] = 1
			all = all == "" ? v : all
		}
	}
	if (all == "" || all == s)
		return s
	s = ""
	split("", seen)
	for (i = FROM[n]; i <= TO[n]; i++) {
		v = (i, key) in HDR ? HDR[i, key] : "-"
		if (!(v in seen)) {
			seen[v] = 1
			s = s (s == "" ? "" : " | ") v
		}
	}
	return "mixed: " s
}

# SV[n] (each side's value), long: cut to the words that not every side
# has, "only here: ..." ("the same words" when they differ in order only).
function only_words(    n, m, w, c, j, cnt, s, in_all) {
	split("", cnt)
	for (n = 1; n <= NS; n++) {
		split("", in_all)
		c = split(SV[n], w, " ")
		for (j = 1; j <= c; j++)
			if (!(w[j] in in_all)) {
				in_all[w[j]] = 1
				cnt[w[j]]++
			}
	}
	for (n = 1; n <= NS; n++) {
		c = split(SV[n], w, " ")
		s = ""
		split("", in_all)
		for (j = 1; j <= c; j++)
			if (cnt[w[j]] < NS && !(w[j] in in_all)) {
				in_all[w[j]] = 1
				s = s " " w[j]
			}
		SV[n] = s == "" ? "(no word of its own)" : "only here:" s
	}
}

# The OS column of side n's row, os (cut to 13 as lmbench's): where two
# sides' kernels read alike in 13 columns but differ, the end of the
# release, which tells them apart ("18.44-fc-v669" against
# "8.44-fc-v1272"); the setup differences above give it in full.
function os_text(n, os,    m, o, a, b) {
	for (m = 1; m <= NS; m++) {
		if (m == n || !(m in SIDEOS))
			continue
		o = SIDEOS[m]
		if (o != os && substr(o, 1, 13) == substr(os, 1, 13)) {
			a = os
			sub(/^[^ ]* /, "", a)
			b = length(a) > 13 ? substr(a, length(a) - 12) : a
			return b
		}
	}
	return os
}

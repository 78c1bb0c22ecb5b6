# read-ids.awk - the registry id of each record the reader (read.awk)
# makes: the one its statistics line carries (id=, which the driver
# stamps: stats.awk keeps it in RID), else the one the registry gives
# its label.  Files without ids (lmbench's, latbw's from before them, a
# program's output taken by hand) get their ids here, and only here.
# Part of the reader, loaded with it by scripts/records (registry.awk
# too).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

# rec_id(i, k): the id of record k of file i, or "" when the registry
# has no line for it.
function rec_id(i, k,    name) {
	if (RID[i, k] != "")
		return RID[i, k]
	name = FKEY[i, k]
	if (name == "")
		name = fig_id(RN[i, k])
	return rid_of(name, RN[i, k])
}

# The registry's figures by the names the reader gives them (rid_init):
# RIDN[j] the name (a label, "{S}" standing for one word of it, {HOST}
# for the host's), RIDV[j] its id, j = 1..NRID, in registry order.
# Inside a series, a label is its own (a series' title), but for
# lat_mem_rd's strides (stride=...), which the reader puts under their
# section's title ("Memory load latency", "Random load latency").
function rid_init(    i, t, lab) {
	RID_DONE = 1
	if (NREG == 0)
		reg_read(ENVIRON["LATBW_REGISTRY"])
	NRID = 0
	t = ""
	for (i = 1; i <= NREG; i++) {
		if (REGK[i] == "series")
			t = REGL[i]
		else if (REGK[i] == "end")
			t = ""
		if (REGK[i] !~ /^(run|fig|mhz|line)$/ || REGID[i] == "-")
			continue
		lab = REGL[i]
		sub(/^"/, "", lab)
		if (lab ~ /^stride=/)
			lab = (t ~ /^(Memory|Random) load latency$/ ? t : "Memory load latency") " " lab
		NRID++
		RIDN[NRID] = lab
		RIDV[NRID] = REGID[i]
	}
}

# rid_of(NAME, LABEL): the id of the figure the reader names NAME (its
# label as read: LABEL), or "".  The first registry line whose name is
# NAME; else the first whose name NAME is, {S} standing for one of its
# words, or whose name NAME begins with before a blank (lat_fs's
# "File system latency create"); lat_c2c's rows are its one line's.  A
# {S} in the id is that word, a {NAME} the host LABEL ends with.
function rid_of(name, label,    j, id, w) {
	if (!RID_DONE)
		rid_init()
	if (name in RIDC)
		id = RIDC[name]
	else {
		id = ""
		for (j = 1; j <= NRID && id == ""; j++)
			if (RIDN[j] == name)
				id = RIDV[j]
		for (j = 1; j <= NRID && id == ""; j++)
			if ((w = rid_fit(name, RIDN[j])) != "")
				id = rid_fill(RIDV[j], "{S}", w == "-" ? "" : w)
		if (id == "" && name ~ /^c2c (cas|pipe) cpu=[0-9]+$/)
			for (j = 1; j <= NRID && id == ""; j++)
				if (RIDN[j] ~ /^c2c /)
					id = RIDV[j]
		RIDC[name] = id
	}
	if (index(id, "{NAME}") > 0) {
		w = label
		sub(/.* /, "", w)
		id = rid_fill(id, "{NAME}", w)
	}
	return id
}

# rid_fit(NAME, PAT): whether NAME is PAT, or begins with it and a blank,
# with {S} in PAT standing for a word: that word, "-" for a PAT without
# {S}, "" when NAME does not fit.
function rid_fit(name, pat,    p, pre, rest, w) {
	p = index(pat, "{S}")
	if (p == 0)
		return index(name, pat " ") == 1 ? "-" : ""
	pre = substr(pat, 1, p - 1)
	if (substr(name, 1, p - 1) != pre)
		return ""
	rest = substr(name, p)
	w = rest
	sub(/ .*/, "", w)
	if (w == "")
		return ""
	rest = substr(rest, length(w) + 1)
	pat = substr(pat, p + 3)
	return (rest == pat || index(rest, pat " ") == 1) ? w : ""
}

# s with its first key replaced by v.
function rid_fill(s, key, v,    p) {
	p = index(s, key)
	if (p == 0)
		return s
	return substr(s, 1, p - 1) v substr(s, p + length(key))
}

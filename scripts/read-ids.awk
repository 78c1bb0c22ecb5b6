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
# "File system latency create"); lat_c2c's rows are its one line's;
# else one of lmbench's lat_ctx sizes (rid_loose).  A {S} in the id is
# that word, a {NAME} the host LABEL ends with.
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
		if (id == "")
			id = rid_loose(name)
		RIDC[name] = id
	}
	if (index(id, "{NAME}") > 0) {
		w = label
		sub(/.* /, "", w)
		id = rid_fill(id, "{NAME}", w)
	}
	return id
}

# rid_fit(NAME, PAT): whether NAME begins with PAT and a blank, or (PAT
# with {S}) is PAT or begins with it and a blank, {S} standing for a
# part of a word (not empty, no blank; what follows {S} in its word
# ends it): that part, "-" for a PAT without {S}, "" when NAME does not
# fit.  Texts are compared as they are: no character of a label means
# anything here.
function rid_fit(name, pat,    p, rest, w, f) {
	p = index(pat, "{S}")
	if (p == 0)
		return index(name, pat " ") == 1 ? "-" : ""
	if (substr(name, 1, p - 1) != substr(pat, 1, p - 1))
		return ""
	rest = substr(name, p)
	w = rest
	sub(/ .*/, "", w)
	pat = substr(pat, p + 3)
	f = pat
	sub(/ .*/, "", f)
	if (length(w) <= length(f) || substr(w, length(w) - length(f) + 1) != f)
		return ""
	rest = substr(rest, length(w) + 1)
	pat = substr(pat, length(f) + 1)
	w = substr(w, 1, length(w) - length(f))
	return (rest == pat || index(rest, pat " ") == 1) ? w : ""
}

# rid_loose(NAME): the one loose fit, here and nowhere else.  lmbench
# runs lat_ctx at sizes the registry does not (its series "size=4k",
# "size=8k", "size=32k"): a NAME of one word key=value that no line has
# gets the id of the first line whose name is key=other, with the other
# its id ends with made value (size=4k: ctx.0k's line, ctx.4k), an id no
# registry line has, which its metric name is made from (registry-
# names.awk, reg_metric) and no table cell shows; "" when no line's name
# is key=other, or its id does not end with .other.
function rid_loose(name,    j, k, v, w) {
	if (name !~ /^[^ =]+=[a-z0-9_-][a-z0-9._-]*$/)
		return ""
	k = substr(name, 1, index(name, "="))
	v = substr(name, length(k) + 1)
	for (j = 1; j <= NRID; j++) {
		if (index(RIDN[j], k) != 1 || RIDN[j] !~ /^[^ =]+=[^ =]+$/)
			continue
		w = "." substr(RIDN[j], length(k) + 1)
		if (length(RIDV[j]) > length(w) && substr(RIDV[j], length(RIDV[j]) - length(w) + 1) == w)
			return substr(RIDV[j], 1, length(RIDV[j]) - length(w)) "." v
		return ""
	}
	return ""
}

# s with its first key replaced by v.
function rid_fill(s, key, v,    p) {
	p = index(s, key)
	if (p == 0)
		return s
	return substr(s, 1, p - 1) v substr(s, p + length(key))
}

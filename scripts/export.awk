# export.awk - every figure of the records (scripts/records, records.awk)
# as JSON or CSV: scripts/summary -f json, -f csv.  A program of its own,
# which reads no results file: scripts/summary pipes the records into
#
#   awk -v mode=json|csv -v me=NAME -f export.awk -f values.awk \
#       -f lkp.awk -f registry-names.awk -f registry.awk
#
# (values.awk for isnum, good, tidy and unesc; registry-names.awk names
# each figure, lkp.awk gives LKP's names), with LATBW_REGISTRY and
# LATBW_LKPNAMES in the environment.  No records (the reader read no
# file, and said why): no output, exit status 2.
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

BEGIN {
	FS = "\t"
	if (me == "")
		me = "summary"
	nf = 0
	status = 0
	init_ord()
}

# ---- the records ------------------------------------------------------------
#
# Line 1 names the columns (COL[name], its number); a file's facts go to
# RUNPATH[i], RUNHOST[i] and FACT[i, key], its figures to FV[i, k, name]
# (k = 1..nrec[i]), i = 1..nf in the order of the records' run column.

NR == 1 {
	for (c = 1; c <= NF; c++)
		COL[$c] = c
	# The columns the exports use (a record's others are not kept).
	NUSE = split("id name x value unit reps spread min max copies placement cross_pct stddev_pct rounds round_spread others_busy idle cpu_wait", USE, " ")
	for (c = 1; c <= NUSE; c++)
		if (!(USE[c] in COL))
			COL["kind"] = 0
	if ($1 != "kind" || COL["kind"] != 1 || !("run" in COL) || !("file" in COL) || !("host" in COL) || !("id" in COL)) {
		print me ": internal error: not a stream of records" > "/dev/stderr"
		exit 2
	}
	next
}

{
	if (!($(COL["run"]) in RUNOF)) {
		RUNOF[$(COL["run"])] = ++nf
		RUNPATH[nf] = unesc($(COL["file"]))
		RUNHOST[nf] = unesc($(COL["host"]))
		nrec[nf] = 0
	}
	i = RUNOF[$(COL["run"])]
	if ($1 == "file")
		FACT[i, unesc($(COL["id"]))] = unesc($(COL["name"]))
	else if ($1 == "fig") {
		k = ++nrec[i]
		for (c = 1; c <= NUSE; c++)
			FV[i, k, USE[c]] = unesc($(COL[USE[c]]))
	}
}

END {
	if (nf == 0)
		exit 2
	if (mode == "json")
		out_json()
	else
		out_csv()
	exit status
}

# ---- exports ---------------------------------------------------------------

function init_ord(    i) {
	for (i = 1; i < 32; i++)
		CTRL[sprintf("%c", i)] = sprintf("\\u%04x", i)
	CTRL[sprintf("%c", 127)] = "\\u007f"
	for (i = 128; i < 256; i++)
		HIGH[sprintf("%c", i)] = i
}

# The value of byte k of s (n long) if it is 128 or more, else 0.
function hibyte(s, k, n,    c) {
	if (k > n)
		return 0
	c = substr(s, k, 1)
	return (c in HIGH) ? HIGH[c] : 0
}

# The length of the UTF-8 character at byte j of s (n long), 2 to 4, or 0
# if the bytes there are not one (RFC 3629: no overlong forms, no
# surrogates, nothing above U+10FFFF).
function utf8_len(s, j, n,    b, lo, hi, m, k) {
	b = hibyte(s, j, n)
	lo = 128
	hi = 191
	if (b >= 194 && b <= 223)
		m = 2
	else if (b >= 224 && b <= 239) {
		m = 3
		if (b == 224)
			lo = 160
		else if (b == 237)
			hi = 159
	} else if (b >= 240 && b <= 244) {
		m = 4
		if (b == 240)
			lo = 144
		else if (b == 244)
			hi = 143
	} else
		return 0
	b = hibyte(s, j + 1, n)
	if (b < lo || b > hi)
		return 0
	for (k = 2; k < m; k++) {
		b = hibyte(s, j + k, n)
		if (b < 128 || b > 191)
			return 0
	}
	return m
}

# s as a JSON string of valid UTF-8 (utf8_clean).
function jstr(s) {
	if (s ~ /^[ -~]*$/ && index(s, "\\") == 0 && index(s, "\"") == 0)
		return "\"" s "\""
	return "\"" utf8_clean(s, 1) "\""
}

# s as valid UTF-8 with no control character: a byte that is not part of
# a UTF-8 character (a host name or uname in Latin-1, a damaged file)
# becomes U+FFFD; control characters, DEL and the C1 ones too, become \u
# escapes for JSON (json = 1, which also escapes \\ and "), "?" for CSV,
# as on the tables (tidy() in read.awk): a label or a file name cannot
# move the cursor or colour the screen of whoever reads the export.
function utf8_clean(s, json,    out, c, n, j, m) {
	out = ""
	n = length(s)
	for (j = 1; j <= n; j++) {
		c = substr(s, j, 1)
		if (json && c == "\\")
			out = out "\\\\"
		else if (json && c == "\"")
			out = out "\\\""
		else if (c in CTRL)
			out = out (json ? CTRL[c] : "?")
		else if (!(c in HIGH))
			out = out c
		else if ((m = utf8_len(s, j, n)) == 0)
			out = out (json ? "\\ufffd" : "\357\277\275")
		else {
			if (m == 2 && HIGH[c] == 194 && hibyte(s, j + 1, n) < 160)
				out = out (json ? sprintf("\\u%04x", hibyte(s, j + 1, n)) : "?")
			else
				out = out substr(s, j, m)
			j += m - 1
		}
	}
	return out
}

# A number as JSON: the file's own text when JSON allows it.
function jnum(s) {
	if (!isnum(s))
		return "null"
	if (s ~ /^-?(0|[1-9][0-9]*)([.][0-9]+)?([eE][-+]?[0-9]+)?$/)
		return s
	return sprintf("%.17g", s + 0)
}

function jopt(s) {
	return s == "" ? "null" : jstr(s)
}

# ---- what the exports copy from a file ---------------------------------
#
# export_prep fills, for file i and its record k, the text fields the
# exports print, each cut to MAXTEXT bytes (capped): XHOST[i], XOS[i],
# XDESC[i], XUNAME[i]; XN[i, k] (label), XX (x), XU (unit), XPL
# (placement), XIDL (idle), the metric name XM[i, k] (of its id; the cut
# label fills the registry's {HOST}),
# XOK[i, k] whether it has a figure to export, and LKP's name XLKP[i, k]
# ("" for none: lkp.awk).

# A label is some 60 bytes, a header field some 100; one of 10 MB (a
# damaged or hostile file) would be copied whole into each of its lines.
function export_prep(    i, k) {
	MAXTEXT = 256
	reg_read(ENVIRON["LATBW_REGISTRY"])
	lkp_read(ENVIRON["LATBW_LKPNAMES"])
	for (i = 1; i <= nf; i++) {
		XHOST[i] = capped(i, RUNHOST[i])
		XOS[i] = capped(i, FACT[i, "os"])
		XDESC[i] = capped(i, FACT[i, "description"])
		XUNAME[i] = capped(i, FACT[i, "uname"])
		for (k = 1; k <= nrec[i]; k++) {
			XN[i, k] = capped(i, FV[i, k, "name"])
			XX[i, k] = capped(i, FV[i, k, "x"])
			XU[i, k] = capped(i, FV[i, k, "unit"])
			XPL[i, k] = capped(i, FV[i, k, "placement"])
			XIDL[i, k] = capped(i, FV[i, k, "idle"])
			XM[i, k] = reg_metric(FV[i, k, "id"], XN[i, k], XX[i, k], XU[i, k])
			XOK[i, k] = good(FV[i, k, "value"])
		}
		lkp_names(i)
	}
	if (NCUT > 0)
		printf "%s: %s: %d text field%s (label, unit, header) over %d bytes cut to %d in the export, \"...\" after %s\n", \
		    me, tidy(RUNPATH[CUTFILE]), NCUT, (NCUT > 1 ? "s" : ""), MAXTEXT, MAXTEXT, \
		    (NCUT > 1 ? "each" : "it") > "/dev/stderr"
}

# s, or its first MAXTEXT bytes (not ending inside a UTF-8 character)
# and "...", counted for export_prep's warning (CUTFILE: the first file
# with one).
function capped(i, s,    t, j, b) {
	if (length(s) <= MAXTEXT)
		return s
	if (!NCUT++)
		CUTFILE = i
	t = substr(s, 1, MAXTEXT)
	for (j = MAXTEXT; j > MAXTEXT - 4 && j > 0; j--) {
		b = hibyte(t, j, MAXTEXT)
		if (b < 128)
			break
		if (b >= 192) {
			if (utf8_len(t, j, MAXTEXT) == 0)
				t = substr(t, 1, j - 1)
			break
		}
	}
	return t "..."
}

# ---- the two formats ------------------------------------------------------

function out_json(    i, k, first) {
	export_prep()
	print "{"
	print "  \"format\": \"latbw-figures-1\","
	print "  \"runs\": ["
	for (i = 1; i <= nf; i++) {
		printf "    {\"run\": %s, \"host\": %s, \"os\": %s, \"description\": %s, \"uname\": %s, ", \
		    jstr(RUNPATH[i]), jstr(XHOST[i]), jstr(XOS[i]), jstr(XDESC[i]), jstr(XUNAME[i])
		printf "\"mhz\": %s, \"line_size\": %s, \"copies\": %s, ", \
		    jnum(FACT[i, "mhz"]), jnum(FACT[i, "line_size"]), jnum(FACT[i, "copies"])
		printf "\"cache_l1d\": %s, \"cache_l2\": %s, \"cache_l3\": %s, \"incomplete\": %s}%s\n", \
		    jnum(FACT[i, "cache_l1d"]), jnum(FACT[i, "cache_l2"]), jnum(FACT[i, "cache_l3"]), \
		    (FACT[i, "incomplete"] == "" ? "false" : "true"), (i < nf ? "," : "")
	}
	print "  ],"
	print "  \"figures\": ["
	first = 1
	for (i = 1; i <= nf; i++) {
		for (k = 1; k <= nrec[i]; k++) {
			if (!good(FV[i, k, "value"]))
				continue
			printf "%s    {\"run\": %s, \"host\": %s, \"name\": %s, \"metric\": %s, \"x\": %s, \"value\": %s, \"unit\": %s, ", \
			    first ? "" : ",\n", jstr(RUNPATH[i]), jstr(XHOST[i]), jstr(XN[i, k]), jstr(XM[i, k]), \
			    jopt(XX[i, k]), jnum(FV[i, k, "value"]), jstr(XU[i, k])
			printf "\"reps\": %s, \"spread\": %s, \"min\": %s, \"max\": %s, \"copies\": %s, ", \
			    jnum(FV[i, k, "reps"]), jnum(FV[i, k, "spread"]), jnum(FV[i, k, "min"]), \
			    jnum(FV[i, k, "max"]), jnum(FV[i, k, "copies"])
			printf "\"placement\": %s, \"cross_pct\": %s, \"stddev_pct\": %s, ", jopt(XPL[i, k]), \
			    jnum(FV[i, k, "cross_pct"]), jnum(FV[i, k, "stddev_pct"])
			printf "\"rounds\": %s, \"round_spread\": %s, \"others_busy_pct\": %s, \"idle\": %s, ", \
			    jnum(FV[i, k, "rounds"]), jnum(FV[i, k, "round_spread"]), jnum(FV[i, k, "others_busy"]), jopt(XIDL[i, k])
			printf "\"cpu_wait_pct\": %s, \"lkp\": %s}", jnum(FV[i, k, "cpu_wait"]), jopt(XLKP[i, k])
			first = 0
		}
	}
	if (!first)
		printf "\n"
	print "  ]"
	print "}"
	if (first) {
		print me ": no figure in any file" > "/dev/stderr"
		status = 1
	}
}

# A CSV field: valid UTF-8 without control characters (utf8_clean), and
# as RFC 4180 has it: a field with a comma, a quote or a blank at either
# end is quoted, its quotes doubled.
function cfield(s) {
	if (s !~ /^[ -~]*$/)
		s = utf8_clean(s, 0)
	if (s ~ /[",]/ || s ~ /^[ \t]/ || s ~ /[ \t]$/) {
		gsub(/"/, "\"\"", s)
		return "\"" s "\""
	}
	return s
}

# Column c of record k of file i as a CSV field.
function cf(i, k, c) {
	return cfield(FV[i, k, c])
}

# The lkp column is the last: a reader of the columns before it by their
# place still finds them there.
function out_csv(    i, k, n) {
	export_prep()
	print "run,host,os,name,x,value,unit,reps,spread_pct,min,max,copies,placement,cross_pct,rounds,round_spread_pct,metric,stddev_pct,others_busy_pct,idle,cpu_wait_pct,lkp"
	n = 0
	for (i = 1; i <= nf; i++)
		for (k = 1; k <= nrec[i]; k++) {
			if (!good(FV[i, k, "value"]))
				continue
			n++
			print cfield(RUNPATH[i]) "," cfield(XHOST[i]) "," cfield(XOS[i]) "," \
			    cfield(XN[i, k]) "," cfield(XX[i, k]) "," cf(i, k, "value") "," cfield(XU[i, k]) "," \
			    cf(i, k, "reps") "," cf(i, k, "spread") "," cf(i, k, "min") "," cf(i, k, "max") "," \
			    cf(i, k, "copies") "," cfield(XPL[i, k]) "," cf(i, k, "cross_pct") "," \
			    cf(i, k, "rounds") "," cf(i, k, "round_spread") "," cfield(XM[i, k]) "," \
			    FV[i, k, "stddev_pct"] "," cf(i, k, "others_busy") "," cfield(XIDL[i, k]) "," \
			    cf(i, k, "cpu_wait") "," cfield(XLKP[i, k])
		}
	if (n == 0) {
		print me ": no figure in any file" > "/dev/stderr"
		status = 1
	}
}

# export.awk - every figure of the records (read.awk) as JSON or CSV
# (scripts/summary -f json, -f csv).
#
# Only POSIX awk: it runs under mawk, gawk and the one true awk.

BEGIN {
	init_ord()
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
# (placement), XIDL (idle), the metric name XM[i, k] (of the cut label),
# XOK[i, k] whether it has a figure to export, and LKP's name XLKP[i, k]
# ("" for none: lkp.awk).

# A label is some 60 bytes, a header field some 100; one of 10 MB (a
# damaged or hostile file) would be copied whole into each of its lines.
function export_prep(    i, k) {
	MAXTEXT = 256
	reg_read(ENVIRON["LATBW_REGISTRY"])
	lkp_read(ENVIRON["LATBW_LKPNAMES"])
	for (i = 1; i <= nf; i++) {
		XHOST[i] = capped(i, HOST[i])
		XOS[i] = capped(i, trim(OS_[i]))
		XDESC[i] = capped(i, DESC[i])
		XUNAME[i] = capped(i, UNAME[i])
		for (k = 1; k <= nrec[i]; k++) {
			XN[i, k] = capped(i, RN[i, k])
			XX[i, k] = capped(i, RX[i, k])
			XU[i, k] = capped(i, RU[i, k])
			XPL[i, k] = capped(i, RPL[i, k])
			XIDL[i, k] = capped(i, RIDL[i, k])
			XM[i, k] = reg_metric(XN[i, k], XX[i, k], XU[i, k])
			XOK[i, k] = good(RV[i, k])
		}
		lkp_names(i)
	}
	if (NCUT > 0)
		printf "%s: %s: %d text field%s (label, unit, header) over %d bytes cut to %d in the export, \"...\" after %s\n", \
		    me, tidy(PATHS[CUTFILE]), NCUT, (NCUT > 1 ? "s" : ""), MAXTEXT, MAXTEXT, \
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
		    jstr(PATHS[i]), jstr(XHOST[i]), jstr(XOS[i]), jstr(XDESC[i]), jstr(XUNAME[i])
		printf "\"mhz\": %s, \"line_size\": %s, \"copies\": %s, ", \
		    jnum(META[i, "MHZ"]), jnum(META[i, "LINE_SIZE"]), jnum(LOAD[i])
		printf "\"cache_l1d\": %s, \"cache_l2\": %s, \"cache_l3\": %s, \"incomplete\": %s}%s\n", \
		    jnum(META[i, "CACHE_L1D"]), jnum(META[i, "CACHE_L2"]), jnum(META[i, "CACHE_L3"]), \
		    (INCOMPLETE[i] == "" ? "false" : "true"), (i < nf ? "," : "")
	}
	print "  ],"
	print "  \"figures\": ["
	first = 1
	for (i = 1; i <= nf; i++) {
		for (k = 1; k <= nrec[i]; k++) {
			if (!good(RV[i, k]))
				continue
			printf "%s    {\"run\": %s, \"host\": %s, \"name\": %s, \"metric\": %s, \"x\": %s, \"value\": %s, \"unit\": %s, ", \
			    first ? "" : ",\n", jstr(PATHS[i]), jstr(XHOST[i]), jstr(XN[i, k]), jstr(XM[i, k]), \
			    jopt(XX[i, k]), jnum(RV[i, k]), jstr(XU[i, k])
			printf "\"reps\": %s, \"spread\": %s, \"min\": %s, \"max\": %s, \"copies\": %s, ", \
			    jnum(RR[i, k]), jnum(RSPR[i, k]), jnum(RMIN[i, k]), jnum(RMAX[i, k]), jnum(RC[i, k])
			printf "\"placement\": %s, \"cross_pct\": %s, \"stddev_pct\": %s, ", jopt(XPL[i, k]), \
			    jnum(RXS[i, k]), jnum(sdtext(i, k))
			printf "\"rounds\": %s, \"round_spread\": %s, \"others_busy_pct\": %s, \"idle\": %s, ", \
			    jnum(RRN[i, k]), jnum(RRS[i, k]), jnum(ROB[i, k]), jopt(XIDL[i, k])
			printf "\"cpu_wait_pct\": %s, \"lkp\": %s}", jnum(RCW[i, k]), jopt(XLKP[i, k])
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

# The across-round standard deviation of record k, in percent of the
# mean, two decimals ("" without two rounds).
function sdtext(i, k,    sd) {
	sd = round_sd(i, k)
	return sd == "" ? "" : sprintf("%.2f", sd)
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

# The lkp column is the last: a reader of the columns before it by their
# place still finds them there.
function out_csv(    i, k, n) {
	export_prep()
	print "run,host,os,name,x,value,unit,reps,spread_pct,min,max,copies,placement,cross_pct,rounds,round_spread_pct,metric,stddev_pct,others_busy_pct,idle,cpu_wait_pct,lkp"
	n = 0
	for (i = 1; i <= nf; i++)
		for (k = 1; k <= nrec[i]; k++) {
			if (!good(RV[i, k]))
				continue
			n++
			print cfield(PATHS[i]) "," cfield(XHOST[i]) "," cfield(XOS[i]) "," \
			    cfield(XN[i, k]) "," cfield(XX[i, k]) "," cfield(RV[i, k]) "," cfield(XU[i, k]) "," \
			    cfield(RR[i, k]) "," cfield(RSPR[i, k]) "," cfield(RMIN[i, k]) "," cfield(RMAX[i, k]) "," \
			    cfield(RC[i, k]) "," cfield(XPL[i, k]) "," cfield(RXS[i, k]) "," cfield(RRN[i, k]) "," \
			    cfield(RRS[i, k]) "," cfield(XM[i, k]) "," sdtext(i, k) "," cfield(ROB[i, k]) "," \
			    cfield(XIDL[i, k]) "," cfield(RCW[i, k]) "," cfield(XLKP[i, k])
		}
	if (n == 0) {
		print me ": no figure in any file" > "/dev/stderr"
		status = 1
	}
}

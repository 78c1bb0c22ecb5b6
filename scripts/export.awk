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

# s as a JSON string of valid UTF-8: a byte that is not part of a UTF-8
# character (a host name or uname in Latin-1, a damaged file) becomes
# U+FFFD; control characters, DEL and the C1 ones too, are \u escapes.
function jstr(s,    out, c, n, j, m) {
	if (s ~ /^[ -~]*$/ && index(s, "\\") == 0 && index(s, "\"") == 0)
		return "\"" s "\""
	out = ""
	n = length(s)
	for (j = 1; j <= n; j++) {
		c = substr(s, j, 1)
		if (c == "\\")
			out = out "\\\\"
		else if (c == "\"")
			out = out "\\\""
		else if (c in CTRL)
			out = out CTRL[c]
		else if (!(c in HIGH))
			out = out c
		else if ((m = utf8_len(s, j, n)) == 0)
			out = out "\\ufffd"
		else {
			if (m == 2 && HIGH[c] == 194 && hibyte(s, j + 1, n) < 160)
				out = out sprintf("\\u%04x", hibyte(s, j + 1, n))
			else
				out = out substr(s, j, m)
			j += m - 1
		}
	}
	return "\"" out "\""
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

function out_json(    i, k, first, sep) {
	print "{"
	print "  \"format\": \"latbw-figures-1\","
	print "  \"runs\": ["
	for (i = 1; i <= nf; i++) {
		printf "    {\"run\": %s, \"host\": %s, \"os\": %s, \"description\": %s, \"uname\": %s, ", \
		    jstr(PATHS[i]), jstr(HOST[i]), jstr(trim(OS_[i])), jstr(DESC[i]), jstr(UNAME[i])
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
			    first ? "" : ",\n", jstr(PATHS[i]), jstr(HOST[i]), jstr(RN[i, k]), jstr(metric_of(i, k)), \
			    jopt(RX[i, k]), jnum(RV[i, k]), jstr(RU[i, k])
			printf "\"reps\": %s, \"spread\": %s, \"min\": %s, \"max\": %s, \"copies\": %s, ", \
			    jnum(RR[i, k]), jnum(RSPR[i, k]), jnum(RMIN[i, k]), jnum(RMAX[i, k]), jnum(RC[i, k])
			printf "\"placement\": %s, \"cross_pct\": %s, \"stddev_pct\": %s, ", jopt(RPL[i, k]), \
			    jnum(RXS[i, k]), jnum(sdtext(i, k))
			printf "\"rounds\": %s, \"round_spread\": %s, \"others_busy_pct\": %s, \"idle\": %s, ", \
			    jnum(RRN[i, k]), jnum(RRS[i, k]), jnum(ROB[i, k]), jopt(RIDL[i, k])
			printf "\"cpu_wait_pct\": %s}", jnum(RCW[i, k])
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

# The metric name of record k of file i (registry.awk's rule; the
# registry is read once, from LATBW_REGISTRY).
function metric_of(i, k) {
	if (!EXPREGREAD) {
		EXPREGREAD = 1
		reg_read(ENVIRON["LATBW_REGISTRY"])
	}
	return reg_metric(RN[i, k], RX[i, k], RU[i, k])
}

# The across-round standard deviation of record k, in percent of the
# mean, two decimals ("" without two rounds).
function sdtext(i, k,    sd) {
	sd = round_sd(i, k)
	return sd == "" ? "" : sprintf("%.2f", sd)
}

# RFC 4180: a field with a comma, a quote or a line break is quoted, its
# quotes doubled.
function cfield(s) {
	if (s ~ /[",\r\n]/ || s ~ /^[ \t]/ || s ~ /[ \t]$/) {
		gsub(/"/, "\"\"", s)
		return "\"" s "\""
	}
	return s
}

function out_csv(    i, k, n) {
	print "run,host,os,name,x,value,unit,reps,spread_pct,min,max,copies,placement,cross_pct,rounds,round_spread_pct,metric,stddev_pct,others_busy_pct,idle,cpu_wait_pct"
	n = 0
	for (i = 1; i <= nf; i++)
		for (k = 1; k <= nrec[i]; k++) {
			if (!good(RV[i, k]))
				continue
			n++
			print cfield(PATHS[i]) "," cfield(HOST[i]) "," cfield(trim(OS_[i])) "," \
			    cfield(RN[i, k]) "," cfield(RX[i, k]) "," RV[i, k] "," cfield(RU[i, k]) "," \
			    RR[i, k] "," RSPR[i, k] "," RMIN[i, k] "," RMAX[i, k] "," RC[i, k] "," \
			    RPL[i, k] "," RXS[i, k] "," RRN[i, k] "," RRS[i, k] "," \
			    cfield(metric_of(i, k)) "," sdtext(i, k) "," ROB[i, k] "," RIDL[i, k] "," \
			    RCW[i, k]
		}
	if (n == 0) {
		print me ": no figure in any file" > "/dev/stderr"
		status = 1
	}
}

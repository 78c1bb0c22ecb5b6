# tests/summary-cells.awk - the cells of LMBENCH-style summary tables, one
# per line: "table|host#k|column|text" (text without the blanks around
# it; k counts the rows of that host in the table).  It reads the output of
# scripts/summary or of lmbench 3's getsummary, so that the two can be
# compared cell by cell (tests/bench/getsummary-diff.sh, t8820).
#
# Columns are where the dashes under the header put them, each from just
# after the column to its left (the last one runs to the end of the line;
# with raw=1, exactly under them), except in lmbench's memory table, whose
# dashes are not over its cells: there the cells are where getsummary
# prints them ("%-9.9s %13.13s  %4d %6.6s %6.6s %6.6s %11.11s").  Tables
# other than lmbench's (none yet) are skipped.  Only POSIX awk.

function reset() {
	tab = ""
	inrows = 0
	nsp = 0
}

BEGIN {
	reset()
	split("", seen)
	NAMES["basic"] = "Host OS Description Mhz tlb-pages line-bytes mem-par scal-load"
	NAMES["proc"] = "Host OS Mhz null-call null-I/O stat open-clos slct-TCP sig-inst sig-hndl fork-proc exec-proc sh-proc"
	NAMES["int"] = "Host OS bit add mul div mod"
	NAMES["uint64"] = "Host OS bit add mul div mod"
	NAMES["float"] = "Host OS add mul div bogo"
	NAMES["double"] = "Host OS add mul div bogo"
	NAMES["ctx"] = "Host OS 2p/0K 2p/16K 2p/64K 8p/16K 8p/64K 16p/16K 16p/64K"
	NAMES["local"] = "Host OS 2p/0K Pipe AF-UNIX UDP RPC/UDP TCP RPC/TCP TCP-conn"
	NAMES["remote"] = "Host OS UDP RPC/UDP TCP RPC/TCP TCP-conn"
	NAMES["filevm"] = "Host OS 0K-Create 0K-Delete 10K-Create 10K-Delete Mmap-Latency Prot-Fault Page-Fault 100fd-selct"
	NAMES["bw"] = "Host OS Pipe AF-UNIX TCP File-reread Mmap-reread Bcopy-libc Bcopy-hand Mem-read Mem-write"
	NAMES["mem"] = "Host OS Mhz L1 L2 Main-mem Rand-mem Guesses"
	NAMES["mem3"] = "Host OS Mhz L1 L2 L3 Main-mem Rand-mem Guesses"
}

function trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}

# The column spans from a line of dashes: SP_FROM[j], SP_TO[j].
function spans(s,    p, n, inrun) {
	nsp = 0
	inrun = 0
	n = length(s)
	for (p = 1; p <= n; p++) {
		if (substr(s, p, 1) == "-") {
			if (!inrun)
				SP_FROM[++nsp] = p
			inrun = 1
			SP_TO[nsp] = p
		} else
			inrun = 0
	}
}

# getsummary's own memory row layout.
function mem_spans() {
	nsp = 8
	SP_FROM[1] = 1;  SP_TO[1] = 9
	SP_FROM[2] = 11; SP_TO[2] = 23
	SP_FROM[3] = 26; SP_TO[3] = 29
	SP_FROM[4] = 31; SP_TO[4] = 36
	SP_FROM[5] = 38; SP_TO[5] = 43
	SP_FROM[6] = 45; SP_TO[6] = 50
	SP_FROM[7] = 52; SP_TO[7] = 62
	SP_FROM[8] = 63; SP_TO[8] = 63
}

/^Basic system parameters$/ { reset(); tab = "basic"; next }
/^Processor, Processes - / { reset(); tab = "proc"; next }
/^Basic integer operations - / { reset(); tab = "int"; next }
/^Basic uint64 operations - / { reset(); tab = "uint64"; next }
/^Basic float operations - / { reset(); tab = "float"; next }
/^Basic double operations - / { reset(); tab = "double"; next }
/^Context switching - / { reset(); tab = "ctx"; next }
/^\*Local\* Communication latencies / { reset(); tab = "local"; next }
/^\*Remote\* Communication latencies / { reset(); tab = "remote"; next }
/^File & VM system latencies / { reset(); tab = "filevm"; next }
/^\*Local\* Communication bandwidths / { reset(); tab = "bw"; next }
/^Memory latencies in nanoseconds / { reset(); tab = "mem"; next }

tab == "mem" && /L3 \$/ { tab = "mem3" }

tab != "" && !inrows && /^--------- -------------/ {
	inrows = 1
	if (tab == "mem")
		mem_spans()
	else
		spans($0)
	next
}

/^[ \t]*$/ { if (inrows) reset(); next }

tab != "" && inrows {
	n = split(NAMES[tab], name, " ")
	host = trim(substr($0, 1, 9))
	k = ++seen[tab, host]
	for (j = 1; j <= nsp && j <= n; j++) {
		# From just after the column to the left, so that a number
		# printed a place left of its dashes (the double table's
		# "------  ------" over single-spaced cells) is whole; raw
		# cells are exactly under their dashes.
		from = SP_FROM[j]
		if (!raw && j > 1 && tab != "mem" && tab != "mem3")
			from = SP_TO[j - 1] + 1
		if (j == nsp || j == n)
			t = substr($0, from)
		else
			t = substr($0, from, SP_TO[j] - from + 1)
		printf "%s|%s#%d|%s|%s\n", tab, host, k, name[j], raw ? t : trim(t)
	}
}

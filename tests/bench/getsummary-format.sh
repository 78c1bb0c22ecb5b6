#!/bin/sh
# tests/bench/getsummary-format.sh - how lmbench 3's getsummary writes a
# number into each kind of column, for values from 1e-4 to 1e7 and around
# every boundary: the facts that tests/fixtures/summary/getsummary-format
# records, and that t8100 holds scripts/summary's formatter to.
#
#   sh tests/bench/getsummary-format.sh LMBENCH3-DIR >table
#
# For each value, a small lmbench 3 results file puts it in one column of
# each kind: made for width W and shown in C ("W C"; W = C but for TCP
# conn, the first uint64 cell and Rand mem) or an integer column ("i W").
# getsummary reads them all in one call; each output line is
#   W C VALUE |cell|        or        i W VALUE |cell|
# Not part of `make test` (it needs perl and an lmbench checkout; see
# getsummary-diff.sh).

[ $# -eq 1 ] || { echo 'usage: getsummary-format.sh LMBENCH3-DIR' >&2; exit 2; }
gs=$1/scripts/getsummary
[ -r "$gs" ] || { echo "getsummary-format.sh: no $gs" >&2; exit 2; }
top=$(cd "$(dirname "$0")/../.." && pwd) || exit 2

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gsfmt.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP
mkdir "$tmp/fmt"

# The values, as plain decimals (getsummary takes nothing else): mantissas
# times powers of ten from 1e-4 to 1e6, then the boundaries and 1e7 up.
LC_ALL=C awk 'BEGIN {
	n = split("1 1.05 1.2345 2.5 4.4449 5.55 9.87 9.949 9.9951 9.99951 9.999951", m, " ")
	for (e = -4; e <= 6; e++)
		for (i = 1; i <= n; i++) {
			s = m[i]
			# Move the point e places, in the text (no binary rounding).
			ip = s; fp = ""
			if (index(s, ".")) { ip = substr(s, 1, index(s, ".") - 1); fp = substr(s, index(s, ".") + 1) }
			d = ip fp
			p = length(ip) + e
			if (p <= 0) {
				z = ""
				for (k = 0; k < -p; k++) z = z "0"
				v = "0." z d
			} else if (p >= length(d)) {
				v = d
				for (k = length(d); k < p; k++) v = v "0"
			} else
				v = substr(d, 1, p) "." substr(d, p + 1)
			print v
		}
	print "0.001"; print "0.000999"; print "0.00099999"; print "10"
	print "9.995"; print "9.9949"; print "10000"; print "9999.95"
	print "9999.949"; print "99999.95"; print "999999.95"; print "9999999.95"
	print "10000000"; print "12345678.9"; print "99999999.9"
}' >"$tmp/values"

# Two files per value: one with the value in every number column (and
# tlb pages), one with it as the clock (Mhz; in the first it is fixed, as
# the Processor table prints it uncut, which would shift the row).
i=0
while IFS= read -r v
do
	i=$((i + 1))
	h=$(printf 'v%03d' "$i")
	cat >"$tmp/fmt/$h.0" <<EOF
[lmbench3.0 results for Linux $h 6.1.0 #1 SMP x86_64 GNU/Linux]
[SYNC_MAX: 1]
[MHZ: 3000 MHz, 0.3333 nanosec clock]
Simple syscall: $v microseconds
Pipe latency: $v microseconds
TCP/IP connection cost to localhost: $v microseconds
integer bit: $v nanoseconds
uint64 bit: $v nanoseconds
tlb: $v pages
"mappings
8.0 $v

Memory load latency
"stride=128
0.00098 1.0
0.12500 2.0
8.00000 3.0

Random load latency
"stride=16
8.00000 $v

EOF
	cat >"$tmp/fmt/m$h.0" <<EOF
[lmbench3.0 results for Linux m$h 6.1.0 #1 SMP x86_64 GNU/Linux]
[SYNC_MAX: 1]
[MHZ: $v MHz, 1.0000 nanosec clock]
tlb: 1 pages
EOF
	printf '%s %s\n' "$h" "$v" >>"$tmp/hosts"
done <"$tmp/values"

# shellcheck disable=SC2046 # the file names have no blanks
perl "$gs" $(sed "s|^\\([^ ]*\\) .*|$tmp/fmt/\\1.0|" "$tmp/hosts") >"$tmp/out" 2>/dev/null
# shellcheck disable=SC2046 # the file names have no blanks
perl "$gs" $(sed "s|^\\([^ ]*\\) .*|$tmp/fmt/m\\1.0|" "$tmp/hosts") >>"$tmp/out" 2>/dev/null
LC_ALL=C awk -v raw=1 -f "$top/tests/summary-cells.awk" "$tmp/out" >"$tmp/cells"

# table|column -> "W C" (or "i W")
LC_ALL=C awk -F '|' -v hosts="$tmp/hosts" '
	BEGIN {
		while ((getline l < hosts) > 0) { split(l, f, " "); V[f[1]] = f[2]; H[++n] = f[1] }
		K["proc|null-call"] = "4 4"
		K["local|Pipe"] = "5 5"
		K["int|bit"] = "6 6"
		K["filevm|Mmap-Latency"] = "7 7"
		K["local|TCP-conn"] = "5 4"
		K["uint64|bit"] = "6 5"
		K["mem|Rand-mem"] = "6 11"
		K["basic|tlb-pages"] = "i 5"
		K["basic|Mhz"] = "i 4"
		split("4 4,5 5,6 6,7 7,5 4,6 5,6 11,i 5,i 4", ORDER, ",")
	}
	{
		k = $1 "|" $3
		if (!(k in K))
			next
		h = $2
		sub(/#.*/, "", h)
		# The clock files: only their Mhz.
		if (h ~ /^m/) {
			if ($3 != "Mhz")
				next
			h = substr(h, 2)
		} else if ($3 == "Mhz")
			next
		t = substr($0, length($1 $2 $3) + 4)
		split(K[k], wc, " ")
		c = wc[2] + 0
		# A cell is right-aligned: its last c characters.
		if (length(t) > c)
			t = substr(t, length(t) - c + 1)
		CELL[K[k], h] = t
	}
	END {
		for (o = 1; o <= 9; o++)
			for (j = 1; j <= n; j++)
				if ((ORDER[o], H[j]) in CELL)
					printf "%s %s |%s|\n", ORDER[o], V[H[j]], CELL[ORDER[o], H[j]]
	}' "$tmp/cells"

#!/bin/sh
# tests/bench/getsummary-diff.sh - lmbench 3's own getsummary and our
# scripts/summary on the same results file, compared cell by cell.
#
#   sh tests/bench/getsummary-diff.sh LMBENCH3-DIR RESULTS-FILE
#
# LMBENCH3-DIR is a checkout of lmbench 3 (its scripts/getsummary is a perl
# script; perl is needed for it, not for latbw).  Get one with
#   git clone https://github.com/intel/lmbench /somewhere/lmbench3
# outside this repository: lmbench is GPL with extra terms, and nothing of
# it may be copied here.  Not part of `make test`, which cannot fetch it;
# t8820 keeps the agreement with cells getsummary printed once.
#
# Every cell of the tables both print is compared (Host, OS, Description
# and each figure; getsummary's uint64 table, which getsummary never prints
# for lmbench's own files, and our L3 column are left out), the blanks
# around a cell ignored.  Each differing cell is printed as
#   table|host#k|column: getsummary 'A' summary 'B'
# then a count.  getsummary is also run on the file twice in one call, as
# lmbench's "make see" runs it on many files: both rows must be the one it
# prints for the file alone, or a line of the file made it read a figure
# twice.  Exit status 0 when nothing differs, 1 otherwise, 2 on bad use.

usage() {
	echo 'usage: getsummary-diff.sh LMBENCH3-DIR RESULTS-FILE' >&2
	exit 2
}

[ $# -eq 2 ] || usage
lm=$1
file=$2
top=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
gs=$lm/scripts/getsummary
if [ ! -r "$gs" ]
then
	echo "getsummary-diff.sh: no $gs (not an lmbench 3 checkout?)" >&2
	usage
fi
if [ ! -f "$file" ] || [ ! -r "$file" ]
then
	echo "getsummary-diff.sh: $file: not a readable file" >&2
	usage
fi
command -v perl >/dev/null 2>&1 || {
	echo 'getsummary-diff.sh: perl is needed to run getsummary' >&2
	exit 2
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gsdiff.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM HUP

cells=$top/tests/summary-cells.awk

# getsummary names a row after the file's name and directory, as ours
# does: both read the file under its own path.
perl "$gs" "$file" >"$tmp/gs.out" 2>"$tmp/gs.err" || {
	echo "getsummary-diff.sh: getsummary failed:" >&2
	cat "$tmp/gs.err" >&2
	exit 2
}
sh "$top/scripts/summary" "$file" >"$tmp/ours.out" 2>"$tmp/ours.err"
LC_ALL=C awk -f "$cells" "$tmp/gs.out" >"$tmp/gs.cells"
LC_ALL=C awk -f "$cells" "$tmp/ours.out" >"$tmp/ours.cells"

# The same file twice in one call: two equal rows, equal to the one above.
perl "$gs" "$file" "$file" >"$tmp/gs2.out" 2>/dev/null
LC_ALL=C awk -f "$cells" "$tmp/gs2.out" >"$tmp/gs2.cells"

LC_ALL=C awk -F '|' -v gsfile="$tmp/gs.cells" -v twofile="$tmp/gs2.cells" '
	function key(t, r, c) { return t "|" r "|" c }
	BEGIN {
		while ((getline l < gsfile) > 0) {
			split(l, f, "|")
			if (f[1] == "uint64")
				continue
			t = f[1] == "mem3" ? "mem" : f[1]
			k = key(t, f[2], f[3])
			G[k] = substr(l, length(f[1] f[2] f[3]) + 4)
			if (!(k in ALL)) { ALL[k] = 1; ORD[++n] = k }
		}
		while ((getline l < twofile) > 0) {
			split(l, f, "|")
			if (f[1] == "uint64")
				continue
			T[key(f[1], f[2], f[3])] = substr(l, length(f[1] f[2] f[3]) + 4)
		}
	}
	$1 == "uint64" { next }
	$3 == "L3" { next }
	{
		t = $1 == "mem3" ? "mem" : $1
		k = key(t, $2, $3)
		O[k] = substr($0, length($1 $2 $3) + 4)
		if (!(k in ALL)) { ALL[k] = 1; ORD[++n] = k }
	}
	END {
		bad = 0
		for (i = 1; i <= n; i++) {
			k = ORD[i]
			if (G[k] != O[k]) {
				printf "%s: getsummary '\''%s'\'' summary '\''%s'\''\n", k, G[k], O[k]
				bad++
			}
		}
		twice = 0
		for (k in G) {
			split(k, f, "|")
			k2 = f[1] "|" f[2] "|" f[3]
			sub(/#1\|/, "#2|", k2)
			if (T[k] != G[k] || T[k2] != G[k]) {
				printf "%s: getsummary alone '\''%s'\'', with the file twice '\''%s'\'' and '\''%s'\''\n", k, G[k], T[k], T[k2]
				twice++
			}
		}
		printf "%d differing cells of %d compared", bad, n
		printf "; %d cells that change when getsummary reads the file twice\n", twice
		exit (bad + twice > 0)
	}' "$tmp/ours.cells"

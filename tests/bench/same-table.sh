#!/bin/sh
# tests/bench/same-table.sh - does the same table come out twice?
#
#   sh tests/bench/same-table.sh FILE FILE [FILE...]
#   sh tests/bench/same-table.sh --run N [KEY=VALUE...]
#
# The first form compares results files of one machine (several runs of
# make results): every numeric cell of the LMBENCH tables that scripts/summary
# prints for each file, against the median of that cell over the files.
# The second runs the driver N times back to back first (N >= 2; the
# second run with one CPU kept busy by a spinning shell, as on a shared
# box), each into a scratch results directory, then compares those files;
# KEY=VALUE pairs go to the driver's environment (QUICK=1, MB=64, ...).
# SAME_TABLE_KEEP=DIR (environment) keeps the compared results files
# there (DIR/run1, run2, ...), to read their rounds afterwards.
# It runs benchmarks: hold the machine's test lock,
#   flock /tmp/latbw.lock sh tests/bench/same-table.sh --run 3
#
# A cell passes when every file's value is within 10 % of the cell's
# median (5 % for the Processor, Processes row and the basic operation
# tables, as issue 10 asks).  Printed: each run's wall time (--run), the
# host's steal during each run (STEAL_RUN), the cells compared, how many
# are outside (and how many of those by no more than the tolerance and
# the last digit the cell shows, marked OUT~: 0.13 and 0.14 are 7.7 %
# apart in a cell of 2 decimals, though the figures may be within 5 %),
# each file's median cell against the cells' medians as a
# time (1.15: that run was 15 % slower across the board, a host that
# changed speed rather than a figure that wanders), then the worst cells
# first:
# table, column, deviation, the largest value over the smallest, the
# values; and how many cells' runs are further apart than the tolerance
# (largest over smallest: with two files, about twice the deviation).  Cells that are blank in some
# files are counted apart.  Exit status: 0 all within, 1 some outside,
# 2 bad arguments.

usage() {
	echo "usage: same-table.sh FILE FILE [FILE...] | --run N [KEY=VALUE...]" >&2
	exit 2
}

top=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/latbw-same.XXXXXX") || exit 2
spin=
# shellcheck disable=SC2317 # called by the trap
cleanup() {
	[ -z "$spin" ] || kill "$spin" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

[ "$#" -ge 1 ] || usage
if [ "$1" = --run ]
then
	[ "$#" -ge 2 ] || usage
	n=$2
	shift 2
	case $n in
	'' | *[!0-9]*) usage ;;
	esac
	[ "$n" -ge 2 ] || usage
	for kv in "$@"
	do
		case $kv in
		[A-Z]*=*) ;;
		*) usage ;;
		esac
	done
	(cd "$top" && make -s all) >/dev/null || exit 2
	i=1
	while [ "$i" -le "$n" ]
	do
		if [ "$i" = 2 ]
		then
			sh -c 'while :; do :; done' &
			spin=$!
		fi
		start=$(date +%s)
		env "$@" RESULTS_DIR="$tmp/res$i" LATBW_SAVED_CONFIG="$tmp/saved$i" \
			sh "$top/scripts/latbw-run" >"$tmp/run$i.out" 2>"$tmp/run$i.err"
		rc=$?
		end=$(date +%s)
		busy=quiet
		[ -z "$spin" ] || busy="one CPU busy"
		printf 'run %d (%s): exit status %d, %d:%02d\n' "$i" "$busy" "$rc" \
			$(((end - start) / 60)) $(((end - start) % 60))
		if [ -n "$spin" ]
		then
			kill "$spin" 2>/dev/null
			wait "$spin" 2>/dev/null
			spin=
		fi
		i=$((i + 1))
	done
	set --
	for f in "$tmp"/res*/*/*.[0-9]*
	do
		[ -f "$f" ] && set -- "$@" "$f"
	done
	[ "$#" -ge 2 ] || { echo "same-table.sh: fewer than two results files were written" >&2; exit 1; }
fi
[ "$#" -ge 2 ] || usage
if [ -n "${SAME_TABLE_KEEP:-}" ]
then
	mkdir -p "$SAME_TABLE_KEEP" || exit 2
	k=1
	for f in "$@"
	do
		cp "$f" "$SAME_TABLE_KEEP/run$k" || exit 2
		k=$((k + 1))
	done
	echo "results files kept in $SAME_TABLE_KEEP"
fi

# The host's share of the CPUs during each run (the driver's STEAL_RUN):
# on a virtual machine the slowest run of three was the one with the
# most stolen (2026-12 AMD guest: 0.98/1.18/3.32 % and 0.78/1.25/1.75 %).
steal=
for f in "$@"
do
	s=$(sed -n 's/^\[STEAL_RUN: \(.*\)\]$/\1/p' "$f" 2>/dev/null | sed -n 1p)
	steal="$steal ${s:--}"
done
echo "steal during each run (STEAL_RUN, file order):$steal"

k=0
for f in "$@"
do
	[ -r "$f" ] || { echo "same-table.sh: cannot read $f" >&2; usage; }
	k=$((k + 1))
	sh "$top/scripts/summary" "$f" 2>/dev/null |
		LC_ALL=C awk -f "$top/tests/summary-cells.awk" |
		sed "s/^/$k|/" >>"$tmp/cells"
done

LC_ALL=C awk -F'|' -v nfiles="$k" '
# digits("10.4K"): "10.4", with MULT set to its multiplier (1000).
function digits(t) {
	sub(/^[ \t]+/, "", t)
	sub(/[^0-9.KMG]+$/, "", t)
	MULT = 1
	if (t ~ /K$/) MULT = 1e3
	else if (t ~ /M$/) MULT = 1e6
	else if (t ~ /G$/) MULT = 1e9
	sub(/[KMG]$/, "", t)
	return t
}
# "10.4K" -> 10400; "" or text -> "" (not a number).
function value(t) {
	t = digits(t)
	if (t !~ /^([0-9]+\.?[0-9]*|\.[0-9]+)$/) return ""
	return t * MULT
}
# The unit of the last digit "10.4K" shows: 100 ("0.13": 0.01; "13.K": 1000).
# Two figures equal to within the tolerance can be written a digit
# apart (0.1349 and 0.1351 are 0.13 and 0.14, 7.7 %), which no figure of
# a 4-character cell can help.
function step(t,    d) {
	t = digits(t)
	d = index(t, ".") ? length(t) - index(t, ".") : 0
	return MULT / 10 ^ d
}
function median(a, n,    i, j, t) {
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
			t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
		}
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function tol_of(key,    tab) {
	tab = key
	sub(/\|.*/, "", tab)
	return (tab == "proc" || tab == "int" || tab == "uint64" || tab == "float" || tab == "double") ? 0.05 : 0.10
}
{
	# file|table|host#k|column|text
	if ($4 == "Host" || $4 == "OS" || $4 == "Description") next
	key = $2 "|" $4 (($3 ~ /#1$/) ? "" : " (" $3 ")")
	if (!(key in order)) { order[key] = ++nkeys; keys[nkeys] = key }
	v = value($5)
	txt[key] = txt[key] (txt[key] == "" ? "" : " ") ($5 == "" ? "-" : $5)
	if (v == "") { blank[key]++; next }
	vals[key, ++nv[key]] = v
	steps[key, nv[key]] = step($5)
}
END {
	for (i = 1; i <= nkeys; i++) {
		key = keys[i]
		if (nv[key] < nfiles) {
			if (nv[key] > 0 || blank[key] < nfiles) partial++
			continue
		}
		split("", a)
		for (j = 1; j <= nv[key]; j++) a[j] = vals[key, j]
		m = median(a, nv[key])
		worst = 0
		digit = 1
		lo = hi = vals[key, 1]
		for (j = 1; j <= nv[key]; j++) {
			if (vals[key, j] < lo) lo = vals[key, j]
			if (vals[key, j] > hi) hi = vals[key, j]
			d = m > 0 ? (vals[key, j] - m) / m : 0
			if (d < 0) d = -d
			if (d > worst) worst = d
			e = vals[key, j] - m
			if (e < 0) e = -e
			if (m > 0 && e > m * tol_of(key) + steps[key, j])
				digit = 0
		}
		tab = key; sub(/\|.*/, "", tab)
		# Each file'"'"'s cells against their medians, as times (a
		# bandwidth inverted): a host that was slower for a whole run
		# moves them all one way.
		if (tab != "basic" && m > 0)
			for (j = 1; j <= nv[key]; j++)
				if (vals[key, j] > 0)
					rel[j, ++nrel[j]] = tab == "bw" ? m / vals[key, j] : vals[key, j] / m
		tol = tol_of(key)
		compared++
		mark = "ok"
		if (worst > tol) {
			mark = digit ? "OUT~" : "OUT"
			out++
			bydigit += digit
		}
		apart = lo > 0 ? hi / lo : 0
		if (lo > 0 && apart > 1 + tol)
			wide++
		printf "%.4f|%s|%s|%s|%s\n", worst, mark, key, txt[key], \
		    (lo > 0 ? sprintf("%.2f", apart) : "-") > "/dev/stderr"
	}
	printf "%d cells compared over %d files; %d outside their tolerance (10 %%, 5 %% for the Processor row and the op tables); %d filled in some files only\n", compared, nfiles, out, partial
	printf "%d of those (OUT~) by no more than the tolerance and the last digit the cell shows (0.13 and 0.14, 7.7 %% apart, may be figures within 5 %%)\n", bydigit
	printf "%d cells whose largest value is more than 1 + their tolerance times their smallest (the runs against each other, not against the median)\n", wide
	printf "each file'"'"'s median cell against the cells'"'"' medians, as a time (over 1: slower; file order):"
	for (j = 1; j <= nfiles; j++) {
		split("", a)
		for (i = 1; i <= nrel[j]; i++) a[i] = rel[j, i]
		printf " %s", (nrel[j] > 0 ? sprintf("%.3f", median(a, nrel[j])) : "-")
	}
	printf "\n"
	exit out > 0
}' "$tmp/cells" 2>"$tmp/rows"
rc=$?
echo "worst cells (deviation from the cell's median; largest/smallest; values in file order):"
sort -t'|' -k1,1nr "$tmp/rows" | head -20 |
	awk -F'|' '{ printf "  %-4s %5.1f %%  x%-5s %-7s %-14s %s\n", $2, $1 * 100, $6, $3, $4, $5 }'
exit "$rc"

#!/bin/sh
# tests/bench/procs-per-test.sh - how many processes each test file starts.
#
#   flock /tmp/latbw.lock sh tests/bench/procs-per-test.sh [PREFIX...]
#
# Runs the test files (those whose names start with a PREFIX: t00 t9300;
# default all) one after the other, each alone, and prints for each the
# processes created while it ran (the "processes" count of /proc/stat:
# every fork, with or without an exec, system-wide, so run it on a quiet
# machine with nothing else going), its wall time, and its name, most
# processes first, then the sum.  Process creation is the part of make
# test whose cost follows the machine: a fork and exec took 0.58 ms on
# a Zen 4 guest and 1.9-2.1 ms on a Zen 5 one (issue 37), and a run
# makes about 60,000.  Linux only (without /proc/stat it says so and
# exits 0).  make first: the files run the programs in build/bin.

me=procs-per-test.sh
if ! grep -q '^processes ' /proc/stat 2>/dev/null
then
	echo "$me: skipped: no /proc/stat with a processes line here" >&2
	exit 0
fi
dir=$(cd "$(dirname "$0")/.." && pwd) || exit 2
[ -x "$dir/../build/bin/lat_syscall" ] || {
	echo "$me: no build/bin/lat_syscall: run make first" >&2
	exit 2
}
forks() {
	awk '$1 == "processes" { print $2 }' /proc/stat
}
now() {
	date +%s.%N
}
out=$(mktemp "${TMPDIR:-/tmp}/latbw-procs.XXXXXX") || exit 2
trap 'rm -f "$out" "$out.log"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# The cost of measuring: the same reads around an empty command.
p0=$(forks)
t0=$(now)
:
t1=$(now)
p1=$(forks)
base=$((p1 - p0))
for t in "$dir"/t*.sh
do
	n=${t##*/}
	n=${n%.sh}
	if [ $# -gt 0 ]
	then
		want=no
		for w
		do
			case $n in
			"$w"*) want=yes ;;
			esac
		done
		[ "$want" = yes ] || continue
	fi
	p0=$(forks)
	t0=$(now)
	sh "$t" >"$out.log" 2>&1
	rc=$?
	t1=$(now)
	p1=$(forks)
	awk -v p=$((p1 - p0 - base)) -v a="$t0" -v b="$t1" -v n="$n" -v rc="$rc" \
		'BEGIN { printf "%7d %7.2f s  %s%s\n", p, b - a, n, (rc ? "  (failed)" : "") }'
done >"$out"
if [ ! -s "$out" ]
then
	echo "$me: no test file starts with: $*" >&2
	echo "usage: $me [PREFIX...]" >&2
	exit 2
fi
echo "processes    wall  file (each alone, one after the other)"
sort -k1,1nr "$out"
awk '{ p += $1; s += $2 } END { printf "%7d %7.2f s  all %d files\n", p, s, NR }' "$out"

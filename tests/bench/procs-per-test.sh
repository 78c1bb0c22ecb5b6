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
# processes first, then the sum.  Where `perf stat -a` can count (root,
# or a low perf_event_paranoid), it gives the programs started (execs),
# system calls and page faults of each file too, system-wide, with
# perf's own subtracted.
# Process creation is the part of make test whose cost follows the
# machine: a fork and exit took 0.12-0.14 ms and a fork and exec
# 0.58-0.65 ms on a Zen 4 guest, 0.67-0.78 and 1.9-2.1 ms on a Zen 5 one
# (issue 37), whose system calls took 0.96 us against 0.17.  Linux only
# (without /proc/stat it says so and exits 0).  make first: the files
# run the programs in build/bin.

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
trap 'rm -f "$out" "$out.log" "$out.perf"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# counted COMMAND...: COMMAND, under perf stat where it counts.
# counted COMMAND...: COMMAND, under perf stat where it counts.
events=sched:sched_process_exec,raw_syscalls:sys_enter,page-faults
perf=no
perf stat -a -x, -e "$events" -o "$out.perf" true >/dev/null 2>&1 &&
	grep -q 'raw_syscalls' "$out.perf" && perf=yes
counted() {
	if [ "$perf" = yes ]
	then
		perf stat -a -x, -e "$events" -o "$out.perf" -- "$@"
	else
		: >"$out.perf"
		"$@"
	fi
}
# perf_counts: "EXECS SYSCALLS FAULTS" of the last counted command, a
# "-" for each that was not counted.
perf_counts() {
	awk -F, '$3 ~ /process_exec/ { e = $1 } $3 ~ /raw_syscalls/ { s = $1 }
		$3 == "page-faults" { f = $1 }
		function or_dash(x) { return x == "" ? "-" : x }
		END { print or_dash(e), or_dash(s), or_dash(f) }' "$out.perf"
}
# The cost of measuring: the same reads around an empty command.
p0=$(forks)
t0=$(now)
counted true
t1=$(now)
p1=$(forks)
base=$((p1 - p0))
base_c=$(perf_counts)
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
	counted sh "$t" >"$out.log" 2>&1
	rc=$?
	t1=$(now)
	p1=$(forks)
	awk -v p=$((p1 - p0 - base)) -v a="$t0" -v b="$t1" -v n="$n" -v rc="$rc" \
		-v c="$(perf_counts)" -v bc="$base_c" '
		function less(x, y) { return (x == "-" || y == "-") ? "-" : x - y }
		BEGIN { split(c, v, " "); split(bc, w, " ")
			printf "%7d %7s %9s %8s %7.2f s  %s%s\n", p, less(v[1], w[1]),
				less(v[2], w[2]), less(v[3], w[3]), b - a, n,
				(rc ? "  (failed)" : "") }'
done >"$out"
if [ ! -s "$out" ]
then
	echo "$me: no test file starts with: $*" >&2
	echo "usage: $me [PREFIX...]" >&2
	exit 2
fi
[ "$perf" = yes ] ||
	echo "$me: no perf stat -a here: execs, system calls and page faults not counted" >&2
echo "processes   execs  syscalls   faults    wall  file (each alone, one after the other)"
sort -k1,1nr "$out"
awk '{ p += $1; e += $2; s += $3; f += $4; w += $5 }
	END { printf "%7d %7d %9d %8d %7.2f s  all %d files\n", p, e, s, f, w, NR }' "$out"

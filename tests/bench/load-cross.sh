#!/bin/sh
# tests/bench/load-cross.sh - lat_mem_load's loaded latency against an
# independent measurement of the same thing.
#
#   flock /tmp/latbw.lock sh tests/bench/load-cross.sh [-M MB] [-H pages] [-r runs]
#
# The latbw figure: lat_mem_load -H pages -M MBm as make results runs it
# (no -C: the first CPU this process may run on chases, a loader on each
# of the others), its points at k = 0 and at k = the number of loaders.
# The other: latbw's lat_mem_rd chase (-o random, the same size and
# pages), pinned to that same first CPU, alone for k = 0, then with a
# separate streaming process (bw_mem -N 1000 512m rd, which reads a
# 512 MB buffer over and over) pinned to each other CPU for k = loaders.
# Each is measured -r times (default 3), alternately, and the medians are
# compared.  Defaults: -M 256 (MB), -H thp, as issue 32 measured.
#
# Printed: each run's figures, then one table: cell, latbw, other,
# ratio (latbw / other), verdict (ok within 0.8-1.25x, else OUT).
# Exit status: 0 every cell within, 1 some outside or a program failed,
# 2 bad arguments, 3 cannot run here (fewer than two CPUs, no timeout).
#
# Every program runs under timeout -k, in the process group timeout makes
# for it; the group is killed on every way out (the end, an error, ^C).

me=load-cross.sh
usage() {
	echo "usage: $me [-M MB] [-H small|thp|hugetlb] [-r runs]" >&2
	exit 2
}

mb=256
pages=thp
runs=3
while getopts M:H:r: opt
do
	case $opt in
	M) mb=$OPTARG ;;
	H) pages=$OPTARG ;;
	r) runs=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ "$#" -eq 0 ] || usage
case $mb in
'' | *[!0-9]* | 0*) usage ;;
esac
case $runs in
'' | *[!0-9]* | 0*) usage ;;
esac
case $pages in
small | thp | hugetlb) ;;
*) usage ;;
esac

command -v timeout >/dev/null 2>&1 || {
	echo "$me: no timeout command here: cannot bound the programs" >&2
	exit 3
}

top=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
# LATBW_BUILD: programs built elsewhere (as cross-check.sh takes them),
# used as they are; otherwise this tree's, brought up to date.
if [ -n "${LATBW_BUILD:-}" ]
then
	bin=$LATBW_BUILD/bin
	[ -x "$bin/lat_mem_load" ] || {
		echo "$me: no $bin/lat_mem_load (LATBW_BUILD)" >&2
		exit 2
	}
else
	bin=$top/build/bin
	(cd "$top" && make -s all) >/dev/null || exit 2
fi

# The CPUs this process may run on, one a line, as the programs see them.
cpus=$(awk '$1 == "Cpus_allowed_list:" {
	n = split($2, part, ",")
	for (i = 1; i <= n; i++) {
		if (split(part[i], r, "-") == 2)
			for (c = r[1]; c <= r[2]; c++)
				print c
		else
			print part[i]
	}
}' /proc/self/status 2>/dev/null)
ncpu=$(printf '%s\n' "$cpus" | grep -c '^[0-9]')
if [ "$ncpu" -lt 2 ]
then
	echo "$me: fewer than two CPUs to run on here: no loaded latency to check" >&2
	exit 3
fi
first=$(printf '%s\n' "$cpus" | sed -n 1p)
others=$(printf '%s\n' "$cpus" | sed 1d)
k=$((ncpu - 1))

tmp=$(mktemp -d "${TMPDIR:-/tmp}/latbw-load-cross.XXXXXX") || exit 2
groups=

# lc_kill PID...: the process groups led by these timeout processes
# (timeout makes its own), TERM, then KILL for what is left after 5 s,
# then reaped.  The PID itself too, in case it had no group yet.
lc_kill() {
	for p in "$@"
	do
		kill -TERM -- "-$p" 2>/dev/null || kill -TERM "$p" 2>/dev/null
	done
	i=0
	for p in "$@"
	do
		while kill -0 -- "-$p" 2>/dev/null && [ "$i" -lt 50 ]
		do
			sleep 0.1
			i=$((i + 1))
		done
		kill -KILL -- "-$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	return 0
}

# lc_forget PID: no longer one of the groups to kill on the way out.
lc_forget() {
	# shellcheck disable=SC2086 # a list of PIDs
	groups=$(printf '%s\n' $groups | grep -vx "$1" | tr '\n' ' ')
}

# shellcheck disable=SC2317 # called by the trap
lc_cleanup() {
	# shellcheck disable=SC2086 # a list of PIDs
	[ -z "$groups" ] || lc_kill $groups
	rm -rf "$tmp"
}
trap lc_cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# lc_run NAME SECS PROG ARGS: PROG under timeout -k, its standard error in
# $tmp/NAME, waited for (in the background, so that a signal to this
# script is taken at once and the trap kills the group).
lc_run() {
	lc_name=$1
	lc_secs=$2
	lc_prog=$3
	shift 3
	timeout -k 5 "$lc_secs" "$bin/$lc_prog" "$@" >/dev/null 2>"$tmp/$lc_name" &
	lc_pid=$!
	groups="$groups $lc_pid"
	wait "$lc_pid"
	lc_rc=$?
	lc_forget "$lc_pid"
	[ "$lc_rc" = 0 ] && return 0
	echo "$me: $lc_prog $* failed (status $lc_rc):" >&2
	sed 's/^/  /' "$tmp/$lc_name" >&2
	return 1
}

# lc_point FILE TITLE X: the y of point X in the series TITLE of FILE.
lc_point() {
	awk -v t="$2" -v x="$3" '
		index($0, "\"" t) == 1 { s = 1; next }
		/^$/ { s = 0 }
		s && /^[0-9]/ && $1 + 0 == x + 0 { print $2; exit }' "$1"
}

# lc_how FILE TITLE X: the spread and the samples set aside (preempted) of
# point X in the series TITLE of FILE, from its statistics line.
lc_how() {
	awk -v t="$2" -v x="$3" '
		index($0, "\"" t) == 1 { s = 1; next }
		/^$/ { s = 0 }
		s && /^[0-9]/ && $1 + 0 == x + 0 { p = 1; next }
		p && /^\[latbw-stat / {
			for (i = 2; i <= NF; i++)
				if ($i ~ /^(spread|preempted)=/)
					printf "%s%s", n++ ? " " : "", $i
			exit
		}' "$1"
}

# lc_median FILE: the median of the numbers in FILE, one a line.
lc_median() {
	sort -n "$1" | awk '{ v[NR] = $1 }
		END { if (NR == 0) exit 1
		      if (NR % 2) print v[(NR + 1) / 2]
		      else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "$me: chase on CPU $first, $k loader(s) on CPU(s) $(echo "$others" | tr '\n' ' ')-M ${mb}m -H $pages, $runs run(s)"
: >"$tmp/l0"
: >"$tmp/lk"
: >"$tmp/q"
: >"$tmp/o"
r=1
while [ "$r" -le "$runs" ]
do
	lc_run load 600 lat_mem_load -H "$pages" -M "${mb}m" || exit 1
	l0=$(lc_point "$tmp/load" "loaded latency" 0)
	lk=$(lc_point "$tmp/load" "loaded latency" "$k")
	bw=$(lc_point "$tmp/load" "loaded bandwidth" "$k")
	if [ -z "$l0" ] || [ -z "$lk" ]
	then
		echo "$me: lat_mem_load printed no point at k = 0 or $k:" >&2
		cat "$tmp/load" >&2
		exit 1
	fi

	lc_run quiet 600 lat_mem_rd -C "$first" -o random -H "$pages" "$mb" || exit 1
	q=$(lc_point "$tmp/quiet" "" "$mb")

	streamers=
	for c in $others
	do
		timeout -k 5 600 "$bin/bw_mem" -C "$c" -N 1000 512m rd \
			>/dev/null 2>"$tmp/stream$c" &
		streamers="$streamers $!"
		groups="$groups $!"
	done
	# Each has its buffer and streams before the chase begins.
	sleep 2
	lc_run loaded 600 lat_mem_rd -C "$first" -o random -H "$pages" "$mb" || exit 1
	o=$(lc_point "$tmp/loaded" "" "$mb")
	for p in $streamers
	do
		kill -0 "$p" 2>/dev/null && continue
		echo "$me: a streaming bw_mem ended before the chase did:" >&2
		cat "$tmp"/stream* >&2
		exit 1
	done
	# shellcheck disable=SC2086 # a list of PIDs
	lc_kill $streamers
	for p in $streamers
	do
		lc_forget "$p"
	done
	if [ -z "$q" ] || [ -z "$o" ]
	then
		echo "$me: lat_mem_rd printed no point at $mb MB" >&2
		exit 1
	fi

	echo "run $r: lat_mem_load k=0 $l0 ns ($(lc_how "$tmp/load" "loaded latency" 0)), k=$k $lk ns ($(lc_how "$tmp/load" "loaded latency" "$k"); loaders ${bw:-?} MB/s)"
	echo "       lat_mem_rd alone $q ns ($(lc_how "$tmp/quiet" "" "$mb")), with $k streamer(s) $o ns ($(lc_how "$tmp/loaded" "" "$mb"))"
	echo "$l0" >>"$tmp/l0"
	echo "$lk" >>"$tmp/lk"
	echo "$q" >>"$tmp/q"
	echo "$o" >>"$tmp/o"
	r=$((r + 1))
done

printf '\n%-32s %10s %10s %7s  %s\n' cell latbw other ratio verdict
{
	printf 'loaded latency k=0 (ns)\t%s\t%s\n' "$(lc_median "$tmp/l0")" \
		"$(lc_median "$tmp/q")"
	printf 'loaded latency k=%s (ns)\t%s\t%s\n' "$k" \
		"$(lc_median "$tmp/lk")" "$(lc_median "$tmp/o")"
} | awk -F '\t' '
	{
		ratio = $3 > 0 ? $2 / $3 : 0
		ok = ratio >= 0.8 && ratio <= 1.25
		bad += !ok
		printf "%-32s %10.2f %10.2f %7.3f  %s\n", $1, $2, $3, ratio,
			ok ? "ok" : "OUT (not within 0.8-1.25x)"
	}
	END { exit bad > 0 }'

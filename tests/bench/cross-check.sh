#!/bin/sh
# tests/bench/cross-check.sh - every cell of summary's tables against a
# second measurement of the same operation, under the same placement.
#
#   LMBENCH3=DIR sh tests/bench/cross-check.sh [-k ROWS] [SECTION...]
#
# SECTION is one of: basic proc ops ctx comm net filevm bw mem cache c2c
# scaling load mlp (default: all of them, in that order).  Each measures
# its cells twice: with latbw's programs (build/bin, run as the driver
# runs them: "one" and "same" steps on CPU A, "cross" and "pair" steps on
# CPUs A and B) and with the other, which is lmbench 3's program where
# lmbench has the benchmark (pinned with taskset to the same CPUs), and
# otherwise a second method:
#   basic Mhz      besides lmbench's mhz: the kernel's "cpu MHz" in
#                  /proc/cpuinfo
#   tlb, line      besides lmbench's: CPUID's L1 data TLB (tests/bench/
#                  xc-cpuid.c, x86 only), a chase of our own with a rule
#                  of its own (tests/bench/xc-tlb.c), and sysfs's
#                  coherency_line_size
#   c2c pipe       lat_pipe -C a (diagonal) and lat_pipe -C a,b, each
#                  right after a lat_c2c run, C2C_TRIES (7) times: the
#                  row is the pair whose ratio is the median
#   c2c cas        none: no second tool makes a CAS round trip (named)
#   scaling        N single runs (one -C i copy per CPU, at the same time),
#                  their operations per second summed; three times,
#                  alternately with the curve, the median-ratio run
#   load           tests/bench/load-cross.sh: lat_mem_rd's chase with a
#                  separate bw_mem rd streamer pinned to each other CPU
#   mlp            k=1: lat_mem_rd's random chase on the same pages; k
#                  chases and the best parallelism: tests/bench/xc-chase.c
#                  with KMAX (k pointers in step on one random cycle);
#                  the best parallelism also lmbench's par_mem
#   mem par        besides lmbench's: xc-chase.c's KMAX mode
#   Bcopy          besides lmbench's fcp and bcopy: tests/bench/xc-copy.c,
#                  a copy loop of its own and libc's memcpy (rows
#                  "CELL [xc-copy]")
#   mem            besides lmbench's: the same random chase by
#                  tests/bench/xc-chase.c (rows "CELL [xc-chase]")
#   cache sizes    the sizes sysfs reports (cpu0/cache/index*)
#   net            UDP, TCP, TCP connect and TCP bandwidth once more with
#                  tests/bench/xc-net.c, a client and server of its own
#                  (rows "CELL [xc-net]"), beside latbw's run again
# The local and cross-CPU communication cells and the socket, pipe and
# AF_UNIX bandwidths come from tests/bench/lmbench3-placement.sh (three
# rounds, latbw and lmbench alternating, REPS samples; each suite's
# median), whose header names its own placements.
#
# LMBENCH3 is lmbench 3's checkout (its bin/<os> is found under it) or
# that bin directory; unset or missing: the script says why and exits 0
# (skipped).  MB (default: as the driver chooses it from the L3 that
# sysfs reports, else 64) is the size of the memory sweeps; REPS (default
# 3) the samples of each run (-N, both suites; lat_ctx: CTX_REPS, 11);
# TMO (default 120) the time bound of each program.  RAW=FILE: every
# program's command line and output are added to FILE, for reading a
# row's figures again.
#
# Hold the benchmark lock while it measures, a section or a few at a
# time so that others get the lock between them, with the same -k file:
#   for s in basic proc ops ctx comm net filevm bw mem cache c2c scaling load mlp
#   do flock /tmp/latbw.lock sh tests/bench/cross-check.sh -k /tmp/rows $s
#   done
#   sh tests/bench/cross-check.sh -k /tmp/rows -p     (the table only)
# -k ROWS keeps the measured rows in ROWS (added to, never cleared); -p
# prints the table of ROWS and measures nothing.  Without -k the rows
# live in a temporary directory and the table follows the measurement.
#
# The table: cell, latbw, other, ratio (latbw/other), verdict: ok within
# 0.8-1.25x, "def: ..." outside it where the two measure by definition
# different things (named in definition() below, with what was found),
# OUT outside it otherwise, "-" where either side has no figure (why).
# A section with an OUT row is measured again, whole, AGAIN (default 2)
# more times, and each of its OUT rows becomes the run whose ratio is
# the median of its runs, with every run's ratio after its verdict
# ("runs 1.310 1.021 1.046"): the two sides of a row are measured
# seconds or minutes apart, and this host's moments move a loopback
# bandwidth or an L3-sized chase by a third (issue 32), while a real
# difference shows in every run.  AGAIN=0: never again.
# Exit status 0 when no row is OUT, 1 otherwise, 2 bad use.
#
# Every program runs under timeout -k 5 TMO in the process group timeout
# makes for it, and the group is killed after the program ends (lmbench's
# lat_mem_rd under load left a spinning child), on errors and on ^C.

me=cross-check.sh
usage() {
	echo "usage: $me [-k ROWS] [-p] [basic|proc|ops|ctx|comm|net|filevm|bw|mem|cache|c2c|scaling|load|mlp]..." >&2
	exit 2
}

keep=
print_only=0
while getopts k:ph opt
do
	case $opt in
	k) keep=$OPTARG ;;
	p) print_only=1 ;;
	h)
		sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"
		exit 0
		;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
all="basic proc ops ctx comm net filevm bw mem cache c2c scaling load mlp"
for s in "$@"
do
	case " $all " in
	*" $s "*) ;;
	*)
		echo "$me: no section $s" >&2
		usage
		;;
	esac
done
# shellcheck disable=SC2086 # the list of sections
[ $# -gt 0 ] || set -- $all
REPS=${REPS:-3}
TMO=${TMO:-120}
AGAIN=${AGAIN:-2}
for v in "$REPS" "$TMO"
do
	case $v in
	'' | *[!0-9]* | 0*)
		echo "$me: REPS and TMO are whole numbers above 0" >&2
		usage
		;;
	esac
done
case $AGAIN in
[0-9]) ;;
*)
	echo "$me: AGAIN is a whole number, 0 to 9" >&2
	usage
	;;
esac

# definition CELL: the documented difference of definition that explains
# a ratio outside 0.8-1.25 for CELL (empty: none known; the row is OUT).
definition() {
	case $1 in
	'int add' | 'int64 add')
		echo "lmbench's add loop is folded by its compiler: it prints 0.00 ns" ;;
	'tlb pages')
		echo "lmbench's tlb: the first count 15% over its chase in cached lines (31-47 in 3 runs); latbw's: the last at L1 latency (-v)" ;;
	'int bit' | 'int64 bit')
		echo "lmbench's r^=i; s^=r; r|=s is compiled to 2 dependent ops (r|(s^r) = r|s), counted as 3" ;;
	'comm TCP conn' | 'cross TCP conn')
		echo "lmbench's client neither waits for accept nor FIN (lmbench3-placement.sh)" ;;
	'comm RPC/UDP' | 'comm RPC/TCP' | 'cross RPC/UDP' | 'cross RPC/TCP')
		echo "lmbench's client is libtirpc's: a poll and two sigprocmask more per call (lmbench3-placement.sh)" ;;
	'bw TCP')
		echo "lmbench fixes 1 MB socket buffers; latbw leaves them to autotuning (lmbench3-placement.sh)" ;;
	'0k File Create' | '10k File Create')
		echo "lmbench creates just after deleting its last sample's files, unsynced; latbw syncs, a fresh dir (tmpfs: both ~250k/s)" ;;
	'0k File Delete' | '10k File Delete')
		echo "lmbench's directories hold 100 files, latbw's 1000 (latbw -n 100: 190k/s, lmbench 215-223k/s; tmpfs: both 0.3-0.6M/s)" ;;
	'mem L3 $ ('* | 'mem main $ ('*)
		echo "latbw's summary curve is on huge pages (-H thp), lmbench's on 4 KB pages: a page walk per load (see [xc-chase])" ;;
	'cache L3 measured')
		echo "sysfs gives the host's whole L3; a guest's chase keeps L3 latency only up to its share of it (the mem rows: memory latency at half the sysfs size)" ;;
	'Mem read' | 'Mem write')
		echo "lmbench's frd/fwr: scalar 4-byte words (frd one chain of adds), core-bound; latbw's 16-byte vectors (see [lmbench rd/wr])" ;;
	'Mmap reread')
		echo "lmbench's bread sums 8-byte words in one chain of adds (12.3K MB/s here, its own bw_mem rd 15.9K); latbw's is bw_mem rd's kernel (17.1K, bw_mem rd 18.9K: see Mem read [lmbench rd])" ;;
	'Bcopy (hand)')
		echo "lmbench's fcp: a scalar 4-byte word a load and a store; latbw's 16-byte vectors (see [xc-copy])" ;;
	'c2c cas 0-1')
		echo "no second tool makes a compare-and-swap round trip on one line" ;;
	'Mhz [cpuinfo]')
		echo "without a cpufreq driver (a guest), the kernel's cpu MHz is the TSC's rate, not the clock a loop runs at (see Mhz: lmbench's mhz)" ;;
	'mem par' | 'mlp best parallelism')
		echo "lmbench's chains visit every 128-byte line of a 4 KB page before the next page (lib_mem.c), latbw's one random cycle of lines (see [xc-chase])" ;;
	*) ;;
	esac
}

# What awk takes for a figure, and the band a row's ratio must lie in:
# print_table's and out_cells's alike.
awk_num='function num(s) { return s ~ /^[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/ }'
awk_in_band='function in_band(r) { return r >= 0.8 && r <= 1.25 }'

# print_table ROWS: the table, its exit status 1 when a row is OUT.  The
# differences of definition are today's (definition()), not those known
# when a row was measured.
print_table() {
	printf '%-26s %12s %12s %7s  %s\n' cell latbw other ratio verdict
	cut -f 1 "$1" | sort -u | while IFS= read -r pt_cell
	do
		printf '%s\t%s\n' "$pt_cell" "$(definition "$pt_cell")"
	done >"${TMPDIR:-/tmp}/latbw-cross-defs.$$"
	awk -F '\t' "$awk_num
		$awk_in_band"'
		FNR == NR { def[$1] = $2; next }
		{
			cell = $1; o = $2; t = $3; $4 = def[cell]
			if (!num(o) || !num(t) || t + 0 == 0) {
				ratio = "-"
				verdict = "- (" (num(o) ? "" : "latbw: " o) \
				    (!num(o) && !num(t) ? "; " : "") \
				    (num(t) ? "" : "other: " t) ")"
				if (num(t) && t + 0 == 0) verdict = "- (other: 0)"
				if ($4 != "" && num(o) && (num(t) || t == "no second method"))
					verdict = "def: " $4
			} else {
				r = o / t
				ratio = sprintf("%.3f", r)
				if (in_band(r))
					verdict = "ok"
				else {
					verdict = "OUT"
					if ($4 != "")
						verdict = "def: " $4
					else
						bad++
				}
			}
			if ($5 != "")
				verdict = verdict " (" $5 ")"
			printf "%-26s %12s %12s %7s  %s\n", cell, num(o) ? o : "-", \
			    num(t) ? t : "-", ratio, verdict
		}
		END { exit bad > 0 }' "${TMPDIR:-/tmp}/latbw-cross-defs.$$" "$1"
	pt_rc=$?
	rm -f "${TMPDIR:-/tmp}/latbw-cross-defs.$$"
	return "$pt_rc"
}

if [ "$print_only" = 1 ]
then
	if [ -z "$keep" ] || [ ! -f "$keep" ]
	then
		echo "$me: -p needs -k ROWS, a file of rows" >&2
		usage
	fi
	print_table "$keep"
	exit
fi

skip() {
	echo "$me: skipped: $*" >&2
	exit 0
}
[ -n "${LMBENCH3:-}" ] || skip "LMBENCH3 is not set (lmbench 3's checkout or its bin/<os>)"
[ -d "$LMBENCH3" ] || skip "no directory $LMBENCH3 (LMBENCH3)"
if [ -x "$LMBENCH3/lat_syscall" ]
then
	lm=$LMBENCH3
else
	lm=$(find "$LMBENCH3/bin" -name lat_syscall -type f 2>/dev/null | head -n 1)
	[ -n "$lm" ] || skip "no built lmbench 3 under $LMBENCH3 (bin/*/lat_syscall)"
	lm=${lm%/lat_syscall}
fi
lm=$(cd "$lm" && pwd -P) || exit 2
# Without these, each lmbench program measures its timing and loop
# overheads first (tens of seconds under load); lmbench's own script
# sets them too (ENOUGH: a sample of 5 ms, as latbw's default -E).
ENOUGH=${ENOUGH:-5000} TIMING_O=${TIMING_O:-0} LOOP_O=${LOOP_O:-0}
export ENOUGH TIMING_O LOOP_O
for c in taskset timeout awk sort find
do
	command -v "$c" >/dev/null 2>&1 || skip "$c is needed"
done

top=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
bin=${LATBW_BUILD:-$top/build}/bin
[ -x "$bin/lat_syscall" ] || {
	echo "$me: no $bin/lat_syscall: run make first" >&2
	exit 2
}

# The CPUs: A the first this process may run on, B the next one.
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
a=$(printf '%s\n' "$cpus" | sed -n 1p)
b=$(printf '%s\n' "$cpus" | sed -n 2p)
[ -n "$a" ] || a=0

# The cache sizes sysfs reports (bytes; 0 unknown).
sysfs_cache() {
	for d in /sys/devices/system/cpu/cpu"$a"/cache/index*
	do
		[ -r "$d/level" ] || continue
		t=$(cat "$d/type")
		[ "$t" = Instruction ] && continue
		printf '%s %s\n' "$(cat "$d/level")" "$(cat "$d/size")"
	done | awk -v want="$1" '$1 == want {
		s = $2; m = 1
		if (s ~ /K$/) m = 1024
		if (s ~ /M$/) m = 1048576
		sub(/[KM]$/, "", s)
		print s * m; found = 1; exit }
		END { if (!found) print 0 }'
}
l1=$(sysfs_cache 1)
l2=$(sysfs_cache 2)
l3=$(sysfs_cache 3)
# MB as the driver chooses it (latbw-config.sh): 4 times the L3, above
# 1 GB twice it and at least 1 GB, at most an eighth of the memory.
if [ -z "${MB:-}" ]
then
	MB=64
	if [ "$l3" -gt 0 ]
	then
		MB=$((4 * l3 / 1048576))
		if [ "$MB" -gt 1024 ]
		then
			MB=$((2 * l3 / 1048576))
			[ "$MB" -lt 1024 ] && MB=1024
		fi
	fi
	MB=$(awk -v mb="$MB" '$1 == "MemAvailable:" {
		cap = 1
		while (cap * 2 <= $2 / 1024 / 8) cap *= 2
		if (mb > cap) mb = cap
	} END { print mb }' /proc/meminfo)
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/latbw-cross-check.XXXXXX") || exit 2
rows=${keep:-$tmp/rows}
touch "$rows" || exit 2
cur=
xs=
hello_made=0
# shellcheck disable=SC2317 # called by the trap
cleanup() {
	[ -n "$cur" ] && kill -KILL -- "-$cur" 2>/dev/null
	[ -n "$xs" ] && kill "$xs" 2>/dev/null
	[ "$hello_made" = 1 ] && rm -f /tmp/hello
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# shellcheck source=tests/bench/lmbench3-lib.sh
. "$(dirname "$0")/lmbench3-lib.sh"

# run FILE CMD...: CMD under timeout -k 5 TMO, its output (both streams)
# in FILE; waited for in the background so that ^C is taken at once; its
# process group (timeout's own) killed after it, whatever it left.
run() {
	r_out=$1
	shift
	timeout -k 5 "$TMO" "$@" >"$r_out" 2>&1 &
	cur=$!
	wait "$cur"
	r_rc=$?
	kill -KILL -- "-$cur" 2>/dev/null
	cur=
	[ "$r_rc" -ge 124 ] && echo "timed out after $TMO s (status $r_rc)" >>"$r_out"
	if [ -n "${RAW:-}" ]
	then
		{
			echo "=== $(date +%T) $*"
			cat "$r_out"
		} >>"$RAW"
	fi
	return 0
}
ours() { run "$@"; }
theirs() {
	f=$1
	shift
	run "$f" taskset -c "$lm_cpus" "$@"
}
lm_cpus=$a

# fig FILE LABEL: the number of "LABEL: <n> ..." in FILE, else why not.
fig() {
	v=$(grep -F -e "$2:" "$1" | awk -v t="$2" 'index($0, t ":") == 1 {
		split(substr($0, length(t) + 2), f, " ")
		if (f[1] ~ /^[0-9.]+$/) { print f[1]; exit } }')
	[ -n "$v" ] && { echo "$v"; return; }
	why "$1"
}
# pt FILE X [TITLE]: the y of point X (in series TITLE, a text its title
# line starts with after the quote), else why not.
pt() {
	v=$(awk -v x="$2" -v t="${3:-}" '
		t != "" && /^"/ { s = index($0, "\"" t) == 1; next }
		t != "" && !s { next }
		$1 ~ /^[0-9.]+k?$/ && $1 + 0 == x + 0 && $2 ~ /^[0-9.]+$/ { print $2; exit }' "$1")
	[ -n "$v" ] && { echo "$v"; return; }
	why "$1"
}
# why FILE: the first line of FILE that is not latbw's own, cut short.
why() {
	w=$(grep -v '^\[' "$1" | grep . | head -n 1 | cut -c1-70)
	echo "${w:-no figure}"
}
# row CELL LATBW OTHER: one row of the table.
row() {
	printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$(definition "$1")" >>"$rows"
	printf '%s: %-24s latbw %-12s other %s\n' "$me" "$1" "$2" "$3" >&2
}
# inv A: 1e6/A (a rate into microseconds), or A if not a number.
inv() {
	case $1 in
	'' | *[!0-9.]*) echo "$1" ;;
	*) awk -v v="$1" 'BEGIN { if (v > 0) printf "%.4f\n", 1e6 / v; else print "zero rate" }' ;;
	esac
}
# mean A B: (A+B)/2, or A if either is not a number.
mean() {
	case $1$2 in
	*[!0-9.]*) echo "$1" ;;
	*) awk -v x="$1" -v y="$2" 'BEGIN { printf "%.4f\n", (x + y) / 2 }' ;;
	esac
}

o=$tmp/o
t=$tmp/t
tab=$(printf '\t')
file=$tmp/file
stat=$tmp/stat
: >"$stat"

s_basic() {
	ours "$o" "$bin/mhz" -C "$a"
	v=$(awk '$2 == "MHz," { print $1; exit }' "$o")
	theirs "$t" "$lm/mhz"
	c=$(awk '$2 == "MHz," { print $1; exit }' "$t")
	row "Mhz" "${v:-$(why "$o")}" "${c:-$(why "$t")}"
	c=$(awk -F: '/^cpu MHz/ { printf "%.0f\n", $2; exit }' /proc/cpuinfo 2>/dev/null)
	row "Mhz [cpuinfo]" "${v:-$(why "$o")}" "${c:-no cpu MHz in /proc/cpuinfo}"
	ours "$o" "$bin/tlb" -C "$a"
	theirs "$t" "$lm/tlb"
	row "tlb pages" "$(tlb_pages "$o")" "$(tlb_pages "$t")"
	# What the processor says of its L1 data TLB (CPUID), where it says.
	if cc -std=c11 -O2 -o "$tmp/xc-cpuid" "$(dirname "$0")/xc-cpuid.c" 2>"$t"
	then
		run "$t" "$tmp/xc-cpuid"
		c=$(sed -n '1s/^\([0-9][0-9]*\)$/\1/p' "$t")
	else
		c=
	fi
	row "tlb pages [cpuid]" "$(tlb_pages "$o")" "${c:-$(why "$t")}"
	# The same count measured a second way, by a chase of our own with a
	# rule of its own (tests/bench/xc-tlb.c): where a guest's CPUID hides
	# the TLB (leaf 2 says "see leaf 0x18", and leaf 0x18 lists nothing).
	if cc -std=c11 -O2 -o "$tmp/xc-tlb" "$(dirname "$0")/xc-tlb.c" 2>"$t"
	then
		run "$t" taskset -c "$a" "$tmp/xc-tlb" 512
		c=$(sed -n 's/^pages: \([1-9][0-9]*\)$/\1/p' "$t")
	else
		c=
	fi
	row "tlb pages [xc-tlb]" "$(tlb_pages "$o")" "${c:-$(why "$t")}"
	ours "$o" "$bin/line" -C "$a"
	theirs "$t" "$lm/line"
	row "cache line bytes" "$(line_bytes "$o")" "$(line_bytes "$t")"
	c=$(cat "/sys/devices/system/cpu/cpu$a/cache/index0/coherency_line_size" 2>/dev/null)
	row "cache line bytes [sysfs]" "$(line_bytes "$o")" "${c:-sysfs has no coherency_line_size}"
	ours "$o" "$bin/par_mem" -N "$REPS" -M "${MB}m"
	theirs "$t" "$lm/par_mem" -N "$REPS" -L 128 -M "${MB}m"
	row "mem par" "$(last_y "$o")" "$(last_y "$t")"
	# k chases in step over one random cycle of lines, by xc-chase.c,
	# three times, the median: each k is one median of 5 short samples,
	# and one run here gave 8.80 where the next two gave 13.64 and 12.75
	# (par_mem 13.60).
	if xc_chase_built
	then
		rm -f "$tmp/par"
		for k in 1 2 3
		do
			run "$t" taskset -c "$a" "$tmp/xc-chase" "$MB" 64 random small 16
			xc_par "$t" >>"$tmp/par"
		done
		v=$(sort -n "$tmp/par" | sed -n 2p)
		row "mem par [xc-chase]" "$(last_y "$o")" "$v"
	fi
}
# xc_par FILE: the "par P" of xc-chase's KMAX mode, else why not.
xc_par() {
	v=$(awk '$1 == "par" { print $2; exit }' "$1")
	echo "${v:-$(why "$1")}"
}
tlb_pages() {
	v=$(awk '/^tlb:/ { print $2; exit } /pages/ { for (i = 1; i <= NF; i++) if ($(i+1) ~ /^pages/ && $i ~ /^[0-9]+$/) { print $i; exit } }' "$1")
	echo "${v:-$(why "$1")}"
}
line_bytes() {
	v=$(awk '/^line:/ { print $2; exit } $0 ~ /^[0-9]+$/ { print $1; exit }' "$1")
	# lmbench's line prints nothing when its search finds no size.
	[ -s "$1" ] || v="printed nothing (no size found)"
	echo "${v:-$(why "$1")}"
}
last_y() {
	v=$(awk '$1 ~ /^[0-9.]+$/ && $2 ~ /^[0-9.]+$/ { y = $2 } END { print y }' "$1")
	echo "${v:-$(why "$1")}"
}

# alternated CELL LABEL PROG ARG...: latbw's PROG and lmbench's with
# ARGs (side), alt_n (default 3) times in turn; the row is the
# median-ratio pair of the figures labelled LABEL.  A shared host moves
# a null system call 0.19 <-> 0.28 us from one run to the next (four
# alternated runs here: 0.28/0.22, 0.21/0.20, 0.19/0.19, 0.19/0.19), so
# one run of each is as likely a comparison of two host states as of
# two programs.
alternated() {
	al_cell=$1
	al_label=$2
	shift 2
	rm -f "$tmp/alt"
	k=0
	while [ "$k" -lt "${alt_n:-3}" ]
	do
		side o "$@"
		side t "$@"
		printf '%s\t%s\n' "$(fig "$o" "$al_label")" "$(fig "$t" "$al_label")" >>"$tmp/alt"
		k=$((k + 1))
	done
	median_pair "$tmp/alt"
	row "$al_cell" "$po" "$px"
}
# side o|t PROG ARG...: latbw's PROG (o, into $o) or lmbench's (t, into
# $t), pinned to CPU A, -N REPS.  lmbench's exec and shell run with its
# hello (with_hello).  PROG nullio: lat_syscall read and write, and a
# line "null I/O: MEAN microseconds" of their mean.
side() {
	sd_f=$o
	[ "$1" = t ] && sd_f=$t
	if [ "$2" = nullio ]
	then
		side "$1" lat_syscall read
		sd_r=$(fig "$sd_f" "Simple read")
		side "$1" lat_syscall write
		sd_w=$(fig "$sd_f" "Simple write")
		echo "null I/O: $(mean "$sd_r" "$sd_w") microseconds" >"$sd_f"
	elif [ "$1" = o ]
	then
		shift
		sd_p=$1
		shift
		ours "$o" "$bin/$sd_p" -C "$a" -N "$REPS" "$@"
	elif [ "$2:$3" = lat_proc:exec ] || [ "$2:$3" = lat_proc:shell ]
	then
		with_hello "$3"
	else
		shift
		sd_p=$1
		shift
		theirs "$t" "$lm/$sd_p" -N "$REPS" "$@"
	fi
}

# Every row three times, alternately (alternated): single runs moved
# sig hndl 2.3-3.1 us, a fork by a third, a null call by half.
s_proc() {
	alternated "null call" "Simple syscall" lat_syscall null
	alternated "null I/O" "null I/O" nullio
	alternated "stat" "Simple stat" lat_syscall stat "$stat"
	alternated "open clos" "Simple open/close" lat_syscall open "$stat"
	alternated "slct TCP" "Select on 100 tcp fd's" lat_select -n 100 tcp
	alternated "sig inst" "Signal handler installation" lat_sig install
	alternated "sig hndl" "Signal handler overhead" lat_sig catch
	alternated "fork proc" "Process fork+exit" lat_proc fork
	# lmbench's exec and shell run /tmp/hello, a path built into them:
	# its hello, put there only for these runs.  Without it lmbench's
	# exec child's execve fails and it exits: a figure of fork + a failed
	# execve (0.46 of latbw's exec), not of an exec.
	alternated "exec proc" "Process fork+execve" lat_proc exec
	alternated "sh proc" "Process fork+/bin/sh -c" lat_proc shell
}
# with_hello CASE: lmbench's lat_proc CASE with its hello as /tmp/hello.
with_hello() {
	if [ -e /tmp/hello ]
	then
		echo "/tmp/hello exists: lmbench's $1 not run" >"$t"
		return
	fi
	cp "$lm/hello" /tmp/hello && hello_made=1
	theirs "$t" "$lm/lat_proc" -N "$REPS" "$1"
	rm -f /tmp/hello
	hello_made=0
}

# Three times, alternately, each cell the median-ratio pair: the
# dividers are shared with the host's other thread on the core, and a
# run beside a busy one took float bogomflops 1.55 ns where the next two
# took 0.94-1.00 (lmbench 0.95-0.99).
s_ops() {
	rm -f "$tmp"/ops.*
	for k in 1 2 3
	do
		ours "$o" "$bin/lat_ops" -C "$a" -N "$REPS"
		theirs "$t" "$lm/lat_ops" -N "$REPS"
		for ty in integer int64 float double
		do
			case $ty in
			integer | int64) ops="bit add mul div mod" ;;
			*) ops="add mul div bogomflops" ;;
			esac
			for op in $ops
			do
				printf '%s\t%s\n' "$(fig "$o" "$ty $op")" \
					"$(fig "$t" "$ty $op")" >>"$tmp/ops.$ty.$op"
			done
		done
	done
	for ty in integer int64 float double
	do
		case $ty in
		integer | int64) ops="bit add mul div mod" ;;
		*) ops="add mul div bogomflops" ;;
		esac
		name=$ty
		[ "$ty" = integer ] && name=int
		for op in $ops
		do
			median_pair "$tmp/ops.$ty.$op"
			row "$name $op" "$po" "$px"
		done
	done
}

# Each size three times, alternately, CTX_REPS (11) samples a run: with
# -N 3, 2p/16K went 2.77-4.36 us (latbw) and 2.43-2.90 (lmbench) from one
# run to the next; with -N 11, 2.64-2.95 and 2.49-3.07.
s_ctx() {
	for s in 0 16 64
	do
		rm -f "$tmp"/ctx*
		for k in 1 2 3
		do
			ours "$o" "$bin/lat_ctx" -C "$a" -N "${CTX_REPS:-11}" -s "$s" 2 8 16
			theirs "$t" "$lm/lat_ctx" -N "${CTX_REPS:-11}" -s "$s" 2 8 16
			for p in 2 8 16
			do
				printf '%s\t%s\n' "$(pt "$o" "$p")" "$(pt "$t" "$p")" >>"$tmp/ctx$p"
			done
		done
		for p in 2 8 16
		do
			[ "$s" = 0 ] && [ "$p" != 2 ] && continue
			median_pair "$tmp/ctx$p"
			row "ctx ${p}p/${s}K" "$po" "$px"
		done
	done
}

s_comm() {
	if [ -z "$b" ]
	then
		row "comm (cross CPU)" "one CPU" "one CPU"
	fi
	# TMO bounds each of its programs; the whole of it, 120 of them
	# (three rounds, latbw and lmbench alternating, each the median).
	c_tmo=$TMO
	TMO=$((c_tmo * 120))
	run "$tmp/place" env ROUNDS=3 REPS="$REPS" TMO="$c_tmo" \
		sh "$(dirname "$0")/lmbench3-placement.sh" "$lm"
	TMO=$c_tmo
	# benchmark place latbw lmbench3 ratio verdict
	while read -r bench place ov tv _
	do
		case $bench:$place in
		lat_pipe:same) c="comm Pipe" ;;
		lat_unix:same) c="comm AF UNIX" ;;
		lat_udp:same) c="comm UDP" ;;
		lat_rpc/udp:same) c="comm RPC/UDP" ;;
		lat_tcp:same) c="comm TCP" ;;
		lat_rpc/tcp:same) c="comm RPC/TCP" ;;
		lat_connect:same) c="comm TCP conn" ;;
		lat_ctx:cross) c="cross 2p/0K ctxsw" ;;
		lat_pipe:cross) c="cross Pipe" ;;
		lat_unix:cross) c="cross AF UNIX" ;;
		lat_udp:cross) c="cross UDP" ;;
		lat_rpc/udp:cross) c="cross RPC/UDP" ;;
		lat_tcp:cross) c="cross TCP" ;;
		lat_rpc/tcp:cross) c="cross RPC/TCP" ;;
		lat_connect:cross) c="cross TCP conn" ;;
		bw_pipe:cross) c="bw Pipe" ;;
		bw_unix:cross) c="bw AF UNIX" ;;
		bw_tcp:cross) c="bw TCP" ;;
		*) continue ;;
		esac
		[ "$ov" = - ] && ov="no figure (lmbench3-placement.sh)"
		[ "$tv" = - ] && tv="no figure (lmbench3-placement.sh)"
		row "$c" "$ov" "$tv"
	done <"$tmp/place"
	grep -q '^benchmark' "$tmp/place" || {
		echo "$me: lmbench3-placement.sh printed no table:" >&2
		sed 's/^/  /' "$tmp/place" >&2
	}
}


# The network cells a second way: tests/bench/xc-net.c (compiled here,
# its own sockets, clock and samples; see its header for what each
# operation is, latbw's definitions) beside latbw's program run again,
# on the same CPUs: "same" both parties on A, "cross" the server on B.
# Rows "<cell> [xc-net]".  Each side runs three times, alternately, each
# latbw run right before an xc-net run, and the row is the pair whose
# ratio is the median of the three: on one CPU a loopback round trip is
# 4.6-5.2 us for some seconds and 7.3-8.5 for others, for xc-net's own
# client as for latbw's (UDP, eight runs each), while two runs back to
# back agree (TCP: 9.42 and 10.14, 7.18 and 7.24, 8.92 and 9.55, 9.28
# and 9.64 us): the two sides of a pair share the host's moment, the
# fastest of each need not.  The bandwidth row is different: loopback
# TCP switches between two speeds from moment to moment (an Intel guest:
# 2.9-4.5 GB/s with spells at 7.2-8.9, latbw's and xc-net's alike, 20 ms
# samples of one connection either), so it takes five runs of each side,
# alternately, and compares the fastest of each, as the driver keeps a
# figure's fastest round.  While xc-net measures,
# idle CPUs are held polling (/dev/cpu_dma_latency 0) where a cpuidle
# driver heeds it, as latbw's programs pinned across CPUs hold them
# (latbw(7)); where none does, neither holds anything (idle=os).
s_net() {
	command -v cc >/dev/null 2>&1 || {
		row "net [xc-net]" "-" "no cc to build xc-net"
		return
	}
	idle_hold
	xc=$tmp/xc-net
	cc -std=c11 -O2 -o "$xc" "$(dirname "$0")/xc-net.c" 2>"$tmp/cc" || {
		row "net [xc-net]" "-" "xc-net did not build: $(head -n 1 "$tmp/cc")"
		return
	}
	for place in same cross
	do
		[ "$place" = cross ] && [ -z "$b" ] && continue
		pin=$a
		sv=$a
		pre="comm"
		if [ "$place" = cross ]
		then
			pin=$a,$b
			sv=$b
			pre="cross"
		fi
		for spec in "lat_udp|udp|UDP latency using localhost|UDP" \
			"lat_tcp|tcp|TCP latency using localhost|TCP" \
			"lat_connect|conn|TCP/IP connection cost to localhost|TCP conn" \
			"bw_tcp|bw|#0.131072|bw TCP"
		do
			prog=${spec%%|*}
			r=${spec#*|}
			mode=${r%%|*}
			r=${r#*|}
			label=${r%%|*}
			cell="$pre ${r#*|}"
			[ "$mode" = bw ] && cell="${r#*|}"
			[ "$mode" = bw ] && [ "$place" = same ] && continue
			args=localhost
			[ "$mode" = bw ] && args="-m 128k localhost"
			: >"$tmp/pairs"
			runs="1 2 3"
			[ "$mode" = bw ] && runs="1 2 3 4 5"
			for k in $runs
			do
				net_ours "$prog" "$pin" "$args"
				case $label in
				'#'*) vo=$(pt "$o" "${label#?}") ;;
				*) vo=$(fig "$o" "$label") ;;
				esac
				net_xc "$mode" "$sv"
				printf '%s\t%s\n' "$vo" "$xv" >>"$tmp/pairs"
			done
			if [ "$mode" = bw ]
			then
				best_pair "$tmp/pairs"
			else
				median_pair "$tmp/pairs"
			fi
			row "$cell [xc-net]" "$po" "$px"
		done
	done
	if [ "$idle_held" = poll ]
	then
		exec 8>&-
	fi
	idle_held=
}
# best_pair FILE: of FILE's lines "LATBW<tab>OTHER", the greatest number
# of each column (po, px); a column with none: its last line's text.
best_pair() {
	mp=$(awk -F '\t' '
		$1 ~ /^[0-9.]+$/ && (a == "" || $1 + 0 > a + 0) { a = $1 }
		$2 ~ /^[0-9.]+$/ && (b == "" || $2 + 0 > b + 0) { b = $2 }
		{ la = $1; lb = $2 }
		END { print (a != "" ? a : la) "\t" (b != "" ? b : lb) }' "$1")
	po=${mp%%"$tab"*}
	px=${mp#*"$tab"}
}
# median_pair FILE: of FILE's lines "LATBW<tab>OTHER" (a figure, or why
# there is none), the pair whose ratio is the median of those with two
# numbers: po and px; with no such line, the last line's two.
median_pair() {
	mp=$(awk -F '\t' '$1 ~ /^[0-9.]+$/ && $2 ~ /^[0-9.]+$/ && $2 > 0 {
			n++; r[n] = $1 / $2; a[n] = $1; b[n] = $2 }
		{ last = $0 }
		END {
			for (i = 1; i <= n; i++) {
				below = 0
				for (j = 1; j <= n; j++)
					if (r[j] < r[i] || (r[j] == r[i] && j < i)) below++
				if (below == int((n - 1) / 2)) { print a[i] "\t" b[i]; exit }
			}
			print last
		}' "$1")
	po=${mp%%"$tab"*}
	px=${mp#*"$tab"}
}
# idle_hold: idle CPUs kept polling while fd 8 is open (root and a
# cpuidle driver needed; otherwise nothing is held, and said once).
idle_hold() {
	[ -n "${idle_held:-}" ] && return
	idle_held=os
	drv=$(cat /sys/devices/system/cpu/cpuidle/current_driver 2>/dev/null)
	if [ -z "$drv" ] || [ "$drv" = none ]
	then
		echo "$me: no cpuidle driver: idle CPUs are the OS's for xc-net, as for latbw (idle=os)" >&2
	elif [ "$(id -u)" = 0 ] && { exec 8>/dev/cpu_dma_latency; } 2>/dev/null &&
		printf '\000\000\000\000' >&8
	then
		idle_held=poll
	else
		echo "$me: cannot hold /dev/cpu_dma_latency: idle CPUs are the OS's for xc-net, latbw's poll" >&2
	fi
}
# net_ours PROG CPUS ARGS: latbw's server and client of PROG on CPUS, the
# client's output in $o.
net_ours() {
	port=$((20000 + $$ % 10000))
	if "$bin/$1" -o "$port" -i 30 -C "$2" -s >"$o" 2>&1
	then
		# shellcheck disable=SC2086 # arguments
		ours "$o" "$bin/$1" -o "$port" -C "$2" -N "$REPS" $3
		timeout 10 "$bin/$1" -o "$port" -S localhost >/dev/null 2>&1
	fi
}
# net_xc MODE CPU: xc-net's server of MODE on CPU, its client on CPU A;
# xv: the figure, else why not.
net_xc() {
	taskset -c "$2" "$xc" serve "$1" >"$tmp/xport" 2>&1 &
	xs=$!
	i=0
	while [ $i -lt 50 ] && ! grep -q '^[0-9]' "$tmp/xport"
	do
		sleep 0.1
		i=$((i + 1))
	done
	xp=$(sed -n '1s/^\([0-9]*\)$/\1/p' "$tmp/xport")
	if [ -n "$xp" ]
	then
		run "$t" taskset -c "$a" "$xc" "$1" "$xp" "$((REPS < 11 ? 11 : REPS))"
	else
		echo "xc-net's server did not start: $(head -n 1 "$tmp/xport")" >"$t"
	fi
	kill "$xs" 2>/dev/null
	wait "$xs" 2>/dev/null
	xs=
	xv=$(sed -n '1s/^\([0-9.][0-9.]*\)$/\1/p' "$t")
	[ -n "$xv" ] || xv=$(why "$t")
}

make_file() {
	[ -f "$file" ] && return 0
	dd if=/dev/zero of="$file" bs=1048576 count="$MB" 2>/dev/null
}

s_filevm() {
	make_file
	mkdir -p "$tmp/d1" "$tmp/d2"
	ours "$o" "$bin/lat_fs" -C "$a" -N "$REPS" "$tmp/d1"
	theirs "$t" "$lm/lat_fs" -N "$REPS" "$tmp/d2"
	for s in 0k 10k
	do
		oc=$(awk -v s="$s" '$1 == s { print $3; exit }' "$o")
		od=$(awk -v s="$s" '$1 == s { print $4; exit }' "$o")
		tc=$(awk -v s="$s" '$1 == s { print $3; exit }' "$t")
		td=$(awk -v s="$s" '$1 == s { print $4; exit }' "$t")
		row "$s File Create" "$(inv "${oc:-$(why "$o")}")" "$(inv "${tc:-$(why "$t")}")"
		row "$s File Delete" "$(inv "${od:-$(why "$o")}")" "$(inv "${td:-$(why "$t")}")"
	done
	ours "$o" "$bin/lat_mmap" -C "$a" -N "$REPS" "${MB}m" "$file"
	theirs "$t" "$lm/lat_mmap" -N "$REPS" "${MB}m" "$file"
	x=$(awk -v m="$MB" 'BEGIN { printf "%.6f\n", m * 1.048576 }')
	row "Mmap Latency" "$(pt "$o" "$x")" "$(pt "$t" "$x")"
	# Five times, alternately, the median-ratio pair: lmbench's figure is
	# a difference of parts timed a second apart (0.60-1.15 us in seven
	# runs here; latbw's, of parts timed in pairs, 0.61-0.71).
	alt_n=5
	alternated "Prot Fault" "Protection fault" lat_sig prot "$file"
	alt_n=
	ours "$o" "$bin/lat_pagefault" -C "$a" -N "$REPS" "$file"
	theirs "$t" "$lm/lat_pagefault" -N "$REPS" "$file"
	row "Page Fault" "$(fig "$o" "Pagefaults on $file")" "$(fig "$t" "Pagefaults on $file")"
	(cd "$tmp/d1" && ours "$o" "$bin/lat_select" -C "$a" -N "$REPS" -n 100 file)
	(cd "$tmp/d2" && theirs "$t" "$lm/lat_select" -N "$REPS" -n 100 file)
	row "100fd selct" "$(fig "$o" "Select on 100 fd's")" "$(fig "$t" "Select on 100 fd's")"
}

s_bw() {
	make_file
	x=$(awk -v m="$MB" 'BEGIN { printf "%.2f\n", m * 1.048576 }')
	h=$(awk -v m="$MB" 'BEGIN { printf "%.2f\n", m / 2 * 1.048576 }')
	# The rereads, like the copies below, three times alternately, the
	# median-ratio pair (lmbench's File reread read 7436, 7728 and 5856
	# MB/s in three single runs on an AMD guest, latbw's 8103-8788).
	rm -f "$tmp"/bw.*
	for k in 1 2 3
	do
		ours "$o" "$bin/bw_file_rd" -C "$a" -N "$REPS" "${MB}m" io_only "$file"
		theirs "$t" "$lm/bw_file_rd" -N "$REPS" "${MB}m" io_only "$file"
		printf '%s\t%s\n' "$(pt "$o" "$x")" "$(pt "$t" "$x")" >>"$tmp/bw.file"
		ours "$o" "$bin/bw_mmap_rd" -C "$a" -N "$REPS" "${MB}m" mmap_only "$file"
		theirs "$t" "$lm/bw_mmap_rd" -N "$REPS" "${MB}m" mmap_only "$file"
		printf '%s\t%s\n' "$(pt "$o" "$x")" "$(pt "$t" "$x")" >>"$tmp/bw.mmap"
	done
	median_pair "$tmp/bw.file"
	row "File reread" "$po" "$px"
	median_pair "$tmp/bw.mmap"
	row "Mmap reread" "$po" "$px"
	# Memory bandwidth moves with the host from one run to the next
	# (an AMD guest: latbw's bcopy 11.6-15.1K MB/s, lmbench's 11.1-14.8K
	# in six runs each): each pair three times, alternately, and the row
	# is the pair whose ratio is the median.
	# lmbench's frd and fwr are scalar loops of 4-byte words (its frd
	# one dependent chain of adds): core-bound where memory is faster
	# than that.  Its rd and wr touch every cache line with a quarter of
	# the instructions: the memory's bandwidth a second way, beside
	# latbw's frd and fwr.  Its fcp is such a loop too (a 4-byte word a
	# load and a store), and its bcopy is glibc's memcpy, another
	# algorithm than a loop (rep movsb; past a threshold, non-temporal
	# stores that skip reading each line before writing it): on an AMD
	# Zen 4 guest memcpy 12-14K MB/s, a loop 16-17K.  The hand copy's
	# second way is tests/bench/xc-copy.c, a loop of its own; libc's
	# copy's, beside lmbench's bcopy, xc-copy's memcpy on buffers filled
	# before timing (lmbench's bcopy row read 1.17-1.29 in three runs of
	# this section there, xc-copy 0.95-1.01 by hand).
	xc_copy=
	if cc -std=c11 -O2 -o "$tmp/xc-copy" "$(dirname "$0")/xc-copy.c" 2>"$tmp/xc-copy.err"
	then
		xc_copy=$tmp/xc-copy
	fi
	for op in bcopy fcp frd fwr
	do
		sz=$MB
		xx=$x
		case $op in
		bcopy | fcp) sz=$((MB / 2)) xx=$h ;;
		esac
		case $op in
		bcopy) c="Bcopy (libc)" ;;
		fcp) c="Bcopy (hand)" ;;
		frd) c="Mem read" ;;
		fwr) c="Mem write" ;;
		esac
		rm -f "$tmp"/bw.*
		for k in 1 2 3
		do
			ours "$o" "$bin/bw_mem" -C "$a" -N "$REPS" "${sz}m" "$op"
			ov=$(pt "$o" "$xx")
			theirs "$t" "$lm/bw_mem" -N "$REPS" "${sz}m" "$op"
			printf '%s\t%s\n' "$ov" "$(pt "$t" "$xx")" >>"$tmp/bw.main"
			case $op in
			frd | fwr)
				theirs "$t" "$lm/bw_mem" -N "$REPS" "${sz}m" "${op#f}"
				printf '%s\t%s\n' "$ov" "$(pt "$t" "$xx")" >>"$tmp/bw.extra"
				;;
			fcp | bcopy)
				if [ -n "$xc_copy" ]
				then
					xm=loop
					[ "$op" = bcopy ] && xm=memcpy
					run "$t" taskset -c "$a" "$xc_copy" "$sz" "$xm"
					v=$(awk 'NF == 1 && $1 ~ /^[0-9.]+$/ { print; exit }' "$t")
					printf '%s\t%s\n' "$ov" "${v:-$(why "$t")}" >>"$tmp/bw.extra"
				fi
				;;
			esac
		done
		median_pair "$tmp/bw.main"
		row "$c" "$po" "$px"
		case $op in
		frd | fwr)
			median_pair "$tmp/bw.extra"
			row "$c [lmbench ${op#f}]" "$po" "$px"
			;;
		fcp | bcopy)
			if [ -n "$xc_copy" ]
			then
				median_pair "$tmp/bw.extra"
				row "$c [xc-copy]" "$po" "$px"
			else
				row "$c [xc-copy]" "$(pt "$o" "$xx")" "xc-copy.c did not build: $(head -n 1 "$tmp/xc-copy.err" | cut -c1-60)"
			fi
			;;
		esac
	done
}

# common_x FILE1 FILE2 LIMIT_MB: the largest size (MB) that both sweeps
# measured at or below LIMIT_MB.
common_x() {
	awk -v lim="$3" '
		FNR == 1 { f++ }
		$1 ~ /^[0-9.]+$/ && $2 ~ /^[0-9.]+$/ && $1 + 0 <= lim * 1.0001 {
			k = sprintf("%.5f", $1)
			if (f == 1) a[k] = 1
			else if (k in a && $1 + 0 > best + 0) best = $1
		}
		END { if (best != "") print best }' "$1" "$2"
}

s_mem() {
	# The curve the summary reads the levels from (random order, huge
	# pages), and its random curve (-t, stride 16); lmbench's -t.
	ours "$o" "$bin/lat_mem_rd" -C "$a" -N "$REPS" -o random -H thp "$MB" 128
	theirs "$t" "$lm/lat_mem_rd" -N "$REPS" -t "$MB" 128
	xl3=
	for lv in L1 L2 L3 main
	do
		case $lv in
		L1) lim=0.00098 ;;
		L2) lim=0.125 ;;
		L3) lim=$(l3_x "$o") ;;
		main) lim=$MB ;;
		esac
		x=$(common_x "$o" "$t" "$lim")
		if [ -z "$x" ]
		then
			row "mem $lv \$" "no point at or below $lim MB" "-"
			continue
		fi
		row "mem $lv \$ (${x}MB)" "$(pt "$o" "$x")" "$(pt "$t" "$x")"
		[ "$lv" = L3 ] && xl3=$x
		[ "$lv" = main ] && xmain=$x
	done
	# The same random chase on huge pages, by xc-chase.c, at the L3
	# point (lmbench's L3 row moved 0.846-0.991 between two runs on an
	# AMD guest, near the band's edge) and at main memory.
	if xc_chase_built
	then
		if [ -n "${xl3:-}" ]
		then
			run "$t" taskset -c "$a" "$tmp/xc-chase" "$xl3" 128 random thp
			row "mem L3 \$ [xc-chase]" "$(pt "$o" "$xl3")" "$(fig1 "$t")"
		fi
		xmb=$(awk -v x="$xmain" 'BEGIN { printf "%d\n", x }')
		run "$t" taskset -c "$a" "$tmp/xc-chase" "$xmb" 128 random thp
		row "mem main \$ [xc-chase]" "$(pt "$o" "$xmain")" "$(fig1 "$t")"
	fi
	ours "$o" "$bin/lat_mem_rd" -C "$a" -N "$REPS" -t "$MB" 16
	theirs "$t" "$lm/lat_mem_rd" -N "$REPS" -t "$MB" 16
	x=$(common_x "$o" "$t" "$MB")
	# lmbench's random sweep is slow to build (here it reached 128 MB in
	# the 120 s of TMO): compared at the largest size both measured.
	row "mem Rand mem (${x:-$MB}MB)" "$(pt "$o" "${x:-$MB}")" "$(pt "$t" "${x:-$MB}")"
	# latbw's -t is one random cycle; lmbench's visits every page in one
	# random order, lap after lap: the same random chase by xc-chase.c.
	if xc_chase_built
	then
		xmb=$(awk -v x="${x:-$MB}" 'BEGIN { printf "%d\n", x }')
		run "$t" taskset -c "$a" "$tmp/xc-chase" "$xmb" 16 random small
		row "mem Rand mem [xc-chase]" "$(pt "$o" "${x:-$MB}")" "$(fig1 "$t")"
	fi
}
# l3_x FILE: the size (MB) of the point of latbw's level curve in FILE
# that the summary's L3 cell is read at (cells.awk: mem_figures, l3_top,
# l3_beyond): the median by latency of the points in (L2, L3/4] (L3/2 or
# L3 where L2 is not below it) that read at most half of main memory
# (the curve's last point).  A guest shown its host's whole L3 (480 MB)
# reads memory at L3/2; the cell, and this row, at its share.  0 without
# an L3, or without such a point.
l3_x() {
	awk -v l2="$l2" -v l3="$l3" '
		/^"/ { if (np) exit; next }
		$1 ~ /^[0-9.]+$/ && $2 ~ /^[0-9.]+$/ { np++; x[np] = $1; y[np] = $2 }
		END {
			if (l3 <= 0 || np == 0) { print 0; exit }
			top = l3 / 4 > l2 ? l3 / 4 : (l3 / 2 > l2 ? l3 / 2 : l3)
			# The points inside the level, at most half the last one
			# (main memory), sorted by latency: the upper middle one.
			n = 0
			for (j = 1; j <= np; j++)
				if (y[j] <= 0.5 * y[np] && x[j] * 1048576 > l2 * 1.005 &&
				    x[j] * 1048576 <= top * 1.005) {
					n++; X[n] = x[j]; V[n] = y[j]
				}
			for (j = 2; j <= n; j++)
				for (a = j; a > 1 && V[a - 1] > V[a]; a--) {
					t = V[a]; V[a] = V[a - 1]; V[a - 1] = t
					t = X[a]; X[a] = X[a - 1]; X[a - 1] = t
				}
			print n ? X[int(n / 2) + 1] : 0
		}' "$1"
}
# xc_chase_built: tests/bench/xc-chase.c compiled into $tmp (once).
xc_chase_built() {
	[ -x "$tmp/xc-chase" ] && return 0
	cc -std=c11 -O2 -o "$tmp/xc-chase" "$(dirname "$0")/xc-chase.c" 2>"$tmp/cc" && return 0
	echo "$me: xc-chase.c did not build: $(head -n 1 "$tmp/cc")" >&2
	return 1
}
# fig1 FILE: FILE's first line if it is a number, else why not.
fig1() {
	v=$(sed -n '1s/^\([0-9.][0-9.]*\)$/\1/p' "$1")
	echo "${v:-$(why "$1")}"
}

s_cache() {
	ours "$o" "$bin/cache" -C "$a" -N "$REPS" -M "${MB}m"
	for lv in 1 2 3
	do
		case $lv in
		1) s=$l1 ;;
		2) s=$l2 ;;
		3) s=$l3 ;;
		esac
		v=$(fig "$o" "L$lv cache")
		case $v in
		'' | *[!0-9.]*)
			grep -q '^Memory latency: ' "$o" &&
				v="its curve showed no L$lv level"
			;;
		esac
		row "cache L$lv measured" "$v" \
			"$( [ "$s" -gt 0 ] && echo "$s" || echo "sysfs has no L$lv")"
	done
	# lmbench's cache is not run: with -M 1024m and with -M 128m it ran
	# past 120 s here and printed nothing.
}

s_c2c() {
	if [ -z "$b" ]
	then
		row "c2c" "one CPU" "one CPU"
		return
	fi
	# C2C_TRIES (default 7) times, alternately: lat_c2c's pipe matrix,
	# then lat_pipe for each pair; a pair's row is the run whose ratio is
	# the median (median_pair).  On a virtual machine the host moves the
	# two vCPUs between cores that share a cache and cores that do not, at
	# a time scale of a run: here lat_c2c's CAS round trip went 99-120 or
	# 459-469 ns from one 0.1 s run to the next, and lat_pipe -C 0,1 -N 3
	# 8.0-15.8 us 60 ms apart (67, 115-130 and 460 ns CAS modes, each
	# held for seconds, the pipe following).  A pair of runs 0.2 s apart
	# mostly shares the mode; the median ratio of seven pairs does not
	# hang on one pair that straddled a change, and the medians of each
	# tool's runs would when the runs split between two modes.
	rm -f "$tmp"/c2c*
	k=0
	while [ "$k" -lt "${C2C_TRIES:-7}" ]
	do
		k=$((k + 1))
		if [ "$k" = 1 ]
		then
			ours "$o" "$bin/lat_c2c" -C "$a,$b" -N "$REPS"
			row "c2c cas $a-$b" "$(pt "$o" "$b" "c2c cas cpu=$a")" "no second method"
		else
			ours "$o" "$bin/lat_c2c" -C "$a,$b" -N "$REPS" pipe
		fi
		for pr in "$a $a" "$b $b" "$a $b"
		do
			# shellcheck disable=SC2086 # two CPUs
			set -- $pr
			vo=$(pt "$o" "$2" "c2c pipe cpu=$1")
			ours "$t" "$bin/lat_pipe" -C "$1$( [ "$1" != "$2" ] && echo ",$2")" -N "$REPS"
			xv=$(fig "$t" "Pipe latency")
			printf '%s\t%s\n' "$vo" "$xv" >>"$tmp/c2c$1-$2"
		done
	done
	for pr in "$a $a" "$b $b" "$a $b"
	do
		# shellcheck disable=SC2086 # two CPUs
		set -- $pr
		median_pair "$tmp/c2c$1-$2"
		row "c2c pipe $1-$2" "$po" "$px"
	done
}

# The scaling curves at 1 and 2 (all) copies against as many single runs
# at once, one pinned to each CPU; ops/s = the sum of 1e6/latency.
s_scaling() {
	n=$ncpu
	for spec in "lat_syscall null|Simple syscall" "lat_pipe|Pipe latency" \
		"lat_unix|AF_UNIX sock stream latency"
	do
		prog=${spec%%|*}
		label=${spec#*|}
		# shellcheck disable=SC2086 # program and argument
		set -- $prog
		for mode in processes threads
		do
			tflag=
			[ "$mode" = threads ] && tflag=-T
			# Three times, alternately (as s_c2c): the curve, then
			# the single runs; each row the median-ratio run.
			rm -f "$tmp"/scal*
			for r in 1 2 3
			do
				# shellcheck disable=SC2086 # options and arguments
				ours "$o" "$bin/$1" -G $tflag -N "$REPS" ${2:-}
				for k in 1 $n
				do
					vo=$(pt "$o" "$k")
					xv=$(singles "$1" "${2:-}" "$label" "$k")
					printf '%s\t%s\n' "$vo" "$xv" >>"$tmp/scal$k"
				done
			done
			for k in 1 $n
			do
				[ "$k" = 1 ] && [ "$mode" = threads ] && [ "$n" = 1 ] && continue
				median_pair "$tmp/scal$k"
				row "scal $1 $mode x$k" "$po" "$px"
			done
		done
	done
}
# singles PROG ARG LABEL K: K single runs at once, on the first K CPUs.
singles() {
	i=0
	pids=
	for c in $cpus
	do
		[ $i -lt "$4" ] || break
		# shellcheck disable=SC2086 # the argument, if any
		timeout -k 5 "$TMO" "$bin/$1" -C "$c" -N "$REPS" $2 >"$tmp/s$i" 2>&1 &
		pids="$pids $!"
		i=$((i + 1))
	done
	for p in $pids
	do
		wait "$p"
		kill -KILL -- "-$p" 2>/dev/null
	done
	j=0
	sum=0
	while [ $j -lt "$i" ]
	do
		v=$(fig "$tmp/s$j" "$3")
		case $v in
		'' | *[!0-9.]*)
			echo "$v"
			return
			;;
		esac
		sum=$(awk -v s="$sum" -v v="$v" 'BEGIN { printf "%.0f\n", s + 1e6 / v }')
		j=$((j + 1))
	done
	echo "$sum"
}

s_load() {
	sh "$(dirname "$0")/load-cross.sh" -M "$MB" -r 1 >"$tmp/load" 2>&1
	sed -n 's/^\(loaded latency k=[0-9]*\) (ns) *\([0-9.]*\) *\([0-9.]*\) .*/\1\t\2\t\3/p' \
		"$tmp/load" | while IFS="$(printf '\t')" read -r c ov tv
	do
		row "$c" "$ov" "$tv"
	done
	grep -q '^loaded latency' "$tmp/load" || {
		row "loaded latency" "$(why "$tmp/load")" "load-cross.sh failed"
		sed 's/^/  /' "$tmp/load" >&2
	}
}

s_mlp() {
	ours "$o" "$bin/par_mem" -C "$a" -N "$REPS" -c "${MB}m" -H thp
	ours "$t" "$bin/lat_mem_rd" -C "$a" -N "$REPS" -o random -H thp "$MB" 128
	row "mlp 1 chase latency" "$(pt "$o" 1 "mlp latency")" "$(pt "$t" "$MB")"
	# k chases in step on the same kind of pages, by xc-chase.c: the
	# wait of each load with k in flight.
	if xc_chase_built
	then
		run "$t" taskset -c "$a" "$tmp/xc-chase" "$MB" 64 random thp 16
	else
		echo "xc-chase.c did not build" >"$t"
	fi
	for k in 2 4 8 16
	do
		v=$(awk -v k="$k" '$1 == k { print $2; exit }' "$t")
		row "mlp $k latency [xc-chase]" "$(pt "$o" "$k" "mlp latency")" "${v:-$(why "$t")}"
	done
	xp=$(xc_par "$t")
	best=$(awk '/^"mlp bandwidth/ { s = 1; next } /^"/ { s = 0 }
		s && $1 == 1 { one = $2 } s && $2 + 0 > m { m = $2 }
		END { if (one > 0) printf "%.2f\n", m / one }' "$o")
	row "mlp best parallelism [xc-chase]" "${best:-$(why "$o")}" "$xp"
	theirs "$t" "$lm/par_mem" -N "$REPS" -L 128 -M "${MB}m"
	row "mlp best parallelism" "${best:-$(why "$o")}" "$(last_y "$t")"
}

echo "$me: CPU A $a${b:+, CPU B $b}; MB $MB; -N $REPS; latbw from $bin, lmbench from $lm; rows in $rows" >&2
# out_cells FILE FROM: the cells of FILE's rows FROM on that are OUT.
out_cells() {
	awk -F '\t' -v from="$2" "$awk_num
		$awk_in_band"'
		NR >= from && $4 == "" && num($2) && num($3) && $3 + 0 > 0 &&
		    !in_band($2 / $3) { print $1 }' "$1"
}
# section S: S's rows, and S again (AGAIN times) if one of them is OUT.
section() {
	echo "$me: section $1" >&2
	sc_from=$(($(wc -l <"$rows") + 1))
	"s_$1"
	out_cells "$rows" "$sc_from" >"$tmp/out"
	[ -s "$tmp/out" ] && [ "$AGAIN" -gt 0 ] || return 0
	sc_rows=$rows
	sc_k=1
	while [ "$sc_k" -le "$AGAIN" ]
	do
		echo "$me: section $1 again ($sc_k of $AGAIN), for: $(tr '\n' ';' <"$tmp/out")" >&2
		rows=$tmp/again.$sc_k
		: >"$rows"
		"s_$1"
		sc_k=$((sc_k + 1))
	done
	rows=$sc_rows
	# Each OUT row: its runs' pairs, the median-ratio one, and the
	# ratios in the order measured.
	while IFS= read -r sc_cell
	do
		awk -F '\t' -v c="$sc_cell" -v from="$sc_from" '
			FNR == 1 { f++ }
			(f > 1 || FNR >= from) && $1 == c && !(f in seen) {
				seen[f] = 1
				print $2 "\t" $3
			}' "$rows" "$tmp"/again.* >"$tmp/pairs"
		median_pair "$tmp/pairs"
		sc_runs=$(awk -F '\t' "$awk_num"'{
			r = "-"
			if (num($1) && num($2) && $2 > 0)
				r = sprintf("%.3f", $1 / $2)
			printf "%s%s", (NR > 1 ? " " : "runs "), r }' "$tmp/pairs")
		awk -F '\t' -v OFS='\t' -v c="$sc_cell" -v from="$sc_from" \
			-v po="$po" -v px="$px" -v runs="$sc_runs" '
			NR >= from && $1 == c && !done { $2 = po; $3 = px; $5 = runs; done = 1 }
			{ print }' "$rows" >"$tmp/rows.new" && cat "$tmp/rows.new" >"$rows"
		printf '%s: %-24s latbw %-12s other %s (%s)\n' "$me" "$sc_cell" "$po" "$px" "$sc_runs" >&2
	done <"$tmp/out"
}

for s in "$@"
do
	section "$s"
done
[ -n "$keep" ] && echo "$me: the table of every row so far ($rows):" >&2
print_table "$rows"

#!/bin/sh
# latbw-run end to end in quick mode, into a private results directory:
# the header, a figure from every program that exists, lines of our own
# that readers of lmbench files cannot mistake for results, no
# overwriting, group selection, nothing left behind.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/tmp" "$TRASH/fs" "$TRASH/res"

# MB=8: the same sweeps on every machine, whatever its memory and caches
# (quick mode sweeps to at least 8 MB); REPS=1: one sample a figure (what
# is checked is the file, not the figures), of 0.1 ms (USECS=100, not
# quick mode's 1 ms: every program still measures).  The first run, of the whole
# plan, in one round (ROUNDS=1), with bw_disk on an 8 MB file
# (small_disk_bin); the rounds are checked in the second, of one group in
# quick mode's three, and in t9110's, of every group in three.  The
# others find the programs as make test gives them.
quick_run() {
	run_driver FSDIR="$TRASH/fs" QUICK=1 MB=8 REPS=1 USECS=100 "$@"
}

host=$(uname -n)
host=${host%%.*}
small_disk_bin "$TRASH/prog"
quick_run LATBW_BIN="$TRASH/prog" ROUNDS=1
# (The first directory in res, found by the shell.)
for D in "$TRASH"/res/*/
do
	D=${D%/}
	break
done
F=$D/$host.0
export D F

test_expect 'the results file is results/<OS-triple>/<host>.0' '
	[ -f "$F" ] && [ "$(find "$TRASH/res" -type f | wc -l)" -eq 1 ] &&
	case "${D##*/}" in
	"$(uname -m)"-*) ;;
	*) fail "OS triple directory: $D" ;;
	esac
'

# No program may fail: the one failure allowed is mhz's when it found the
# clock unsteady (a virtual machine whose host moved its clock), which it
# says in a note; then the run exits 1.
test_expect 'it ran to the end: exit 0 and no [failed: ...] line (but an unsteady clock'\''s mhz)' '
	rc=$(cat "$TRASH/rc") &&
	{ grep "^\[failed: " "$F" | grep -v "^\[failed: mhz[ ,]" >"$TRASH/failed"; :; } &&
	# (With the notes before each failure: the program'"'"'s reason.)
	{ ! [ -s "$TRASH/failed" ] ||
		fail "failed: $(grep -B4 "^\[failed: " "$F")"; } &&
	if grep -q "^\[failed: mhz[ ,]" "$F"
	then
		[ "$rc" = 1 ] && expect_line "^\[note: mhz: .*(not steady|too busy)" "$F" ||
			fail "mhz failed (exit status $rc) without saying the clock was unsteady"
	else
		[ "$rc" = 0 ] || fail "exit status $rc: $(tail -5 "$TRASH/err")"
	fi &&
	! grep -q "INCOMPLETE" "$F"
'

test_expect 'first line: [lmbench3.0 results for <uname -a>]' '
	[ "$(sed -n 1p "$F")" = "[lmbench3.0 results for $(uname -a)]" ]
'

# The keys of the file's "[KEY: value]" lines, in one awk for the checks
# of each key below.
awk 'match($0, /^\[[A-Za-z_0-9]+: .+\]$/) { printf " %s", substr($0, 2, index($0, ":") - 2) }
	END { print " " }' "$F" >"$TRASH/keys"
read -r keys <"$TRASH/keys"
keys=" $keys "
export keys
for k in LMBENCH_VER OS MB SYNC_MAX HOSTNAME SYSNAME MACHINE RELEASE VERSION \
	DATE FSDIR QUICK LOAD_BEFORE LOAD_AFTER ELAPSED
do
	test_expect "header key $k" "
		case \"\$keys\" in
		*' $k '*) ;;
		*) fail 'no line [$k: ...]' ;;
		esac
	"
done

test_expect 'header values: the standard keys say what they must' '
	read -r un_s un_n un_r <<-EOF &&
	$(uname -snr)
	EOF
	has_matches "$F" "^\[LMBENCH_VER: latbw" \
		"^\[OS: ${D##*/}\]\$" \
		"^\[SYNC_MAX: 1\]\$" \
		"^\[MB: [1-9][0-9]*\]\$" \
		"^\[HOSTNAME: $un_n\]\$" \
		"^\[SYSNAME: $un_s\]\$" \
		"^\[RELEASE: $un_r\]\$" \
		"^\[QUICK: YES\]\$"
'

if [ -x "$BIN/mhz" ]
then
	# (or, when the clock was not steady enough to measure, as on a
	# virtual machine whose host moved its core clock mid-run, no MHZ
	# but mhz's reason and its failure)
	test_expect 'MHZ from mhz: NNNN MHz, X.XXXX nanosec clock (or why not)' '
		if grep -q "^\[MHZ: " "$F"
		then
			expect_line "^\[MHZ: [0-9]+ MHz, [0-9]+\.[0-9]{4} nanosec clock\]\$" "$F"
		else
			expect_line "^\[note: mhz: .*(not steady|too busy)" "$F" &&
			expect_line "^\[failed: mhz" "$F"
		fi
	'
fi

test_expect 'the machine: CPU model, CPUs, caches, memory, as the system says' '
	if grep -q "^model name" /proc/cpuinfo 2>/dev/null
	then
		expect_line "^\[CPU_MODEL: .+\]\$" "$F" || exit 1
	fi
	expect_line "^\[PROCESSORS: $(getconf _NPROCESSORS_ONLN)\]\$" "$F" &&
	if [ -r /sys/devices/system/cpu/cpu0/cache/index0/size ]
	then
		l1=$(sed "s/K\$//" /sys/devices/system/cpu/cpu0/cache/index0/size) &&
		expect_line "^\[CACHE_L1D: $((l1 * 1024))\]\$" "$F" || exit 1
	fi
	kb=$(awk "\$1 == \"MemTotal:\" { print \$2 }" /proc/meminfo) &&
	expect_line "^\[MEM_TOTAL: $((kb * 1024))\]\$" "$F" &&
	expect_line "^\[CMDLINE: " "$F"
'

test_expect 'the kernel settings: THP mode, vulnerabilities, steal time' '
	if [ -r /sys/kernel/mm/transparent_hugepage/enabled ]
	then
		expect_line "^\[THP: (always|madvise|never)\]\$" "$F" || exit 1
	fi
	for v in /sys/devices/system/cpu/vulnerabilities/*
	do
		[ -r "$v" ] || continue
		case "$keys" in
		*" VULN_${v##*/} "*) ;;
		*) fail "no line [VULN_${v##*/}: ...]"; exit 1 ;;
		esac
	done
	if [ -r /proc/stat ]
	then
		expect_line "^\[STEAL_BEFORE: [0-9]+\.[0-9]{2}%\]\$" "$F" &&
		expect_line "^\[STEAL_RUN: [0-9]+\.[0-9]{2}%\]\$" "$F" || exit 1
	fi
'

test_expect 'our own lines hold no text that lmbench readers match' '
	awk "/^\\[/ && !/^\\[latbw-/ && !/^\\[(MHZ|LINE_SIZE|SYNC_MAX): / &&
		/size=|MHZ|Mhz|LINE_SIZE|SYNC_MAX|tlb:|latency using|connection cost|Simple syscall/" \
		"$F" >"$TRASH/bad"
	! [ -s "$TRASH/bad" ] || fail "$(cat "$TRASH/bad")"
'

test_expect 'no diagnostic is taken for a result' '
	awk "!/^tlb: [0-9]+ pages\$/ && /^(lat|bw|par)_[a-z_]+: |^(mhz|line|tlb|cache|stream): |^usage: /" \
		"$F" >"$TRASH/bad"
	! [ -s "$TRASH/bad" ] || fail "$(cat "$TRASH/bad")"
'

# program:regex of a line it must have written (lmbench labels and series).
checks='lat_syscall:^Simple open/close: [0-9.]+ microseconds$
lat_select:^Select on 100 tcp fd.s: [0-9.]+ microseconds$
lat_sig:^Signal handler overhead: [0-9.]+ microseconds$
lat_proc:^Process fork\+exit: [0-9.]+ microseconds$
lat_ops:^integer add: [0-9.]+ nanoseconds$
lat_pipe:^Pipe latency: [0-9.]+ microseconds$
lat_unix:^AF_UNIX sock stream latency: [0-9.]+ microseconds$
lat_fifo:^Fifo latency: [0-9.]+ microseconds$
lat_unix_connect:^UNIX connection cost: [0-9.]+ microseconds$
lat_sem:^Semaphore latency: [0-9.]+ microseconds$
lat_fcntl:^Fcntl lock latency: [0-9.]+ microseconds$
lat_rpc:^UDP latency using localhost: [0-9.]+ microseconds$
lat_rpc:^TCP latency using localhost: [0-9.]+ microseconds$
lat_rpc:^RPC/tcp latency using localhost: [0-9.]+ microseconds$
lat_connect:^TCP/IP connection cost to localhost: [0-9.]+ microseconds$
bw_pipe:^Pipe bandwidth: [0-9.]+ MB/sec$
bw_unix:^AF_UNIX sock stream bandwidth: [0-9.]+ MB/sec$
bw_tcp:^Socket bandwidth using localhost$
lat_pagefault:^Pagefaults on .*: [0-9.]+ microseconds$
lat_mmap:^"mappings$
lat_fs:^10k[[:space:]]+[0-9]+[[:space:]]+[0-9]+[[:space:]]+[0-9]+$
bw_file_rd:^"read bandwidth$
bw_mmap_rd:^"Mmap read bandwidth$
bw_mem:^Memory read bandwidth$
lat_ctx:^"size=16k ovr=[0-9.]+$
tlb:^tlb: [0-9]+ pages$
par_mem:^Memory load parallelism$
stream:^STREAM copy bandwidth: [0-9.]+ MB/sec$
lat_mem_rd:^"stride=128 order=random
lat_mem_rd:^Random load latency$'

# What the file holds for each, looked for in one awk (a grep for each
# started 60): "found", a line of it; "skipped", none, but its program
# could not run here (exit 3: no rpcbind, say), which the file says;
# "none" (it failed: no figure); then its program:regex.
printf '%s\n' "$checks" >"$TRASH/checks"
awk '
	NR == FNR {
		k = index($0, ":")
		prog[NR] = substr($0, 1, k - 1)
		re[NR] = substr($0, k + 1)
		n = NR
		next
	}
	{
		for (i = 1; i <= n; i++)
			if ($0 ~ re[i])
				found[i] = 1
			else if ($0 ~ ("^\\[skipped: " prog[i] "[ ,].*cannot run here\\]$"))
				skipped[i] = 1
	}
	END {
		for (i = 1; i <= n; i++) {
			st = "none"
			if (i in skipped)
				st = "skipped"
			if (i in found)
				st = "found"
			print st, prog[i] ":" re[i]
		}
	}' "$TRASH/checks" "$F" >"$TRASH/found"
while read -r st c
do
	prog=${c%%:*}
	if ! [ -x "$BIN/$prog" ]
	then
		test_expect "$prog is not built: a [skipped] line says so" "
			expect_line '^\\[skipped: $prog, not built\\]\$' \"\$F\"
		"
		continue
	fi
	printf '%s\n' "${c#*:}" >"$TRASH/re.$prog"
	test_expect "$prog: its figures are in the file (or it cannot run here)" "
		[ $st != none ] ||
			fail \"no line matching \$(cat \"\$TRASH/re.$prog\"): \$(grep '^\\[[a-z]*: ${prog}[ ,]' \"\$F\")\"
	"
done <"$TRASH/found"

# UDP and TCP latency, and the calls beside them, are one step's each
# (lat_rpc -b), the call's statistics line tied to the plain one's.
if [ -x "$BIN/lat_rpc" ]
then
	test_expect 'UDP and TCP latency: lat_rpc -b'"'"'s plain round trips, each call tied to its step'"'"'s' '
		has_matches "$F" "^\[latbw-stat prog=lat_rpc case=plain-udp .* id=local\.udp[] ]" \
			"^\[latbw-stat prog=lat_rpc case=udp .* tied=lat_rpc:plain-udp id=local\.rpc-udp[] ]" \
			"^\[latbw-stat prog=lat_rpc case=plain-tcp .* id=local\.tcp[] ]" \
			"^\[latbw-stat prog=lat_rpc case=tcp .* tied=lat_rpc:plain-tcp id=local\.rpc-tcp[] ]" ||
			fail "$(grep -A1 "latency using localhost" "$F")"
	'
fi

test_expect 'series: a title line, points, then a blank line' '
	awk "/^\"mappings\$|^\"read bandwidth\$|^Memory read bandwidth\$/ { s = 1; n = 0; next }
		s && /^\$/ { if (n == 0) bad = 1; s = 0; next }
		s && !/^\[/ { if (\$0 !~ /^[0-9.]+ [0-9.]+\$/) bad = 1; n++ }
		END { exit bad || s }" "$F"
'

# lmbench's readers end a series at its first line that is not a point
# (getsummary's getbiggest, its lat_fs loop) or read every line up to the
# blank one as a point (its stride curves): the statistics of the points
# come after the blank line.  Only lat_ctx's overhead line, right after
# its title, is inside.
test_expect 'series: no line of our own after a series point, before its blank line' '
	awk "/^\"/ || /^(Socket bandwidth using|Memory (read|write|partial|bzero|load parallelism))/ { s = \$0; p = 0; next }
		s != \"\" && /^\$/ { s = \"\"; next }
		s != \"\" && /^\[/ && p { print \"inside \" s \": \" \$0; bad = 1 }
		s != \"\" && /^[0-9]/ { p = 1 }
		END { exit bad }" "$F"
'

test_expect 'series: each point statistics line comes after the series, and the summary finds them all' '
	grep -q "^\[latbw-stat prog=bw_file_rd .* x=" "$F" &&
	sh "$TOP/scripts/summary" -f csv "$F" >"$TRASH/csv" 2>"$TRASH/csverr" &&
	[ ! -s "$TRASH/csverr" ] &&
	awk -F, "\$5 != \"\" && \$8 == \"\" { print; bad = 1 } END { exit bad }" "$TRASH/csv" ||
		fail "points without statistics: $(awk -F, "\$5 != \"\" && \$8 == \"\"" "$TRASH/csv" | head -3) $(cat "$TRASH/csverr")"
'

# getsummary takes the first "stride=128 curve after "Memory load latency"
# for L1 $, L2 $ and Main mem: it must be the curve the summary reads them
# from (random order).  Quick mode leaves out the forward curves (a
# graph's; a full run writes them before that line).
test_expect 'memory: one "stride=128 curve after the section line, no forward curve' '
	if ! [ -x "$BIN/lat_mem_rd" ]
	then
		return 0
	fi
	awk "/^Memory load latency\$/ { m++; sect = 1; next }
		/^Random load latency\$/ { sect = 2; next }
		/^\"stride=128/ && sect == 1 { n++; t = \$0 }
		/^\"stride=/ && !sect { fwd++ }
		END { if (m != 1 || n != 1 || t !~ /order=random/ || fwd) {
			print m, n, t, fwd; exit 1 } }" "$F"
'

test_expect 'the summary of the run is printed' '
	if [ -f "$TOP/scripts/summary" ]
	then
		expect_line "^Processor, Processes - times in microseconds" "$TRASH/out"
	else
		expect_line "summary not printed" "$TRASH/err"
	fi
'

test_expect 'progress on stderr: k of N, elapsed, time left' '
	expect_line "^latbw-run: \[1/[0-9]+\] mhz \(0:[0-9]{2} elapsed, " "$TRASH/err" &&
	expect_line "^latbw-run: \[[0-9]+/[0-9]+\] .*elapsed, ~[0-9]+:[0-9]{2} left\)\$" "$TRASH/err"
'

test_expect 'nothing left behind in FSDIR or TMPDIR' '
	[ -z "$(ls -A "$TRASH/fs")" ] && [ -z "$(ls -A "$TRASH/tmp")" ] ||
		fail "left: $(ls -A "$TRASH/fs" "$TRASH/tmp")"
'

test_expect 'the configuration is saved for a rerun' '
	expect_line "^QUICK=1\$" "$TRASH/saved" && expect_line "^MB=[0-9]+\$" "$TRASH/saved"
'

# A second and a third run: new files, the first untouched; groups chosen.
sum0=$(cksum <"$F")
export sum0
: >"$D/$host.2"
quick_run BENCHMARKS=syscall
quick_run BENCHMARKS="sig lat_pipe"

test_expect 'a second run writes <host>.1 and leaves <host>.0 alone' '
	[ -f "$D/$host.1" ] && [ "$(cksum <"$F")" = "$sum0" ]
'

test_expect 'a used number is skipped: the third run writes <host>.3' '
	[ -f "$D/$host.3" ] && ! [ -s "$D/$host.2" ]
'

test_expect 'ROUNDS=1: one round, no round fields' '
	expect_line "^\[ROUNDS: 1\]\$" "$F" &&
	expect_line "^\[latbw-stat prog=lat_syscall case=null .*unit=us( [a-z_]+=[^ ]+)*\]\$" "$F" &&
	! grep -q " rounds=" "$F"
'

# The second run, in three rounds (quick mode's default): one figure
# line each, the fastest of the rounds (a time: the least), whose values
# are on its statistics line.
test_expect 'rounds: ROUNDS=3, one line per figure, its statistics line with the three rounds and the fastest taken' '
	expect_line "^\[ROUNDS: 3\]\$" "$D/$host.1" &&
	[ "$(grep -c "^Simple syscall: " "$D/$host.1")" -eq 1 ] &&
	[ "$(grep -c "^\[latbw-stat prog=lat_syscall case=null median=" "$D/$host.1")" -eq 1 ] &&
	expect_line "^\[latbw-stat prog=lat_syscall case=null median=.* rounds=3 round_spread=[0-9]+\.[0-9]{2}% round_values=[^,]+,[^,]+,[^,]+ from_round=[1-3] round_gap=[0-9]+\.[0-9]{2}%\]\$" "$D/$host.1" &&
	grep "^\[latbw-stat prog=lat_syscall case=null median=" "$D/$host.1" | awk "{
		for (i = 1; i <= NF; i++) {
			if (\$i ~ /^median=/) m = substr(\$i, 8)
			if (\$i ~ /^round_values=/) split(substr(\$i, 14), v, \",\")
			if (\$i ~ /^from_round=/) r = substr(\$i, 12)
		}
		# the least value is the figure, and from_round names its round
		for (i = 1; i <= 3; i++)
			if (v[i] + 0 < m + 0) exit 1
		exit !(m == v[r])
	}" || fail "the figure is not the fastest round: $(grep "^\[latbw-stat prog=lat_syscall case=null median=" "$D/$host.1")"
'

test_expect 'rounds: every statistics line says how many rounds measured it' '
	awk "/^\\[latbw-stat / &&
		!/ rounds=[1-3]( round_spread=[0-9.]+% round_values=[^ ]+( round_cpus=[0-9;]+)?( from_round=[1-3] round_gap=-?[0-9.]+%)?)?\\]\$/" \
		"$D/$host.1" "$D/$host.3" >"$TRASH/bad"
	! [ -s "$TRASH/bad" ] || fail "$(head -3 "$TRASH/bad")"
'

test_expect 'BENCHMARKS=syscall runs lat_syscall only' '
	expect_line "^\[BENCHMARKS: syscall\]\$" "$D/$host.1" &&
	expect_line "^Simple syscall: " "$D/$host.1" &&
	! grep -Eq "^(Signal|Pipe|Process|Select|Memory|integer)" "$D/$host.1"
'

test_expect 'BENCHMARKS="sig lat_pipe": a group and a program' '
	expect_line "^\[BENCHMARKS: sig lat_pipe\]\$" "$D/$host.3" &&
	! grep -Eq "^(Simple|Process|Select|Memory|integer|AF_UNIX)" "$D/$host.3" &&
	{ ! [ -x "$BIN/lat_sig" ] || expect_line "^Signal handler installation: " "$D/$host.3"; } &&
	{ ! [ -x "$BIN/lat_pipe" ] || expect_line "^Pipe latency: " "$D/$host.3"; }
'

test_done

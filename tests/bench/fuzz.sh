#!/bin/sh
# tests/bench/fuzz.sh - every program and every reader against hostile
# input, for a bounded time, with a census of what is left behind.
#
#   sh tests/bench/fuzz.sh [SECONDS]        (default 120)
#
# Not part of make test: it runs as long as it is told and reports counts
# to read.  It runs benchmarks, so hold the machine's test lock:
#   flock /tmp/latbw.lock sh tests/bench/fuzz.sh 120
#
# A run is one of four kinds.  One program of $LATBW_BUILD/bin (default
# build/bin) with generated options and operands -- bad and absurd sizes,
# negative and huge numbers, control characters, empty strings, missing
# files, a directory, a FIFO, an empty file, and now and then standard
# error on /dev/full.  One reader (scripts/summary, compare, graph) on a
# results file made hostile from a fixture -- garbage, truncation, huge
# numbers, NaN and inf, very long lines, CRLF, invalid UTF-8, control
# characters -- or made with oversized series: a lat_c2c row of thousands
# of points, CPUs past lat_c2c's numbers, groups lines of absurd ranges,
# labels and titles of up to a megabyte, a series of 200,000 points,
# thousands of curves.  The rounds' combiner (scripts/rounds.awk) on
# corrupted rounds of the rounds fixtures or of a real run (a median or
# figure made -1, 0, 1e400, nan or a word, a file cut at a random byte, a
# line deleted or doubled, control characters), then summary on what it
# made.  Or the driver, or its plan alone (registry.awk), on a broken
# registry (a malformed size, a weight that is no number, a field too
# many or too few, an unknown kind, group, flag or place, an empty
# command, a label of 10,000 characters or with control characters, a
# line deleted or doubled, CRLF, the file cut), with stand-ins for the
# programs that say they cannot run here.  Every run is under timeout(1)
# and a file size limit.
# Programs get "-N 1 -E 100 -B 8" after the generated options (the last
# one wins), so that a run that does measure stays short; the network
# programs get a port of the fuzzer's own and a 2-second idle time for any
# server they start.  No address but loopback is ever given.
#
# Before and after: a census of processes running programs of build/bin,
# latbw files in $TMPDIR and anything in the programs' own TMPDIR,
# listening sockets (ss, or /proc/net) and SysV IPC objects (ipcs, or
# /proc/sysvipc).  Printed at the end: runs, exit statuses, crashes
# (deaths by a signal), hangs (timeouts), runaway output (the file size
# limit), errors that were not one line (status 2 without exactly
# "prog: ..." and the usage line, a raw control character, the driver's
# same message twice), successes claimed with standard error unwritable,
# errors of awk itself (a limit of mawk, a file it cannot open), a
# reader's output out of all proportion to its input (over 16 MB and 20
# times the input), a combiner that failed or kept a figure that is not
# finite and above zero, the shell's own messages from the driver
# ("Illegal number") and results files without a closing line, and
# leftovers; the first few of each with their command lines, control
# characters escaped.
#
# Exit status: 0 if nothing was found, 1 if something was, 2 on bad
# arguments.

usage() {
	echo "usage: fuzz.sh [SECONDS]" >&2
	exit 2
}
[ "$#" -le 1 ] || usage
secs=${1:-120}
case $secs in
'' | *[!0-9]*) usage ;;
esac

top=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
build=${LATBW_BUILD:-build}
case $build in
/*) ;;
*) build=$top/$build ;;
esac
bin=$build/bin
[ -x "$bin/lat_syscall" ] || {
	echo "fuzz.sh: no programs in $bin (run make)" >&2
	exit 2
}
sysdir=${TMPDIR:-/tmp}
work=$(mktemp -d "$sysdir/latbw-fuzz.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM HUP

# ---- randomness: an LCG in shell arithmetic, seeded from the clock and us

seed=$(( ($(date +%s) * 31 + $$) % 2147483647 ))
# rnd N: R becomes a number from 0 to N-1.
rnd() {
	seed=$(( (seed * 1103515245 + 12345) % 2147483648 ))
	R=$(( (seed / 65536) % $1 ))
}

# ---- pools of hostile values (pool NAME VALUE...; pick NAME sets V)

pool() {
	pl_name=$1
	shift
	pl_n=0
	# shellcheck disable=SC2034 # read by the eval
	for pl_v
	do
		eval "pool_${pl_name}_$pl_n=\$pl_v"
		pl_n=$((pl_n + 1))
	done
	eval "pool_${pl_name}_n=$pl_n"
}
pick() {
	pk_n=1
	eval "pk_n=\$pool_${1}_n"
	rnd "$pk_n"
	eval "V=\$pool_${1}_$R"
}

nl='
'
esc=$(printf '\033')
tab=$(printf '\t')
cr=$(printf '\r')
bad8=$(printf '\377\376\300\200')
long=$(awk 'BEGIN { while (i++ < 10000) printf "x" }')

# Files the programs may be given.
mkdir "$work/tmp" "$work/dir"
: >"$work/empty"
printf 'x' >"$work/byte"
head -c 4096 /dev/zero >"$work/page"
head -c 1048576 /dev/zero >"$work/mb"
mkfifo "$work/fifo" 2>/dev/null
cp "$work/page" "$work/ro" && chmod 444 "$work/ro"

pool size 0 1 -1 1k 4k 64k 1m 1.5k .5k 4096b 1e3 0x10 99999999g \
	18446744073709551616 9e18 1g1 k "" " 1" +5 nan inf -0 1.2.3 1kk 0.5 \
	"1${nl}2" "$long"
pool num 0 1 2 3 -1 x "" 4294967296 99999999999999999999 1e3 0x1 " 2" \
	2.5 "3${esc}[2J"
pool text "" " " - -- "a${nl}b" "${esc}[31mred" "a${tab}b" "a${cr}b" \
	"$long" "%s%n%x" "'\"\$(id)\`id\`;|&" "$bad8" "-h" "--help" \
	"--version" "--" "-" "--hlep"
pool file "$work/missing" "$work/dir" "$work/empty" "$work/byte" \
	"$work/fifo" "$work/page" "$work/ro" "$work/mb" /dev/null /dev/zero ""
pool host localhost 127.0.0.1 ::1 127.0.0.2 "" - 256.1.1.1 "a${nl}b" \
	"[::1]" "127.0.0.1:80" "${esc}[31m"
pool P 0 -1 1025 x "" 2 1
pool W 1001 x -1 0 1
pool N 0 1001 x "" 1
pool C "" x 0- 99999 0,0 4095 0 0-1 ,
pool E 9 x 100 60000001 ""
pool B 0 x 604801 "" 3
pool port 0 70000 x -1 ""
pool secs 0 x "" 86401 2
pool proto udp tcp x "" UDP

# ---- what each program takes (from its usage line)

# spec PROG: OPTS (letters of its own options with an argument, and the
# argument word, as "m:bytes M:total") and FLAGS (letters without), and
# WORDS (the operand words of its usage line: case names, "file", ...).
spec() {
	sp_line=$("$bin/$1" -h 2>/dev/null | head -n 1)
	OPTS=$(printf '%s\n' "$sp_line" | awk '{
		while (match($0, /\[-[A-Za-z] [^]]*\]/)) {
			o = substr($0, RSTART + 2, RLENGTH - 3)
			if (o !~ /^[PWNCEB] /) {
				sub(/ /, ":", o)
				printf "%s ", o
			}
			$0 = substr($0, RSTART + RLENGTH)
		}
	}')
	FLAGS=$(printf '%s\n' "$sp_line" | awk '{
		while (match($0, /\[-[A-Za-z]\]/)) {
			printf "%s ", substr($0, RSTART + 2, 1)
			$0 = substr($0, RSTART + RLENGTH)
		}
	}')
	WORDS=$(printf '%s\n' "$sp_line" | awk '{
		sub(/^usage: [^ ]+/, "")
		gsub(/\[-[A-Za-z][^]]*\]/, "")
		gsub(/[][|.]/, " ")
		print
	}')
}

# ---- census

census() {
	ps -eo pid=,args= 2>/dev/null | awk -v b="$bin/" '
		{ a = $2 } index(a, b) == 1 { print $1, a }' | sort >"$work/$1.procs"
	{
		find "$sysdir" -maxdepth 1 -name 'latbw.*' 2>/dev/null
		find "$work/tmp" -mindepth 1 2>/dev/null
	} | sort >"$work/$1.files"
	if command -v ss >/dev/null 2>&1
	then
		ss -Htuln 2>/dev/null | awk '{ print $1, $5 }'
	else
		# TCP sockets listening (state 0A), UDP ones bound (07).
		for f in /proc/net/tcp /proc/net/tcp6 /proc/net/udp /proc/net/udp6
		do
			[ -r "$f" ] && awk -v f="$f" 'NR > 1 &&
				($4 == "0A" || (f ~ /udp/ && $4 == "07")) { print f, $2 }' "$f"
		done
	fi | sort -u >"$work/$1.socks"
	if [ -d /proc/sysvipc ]
	then
		for f in /proc/sysvipc/msg /proc/sysvipc/sem /proc/sysvipc/shm
		do
			[ -r "$f" ] && awk -v f="${f##*/}" 'NR > 1 { print f, $2 }' "$f"
		done
	elif command -v ipcs >/dev/null 2>&1
	then
		ipcs -a 2>/dev/null | awk '$2 ~ /^[0-9]+$/ { print $1, $2 }'
	fi | sort >"$work/$1.ipc"
}

# new KIND: what the "after" census of KIND has that the "before" had not.
new() {
	comm -13 "$work/before.$1" "$work/after.$1"
}

# ---- bookkeeping

runs=0
prog_runs=0
rounds_runs=0
registry_runs=0
reader_runs=0
crashes=0
hangs=0
runaway=0
untidy=0
claimed=0
failed=0
nonfinite=0
awkerr=0
amplified=0
shellerr=0
unclosed=0
: >"$work/found"

# shown TEXT: TEXT with control characters escaped, on one line, cut.
shown() {
	printf '%s' "$1" | LC_ALL=C awk 'BEGIN { RS = "\001" } {
		s = $0
		out = ""
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "\n") c = "\\n"
			else if (c == "\t") c = "\\t"
			else if (c == "\r") c = "\\r"
			else if (c ~ /[\001-\037\177]/) c = "\\x??"
			out = out c
		}
		if (length(out) > 160) out = substr(out, 1, 160) "..."
		printf "%s", out
	}'
}

# note KIND: remember the command in $cmd as an example of KIND (the first
# five of each kind are kept).
note() {
	eval "nt_n=\${seen_$1:-0}"
	nt_n=$((nt_n + 1))
	eval "seen_$1=$nt_n"
	[ "$nt_n" -le 5 ] || return 0
	printf '  %s: %s\n' "$1" "$(shown "$cmd")" >>"$work/found"
}

# count_status SET RC: add RC to the status histogram SET (prog, reader).
count_status() {
	eval "st_$1_$2=\$((\${st_$1_$2:-0} + 1))"
	case " $(eval "printf '%s' \"\$codes_$1\"") " in
	*" $2 "*) ;;
	*) eval "codes_$1=\"\$codes_$1 $2\"" ;;
	esac
}

# judge SET RC: classify a finished run.
judge() {
	count_status "$1" "$2"
	case $2 in
	124 | 137)
		hangs=$((hangs + 1))
		note hang
		;;
	153)
		runaway=$((runaway + 1))
		note runaway
		;;
	129 | 1[3-9][0-9] | 2[0-5][0-9])
		crashes=$((crashes + 1))
		note "crash_signal_$(($2 - 128))"
		;;
	esac
}

# ---- one program run

programs=$(cd "$bin" && ls)
nprogs=$(printf '%s\n' "$programs" | wc -l)

port=$(awk -v s="$$" 'BEGIN { srand(s); print 40000 + int(rand() * 9000) }')

# opt_value WORD: V becomes a hostile value for an option whose argument
# is called WORD in the usage line.
opt_value() {
	case $1 in
	bytes | total | size | KB | pages) pick size ;;
	port) pick port ;;
	secs) pick secs ;;
	*udp*) pick proto ;;
	N | copies | reps | count | procs) pick num ;;
	*)
		rnd 2
		if [ "$R" = 0 ]
		then
			pick text
		else
			pick size
		fi
		;;
	esac
}

# operand WORDS: V becomes an operand: a word of the usage line (the
# words that name a kind of operand replaced by one of that kind), a file,
# a size, a number or text.
operand() {
	rnd 6
	case $R in
	0 | 1)
		# shellcheck disable=SC2086 # the words, split
		set -- $1 x
		rnd "$#"
		shift "$R"
		V=$1
		;;
	2) pick file ;;
	3) pick size ;;
	4) pick num ;;
	*) pick text ;;
	esac
	case $V in
	host | address) pick host ;;
	file | dir) pick file ;;
	size | size_MB | total | bytes) pick size ;;
	nprocs | stride) pick num ;;
	esac
}

# The arguments of a run, kept in numbered variables a_0, a_1, ... (a
# function cannot set its caller's positional parameters): args_reset,
# args_add VALUE, then run_args or cmd_text.
args_reset() {
	na=0
}
args_add() {
	eval "a_$na=\$1"
	na=$((na + 1))
}
# run_args STDERR-FILE PROG-PATH: run PROG-PATH with the arguments, under
# timeout (tmo seconds) and a 256 MB file size limit; rc is its status.
run_args() {
	ra_err=$1
	ra_prog=$2
	set --
	ra_i=0
	while [ "$ra_i" -lt "$na" ]
	do
		eval "set -- \"\$@\" \"\$a_$ra_i\""
		ra_i=$((ra_i + 1))
	done
	(
		ulimit -f 524288 2>/dev/null
		TMPDIR=$work/tmp
		export TMPDIR
		exec timeout -k 2 "$tmo" "$ra_prog" "$@" </dev/null >"${run_out:-/dev/null}" 2>"$ra_err"
	)
	rc=$?
}
# cmd_text: the command line of the arguments, for reports.
cmd_text() {
	cmd=$1
	ct_i=0
	ct_a=
	while [ "$ct_i" -lt "$na" ]
	do
		eval "ct_a=\$a_$ct_i"
		cmd="$cmd '$ct_a'"
		ct_i=$((ct_i + 1))
	done
}

fuzz_program() {
	p=$1
	spec "$p"
	args_reset
	is_net=no
	case " $OPTS " in
	*" o:port "*) is_net=yes ;;
	esac
	rnd 4
	no=$R
	while [ "$no" -gt 0 ]
	do
		no=$((no - 1))
		# shellcheck disable=SC2086 # the options, split
		set -- P W N C E B $OPTS $FLAGS
		rnd "$#"
		shift "$R"
		case $1 in
		[PWNCEB])
			pick "$1"
			args_add "-$1"
			args_add "$V"
			;;
		?:*)
			opt_value "${1#?:}"
			args_add "-${1%%:*}"
			args_add "$V"
			;;
		?)
			args_add "-$1"
			;;
		esac
	done
	if [ "$p" != latbw-hello ]
	then
		for a in -N 1 -E 100 -B 8
		do
			args_add "$a"
		done
		if [ "$is_net" = yes ]
		then
			for a in -o "$port" -i 2
			do
				args_add "$a"
			done
		fi
	fi
	rnd 4
	nop=$R
	while [ "$nop" -gt 0 ]
	do
		nop=$((nop - 1))
		# Network programs get loopback hosts only: any other text
		# could name a real host, or (like "0") every address.
		if [ "$is_net" = yes ]
		then
			pick host
		else
			operand "$WORDS"
		fi
		args_add "$V"
	done
	tmo=20
	rnd 8
	full=no
	[ "$R" = 0 ] && [ -w /dev/full ] && full=yes
	cmd_text "$p"
	if [ "$full" = yes ]
	then
		cmd="$cmd 2>/dev/full"
		run_args /dev/full "$bin/$p"
	else
		run_args "$work/err" "$bin/$p"
	fi
	prog_runs=$((prog_runs + 1))
	judge prog "$rc"
	if [ "$full" = yes ]
	then
		# Help goes to stdout; a network program's -s and -S print
		# nothing when they succeed.
		case " $is_net $cmd " in
		*"'-h'"* | *"'--help'"* | *"'--version'"*) ;;
		" yes "*"'-s'"* | " yes "*"'-S'"*) ;;
		*)
			if [ "$rc" = 0 ] && [ "$p" != latbw-hello ]
			then
				claimed=$((claimed + 1))
				note claimed_success_stderr_full
			fi
			;;
		esac
		return 0
	fi
	if LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$work/err"
	then
		untidy=$((untidy + 1))
		note raw_control_character
	elif [ "$rc" = 2 ] && ! awk -v p="$p" '
		NR == 1 && index($0, p ": ") == 1 { next }
		NR == 2 && index($0, "usage: " p " ") == 1 { next }
		{ bad = 1 }
		END { exit bad || NR != 2 }' "$work/err"
	then
		untidy=$((untidy + 1))
		note not_one_error_line
	fi
}

# ---- one reader run

# Copies of the fixtures, so that nothing here can ever write to the tree.
mkdir "$work/fix"
find "$top/tests/fixtures" -type f \( -name '*.results' -o -name '*.[0-9]' \) 2>/dev/null |
	sort | awk '{ print NR "\t" $0 }' | while IFS="$tab" read -r n f
do
	cp "$f" "$work/fix/$n"
done
nfix=$(find "$work/fix" -type f | wc -l | tr -d ' ')

# hostile OUT: OUT becomes a fixture made hostile.
hostile() {
	hf_out=$1
	rnd "$nfix"
	src=$work/fix/$((R + 1))
	size=$(wc -c <"$src")
	rnd 15
	case $R in
	0)
		rnd "$((size + 1))"
		head -c "$R" "$src" >"$hf_out"
		;;
	1) head -c 4000 /dev/urandom >"$hf_out" ;;
	2)
		rnd 4
		LC_ALL=C awk -v k="$R" 'BEGIN {
			big[0] = "1e400"; big[1] = "-1e308"; big[2] = "1e-400"
			s = "9"; while (length(s) < 400) s = s s; big[3] = s
		}
		{ gsub(/[0-9]+\.[0-9]+/, big[k]); print }' "$src" >"$hf_out"
		;;
	3)
		rnd 4
		LC_ALL=C awk -v k="$R" 'BEGIN {
			w[0] = "nan"; w[1] = "inf"; w[2] = "-inf"; w[3] = "NaN"
		}
		{ gsub(/[0-9]+\.[0-9]+/, w[k]); print }' "$src" >"$hf_out"
		;;
	4)
		LC_ALL=C awk 'NR == 5 {
			s = "x"; while (length(s) < 200000) s = s s; print s " 1.0"
		} { print }' "$src" >"$hf_out"
		;;
	5) LC_ALL=C sed "s/\$/$cr/" "$src" >"$hf_out" ;;
	6)
		LC_ALL=C awk -v b="$bad8" '{ if (NR % 3 == 0) $1 = $1 b; print }' "$src" >"$hf_out"
		;;
	7)
		LC_ALL=C awk -v e="$esc" '{ if (NR % 4 == 1) $0 = e "[31m" $0 e "[0m"; print }' "$src" >"$hf_out"
		;;
	8) : >"$hf_out" ;;
	10 | 11 | 12 | 13 | 14)
		oversized "$hf_out"
		;;
	*)
		rnd 1000
		LC_ALL=C awk -v s="$R" 'BEGIN { srand(s) } { l[NR] = $0 }
			END { for (i = NR; i > 1; i--) { j = int(rand() * i) + 1
				t = l[i]; l[i] = l[j]; l[j] = t }
			for (i = 1; i <= NR; i++) print l[i] }' "$src" >"$hf_out"
		;;
	esac
}

fuzz_reader() {
	hostile "$work/r.0"
	args_reset
	rnd 3
	case $R in
	0)
		r=summary
		rnd 4
		case $R in
		0) args_add -f; args_add json ;;
		1) args_add -f; args_add csv ;;
		2) args_add -s ;;
		esac
		args_add "$work/r.0"
		;;
	1)
		r=compare
		hostile "$work/r.1"
		args_add "$work/r.1"
		args_add "$work/r.0"
		;;
	*)
		r=graph
		rm -rf "$work/g"
		args_add -o
		args_add "$work/g"
		args_add "$work/r.0"
		;;
	esac
	tmo=30
	cmd_text "scripts/$r"
	run_out=$work/rout
	run_args "$work/err" "$top/scripts/$r"
	run_out=
	reader_runs=$((reader_runs + 1))
	judge reader "$rc"
	if [ "$r" = compare ]
	then
		reader_checks "$work/r.0" "$work/r.1"
	else
		reader_checks "$work/r.0"
	fi
	rm -rf "$work/g"
}

# oversized OUT: OUT becomes a results file whose series are oversized: a
# lat_c2c row of thousands of points (a table is the square of its
# CPUs), rows past lat_c2c's CPU numbers, groups lines of absurd ranges,
# labels and titles of up to a megabyte (a figure, a scaling or loaded
# latency curve, a plain series, a statistics line, the header), a series
# of 200,000 points, or thousands of curves.
oversized() {
	ov_out=$1
	rnd 9
	ov_kind=$R
	rnd 4000
	ov_n=$((R + 500))
	rnd 3
	ov_len=$((100000 * (R + 1) * (R + 1)))
	LC_ALL=C awk -v k="$ov_kind" -v n="$ov_n" -v len="$ov_len" 'BEGIN {
		print "[lmbench3.0 results for Linux fuzz 6.1.0 #1 SMP x86_64 GNU/Linux]"
		print "[LMBENCH_VER: latbw-0.1]"
		s = "L"
		while (length(s) < len)
			s = s s
		if (k == 0) {
			print "\"c2c cas cpu=0"
			for (i = 1; i <= n; i++)
				printf "%d %d.%d\n", i, 40 + i % 50, i % 10
			print ""
		} else if (k == 1) {
			print "[latbw-c2c-groups level=smt 0-4095 0-4095 0-4095 " s "]"
			print "[latbw-c2c-groups level=l3 0-99999999999999999999 00000000000000000000000000000001]"
			for (r = 0; r < n; r += 97) {
				print "\"c2c pipe cpu=" r * 13
				for (i = r; i < n; i += 89)
					printf "%d %d.5\n", i * 13, 3 + i % 7
				print ""
			}
		} else if (k == 2)
			print s ": 1.5 microseconds"
		else if (k == 3) {
			print "\"scaling lat_" s " null processes"
			for (i = 1; i <= 64; i++)
				print i, 1000 * i
			print ""
		} else if (k == 4) {
			print "\"loaded latency mode=read pages=" tolower(s)
			print "1 90\n2 95\n"
		} else if (k == 5) {
			print "\"" s
			for (i = 1; i <= 100; i++)
				print i, 5 * i
			print ""
			print "Simple syscall: 0.2 microseconds"
			print "[latbw-stat prog=" s " case=" s " median=0.2 min=0.1 max=0.3 spread=1.00% reps=5 n=1 copies=1 cpus=any unit=us]"
		} else if (k == 6) {
			print "Memory read bandwidth"
			for (i = 1; i <= 200000; i++)
				printf "%.6f %d\n", i / 1000, 5000 + i % 300
			print ""
		} else if (k == 7) {
			for (j = 0; j < n; j++) {
				print "\"scaling lat_syscall c" j " processes"
				print "1 1000\n2 2000\n"
			}
		} else {
			for (j = 0; j < n; j++) {
				print "\"c2c cas cpu=" j
				print j + 1, "50.0"
				print ""
			}
		}
		print "[COMPLETE: 1 of 1 steps, 0 failed]"
	}' >"$ov_out"
}

# ---- one run of the rounds' combiner

# Copies of the rounds fixtures, and a real run's file as three rounds.
mkdir "$work/rfix"
cp "$top/tests/fixtures/rounds/round.1" "$top/tests/fixtures/rounds/round.2" \
	"$top/tests/fixtures/rounds/round.3" "$work/rfix/" 2>/dev/null
rfix_real=$top/tests/fixtures/getsummary/x86_64-linux-gnu/vm.0

# cut_random IN OUT: OUT becomes IN cut after a random byte (R).
cut_random() {
	cr_size=$(wc -c <"$1")
	rnd "$((cr_size + 1))"
	head -c "$R" "$1" >"$2"
}

# damage_round IN OUT: OUT becomes IN with (or, one time in four, without)
# damage: a median or a figure made -1, 0, 1e400, nan, a word; the file
# cut at a random byte; a line deleted or repeated; control characters.
damage_round() {
	rnd 4
	if [ "$R" = 0 ]
	then
		cp "$1" "$2"
		return
	fi
	rnd 8
	dr_kind=$R
	rnd 1000
	dr_seed=$R
	if [ "$dr_kind" = 7 ]
	then
		cut_random "$1" "$2"
		return
	fi
	LC_ALL=C awk -v k="$dr_kind" -v s="$dr_seed" -v e="$esc" 'BEGIN {
		srand(s)
		split("-1 0 0.0 1e400 -1e400 1e-400 nan inf -inf x 1e308 -0.5", bad, " ")
	}
	{ l[NR] = $0 }
	END {
		t = int(rand() * NR) + 1
		b = bad[int(rand() * 12) + 1]
		for (i = 1; i <= NR; i++) {
			x = l[i]
			if (i == t || rand() < 0.05) {
				if (k <= 2 && x ~ / median=/)
					sub(/ median=[^ \]]*/, " median=" b, x)
				else if (k <= 4 && x ~ /^[A-Za-z].*: [0-9.]+ /)
					sub(/: [0-9.]+ /, ": " b " ", x)
				else if (k <= 4 && x ~ /^[0-9.]+ [0-9.]+$/)
					sub(/ [0-9.]+$/, " " b, x)
				else if (k == 5)
					continue
				else if (k == 6)
					x = x "\n" x
				else
					x = e "[31m" x "\r"
			}
			print x
		}
	}' "$1" >"$2"
}

fuzz_rounds() {
	rnd 3
	case $R in
	0) set -- "$work/rfix/round.1" "$work/rfix/round.2" "$work/rfix/round.3" ;;
	1) set -- "$work/rfix/round.1" "$work/rfix/round.2" ;;
	*) set -- "$rfix_real" "$rfix_real" "$rfix_real" ;;
	esac
	rm -f "$work"/rd.*
	fr_n=0
	for fr_f
	do
		fr_n=$((fr_n + 1))
		damage_round "$fr_f" "$work/rd.$fr_n"
	done
	set -- "$work"/rd.*
	cmd="awk -f scripts/rounds.awk $* (damaged copies)"
	rm -rf "$work/rr"
	mkdir "$work/rr"
	timeout -k 2 30 awk -f "$top/scripts/rounds.awk" "$@" >"$work/rr/fuzz.0" 2>"$work/err"
	rc=$?
	rounds_runs=$((rounds_runs + 1))
	judge rounds "$rc"
	if [ "$rc" != 0 ] && [ "$rc" -lt 124 ]
	then
		failed=$((failed + 1))
		note rounds_combiner_failed
	fi
	err_checks
	# A figure two rounds or more made: no median, spread or value that
	# is not finite and above zero.
	if grep '^\[latbw-stat .* rounds=[2-9]' "$work/rr/fuzz.0" |
		grep -Eiq '(median|round_spread|round_gap|round_values)=[^ ]*(inf|nan|=-|,-)|(median|round_values)=-'
	then
		nonfinite=$((nonfinite + 1))
		note rounds_nonfinite_figure
	fi
	# The combined file, read.
	reader_on "$work/rr/fuzz.0"
}

# reader_on FILE: summary (a random format) on FILE, judged as a reader.
reader_on() {
	args_reset
	rnd 3
	case $R in
	0) args_add -f; args_add json ;;
	1) args_add -f; args_add csv ;;
	esac
	args_add "$1"
	tmo=30
	cmd_text "scripts/summary"
	run_out=$work/rout
	run_args "$work/err" "$top/scripts/summary"
	run_out=
	reader_runs=$((reader_runs + 1))
	judge reader "$rc"
	reader_checks "$1"
}

# err_checks: what no run's messages ($work/err) may hold: a raw control
# character, an error of awk itself (a limit of mawk, a file it cannot
# open).
err_checks() {
	if LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$work/err"
	then
		untidy=$((untidy + 1))
		note raw_control_character
	fi
	if grep -Eq '^(m|g|original-|busybox )?awk: |program limit exceeded' "$work/err"
	then
		awkerr=$((awkerr + 1))
		cmd="$cmd: $(grep -Em1 '^(m|g|original-|busybox )?awk: |program limit exceeded' "$work/err")"
		note awk_error
	fi
}

# reader_checks FILE...: err_checks, and output out of all proportion to
# the input FILEs (in $work/rout, $work/g).
reader_checks() {
	[ "$rc" -lt 124 ] || return 0
	err_checks
	rc_in=$(cat "$@" 2>/dev/null | wc -c)
	rc_out=0
	[ -f "$work/rout" ] && rc_out=$(wc -c <"$work/rout")
	[ -d "$work/g" ] && rc_out=$((rc_out + $(cat "$work"/g/* 2>/dev/null | wc -c)))
	if [ "$rc_out" -gt $((16777216 + 20 * rc_in)) ]
	then
		amplified=$((amplified + 1))
		note "amplified_output_${rc_out}_bytes"
	fi
}

# ---- one run with a broken registry

# The scripts, copied, so that their registry can be broken; stand-ins
# for every program (each says it cannot run here, exit 3), so that a
# run takes seconds and measures nothing.
mkdir "$work/s" "$work/fake" "$work/dres" "$work/dfs" "$work/dtmp"
cp -R "$top/scripts/." "$work/s/"
awk -v what=progs -f "$top/scripts/registry.awk" "$top/scripts/registry" |
while IFS= read -r p
do
	printf '#!/bin/sh\necho "${0##*/}: cannot run here (a stand-in of the fuzzer)" >&2\nexit 3\n' >"$work/fake/$p"
	chmod +x "$work/fake/$p"
done

# break_registry: $work/s/registry, the registry with one line (or, one
# time in eight, the file) broken: a size field malformed (0..4k, x..4k,
# 4k..0, 1e400), a weight not a number (abc, 1+, -1), a field too many
# or too few, a kind, group, flag or place unknown, a command empty or
# naming no program, a label of 10,000 characters or with control
# characters, the line deleted or repeated, CRLF, the file cut.
break_registry() {
	rnd 12
	br_kind=$R
	rnd 1000
	br_seed=$R
	if [ "$br_kind" = 11 ]
	then
		cut_random "$top/scripts/registry" "$work/s/registry"
		br_desc="cut after byte $R"
		return
	fi
	LC_ALL=C awk -v k="$br_kind" -v s="$br_seed" -v e="$esc" -v long="$long" -v desc="$work/brdesc" 'BEGIN {
		srand(s)
		split("0..4k|x..4k|4k..0|1..1e400||-|99999999g|4k..4096k..8k|{MB}x|..|0|1k..", sz, "|")
		split("abc|1+|-1||99999999999999999999|1e3|0x10| 5 5", wt, "|")
	}
	{ l[NR] = $0 }
	END {
		do
			t = int(rand() * NR) + 1
		while (l[t] ~ /^#/ || l[t] == "")
		n = split(l[t], f, "|")
		if (k == 0) {
			f[rand() < 0.5 ? 7 : 8] = " " sz[int(rand() * 12) + 1] " "
		} else if (k == 1)
			f[3] = " " wt[int(rand() * 8) + 1] " "
		else if (k == 2)
			f[++n] = " extra "
		else if (k == 3)
			n = int(rand() * 5) + 1
		else if (k == 4)
			f[1] = rand() < 0.5 ? " bogus " : ""
		else if (k == 5)
			f[2] = rand() < 0.5 ? " " : " x,y "
		else if (k == 6)
			f[rand() < 0.5 ? 4 : 5] = rand() < 0.5 ? " ZZ9 " : " nowhere "
		else if (k == 7)
			f[6] = rand() < 0.5 ? " " : " nosuchprogram {S} {S} "
		else if (k == 8)
			f[9] = rand() < 0.5 ? " " long " " : " a" e "[31mb "
		line = f[1]
		for (i = 2; i <= n; i++)
			line = line "|" f[i]
		print "line " t ", " (k <= 8 ? "fields:" line : k == 9 ? "deleted or doubled" : "CRLF") > desc
		for (i = 1; i <= NR; i++) {
			if (i != t) {
				print l[i]
				continue
			}
			if (k == 9) {
				if (rand() < 0.5)
					print l[i] "\n" l[i]
				continue
			}
			if (k == 10) {
				print l[i] "\r"
				continue
			}
			print line
		}
	}' "$top/scripts/registry" >"$work/s/registry"
	br_desc=$(sed -n 1p "$work/brdesc")
}

fuzz_registry() {
	break_registry
	rnd 3
	if [ "$R" = 0 ]
	then
		# The plan alone (the issue's hang: 0..4k looped for ever).
		rnd 2
		cmd="awk -v what=plan -v quick=$R -v mb=8 -f registry.awk (registry $br_desc)"
		timeout -k 2 20 awk -v what=plan -v quick="$R" -v mb=8 \
			-f "$work/s/registry.awk" "$work/s/registry" >/dev/null 2>"$work/err"
		rc=$?
		registry_runs=$((registry_runs + 1))
		judge registry "$rc"
	else
		set -- syscall select sig proc ops vm file all
		rnd "$#"
		shift "$R"
		rnd 2
		fz_rounds=$((R + 1))
		cmd="BENCHMARKS=$1 ROUNDS=$fz_rounds latbw-run (registry $br_desc)"
		rm -rf "$work/dres"
		mkdir "$work/dres"
		(
			ulimit -f 524288 2>/dev/null
			exec env -u BOUND -u CONFIG -u FSDIR -u IDLE -u MB -u NICE -u QUICK \
				-u SAME_CPU -u REMOTE -u REPS -u RERUN -u ROUNDS -u RSH -u SYNC_MAX -u USECS \
				LATBW_BIN="$work/fake" BENCHMARKS="$1" QUICK=1 ROUNDS="$fz_rounds" MB=1 BOUND=5 \
				FSDIR="$work/dfs" RESULTS_DIR="$work/dres" TMPDIR="$work/dtmp" \
				LATBW_SAVED_CONFIG="$work/dsaved" \
				timeout -k 2 120 sh "$work/s/latbw-run" </dev/null >/dev/null 2>"$work/err"
		)
		rc=$?
		registry_runs=$((registry_runs + 1))
		judge registry "$rc"
		if [ "$rc" -lt 124 ]
		then
			# The shell's own messages ("latbw-run: 560: Illegal
			# number: 1+"): the registry reached the shell unchecked.
			if grep -Eq ': [0-9]+: |Illegal number|[Bb]ad substitution|syntax error|parameter not set' "$work/err"
			then
				shellerr=$((shellerr + 1))
				cmd="$cmd: $(sed -n 1p "$work/err")"
				note shell_error_message
			fi
			# One message per bad line, not the same twice.
			if [ "$rc" = 2 ] && [ -n "$(sort "$work/err" | uniq -d)" ]
			then
				untidy=$((untidy + 1))
				cmd="$cmd: $(sed -n 1p "$work/err")"
				note same_error_twice
			fi
			# A results file is closed by COMPLETE or INCOMPLETE.
			if [ -n "$(find "$work/dres" -type f -name '*.[0-9]*' \
				-exec grep -EL '^\[(COMPLETE|INCOMPLETE): ' {} +)" ]
			then
				unclosed=$((unclosed + 1))
				note results_file_not_closed
			fi
		fi
	fi
	err_checks
}

# ---- the run

census before
start=$(date +%s)
end=$((start + secs))
i=0
while [ "$(date +%s)" -lt "$end" ]
do
	i=$((i + 1))
	rnd 8
	if [ "$R" -le 1 ] && [ "$nfix" -gt 0 ]
	then
		fuzz_reader
	elif [ "$R" = 2 ]
	then
		fuzz_rounds
	elif [ "$R" = 3 ]
	then
		fuzz_registry
	else
		# shellcheck disable=SC2086 # the list, split
		set -- $programs
		rnd "$nprogs"
		shift "$R"
		fuzz_program "$1"
	fi
	runs=$((runs + 1))
done

# Servers started with -s end after their 2-second idle time.
w=0
while [ "$w" -lt 20 ]
do
	census after
	[ -z "$(new procs)" ] && break
	sleep 1
	w=$((w + 1))
done
census after

for k in procs files socks ipc
do
	new "$k" | head -n 5 | while IFS= read -r line
	do
		printf '  leftover %s: %s\n' "$k" "$(shown "$line")"
	done >>"$work/found"
done
left_procs=$(new procs | wc -l | tr -d ' ')
left_files=$(new files | wc -l | tr -d ' ')
left_socks=$(new socks | wc -l | tr -d ' ')
left_ipc=$(new ipc | wc -l | tr -d ' ')
leftovers=$((left_procs + left_files + left_socks + left_ipc))

# histogram SET: "code:count ..." sorted by code.
histogram() {
	hg_codes=
	eval "hg_codes=\$codes_$1"
	for c in $hg_codes
	do
		eval "printf '%s:%s\n' \"$c\" \"\$st_$1_$c\""
	done | sort -n | tr '\n' ' '
}

printf 'fuzz: %s s, %s runs (%s programs, %s readers, %s rounds combined, %s broken registries), seed %s\n' \
	"$(( $(date +%s) - start ))" "$runs" "$prog_runs" "$reader_runs" "$rounds_runs" "$registry_runs" "$seed"
printf 'exit statuses, programs: %s\n' "$(histogram prog)"
printf 'exit statuses, readers: %s\n' "$(histogram reader)"
printf 'exit statuses, rounds combiner: %s\n' "$(histogram rounds)"
printf 'exit statuses, broken registries (plan, driver): %s\n' "$(histogram registry)"
printf 'crashes (signals): %s\n' "$crashes"
printf 'hangs (timeouts): %s\n' "$hangs"
printf 'runaway output (file size limit): %s\n' "$runaway"
printf 'errors not one line, or raw control characters: %s\n' "$untidy"
printf 'success claimed with stderr unwritable: %s\n' "$claimed"
printf 'awk errors (limits, files it cannot open): %s\n' "$awkerr"
printf 'output out of proportion (over 16 MB + 20 x the input): %s\n' "$amplified"
printf 'rounds: combiner failed %s, a non-finite or negative figure kept %s\n' "$failed" "$nonfinite"
printf 'broken registries: shell error messages %s, results files not closed %s\n' "$shellerr" "$unclosed"
printf 'leftovers: %s processes, %s files, %s sockets, %s IPC objects\n' \
	"$left_procs" "$left_files" "$left_socks" "$left_ipc"
if [ -s "$work/found" ]
then
	echo "examples:"
	cat "$work/found"
fi
[ $((crashes + hangs + runaway + untidy + claimed + leftovers + awkerr + amplified + failed + nonfinite + shellerr + unclosed)) -eq 0 ]

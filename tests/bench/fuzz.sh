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
# A run is either one program of $LATBW_BUILD/bin (default build/bin) with
# generated options and operands -- bad and absurd sizes, negative and
# huge numbers, control characters, empty strings, missing files, a
# directory, a FIFO, an empty file, and now and then standard error on
# /dev/full -- or one reader (scripts/summary, compare, graph) on a
# results file made hostile from a fixture: garbage, truncation, huge
# numbers, NaN and inf, very long lines, CRLF, invalid UTF-8, control
# characters.  Every run is under timeout(1) and a file size limit.
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
# "prog: ..." and the usage line, or a raw control character), successes
# claimed with standard error unwritable, and leftovers; the first few of
# each with their command lines, control characters escaped.
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
reader_runs=0
crashes=0
hangs=0
runaway=0
untidy=0
claimed=0
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
		exec timeout -k 2 "$tmo" "$ra_prog" "$@" </dev/null >/dev/null 2>"$ra_err"
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
	rnd 10
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
	run_args "$work/err" "$top/scripts/$r"
	reader_runs=$((reader_runs + 1))
	judge reader "$rc"
	if [ "$rc" -lt 124 ] && LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$work/err"
	then
		untidy=$((untidy + 1))
		note raw_control_character
	fi
	rm -rf "$work/g"
}

# ---- the run

census before
start=$(date +%s)
end=$((start + secs))
i=0
while [ "$(date +%s)" -lt "$end" ]
do
	i=$((i + 1))
	rnd 4
	if [ "$R" = 0 ] && [ "$nfix" -gt 0 ]
	then
		fuzz_reader
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

printf 'fuzz: %s s, %s runs (%s programs, %s readers), seed %s\n' \
	"$(( $(date +%s) - start ))" "$runs" "$prog_runs" "$reader_runs" "$seed"
printf 'exit statuses, programs: %s\n' "$(histogram prog)"
printf 'exit statuses, readers: %s\n' "$(histogram reader)"
printf 'crashes (signals): %s\n' "$crashes"
printf 'hangs (timeouts): %s\n' "$hangs"
printf 'runaway output (file size limit): %s\n' "$runaway"
printf 'errors not one line, or raw control characters: %s\n' "$untidy"
printf 'success claimed with stderr unwritable: %s\n' "$claimed"
printf 'leftovers: %s processes, %s files, %s sockets, %s IPC objects\n' \
	"$left_procs" "$left_files" "$left_socks" "$left_ipc"
if [ -s "$work/found" ]
then
	echo "examples:"
	cat "$work/found"
fi
[ $((crashes + hangs + runaway + untidy + claimed + leftovers)) -eq 0 ]

#!/bin/sh
# tests/bench/lmbench3-placement.sh - latbw's two-party benchmarks beside
# lmbench 3's own programs, both pinned the same way, in interleaved rounds.
#
#   sh tests/bench/lmbench3-placement.sh LMBENCH3-BIN-DIR
#
# LMBENCH3-BIN-DIR holds lmbench 3's built programs (bin/<os> of a
# checkout, built outside this repository: lmbench is GPL with extra terms,
# and nothing of it is copied here).  Without it the script says why and
# exits 0 (skipped).  latbw's programs are taken from build/bin
# ($LATBW_BUILD/bin): run `make` first.  Not part of `make test`; hold the
# benchmark lock while it runs (flock /tmp/latbw.lock sh ...).
#
# Placements (CPU A is 0, CPU B the first other online CPU, another core
# than A's where the topology says so):
#   same   latbw -C A; lmbench taskset -c A for every process, servers too.
#   cross  latbw -C A,B (timed process on A, its peer or server on B);
#          lmbench: a server started under taskset -c B, its client under
#          taskset -c A.  A program that forks its own peer (lat_pipe,
#          lat_fifo, lat_unix, lat_sem, lat_fcntl, lat_ctx, bw_pipe,
#          bw_unix) cannot be split by taskset, since the child inherits
#          the mask; those run under taskset -c A,B with
#          LMBENCH_SCHED=UNIQUE, lmbench's own placement, which pins the
#          benchmark process to the mask's first CPU and its child k to the
#          (k+1)-th (lat_ctx: ring member i to CPU i mod 2).
# lmbench's servers register with the portmapper (lat_rpc always, the
# others unless lmbench was built with NO_PORTMAPPER): when none answers
# and we are root, rpcbind is started for the run and stopped after it,
# and the files it wrote are removed (NO_RPCBIND=1: lmbench's network
# benchmarks are then skipped when none answers).
#
# Each round runs every benchmark under each placement, latbw then lmbench
# in odd rounds and lmbench then latbw in even ones, so that a drift of the
# machine hits both.  Every lmbench run is bounded by timeout (TMO seconds,
# default 120), every server it starts is stopped with -S, and processes of
# its that remain are killed by PID.
#
# Environment: ROUNDS (default 3), REPS (samples per run, -N, both suites;
# default 11, lmbench's own), TMO, IDLE.
#
# Idle CPUs: latbw's programs pinned to two CPUs ask that idle CPUs poll
# while they measure (latbw(7)); lmbench's do not.  IDLE=poll (the
# default) holds the same request (/dev/cpu_dma_latency, 0) for the whole
# script, lmbench's runs included; IDLE=os makes none and runs latbw's
# with -I, both then paying for the idle states.  Where the request
# cannot be made (not root) or nothing would heed it (no cpuidle driver)
# the script says so and uses os.
#
# Output: one line per benchmark and placement: the median over rounds of
# each suite's figure, the ratio latbw/lmbench, and "yes" when the ratio is
# within 0.8-1.25 ("no" otherwise, "-" when either has no figure; the
# reason follows).  Latencies are in microseconds, bandwidths in MB/s.
# Exit status 0 when every ratio is within, 1 otherwise, 2 on bad use.
#
# Rows that differ by definition, not by error (measured on a 2-vCPU KVM
# guest; see each program's manual page for latbw's definition):
#   lat_sem      lmbench reports half of its loop's time (one hand-off),
#                latbw the round trip: expect 2x.  Across CPUs more: its
#                System V semop takes one semaphore and posts the other in
#                one call, and the kernel completes a sleeper's semop in
#                the waker's context, so the two processes overlap.
#   lat_fcntl    lmbench's peers never hand off: fcntl locks are not
#                inherited across fork, so its parent re-takes its own
#                lock at once and the figure is four fcntl calls (the same
#                on one CPU and across two); latbw's is a real round trip.
#   lat_connect  latbw's client waits for the server's accept and FIN
#                (a cross-CPU wake-up when the server is on the other
#                CPU); lmbench's connects and closes without waiting, and
#                closing first it keeps every client port in TIME_WAIT:
#                after a few runs its connect() hunts for a free port and
#                its figure grows to milliseconds.
#   lat_udp      lmbench's server did not register with rpcbind here
#                (not investigated).
#   bw_tcp       lmbench fixes 1 MB socket buffers; latbw leaves them to
#                the kernel's autotuning, which across CPUs streams faster
#                and on one CPU slower (AMD guest, 5 runs each, -m 64k,
#                -C 0: latbw 2300, latbw -b 1m 2731, lmbench 2513 MB/s).
#   lat_rpc      lmbench's client is libtirpc's, which makes a poll and
#                two sigprocmask calls per call beside latbw's sendto and
#                recvfrom (UDP, strace -c): latbw/lmbench 0.69-0.84.
#   bw_pipe      across CPUs both suites move by 1.5x from run to run on
#                the AMD guest (latbw 1467-2207, lmbench 1556-1750 MB/s in
#                8 interleaved runs; medians 1613 and 1675): one round's
#                0.755 there was that, not a difference.

me=lmbench3-placement.sh

usage() {
	echo "usage: $me LMBENCH3-BIN-DIR" >&2
	exit 2
}

case "${1:-}" in
-h | --help)
	sed -n '2,75s/^# \{0,1\}//p' "$0"
	exit 0
	;;
esac
[ $# -eq 1 ] || usage
lm=$1
skip() {
	echo "$me: skipped: $*" >&2
	exit 0
}
[ -d "$lm" ] || skip "no directory $lm (lmbench 3's bin/<os>)"
for p in lat_pipe lat_tcp bw_tcp lat_ctx
do
	[ -x "$lm/$p" ] || skip "no lmbench 3 program $lm/$p"
done
lm=$(cd "$lm" && pwd -P) || exit 2
for c in taskset timeout awk sort
do
	command -v "$c" >/dev/null 2>&1 || skip "$c is needed"
done

top=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
bin=${LATBW_BUILD:-$top/build}/bin
[ -x "$bin/lat_pipe" ] || {
	echo "$me: no $bin/lat_pipe: run make first" >&2
	exit 2
}

# lmbench's own placement is used only where this script sets it.
unset LMBENCH_SCHED
ROUNDS=${ROUNDS:-3}
REPS=${REPS:-11}
TMO=${TMO:-120}
IDLE=${IDLE:-poll}
case "$IDLE" in
poll | os) ;;
*)
	echo "$me: IDLE is poll or os" >&2
	usage
	;;
esac
for v in "$ROUNDS" "$REPS" "$TMO"
do
	case "$v" in
	'' | *[!0-9]* | 0)
		echo "$me: ROUNDS, REPS and TMO are whole numbers above 0" >&2
		usage
		;;
	esac
done

# The CPUs: A is 0, B the first other online CPU, preferring one that is
# not A's SMT sibling.
expand() {
	printf '%s\n' "$1" | tr ',' '\n' | awk -F- '
		NF == 1 && $1 != "" { print $1 }
		NF == 2 { for (i = $1; i <= $2; i++) print i }'
}
sysc=/sys/devices/system/cpu
online=$(cat "$sysc/online" 2>/dev/null) || online=0
sib=$(cat "$sysc/cpu0/topology/thread_siblings_list" 2>/dev/null) || sib=0
cpu_a=0
cpu_b=
for c in $(expand "$online")
do
	[ "$c" = 0 ] && continue
	if ! expand "$sib" | grep -qx "$c"
	then
		cpu_b=$c
		break
	fi
	[ -z "$cpu_b" ] && cpu_b=$c
done
placements=same
if [ -n "$cpu_b" ]
then
	placements="same cross"
else
	echo "$me: one CPU only: the same-CPU placement only" >&2
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/lmb3place.XXXXXX") || exit 1
# shellcheck source=tests/bench/lmbench3-lib.sh
. "$(dirname "$0")/lmbench3-lib.sh"
cleanup() {
	for f in "$scratch"/started.*
	do
		[ -f "$f" ] && lm_kill "${f##*/started.}"
	done
	portmapper_stop
	rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# lm_kill PROG: no process of lmbench's PROG is left (TERM, then KILL).
# Only for a PROG that theirs() found not running before it ran one, so
# every such process is one of ours.
lm_kill() {
	[ -f "$scratch/started.$1" ] || return 0
	pids=$(lm_pids "$1")
	[ -z "$pids" ] && return 0
	# shellcheck disable=SC2086 # a list of PIDs
	kill $pids 2>/dev/null
	sleep 0.2
	pids=$(lm_pids "$1")
	# shellcheck disable=SC2086 # a list of PIDs
	[ -n "$pids" ] && kill -9 $pids 2>/dev/null
	return 0
}

# lm_reap PROG: after a run, its processes get a second to end; those
# still there are killed and counted in the notes (lmbench's lat_fifo,
# for one, can leave its forked peer spinning on a closed FIFO, printing
# an error in a loop).
lm_reap() {
	i=0
	while [ $i -lt 10 ] && [ -n "$(lm_pids "$1")" ]
	do
		sleep 0.1
		i=$((i + 1))
	done
	n=$(lm_pids "$1" | wc -l)
	if [ "$n" -gt 0 ]
	then
		echo "lmbench's $1 left $n process(es) running after its run: killed" >>"$scratch/notes"
		lm_kill "$1"
	fi
}

# The portmapper, for lmbench's servers.
portmapper_start

# A port for latbw's servers that nobody listens on, away from lmbench's
# fixed ones (31233-31239).
port_n=0
pick_port() {
	while [ $port_n -lt 200 ]
	do
		port_n=$((port_n + 1))
		pt=$(awk -v s="$$" -v t="$port_n" 'BEGIN {
			srand(s * 31 + t); print 20000 + int(rand() * 11000) }')
		if ! command -v ss >/dev/null 2>&1 ||
			[ -z "$(ss -Htuan "( sport = :$pt )" 2>/dev/null)" ]
		then
			echo "$pt"
			return 0
		fi
	done
	return 1
}

# The benchmarks: name|kind|lmbench's title(s)|extra arguments.  kind:
# fork (the program makes its own peer), net (a server started with -s,
# stopped with -S), unix (ours forks its peer; lmbench's has a server).
# A title "#X" is the line whose first field is X (the figure is the
# second field).
benches='lat_pipe|fork|Pipe latency|
lat_fifo|fork|Fifo latency|
lat_unix|fork|AF_UNIX sock stream latency|
lat_sem|fork|Semaphore latency|
lat_fcntl|fork|Fcntl lock latency|
lat_udp|net|UDP latency using localhost|
lat_tcp|net|TCP latency using localhost|
lat_rpc|net|RPC/udp latency using localhost;RPC/tcp latency using localhost|
lat_connect|net|TCP/IP connection cost to localhost|
lat_unix_connect|unix|UNIX connection cost|
lat_ctx|fork|#2|-s 0 2
bw_pipe|fork|Pipe bandwidth|
bw_unix|fork|AF_UNIX sock stream bandwidth|
bw_tcp|net|#0.065536|-m 64k'

# figure TITLE FILE: the number of the line TITLE names in FILE (a file
# that a leftover process may have filled with errors: the lines are
# picked out with grep first).
figure() {
	case "$1" in
	'#'*) grep -E "^${1#?} " "$2" ;;
	*) grep -F -e "$1:" "$2" ;;
	esac | awk -v t="$1" '
		substr(t, 1, 1) == "#" {
			if ($1 == substr(t, 2) && $2 ~ /^[0-9.]+$/) { print $2; exit }
			next
		}
		index($0, t ":") == 1 {
			s = substr($0, length(t) + 2)
			split(s, f, " ")
			if (f[1] ~ /^[0-9.]+$/) { print f[1]; exit }
		}'
}

# record SUITE BENCH PLACE TITLES FILE: each title's figure (or the
# reason there is none) in the figures file.
record() {
	r_titles=$4
	while [ -n "$r_titles" ]
	do
		t=${r_titles%%;*}
		if [ "$t" = "$r_titles" ]
		then
			r_titles=
		else
			r_titles=${r_titles#*;}
		fi
		row=$2
		case "$t" in
		RPC/udp*) row=lat_rpc/udp ;;
		RPC/tcp*) row=lat_rpc/tcp ;;
		esac
		v=$(figure "$t" "$5")
		if [ -n "$v" ]
		then
			echo "$row $3 $1 $v" >>"$scratch/figs"
		else
			why=$(grep -v '^\[latbw-stat' "$5" | grep . | head -n 1 |
				cut -c1-160)
			echo "$row $3 $1 ${why:-no figure}" >>"$scratch/why"
		fi
	done
}

# wait_listen KIND PROG: until lmbench's PROG server listens (5 s at
# most): registered with the portmapper under its program number, or
# (built with NO_PORTMAPPER) on its fixed port.
wait_listen() {
	case "$2" in
	lat_udp) prog=404032 proto=udp pt=31238 ;;
	lat_tcp) prog=404039 proto=tcp pt=31234 ;;
	lat_rpc) prog=404040 proto=tcp pt='' ;;
	lat_connect) prog=404042 proto=tcp pt=31237 ;;
	bw_tcp) prog=404041 proto=tcp pt=31236 ;;
	*) prog='' proto='' pt='' ;;
	esac
	i=0
	while [ $i -lt 50 ]
	do
		if [ "$2" = lat_unix_connect ]
		then
			[ -S /tmp/af_unix ] && return 0
		else
			rpcinfo -p 127.0.0.1 2>/dev/null | awk -v p="$prog" \
				-v t="$proto" '$1 == p && $3 == t { f = 1 }
				END { exit !f }' && return 0
			if [ -n "$proto" ] && command -v ss >/dev/null 2>&1
			then
				q=-Hltn
				[ "$proto" = udp ] && q=-Hlun
				[ -n "$pt" ] &&
					[ -n "$(ss "$q" "( sport = :$pt )" 2>/dev/null)" ] &&
					return 0
				# A libtirpc build's lat_udp binds a port of its
				# own that rpcinfo -p does not list: its socket.
				ss "${q}p" 2>/dev/null | grep -q "((\"$2\"," &&
					return 0
			fi
		fi
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# ours BENCH KIND PLACE TITLES ARGS
ours() {
	pin="-C $cpu_a"
	[ "$3" = cross ] && pin="-C $cpu_a,$cpu_b"
	[ "$IDLE" = os ] && pin="-I $pin"
	out=$scratch/out
	: >"$out"
	case "$2" in
	fork | unix)
		# shellcheck disable=SC2086 # options and arguments
		timeout -k 5 "$TMO" "$bin/$1" $pin -N "$REPS" -B "$TMO" $5 \
			2>"$out" >/dev/null
		;;
	net)
		port=$(pick_port) || {
			echo "latbw: no free port" >"$out"
			record latbw "$1" "$3" "$4" "$out"
			return
		}
		# shellcheck disable=SC2086 # options
		if "$bin/$1" -o "$port" -i 30 $pin -s 2>"$out" >/dev/null
		then
			# shellcheck disable=SC2086 # options and arguments
			timeout -k 5 "$TMO" "$bin/$1" -o "$port" $pin -N "$REPS" \
				-B "$TMO" $5 localhost 2>"$out" >/dev/null
			timeout 10 "$bin/$1" -o "$port" -S localhost \
				>/dev/null 2>&1
		fi
		;;
	esac
	record latbw "$1" "$3" "$4" "$out"
}

# theirs BENCH KIND PLACE TITLES ARGS
theirs() {
	out=$scratch/out
	: >"$out"
	if [ "$2" = net ] && [ "$rpc_ok" = 0 ]
	then
		echo "$rpc_why" >"$out"
		record lmbench "$1" "$3" "$4" "$out"
		return
	fi
	if [ "$3" = same ]
	then
		cl="taskset -c $cpu_a"
		sv="taskset -c $cpu_a"
		fk="taskset -c $cpu_a"
	else
		cl="taskset -c $cpu_a"
		sv="taskset -c $cpu_b"
		fk="env LMBENCH_SCHED=UNIQUE taskset -c $cpu_a,$cpu_b"
	fi
	if [ -n "$(lm_pids "$1")" ]
	then
		echo "an lmbench $1 was already running" >"$out"
		record lmbench "$1" "$3" "$4" "$out"
		return
	fi
	: >"$scratch/started.$1"
	case "$2" in
	fork)
		# shellcheck disable=SC2086 # command words and arguments
		timeout -k 5 "$TMO" $fk "$lm/$1" -N "$REPS" $5 \
			2>"$out" >/dev/null
		rc=$?
		[ $rc -ge 124 ] &&
			echo "timed out after $TMO s (status $rc)" >>"$out"
		;;
	net | unix)
		if [ "$2" = unix ] && [ -e /tmp/af_unix ]
		then
			echo "/tmp/af_unix (lmbench's lat_unix_connect server) exists" >"$out"
		else
			host=localhost
			[ "$2" = unix ] && host=
			# shellcheck disable=SC2086 # command words
			$sv "$lm/$1" -s >/dev/null 2>"$out"
			if wait_listen "$2" "$1"
			then
				# shellcheck disable=SC2086 # words and arguments
				timeout -k 5 "$TMO" $cl "$lm/$1" -N "$REPS" $5 $host \
					2>"$out" >/dev/null
				rc=$?
				[ $rc -ge 124 ] &&
					echo "timed out after $TMO s (status $rc)" >>"$out"
			else
				echo "lmbench's $1 server did not start" >>"$out"
			fi
			# shellcheck disable=SC2086 # empty for lat_unix_connect
			timeout 10 "$lm/$1" -S $host >/dev/null 2>&1
			lm_reap "$1"
			# Not there before the server (checked above): its own.
			[ "$2" = unix ] && rm -f /tmp/af_unix
		fi
		;;
	esac
	lm_reap "$1"
	record lmbench "$1" "$3" "$4" "$out"
}

if [ "$IDLE" = poll ]
then
	drv=$(cat /sys/devices/system/cpu/cpuidle/current_driver 2>/dev/null)
	# Held while fd 9 is open: to the script's end.
	if [ -z "$drv" ] || [ "$drv" = none ]
	then
		echo "$me: no cpuidle driver here: idle CPUs are the OS's (IDLE=os)" >&2
		IDLE=os
	elif [ "$(id -u)" = 0 ] && exec 9>/dev/cpu_dma_latency &&
		printf '\000\000\000\000' >&9
	then
		:
	else
		echo "$me: cannot hold /dev/cpu_dma_latency: IDLE=os" >&2
		IDLE=os
	fi 2>/dev/null
fi
echo "$me: CPU A $cpu_a${cpu_b:+, CPU B $cpu_b}; $ROUNDS rounds, -N $REPS; idle CPUs $IDLE; latbw from $bin, lmbench from $lm" >&2
ipcs -s 2>/dev/null | awk '$2 ~ /^[0-9]+$/ { print $2 }' | sort >"$scratch/sem.before"
lm_tmp() {
	for f in /tmp/lmbench_f1.* /tmp/lmbench_f2.* /tmp/lmbench-fcntl*
	do
		[ -e "$f" ] && printf '%s\n' "$f"
	done | sort
}
lm_tmp >"$scratch/tmp.before"
r=1
while [ $r -le "$ROUNDS" ]
do
	echo "$me: round $r of $ROUNDS" >&2
	printf '%s\n' "$benches" | while IFS='|' read -r b kind titles args
	do
		for pl in $placements
		do
			if [ $((r % 2)) = 1 ]
			then
				ours "$b" "$kind" "$pl" "$titles" "$args"
				theirs "$b" "$kind" "$pl" "$titles" "$args"
			else
				theirs "$b" "$kind" "$pl" "$titles" "$args"
				ours "$b" "$kind" "$pl" "$titles" "$args"
			fi
		done
	done
	r=$((r + 1))
done

# What lmbench left: its fifos and semaphore sets of runs cut short.
lm_tmp | comm -13 "$scratch/tmp.before" - | while IFS= read -r f
do
	rm -f "$f"
done
ipcs -s 2>/dev/null | awk '$2 ~ /^[0-9]+$/ { print $2 }' | sort >"$scratch/sem.after"
left=$(comm -13 "$scratch/sem.before" "$scratch/sem.after")
[ -n "$left" ] &&
	echo "$me: semaphore sets left by a run cut short: $left" >&2

# The table: per row and placement, the median of each suite's figures.
touch "$scratch/figs" "$scratch/why" "$scratch/notes"
sort "$scratch/notes" | uniq -c | while read -r n text
do
	echo "$me: $text (x$n)" >&2
done
printf '%s\n' "$benches" | awk -F'|' '{ print $1 }' | while read -r b
do
	if [ "$b" = lat_rpc ]
	then
		echo lat_rpc/udp
		echo lat_rpc/tcp
	else
		echo "$b"
	fi
done >"$scratch/rows"
awk -v pls="$placements" '
	function median(list,    n, a, i, j, t) {
		n = split(list, a, " ")
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
				t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
			}
		if (n == 0) return ""
		if (n % 2) return a[(n + 1) / 2]
		return (a[n / 2] + a[n / 2 + 1]) / 2
	}
	FILENAME ~ /rows$/ { rows[++nr] = $1; next }
	FILENAME ~ /figs$/ { v[$1 " " $2 " " $3] = v[$1 " " $2 " " $3] " " $4; next }
	{
		k = $1 " " $2 " " $3
		if (!(k in why)) {
			s = $0
			sub(/^[^ ]+ [^ ]+ [^ ]+ /, "", s)
			why[k] = s
		}
	}
	END {
		np = split(pls, pl, " ")
		printf "%-16s %-6s %12s %12s %7s  %s\n", "benchmark", "place", "latbw", "lmbench3", "ratio", "0.8-1.25"
		bad = 0
		for (i = 1; i <= nr; i++)
			for (j = 1; j <= np; j++) {
				o = median(v[rows[i] " " pl[j] " latbw"])
				t = median(v[rows[i] " " pl[j] " lmbench"])
				note = ""
				if (o == "" || t == "" || t + 0 == 0) {
					ratio = "-"; in_ = "-"
					if (o == "") note = "latbw: " why[rows[i] " " pl[j] " latbw"]
					if (t == "") note = note (note == "" ? "" : "; ") "lmbench: " why[rows[i] " " pl[j] " lmbench"]
				} else {
					ratio = sprintf("%.3f", o / t)
					in_ = (o / t >= 0.8 && o / t <= 1.25) ? "yes" : "no"
					if (in_ == "no") bad = 1
				}
				printf "%-16s %-6s %12s %12s %7s  %s%s\n", rows[i], pl[j], \
					o == "" ? "-" : o, t == "" ? "-" : t, ratio, in_, \
					note == "" ? "" : "  (" note ")"
			}
		exit bad
	}' "$scratch/rows" "$scratch/figs" "$scratch/why"

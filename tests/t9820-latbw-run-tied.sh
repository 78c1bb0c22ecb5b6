#!/bin/sh
# Figures that a consistency check of the summary compares (UDP and
# RPC/UDP, TCP and RPC/TCP) come from one moment.  The combiner
# (rounds.awk) takes the figures tied together (tied=PROG:CASE on a
# statistics line: the line it goes with) from one round, the one where
# they were together fastest, even when each one's fastest round is
# another.  The driver ties them: on this host, both figures of a step
# of lat_rpc -b, which times the plain round trip and the call in
# alternating samples (registry flag T: the call's line is tied to the
# plain one's); to a remote host, each of TCP, RPC/UDP and RPC/TCP to
# the step before it, taken right after it on its CPUs (flag W).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"
. "$TESTS_DIR/lib-driver.sh"


# stat PROG CASE MEDIAN [MORE]: a statistics line.
stat() {
	printf '[latbw-stat prog=%s case=%s median=%s min=%s max=%s spread=1.00%% reps=3 n=10 copies=1 cpus=0 unit=us placement=same%s]\n' \
		"$1" "$2" "$3" "$3" "$3" "${4:-}"
}

# round R UDP RPCUDP RPCTCP TCP XUDP XRPC: round R's file, round.R: the
# four local figures (RPC/udp tied to UDP, TCP to RPC/tcp), then a
# second pair of the same programs (as the cross-CPU ones are), XUDP and
# XRPC ("-": that figure failed in this round).
round() {
	{
		[ "$1" = 1 ] && echo '[lmbench3.0 results for Linux box]'
		echo "UDP latency using localhost: $2 microseconds"
		stat lat_udp udp "$2"
		echo "RPC/udp latency using localhost: $3 microseconds"
		stat lat_rpc udp "$3" " tied=lat_udp:udp"
		echo "RPC/tcp latency using localhost: $4 microseconds"
		stat lat_rpc tcp "$4"
		echo "TCP latency using localhost: $5 microseconds"
		stat lat_tcp tcp "$5" " tied=lat_rpc:tcp"
		echo "UDP latency (cross CPU) using localhost: $6 microseconds"
		stat lat_udp udp "$6"
		if [ "$7" != - ]
		then
			echo "RPC/udp latency (cross CPU) using localhost: $7 microseconds"
			stat lat_rpc udp "$7" " tied=lat_udp:udp"
		fi
		# tied to a line no line before it is: taken alone
		echo "Pipe latency: $6 microseconds"
		stat lat_pipe pipe "$6" " tied=lat_none:x"
	} >"$TRASH/round.$1"
}

# UDP 10, 9, 11 and RPC/udp 10.5, 12, 9.8: each one's fastest round is
# another (2 and 3); together round 1 is fastest (10/9 + 10.5/9.8 =
# 2.18, against 2.22 and 2.22).  RPC/tcp 20, 19, 22 and TCP 16, 18, 15:
# round 1 (1.05 + 1.07) against 1.11 and 1.16 + 1.  The second pair:
# UDP 30, 20, 25 and RPC/udp 31, -, 26 (round 2's failed): round 3,
# among the rounds that have both (25/25 + 26/26), not round 2 (the
# second UDP's fastest) nor the first pair's round.
round 1 10.0000 10.5000 20.0000 16.0000 30.0000 31.0000
round 2 9.0000 12.0000 19.0000 18.0000 20.0000 -
round 3 11.0000 9.8000 22.0000 15.0000 25.0000 26.0000

# has_line LINE: the combined file holds exactly that line.
has_line() {
	grep -Fqx -- "$1" "$TRASH/comb" || fail "no line '$1' in: $(cat "$TRASH/comb")"
}

for a in $AWKS
do
	test_expect "[$a] tied figures from one round, the fastest of the two together; the gap to a faster round below zero" "
		combiner '$a' '$TRASH/round.1' '$TRASH/round.2' '$TRASH/round.3' >'$TRASH/comb' 2>'$TRASH/cerr' &&
		! [ -s '$TRASH/cerr' ] &&
		has_line 'UDP latency using localhost: 10.0000 microseconds' &&
		has_line 'RPC/udp latency using localhost: 10.5000 microseconds' &&
		has_line '[latbw-stat prog=lat_udp case=udp median=10.0000 min=9.0000 max=11.0000 spread=1.00% reps=3 n=10 copies=1 cpus=0 unit=us placement=same rounds=3 round_spread=20.00% round_values=10.0000,9.0000,11.0000 from_round=1 round_gap=-10.00%]' &&
		has_line '[latbw-stat prog=lat_rpc case=udp median=10.5000 min=9.8000 max=12.0000 spread=1.00% reps=3 n=10 copies=1 cpus=0 unit=us placement=same tied=lat_udp:udp rounds=3 round_spread=20.95% round_values=10.5000,12.0000,9.8000 from_round=1 round_gap=-6.67%]'
	"
	test_expect "[$a] a tie to the figure before it: RPC/tcp and TCP from round 1" "
		has_line 'RPC/tcp latency using localhost: 20.0000 microseconds' &&
		has_line 'TCP latency using localhost: 16.0000 microseconds' &&
		grep -q 'prog=lat_rpc case=tcp .* from_round=1 round_gap=-5.00%]' '$TRASH/comb' &&
		grep -q 'prog=lat_tcp case=tcp .* tied=lat_rpc:tcp .* from_round=1 round_gap=-6.25%]' '$TRASH/comb'
	"
	test_expect "[$a] the nearest line before with that prog and case; only the rounds that have both" "
		has_line 'UDP latency (cross CPU) using localhost: 25.0000 microseconds' &&
		has_line 'RPC/udp latency (cross CPU) using localhost: 26.0000 microseconds' &&
		[ \"\$(grep -c 'from_round=3' '$TRASH/comb')\" -eq 2 ]
	"
	test_expect "[$a] tied to no line before it: its own fastest round" "
		has_line 'Pipe latency: 20.0000 microseconds' &&
		grep -q 'prog=lat_pipe .* from_round=2 round_gap=25.00%]' '$TRASH/comb'
	"
done

test_expect 'without tied=, each figure its own fastest round (as before)' '
	for r in 1 2 3
	do
		sed "s/ tied=[^] ]*//" "$TRASH/round.$r" >"$TRASH/free.$r" || return 1
	done &&
	combiner awk "$TRASH/free.1" "$TRASH/free.2" "$TRASH/free.3" >"$TRASH/comb" &&
	has_line "UDP latency using localhost: 9.0000 microseconds" &&
	has_line "RPC/udp latency using localhost: 9.8000 microseconds"
'

# The driver: a stand-in lat_rpc whose figures differ each round,
# SAME_CPU=quiet with a latbw-quiet that names another CPU at each call.
mkdir "$TRASH/bin" "$TRASH/tmp" "$TRASH/fs" "$TRASH/res"
# The stand-ins start as the real programs do, through latbw-start, where
# it is built: without it each step starts setsid, sh and nice besides
# (t9060 checks that way).
[ -x "$BIN/latbw-start" ] && ln -s "$BIN/latbw-start" "$TRASH/bin/latbw-start"
echo 6 >"$TRASH/quiet.n"
# (Its files read by the shell: a $(cat) is a process a call.)
fake latbw-quiet 'read -r n <"'"$TRASH"'/quiet.n"; n=$((n + 1)); echo "$n" >"'"$TRASH"'/quiet.n"
if [ "$1" = -p ]; then echo "0,$n"; else echo "$n"; fi'
# A client of -b -p udp|tcp prints the plain round trip's figure and the
# call's, each with its statistics line, the next of the values below
# each run of its placement and protocol (the plain one's first); a
# server (-s, -S), or --version, does nothing.  Each run is logged in
# $TRASH/args; the first run on one CPU or two of the udp client naps
# 1.2 s, longer than the driver keeps latbw-quiet's answer.  (Its count
# and values taken by the shell: a wc and two cuts were five processes
# a run.)
fake lat_rpc 'echo "$0 $*" >>"'"$TRASH"'/args"
case " $* " in
*" -s "* | *" -S "* | *" --version "*) exit 0 ;;
esac
c=any
x=
while [ "$#" -gt 0 ]
do
	case "$1" in
	-C) c=$2 ;;
	-p) x=$2 ;;
	esac
	shift
done
case "$x" in
udp) plain="UDP latency" pv="10.0000 9.0000 11.0000" rv="10.5000 12.0000 9.8000" ;;
*) x=tcp plain="TCP latency" pv="16.0000 18.0000 15.0000" rv="20.0000 19.0000 22.0000" ;;
esac
p=same
case "$c" in *,*) p=cross ;; esac
f="'"$TRASH"'/n.$x.$p"
echo x >>"$f"
n=0
while read -r _
do
	n=$((n + 1))
done <"$f"
[ "$n" = 1 ] && [ "$x" = udp ] && sleep 1.2
# nth N WORDS: v, the Nth of WORDS (none past the last).
nth() {
	shift "$1" 2>/dev/null && v=$1 || v=
}
for k in plain call
do
	if [ "$k" = plain ]
	then
		nth "$n" $pv
		label="$plain" case="plain-$x"
	else
		nth "$n" $rv
		label="RPC/$x latency" case=$x
	fi
	echo "$label using localhost: $v microseconds" >&2
	echo "[latbw-stat prog=lat_rpc case=$case median=$v min=$v max=$v spread=0.00% reps=1 n=1 copies=1 cpus=$c unit=us placement=$p]" >&2
done'

# UDP 10, 9, 11 and RPC/udp 10.5, 12, 9.8: together round 1 (as above);
# TCP 16, 18, 15 and RPC/tcp 20, 19, 22: round 1 (16/15 + 20/19 = 2.12,
# against 2.20 and 2.16).
test_expect 'a run: UDP and TCP latency are lat_rpc -b'"'"'s, each call tied to its step'"'"'s plain round trip, both from one round' '
	stub_run BENCHMARKS=net ROUNDS=3 &&
	[ "$(cat "$TRASH/rc")" = 0 ] &&
	grep -q "^\[latbw-stat prog=lat_rpc case=udp .* placement=same tied=lat_rpc:plain-udp .* from_round=1 " "$F" &&
	grep -q "^\[latbw-stat prog=lat_rpc case=tcp .* placement=same tied=lat_rpc:plain-tcp .* from_round=1 " "$F" &&
	grep -q "^\[latbw-stat prog=lat_rpc case=plain-udp .* placement=same .* from_round=1 " "$F" &&
	grep -q "^\[latbw-stat prog=lat_rpc case=plain-tcp .* placement=same .* from_round=1 " "$F" &&
	expect_line "^UDP latency using localhost: 10.0000 microseconds" "$F" &&
	expect_line "^RPC/udp latency using localhost: 10.5000 microseconds" "$F" &&
	expect_line "^TCP latency using localhost: 16.0000 microseconds" "$F" &&
	expect_line "^RPC/tcp latency using localhost: 20.0000 microseconds" "$F" &&
	! grep -q "case=plain-[a-z]* .*tied=" "$F" || {
		fail "$(cat "$F")"
		return 1
	}
'

test_expect 'a run: each step runs lat_rpc -b for one protocol, without -P' '
	[ "$(grep -c " -b -p udp localhost\$" "$TRASH/args")" -ge 3 ] &&
	[ "$(grep -c " -b -p tcp localhost\$" "$TRASH/args")" -ge 3 ] &&
	! grep -q " -P " "$TRASH/args"
'

# lists_of ONE|TWO: the -C lists of lat_rpc's runs (server, then the
# udp and tcp clients, each round), in order, of one CPU or of two.
lists_of() {
	if [ "$1" = one ]
	then
		sed -n "s/.* -C \\([0-9]*\\)\\( .*\\)*\$/\\1/p" "$TRASH/args"
	else
		sed -n "s/.* -C \\([0-9]*,[0-9]*\\).*/\\1/p" "$TRASH/args"
	fi | tr "\n" " "
}

# same_lists HOW: in each round, the server and its two clients on one
# CPU (HOW one) or one pair (two), though the udp client's first run took
# longer than latbw-quiet's answer is kept.
same_lists() {
	r=$(lists_of "$1") || return 1
	# shellcheck disable=SC2086 # the lists, split at blanks
	set -- $r
	if [ "$#" -eq 9 ]
	then
		ok=yes
		while [ "$#" -gt 0 ]
		do
			[ "$1" = "$2" ] && [ "$1" = "$3" ] || ok=no
			shift 3
		done
		[ "$ok" = yes ] && return 0
	fi
	fail "lat_rpc: $r"
}

test_expect 'a run: each client on the CPU its server was started on' '
	same_lists one
'

if [ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ]
then
	test_expect 'a run: across CPUs, each client on its server'"'"'s pair, the call tied to the plain round trip' '
		same_lists two && F=$(find "$TRASH/res" -type f -name "*.0") &&
		grep -q "^\[latbw-stat prog=lat_rpc case=udp .* placement=cross tied=lat_rpc:plain-udp .* from_round=1 " "$F" &&
		expect_line "^UDP latency \\(cross CPU\\) using localhost: 10\\.0000 microseconds" "$F" &&
		expect_line "^RPC/udp latency \\(cross CPU\\) using localhost: 10\\.5000 microseconds" "$F"
	'
else
	test_skip 'a run: across CPUs, each client on its server'"'"'s pair, the call tied to the plain round trip' 'one CPU: no cross-CPU steps'
fi

test_expect 'BENCHMARKS=lat_tcp: lat_rpc -b -p tcp and its server only, RPC/tcp tied to TCP' '
	rm -f "$TRASH"/n.* "$TRASH/args" &&
	stub_run BENCHMARKS=lat_tcp ROUNDS=3 &&
	[ "$(cat "$TRASH/rc")" = 0 ] &&
	! grep -q " -p udp " "$TRASH/args" &&
	grep -q "^\[latbw-stat prog=lat_rpc case=tcp .* tied=lat_rpc:plain-tcp .* from_round=1 " "$F" &&
	expect_line "^TCP latency using localhost: 16.0000 microseconds" "$F" &&
	expect_line "^RPC/tcp latency using localhost: 20.0000 microseconds" "$F" &&
	! grep -q "^UDP latency" "$F"
'

test_done

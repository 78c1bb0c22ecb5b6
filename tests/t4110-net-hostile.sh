#!/bin/sh
# The network servers against hostile peers (netpoke.c, compiled here):
# connections beyond the cap are refused at once, not served by a process
# each; UDP servers answer only requests of their own form, never an
# answer, never themselves (a forged source), never a system port, and
# repeats only at a bounded rate.  Servers run on a port of their own (or
# in namespaces of their own) and are killed on every way out.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-net.sh"

port=$(free_port) || exit 1
trap 'for p in lat_udp lat_tcp lat_rpc bw_tcp lat_connect
do
	for o in 0 1 2 3 4
	do
		kill_servers "$p" "$((port + o))"
	done
done
rm -rf "$TRASH"' EXIT

poke=$TRASH/netpoke
if ! ${CC:-cc} -o "$poke" "$TESTS_DIR/netpoke.c" 2>"$TRASH/cc"
then
	poke=
fi

# hold_and_count PROG PORT N: hold N silent connections to PROG's server
# on PORT; leaves netpoke's line in $TRASH/hold and the number of the
# server's processes meanwhile in $TRASH/procs.
hold_and_count() {
	# Emptied here: the child truncates it only once it runs.
	: >"$TRASH/hold"
	"$poke" hold "$2" "$3" 30 >"$TRASH/hold" &
	hc_pid=$!
	hc_i=0
	while [ ! -s "$TRASH/hold" ] && [ "$hc_i" -lt 100 ]
	do
		sleep 0.1
		hc_i=$((hc_i + 1))
	done
	server_pids "$1" "$2" | wc -l | tr -d ' ' >"$TRASH/procs"
	kill "$hc_pid"
	wait "$hc_pid" 2>/dev/null
	[ -s "$TRASH/hold" ] || fail "netpoke hold said nothing"
}

# A port for each program: the connections of one test would otherwise
# meet the TIME_WAIT states of the last one's on the same ports, and wait.
for p in lat_tcp bw_tcp lat_rpc
do
	case $p in
	lat_tcp) pp=$port args="" ;;
	bw_tcp) pp=$((port + 1)) args="-m 64k" ;;
	lat_rpc) pp=$((port + 2)) args="-p tcp" ;;
	esac
	if [ -z "$poke" ]
	then
		test_skip "$p: 100 silent connections" "cannot compile tests/netpoke.c: $(head -n 1 "$TRASH/cc")"
		continue
	fi
	test_expect "$p: 100 silent connections: at most 64 served at once, 36 closed at once" "
		run_bench $p -o $pp -i 20 -s && hold_and_count $p $pp 100 &&
		procs=\$(cat \"\$TRASH/procs\") &&
		{ [ \"\$procs\" -le 65 ] || fail \"\$procs server processes for 100 connections\"; } &&
		expect_line '^connected 100 closed 36\$' \"\$TRASH/hold\"
	"
	test_expect "$p: once they are gone, a client is served again, and -S stops it" "
		run_bench $p -o $pp -N 3 -E 1000 $args localhost &&
		run_bench $p -o $pp -S localhost && gone $p $pp
	"
done

# ---- UDP ------------------------------------------------------------------

# udp_says EXPECTED PORT WORD LEN COUNT [SRCPORT]: netpoke udp's line is
# EXPECTED (an extended regex).
udp_says() {
	us_want=$1
	shift
	"$poke" udp "$@" >"$TRASH/udp" 2>&1
	grep -Eq "^$us_want\$" "$TRASH/udp" ||
		fail "netpoke udp $*: $(cat "$TRASH/udp"), expected $us_want"
}

# shellcheck disable=SC2034 # used in the checks (eval)
up=$((port + 3))
if [ -z "$poke" ]
then
	test_skip 'UDP servers against hostile datagrams' "cannot compile tests/netpoke.c"
else
	test_expect 'lat_udp: a request is answered, with the answer mark set' '
		run_bench lat_udp -o "$up" -i 20 -s &&
		udp_says "answers 1 first 80000005" "$up" 00000005 4 1 &&
		udp_says "answers 1 first fffffffe" "$up" 7ffffffe 64 1
	'
	test_expect 'lat_udp: an answer is never answered (no loop between servers)' '
		udp_says "answers 0 first -" "$up" 80000005 4 1
	'
	test_expect 'lat_udp: a word outside the request forms is not answered' '
		udp_says "answers 0 first -" "$up" 40000000 4 1 &&
		udp_says "answers 0 first -" "$up" 7ffffffd 4 1
	'
	test_expect 'lat_udp: 150 repeats of one request: about 100 answers, not 150' '
		udp_says "answers [0-9]+ first 80000007" "$up" 00000007 4 150 &&
		n=$(awk "{ print \$2 }" "$TRASH/udp") &&
		{ [ "$n" -ge 1 ] && [ "$n" -le 120 ]; } ||
			fail "$n answers to 150 repeats"
	'
	test_expect 'lat_udp: numbered requests are all answered (a client)' '
		run_bench lat_udp -o "$up" -N 3 -E 1000 localhost
	'
	if [ "$(id -u)" = 0 ]
	then
		test_expect 'lat_udp: a datagram from a system port (7, echo) is not answered' '
			udp_says "answers 0 first -" "$up" 00000009 4 1 7 &&
			udp_says "answers 1 first 8000000a" "$up" 0000000a 4 1
		'
	else
		test_skip 'lat_udp: a datagram from a system port' 'binding port 7 needs root'
	fi
	test_expect 'lat_udp: -S still stops it' '
		run_bench lat_udp -o "$up" -S localhost && gone lat_udp "$up"
	'

	# shellcheck disable=SC2034
	cp=$((port + 4))
	test_expect 'lat_connect: only the 4-byte probe and stop are answered' '
		run_bench lat_connect -o "$cp" -i 20 -s &&
		udp_says "answers 1 first fffffffe" "$cp" 7ffffffe 4 1 &&
		udp_says "answers 0 first -" "$cp" 00000001 4 1 &&
		udp_says "answers 0 first -" "$cp" 7ffffffe 8 1 &&
		udp_says "answers 0 first -" "$cp" fffffffe 4 1
	'
	test_expect 'lat_connect: the client measures, and -S stops it' '
		run_bench lat_connect -o "$cp" -N 3 -E 1000 localhost &&
		run_bench lat_connect -o "$cp" -S localhost && gone lat_connect "$cp"
	'
fi

# A datagram forged from the server's own address and port: the server
# must not answer it (it would answer itself for ever).  A raw socket in
# network and PID namespaces of the test's own, where nothing else runs:
# the namespace's UDP counters then count the server's datagrams alone,
# and everything in it ends with it.
ns=
if [ -n "$poke" ] && command -v unshare >/dev/null 2>&1 &&
	command -v ip >/dev/null 2>&1
then
	for try in "unshare -p -f --mount-proc -n" "unshare -r -p -f --mount-proc -n"
	do
		# shellcheck disable=SC2086 # the command, split
		if $try sh -c 'ip link set lo up' >/dev/null 2>&1
		then
			ns=$try
			break
		fi
	done
fi

# spoof K PROG [ADDRESS]: in namespaces of its own, start PROG's server on
# port 9999 (listening on ADDRESS), forge a request and a probe from
# 127.0.0.1:9999 to it, wait a second, and leave the datagrams the
# namespace sent meanwhile in $TRASH/sent.K; -S must still stop the
# server.  Its output goes to $TRASH/ns.K, its status to $TRASH/spoof.K.
spoof() {
	sp_k=$1
	shift
	POKE=$poke PROG=$BIN/$1 ADDR=${2:-} OUT=$TRASH/sent.$sp_k \
		$ns sh -c '
		ip link set lo up && "$PROG" -o 9999 -i 10 -s $ADDR || exit 3
		"$POKE" spoof 9999 00000001 && "$POKE" spoof 9999 7ffffffe || exit 4
		sleep 1
		awk "/^Udp:/ && ++n == 1 { for (i = 2; i <= NF; i++) c[\$i] = i }
			/^Udp:/ && n == 2 { print \$c[\"OutDatagrams\"] }" \
			/proc/net/snmp >"$OUT"
		"$PROG" -o 9999 -S 127.0.0.1 || exit 5
	' >"$TRASH/ns.$sp_k" 2>&1
	echo "$?" >"$TRASH/spoof.$sp_k"
}

# The three at once (each in namespaces of its own, where its port and
# its counters are its alone), then a check each.
spoofs="lat_udp
lat_udp 0.0.0.0
lat_connect"
if [ -n "$ns" ]
then
	k=0
	while IFS= read -r t
	do
		k=$((k + 1))
		# shellcheck disable=SC2086 # program and address
		spoof "$k" $t &
	done <<EOF
$spoofs
EOF
	wait
fi
k=0
while IFS= read -r t
do
	k=$((k + 1))
	if [ -z "$ns" ]
	then
		test_skip "$t: a datagram forged from the server itself" "no raw socket in a namespace of our own here (unshare, ip)"
		continue
	fi
	test_expect "$t: a datagram forged from the server itself is not answered" "
		[ \"\$(cat \"\$TRASH/spoof.$k\")\" = 0 ] ||
			fail \"namespace run failed: \$(cat \"\$TRASH/ns.$k\")\"
		[ \"\$(cat \"\$TRASH/sent.$k\")\" = 0 ] ||
			fail \"the server sent \$(cat \"\$TRASH/sent.$k\") datagrams in a second\"
	" </dev/null
done <<EOF
$spoofs
EOF

test_done

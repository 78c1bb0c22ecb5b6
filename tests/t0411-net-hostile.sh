#!/bin/sh
# The network servers against hostile peers (t04poke.c, compiled here):
# connections beyond the cap are closed at once, not served by a process
# each.  Servers run on a port of their own and are killed on every way
# out.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/t04net.lib"

port=$(free_port) || exit 1
trap 'for p in lat_udp lat_tcp lat_rpc bw_tcp lat_connect
do
	for o in 0 1 2
	do
		kill_servers "$p" "$((port + o))"
	done
done
rm -rf "$TRASH"' EXIT

poke=$TRASH/t04poke
if ! ${CC:-cc} -o "$poke" "$TESTS_DIR/t04poke.c" 2>"$TRASH/cc"
then
	poke=
fi

# hold_and_count PROG PORT N: hold N silent connections to PROG's server
# on PORT; leaves t04poke's line in $TRASH/hold and the number of the
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
	[ -s "$TRASH/hold" ] || fail "t04poke hold said nothing"
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
		test_skip "$p: 100 silent connections" "cannot compile tests/t04poke.c: $(head -n 1 "$TRASH/cc")"
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

test_done

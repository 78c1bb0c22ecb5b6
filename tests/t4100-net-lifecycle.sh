#!/bin/sh
# The network servers' lifetimes: a server whose client never came exits
# by itself after its idle time; a client killed in the middle of a run
# leaves the server serving the next client, and nothing else behind; an
# interrupted client leaves nothing either.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-net.sh"

port=$(free_port) || exit 1
trap 'for p in lat_udp lat_tcp lat_rpc bw_tcp lat_connect
	do
		kill_servers "$p" "$port"
		[ -f "$TRASH/idle.$p" ] && kill_servers "$p" "$(cat "$TRASH/idle.$p")"
	done
	rm -rf "$TRASH"' EXIT

# Five servers nobody uses, each on a port of its own, started together
# and checked after the clients killed mid-run below (gone waits up to
# 5 s for each; by then their idle second is over).
k=0
for p in lat_udp lat_tcp lat_connect lat_rpc bw_tcp
do
	k=$((k + 1))
	ip=$(free_port "$k") || exit 1
	echo "$ip" >"$TRASH/idle.$p"
	{ run_bench "$p" -o "$ip" -i 1 -s && server_pids "$p" "$ip"; } >"$TRASH/idle.$p.up"
done
test_expect 'lat_tcp: idle time counts from the last client' '
	run_bench lat_tcp -o "$port" -i 2 -s &&
	sleep 1 && run_bench lat_tcp -o "$port" -N 3 -E 1000 localhost &&
	sleep 1.3 && [ -n "$(server_pids lat_tcp "$port")" ] &&
	gone lat_tcp "$port"
'

# kill_client PROG ARGS...: start a long client, kill it with SIGKILL in
# the middle of its run (no chance to clean up), then run a short one.
kill_client() {
	kc_prog=$1
	shift
	"$BIN/$kc_prog" -o "$port" -N 100 -E 200000 "$@" localhost \
		>/dev/null 2>&1 &
	kc_pid=$!
	sleep 0.6
	kill -9 "$kc_pid" && wait "$kc_pid"
	# The server's process for that connection goes with it.
	kc_i=0
	while [ "$(server_pids "$kc_prog" "$port" | wc -l)" -gt 1 ] &&
		[ "$kc_i" -lt 50 ]
	do
		sleep 0.1
		kc_i=$((kc_i + 1))
	done
	[ "$(server_pids "$kc_prog" "$port" | wc -l)" -eq 1 ] ||
		fail "connection processes left: $(server_pids "$kc_prog" "$port")"
}

for p in lat_tcp bw_tcp lat_rpc lat_udp lat_connect
do
	case $p in
	bw_tcp) args="-m 64k" ;;
	lat_rpc) args="-p tcp" ;;
	*) args="" ;;
	esac
	test_expect "$p: a client killed mid-run; the server serves the next" "
		run_bench $p -o $port -i 20 -s &&
		kill_client $p $args &&
		run_bench $p -o $port -N 3 -E 1000 $args localhost &&
		run_bench $p -o $port -S localhost && gone $p $port
	"
done

for p in lat_udp lat_tcp lat_connect lat_rpc bw_tcp
do
	test_expect "$p: a server nobody uses exits by itself after -i 1" "
		[ -s \"\$TRASH/idle.$p.up\" ] || fail 'the server did not start'
		gone $p \"\$(cat \"\$TRASH/idle.$p\")\"
	"
done

test_expect 'lat_tcp: SIGINT to a -P 2 client: it fails, no child left' '
	run_bench lat_tcp -o "$port" -i 20 -s || exit 1
	{ "$BIN/lat_tcp" -o "$port" -P 2 -N 100 -E 200000 localhost \
		>/dev/null 2>"$TRASH/int" & } &&
	pid=$! && sleep 0.6 && kill -INT "$pid" &&
	{ wait "$pid"; rc=$?; } ; [ "$rc" -ne 0 ] && no_children_of "$pid" &&
	sleep 0.3 && [ "$(server_pids lat_tcp "$port" | wc -l)" -eq 1 ] &&
	run_bench lat_tcp -o "$port" -S localhost && gone lat_tcp "$port"
'

test_expect 'a client bounded by -B 1 stops, and the server survives' '
	run_bench lat_tcp -o "$port" -i 20 -s &&
	! run_bench lat_tcp -o "$port" -B 1 -N 100 -E 200000 localhost &&
	expect_status 1 && expect_line "time bound" "$TRASH/err" &&
	run_bench lat_tcp -o "$port" -S localhost && gone lat_tcp "$port"
'

test_done

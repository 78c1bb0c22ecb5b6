#!/bin/sh
# The remote case: server and client in two network namespaces joined by
# a veth pair (10.77.0.1 and 10.77.0.2, inside the namespaces only, so no
# traffic leaves them).  Server with -s <address>, client given that
# address.  Skipped only where namespaces cannot be made.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-net.sh"

ns1=latbw$$a
ns2=latbw$$b
port=$(free_port) || exit 1

cleanup() {
	netns_remove "$ns1" "$ns2"
	rm -rf "$TRASH"
}
trap cleanup EXIT

# in NS PROG ARGS...: run_bench inside a namespace.
in_ns() {
	in_ns_name=$1
	in_ns_prog=$2
	shift 2
	ip netns exec "$in_ns_name" "$BIN/$in_ns_prog" -B "$LATBW_TEST_BOUND" \
		-o "$port" "$@" >"$TRASH/out" 2>"$TRASH/err"
	in_ns_rc=$?
	echo "$in_ns_rc" >"$TRASH/rc"
	return "$in_ns_rc"
}

if ! netns_pair "$ns1" "$ns2" 10.77.0
then
	test_skip 'client and server in two network namespaces' "$NETNS_WHY"
	test_done
fi

test_expect 'the namespaces reach each other' '
	ip netns exec "$ns2" ping -c 1 -W 2 10.77.0.1 >/dev/null 2>&1 ||
	{ sleep 1; ip netns exec "$ns2" ping -c 1 -W 2 10.77.0.1 >/dev/null 2>&1; } ||
	! command -v ping >/dev/null 2>&1
'

test_expect 'a server bound to 10.77.0.1 is not on the client side loopback' '
	in_ns "$ns1" lat_tcp -i 30 -s 10.77.0.1 &&
	! in_ns "$ns2" lat_tcp -N 3 -E 1000 127.0.0.1 && expect_status 1
'

test_expect 'lat_tcp across namespaces' '
	in_ns "$ns2" lat_tcp -N 3 -E 1000 10.77.0.1 &&
	is_positive "$(value_of "TCP latency using 10.77.0.1" "$TRASH/err")" &&
	in_ns "$ns2" lat_tcp -S 10.77.0.1
'

for p in lat_udp lat_connect lat_rpc bw_tcp
do
	case $p in
	lat_udp) label="UDP latency using 10.77.0.1" ; args= ;;
	lat_connect) label="TCP/IP connection cost to 10.77.0.1" ; args= ;;
	lat_rpc) label="RPC/tcp latency using 10.77.0.1" ; args= ;;
	bw_tcp) label= ; args="-m 64k" ;;
	esac
	test_expect "$p across namespaces" "
		in_ns $ns1 $p -i 30 -s 10.77.0.1 &&
		in_ns $ns2 $p -N 3 -E 1000 $args 10.77.0.1 &&
		if [ -n '$label' ]
		then
			is_positive \"\$(value_of '$label' \"\$TRASH/err\")\"
		else
			expect_line '^Socket bandwidth using 10.77.0.1\$' \"\$TRASH/err\" &&
			expect_line '^0.065536 [0-9]+\.[0-9][0-9]\$' \"\$TRASH/err\"
		fi &&
		in_ns $ns2 $p -S 10.77.0.1
	"
done

test_expect 'lat_rpc over UDP across namespaces' '
	in_ns "$ns1" lat_rpc -i 30 -s 10.77.0.1 &&
	in_ns "$ns2" lat_rpc -p udp -N 3 -E 1000 10.77.0.1 &&
	is_positive "$(value_of "RPC/udp latency using 10.77.0.1" "$TRASH/err")" &&
	in_ns "$ns2" lat_rpc -p udp -S 10.77.0.1
'

test_expect 'nothing is left in either namespace' '
	sleep 0.3 &&
	[ -z "$(ip netns pids "$ns1")" ] && [ -z "$(ip netns pids "$ns2")" ] ||
	fail "left: $(ip netns pids "$ns1") $(ip netns pids "$ns2")"
'

test_done

#!/bin/sh
# lat_udp: the server's life, the lmbench line, errors.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-net.sh"

port=$(free_port) || exit 1
net_test_start lat_udp "$port"

client_line_check lat_udp "$port" udp "UDP latency using"

test_expect 'the host is printed as given; -m sets the datagram size' '
	run_bench lat_udp -o "$port" -N 3 -E 1000 -m 8k 127.0.0.1 &&
	is_positive "$(value_of "UDP latency using 127.0.0.1" "$TRASH/err")"
'

test_expect '-P 2: two clients at once' '
	run_bench lat_udp -o "$port" -P 2 -N 3 -E 1000 localhost &&
	expect_line "copies=2 " "$TRASH/err"
'

test_expect '-m below 4 bytes is a usage error' '
	! run_bench lat_udp -o "$port" -m 3 localhost && expect_status 2
'

net_test_end lat_udp "$port"

#!/bin/sh
# lat_tcp: the server's life, the lmbench line, errors (a 64 KB message
# against a 1-byte one: tests/bench/t4020-lat_tcp.sh).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-net.sh"

port=$(free_port) || exit 1
net_test_start lat_tcp "$port"

client_line_check lat_tcp "$port" tcp "TCP latency using"

test_expect 'the host is printed as given; -m 64k is sent and echoed' '
	run_bench lat_tcp -o "$port" -N 3 -E 1000 -m 64k 127.0.0.1 &&
	is_positive "$(value_of "TCP latency using 127.0.0.1" "$TRASH/err")"
'

test_expect '-P 2: two clients at once, each served' '
	run_bench lat_tcp -o "$port" -P 2 -N 3 -E 1000 localhost &&
	expect_line "copies=2 " "$TRASH/err"
'

test_expect 'after the clients, only the server is left' '
	sleep 0.3 && [ "$(server_pids lat_tcp "$port" | wc -l)" -eq 1 ]
'

net_test_end lat_tcp "$port"

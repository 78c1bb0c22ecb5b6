#!/bin/sh
# lat_tcp: the server's life, the lmbench line, errors.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/t04net.lib"

port=$(free_port) || exit 1
net_test_start lat_tcp "$port"

client_line_check lat_tcp "$port" tcp "TCP latency using"

test_expect 'a 64 KB message takes longer than a 1-byte one' '
	run_bench lat_tcp -o "$port" -N 3 -E 1000 127.0.0.1 &&
	small=$(value_of "TCP latency using 127.0.0.1" "$TRASH/err") &&
	run_bench lat_tcp -o "$port" -N 3 -E 1000 -m 64k 127.0.0.1 &&
	big=$(value_of "TCP latency using 127.0.0.1" "$TRASH/err") &&
	greater "$big" "$small"
'

test_expect '-P 2: two clients at once, each served' '
	run_bench lat_tcp -o "$port" -P 2 -N 3 -E 1000 localhost &&
	expect_line "copies=2 " "$TRASH/err"
'

test_expect 'after the clients, only the server is left' '
	sleep 0.3 && [ "$(server_pids lat_tcp "$port" | wc -l)" -eq 1 ]
'

net_test_end lat_tcp "$port"

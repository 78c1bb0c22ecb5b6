#!/bin/sh
# lat_tcp: the server's life, the lmbench line, errors.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/t04net.lib"

port=$(free_port) || exit 1
trap 'kill_servers lat_tcp "$port"; rm -rf "$TRASH"' EXIT

lifecycle_start lat_tcp "$port"

test_expect 'the client prints one lmbench line and its statistics' '
	run_bench lat_tcp -o "$port" -N 3 -E 1000 localhost &&
	expect_line "^TCP latency using localhost: [0-9]+\.[0-9]{4} microseconds\$" "$TRASH/err" &&
	expect_line "^\[latbw-stat prog=lat_tcp case=tcp .*reps=3 " "$TRASH/err" &&
	[ "$(wc -l <"$TRASH/err")" -eq 2 ] &&
	is_positive "$(value_of "TCP latency using localhost" "$TRASH/err")"
'

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

lifecycle_end lat_tcp "$port"
usage_checks lat_tcp
test_done

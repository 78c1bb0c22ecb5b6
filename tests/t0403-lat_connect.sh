#!/bin/sh
# lat_connect: the server's life, the lmbench line, errors.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/t04net.lib"

port=$(free_port) || exit 1
trap 'kill_servers lat_connect "$port"; rm -rf "$TRASH"' EXIT

lifecycle_start lat_connect "$port"

test_expect 'the client prints one lmbench line and its statistics' '
	run_bench lat_connect -o "$port" -N 3 -E 1000 localhost &&
	expect_line "^TCP/IP connection cost to localhost: [0-9]+\.[0-9]{4} microseconds\$" "$TRASH/err" &&
	expect_line "^\[latbw-stat prog=lat_connect case=connect .*reps=3 " "$TRASH/err" &&
	[ "$(wc -l <"$TRASH/err")" -eq 2 ] &&
	is_positive "$(value_of "TCP/IP connection cost to localhost" "$TRASH/err")"
'

test_expect 'the client leaves no TIME_WAIT on its side' '
	command -v ss >/dev/null 2>&1 || return 0
	run_bench lat_connect -o "$port" -N 3 -E 1000 127.0.0.1 &&
	[ -z "$(ss -Htan state time-wait "( dport = :$port )")" ]
'

lifecycle_end lat_connect "$port"
usage_checks lat_connect
test_done

#!/bin/sh
# lat_connect: the server's life, the lmbench line, errors.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-net.sh"

port=$(free_port) || exit 1
net_test_start lat_connect "$port"

client_line_check lat_connect "$port" connect "TCP/IP connection cost to"

if command -v ss >/dev/null 2>&1
then
	test_expect 'the client leaves no TIME_WAIT on its side' '
		run_bench lat_connect -o "$port" -N 3 -E 1000 127.0.0.1 &&
		[ -z "$(ss -Htan state time-wait "( dport = :$port )")" ]
	'
else
	test_skip 'the client leaves no TIME_WAIT on its side' 'ss is not installed'
fi

net_test_end lat_connect "$port"

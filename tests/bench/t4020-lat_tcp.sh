#!/bin/sh
# lat_tcp measured here: a 64 KB message takes longer than a 1-byte one
# (moved from tests/t4020-lat_tcp.sh).
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/lib-net.sh"

port=$(free_port) || exit 1
# shellcheck disable=SC2064 # expand now: the port
trap "kill_servers lat_tcp $port; rm -rf \"\$TRASH\"" EXIT
run_bench lat_tcp -o "$port" -i 30 -s || exit 1

test_expect 'a 64 KB message takes longer than a 1-byte one' '
	run_bench lat_tcp -o "$port" -N 3 -E 1000 127.0.0.1 &&
	small=$(value_of "TCP latency using 127.0.0.1" "$TRASH/err") &&
	run_bench lat_tcp -o "$port" -N 3 -E 1000 -m 64k 127.0.0.1 &&
	big=$(value_of "TCP latency using 127.0.0.1" "$TRASH/err") &&
	greater "$big" "$small"
'

run_bench lat_tcp -o "$port" -S localhost
test_done

#!/bin/sh
# bw_tcp measured here: bigger messages move more MB/s than 64-byte ones
# (moved from tests/t4050-bw_tcp.sh).
. "$(dirname "$0")/../lib.sh"
. "$TESTS_DIR/lib-net.sh"

port=$(free_port) || exit 1
# shellcheck disable=SC2064 # expand now: the port
trap "kill_servers bw_tcp $port; rm -rf \"\$TRASH\"" EXIT
run_bench bw_tcp -o "$port" -i 30 -s || exit 1

test_expect 'bigger messages move more MB/s than 64-byte ones' '
	run_bench bw_tcp -o "$port" -N 3 -E 1000 localhost &&
	grep -v "^\[" "$TRASH/err" >"$TRASH/series" &&
	greater "$(sed -n 8p "$TRASH/series" | cut -d" " -f2)" \
		"$(sed -n 2p "$TRASH/series" | cut -d" " -f2)"
'

run_bench bw_tcp -o "$port" -S localhost
test_done

#!/bin/sh
# bw_tcp: the server's life, the series, errors (bigger messages against
# small ones: tests/bench/t4050-bw_tcp.sh).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-net.sh"

port=$(free_port) || exit 1
net_test_start bw_tcp "$port"

test_expect 'the sweep: title, 7 points from 64 B to 128 KB, blank line' '
	run_bench bw_tcp -o "$port" -N 3 -E 1000 localhost &&
	grep -v "^\[" "$TRASH/err" >"$TRASH/series" &&
	[ "$(head -n 1 "$TRASH/series")" = "Socket bandwidth using localhost" ] &&
	[ "$(sed -n 2p "$TRASH/series" | cut -d" " -f1)" = "0.000064" ] &&
	[ "$(sed -n 8p "$TRASH/series" | cut -d" " -f1)" = "0.131072" ] &&
	[ "$(wc -l <"$TRASH/series")" -eq 9 ] &&
	[ -z "$(tail -n 1 "$TRASH/series")" ] &&
	[ "$(grep -c "^\[latbw-stat prog=bw_tcp case=tcp x=" "$TRASH/err")" -eq 7 ] &&
	sed -n 2,8p "$TRASH/series" | while read -r x y
	do
		is_positive "$x" && is_positive "$y" &&
		expr "$y" : "[0-9]*\.[0-9][0-9]\$" >/dev/null || exit 1
	done
'

test_expect '-m: one point; -M and -b are accepted' '
	run_bench bw_tcp -o "$port" -N 3 -E 1000 -m 1m -M 4m -b 256k 127.0.0.1 &&
	grep -v "^\[" "$TRASH/err" >"$TRASH/series" &&
	[ "$(head -n 1 "$TRASH/series")" = "Socket bandwidth using 127.0.0.1" ] &&
	[ "$(sed -n 2p "$TRASH/series" | cut -d" " -f1)" = "1.048576" ] &&
	[ "$(wc -l <"$TRASH/series")" -eq 3 ]
'

test_expect 'samples last 50 ms by default (-h says so)' '
	"$BIN/bw_tcp" -h >"$TRASH/help" &&
	expect_line "^  -E usecs .*\(default 50000\)\$" "$TRASH/help"
'

test_expect '-P 2: bandwidths of two connections summed' '
	run_bench bw_tcp -o "$port" -P 2 -N 3 -E 1000 -m 64k localhost &&
	expect_line "copies=2 " "$TRASH/err"
'

net_test_end bw_tcp "$port"

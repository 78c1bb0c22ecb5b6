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

# A curve of two points needs two CPUs (a CPU list names each CPU once).
if [ "$(nproc 2>/dev/null || echo 1)" -lt 2 ]
then
	test_skip '-G and -G -T: the scaling curves of two points' 'one CPU here'
else
test_expect '-G: the scaling curve, a connection per copy, statistics after the series' '
	run_bench lat_tcp -o "$port" -G -P 2 -N 3 -E 1000 localhost &&
	awk "
		NR == 1 { ok = \$0 == \"\\\"scaling lat_tcp tcp processes\" }
		NR == 2 { ok = ok && \$1 == 1 && \$2 ~ /^[0-9]+\$/ && \$2 > 0 }
		NR == 3 { ok = ok && \$1 == 2 && \$2 ~ /^[0-9]+\$/ && \$2 > 0 }
		NR == 4 { ok = ok && \$0 == \"\" }
		NR == 5 { ok = ok && /^\[latbw-stat prog=lat_tcp case=tcp x=1 .* copies=1 cpus=[0-9]+ /}
		NR == 6 { ok = ok && /^\[latbw-stat prog=lat_tcp case=tcp x=2 .* copies=2 cpus=[0-9]+,[0-9]+ /}
		END { exit !(ok && NR == 6) }" "$TRASH/err" ||
		fail "not the series: $(cat "$TRASH/err")"
'

test_expect '-G -T: the threads curve' '
	run_bench lat_tcp -o "$port" -G -T -P 2 -N 3 -E 1000 localhost &&
	expect_line "^\"scaling lat_tcp tcp threads\$" "$TRASH/err" &&
	expect_line "^2 [0-9]+\$" "$TRASH/err"
'
fi

test_expect 'after the clients, only the server is left' '
	sleep 0.3 && [ "$(server_pids lat_tcp "$port" | wc -l)" -eq 1 ]
'

net_test_end lat_tcp "$port"

#!/bin/sh
# lat_rpc: the server's life, the lmbench lines, errors, and a real ONC
# RPC client (rpcinfo) talking to our server.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-net.sh"

port=$(free_port) || exit 1
net_test_start lat_rpc "$port"
prog=541868631

test_expect 'without -p: both lines, UDP then TCP' '
	run_bench lat_rpc -o "$port" -N 3 -E 1000 localhost &&
	expect_line "^RPC/udp latency using localhost: [0-9]+\.[0-9]{4} microseconds\$" "$TRASH/err" &&
	expect_line "^RPC/tcp latency using localhost: [0-9]+\.[0-9]{4} microseconds\$" "$TRASH/err" &&
	expect_line "^\[latbw-stat prog=lat_rpc case=udp .*reps=3 " "$TRASH/err" &&
	expect_line "^\[latbw-stat prog=lat_rpc case=tcp .*reps=3 " "$TRASH/err" &&
	[ "$(wc -l <"$TRASH/err")" -eq 4 ] &&
	[ "$(head -n 1 "$TRASH/err" | cut -c1-7)" = "RPC/udp" ] &&
	is_positive "$(value_of "RPC/udp latency using localhost" "$TRASH/err")" &&
	is_positive "$(value_of "RPC/tcp latency using localhost" "$TRASH/err")"
'

for p in udp tcp
do
	test_expect "-p $p: one line" "
		run_bench lat_rpc -o $port -p $p -N 3 -E 1000 -m 1000 127.0.0.1 &&
		[ \"\$(wc -l <\"\$TRASH/err\")\" -eq 2 ] &&
		is_positive \"\$(value_of 'RPC/$p latency using 127.0.0.1' \"\$TRASH/err\")\"
	"
done

# -b: the plain round trip against the same server, in samples that
# alternate with the calls', printed first under lmbench's UDP and TCP
# labels, its statistics line naming its case.
test_expect '-b: plain round trip then call, UDP then TCP, four figures of 41 pairs at least' '
	run_bench lat_rpc -o "$port" -b -N 3 -E 1000 localhost &&
	[ "$(wc -l <"$TRASH/err")" -eq 8 ] &&
	[ "$(sed -n "1p;3p;5p;7p" "$TRASH/err" | cut -d " " -f 1)" = "$(printf "UDP\nRPC/udp\nTCP\nRPC/tcp")" ] &&
	expect_line "^UDP latency using localhost: [0-9]+\.[0-9]{4} microseconds\$" "$TRASH/err" &&
	expect_line "^TCP latency using localhost: [0-9]+\.[0-9]{4} microseconds\$" "$TRASH/err" &&
	[ "$(sed -n "2p;4p;6p;8p" "$TRASH/err" | sed "s/ median=.* reps=/ reps=/; s/ preempted=.*//")" = "$(printf "%s\n" \
		"[latbw-stat prog=lat_rpc case=plain-udp reps=41" "[latbw-stat prog=lat_rpc case=udp reps=41" \
		"[latbw-stat prog=lat_rpc case=plain-tcp reps=41" "[latbw-stat prog=lat_rpc case=tcp reps=41")" ] &&
	for l in "UDP latency" "RPC/udp latency" "TCP latency" "RPC/tcp latency"
	do
		is_positive "$(value_of "$l using localhost" "$TRASH/err")" || return 1
	done
'

for p in udp tcp
do
	test_expect "-b -p $p -m 100: its pair only, pinned" "
		run_bench lat_rpc -o $port -b -p $p -m 100 -N 2 -E 1000 -C 0 127.0.0.1 &&
		[ \"\$(wc -l <\"\$TRASH/err\")\" -eq 4 ] &&
		expect_line '^\[latbw-stat prog=lat_rpc case=plain-$p .* cpus=0 ' \"\$TRASH/err\" &&
		expect_line '^\[latbw-stat prog=lat_rpc case=$p .* cpus=0 ' \"\$TRASH/err\" &&
		is_positive \"\$(value_of 'RPC/$p latency using 127.0.0.1' \"\$TRASH/err\")\"
	"
done

test_expect '-b: -m below 4, copies, a server or a stop are usage errors' '
	! run_bench lat_rpc -o "$port" -b -m 3 localhost && expect_status 2 &&
	expect_line "^lat_rpc: -b wants -m 4 or more\$" "$TRASH/err" &&
	! run_bench lat_rpc -o "$port" -b -P 2 localhost && expect_status 2 &&
	! run_bench lat_rpc -o "$port" -b -S localhost && expect_status 2 &&
	expect_line "^lat_rpc: -b is for clients\$" "$TRASH/err" &&
	! run_bench lat_rpc -o "$port" -b -s && expect_status 2
'

test_expect '-p bogus is a usage error' '
	! run_bench lat_rpc -o "$port" -p sctp localhost && expect_status 2 &&
	expect_line "^usage: lat_rpc " "$TRASH/err"
'

# rpcinfo from Debian's rpcbind 1.2.6 asks rpcbind (port 111) for the
# address even with -n; -a gives it the universal address (host.port-hi.
# port-lo) and it calls our port directly, which is what -n is meant for.
if command -v rpcinfo >/dev/null 2>&1
then
	uaddr="127.0.0.1.$((port / 256)).$((port % 256))"
	for t in udp tcp
	do
		test_expect "rpcinfo over $t: program $prog version 1 ready and waiting" "
			rpcinfo -a $uaddr -T $t $prog 1 >\"\$TRASH/ri\" 2>&1 &&
			expect_line '^program $prog version 1 ready and waiting\$' \"\$TRASH/ri\"
		"
	done
	test_expect 'rpcinfo without a version finds version 1 (PROG_MISMATCH)' "
		rpcinfo -a $uaddr -T tcp $prog >\"\$TRASH/ri\" 2>&1 &&
		expect_line '^program $prog version 1 ready and waiting\$' \"\$TRASH/ri\"
	"
	test_expect 'rpcinfo: version 2 and another program are refused' "
		! rpcinfo -a $uaddr -T udp $prog 2 >\"\$TRASH/ri\" 2>&1 &&
		expect_line 'mismatch; low version = 1, high version = 1' \"\$TRASH/ri\" &&
		! rpcinfo -a $uaddr -T tcp $((prog + 1)) 1 >\"\$TRASH/ri\" 2>&1 &&
		expect_line 'Program unavailable' \"\$TRASH/ri\"
	"
	test_expect 'rpcinfo -n, where this rpcinfo honours it' "
		if rpcinfo -n $port -u 127.0.0.1 $prog 1 >\"\$TRASH/ri\" 2>&1
		then
			expect_line '^program $prog version 1 ready and waiting\$' \"\$TRASH/ri\"
		else
			echo '# rpcinfo -n needs rpcbind here:' \$(cat \"\$TRASH/ri\")
		fi
	"
else
	test_skip 'rpcinfo talks to our server' 'no rpcinfo (Debian package rpcbind)'
fi

net_test_end lat_rpc "$port"

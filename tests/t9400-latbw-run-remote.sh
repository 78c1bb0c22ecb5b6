#!/bin/sh
# latbw-run with REMOTE hosts: the network servers started through a
# remote shell, the clients here.  A remote shell that fails is reported
# and the run goes on; then a real run across two network namespaces
# joined by a veth pair (10.77.1.1 and 10.77.1.2, inside the namespaces
# only), with "ip netns exec" as the remote shell: the results file holds
# the remote lines, the summary fills its *Remote* table, and no server is
# left in either namespace, after a normal run and after SIGINT.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/tmp" "$TRASH/fs" "$TRASH/res" "$TRASH/bin"

# The programs the runs need, and no mhz (which can take seconds on a
# busy machine): the driver notes it as not built.
for p in lat_udp lat_tcp lat_rpc lat_connect bw_tcp bw_unix
do
	[ -x "$BIN/$p" ] && ln -s "$BIN/$p" "$TRASH/bin/$p"
done

nsa=latbw$$A
nsb=latbw$$B
made_ns=
cleanup() {
	[ -z "$made_ns" ] || netns_remove "$nsa" "$nsb"
	rm -rf "$TRASH"
}
trap cleanup EXIT

# remote_run [ENV=VALUE...] [PREFIX...]: latbw-run (run_driver) in quick
# mode into a fresh results directory; F is the results file.
remote_run() {
	rm -rf "$TRASH/res" && mkdir "$TRASH/res"
	run_driver FSDIR="$TRASH/fs" LATBW_BIN="$TRASH/bin" MB=1 QUICK=1 ROUNDS=1 "$@"
	results_file
}

# results_file: F, the results file in $TRASH/res (res/<OS-triple>/<host>.0),
# found by the shell's glob, or nothing.
results_file() {
	for F in "$TRASH"/res/*/*
	do
		[ -f "$F" ] && return 0
	done
	F=
}

# remote_row: the row of the summary's *Remote* table (stdin), if any.
remote_row() {
	awk '/^\*Remote\* Communication latencies/ { t = 1; next }
	     t && /^--------- / { r = 1; next }
	     r && $0 == "" { exit }
	     r { print; exit }'
}

# cells: the five figure cells of a *Remote* row, one per line, trimmed
# ("%-9.9s %13.13s %5s %5s %5s %5s %4s").
cells() {
	awk '{
		split("25 5 31 5 37 5 43 5 49 4", c, " ")
		for (i = 1; i <= 9; i += 2) {
			v = substr($0, c[i], c[i + 1])
			gsub(/ /, "", v)
			print v
		}
	}'
}

# left_here: processes still running something from this test's directory.
left_here() {
	pgrep -a -f "$TRASH/" | grep -v -e pgrep -e grep
}

# ------------------------------------------------ a remote shell that fails

printf '#!/bin/sh\necho "rsh: no route to $1" >&2\nexit 1\n' >"$TRASH/rsh1"
printf '#!/bin/sh\necho "rsh: $1: connection refused" >&2\nexit 255\n' >"$TRASH/rsh255"
chmod +x "$TRASH/rsh1" "$TRASH/rsh255"

remote_run BENCHMARKS="remote bw_unix" REMOTE="far=10.77.1.2" RSH="$TRASH/rsh1"

test_expect 'RSH exits 1: each server reported, its clients skipped, exit 1' '
	[ -n "$F" ] && expect_status 1 &&
	set -- &&
	for p in lat_udp lat_tcp lat_rpc lat_connect bw_tcp
	do
		set -- "$@" "^\[failed: $p -s 10\.77\.1\.2 on far through RSH \(.*/rsh1\), exit status 1\]\$"
	done &&
	has_matches "$F" "$@" \
		"^\[skipped: lat_udp 10\.77\.1\.2, its server did not start\]\$" \
		"^\[skipped: lat_rpc -p tcp 10\.77\.1\.2, its server did not start\]\$" \
		"^\[skipped: bw_tcp 10\.77\.1\.2, its server did not start\]\$" \
		"^\[REMOTE: far=10\.77\.1\.2\]\$" &&
	[ "$(grep -c "^\[note: rsh: no route to far\]\$" "$F")" -eq 5 ] &&
	! grep -q "^[^[].*10\.77\.1\.2" "$F" &&
	expect_line "lat_tcp -s 10.77.1.2 on far through RSH .*: failed \(exit status 1\)" "$TRASH/err"
'

test_expect 'RSH exits 1: the run goes on to the end' '
	if [ -x "$BIN/bw_unix" ]
	then
		is_positive "$(value_of "AF_UNIX sock stream bandwidth" "$F")" || exit 1
	fi &&
	! grep -q INCOMPLETE "$F" && expect_line "^\[ELAPSED: " "$F"
'

test_expect 'RSH exits 1: nothing left, no empty Remote row' '
	sh "$TOP/scripts/summary" "$F" >"$TRASH/sum" 2>/dev/null
	[ -z "$(remote_row <"$TRASH/sum")" ] &&
	[ -z "$(left_here)" ] &&
	[ -z "$(find "$TRASH/tmp" "$TRASH/fs" -mindepth 1 | sed -n 1p)" ] ||
	fail "left: $(left_here) $(find "$TRASH/tmp" "$TRASH/fs" -mindepth 1)"
'

remote_run BENCHMARKS=remote REMOTE="far=10.77.1.2 other" RSH="$TRASH/rsh255"

test_expect 'RSH exits 255: the host is unreachable, its other servers skipped' '
	expect_status 1 &&
	set -- &&
	for p in lat_tcp lat_rpc lat_connect bw_tcp
	do
		set -- "$@" "^\[skipped: $p -s on far, the remote shell did not reach it\]\$"
	done &&
	has_matches "$F" "$@" \
		"^\[failed: lat_udp -s 10\.77\.1\.2 on far through RSH .*, exit status 255: the remote shell could not reach far\]\$" \
		"^\[failed: lat_udp -s 0\.0\.0\.0 on other through RSH .*, exit status 255: " &&
	[ "$(grep -c "^\[failed: " "$F")" -eq 2 ] &&
	[ -z "$(left_here)" ]
'

# ------------------------------------------------ two network namespaces

made_ns=yes
if ! netns_pair "$nsa" "$nsb" 10.77.1
then
	test_skip 'a remote run across two network namespaces' "$NETNS_WHY"
	test_done
fi

# The driver runs in namespace A; "ip netns exec B" is its remote shell.
remote_run ip netns exec "$nsa" env BENCHMARKS=remote \
	REMOTE="$nsb=10.77.1.2" RSH="ip netns exec"
sh "$TOP/scripts/summary" "$F" >"$TRASH/sum" 2>"$TRASH/sum.err"
export F

test_expect 'remote run: exit 0, the remote host in the header' '
	[ -n "$F" ] && expect_status 0 &&
	expect_line "^\[REMOTE: $nsb=10\.77\.1\.2\]\$" "$F" &&
	expect_line "^\[RSH: ip netns exec\]\$" "$F" &&
	! grep -q "^\[failed: " "$F" && ! grep -q INCOMPLETE "$F"
'

test_expect 'remote run: the five latencies, measured against 10.77.1.2' '
	# (One awk for the five: a line each, its number above zero; an
	# expect_line, a value_of and an is_positive each were four
	# processes a figure.)
	awk "BEGIN {
			n = split(\"UDP latency using|TCP latency using|RPC/udp latency using|RPC/tcp latency using|TCP/IP connection cost to\", l, \"|\")
		}
		{
			for (i = 1; i <= n; i++)
				if (index(\$0, l[i] \" 10.77.1.2: \") == 1 && \$0 ~ /: [0-9]+\\.[0-9]+ microseconds\$/ &&
				    !(i in v)) {
					v[i] = \$(NF - 1)
					if (v[i] + 0 > 0)
						ok[i] = 1
				}
		}
		END {
			for (i = 1; i <= n; i++)
				if (!(i in ok)) {
					print \"no figure above zero: \" l[i] \" 10.77.1.2 (\" v[i] \")\"
					bad = 1
				}
			exit bad
		}" "$F" >&2 &&
	! grep -q "localhost" "$F"
'

test_expect 'remote run: the bandwidth series against 10.77.1.2' '
	expect_line "^Socket bandwidth using 10\.77\.1\.2\$" "$F" &&
	awk "/^Socket bandwidth using 10\\.77\\.1\\.2\$/ { s = 1; next }
	     s && \$0 == \"\" { exit }
	     s { n++; if (!(\$2 > 0)) bad = 1 }
	     END { exit !(n >= 3 && !bad) }" "$F"
'

test_expect 'summary: a *Remote* row with every cell filled' '
	row=$(remote_row <"$TRASH/sum") &&
	[ -n "$row" ] || fail "no Remote row: $(cat "$TRASH/sum" "$TRASH/sum.err")"
	[ "$(printf "%s\n" "$row" | cells | grep -c "^[0-9][0-9.]*\$")" -eq 5 ] ||
		fail "row: [$row]"
'

test_expect 'remote run: no server left in either namespace' '
	[ -z "$(ip netns pids "$nsa")$(ip netns pids "$nsb")" ] ||
	fail "left: $(ip netns pids "$nsa") $(ip netns pids "$nsb")"
'

# SIGINT while a remote server is up: the driver stops it.
default_int=
env --default-signal=INT true 2>/dev/null && default_int=--default-signal=INT
if [ -n "$default_int" ]
then
	rm -rf "$TRASH/res" && mkdir "$TRASH/res"
	bg_driver FSDIR="$TRASH/fs" MB=1 LATBW_BIN="$TRASH/bin" QUICK=1 ROUNDS=1 REPS=30 \
		USECS=50000 BENCHMARKS=remote REMOTE="$nsb=10.77.1.2" RSH="ip netns exec" \
		ip netns exec "$nsa" env $default_int
	int_pid=$DRIVER_PID
	i=0
	while [ "$i" -lt 600 ] && [ -z "$(ip netns pids "$nsb")" ]
	do
		sleep 0.1
		i=$((i + 1))
	done
	up=$(ip netns pids "$nsb")
	sleep 0.3
	kill -INT "$int_pid"
	wait "$int_pid"
	echo "$?" >"$TRASH/rc"
	results_file
	export up F
	test_expect 'SIGINT with a remote server up: stopped, file marked incomplete' '
		[ -n "$up" ] && expect_status 130 &&
		expect_line "^\[INCOMPLETE: interrupted by SIGINT" "$F" &&
		[ -z "$(ip netns pids "$nsa")$(ip netns pids "$nsb")" ] ||
		fail "up=$up left: $(ip netns pids "$nsa") $(ip netns pids "$nsb")"
	'
else
	test_skip 'SIGINT with a remote server up' 'env --default-signal is not available'
fi

test_done

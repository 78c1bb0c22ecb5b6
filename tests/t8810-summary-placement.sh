#!/bin/sh
# scripts/summary and placement (issue 10): the same-CPU figures in the
# lmbench cells, the cross-CPU ones in a latbw table of their own, a
# one-CPU run said to have no cross-CPU figures, a figure left to the
# scheduler warned about, the consistency checks, and the placement of
# every figure under -s, in JSON and in CSV.  Fixtures:
# placement.results (a two-CPU run of the driver: both placements, and a
# TCP figure above RPC/TCP's), onecpu.results, handrun.results (lat_pipe
# unpinned, lat_unix -C 0,1 under its lmbench label).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

D=$TRASH/r/x86_64-linux-gnu
mkdir -p "$D"
cp "$FIX/placement.results" "$D/two.1"
cp "$FIX/onecpu.results" "$D/one.1"
cp "$FIX/handrun.results" "$D/hand.1"

# table TITLE-START: the rows of the table whose title starts so.
table() {
	awk -v t="$1" 'index($0, t) == 1 { s = 1; next }
		s && /^$/ { exit }
		s && !/^(---|Host |        )/ { print }' "$TRASH/out"
}

# values: a row's cells as numbers (the cell formats are summary(1)'s).
values() {
	awk '{ for (i = 4; i <= NF; i++) printf "%s%s", (i > 4 ? " " : ""), $i + 0; print "" }'
}

for a in $AWKS
do
	test_expect "[$a] the lmbench local table holds the same-CPU figures" "
		AWK=$a summary '$D/two.1' &&
		table '*Local* Communication latencies in' >'$TRASH/local' &&
		values <'$TRASH/local' >'$TRASH/v' && file_is '$TRASH/v' '1.5 3.5 5 6.29 9.1 62.7 7.59 20'
	"
	test_expect "[$a] the cross-CPU table beside it: one row, every column" "
		table 'Cross-CPU communication latencies' >'$TRASH/cross' &&
		values <'$TRASH/cross' >'$TRASH/v' && file_is '$TRASH/v' '16.9 56.1 60.2 47 70 62 80 90'
	"
done

test_expect 'the context-switch table shows the same-CPU ring only' '
	summary "$D/two.1" &&
	[ "$(table "Context switching" | awk "{ print \$4 }")" = 1.5000 ]
'

test_expect 'the bandwidth cell is the cross-CPU stream' '
	[ "$(table "*Local* Communication bandwidths" | awk "{ print \$4 }")" = 1043 ]
'

test_expect 'a violated consistency check is flagged: RPC/TCP below TCP' '
	has_matches "$TRASH/out" "^Consistency checks" "^! two +same CPU: TCP 62.7 > RPC/TCP 7.59" &&
	grep -c "^! " "$TRASH/out" >"$TRASH/n" && file_is "$TRASH/n" 1
'

# The cross-CPU UDP round trip (47 us) made 7.6 % slower than its RPC
# call (70 us): flagged while the samples are tight (spread 3 %, 11
# each); within the slack once their spread (26 %, 41 samples each: a
# busy neighbour CPU) makes the two medians equal within their
# uncertainty; flagged again at 20 % apart.
# udp_vs_rpc UDP SPREAD REPS: two.1 with the cross-CPU UDP latency UDP,
# and both cross-CPU UDP lines' spread and reps so, in $D/udp.1.
udp_vs_rpc() {
	awk -v u="$1" -v sp="$2" -v n="$3" '
		/^UDP latency \(cross CPU\)/ { printf "UDP latency (cross CPU) using localhost: %.4f microseconds\n", u; fix = 1; next }
		/^RPC\/udp latency \(cross CPU\)/ { print; fix = 1; next }
		fix && /^\[latbw-stat / {
			sub(/median=[^ ]*/, "median=" (/case=udp/ && /prog=lat_udp/ ? u : 70))
			sub(/spread=[^ ]*/, "spread=" sp "%")
			sub(/reps=[^ ]*/, "reps=" n)
			fix = 0
		}
		{ fix = 0; print }' "$D/two.1" >"$D/udp.1"
}
test_expect 'cross UDP 7.6 % above RPC/UDP, tight samples: flagged' '
	udp_vs_rpc 75.3 3.00 11 && summary "$D/udp.1" &&
	expect_line "^! udp +cross CPU: UDP 75.3 > RPC/UDP 70.0" "$TRASH/out"
'
test_expect '... the same with a spread of 26 % over 41 samples each: within the slack' '
	udp_vs_rpc 75.3 26.00 41 && summary "$D/udp.1" &&
	grep -q "^UDP latency (cross CPU) using localhost: 75.3000" "$D/udp.1" &&
	grep -c "spread=26.00% reps=41" "$D/udp.1" >"$TRASH/n" && file_is "$TRASH/n" 2 &&
	! grep -q "cross CPU: UDP" "$TRASH/out"
'
test_expect '... and 20 % above with that spread: flagged' '
	udp_vs_rpc 84 26.00 41 && summary "$D/udp.1" &&
	expect_line "^! udp +cross CPU: UDP 84.0 > RPC/UDP 70.0" "$TRASH/out"
'

test_expect 'no check flagged when the figures agree' '
	summary "$D/one.1" &&
	! grep -q "^Consistency checks" "$TRASH/out"
'

test_expect 'a one-CPU run: the cross-CPU table says same-CPU only' '
	summary "$D/one.1" "$D/two.1" &&
	table "Cross-CPU communication latencies" >"$TRASH/cross" &&
	grep -q "^one .* one CPU: same-CPU figures only\$" "$TRASH/cross" &&
	grep -q "^two " "$TRASH/cross"
'

test_expect 'a hand run: -C 0,1 under an lmbench label goes to the cross table' '
	summary "$D/hand.1" &&
	[ "$(table "Cross-CPU communication latencies" | awk "{ print \$4 }")" = 64.0 ]
'

test_expect '... and an unpinned figure stays in its cell, with a warning' '
	[ "$(table "*Local* Communication latencies in" | awk "{ print \$4 }")" = 42.1 ] &&
	expect_line "hand.1:3: .Pipe latency. ran where the scheduler put it \(64% of samples across CPUs\), not pinned" "$TRASH/err"
'

test_expect '-s: a placement row under each row: same, cross, s64%' '
	summary -s "$D/two.1" "$D/hand.1" &&
	grep -A2 "^two .* 3.500 " "$TRASH/out" | grep -q "^ *placement  same  same same  same  same  same  same same\$" &&
	grep -A2 "^two .* 56.1 " "$TRASH/out" | grep -q "^ *placement cross cross  crs cross cross cross cross  crs\$" &&
	grep -A2 "^hand .* 42.1 " "$TRASH/out" | grep -q "^ *placement *s64%\$"
'

test_expect '-s: a figure across CPUs left to the OS idle states is x-os' '
	sed "s/ placement=cross\]/ placement=cross idle=os]/" "$D/two.1" >"$D/idle.1" &&
	sed "s/ placement=cross\]/ placement=cross idle=poll]/" "$D/two.1" >"$D/poll.1" &&
	summary -s "$D/idle.1" "$D/poll.1" &&
	grep -A2 "^idle .* 56.1 " "$TRASH/out" | grep -q "^ *placement  x-os  x-os x-os  x-os  x-os  x-os  x-os x-os\$" &&
	grep -A2 "^poll .* 56.1 " "$TRASH/out" | grep -q "^ *placement cross cross  crs cross cross cross cross  crs\$" || {
		fail "$(cat "$TRASH/out")"
		return 1
	}
	summary -f csv "$D/idle.1" "$D/poll.1" &&
	holds_lines "$TRASH/out" "$D/idle.1,idle,Linux 6.1.0-13-amd64,Pipe latency (cross CPU),,56.1000,us,11,4,50,60,1,cross,,,,latbw.PIPE.latency.cross.us,,,os,," \
		"$D/poll.1,poll,Linux 6.1.0-13-amd64,Pipe latency (cross CPU),,56.1000,us,11,4,50,60,1,cross,,,,latbw.PIPE.latency.cross.us,,,poll,," &&
	summary -f json "$D/idle.1" &&
	grep -q "\"name\": \"Pipe latency (cross CPU)\".*\"idle\": \"os\", \"cpu_wait_pct\": null, \"lkp\": null}" "$TRASH/out"
'

test_expect 'compare: figures across CPUs, idle polled against left to the OS, are not judged (P)' '
	sh "$TOP/scripts/compare" "$D/poll.1" "$D/idle.1" >"$TRASH/out" 2>"$TRASH/err" &&
	grep -A8 "^Cross-CPU communication" "$TRASH/out" | grep -qx " *change % *0P *0P *0P *0P *0P *0P *0P *0P" &&
	grep -A8 "^\*Local\* Communication latencies" "$TRASH/out" | grep -qx " *change % *0~ *0~ *0~ *0~ *0~ *0~ *0~ *0~" &&
	grep -A8 "^\*Local\* Communication bandwidths" "$TRASH/out" | grep -qx " *change % *0P" &&
	expect_line "^P: the two figures were measured under different placements" "$TRASH/out" || {
		fail "$(cat "$TRASH/out" "$TRASH/err")"
		return 1
	}
	sh "$TOP/scripts/compare" "$D/two.1" "$D/poll.1" >"$TRASH/out" 2>"$TRASH/err" &&
	! grep -q -e "change %.*P" -e "^P:" "$TRASH/out"
'

test_expect 'an lmbench file: no placement row, no cross table' '
	summary -s "$SAMPLE" 2>/dev/null &&
	! grep -q -e "placement" -e "Cross-CPU" "$TRASH/out"
'

test_expect 'CSV: the placement of every figure, and the share of an unpinned one' '
	summary -f csv "$D/two.1" "$D/hand.1" &&
	holds_lines "$TRASH/out" \
		"$D/two.1,two,Linux 6.1.0-13-amd64,Pipe latency,,3.5000,us,11,2,3.4,3.7,1,same,,,,latbw.PIPE.latency.us,,,,,PIPE.latency.us" \
		"$D/two.1,two,Linux 6.1.0-13-amd64,Pipe latency (cross CPU),,56.1000,us,11,4,50,60,1,cross,,,,latbw.PIPE.latency.cross.us,,,,," \
		"$D/two.1,two,Linux 6.1.0-13-amd64,cross-CPU ctxsw 0k,2,16.90,us,5,2,16,18,1,cross,,,,latbw.CROSS-CPU.ctxsw.0k.2.us,,,,," \
		"$D/hand.1,hand,Linux 6.1.0-13-amd64,Pipe latency,,42.1354,us,11,91.75,5.8788,53.9229,1,sched,64,,,latbw.PIPE.latency.us,,,,,PIPE.latency.us"
'

test_expect 'JSON: placement and cross_pct on every figure' '
	summary -f json "$D/two.1" "$D/hand.1" &&
	has_matches "$TRASH/out" "\"name\": \"Pipe latency \\(cross CPU\\)\".*\"placement\": \"cross\", \"cross_pct\": null, " \
		"\"name\": \"Pipe latency\".*\"placement\": \"sched\", \"cross_pct\": 64, " &&
	awk "/\"name\": / { n++ } /\"placement\": / { p++ } END { exit !(n == p) }" "$TRASH/out"
'

test_done

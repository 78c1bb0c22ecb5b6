#!/bin/sh
# scripts/compare -f lkp: the layout of the 0-day/LKP robot's regression
# reports, one metric a line (base ± %stddev, %change, new ± %stddev, the
# metric's name), for pasting into a report.  tests/fixtures/lkp: a base
# side of three runs (the stddev across them) and a new side of one run
# measured in rounds (the stddev of its rounds, from the statistics lines;
# none without one).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

L=$TOP/tests/fixtures/lkp
cd "$L" || exit 1

# compare -f lkp base new.0, once for the three checks that read it:
# its output and messages in $TRASH/bn.out and bn.err, its status in
# BN_RC.
sh "$COMPARE" -f lkp base new.0 >"$TRASH/bn.out" 2>"$TRASH/bn.err"
# shellcheck disable=SC2034 # read in the checks (eval)
BN_RC=$?

test_expect 'compare -f lkp on two fixtures: the expected lines, exactly; on stderr the setup difference and the metrics of one side' '
	[ "$BN_RC" = 0 ] || fail "status $BN_RC" || return 1
	diff -u base-new.expected "$TRASH/bn.out" &&
	printf "%s\n" "compare: setup differs: RELEASE: base '"'"'6.1.0-base'"'"'; new.0 '"'"'6.2.0-new'"'"'" \
		"compare: 1 metric only on side 1 (base), not compared:" \
		"compare:   latbw.FIFO.latency.us" \
		"compare: 1 metric only on side 2 (new.0), not compared:" \
		"compare:   latbw.UDP.latency.localhost.us" >"$TRASH/want.err" &&
	diff -u "$TRASH/want.err" "$TRASH/bn.err"
'

test_expect 'each line: base ± %stddev, %change, new ± %stddev, name' '
	[ "$BN_RC" = 0 ] &&
	holds_lines "$TRASH/bn.out" "    0.2100 ±  5%     +20.0%     0.2520 ±  2%  latbw.SIMPLE.syscall.us" \
		"     10.00 ±  6%     +20.0%      12.00        latbw.PIPE.latency.us" \
		"   5000.00 ±  2%     -20.0%    4000.00 ±  4%  latbw.PIPE.bandwidth.MB/sec"
'

test_expect 'a metric only one side has is left out, and counted on stderr; 127.0.0.1 is localhost' '
	[ "$BN_RC" = 0 ] &&
	! grep -q "FIFO\|UDP" "$TRASH/bn.out" &&
	grep -c "latbw.TCP.latency.localhost.us\$" "$TRASH/bn.out" >"$TRASH/n" && file_is "$TRASH/n" 1 &&
	{
		# (grep -v fails when it selects nothing: its status is not the check'"'"'s)
		grep -v "^compare: setup differs: \|^compare:   latbw\.\|^compare: 1 metric only on side [12] (\(base\|new\.0\)), not compared:\$" "$TRASH/bn.err" >"$TRASH/rest"
		[ ! -s "$TRASH/rest" ] || fail "other messages: $(cat "$TRASH/rest")"
	}
'

# Nine metrics only on side 2: counted, eight named, "... and 1 more".
# (before the syscall figure: its statistics line stays after its own figure)
awk '/^Simple syscall:/ { for (i = 1; i <= 9; i++) printf "Odd figure %d: 1.5 microseconds\n", i } { print }' \
	new.0 >"$TRASH/odd9.0"

test_expect 'many metrics on one side only: the count, a short list of names, one a line' '
	compare -f lkp new.0 "$TRASH/odd9.0" && expect_status 0 &&
	has_matches "$TRASH/err" "^compare: 9 metrics only on side 2 \(odd9\.0\), not compared:\$" \
		"^compare:   \.\.\. and 1 more\$" &&
	grep -c "^compare:   latbw\.ODD\.figure\.[0-9]" "$TRASH/err" >"$TRASH/n" && file_is "$TRASH/n" 8 &&
	awk "length > 100 { bad = 1 } END { exit bad }" "$TRASH/err" || fail "$(cat "$TRASH/err")"
'

test_expect 'a metric measured under different placements: left out, named on stderr' '
	sed "/prog=bw_pipe /s/ placement=cross / placement=same /" new.0 >"$TRASH/same.0" &&
	sed "/prog=bw_pipe /s/ placement=cross / placement=cross idle=os /" new.0 >"$TRASH/xos.0" &&
	compare -f lkp new.0 "$TRASH/same.0" && expect_status 0 &&
	! grep -q "PIPE.bandwidth" "$TRASH/out" && grep -q "latbw.PIPE.latency.us\$" "$TRASH/out" &&
	has_matches "$TRASH/err" "^compare: 1 metric measured under different placements \(side 1/side 2\), not compared:\$" \
		"^compare:   latbw.PIPE.bandwidth.MB/sec \(cross/same\)\$" &&
	compare -f lkp new.0 "$TRASH/xos.0" && ! grep -q "PIPE.bandwidth" "$TRASH/out" &&
	expect_line "^compare:   latbw.PIPE.bandwidth.MB/sec \(cross/x-os\)\$" "$TRASH/err" &&
	compare -f lkp new.0 new.0 && grep -q "PIPE.bandwidth" "$TRASH/out" && [ ! -s "$TRASH/err" ] &&
	compare -f lkp base "$TRASH/same.0" && grep -q "PIPE.bandwidth" "$TRASH/out" && ! grep -q placement "$TRASH/err"
'

# busybox awk too, where there is one (a link named awk, which busybox
# runs as its awk: AWK is one word, and an exec, not a shell's too).
BB=
if busybox awk "BEGIN {}" 2>/dev/null
then
	mkdir "$TRASH/bbawk" && ln -s "$(command -v busybox)" "$TRASH/bbawk/awk" && BB=$TRASH/bbawk/awk
fi
export BB

test_expect 'the same lines under every awk' '
	ok=1
	# (the messages of each against the first awk'"'"'s)
	first=
	for a in $AWKS $BB
	do
		b=${a##*/}
		[ "$a" != "$BB" ] || b=bbawk
		first=${first:-$b}
		AWK=$a sh "$COMPARE" -f lkp base new.0 >"$TRASH/o.$b" 2>"$TRASH/e.$b"
		cmp -s "$TRASH/o.$b" base-new.expected || { ok=0; fail "$a differs"; }
		[ -s "$TRASH/e.$b" ] && cmp -s "$TRASH/e.$b" "$TRASH/e.$first" ||
			{ ok=0; fail "$a: other messages"; }
	done
	[ $ok = 1 ]
'

test_expect 'sides the other way round: the change from the new side' '
	compare -f lkp new.0 base &&
	grep -qxF "    0.2520 ±  2%     -16.7%     0.2100 ±  5%  latbw.SIMPLE.syscall.us" "$TRASH/out"
'

test_expect 'no metric both sides have: a message, status 1, nothing on stdout' '
	printf "%s\n" "[lmbench3.0 results for Linux box 6.1.0 #1 SMP x86_64]" "Odd figure: 1.5 microseconds" >"$TRASH/odd.0" &&
	compare -f lkp base "$TRASH/odd.0"
	expect_status 1 && [ ! -s "$TRASH/out" ] &&
	expect_line "^compare: no metric that both sides have\$" "$TRASH/err"
'

test_expect 'a side without any figure: said, status 1' '
	compare -f lkp base ../compare/garbage.0
	expect_status 1 && [ ! -s "$TRASH/out" ] &&
	expect_line "^compare: side 2 \(\.\./compare/garbage\.0\): no figure in it\$" "$TRASH/err"
'

test_expect 'an unknown format: one error line, the usage line, status 2, no output' '
	compare -f xml base new.0
	expect_status 2 && [ ! -s "$TRASH/out" ] &&
	{ IFS= read -r first <"$TRASH/err" && [ "$first" = "compare: -f wants table or lkp, not '"'"'xml'"'"'" ]; } &&
	expect_line "^usage: compare " "$TRASH/err" && has_lines 2 "$TRASH/err"
'

test_expect '-f lkp with three sides, or with -f and no value: status 2 and the usage line' '
	compare -f lkp base new.0 new.0
	expect_status 2 && [ ! -s "$TRASH/out" ] &&
	{ IFS= read -r first <"$TRASH/err" && [ "$first" = "compare: -f lkp compares two sides (base and new), not 3" ]; } ||
		exit 1
	compare -f
	expect_status 2 &&
	expect_line "^usage: compare " "$TRASH/err"
'

test_done

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

test_expect 'compare -f lkp on two fixtures: the expected lines, exactly' '
	compare -f lkp base new.0 && expect_status 0 &&
	diff -u base-new.expected "$TRASH/out" && [ ! -s "$TRASH/err" ]
'

test_expect 'each line: base ± %stddev, %change, new ± %stddev, name' '
	compare -f lkp base new.0 &&
	grep -qxF "    0.2100 ±  5%     +20.0%     0.2520 ±  2%  latbw.SIMPLE.syscall.us" "$TRASH/out" &&
	grep -qxF "     10.00 ±  6%     +20.0%      12.00        latbw.PIPE.latency.us" "$TRASH/out" &&
	grep -qxF "   5000.00 ±  2%     -20.0%    4000.00 ±  4%  latbw.PIPE.bandwidth.MB/sec" "$TRASH/out"
'

test_expect 'a metric only one side has is left out; 127.0.0.1 is localhost' '
	compare -f lkp base new.0 &&
	! grep -q "FIFO\|UDP" "$TRASH/out" &&
	[ "$(grep -c "latbw.TCP.latency.localhost.us\$" "$TRASH/out")" = 1 ]
'

test_expect 'a metric measured under different placements: left out, named on stderr' '
	sed "/prog=bw_pipe /s/ placement=cross / placement=same /" new.0 >"$TRASH/same.0" &&
	sed "/prog=bw_pipe /s/ placement=cross / placement=cross idle=os /" new.0 >"$TRASH/xos.0" &&
	compare -f lkp new.0 "$TRASH/same.0" && expect_status 0 &&
	! grep -q "PIPE.bandwidth" "$TRASH/out" && grep -q "latbw.PIPE.latency.us\$" "$TRASH/out" &&
	expect_line "^compare: measured under different placements, not compared: latbw.PIPE.bandwidth.MB/sec \(cross/same\)\$" "$TRASH/err" &&
	compare -f lkp new.0 "$TRASH/xos.0" && ! grep -q "PIPE.bandwidth" "$TRASH/out" &&
	expect_line "\(cross/x-os\)\$" "$TRASH/err" &&
	compare -f lkp new.0 new.0 && grep -q "PIPE.bandwidth" "$TRASH/out" && [ ! -s "$TRASH/err" ] &&
	compare -f lkp base "$TRASH/same.0" && grep -q "PIPE.bandwidth" "$TRASH/out" && [ ! -s "$TRASH/err" ]
'

# busybox awk too, where there is one (through a wrapper: AWK is one word).
if busybox awk "BEGIN {}" 2>/dev/null
then
	printf '#!/bin/sh\nexec busybox awk "$@"\n' >"$TRASH/bbawk" && chmod +x "$TRASH/bbawk"
fi

test_expect 'the same lines under every awk' '
	ok=1
	for a in $AWKS $(ls "$TRASH/bbawk" 2>/dev/null)
	do
		b=$(basename "$a")
		AWK=$a sh "$COMPARE" -f lkp base new.0 >"$TRASH/o.$b" 2>&1
		cmp -s "$TRASH/o.$b" base-new.expected || { ok=0; fail "$a differs"; }
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
	[ "$(sed -n 1p "$TRASH/err")" = "compare: -f wants table or lkp, not '"'"'xml'"'"'" ] &&
	expect_line "^usage: compare " "$TRASH/err" && [ "$(wc -l <"$TRASH/err")" = 2 ]
'

test_expect '-f lkp with three sides, or with -f and no value: status 2 and the usage line' '
	compare -f lkp base new.0 new.0
	expect_status 2 && [ ! -s "$TRASH/out" ] &&
	[ "$(sed -n 1p "$TRASH/err")" = "compare: -f lkp compares two sides (base and new), not 3" ] &&
	compare -f
	expect_status 2 &&
	expect_line "^usage: compare " "$TRASH/err"
'

test_done

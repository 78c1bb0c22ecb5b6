#!/bin/sh
# scripts/summary on latbw's own results files: the hand-made
# tests/fixtures/summary/ours.results (statistics lines, cache sizes, every
# number-form boundary) compared line by line with tables written by hand;
# the memory table's cache points, L3 column and main-memory rule; -s and
# its marks; "scal load"; the Guesses.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"


D=$TRASH/r/x86_64-linux-gnu
mkdir -p "$D"
cp "$FIX/ours.results" "$D/box.2"

for a in $AWKS
do
	test_expect "[$a] our file: the tables written by hand, line by line, no warning" "
		AWK=$a summary '$D/box.2' &&
		diff -u '$FIX/ours.expected' '$TRASH/out' && [ ! -s '$TRASH/err' ]
	"
	test_expect "[$a] -s: a spread row under each row that has spreads, ! over 10%" "
		AWK=$a summary -s '$D/box.2' &&
		diff -u '$FIX/ours-s.expected' '$TRASH/out'
	"
done

test_expect '-s on an lmbench file (no statistics): the plain tables' '
	cp "$FIX/lmbench3-zen3-vm.results" "$D/vm.1" &&
	summary -s "$D/vm.1" 2>/dev/null &&
	diff -u "$FIX/lmbench3-vm.expected" "$TRASH/out"
'

test_expect '-m 30 marks only spreads above 30%; -m 0 marks none' '
	summary -s -m 30 "$D/box.2" &&
	holds_lines "$TRASH/out" "               spread %      1.5%  25% 0.4% 3.0%                 12%" \
		"               spread %         0.5%          !40%   5.0%" &&
	summary -s -m 0 "$D/box.2" &&
	! grep -q "!" "$TRASH/out"
'

test_expect 'more than one copy: the columns that divide by scal load are blank' '
	sed "s/^\[SYNC_MAX: 1\]/[SYNC_MAX: 2]/" "$FIX/ours.results" >"$D/box.3" &&
	summary "$D/box.3" &&
	holds_lines "$TRASH/out" \
		"box       Linux 6.1.0-1        x86_64-linux-gnu 3000    48    64 7.5000    2" \
		"box       Linux 6.1.0-1 5.500  12.3 8.00  20.0        25.0           " \
		"box       Linux 6.1.0-1  55.6        60.0           " \
		"box       Linux 6.1.0-1                               250.5 0.500 0.12340 1.250" &&
	! grep -q "^Basic integer" "$TRASH/out"
'

test_expect 'a figure whose statistics say copies=2 is blank where scal load applies' '
	sed "/case=integer-bit/s/copies=1/copies=2/" "$FIX/ours.results" >"$D/box.4" &&
	summary "$D/box.4" &&
	grep -qxF "box       Linux 6.1.0-1        0.2500 0.9000   10.5   12.3" "$TRASH/out"
'

test_expect 'cache sizes without an L3: the classic table, levels read at the cache points' '
	grep -v "^\[CACHE_L3:" "$FIX/ours.results" >"$D/box.5" &&
	summary "$D/box.5" &&
	# Main mem: the first point at or past 4 x the 512K L2 (16M)
	holds_lines "$TRASH/out" \
		"Host                 OS   Mhz   L1 \$   L2 \$    Main mem    Rand mem    Guesses" \
		"box       Linux 6.1.0-1  3000 1.1000 3.0000   10.0       120.5"
'

# lmbench's points (1 KB, 128 KB) are read where they lie inside the
# level; a 128 KB L1 (as on Apple M1) puts 128 KB outside L2: then the
# largest point inside it, 256 KB (3.5).
test_expect 'L2 at 128 KB only when it lies inside L2: a 128 KB L1 moves it to 256 KB' '
	sed "s/^\[CACHE_L1D: .*/[CACHE_L1D: 131072]/" "$FIX/ours.results" >"$D/m1.2" &&
	summary "$D/m1.2" &&
	grep -qxF "m1        Linux 6.1.0-1  3000 1.1000 3.5000   10.0   80.0  120.5" "$TRASH/out"
'

test_expect 'a sweep that stops short of twice the L3: Main and Rand mem blank, and why' '
	sed "s/^\[CACHE_L3: .*/[CACHE_L3: 67108864]/" "$FIX/ours.results" >"$D/box.6" &&
	summary "$D/box.6" &&
	grep -qxF "box       Linux 6.1.0-1  3000 1.1000 3.0000   10.0              " "$TRASH/out" &&
	expect_line "box\.6: the memory sweep ends at 64\.00000 MB, short of twice the last-level cache \(2 x 64\.00 MB\): Main mem left blank" "$TRASH/err" &&
	expect_line "box\.6: the random sweep ends at 64\.00000 MB" "$TRASH/err"
'

test_expect 'an lmbench file with one of ours: our layout, lmbench points for its row' '
	summary "$D/vm.1" "$D/box.2" 2>/dev/null &&
	holds_lines "$TRASH/out" \
		"vm        Linux 6.18.44  3182 1.2470 3.5900          19.4  167.2" \
		"box       Linux 6.1.0-1  3000 1.1000 3.0000   10.0   80.0  120.5"
'

# lat_fs: one line of figures, then one statistics line for each.
{
	printf '%s\n' "[lmbench3.0 results for Linux fs 6.1.0 #1 SMP x86_64]" '"File system latency'
	printf '0k\t1\t955\t30634\n'
	printf '%s\n' "[latbw-stat prog=lat_fs case=create x=0k median=1047.65 min=1025.1 max=1051.9 spread=1.28% reps=3 n=1 copies=1 cpus=any unit=us]"
	printf '%s\n' "[latbw-stat prog=lat_fs case=delete x=0k median=32.6431 min=9.95 max=99.5 spread=137.16% reps=3 n=122 copies=1 cpus=any unit=us]"
	printf '%s\n' "" "[INCOMPLETE: interrupted by SIGINT after step 3 of 40]"
} >"$D/fs.1"

test_expect 'lat_fs: each statistics line goes to its own figure; INCOMPLETE is warned about' '
	summary -s "$D/fs.1" &&
	holds_lines "$TRASH/out" "fs          Linux 6.1.0 1047.1   32.6                                          " \
		"               spread %   1.3%  !137%" &&
	file_is "$TRASH/err" "summary: $D/fs.1: the run is marked incomplete (interrupted by SIGINT after step 3 of 40)"
'

# The Guesses, from classic curves written for them.
curve() {
	printf '%s\n' "[lmbench3.0 results for Linux $1 6.1.0 #1 SMP x86_64]" \
		"Memory load latency" '"stride=128'
	shift
	printf '%s\n' "$@" ""
}
curve g1 "0.00098 2.0" "0.12500 2.2" "8.00000 100.0" >"$D/g1.1"
curve g2 "0.00098 1.0" "0.12500 50.0" "8.00000 55.0" >"$D/g2.1"
curve g3 "0.06250 4.0" "0.12500 5.0" "8.00000 100.0" >"$D/g3.1"
curve g4 "0.00098 1.0" "0.12500 5.0" "8.00000 100.0" >"$D/g4.1"
cat >"$TRASH/guess.want" <<'EOF'
g1          Linux 6.1.0       2.0000 2.2000  100.0                No L1 cache?
g2          Linux 6.1.0       1.0000   50.0   55.0                No L2 cache?
g3          Linux 6.1.0            -      -      -           -    Bad mhz?
g4          Linux 6.1.0       1.0000 5.0000  100.0            
EOF

test_expect 'Guesses: No L1 cache?, No L2 cache?, Bad mhz? with dashes, none' '
	summary "$D/g1.1" "$D/g2.1" "$D/g3.1" "$D/g4.1" &&
	grep "^g[0-9] " "$TRASH/out" >"$TRASH/rows" &&
	diff -u "$TRASH/guess.want" "$TRASH/rows"
'

test_expect '-w 72 moves Rand mem and Guesses to a second block' '
	summary -w 72 "$D/g1.1" "$D/g4.1" &&
	holds_lines "$TRASH/out" "g1          Linux 6.1.0       2.0000 2.2000  100.0" \
		"Host                 OS    Rand mem    Guesses" \
		"g1          Linux 6.1.0                No L1 cache?" &&
	awk "length(\$0) > 72 { bad = 1 } END { exit bad }" "$TRASH/out"
'

test_expect '-w 72 -s: our file in blocks with their spread rows, none wider' '
	summary -w 72 -s "$D/box.2" &&
	holds_lines "$TRASH/out" "               spread %      1.5% !25% 0.4% 3.0%" \
		"               spread %           !12%" &&
	awk "length(\$0) > 72 { bad = 1 } END { exit bad }" "$TRASH/out"
'

# next_to_last ERE: the next to last line of $TRASH/out matching ERE (the
# only one if one matches), as grep | tail -n 2 | head -n 1 gives it.
next_to_last() {
	awk -v re="$1" '$0 ~ re { n++; prev = last; last = $0 }
		END { if (n >= 2) print prev; else if (n == 1) print last }' "$TRASH/out"
}

test_expect 'the levels are read at the sizes sysfs gives, not the ones cache measured' '
	# cache found a 2 MB L3 (the rest taken by other tenants, this time):
	# L3 is still read at half the nominal 32 MB (10.0 ns), so that runs
	# of one machine read the same points; the 2M is shown beside.
	sed "s/^tlb: 48 pages\$/L3 cache: 2097152 bytes 9.00 nanoseconds\n&/" \
		"$D/box.2" >"$D/meas.2" &&
	grep -q "^L3 cache: 2097152 bytes" "$D/meas.2" &&
	summary "$D/box.2" && next_to_last "^box " >"$TRASH/nominal" &&
	summary "$D/meas.2" && next_to_last "^meas " >"$TRASH/measured" &&
	awk "{ n++; if (\$7 != \"10.0\") bad = 1 } END { exit bad || n != 2 }" "$TRASH/nominal" "$TRASH/measured" &&
	grep -qxF "meas      Linux 6.1.0-1    32K   512K    32M sysfs                      2M" "$TRASH/out" ||
		fail "nominal: $(cat "$TRASH/nominal"); measured: $(cat "$TRASH/measured")"
'

# latbw's driver writes the statistics lines of a series' points after the
# blank line that ends it (lmbench's readers end a series at its first line
# that is not a point): each goes to its point by x (and case, for lat_fs).
st() {
	printf '[latbw-stat prog=%s case=%s x=%s median=%s min=%s max=%s spread=%s%% reps=5 n=1 copies=1 cpus=any unit=%s]\n' "$@"
}
{
	printf '%s\n' "[lmbench3.0 results for Linux after 6.1.0 #1 SMP x86_64]" '"read bandwidth' \
		"0.004096 1000.00" "8.00 2000.00" ""
	st bw_file_rd io_only 0.004096 1000 990 1010 1.00 MB/s
	st bw_file_rd io_only 8.00 2000 1900 2100 12.50 MB/s
	printf '%s\n' '"File system latency' "0k 1 955 30634" "10k 1 500 20000" ""
	st lat_fs create 0k 1047 1040 1050 1.28 us
	st lat_fs delete 0k 32.6435 32 33 3.00 us
	st lat_fs create 10k 2000 1990 2010 4.00 us
	st lat_fs delete 10k 50 49 51 5.00 us
} >"$D/after.1"

test_expect 'statistics lines after a series: each to its point, by x and case, no warning' '
	summary -f csv "$D/after.1" &&
	cut -d, -f4,5,9 "$TRASH/out" >"$TRASH/got" &&
	printf "%s\n" name,x,spread_pct "read bandwidth,0.004096,1" "read bandwidth,8.00,12.5" \
		"File system latency create,0k,1.28" "File system latency delete,0k,3" \
		"File system latency create,10k,4" "File system latency delete,10k,5" >"$TRASH/want" &&
	diff -u "$TRASH/want" "$TRASH/got" && [ ! -s "$TRASH/err" ]
'

test_expect 'a statistics line after a series for a point it does not have: a warning' '
	{ cat "$D/after.1"; st lat_fs create 4k 1 1 1 1.00 us; } >"$D/after.2" &&
	summary -f csv "$D/after.2" &&
	expect_line "after\.2:[0-9]+: statistics line for no point of series .File system latency., skipped" "$TRASH/err"
'

test_expect 'lat_ctx: the overhead statistics line after the title is no warning' '
	{
		sed -n "1,/^\[Mon/p" "$D/box.2"
		printf "%s\n" "\"size=0k ovr=0.80" \
			"[latbw-stat prog=lat_ctx case=overhead median=0.8 min=0.79 max=0.81 spread=0.14% reps=5 preempted=0 n=7670 copies=1 cpus=any unit=us]" \
			"2 5.08" "" \
			"[latbw-stat prog=lat_ctx case=ring median=5 min=5 max=5 spread=0.10% reps=5 preempted=0 n=9 copies=1 cpus=any unit=us]"
	} >"$D/ctx.3" &&
	summary "$D/ctx.3" && grep -q "^ctx .* 5.0800 " "$TRASH/out" &&
	grep -c "not after a figure" "$TRASH/err" >"$TRASH/n" && file_is "$TRASH/n" 1 ||
		fail "$(cat "$TRASH/err")"
'

test_expect 'summary is a program over records: its awk files hold no part of the reader, and records alone make its tables' '
	set -- "$FIX/ours.results" "$TOP/tests/fixtures/c2c/twosock.0" \
		"$TOP/tests/fixtures/scaling/one.0" "$TOP/tests/fixtures/load/one.0" &&
	{ sh "$RECORDS" "$@" && printf "E\t0\n"; } >"$TRASH/recs" 2>/dev/null &&
	over_records summary -v mode=table -v spread=1 <"$TRASH/recs" >"$TRASH/over" &&
	summary -s "$@" && expect_status 0 &&
	diff -u "$TRASH/out" "$TRASH/over"
'

test_done

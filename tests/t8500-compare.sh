#!/bin/sh
# scripts/compare on hand-made files whose figures and noises are known:
# changes inside the noise are not significant, large ones are, in the
# direction of the table; several runs per side; lmbench files.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

FIX=$TOP/tests/fixtures/compare

cd "$FIX" || exit 1

# base.0 -> new.0, ranges of the repetitions in brackets:
#   Simple syscall 0.200 [2%]  -> 0.204 [2%]:   +2%, noise 4%: within
#   Simple stat    1.00  [2%]  -> 0.50  [2%]:  -50%: better (smaller)
#   Pipe latency   10.0  [2%]  -> 15.0  [1.3%]: +50%: worse
#   AF_UNIX        8.00  [50%] -> 9.60  [52%]: +20%, noise 102%: within
#   Pipe bandwidth 1000  [2%]  -> 1500  [1.3%]: +50%: better (bigger)
test_expect 'one run per side: rows and change rows as expected' '
	compare base.0 new.0 || fail "status $?: $(cat "$TRASH/err")"
	holds_lines "$TRASH/out" "base.0    Linux 6.1.0-t 3000 0.20      1.00" \
		"new.0     Linux 6.1.0-t 3000 0.20      0.50" \
		"               change %       +2~      -50B" \
		"base.0    Linux 6.1.0-t        10.0 8.00" \
		"new.0     Linux 6.1.0-t        15.0 9.60" \
		"               change %        +50W +20~" \
		"               change % +50B" &&
	[ ! -s "$TRASH/err" ] || fail "stderr: $(cat "$TRASH/err")"
'

test_expect 'the same titles and column heads as summary' '
	compare base.0 new.0 &&
	sh "$TOP/scripts/summary" base.0 new.0 >"$TRASH/sum" 2>&1 &&
	grep -v "^base \|^new \|^$" "$TRASH/sum" | sed 1,2d >"$TRASH/heads.sum" &&
	sed -n "/^Basic system/,/^Change:/p" "$TRASH/out" |
		grep -v "^base.0 \|^new.0 \|^ *change %\|^$\|^Change:" >"$TRASH/heads.cmp" &&
	diff -u "$TRASH/heads.sum" "$TRASH/heads.cmp"
'

test_expect 'the other way round: directions swap' '
	compare new.0 base.0 &&
	holds_lines "$TRASH/out" "               change %       -2~       x2W" \
		"               change %        -33B -17~"
'

test_expect 'a floor of 60% (-t 60): no change is significant' '
	compare -t 60 base.0 new.0 &&
	holds_lines "$TRASH/out" "               change %       +2~      -50~" \
		"               change %        +50~ +20~" \
		"               change % +50~"
'

test_expect 'noise rows (-n): the ranges of the repetitions' '
	compare -n base.0 new.0 &&
	holds_lines "$TRASH/out" "                noise %       2.0       2.0" \
		"                noise %         1.3   52"
'

test_expect 'a side compared with itself: no change at all' '
	compare base.0 base.0 &&
	! grep "change %.*[0-9][BWS]" "$TRASH/out" &&
	grep -q "change %        0~" "$TRASH/out"
'

# multi-a: Simple syscall 0.200 0.204 0.198, Pipe 10.0 10.2 9.9
# multi-b: Simple syscall 0.201 0.205 0.199, Pipe 12.0 12.3 11.9
test_expect 'three runs per side: medians, the runs ranges as noise' '
	compare -n multi-a multi-b &&
	holds_lines "$TRASH/out" "multi-a   Linux 6.1.0-t 3000 0.20" \
		"                noise %       3.0" \
		"               change %       +1~" \
		"multi-a   Linux 6.1.0-t        10.0" \
		"multi-b   Linux 6.1.0-t        12.0" \
		"               change %        +20W" &&
	grep -q "^   1 multi-a      3 the runs" "$TRASH/out"
'

test_expect 'lmbench files, one run per side: changes, significance unknown' '
	compare lmbench-base.0 lmbench-new.0 &&
	holds_lines "$TRASH/out" "               change %       +2?      -50?" \
		"               change % +50?" &&
	grep -q "^?: a side of one run without statistics lines" "$TRASH/out"
'

test_expect 'three sides: each against the first' '
	compare base.0 new.0 base.0 &&
	awk "index(\$0, \"change %        +50W +20~\") { a++ } index(\$0, \"change %          0~   0~\") { b++ }
		END { exit !(a == 1 && b == 1) }" "$TRASH/out"
'

test_expect 'the same output under every awk' '
	for a in $AWKS
	do
		AWK=$a sh "$COMPARE" -n base.0 new.0 multi-a >"$TRASH/out.$a" 2>&1 ||
			fail "$a: status $?" || return 1
	done
	set -- $AWKS
	for a in $AWKS
	do
		cmp "$TRASH/out.$a" "$TRASH/out.$1" ||
			fail "$a differs" || return 1
	done
'

test_expect 'compare needs the reader, the tables and the registry, not summary, summary.awk or export.awk' '
	mkdir -p "$TRASH/only" &&
	cp "$TOP/scripts/readers.sh" "$TOP/scripts/compare" "$TOP"/scripts/*.awk "$TOP/scripts/registry" "$TRASH/only/" &&
	rm "$TRASH/only/summary.awk" "$TRASH/only/export.awk" &&
	sh "$COMPARE" -n base.0 new.0 multi-a >"$TRASH/all" 2>&1 &&
	sh "$TRASH/only/compare" -n base.0 new.0 multi-a >"$TRASH/only.out" 2>&1 &&
	diff -u "$TRASH/all" "$TRASH/only.out"
'

test_expect 'compare is a program over records: its awk files hold no part of the reader, and records alone make its tables' '
	{
		printf "S\tbase.0\n" && sh "$TOP/scripts/records" base.0 && printf "E\t0\n" &&
		printf "S\tmulti-a\n" && sh "$TOP/scripts/records" multi-a && printf "E\t0\n"
	} >"$TRASH/recs" 2>/dev/null &&
	over_records compare -v shownoise=1 <"$TRASH/recs" >"$TRASH/over" &&
	sh "$COMPARE" -n base.0 multi-a >"$TRASH/cmp" 2>/dev/null &&
	diff -u "$TRASH/cmp" "$TRASH/over"
'

test_done

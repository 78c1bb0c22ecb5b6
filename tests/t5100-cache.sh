#!/bin/sh
# cache, line, tlb: output format, bad arguments, the time bound.
. "$(dirname "$0")/lib.sh"

# The sizes these find on this machine, against what sysfs says, are
# checked by tests/bench/t5100-cache.sh: here, the format, and a clear
# reason when a busy machine leaves no curve to read.

test_expect 'cache prints its figures, or says why not' '
	run_bench cache -N 3 -E 1000 -M 8m
	figure_or_reason cache "^Memory latency: " &&
	cp "$TRASH/err" "$TRASH/cache1"
'

# A busy machine may leave cache no curve to read: it exits 1 saying why
# (checked above), and the checks of its figures skip with that reason.
if grep -q "^Memory latency: " "$TRASH/cache1" 2>/dev/null
then
test_expect 'cache prints level lines in its documented format' '
	expect_line "^L1 cache: [0-9]+ bytes [0-9]+\.[0-9]{2} nanoseconds$" "$TRASH/cache1" &&
	expect_line "^Memory latency: [0-9]+\.[0-9]{2} nanoseconds$" "$TRASH/cache1" &&
	expect_line "^\[cache pages=(thp|small) largest=8388608\]$" "$TRASH/cache1" &&
	! grep -vE "^(L[0-9] cache: |Memory latency: |\[cache|cache: using small pages instead$)" "$TRASH/cache1"
'

test_expect 'cache: levels numbered from 1, memory last, every figure positive' '
	awk "/^L[0-9] cache: / { n++; if (\$1 != \"L\" n || !(\$3 > 0) || !(\$5 > 0)) exit 1
			if (m) exit 1; next }
		/^Memory latency: / { if (!(\$3 > 0)) exit 1; m = 1 }
		END { exit !(m && n >= 1) }" "$TRASH/cache1" ||
		fail "$(cat "$TRASH/cache1")"
'
else
	why=$(sed -n "/^cache: /{p;q;}" "$TRASH/cache1" 2>/dev/null)
	why="no figures: ${why:-cache did not run}"
	test_skip 'cache prints level lines in its documented format' "$why"
	test_skip 'cache: levels numbered from 1, memory last, every figure positive' "$why"
fi

test_expect 'line prints a bare power of two, or says why not' '
	run_bench line -N 3 -E 1000
	figure_or_reason line "^(16|32|64|128|256|512)$" || return 1
	[ "$(cat "$TRASH/rc")" = 1 ] ||
		[ "$(grep -Evc "^(\[latbw-stat|line: using small pages instead$)" "$TRASH/err")" -eq 1 ]
'

test_expect 'line -v: a curve line per offset with its votes; the size is the step most curves voted for, at least 3 and more than half' '
	run_bench line -v -N 3 -E 1000
	figure_or_reason line "^(16|32|64|128|256|512)$" || return 1
	[ "$(grep -Ec "^\[line-curve offset=(8|16|32|64|128|256|512) ns=[0-9]+\.[0-9]{3} votes=[0-9]+\]$" "$TRASH/err")" -eq 7 ] ||
		fail "not 7 curve lines: $(cat "$TRASH/err")" || return 1
	expect_line "^\[line-votes none=[0-9]+ batches=([5-9]|1[0-5])\]$" "$TRASH/err" || return 1
	batches=$(sed -n "s/^\[line-votes none=[0-9]* batches=\([0-9]*\)\]\$/\1/p" "$TRASH/err")
	total=0
	for v in $(sed -n "s/.* votes=\([0-9]*\)\]\$/\1/p; s/^\[line-votes none=\([0-9]*\) .*/\1/p" "$TRASH/err")
	do
		total=$((total + v))
	done
	[ "$total" -eq "$batches" ] || fail "$total votes, not $batches: $(cat "$TRASH/err")" || return 1
	# The most votes, at which offset (a majority has no tie); it stops
	# at the first batch from the fifth on that gives one, or at 15.
	set -- $(sed -n "s/^\[line-curve offset=\([0-9]*\) ns=[0-9.]* votes=\([0-9]*\)\]\$/\2 \1/p" "$TRASH/err" | sort -n -r | head -n 1)
	size=$(grep -E "^[0-9]+$" "$TRASH/err")
	if [ "$(cat "$TRASH/rc")" = 0 ]
	then
		[ "$1" -ge 3 ] && [ $((2 * $1)) -gt "$batches" ] && [ "$size" = "$2" ] &&
			{ [ "$batches" -eq 5 ] || [ $((2 * ($1 - 1))) -le $((batches - 1)) ] || [ "$1" -eq 3 ]; }
	else
		[ "$batches" -eq 15 ] && { [ "$1" -lt 3 ] || [ $((2 * $1)) -le 15 ]; } && [ -z "$size" ]
	fi || fail "votes and size disagree: $(cat "$TRASH/err")"
'

test_expect 'tlb prints "tlb: N pages", or says why not' '
	run_bench tlb -N 3 -E 1000
	figure_or_reason tlb "^tlb: [0-9]+ pages$" || return 1
	[ "$(cat "$TRASH/rc")" = 1 ] ||
		is_positive "$(awk "/^tlb: / { print \$2 }" "$TRASH/err")"
'

for p in cache line tlb
do
	usage_tests "$p" -Z extra "-P 2"
done

test_expect 'cache -M too small or not a size: exit 2' '
	! run_bench cache -M 4k && expect_status 2 &&
	! run_bench cache -M big && expect_status 2 &&
	! run_bench cache -H huge && expect_status 2 &&
	! run_bench tlb -M 3 && expect_status 2
'

test_expect 'the time bound stops cache and leaves no process' '
	! run_bench cache -B 1 -M 255m &&
	expect_status 1 && expect_line "time bound" "$TRASH/err" &&
	! grep -q "^L1 cache" "$TRASH/err" &&
	eventually "[ \"\$(procs_with cache \"-M 255m\")\" = 0 ]"
'

test_done

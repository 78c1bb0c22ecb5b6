#!/bin/sh
# tests/bench/same-table.sh, the reproducibility check of issue 10, on
# copies of a driver's results file (tests/fixtures/getsummary): the
# same file thrice is within; a Processor cell one digit apart (0.17 and
# 0.18, within 5 % and that digit) is outside, marked OUT~; two digits
# apart, OUT; each counted among the cells whose runs are further apart
# than the tolerance, the ratio shown.  It only compares here: its --run form runs the suite.
. "$(dirname "$0")/lib.sh"

ST=$TOP/tests/bench/same-table.sh
export ST
F=$TOP/tests/fixtures/getsummary/x86_64-linux-gnu/vm.1
for v in 0.1760 0.1900
do
	sed "s/^Simple syscall: 0.1660 /Simple syscall: $v /" "$F" >"$TRASH/s$v"
done

test_expect 'the null call of the fixture is 0.17, and the copies differ' '
	sh "$TOP/scripts/summary" "$F" | grep -q " 0.17 " &&
	! cmp -s "$F" "$TRASH/s0.1760" && ! cmp -s "$F" "$TRASH/s0.1900"
'
test_expect 'one file thrice: every cell within, exit 0' '
	sh "$ST" "$F" "$F" "$F" >"$TRASH/o" &&
	has_matches "$TRASH/o" "^72 cells compared over 3 files; 0 outside" "^0 of those [(]OUT~[)]" \
		"^0 cells whose largest value is more than"
'
test_expect 'a null call one digit apart: outside, marked OUT~, exit 1' '
	sh "$ST" "$F" "$F" "$TRASH/s0.1760" >"$TRASH/o"
	[ $? -eq 1 ] &&
	has_matches "$TRASH/o" "; 1 outside" "^1 of those [(]OUT~[)]" \
		"^  OUT~ +5\.9 %  x1\.06 +proc +null-call +0\.17 0\.17 0\.18$" \
		"^1 cells whose largest value is more than 1 [+] their tolerance times their smallest"
'
test_expect 'two digits apart: OUT, not OUT~' '
	sh "$ST" "$F" "$F" "$TRASH/s0.1900" >"$TRASH/o"
	[ $? -eq 1 ] &&
	has_matches "$TRASH/o" "^0 of those [(]OUT~[)]" \
		"^  OUT +11\.8 %  x1\.12 +proc +null-call +0\.17 0\.17 0\.19$"
'
test_expect 'one file, or none to read: usage, exit 2' '
	sh "$ST" "$F" >/dev/null 2>"$TRASH/e1"
	[ $? -eq 2 ] && grep -q "^usage: same-table.sh" "$TRASH/e1" &&
	{ sh "$ST" "$F" "$TRASH/none" >/dev/null 2>"$TRASH/e2"; [ $? -eq 2 ]; } &&
	grep -q "cannot read .*/none" "$TRASH/e2"
'
test_done

#!/bin/sh
# scripts/compare on bad input: missing, garbage, binary and empty files
# get warnings naming them, never a crash; bad options and too few sides
# get an error line and the usage line (status 2).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

FIX=$TOP/tests/fixtures/compare

usage_given() {
	expect_status 2 &&
	expect_line "^usage: compare \[-n\] \[-t PCT\] \[-f table|lkp\] A B" "$TRASH/err" || return 1
	[ ! -s "$TRASH/out" ] || fail "stdout: $(cat "$TRASH/out")"
}

cd "$FIX" || exit 1

test_expect 'a missing second side: a warning, status 1, no tables' '
	compare base.0 nosuch.0
	expect_status 1 &&
	expect_line "^compare: nosuch.0: no such file or directory" "$TRASH/err" &&
	expect_line "^compare: fewer than two sides" "$TRASH/err" &&
	[ ! -s "$TRASH/out" ]
'

test_expect 'a missing first side: nothing to compare against, status 1' '
	compare nosuch.0 base.0
	expect_status 1 &&
	expect_line "^compare: nosuch.0: no results file to compare against" "$TRASH/err"
'

test_expect 'a garbage file: warnings naming its lines, the other side still shown, status 1' '
	compare base.0 garbage.0
	expect_status 1 &&
	expect_line "^compare: garbage.0:1: unrecognised line skipped" "$TRASH/err" &&
	expect_line "^compare: side 2 \(garbage.0\): no figure" "$TRASH/err" &&
	expect_line "^base.0    Linux 6.1.0-t 3000 0.20      1.00" "$TRASH/out"
'

test_expect 'binary and empty files: warnings, no crash' '
	printf "Simple syscall: 0.2\000\001 microseconds\n" >"$TRASH/bin.0" &&
	: >"$TRASH/empty.0" &&
	compare base.0 "$TRASH/bin.0" "$TRASH/empty.0"
	expect_status 1 &&
	expect_line "bin.0: binary file" "$TRASH/err" &&
	expect_line "empty.0: empty file" "$TRASH/err" &&
	! grep -q "awk:" "$TRASH/err"
'

test_expect 'a truncated second run: compared without its cut line' '
	{ head -n 6 new.0; printf "Simple stat: 0.5"; } >"$TRASH/cut.0" &&
	compare base.0 "$TRASH/cut.0"
	expect_status 0 &&
	expect_line "cut.0:.*cut short" "$TRASH/err" &&
	expect_line "^               change %       \+2~" "$TRASH/out"
'

test_expect 'one side only: usage, status 2' '
	compare base.0
	usage_given
'

test_expect 'an unknown option: usage, status 2' '
	compare -x base.0 new.0
	usage_given &&
	expect_line "^compare: unknown option -x" "$TRASH/err"
'

test_expect 'a bad floor: usage, status 2' '
	compare -t abc base.0 new.0
	usage_given &&
	compare -t
	usage_given
'

test_expect '-h: usage on stdout, status 0' '
	sh "$COMPARE" -h >"$TRASH/out" 2>"$TRASH/err" &&
	expect_line "^usage: compare" "$TRASH/out"
'

test_expect 'a name that looks like an assignment or an option is a file' '
	cp base.0 "$TRASH/a=b.0" && cp new.0 "$TRASH/-n.0" &&
	(cd "$TRASH" && sh "$COMPARE" -- a=b.0 -n.0 >out 2>err) &&
	expect_line "^               change %       \+2~      -50B" "$TRASH/out"
'

test_done

#!/bin/sh
# lat_fs: the "File system latency series, rates, directories, cleanup.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-fs.sh"

mkdir "$TRASH/fs"

# Samples of 100 files (-n 100) where the count does not matter: on a
# file system that has just deleted files, a create can take a millisecond
# (see lat_fs.c), and 1000 of them a second.  The default count (1000) is
# checked with $TMPDIR below.
test_expect 'lat_fs -s 0 prints the series: title, one row, blank line' '
	run_bench lat_fs -N 3 -E 1000 -n 100 -s 0 "$TRASH/fs" &&
	cp "$TRASH/err" "$TRASH/zero" &&
	grep -v "^\[" "$TRASH/err" >"$TRASH/lines" &&
	printf "\"File system latency\n" >"$TRASH/want1" &&
	head -n 1 "$TRASH/lines" | cmp -s - "$TRASH/want1" &&
	[ "$(wc -l <"$TRASH/lines")" -eq 3 ] &&
	sed -n 2p "$TRASH/lines" | grep -Eq "^0k 100 [0-9]+ [0-9]+\$" &&
	[ -z "$(sed -n 3p "$TRASH/lines")" ]
'

test_expect 'the row has a create and a delete statistics line' '
	expect_line "^\[latbw-stat prog=lat_fs case=create x=0k .*reps=3 .*unit=us\]\$" "$TRASH/zero" &&
	expect_line "^\[latbw-stat prog=lat_fs case=delete x=0k .*reps=3 .*unit=us\]\$" "$TRASH/zero"
'

test_expect 'files per sample, creates/s and deletes/s are positive' '
	set -- $(grep "^0k" "$TRASH/zero") &&
	greater "$2" 0 "files" && greater "$3" 0 "creates/s" &&
	greater "$4" 0 "deletes/s"
'

test_expect 'the rates agree with the statistics lines (1e6 / us)' '
	c=$(awk "/case=create/ { sub(/.*median=/, \"\"); print \$1 }" "$TRASH/zero") &&
	set -- $(grep "^0k" "$TRASH/zero") &&
	between "$3" "$(awk -v m="$c" "BEGIN { print 1e6 / m - 1 }")" \
		"$(awk -v m="$c" "BEGIN { print 1e6 / m + 1 }")"
'

test_expect 'nothing is left in the directory' '
	[ "$(made_files "$TRASH/fs")" = 0 ]
'

test_expect 'all four sizes by default, in order (10k files)' '
	run_bench lat_fs -N 1 -E 200 -n 100 "$TRASH/fs" &&
	[ "$(grep -c "^[0-9]*k " "$TRASH/err")" -eq 4 ] &&
	[ "$(grep "^[0-9]*k " "$TRASH/err" | cut -d " " -f1 | tr "\n" " ")" = "0k 1k 4k 10k " ] &&
	[ "$(made_files "$TRASH/fs")" = 0 ]
'

test_expect '$TMPDIR is the default directory' '
	mkdir "$TRASH/def" &&
	TMPDIR="$TRASH/def" run_bench lat_fs -N 1 -E 200 -s 1k &&
	expect_line "^1k " "$TRASH/err" && [ "$(made_files "$TRASH/def")" = 0 ]
'

test_expect '1000 files a sample by default' '
	expect_line "^1k 1000 [0-9]+ [0-9]+\$" "$TRASH/err" &&
	expect_line "^\[latbw-stat prog=lat_fs case=create x=1k .* n=1000 " "$TRASH/err"
'

test_expect 'a missing directory: exit 1, a clear message, no figure' '
	! run_bench lat_fs -N 1 "$TRASH/none" && expect_status 1 &&
	expect_line "^lat_fs: directory .*/none: does not exist\$" "$TRASH/err" &&
	! grep -q "^0k" "$TRASH/err"
'

test_expect 'a file instead of a directory: exit 1, a clear message' '
	: >"$TRASH/plain" &&
	! run_bench lat_fs -N 1 "$TRASH/plain" && expect_status 1 &&
	expect_line "is not a directory" "$TRASH/err"
'

mkdir "$TRASH/ro"
if immutable_dir "$TRASH/ro"
then
	test_expect 'a directory nobody may write: exit 1, a clear message' '
		! run_bench lat_fs -N 1 "$TRASH/ro"; rc=$?
		chattr -i "$TRASH/ro"
		[ "$rc" = 0 ] && expect_status 1 &&
		expect_line "^lat_fs: .*ro.*(cannot be written|Operation not permitted)" "$TRASH/err" &&
		[ "$(made_files "$TRASH/ro")" = 0 ]
	'
else
	test_skip 'a directory nobody may write' 'chattr +i is not available here'
fi

usage_tests lat_fs "-s x" "-s" "a b" "-P 2 ." "-Q"

test_expect 'the time bound stops it with exit 1 and removes its files' '
	! "$BIN/lat_fs" -B 1 -E 1000000 "$TRASH/fs" 2>"$TRASH/err" &&
	expect_line "time bound of 1 s exceeded" "$TRASH/err" &&
	[ "$(made_files "$TRASH/fs")" = 0 ]
'

test_expect 'SIGINT stops it and removes its directory and files' '
	mkdir "$TRASH/int" &&
	interrupt_when_busy INT "$TRASH/int" lat_fs -E 1000000 &&
	[ "$(cat "$TRASH/rc")" -gt 128 ] &&
	! grep -q "^[0-9]*k	" "$TRASH/err" &&
	[ "$(made_files "$TRASH/int")" = 0 ]
'

test_done

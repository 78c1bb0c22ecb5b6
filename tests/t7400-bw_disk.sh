#!/bin/sh
# bw_disk: cached and uncached (O_DIRECT) sequential and random I/O, the
# checks behind the words "cached" and "uncached", cleanup.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-fs.sh"

mkdir "$TRASH/d"

test_expect 'cached reread: the figure, its statistics and cache lines' '
	run_bench bw_disk -N 3 -E 1000 -s 1m read "$TRASH/d" &&
	expect_line "^File sequential reread cached: [0-9]+\.[0-9]{2} MB/sec\$" "$TRASH/err" &&
	expect_line "^\[latbw-stat prog=bw_disk case=read .*reps=3 .*unit=MB/s\]\$" "$TRASH/err" &&
	expect_line "^\[latbw-disk case=read bytes=1048576 block=65536 direct=0 pages=256 cached_before=0 cached_after=256\]\$" "$TRASH/err" &&
	[ "$(wc -l <"$TRASH/err")" -eq 3 ] &&
	is_positive "$(value_of "File sequential reread cached" "$TRASH/err")"
'

test_expect 'cached random 8k reads' '
	run_bench bw_disk -N 3 -E 1000 -s 1m random "$TRASH/d" &&
	expect_line "^File random 8k read cached: [0-9]+\.[0-9]{2} MB/sec\$" "$TRASH/err" &&
	expect_line "block=8192 direct=0 pages=256 cached_before=0 cached_after=256\]" "$TRASH/err"
'

test_expect 'sequential write with fsync' '
	run_bench bw_disk -N 3 -E 1000 -s 1m -b 16k write "$TRASH/d" &&
	expect_line "^File sequential write\+fsync: [0-9]+\.[0-9]{2} MB/sec\$" "$TRASH/err" &&
	expect_line "case=write bytes=1048576 block=16384 direct=0 " "$TRASH/err"
'

# O_DIRECT works on ext4 and xfs; elsewhere the program must say why not.
if run_bench bw_disk -d -N 3 -E 1000 -s 1m read "$TRASH/d" ||
	[ "$(cat "$TRASH/rc")" != 3 ]
then
	for c in "read:File sequential read uncached" \
		"random:File random 8k read uncached" \
		"write:File sequential write O_DIRECT.fsync"
	do
		test_expect "-d ${c%%:*}: '${c#*:}', with nothing cached before or after" "
			run_bench bw_disk -d -N 3 -E 1000 -s 1m ${c%%:*} \"\$TRASH/d\" &&
			expect_line '^${c#*:}: [0-9]+\.[0-9]{2} MB/sec\$' \"\$TRASH/err\" &&
			expect_line 'direct=1 pages=256 cached_before=0 cached_after=0\]\$' \"\$TRASH/err\"
		"
	done
else
	test_skip '-d: uncached figures' "$(cat "$TRASH/err")"
fi

if mkdir "$TRASH/shm" && small_fs "$TRASH/shm" 4096
then
	test_expect 'tmpfs: -d gives no uncached figure, says why, exit 3' '
		run_bench bw_disk -d -N 3 -s 1m read "$TRASH/shm"; rc=$?
		left=$(made_files "$TRASH/shm")
		umount "$TRASH/shm"
		[ "$rc" = 3 ] && [ "$left" = 0 ] &&
		expect_line "^bw_disk: cannot run here: .*(page cache|O_DIRECT)" "$TRASH/err" &&
		! grep -q "^File" "$TRASH/err"
	'
else
	test_skip 'tmpfs: -d gives no uncached figure' 'cannot mount a tmpfs here'
fi

test_expect 'nothing is left in the directory' '
	[ "$(made_files "$TRASH/d")" = 0 ]
'

test_expect 'a missing directory: exit 1 and a clear message' '
	! run_bench bw_disk -N 3 -s 1m read "$TRASH/none" && expect_status 1 &&
	expect_line "^bw_disk: directory .*/none: does not exist\$" "$TRASH/err"
'

usage_tests bw_disk "" "bogus" "read a b" "-s 1000 read" "-b 12 read" \
	"-s 1m -b 3m read" "-d -s 1m -b 1000 read" "-P 2 read"

test_expect 'the time bound: exit 1, no figure, no file' '
	! "$BIN/bw_disk" -B 1 -N 1000 -E 1000000 -s 4m write "$TRASH/d" 2>"$TRASH/err" &&
	expect_line "time bound of 1 s exceeded" "$TRASH/err" &&
	! grep -q "^File" "$TRASH/err" && [ "$(made_files "$TRASH/d")" = 0 ]
'

test_expect 'SIGINT: no figure, no file' '
	mkdir "$TRASH/int" &&
	interrupt_when_busy INT "$TRASH/int" bw_disk -N 1000 -E 1000000 -s 16m write &&
	[ "$(cat "$TRASH/rc")" -gt 128 ] && ! grep -q "^File" "$TRASH/err" &&
	[ "$(made_files "$TRASH/int")" = 0 ]
'

test_done

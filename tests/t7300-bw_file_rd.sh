#!/bin/sh
# bw_file_rd and bw_mmap_rd: points, the data really read, file operands,
# cleanup.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-fs.sh"

mkdir "$TRASH/tmp"
export TMPDIR="$TRASH/tmp"

# point FILE: the y of the one "<MB> <MB/s>" line of FILE.
point() {
	awk '!/^\[/ { print $2 }' "$1"
}

for t in "bw_file_rd io_only" "bw_file_rd open2close" \
	"bw_mmap_rd mmap_only" "bw_mmap_rd open2close"
do
	p=${t% *}
	c=${t#* }
	test_expect "$p 1m $c: one '<MB> <MB/s>' point, positive" "
		run_bench $p -N 3 -E 1000 1m $c &&
		[ \"\$(grep -vc '^\[' \"\$TRASH/err\")\" -eq 1 ] &&
		expect_line '^1\.05 [0-9]+\.[0-9]{2}\$' \"\$TRASH/err\" &&
		expect_line '^\[latbw-stat prog=$p case=$c x=1\.05 .*reps=3 .*unit=MB/s\]\$' \"\$TRASH/err\" &&
		is_positive \"\$(point \"\$TRASH/err\")\"
	"
done

test_expect 'sizes below 1 MB are printed with six decimals' '
	run_bench bw_file_rd -N 3 -E 1000 512 io_only &&
	expect_line "^0\.000512 [0-9]+\.[0-9]{2}\$" "$TRASH/err" &&
	run_bench bw_mmap_rd -N 3 -E 1000 64k mmap_only &&
	expect_line "^0\.065536 [0-9]+\.[0-9]{2}\$" "$TRASH/err"
'

test_expect 'no temporary file is left' '
	[ "$(made_files "$TRASH/tmp")" = 0 ]
'

head -c 3000000 /dev/urandom >"$TRASH/f"

test_expect 'a file operand: the first size bytes of it are read' '
	run_bench bw_file_rd -N 3 -E 1000 2m io_only "$TRASH/f" &&
	expect_line "^2\.10 " "$TRASH/err" &&
	run_bench bw_mmap_rd -N 3 -E 1000 2m open2close "$TRASH/f" &&
	expect_line "^2\.10 " "$TRASH/err"
'

test_expect 'an odd size (not whole words) is read too' '
	run_bench bw_file_rd -N 3 -E 1000 1001 open2close "$TRASH/f" &&
	expect_line "^0\.001001 " "$TRASH/err"
'

for p in bw_file_rd bw_mmap_rd
do
	test_expect "$p: a file shorter than the size: exit 2, no figure" "
		! run_bench $p -N 3 4m open2close \"\$TRASH/f\" && expect_status 2 &&
		expect_line 'fewer than the 4194304 needed' \"\$TRASH/err\" &&
		[ \"\$(grep -Evc '^($p:|usage: )' \"\$TRASH/err\")\" -eq 0 ]
	"
	test_expect "$p: a missing file: exit 2 and a message" "
		! run_bench $p -N 3 1m open2close \"\$TRASH/none\" && expect_status 2 &&
		expect_line '^$p: .*none: No such file' \"\$TRASH/err\"
	"
	test_expect "$p: the time bound removes the temporary file" "
		mkdir \"\$TRASH/tb$p\" &&
		! TMPDIR=\"\$TRASH/tb$p\" \"\$BIN/$p\" -B 1 -N 1000 -E 1000000 1m open2close 2>\"\$TRASH/err\" &&
		expect_line 'time bound of 1 s exceeded' \"\$TRASH/err\" &&
		[ \"\$(made_files \"\$TRASH/tb$p\")\" = 0 ]
	"
done

usage_tests bw_file_rd "" "1m" "x io_only" "0 io_only" "1m bogus" \
	"1m io_only f extra" "1m mmap_only"
usage_tests bw_mmap_rd "" "1m io_only" "x mmap_only"

test_expect '-P 2: two copies, one shared temporary file, then none' '
	run_bench bw_file_rd -P 2 -N 3 -E 1000 1m io_only &&
	expect_line "copies=2 " "$TRASH/err" && [ "$(made_files "$TRASH/tmp")" = 0 ]
'

test_expect 'SIGINT removes the temporary file' '
	mkdir "$TRASH/int" &&
	interrupt_when_busy INT "$TRASH/int" bw_mmap_rd -N 1000 -E 1000000 8m open2close &&
	[ "$(cat "$TRASH/rc")" -gt 128 ] && [ "$(made_files "$TRASH/int")" = 0 ]
'

if mkdir "$TRASH/small" && small_fs "$TRASH/small" 512
then
	test_expect 'too small a file system: exit 2 with the free space, nothing written' '
		TMPDIR="$TRASH/small" run_bench bw_file_rd -N 3 2m io_only; rc=$?
		left=$(made_files "$TRASH/small")
		umount "$TRASH/small"
		[ "$rc" = 2 ] && [ "$left" = 0 ] &&
		expect_line "does not fit in $TRASH/small: 524288 bytes are free" "$TRASH/err"
	'
else
	test_skip 'a full file system' 'cannot mount a small tmpfs here'
fi

test_done

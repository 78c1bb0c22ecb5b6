#!/bin/sh
# Temporary files are measured against the room there is before anything
# is written: a size larger than the free space of the directory (statvfs)
# or, for a file meant to stay in the page cache, than the machine's
# memory is a bad argument (exit 2, with the numbers), never a run that
# writes until the file system is full.  Every run here is under a file
# size limit (ulimit -f), so a program that did write anyway is stopped
# at 1 MB instead of filling the disk.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-fs.sh"

mkdir "$TRASH/tmp"
export TMPDIR="$TRASH/tmp"

# limited PROG ARGS...: run_bench PROG ARGS with files limited to 1 MB.
limited() {
	(ulimit -f 2048 && run_bench "$@")
	echo $? >"$TRASH/rc"
}

# refused PROG: the last run exited 2 with PROG's one error line and the
# usage line, and left no file.
refused() {
	expect_status 2 && [ "$(wc -l <"$TRASH/err")" -eq 2 ] &&
		expect_line "^usage: $1 " "$TRASH/err" &&
		[ "$(made_files "$TRASH/tmp")" = 0 ]
}

# free_kb DIR: kilobytes free in DIR (df -P), memory_kb: this machine's
# memory in kilobytes; empty when they cannot be told.
free_kb() {
	df -Pk "$1" 2>/dev/null | awk 'NR == 2 { print $4 }'
}
memory_kb() {
	pages=$(getconf _PHYS_PAGES 2>/dev/null) &&
		size=$(getconf PAGESIZE 2>/dev/null) &&
		awk -v p="$pages" -v s="$size" 'BEGIN { if (p > 0 && s > 0) printf "%.0f\n", p * s / 1024 }'
}

# The sizes of the issue: a few digits too many.
for t in "bw_file_rd 99999999g io_only" "bw_mmap_rd 99999999g mmap_only" \
	"lat_mmap 99999999g" "bw_file_rd 99999999g open2close"
do
	p=${t%% *}
	test_expect "$t: refused before writing (exit 2, the numbers)" "
		limited $p -N 3 ${t#"$p "} && refused $p &&
		expect_line '^$p: a temporary file of 107374181326258176 bytes does not fit in $TMPDIR: [0-9]+ bytes are free there' \"\$TRASH/err\"
	"
done

free=$(free_kb "$TMPDIR")
mem=$(memory_kb)

if [ -n "$free" ] && [ -n "$mem" ] && [ "$free" -lt 1000000000 ]
then
	test_expect 'lat_pagefault -s 1024g: refused (no room, or no memory for it)' '
		limited lat_pagefault -N 3 -s 1024g && refused lat_pagefault &&
		expect_line "^lat_pagefault: a (temporary )?file of 1099511627776 bytes (does not fit|cannot stay in the page cache)" "$TRASH/err"
	'
	test_expect 'bw_disk -s 4096g write: refused, no room for it' '
		limited bw_disk -N 3 -s 4096g write && refused bw_disk &&
		expect_line "^bw_disk: a temporary file of 4398046511104 bytes does not fit in $TMPDIR: " "$TRASH/err"
	'
else
	test_skip 'lat_pagefault -s 1024g and bw_disk -s 4096g' "more than 1 TB free in $TMPDIR, or free space or memory unknown"
fi

# More than the memory but less than the free space: the file could be
# written, but could not stay cached.
if [ -n "$free" ] && [ -n "$mem" ] && [ "$free" -gt $((mem * 2 + 1048576)) ]
then
	# Whole 64 MB: bw_disk wants a multiple of its 64 KB transfers.
	big=$(((mem / 65536 + 2) * 65536))k
	test_expect "bw_file_rd $big io_only: more than the memory, refused (exit 2)" "
		limited bw_file_rd -N 3 $big io_only && refused bw_file_rd &&
		expect_line '^bw_file_rd: a file of [0-9]+ bytes cannot stay in the page cache of this machine.s [0-9]+ bytes of memory' \"\$TRASH/err\"
	"
	test_expect "bw_disk -s $big read (cached): refused; write is not (no cache needed)" "
		limited bw_disk -N 3 -s $big read && refused bw_disk &&
		expect_line 'cannot stay in the page cache' \"\$TRASH/err\"
	"
else
	test_skip 'a temporary file larger than the memory' "less free space in $TMPDIR than twice the memory"
fi

if mkdir "$TRASH/small" && small_fs "$TRASH/small" 512
then
	test_expect 'a 512 KB file system: bw_file_rd 1m says how much is free there' '
		TMPDIR="$TRASH/small" limited bw_file_rd -N 3 1m io_only
		left=$(made_files "$TRASH/small")
		umount "$TRASH/small"
		refused bw_file_rd && [ "$left" = 0 ] &&
		expect_line "does not fit in $TRASH/small: 524288 bytes are free there" "$TRASH/err"
	'
	test_expect '... and a file that fits is measured there' '
		mount -t tmpfs -o size=4m latbwtest "$TRASH/small" &&
		TMPDIR="$TRASH/small" limited bw_file_rd -N 3 -E 500 512k io_only; rc=$(cat "$TRASH/rc")
		left=$(made_files "$TRASH/small")
		umount "$TRASH/small"
		[ "$rc" = 0 ] && [ "$left" = 0 ] && expect_line "^0\.524288 " "$TRASH/err"
	'
	test_expect 'lat_fs -s 1m on 64 MB: no room for a sample, says so before writing it' '
		mount -t tmpfs -o size=64m latbwtest "$TRASH/small" &&
		run_bench lat_fs -N 1 -s 1m "$TRASH/small"; rc=$?
		left=$(made_files "$TRASH/small")
		umount "$TRASH/small"
		[ "$rc" = 1 ] && [ "$left" = 0 ] &&
		expect_line "^lat_fs: a sample of 1000 files of 1048576 bytes needs 1048576000 bytes, and .* has [0-9]+ bytes free" "$TRASH/err"
	'
else
	test_skip 'a small file system' 'cannot mount a small tmpfs here'
fi

test_done

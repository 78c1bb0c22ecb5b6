#!/bin/sh
# File operands, the same in every program that takes one (lat_sig,
# lat_syscall, lat_mmap, lat_pagefault, bw_file_rd, bw_mmap_rd): checked
# before anything is measured; an empty name, a missing file, a directory,
# a FIFO or a file too short is a bad argument (exit 2, one line naming
# the file, the usage line), never a crash, a hang or a temporary file.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-fs.sh"

mkdir "$TRASH/tmp" "$TRASH/d"
export TMPDIR="$TRASH/tmp"
: >"$TRASH/empty"
printf 'x' >"$TRASH/byte"
mkfifo "$TRASH/fifo" 2>/dev/null

# bad_operand TITLE "PROG ARGS": PROG ARGS (a string the check evaluates)
# exits 2 (within 20 s: a FIFO must not be opened), with one line
# "PROG: ..." and the usage line, and leaves no temporary file.
bad_operand() {
	bo_prog=${2%% *}
	test_expect "$1" "
		run_bench_short $2 ; rc=\$?
		[ \"\$rc\" = 2 ] || fail \"exit status \$rc, expected 2: \$(cat \"\$TRASH/err\")\"
		[ \"\$(sed -n '1s/: .*//p' \"\$TRASH/err\")\" = $bo_prog ] &&
		expect_line '^usage: $bo_prog ' \"\$TRASH/err\" &&
		[ \"\$(wc -l <\"\$TRASH/err\")\" -eq 2 ] &&
		[ \"\$(made_files \"\$TRASH/tmp\")\" = 0 ] ||
			fail \"stderr: \$(cat \"\$TRASH/err\"); files: \$(ls \"\$TRASH/tmp\")\"
	"
}

# run_bench_short PROG ARGS...: run_bench with a 20 s bound and a timeout.
run_bench_short() {
	rs_prog=$1
	shift
	timeout 30 "$BIN/$rs_prog" -B 20 -N 3 -E 500 "$@" >"$TRASH/out" 2>"$TRASH/err"
}

# D5: an empty file mapped by lat_sig prot faulted with SIGBUS.
bad_operand 'lat_sig prot on an empty file: exit 2 and a message, no SIGBUS' \
	'lat_sig prot "$TRASH/empty"'
test_expect '... the message names the file and its size' '
	run_bench lat_sig -N 3 prot "$TRASH/empty"
	expect_line "^lat_sig: .*/empty has 0 bytes, fewer than the 1 needed" "$TRASH/err"
'
test_expect 'lat_sig prot on a one-byte file measures' '
	run_bench lat_sig -N 3 -E 500 prot "$TRASH/byte" &&
	expect_line "^Protection fault: " "$TRASH/err"
'

for t in "lat_sig prot" "lat_syscall stat" "lat_syscall open" "lat_mmap 1m" \
	"lat_pagefault" "bw_file_rd 1m io_only" "bw_mmap_rd 1m mmap_only"
do
	p=${t%% *}
	bad_operand "$t '': an empty file name is a bad argument" "$t ''"
	bad_operand "$t MISSING: exit 2, named" "$t \"\$TRASH/missing\""
	case $t in
	lat_syscall*) ;;
	*)
		bad_operand "$t DIR: exit 2, names the directory" "$t \"\$TRASH/d\""
		test_expect "$t DIR: the message says it is a directory" "
			! run_bench $t \"\$TRASH/d\" &&
			expect_line '^$p: .*/d is a directory, not a regular file' \"\$TRASH/err\"
		"
		;;
	esac
	if [ -p "$TRASH/fifo" ]
	then
		bad_operand "$t FIFO: exit 2 at once, no hang" "$t \"\$TRASH/fifo\""
	fi
done

for t in "lat_mmap 1m" "bw_file_rd 1m io_only" "bw_mmap_rd 1m open2close" \
	"lat_pagefault"
do
	bad_operand "$t EMPTY-FILE: too short, exit 2" "$t \"\$TRASH/empty\""
done

test_expect 'the empty-name message says how to get a temporary file' '
	! run_bench bw_file_rd 1m io_only "" &&
	expect_line "^bw_file_rd: empty file name \(leave the file out for a temporary one\)\$" "$TRASH/err"
'

test_expect 'lat_mmap on a file it may not write: exit 2, named' '
	cp "$TRASH/byte" "$TRASH/ro" && head -c 1048576 /dev/zero >>"$TRASH/ro" &&
	chmod 444 "$TRASH/ro" &&
	if [ "$(id -u)" = 0 ]
	then
		# root writes anyway: the run measures
		run_bench lat_mmap -N 3 -E 500 1m "$TRASH/ro"
	else
		! run_bench lat_mmap -N 3 1m "$TRASH/ro" && expect_status 2 &&
		expect_line "^lat_mmap: .*/ro: Permission denied" "$TRASH/err"
	fi
'

test_expect 'no temporary file is left by any of these' '
	[ "$(made_files "$TRASH/tmp")" = 0 ]
'

test_done

#!/bin/sh
# lat_syscall: output format, positive values, and bad arguments (the
# relations between cases: tests/bench/t1000-lat_syscall.sh).
. "$(dirname "$0")/lib.sh"

for c in null read write stat fstat open
do
	test_expect "lat_syscall $c prints one figure in lmbench form" "
		run_bench lat_syscall -N 3 -E 1000 $c &&
		cp \"\$TRASH/err\" \"\$TRASH/$c\" &&
		expect_line '^Simple [a-z/]+: [0-9]+\.[0-9]{4} microseconds\$' \"\$TRASH/err\" &&
		expect_line '^\[latbw-stat prog=lat_syscall case=$c .*reps=3 ' \"\$TRASH/err\" &&
		[ \$(wc -l <\"\$TRASH/err\") -eq 2 ]
	"
done

test_expect 'every figure is positive and finite' '
	for f in "Simple syscall:null" "Simple read:read" "Simple write:write" \
		"Simple stat:stat" "Simple fstat:fstat" "Simple open/close:open"
	do
		is_positive "$(value_of "${f%:*}" "$TRASH/${f#*:}")" || return 1
	done
'

test_expect 'stat on a named file' '
	: >"$TRASH/f" &&
	run_bench lat_syscall -N 3 -E 500 stat "$TRASH/f" &&
	expect_line "^Simple stat: " "$TRASH/err"
'

test_expect 'a missing file is a bad argument (exit 2), not a figure' '
	! run_bench lat_syscall -N 3 stat "$TRASH/missing" &&
	expect_status 2 && ! grep -q "^Simple" "$TRASH/err" &&
	expect_line "^lat_syscall: .*/missing: No such file" "$TRASH/err"
'

test_expect '-P 2 runs two copies' '
	run_bench lat_syscall -P 2 -N 3 -E 500 null &&
	expect_line "copies=2 " "$TRASH/err"
'

test_expect '-C pins and records the placement' '
	run_bench lat_syscall -C 0 -N 3 -E 500 null &&
	expect_line "cpus=0 " "$TRASH/err"
'

usage_tests lat_syscall "" "bogus" "null extra" "read /etc/passwd" "-N 0 null" "-N x null" \
	"-P 0 null" "-E 1 null" "-B 0 null" "-C a null" "-C 3-1 null" "-Z null" "-N"

test_expect '-h prints help on stdout and exits 0' '
	run_bench lat_syscall -h && expect_line "^usage: lat_syscall" "$TRASH/out"
'

test_expect 'no temporary file is left behind' '
	d="$TRASH/tmpdir" && mkdir "$d" &&
	TMPDIR="$d" run_bench lat_syscall -N 3 -E 500 open &&
	[ "$(tmp_files_in "$d")" = 0 ]
'

test_done

#!/bin/sh
# bw_mem: the point line and its statistics line for every case, sizes,
# bad arguments and cleanup (cache against memory bandwidth:
# tests/bench/t6000-bw_mem.sh).
. "$(dirname "$0")/lib.sh"

for c in rd wr rdwr cp frd fwr fcp bzero bcopy
do
	test_expect "bw_mem 64k $c prints one point in lmbench form" "
		run_bench bw_mem -N 3 -E 1000 64k $c &&
		cp \"\$TRASH/err\" \"\$TRASH/$c\" &&
		expect_line '^0\\.065536 [0-9]+\\.[0-9]{2}\$' \"\$TRASH/err\" &&
		expect_line '^\\[latbw-stat prog=bw_mem case=$c x=0\\.065536 .*reps=3 .*unit=MB/s\\]\$' \"\$TRASH/err\" &&
		[ \$(wc -l <\"\$TRASH/err\") -eq 2 ]
	"
done

test_expect 'every bandwidth is positive and finite' '
	for c in rd wr rdwr cp frd fwr fcp bzero bcopy
	do
		is_positive "$(awk "NR == 1 { print \$2 }" "$TRASH/$c")" || return 1
	done
'

test_expect 'a size of 1 MiB is printed as lmbench does (1.05)' '
	run_bench bw_mem -N 3 -E 1000 1m frd &&
	expect_line "^1\.05 [0-9]+\.[0-9]{2}\$" "$TRASH/err"
'

test_expect 'a size is rounded down to a multiple of 512 bytes' '
	run_bench bw_mem -N 3 -E 1000 1000 rd &&
	expect_line "^0\.000512 [0-9]+\.[0-9]{2}\$" "$TRASH/err"
'

test_expect 'conflict is accepted for every case' '
	for c in bcopy fcp cp rd
	do
		run_bench bw_mem -N 3 -E 1000 64k $c conflict || return 1
		expect_line "^0\.065536 " "$TRASH/err" || return 1
	done
'

test_expect '-P 2 runs two copies and adds their bandwidth' '
	run_bench bw_mem -P 2 -N 3 -E 1000 64k frd &&
	expect_line "^0\.065536 [0-9]+\.[0-9]{2}\$" "$TRASH/err" &&
	expect_line "copies=2 " "$TRASH/err"
'

usage_tests bw_mem "" "64k" "64k bogus" "100 rd" "x rd" "0 rd" "64k rd extra" \
	"64k rd conflict extra" "64k bcopy aligned" "-Z 64k rd" "-N 0 64k rd"

test_expect 'a size too large to map is an error, not a figure' '
	! run_bench bw_mem -N 3 4000g rd &&
	expect_status 1 && ! grep -q "^[0-9]" "$TRASH/err"
'

# The check hook must be able to fail: a memcpy that leaves the last byte
# alone, preloaded, must turn bcopy into an error in every copy (-P 2 too).
# Needs a C compiler and a binary without sanitizers (ASan must come first).
printf '%s\n' '#include <stddef.h>' \
	'void *memcpy(void *d, const void *s, size_t n)' \
	'{ char *p = d; const char *q = s; while (n-- > 1) *p++ = *q++; return d; }' \
	>"$TRASH/badcpy.c"
if ! command -v cc >/dev/null 2>&1 ||
	! cc -shared -fPIC -O1 -o "$TRASH/badcpy.so" "$TRASH/badcpy.c" 2>/dev/null
then
	test_skip 'a wrong copy is an error, not a figure' 'no C compiler'
elif nm "$BIN/bw_mem" 2>/dev/null | grep -q __asan_init
then
	test_skip 'a wrong copy is an error, not a figure' 'sanitizer build'
else
	test_expect 'a wrong copy is an error, not a figure' '
		for p in 1 2
		do
			! LD_PRELOAD="$TRASH/badcpy.so" "$BIN/bw_mem" -B 60 \
				-P $p -N 3 -E 1000 64k bcopy 2>"$TRASH/err" &&
			expect_line "^bw_mem: bcopy: wrong result at word 16383: the copy differs\$" "$TRASH/err" &&
			! grep -q "^[0-9]" "$TRASH/err" || return 1
		done
	'
fi

test_expect 'the time bound stops a long run: exit 1, no figure, no process' '
	! "$BIN/bw_mem" -B 1 -N 1000 -E 1000000 -P 2 1m rd 2>"$TRASH/err" &&
	expect_line "time bound" "$TRASH/err" &&
	! grep -q "^[0-9]" "$TRASH/err" &&
	eventually "[ \"\$(procs_named bw_mem)\" = 0 ]"
'

test_expect 'SIGINT stops -P copies and leaves no process' '
	"$BIN/bw_mem" -P 2 -N 1000 -E 1000000 1m frd 2>"$TRASH/err" &
	pid=$! &&
	sleep 1 && kill -INT "$pid"
	wait "$pid"
	[ $? -gt 128 ] && ! grep -q "^[0-9]" "$TRASH/err" &&
	eventually "[ \"\$(procs_named bw_mem)\" = 0 ]"
'

test_done

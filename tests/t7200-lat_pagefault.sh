#!/bin/sh
# lat_pagefault: the figure, the faults line, the file operand, cleanup.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-fs.sh"

mkdir "$TRASH/tmp"
export TMPDIR="$TRASH/tmp"

test_expect 'lat_pagefault prints "Pagefaults on <file>" and its lines' '
	run_bench lat_pagefault -N 3 -E 1000 -s 4m &&
	cp "$TRASH/err" "$TRASH/one" &&
	expect_line "^Pagefaults on $TRASH/tmp/latbw\.lat_pagefault\.[A-Za-z0-9]{6}: [0-9]+\.[0-9]{4} microseconds\$" "$TRASH/err" &&
	expect_line "^\[latbw-stat prog=lat_pagefault case=fault .*reps=3 " "$TRASH/err" &&
	expect_line "^\[latbw-pagefault pages=1024 faults_per_pass=[0-9]+ resident=1024 unmap_map_us=[0-9.]+\]\$" "$TRASH/err" &&
	[ "$(wc -l <"$TRASH/err")" -eq 3 ]
'

test_expect 'the cost per page is positive' '
	is_positive "$(awk "/^Pagefaults/ { print \$(NF - 1) }" "$TRASH/one")"
'

test_expect 'a pass takes at least one fault and at most one per page' '
	f=$(sed -n "s/.*faults_per_pass=\([0-9]*\).*/\1/p" "$TRASH/one") &&
	between "$f" 1 1024
'

test_expect 'the temporary file is gone' '
	[ "$(made_files "$TRASH/tmp")" = 0 ]
'

test_expect 'a file operand names the figure' '
	head -c 1048576 /dev/urandom >"$TRASH/f" &&
	run_bench lat_pagefault -N 3 -E 1000 "$TRASH/f" &&
	expect_line "^Pagefaults on $TRASH/f: " "$TRASH/err" &&
	expect_line "pages=256 " "$TRASH/err"
'

# How the file was written must not matter: it is cached afresh in single
# pages (file_recache).  Before that, on Linux 6.18 ext4, a pass over a
# 16 MB file written in 1 MB writes took 16 faults (large folios), in
# 8 KB writes 256.
test_expect 'the faults a pass takes do not depend on how the file was written (1 MB or 8 KB writes)' '
	dd if=/dev/zero of="$TRASH/w1m" bs=1048576 count=16 2>/dev/null &&
	dd if=/dev/zero of="$TRASH/w8k" bs=8192 count=2048 2>/dev/null &&
	run_bench lat_pagefault -N 3 -E 1000 "$TRASH/w1m" &&
	a=$(sed -n "s/.*faults_per_pass=\([0-9]*\).*/\1/p" "$TRASH/err") &&
	run_bench lat_pagefault -N 3 -E 1000 "$TRASH/w8k" &&
	b=$(sed -n "s/.*faults_per_pass=\([0-9]*\).*/\1/p" "$TRASH/err") &&
	[ -n "$a" ] && [ "$a" = "$b" ] || fail "faults per pass: 1 MB writes $a, 8 KB writes $b"
'

test_expect 'a missing file: exit 2, a message, no figure' '
	! run_bench lat_pagefault -N 3 "$TRASH/none" && expect_status 2 &&
	expect_line "^lat_pagefault: .*none: No such file" "$TRASH/err" &&
	! grep -q "^Pagefaults" "$TRASH/err"
'

test_expect 'an empty file: exit 2, a message' '
	: >"$TRASH/empty" &&
	! run_bench lat_pagefault -N 3 "$TRASH/empty" && expect_status 2 &&
	expect_line "fewer than the" "$TRASH/err"
'

usage_tests lat_pagefault "a b" "-s 1m $TRASH/f" "-s 1" "-s x"

test_expect 'the time bound: exit 1, no figure, no file' '
	mkdir "$TRASH/tb" &&
	! TMPDIR="$TRASH/tb" "$BIN/lat_pagefault" -B 1 -N 1000 -E 1000000 -s 4m 2>"$TRASH/err" &&
	expect_line "time bound of 1 s exceeded" "$TRASH/err" &&
	! grep -q "^Pagefaults" "$TRASH/err" && [ "$(made_files "$TRASH/tb")" = 0 ]
'

test_done

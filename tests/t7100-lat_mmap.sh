#!/bin/sh
# lat_mmap: the point it prints, its file operand, cleanup (a larger
# mapping against a smaller one: tests/bench/t7100-lat_mmap.sh).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-fs.sh"

mkdir "$TRASH/tmp"
export TMPDIR="$TRASH/tmp"

test_expect 'lat_mmap 1m prints one "<MB> <us>" point and its statistics' '
	run_bench lat_mmap -N 3 -E 1000 1m &&
	cp "$TRASH/err" "$TRASH/one" &&
	[ "$(grep -vc "^\[" "$TRASH/err")" -eq 1 ] &&
	expect_line "^1\.048576 [0-9]+\.[0-9]{2}\$" "$TRASH/err" &&
	expect_line "^\[latbw-stat prog=lat_mmap case=mmap x=1\.048576 .*reps=3 .*unit=us\]\$" "$TRASH/err"
'

test_expect 'the time per mapping is positive' '
	is_positive "$(awk "!/^\[/ { print \$2 }" "$TRASH/one")"
'

test_expect 'its temporary file is gone afterwards' '
	[ "$(made_files "$TRASH/tmp")" = 0 ]
'

test_expect 'a file operand is used and left unchanged' '
	head -c 2097152 /dev/urandom >"$TRASH/f" && cksum <"$TRASH/f" >"$TRASH/sum1" &&
	run_bench lat_mmap -a -N 3 -E 1000 2m "$TRASH/f" &&
	expect_line "^2\.097152 " "$TRASH/err" &&
	cksum <"$TRASH/f" | cmp -s - "$TRASH/sum1"
'

test_expect 'a file shorter than the size: exit 2, says so, no figure' '
	! run_bench lat_mmap -N 3 4m "$TRASH/f" && expect_status 2 &&
	expect_line "fewer than the 4194304 needed" "$TRASH/err" &&
	[ "$(grep -Evc "^(lat_mmap:|usage: )" "$TRASH/err")" -eq 0 ]
'

test_expect 'a missing file: exit 2 and a message' '
	! run_bench lat_mmap -N 3 1m "$TRASH/none" && expect_status 2 &&
	expect_line "^lat_mmap: .*none: No such file" "$TRASH/err"
'

test_expect '-P 2 runs two copies on one temporary file' '
	run_bench lat_mmap -P 2 -N 3 -E 1000 1m &&
	expect_line "copies=2 " "$TRASH/err" && [ "$(made_files "$TRASH/tmp")" = 0 ]
'

# mapped_at PID FILE: the start addresses (hex) of PID's mappings of FILE.
mapped_at() {
	awk -v f="$2" '$NF == f { sub(/-.*/, "", $1); print $1 }' \
		"/proc/$1/maps" 2>/dev/null
}

# aligned_2m PID FILE: PID maps FILE now, and on a 2 MB boundary.
aligned_2m() {
	al_a=$(mapped_at "$1" "$2" | sed -n 1p)
	case "$al_a" in
	*[02468aceACE]00000) return 0 ;;
	'') return 1 ;;
	esac
	echo "mapped at $al_a" >>"$TRASH/where"
	return 1
}

if [ -r /proc/self/maps ]
then
	test_expect 'each mapping starts on a 2 MB boundary (not where randomisation puts it)' '
		head -c 1048576 /dev/zero >"$TRASH/m" &&
		: >"$TRASH/where" &&
		"$BIN/lat_mmap" -C 0 -N 100 -E 100000 1m "$TRASH/m" 2>"$TRASH/err" &
		pid=$!
		eventually "aligned_2m $pid \"$TRASH/m\""
		ok=$?
		kill $pid
		wait $pid
		[ $ok = 0 ] || fail "no aligned mapping seen: $(cat "$TRASH/where" "$TRASH/err")"
	'
fi

usage_tests lat_mmap "" "x" "1k" "1m f extra" "-a"

test_expect 'SIGINT removes the temporary file' '
	mkdir "$TRASH/int" &&
	interrupt_when_busy INT "$TRASH/int" lat_mmap -E 1000000 -N 100 64m &&
	[ "$(cat "$TRASH/rc")" -gt 128 ] && [ "$(made_files "$TRASH/int")" = 0 ]
'

test_done

#!/bin/sh
# lat_sig: formats, values, the prot subtraction, bad arguments, cleanup
# (delivery against installation: tests/bench/t1100-lat_sig.sh).
. "$(dirname "$0")/lib.sh"

test_expect 'install: one figure in lmbench form' '
	run_bench lat_sig -N 3 -E 1000 install &&
	cp "$TRASH/err" "$TRASH/install" &&
	expect_line "^Signal handler installation: [0-9]+\.[0-9]{4} microseconds\$" "$TRASH/err" &&
	is_positive "$(value_of "Signal handler installation" "$TRASH/err")"
'

test_expect 'catch: one figure in lmbench form' '
	run_bench lat_sig -N 3 -E 1000 catch &&
	cp "$TRASH/err" "$TRASH/catch" &&
	expect_line "^Signal handler overhead: [0-9]+\.[0-9]{4} microseconds\$" "$TRASH/err" &&
	is_positive "$(value_of "Signal handler overhead" "$TRASH/err")"
'

# run_prot ARGS: run_bench lat_sig ARGS, again (three runs at most) when
# it exits 3 because the cost was not above the overhead: prot subtracts a
# second measurement (delivery and return) from the first, and on a busy
# machine (make test runs two lanes) a burst in the second can leave
# nothing to report.  Any other failure fails at once, saying why.
run_prot() {
	for _ in 1 2 3
	do
		run_bench lat_sig "$@" && return 0
		[ "$(cat "$TRASH/rc")" = 3 ] && grep -q "is not above the overhead to remove" "$TRASH/err" ||
			fail "exit status $(cat "$TRASH/rc"): $(cat "$TRASH/err")" || return 1
	done
	fail "three runs, no figure: $(cat "$TRASH/err")"
}

test_expect 'prot: one figure in lmbench form' '
	run_prot -N 3 -E 1000 prot &&
	cp "$TRASH/err" "$TRASH/prot" &&
	expect_line "^Protection fault: [0-9]+\.[0-9]{4} microseconds\$" "$TRASH/err" &&
	is_positive "$(value_of "Protection fault" "$TRASH/err")"
'

# The figure is the median of the pairs' differences (not the difference
# of the two medians the line shows): below the whole, above 0, and the
# statistics line names the part taken off and the pairs it is made of.
test_expect 'prot shows both parts of its subtraction and its pairs' '
	awk "
		/^\[lat_sig prot: fault, handler and return [0-9.]+ us; less delivery and return [0-9.]+ us; [0-9]+ pairs\]\$/ {
			raw = \$7; over = \$13; pairs = \$15; seen = 1 }
		/^Protection fault: / { fig = \$3 }
		/^\[latbw-stat prog=lat_sig case=prot / {
			for (i = 1; i <= NF; i++) {
				if (\$i ~ /^less=/) less = substr(\$i, 6)
				if (\$i ~ /^reps=/) reps = substr(\$i, 6)
			}
		}
		END {
			d = less - over
			if (d < 0) d = -d
			exit !(seen && fig > 0 && fig < raw && d < 0.0002 &&
			    pairs == reps && pairs > 0)
		}" "$TRASH/prot" || fail "$(cat "$TRASH/prot")"
'

test_expect 'prot on a named file' '
	printf "data" >"$TRASH/file" &&
	run_prot -N 3 -E 500 prot "$TRASH/file" &&
	expect_line "^Protection fault: " "$TRASH/err"
'

test_expect 'prot on a missing file: exit 2, a message and no figure' '
	! run_bench lat_sig -N 3 prot "$TRASH/nope" && expect_status 2 &&
	expect_line "lat_sig: .*nope" "$TRASH/err" &&
	! grep -q "^Protection fault" "$TRASH/err"
'

# Whether or not the fault came out above the signal overhead it
# subtracts (exit 3, said, where it did not: the sanitizer build once), no
# temporary file is left; the figure itself is checked above.
test_expect 'prot leaves no temporary file' '
	mkdir "$TRASH/t" && TMPDIR="$TRASH/t" run_bench lat_sig -N 3 -E 500 prot
	case $(cat "$TRASH/rc") in
	0) expect_line "^Protection fault: " "$TRASH/err" ;;
	3) expect_line "^lat_sig: cannot run here: " "$TRASH/err" ;;
	*) fail "exit status $(cat "$TRASH/rc"): $(cat "$TRASH/err")" ;;
	esac &&
	[ "$(tmp_files_in "$TRASH/t")" = 0 ]
'

test_expect 'prot stopped by the time bound leaves no temporary file' '
	mkdir "$TRASH/t2" &&
	! TMPDIR="$TRASH/t2" "$BIN/lat_sig" -B 1 -N 1000 -E 1000000 prot 2>"$TRASH/err" &&
	expect_line "time bound of 1 s exceeded" "$TRASH/err" &&
	[ "$(tmp_files_in "$TRASH/t2")" = 0 ]
'

usage_tests lat_sig "" "bogus" "install extra" "catch /etc/passwd" "prot a b"

test_done

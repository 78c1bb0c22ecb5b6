#!/bin/sh
# How scripts/summary writes a number into a column of width w: exactly as
# lmbench 3's getsummary does (summary(1)), at every boundary, under every
# awk there is here.  The formatter is driven directly: summary's awk
# program (fmt_awk below) with mode=fmt reads lines "W V" (a number cell),
# "W V C" (a number made for width W, shown in C) or "i W V" (an integer cell) and prints "[cell]".
# tests/fixtures/summary/getsummary-format holds what getsummary itself
# printed for values from 1e-4 to 1e7 in each kind of column (recorded
# with tests/bench/getsummary-format.sh).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

# PARTS: the awk files of summary's program, in order, as scripts/summary
# lists them (summary_parts="summary records-load ...").
PARTS=$(sed -n 's/^summary_parts="\(summary .*\)"$/\1/p' "$TOP/scripts/summary")

# fmt_awk AWK: summary's awk program, as scripts/summary runs it, with
# mode=fmt: input on standard input, cells on standard output.
fmt_awk() {
	fa_awk=$1
	[ -n "$PARTS" ] || fail "no list of awk files in scripts/summary" || return 1
	set --
	for fa_part in $PARTS
	do
		set -- "$@" -f "$TOP/scripts/$fa_part.awk"
	done
	LC_ALL=C "$fa_awk" -v mode=fmt "$@"
}

# Each case: width, value, the expected cell between | |.
cat >"$TRASH/cases" <<'EOF'
4 0 |    |
4 0.0 |    |
4 -1 |    |
4 -0.5 |    |
6 abc |      |
6 1.2.3 |      |
6 0x10 |      |
6 - |      |
4 0.83 |0.83|
5 1.42 |1.420|
6 1.2474 |1.2474|
7 0.4159 |0.41590|
4 3.14159 |3.14|
5 3.14159 |3.142|
6 3.14159 |3.1416|
7 3.14159 |3.14159|
4 0.001 |0.00|
6 0.001 |0.0010|
7 0.001 |0.00100|
6 0.000999 | 1e-03|
7 0.0005 |5.0e-04|
8 0.000123 |1.23e-04|
5 0.0005 |%5.-1|
4 0.0005 |%4.-|
6 0.0005 | 5e-04|
4 9.99 |9.99|
4 9.996 |10.0|
5 9.9996 |10.00|
6 9.99999 |10.000|
4 10 |10.0|
5 10 | 10.0|
6 10 |  10.0|
7 10 |   10.0|
4 26.1 |26.1|
4 200.6 |200.|
5 200.6 |200.6|
4 5353.2 |5353|
6 1234.56 |1234.6|
4 9999.9 |9999|
4 9999.96 |1000|
4 10000 |10.K|
5 10000 |10.0K|
6 10000 | 10.0K|
7 10000 |  10.0K|
4 19000 |19.K|
4 111000 |111K|
6 14804.92 | 14.8K|
7 1234567 |1234.6K|
5 1234567 |1234K|
4 1234567 |123K|
4 999999 |100K|
4 9999999 |100K|
4 10000000 |10.M|
5 10000000 |10.0M|
6 10000000 | 10.0M|
7 10000000 |  10.0M|
6 123456789 |123.5M|
6 123449999 |123.4M|
4 123456789 |123M|
4 5e9 |500M|
11 167.196 |      167.2|
11 1.5 |1.500000000|
4 1e1 |10.0|
4 +3.5 |3.50|
4 .5 |0.50|
5 77.0 4 | 77.|
5 7.7 4 |7.70|
5 12345 4 |12.3|
6 0.27 5 |0.270|
6 12.3 5 |  12.|
6 167.196 11 |      167.2|
6 1.5 11 |     1.5000|
i 4 3182 |3182|
i 4 3182.9 |3182|
i 5 56 |   56|
i 4 1 |   1|
i 4 0 |    |
i 4 -3 |    |
i 5 x |     |
EOF

# The expected output: "[cell]" per case.
sed 's/^[^|]*|\(.*\)|$/[\1]/' "$TRASH/cases" >"$TRASH/want"
sed 's/ |.*//' "$TRASH/cases" >"$TRASH/in"

for a in $AWKS
do
	test_expect "[$a] every boundary case, cell for cell" "
		fmt_awk $a <'$TRASH/in' >'$TRASH/got.$a' &&
		paste -d ' ' '$TRASH/in' '$TRASH/got.$a' >'$TRASH/gotl.$a' &&
		paste -d ' ' '$TRASH/in' '$TRASH/want' >'$TRASH/wantl' &&
		diff -u '$TRASH/wantl' '$TRASH/gotl.$a'
	"
done

test_expect 'the spec examples hold: 19.K 111K 5353 26.1 200. 0.83 1.420' '
	grep -q "^4 19000 |19.K|$" "$TRASH/cases" &&
	grep -q "^4 111000 |111K|$" "$TRASH/cases" &&
	grep -q "^4 5353.2 |5353|$" "$TRASH/cases" &&
	grep -q "^4 26.1 |26.1|$" "$TRASH/cases" &&
	grep -q "^4 200.6 |200.|$" "$TRASH/cases" &&
	grep -q "^4 0.83 |0.83|$" "$TRASH/cases" &&
	grep -q "^5 1.42 |1.420|$" "$TRASH/cases" &&
	diff -u "$TRASH/want" "$TRASH/got.$(echo $AWKS | cut -d " " -f1)"
'

test_expect 'every cell of width 4 to 7 from 1e-4 to 9e7 is exactly w wide' '
	LC_ALL=C awk "BEGIN {
		for (w = 4; w <= 7; w++)
			for (v = 0.0001; v < 9e7; v *= 1.37)
				print w, v
	}" >"$TRASH/sweep" &&
	fmt_awk awk <"$TRASH/sweep" >"$TRASH/sweep.out" &&
	paste "$TRASH/sweep" "$TRASH/sweep.out" |
		awk -F "\t" "{ split(\$1, wv, \" \"); c = \$2
			sub(/^\[/, \"\", c); sub(/\]\$/, \"\", c)
			if (length(c) != wv[1]) { print \"bad:\", \$0; bad = 1 } }
			END { exit bad }"
'

# getsummary's own cells, recorded: "W C V |cell|" (made for W, shown
# in C) or "i W V |cell|".
GSF=$FIX/getsummary-format
awk '$1 == "i" { print; next } { print $1, $3, $2 }' "$GSF" | sed 's/ |.*//' >"$TRASH/gs.in"
sed 's/^.* |\(.*\)|$/[\1]/' "$GSF" >"$TRASH/gs.want"

test_expect 'the recorded getsummary table covers 1e-4 to 1e7 in every kind of column' '
	for k in "4 4" "5 5" "6 6" "7 7" "5 4" "6 5" "6 11" "i 5" "i 4"
	do
		grep -q "^$k 0.0001 |" "$GSF" && grep -q "^$k 10000000 |" "$GSF" ||
			fail "no $k row at 1e-4 or 1e7"
	done &&
	[ "$(grep -c . "$GSF")" -ge 1200 ]
'

for a in $AWKS
do
	test_expect "[$a] every cell of the recorded getsummary table, exactly" "
		fmt_awk $a <'$TRASH/gs.in' >'$TRASH/gs.got' &&
		paste -d ' ' '$TRASH/gs.in' '$TRASH/gs.want' >'$TRASH/gs.wantl' &&
		paste -d ' ' '$TRASH/gs.in' '$TRASH/gs.got' >'$TRASH/gs.gotl' &&
		diff -u '$TRASH/gs.wantl' '$TRASH/gs.gotl'
	"
done

test_done

#!/bin/sh
# How scripts/summary writes a number into a column of width w (the rules
# of summary-format.md), at every boundary, under every awk there is here.
# The formatter is driven directly: summary.awk with mode=fmt reads lines
# "W V" (a number cell) or "i W V" (an integer cell) and prints "[cell]".
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/t08readers.lib"

AWKPROG=$TOP/scripts/summary.awk

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
5 0.0005 |5e-04|
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
4 9999.96 |10.K|
4 10000 |10.K|
5 10000 |10.0K|
6 10000 | 10.0K|
7 10000 |  10.0K|
4 19000 |19.K|
4 111000 |111K|
6 14804.92 | 14.8K|
7 1234567 |1234.6K|
5 1234567 |1234K|
4 1234567 |1.2M|
4 999999 |1.0M|
4 9999999 |10.M|
4 10000000 |10.M|
5 10000000 |10.0M|
6 10000000 | 10.0M|
7 10000000 |  10.0M|
6 123456789 |123.5M|
6 123449999 |123.4M|
4 123456789 |123M|
4 5e9 |5000M|
11 167.196 |      167.2|
11 1.5 |1.500000000|
4 1e1 |10.0|
4 +3.5 |3.50|
4 .5 |0.50|
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
		LC_ALL=C $a -v mode=fmt -f '$AWKPROG' <'$TRASH/in' >'$TRASH/got.$a' &&
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

test_expect 'every cell of width 4 to 7 from 0.002 to 9e7 is exactly w wide' '
	LC_ALL=C awk "BEGIN {
		for (w = 4; w <= 7; w++)
			for (v = 0.002; v < 9e7; v *= 1.37)
				print w, v
	}" >"$TRASH/sweep" &&
	LC_ALL=C awk -v mode=fmt -f "$AWKPROG" <"$TRASH/sweep" >"$TRASH/sweep.out" &&
	paste "$TRASH/sweep" "$TRASH/sweep.out" |
		awk -F "\t" "{ split(\$1, wv, \" \"); c = \$2
			sub(/^\[/, \"\", c); sub(/\]\$/, \"\", c)
			if (length(c) != wv[1]) { print \"bad:\", \$0; bad = 1 } }
			END { exit bad }"
'

# Below 10 a cell has w-2 decimals, so 0.002 in width 4 is "0.00" (the
# spec's rule); from 1 up, every cell read back is within 10% of the value.
test_expect 'from 1 up, a cell read back (with K and M) is the value within 10%' '
	paste "$TRASH/sweep" "$TRASH/sweep.out" |
		awk -F "\t" "{ split(\$1, wv, \" \") } wv[2] >= 1 { c = \$2; sub(/^\[ */, \"\", c); sub(/\]\$/, \"\", c)
			m = 1
			if (c ~ /K\$/) { m = 1000; sub(/K\$/, \"\", c) }
			if (c ~ /M\$/) { m = 1000000; sub(/M\$/, \"\", c) }
			sub(/\.\$/, \"\", c)
			r = c * m / wv[2]
			if (r < 0.9 || r > 1.11) { print \"off:\", \$0, r; bad = 1 } }
			END { exit bad }"
'

test_done

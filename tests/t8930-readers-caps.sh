#!/bin/sh
# What a reader accepts is capped, and what was cut is said: a lat_c2c
# matrix shows at most 256 CPUs (numbers below 4096) in summary's table
# and graph's heat map, however many points one row has (a row of 2,000
# points made 32 MB of table, quadratic in the row); a groups line holding
# more CPUs than there can be is ignored; a curve's title longer than 200
# characters is left out of summary's tables (100,000 stopped mawk);
# a series keeps its first 5,000 points.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

HDR='[lmbench3.0 results for Linux h 6 #1 x]'
W=$TRASH/w
mkdir -p "$W"

# bounded READER ARGS...: scripts/READER in $W under a time bound and a
# file size limit (a table of a 2,001-CPU matrix is 32 MB); output,
# messages and status in $TRASH/out, err, rc.
bounded() {
	b_reader=$1
	shift
	(
		ulimit -f 20000
		cd "$W" && exec timeout 60 sh "$TOP/scripts/$b_reader" "$@"
	) >"$TRASH/out" 2>"$TRASH/err"
	echo "$?" >"$TRASH/rc"
}

# The issue's file: one row of 2,000 points, 21 KB.
LC_ALL=C awk -v h="$HDR" 'BEGIN {
	print h
	print "\"c2c cas cpu=0"
	for (i = 1; i <= 2000; i++)
		printf "%d 50.%d\n", i, i % 10
	print ""
}' >"$W/row.0"

test_expect 'summary on a row of 2,000 points: 256 CPUs shown, one warning says how many were left out' '
	bounded summary row.0 && expect_status 0 &&
	[ "$(cat "$TRASH/err")" = "summary: row.0: lat_c2c cas matrix of 2001 CPUs: its table and heat map show 256 of them (CPUs 0 to 255), 1745 left out" ] &&
	expect_line "^   CPU +0 +1 .* 255\$" "$TRASH/out" &&
	[ "$(grep -c "^ *[0-9]\{1,3\}  " "$TRASH/out")" -eq 256 ] &&
	[ "$(wc -c <"$TRASH/out")" -lt 1000000 ] || fail "$(wc -c <"$TRASH/out") bytes; $(cat "$TRASH/err")"
'

test_expect 'graph on it: one heat map of 256 CPUs, the same warning' '
	bounded graph -o g row.0 && expect_status 0 &&
	[ "$(cat "$TRASH/err")" = "graph: row.0: lat_c2c cas matrix of 2001 CPUs: its table and heat map show 256 of them (CPUs 0 to 255), 1745 left out" ] &&
	[ "$(grep -c "<rect x=.*<title>CPU 0, CPU [0-9]*:" "$W/g/c2c-cas-row.0.svg")" -eq 256 ] &&
	[ "$(tail -n 1 "$W/g/c2c-cas-row.0.svg")" = "</svg>" ]
'

# CPUs past lat_c2c's limit, a groups line with far too many CPUs (0-4095
# three times), and one that is right.
{
	printf '%s\n' "$HDR"
	printf '[latbw-c2c-groups level=smt 0-4095 0-4095 0-4095]\n'
	printf '[latbw-c2c-groups level=l3 0-1,3 5000-6000]\n'
	printf '"c2c cas cpu=0\n1 40.00\n3 90.00\n5000 70.00\n\n'
	printf '"c2c cas cpu=1\n3 91.00\n\n'
	printf '"c2c cas cpu=5000\n5001 30.00\n\n'
} >"$W/far.0"

test_expect 'CPUs past 4095 left out and counted; a groups line of more CPUs than there can be ignored, with its line' '
	bounded summary far.0 && expect_status 0 &&
	cat >"$TRASH/want" <<-EOF &&
	summary: far.0:2: groups of level smt hold more than 4096 CPUs: ignored
	summary: far.0: lat_c2c cas matrix of 5 CPUs: its table and heat map show 3 of them (CPUs 0 to 3), 2 left out
	EOF
	diff -u "$TRASH/want" "$TRASH/err" &&
	expect_line "^     0       -   40\.00l  90\.00l\$" "$TRASH/out" &&
	expect_line "^     1   40\.00l      -   91\.00l\$" "$TRASH/out" &&
	expect_line "^  l3       0-1,3 5000-6000\$" "$TRASH/out" &&
	! grep -q "^  smt" "$TRASH/out"
'

# A scaling curve whose name is 100,000 characters long, and one that is
# not.
LC_ALL=C awk -v h="$HDR" 'BEGIN {
	print h
	s = "x"
	while (length(s) < 100000)
		s = s s
	print "\"scaling lat_" s " null processes"
	print "1 2000\n2 3000\n"
	print "\"scaling lat_syscall null processes"
	print "1 2000\n2 3000\n"
}' >"$W/long.0"

test_expect 'summary: a curve of a 100,000-character name is left out of the table with a warning, the other shown' '
	bounded summary long.0 && expect_status 0 &&
	[ "$(cat "$TRASH/err")" = "summary: long.0:2: a series title of 131099 characters (more than 200): left out of the tables" ] &&
	expect_line "^lat_syscall null +processes +total +2\.00k +3\.00k " "$TRASH/out" &&
	[ "$(wc -c <"$TRASH/out")" -lt 4096 ]
'

test_expect 'summary -f json on it: ends, exit 0' '
	bounded summary -f json long.0 && expect_status 0
'


# A series of 6,000 points: the first 5,000 are kept.
LC_ALL=C awk -v h="$HDR" 'BEGIN {
	print h
	print "Memory read bandwidth"
	for (i = 1; i <= 6000; i++)
		printf "%.6f %d\n", i / 1000, 5000 + i % 300
	print ""
}' >"$W/many.0"

test_expect 'a series of 6,000 points: 5,000 kept, one warning from the first left out' '
	bounded summary -f csv many.0 && expect_status 0 &&
	[ "$(cat "$TRASH/err")" = "summary: many.0:5003: series '\''Memory read bandwidth'\'' has more than 5000 points: this one and the rest left out" ] &&
	[ "$(grep -c "Memory read bandwidth" "$TRASH/out")" -eq 5000 ]
'

test_done

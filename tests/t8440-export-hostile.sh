#!/bin/sh
# summary -f csv and -f json on hostile files: control characters (ESC,
# BEL, C1) and bytes that are not UTF-8 in a file's name and labels never
# reach the terminal raw (CSV: "?" and U+FFFD, as the tables and the
# JSON do); a label of 10 MB is cut to 256 bytes in the export, and one
# line on stderr says so.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

W=$TRASH/w
mkdir -p "$W"
ESC=$(printf '\033')
BEL=$(printf '\007')
C1=$(printf '\302\233')
HDR='[lmbench3.0 results for Linux h 6.1 #1 x86_64]'
export W ESC BEL C1

# hostile_csv FILE...: summary -f csv of FILE in $W, under a bound on
# time and output size.
hostile_csv() {
	(
		ulimit -f 8192
		cd "$W" && exec timeout 60 sh "$SUMMARY" "$@"
	) >"$TRASH/out" 2>"$TRASH/err"
	echo "$?" >"$TRASH/rc"
}

# raw_controls FILE: FILE has a C0 control other than the newline, DEL,
# or a C1 control written in UTF-8.
raw_controls() {
	LC_ALL=C tr -d '\n' <"$1" | LC_ALL=C grep -q "[$(printf '\001-\037\177')]" ||
	LC_ALL=C grep -q "$(printf '\302')[$(printf '\200-\237')]" "$1"
}

# A file named with ESC and BEL, its series titles with ESC, BEL, a C1
# control, a lone \377 and a valid UTF-8 letter.
NAME="r${ESC}[31med${BEL}.1"
export NAME
{
	printf '%s\n' "$HDR"
	printf '"scaling lat_pipe x%s[2Jy%sz%sq\377w\303\251 processes\n1 100\n2 190\n\n' "$ESC" "$BEL" "$C1"
	printf '"Memory read%s]0;title%s bandwidth\n0.5 5000\n1 4000\n\n' "$ESC" "$BEL"
} >"$W/$NAME"

test_expect 'CSV: no raw control character from a file name or a label' '
	hostile_csv -f csv "$NAME" && expect_status 0 &&
	! raw_controls "$TRASH/out" &&
	[ "$(grep -c "^r?\[31med?\.1,r?\[31med?,Linux 6.1," "$TRASH/out")" -eq 4 ] &&
	expect_line ",scaling lat_pipe x\?\[2Jy\?z\?q$(printf "\357\277\275")w$(printf "\303\251") processes,2,190," "$TRASH/out" &&
	expect_line ",Memory read\?\]0;title\? bandwidth,1,4000," "$TRASH/out"
'

if command -v python3 >/dev/null 2>&1
then
	test_expect 'CSV: valid UTF-8, read by a CSV reader as 22 columns a row' '
		python3 -c "
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding=\"utf-8\", errors=\"strict\", newline=\"\")))
assert len(rows) == 5 and all(len(r) == 22 for r in rows), rows
" "$TRASH/out"
	'
else
	test_skip 'CSV: valid UTF-8' 'no python3'
fi

test_expect 'JSON and the tables of the same file: no raw control character either' '
	hostile_csv -f json "$NAME" && expect_status 0 && ! raw_controls "$TRASH/out" &&
	hostile_csv "$NAME" && ! raw_controls "$TRASH/out" && ! raw_controls "$TRASH/err"
'

# A label of 10 MB (and a figure beside it that stays whole).
{
	printf '%s\n' "$HDR"
	head -c 10000000 /dev/zero | tr '\0' a
	printf ': 1.5 microseconds\nPipe latency: 7.25 microseconds\n'
} >"$W/big.0"

for f in csv json
do
	test_expect "-f $f of a 10 MB label: cut to 256 bytes and ..., one warning" "
		hostile_csv -f $f big.0 && expect_status 0 &&
		[ \$(wc -c <'$TRASH/out') -lt 4000 ] &&
		[ \$(awk '{ if (length(\$0) > n) n = length(\$0) } END { print n + 0 }' '$TRASH/out') -lt 1500 ] &&
		grep -q \"a\\{256\\}\\.\\.\\.\" '$TRASH/out' && ! grep -q \"a\\{257\\}\" '$TRASH/out' &&
		grep -q 'Pipe latency' '$TRASH/out' &&
		[ \$(wc -l <'$TRASH/err') -eq 1 ] &&
		expect_line '^summary: big\\.0: [0-9]+ text fields? \\(label, unit, header\\) over 256 bytes cut to 256 in the export' '$TRASH/err'
	"
done

test_expect 'a cut never splits a UTF-8 character' '
	{
		printf "%s\n" "$HDR"
		printf "\""
		head -c 255 /dev/zero | tr "\0" a
		printf "\303\251\303\251\n1 2.5\n\n"
	} >"$W/utf.0" &&
	hostile_csv -f csv utf.0 && expect_status 0 &&
	grep -q "a\{255\}\.\.\.," "$TRASH/out" &&
	! grep -q "$(printf "\303")\.\.\." "$TRASH/out"
'

test_done

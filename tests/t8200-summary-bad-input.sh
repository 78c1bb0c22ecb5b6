#!/bin/sh
# scripts/summary on bad input: empty, binary, junk, truncated and
# corrupted files get warnings that name the file and line, never a crash;
# bad options get one error line and the usage line (status 2); nothing in
# a results file or its name is ever executed.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"


D=$TRASH/r/x86_64-linux-gnu
mkdir -p "$D"
cp "$SAMPLE" "$D/vm.1"
PROC_ROW='vm        Linux 6.18.44 3182 0.23 0.26 1.23 3.07 6.12 0.34 2.93 376. 855. 1699'
export PROC_ROW

: >"$D/empty.1"
printf 'Simple syscall: 0.2\000\001\002 microseconds\n' >"$D/bin.1"
LC_ALL=C awk 'BEGIN { srand(7); for (i = 0; i < 4000; i++) printf "%c", int(rand() * 255) + 1 }' >"$D/junk.1"

test_expect 'an empty file alone: one line naming it, status 2, no table' '
	! summary "$D/empty.1" && expect_status 2 &&
	expect_line "^summary: .*/empty\.1: empty file, skipped$" "$TRASH/err" &&
	has_lines 1 "$TRASH/err" &&
	[ ! -s "$TRASH/out" ]
'

test_expect 'an empty file among good ones: warned about, the others summarised' '
	summary "$D/empty.1" "$D/vm.1" && expect_status 0 &&
	expect_line "empty\.1: empty file, skipped" "$TRASH/err" &&
	grep -qxF "$PROC_ROW" "$TRASH/out"
'

test_expect 'a binary file (NUL bytes): warned about and skipped' '
	summary "$D/bin.1" "$D/vm.1" && expect_status 0 &&
	expect_line "^summary: .*/bin\.1: binary file" "$TRASH/err" &&
	! grep -q "^bin " "$TRASH/out" && grep -qxF "$PROC_ROW" "$TRASH/out"
'

for a in $AWKS
do
	test_expect "[$a] random bytes without NULs: at most 10 warnings and a count, no crash" "
		AWK=$a summary '$D/junk.1'
		read -r rc <'$TRASH/rc' && [ \$rc -le 1 ] &&
		grep -c '^summary: .*/junk\.1:[0-9][0-9]*: ' '$TRASH/err' >'$TRASH/n' &&
		read -r n <'$TRASH/n' && [ \$n -eq 10 ] &&
		has_matches '$TRASH/err' 'junk\.1: [0-9]* more warnings not shown' '^summary: no figure in any file'
	"
done

test_expect 'a file cut in the middle of a line: its last line ignored, with a warning' '
	printf "%s\n" "[lmbench3.0 results for Linux cut 6.1.0 #1 SMP x86_64]" \
		"Simple syscall: 0.2308 microseconds" "Simple write: 0.2707 microseconds" >"$D/cut.1" &&
	printf "Simple read: 0.25" >>"$D/cut.1" &&
	summary "$D/cut.1" && expect_status 0 &&
	expect_line "^summary: .*/cut\.1:4: no newline at the end: the file was cut short, its last line is ignored$" "$TRASH/err" &&
	grep -qxF "cut         Linux 6.1.0      0.23 0.27                                        " "$TRASH/out"
'

# cut_sample N: the sample cut at N points, into $D/part.1 .. part.N
# (part i: its first size * i / (N + 1) bytes, as head -c would), by one
# awk; the sample is text, a character a byte under LC_ALL=C.
cut_sample() {
	LC_ALL=C awk -v n="$1" -v d="$D" '{ s = s $0 "\n" }
		END {
			for (i = 1; i <= n; i++) {
				f = d "/part." i
				printf "%s", substr(s, 1, int(length(s) * i / (n + 1))) >f
				close(f)
			}
		}' "$SAMPLE"
}

# odd_messages FILE...: the lines of FILE (the messages of summary run on
# part.I, FILE ending in ".I") that neither name part.I with its line nor
# say no figure was read; printed, and then a failure.
odd_messages() {
	awk '{ i = FILENAME; sub(/.*[.]/, "", i) }
		$0 != "summary: no figure in any file" &&
		$0 !~ "^summary: [^:]*/part[.]" i "(:[0-9]+)*: " {
			print "part " i ": " $0
			bad = 1
		}
		END { exit bad }' "$@" >&2
}

test_expect 'the sample cut at any of 20 points: never a crash, never a warning without file and line' '
	cut_sample 20 && set -- && i=1 && bad= &&
	while [ $i -le 20 ]
	do
		sh "$SUMMARY" "$D/part.$i" >"$TRASH/out" 2>"$TRASH/err.$i"
		rc=$?
		[ $rc -le 1 ] || { fail "part $i: status $rc"; bad=1; }
		set -- "$@" "$TRASH/err.$i"
		i=$((i + 1))
	done
	odd_messages "$@" && [ -z "$bad" ]
'

sed -e 's/^Simple syscall: .*/Simple syscall: abc microseconds/' \
	-e 's/^Pipe latency: .*/Pipe latency: 1.2.3 microseconds/' \
	-e 's/^0\.02148 1\.287$/0.02148 garbage/' \
	-e 's/^"stride=256$/[latbw-stat prog=lat_mem_rd case=chase median=1 spread=2% reps=3/' \
	"$SAMPLE" >"$D/bad.1"
{
	printf '%s\n' "[lmbench3.0 results for Linux st 6.1.0 #1 SMP x86_64]"
	printf '%s\n' "Simple syscall: 0.2308 microseconds" ""
	printf '%s\n' "[latbw-stat prog=lat_syscall case=null median=0.23 min=0.2 max=0.3 spread=1.00% reps=5 n=9 copies=1 cpus=any unit=us]"
	printf '%s\n' '"size=0k ovr=1.0' "2 5.5"
	printf '%s\n' "[latbw-stat prog=lat_ctx case=ring x=8 median=5.5 min=5 max=6 spread=1.00% reps=5 n=9 copies=1 cpus=any unit=us]"
	printf '%s\n' "[latbw-stat prog=lat_ctx case=ring x=2 median=5.5 min=5 max=6 reps=5]"
	printf '%s\n' "" "1 6.5"
} >"$D/st.1"
{
	printf '%s\n' "[lmbench3.0 results for Linux gap 6.1.0 #1 SMP x86_64]"
	printf '%s\n' "Socket bandwidth using localhost" "0.065536 2014.57" ""
	printf '%s\n' "10.485760 872.13" "" "" "Pipe bandwidth: 3255.00 MB/sec"
} >"$D/gap.1"

test_expect 'corrupted lines: each warned about by file and line, the rest intact' '
	summary "$D/bad.1" && expect_status 0 &&
	has_matches "$TRASH/err" "/bad\.1:84: unrecognised line skipped: Simple syscall: abc microseconds$" \
		"/bad\.1:101: figure .Pipe latency. is not a number, skipped$" \
		"/bad\.1:[0-9]*: unrecognised line in series .Memory load latency stride=128. skipped: 0.02148 garbage$" \
		"/bad\.1:[0-9]*: truncated statistics line skipped$" \
		"/bad\.1:[0-9]*: a point outside any series skipped: 0.00049 1.267$" &&
	holds_lines "$TRASH/out" "bad       Linux 6.18.44 3182      0.26 1.23 3.07 6.12 0.34 2.93 376. 855. 1699" \
		"bad       Linux 6.18.44  68.2       87.5  17.3  41.2  21.6  25.6 1755" \
		"bad       Linux 6.18.44  3182 1.2470 3.5900   19.4       167.2"
'

test_expect 'misplaced and mismatched statistics lines: warned about, figures kept' '
	summary "$D/st.1" && expect_status 0 &&
	has_matches "$TRASH/err" "/st\.1:4: statistics line not after a figure, skipped$" \
		"/st\.1:7: statistics line does not match the figure before it, skipped$" \
		"/st\.1:8: statistics line without spread or reps skipped$" \
		"/st\.1:10: a point outside any series skipped: 1 6.5$" &&
	grep -qxF "st          Linux 6.1.0      0.23                                             " "$TRASH/out"
'

test_expect 'a blank line inside a series: warned about, the later point kept' '
	summary "$D/gap.1" && expect_status 0 &&
	expect_line "/gap\.1:5: a blank line inside series .Socket bandwidth using localhost.: its points after it are kept$" "$TRASH/err" &&
	grep -qxF "gap         Linux 6.1.0 3255      872.                                       " "$TRASH/out"
'

test_expect 'a file without the lmbench header: warned about, OS left blank' '
	sed 1d "$SAMPLE" >"$D/nohead.1" &&
	summary "$D/nohead.1" && expect_status 0 &&
	expect_line "/nohead\.1:1: no lmbench header line: OS column left blank$" "$TRASH/err" &&
	grep -qxF "nohead                  3182 0.23 0.26 1.23 3.07 6.12 0.34 2.93 376. 855. 1699" "$TRASH/out"
'

test_expect 'a header and nothing else: no figure, status 1' '
	head -1 "$SAMPLE" >"$D/hdr.1" &&
	! summary "$D/hdr.1" && expect_status 1 &&
	expect_line "^summary: no figure in any file$" "$TRASH/err" && [ ! -s "$TRASH/out" ]
'

test_expect 'CRLF line ends read like LF' '
	summary "$D/vm.1" && cp "$TRASH/out" "$TRASH/lf" &&
	sed "s/\$/$(printf "\r")/" "$SAMPLE" >"$D/vm.1" &&
	summary "$D/vm.1" && diff -u "$TRASH/lf" "$TRASH/out" &&
	cp "$SAMPLE" "$D/vm.1"
'

test_expect 'a missing file: named, status 1, the others still summarised' '
	! summary "$D/nonesuch.3" "$D/vm.1" && expect_status 1 &&
	expect_line "^summary: .*/nonesuch\.3: no such file or directory$" "$TRASH/err" &&
	grep -qxF "$PROC_ROW" "$TRASH/out"
'

test_expect 'a directory without results files: named in one line, status 2' '
	mkdir -p "$TRASH/nothing/x" && : >"$TRASH/nothing/x/README" &&
	! summary "$TRASH/nothing" && expect_status 2 &&
	has_lines 1 "$TRASH/err" &&
	expect_line "^summary: .*/nothing: no results file" "$TRASH/err"
'

test_expect 'nothing in a results file or its name is executed' '
	P=$TRASH/pwned &&
	mkdir -p "$TRASH/evil/x86_64-linux-gnu" && E=$TRASH/evil/x86_64-linux-gnu &&
	{
		printf "%s\n" "[lmbench3.0 results for Linux \$(touch $P) \`touch $P\` #1]"
		printf "%s\n" "[MHZ: \$(touch $P) MHz]" "[LINE_SIZE: 64; touch $P]"
		printf "%s\n" "Simple syscall: 0.5 microseconds; touch $P" "\$(touch $P): 1 us"
		printf "%s\n" "\`touch $P\`" "system(\"touch $P\")" "Pipe latency: 9.5 microseconds"
	} >"$E/a=b.1" &&
	cp "$E/a=b.1" "$E/-x.1" && cp "$E/a=b.1" "$E/\$(touch pwned).1" && cp "$E/a=b.1" "$E/-" &&
	(cd "$E" && sh "$SUMMARY" "a=b.1" "-x.1" "-" "\$(touch pwned).1" >"$TRASH/out" 2>"$TRASH/err") ;
	(cd "$E" && sh "$SUMMARY" "$TRASH/evil" >"$TRASH/out2" 2>>"$TRASH/err") ;
	[ ! -e "$P" ] && [ -z "$(find "$TRASH" -name pwned)" ] &&
	grep -c "^a=b       " "$TRASH/out" >"$TRASH/n" && read -r n <"$TRASH/n" && [ "$n" -ge 2 ] &&
	has_matches "$TRASH/out" "^-x        " "^-         " "^[$][(]touch p" &&
	grep -q "^\$(touch p" "$TRASH/out2"
'

# error_and_usage: $TRASH/err is two lines, an error ("summary: ...")
# and the usage line; one awk, not wc, grep and sed.
error_and_usage() {
	awk 'NR == 1 && /^summary: / { e = 1 }
		NR == 2 && $0 == "usage: summary [-s] [-m PCT] [-w COLS] [-f table|json|csv|names|lkp-names] [FILE | DIR]..." { u = 1 }
		END { exit !(NR == 2 && e && u) }' "$TRASH/err" ||
		fail "not an error and the usage line: $(cat "$TRASH/err")"
}

for args in "-x" "-f" "-f xml" "-w" "-w 10" "-w abc" "-w 72x" "-m" "-m x" "-m 1.2.3" "-s -q"
do
	test_expect "bad options '$args': one error line, the usage line, status 2" "
		! summary $args '$D/vm.1' && expect_status 2 &&
		error_and_usage &&
		[ ! -s '$TRASH/out' ]
	"
done

test_expect '-h: the usage line on stdout, status 0' '
	summary -h && expect_status 0 && expect_line "^usage: summary " "$TRASH/out" &&
	[ ! -s "$TRASH/err" ]
'

test_done

#!/bin/sh
# The readers (summary, compare, graph) on hostile input: values that are
# not finite or absurd are warned about (file:line) and left out, and no
# loop runs for as long as a value is large: each run ends at once, with
# output of a few kilobytes (issue 12, D1).  Input that cannot be read
# gets one line and status 2 in every format; JSON is valid UTF-8 whatever
# bytes a name holds; no control character reaches the terminal (D10).
# Paths reach awk intact, backslashes and all (D11).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

W=$TRASH/w
mkdir -p "$W"
HDR='[lmbench3.0 results for Linux h 6 #1 x]'

# hostile READER ARGS...: run scripts/READER in $W, bounded in time (20 s),
# file size and memory, so that a reader that loops or grows without limit
# fails the test instead of filling the disk; output, messages and status
# in $TRASH/out, err, rc.
hostile() {
	h_reader=$1
	shift
	(
		ulimit -f 8192
		# shellcheck disable=SC3045 # dash and bash have it; the time bound holds anyway
		ulimit -v 1000000 2>/dev/null
		cd "$W" && exec timeout 20 sh "$TOP/scripts/$h_reader" "$@"
	) >"$TRASH/out" 2>"$TRASH/err"
	echo "$?" >"$TRASH/rc"
}

# small_svgs DIR: DIR holds at least one .svg, each under 64 KB and whole
# (its last line "</svg>"); one awk reads them all.  Its count of bytes,
# a line's length and its newline, is wc -c's or one more.
small_svgs() {
	ls "$1"/*.svg >/dev/null 2>&1 || fail "no plot in $1" || return 1
	LC_ALL=C awk '{ size[FILENAME] += length($0) + 1; last[FILENAME] = $0 }
		END {
			for (i = 1; i < ARGC; i++) {
				f = ARGV[i]
				if (size[f] >= 65536) { print f ": " size[f] " bytes"; bad = 1 }
				if (last[f] != "</svg>") { print f ": not whole"; bad = 1 }
			}
			exit bad
		}' "$1"/*.svg >&2
}

# one_message NAME: $TRASH/err is one line (a last one without its
# newline counts), "summary: NAME: ..." or "summary: ./NAME: ...", read
# by the shell: no awk a run.
one_message() {
	om_n=0
	om_l=
	while IFS= read -r om_line || [ -n "$om_line" ]
	do
		om_n=$((om_n + 1))
		om_l=$om_line
	done <"$TRASH/err"
	case $om_n:$om_l in
	"1:summary: $1: "* | "1:summary: ./$1: "*)
		return 0
		;;
	esac
	fail "not one line 'summary: [./]$1: ...': $(cat "$TRASH/err")"
}

# The issue's file: one point at x = 1e400 (infinity to awk).
printf '%s\nMemory read bandwidth\n1e400 5000\n0.26 5000\n\n' "$HDR" >"$W/x.0"
# A value of 1.7e308: finite, but 1.02 times it is not.
printf '%s\nMemory read bandwidth\n0.5 1.7e308\n1 5000\n\n' "$HDR" >"$W/y.0"
# An x of 100000 digits.
{
	printf '%s\nMemory read bandwidth\n1' "$HDR"
	LC_ALL=C awk 'BEGIN { for (i = 0; i < 100000; i++) printf "9"; printf " 5\n" }'
	printf '2 6000\n\n'
} >"$W/long.0"
# Values at the edges of what is kept, on both axes of both kinds of plot.
printf '%s\n%s\n"stride=128\n%s\n%s\n\nMemory read bandwidth\n%s\n%s\n\n' "$HDR" \
	'Memory load latency' '0.000000000001 0.000000000001' '1000000000000000 1000000000000000' \
	'0.000000000001 1000000000000000' '1000000000000000 0.000000000001' >"$W/edge.0"
# Figures, a statistics line and header keys with such values.
{
	printf '%s\n[LMBENCH_VER: latbw-0.1]\n[MHZ: 1e400 MHz, 0 nanosec clock]\n' "$HDR"
	printf '[CACHE_L2: 1%0400d]\n' 0
	printf 'Simple syscall: 1e400 microseconds\n'
	printf '[latbw-stat prog=lat_syscall case=null median=1e400 min=1 max=2 spread=1.00%% reps=5 n=1 copies=1 cpus=any unit=us]\n'
	printf 'Simple read: 0.25 microseconds\n'
	printf '[latbw-stat prog=lat_syscall case=read median=0.25 min=1e999 max=0.26 spread=1e999%% reps=5 n=1 copies=1 cpus=any unit=us]\n'
	printf 'Simple write: 0.30 microseconds\n'
	printf '[latbw-stat prog=lat_syscall case=write median=0.30 min=0.29 max=1e999 spread=1.00%% reps=5 n=1 copies=1 cpus=any unit=us]\n'
	printf 'Pipe latency: 2e20 microseconds\n'
	printf '\n"File system latency\n0k 1000 1e400 5000\n'
	printf '[latbw-stat prog=lat_fs case=create x=0k median=1e400 min=1 max=2 spread=1.00%% reps=5 n=1 copies=1 cpus=any unit=files/s]\n'
	printf '[latbw-stat prog=lat_fs case=delete x=0k median=5000 min=1 max=2 spread=1.00%% reps=5 n=1 copies=1 cpus=any unit=files/s]\n'
	printf '1k 1000 4000 5000\n\n[COMPLETE: 1 of 1 steps, 0 failed]\n'
} >"$W/figs.1"

test_expect 'graph on the issue file (x = 1e400): ends, warns file:line, plots the rest' '
	hostile graph -o g x.0 && expect_status 0 &&
	file_is "$TRASH/err" "graph: x.0:3: '\''1e400'\'' is not a finite number: left out" &&
	file_is "$TRASH/out" "./g/mem-bandwidth-read.svg" &&
	small_svgs "$W/g" && grep -q "points=\"[0-9.]*,[0-9.]*\"" "$W/g/mem-bandwidth-read.svg"
'

test_expect 'graph on a value of 1.7e308: ends, warns it is out of range' '
	hostile graph -o g2 y.0 && expect_status 0 &&
	file_is "$TRASH/err" "graph: y.0:3: '\''1.7e308'\'' is out of range (above 1e15): left out" &&
	small_svgs "$W/g2"
'

test_expect 'graph on an x of 100000 digits: ends, the warning shows 40 of them' '
	hostile graph -o g3 long.0 && expect_status 0 &&
	expect_line "^graph: long\.0:3: '\''19{39}\.\.\.'\'' is not a finite number: left out$" "$TRASH/err" &&
	has_lines 1 "$TRASH/err" && small_svgs "$W/g3"
'

test_expect 'graph on values from 1e-12 to 1e15 on both axes: at most 16 ticks an axis' '
	hostile graph -o g4 edge.0 && expect_status 0 && [ ! -s "$TRASH/err" ] &&
	small_svgs "$W/g4" &&
	for p in mem-latency mem-bandwidth-read
	do
		n=$(grep -c "<text x=\"[0-9.]*\" y=\"[0-9.]*\">" "$W/g4/$p.svg") &&
		[ "$n" -le 66 ] || fail "$p: $n tick labels" || return 1
	done
'

test_expect 'summary: non-finite and absurd figures, keys and statistics warned about and left out' '
	hostile summary -s figs.1 && expect_status 0 &&
	cat >"$TRASH/want" <<-EOF &&
	summary: figs.1:3: MHZ is not a finite number, ignored
	summary: figs.1:4: CACHE_L2 is not a finite number, ignored
	summary: figs.1:5: '\''1e400'\'' is not a finite number: left out
	summary: figs.1:8: statistics line with a spread or reps out of range skipped
	summary: figs.1:11: '\''2e20'\'' is out of range (above 1e15): left out
	summary: figs.1:14: '\''1e400'\'' is not a finite number: left out
	EOF
	diff -u "$TRASH/want" "$TRASH/err" &&
	! grep -qi "inf\|nan" "$TRASH/out" &&
	expect_line "^figs +Linux 6 {11}0\.2[78] " "$TRASH/out" &&
	! grep -q "^\*Local\* Communication latencies" "$TRASH/out"
'

test_expect 'summary -f json and -f csv: no non-finite or absurd number in them' '
	hostile summary -f json figs.1 && expect_status 0 &&
	! grep -qi "inf\|nan\|e400\|e999\|e20" "$TRASH/out" &&
	has_matches "$TRASH/out" "\"name\": \"Simple write\", .*\"min\": 0.29, \"max\": null" \
		"\"name\": \"File system latency create\", \"metric\": \"[^\"]*\", \"x\": \"1k\"" &&
	! grep -q "\"name\": \"File system latency [a-z]*\", \"metric\": \"[^\"]*\", \"x\": \"0k\"" "$TRASH/out" &&
	hostile summary -f csv figs.1 x.0 y.0 long.0 && expect_status 0 &&
	! grep -qi "inf\|nan\|e400\|e999\|e20\|e308\|99999" "$TRASH/out"
'

test_expect 'compare with such values on either side: ends, warns, no inf in the tables' '
	hostile compare figs.1 x.0 && expect_status 0 &&
	has_matches "$TRASH/err" "^compare: figs\.1:5: '\''1e400'\'' is not a finite number: left out$" \
		"^compare: x\.0:3: '\''1e400'\'' is not a finite number: left out$" &&
	! grep -qi "inf\|nan" "$TRASH/out"
'

# ---------------------------------------------------------------- D10

ESC=$(printf '\033')
CSI=$(printf '\302\233')
export ESC CSI
mkfifo "$W/fifo.1"
: >"$W/empty.1"
printf 'x\000y\n' >"$W/nul.1"
mkdir "$W/nothing"

for f in json table csv
do
	test_expect "-f $f on input that cannot be read: one line a file, nothing on stdout, status 2" "
		for bad in missing.1 fifo.1 empty.1 nul.1 nothing
		do
			hostile summary -f $f \"\$bad\"
			expect_status 2 && [ ! -s '$TRASH/out' ] &&
			one_message \"\$bad\" || return 1
		done
		hostile summary -f $f missing.1 nothing
		expect_status 2 && [ ! -s '$TRASH/out' ] && has_lines 2 '$TRASH/err'
	"
done

# A host name (the file's name) and a uname with bytes that are not UTF-8,
# a C1 control (U+009B) and a valid UTF-8 letter.
LC_ALL=C awk 'BEGIN { printf "[lmbench3.0 results for Linux h\351t\302\233e\303\251 6 #1 \377\376]\nSimple syscall: 0.25 microseconds\n" }' >"$W/latin1.1"
cp "$W/latin1.1" "$W/h$(printf '\351')st$CSI.1"

if command -v python3 >/dev/null 2>&1
then
	test_expect 'JSON of names and a uname in Latin-1: valid UTF-8 JSON, U+FFFD for the bad bytes' '
		hostile summary -f json latin1.1 "h$(printf "\351")st$CSI.1" && expect_status 0 &&
		python3 -c "
import json, sys
d = json.loads(open(sys.argv[1], \"rb\").read().decode(\"utf-8\", \"strict\"))
r = d[\"runs\"]
assert r[0][\"uname\"] == \"Linux h\\ufffdt\\u009be\\u00e9 6 #1 \\ufffd\\ufffd\", r[0][\"uname\"]
assert r[0][\"os\"] == \"Linux 6\", r[0][\"os\"]
assert r[1][\"host\"] == \"h\\ufffdst\\u009b\", r[1][\"host\"]
assert len(d[\"figures\"]) == 2
" "$TRASH/out" &&
		! LC_ALL=C grep -q "$CSI" "$TRASH/out"
	'
else
	test_skip 'JSON of names and a uname in Latin-1: valid UTF-8 JSON' 'no python3'
fi

# A file whose name colours the terminal red, with lines to warn about.
RED="${ESC}[31mred${CSI}[2J.1"
export RED
printf '%s\n' "[lmbench3.0 results for Linux x 6.1${ESC}[31m #1]" "junk" "Simple syscall: 0.5 microseconds" >"$W/$RED"

test_expect 'control characters in names and lines never reach the terminal' '
	hostile summary "$RED" missing${ESC}[1m.1 && expect_status 1 &&
	expect_line "^summary: \?\[31mred\?\[2J\.1:2: unrecognised line skipped: junk$" "$TRASH/err" &&
	expect_line "^summary: missing\?\[1m\.1: no such file or directory$" "$TRASH/err" &&
	expect_line "^\?\[31mred\? Linux 6.1\?\[31 " "$TRASH/out" &&
	hostile summary -m "1${ESC}[31m" "$RED" && expect_status 2 &&
	expect_line "^summary: -m wants a percentage, not .1\?\[31m.$" "$TRASH/err" &&
	hostile compare "$RED" "$RED" && expect_status 0 &&
	hostile graph -o g5 "$RED" nothing && expect_status 1 &&
	for f in out err
	do
		hostile summary "$RED" missing${ESC}[1m.1
		! LC_ALL=C grep -q "$ESC\|$CSI" "$TRASH/$f" || fail "summary $f: $(cat "$TRASH/$f")" || return 1
		hostile compare "$RED" "$RED" "nothing${ESC}[1m"
		! LC_ALL=C grep -q "$ESC\|$CSI" "$TRASH/$f" || fail "compare $f: $(cat "$TRASH/$f")" || return 1
		hostile graph -o "g6${ESC}[1m" "$RED" "nothing${ESC}[1m" "$W/nothing"
		! LC_ALL=C grep -q "$ESC\|$CSI" "$TRASH/err" || fail "graph: $(cat "$TRASH/err")" || return 1
	done
'

# ---------------------------------------------------------------- D11

test_expect 'graph -o '\''o\nut'\'': the plots go to that directory, backslash and all' '
	cp "$TOP/tests/fixtures/graph/vm.0" "$W/vm.0" &&
	hostile graph -o "o\\nut" vm.0 && expect_status 0 && [ ! -s "$TRASH/err" ] &&
	{ IFS= read -r first <"$TRASH/out" && [ "$first" = "./o\\nut/mem-latency.svg" ]; } &&
	[ -s "$W/o\\nut/mem-latency.svg" ] && [ "$(ls "$W/o\\nut" | wc -l)" -eq 6 ]
'

test_expect 'graph that writes no plot leaves no directory it made' '
	hostile graph -o "new/deep\\n" figs.1 && expect_status 1 &&
	[ ! -e "$W/new" ] &&
	mkdir "$W/mine" && hostile graph -o mine figs.1 && expect_status 1 && [ -d "$W/mine" ]
'

# Names with a newline, inside and at the end (where a $(...) would
# drop it, and name another file).
NLIN=$(printf 'n\nl.1')
NLEND=$(printf 'end.1\nx')
NLEND=${NLEND%x}
export NLIN NLEND
for f in "$NLIN" "$NLEND" end.1
do
	printf '%s\n' "$HDR" 'Simple syscall: 0.25 microseconds' >"$W/$f"
done

test_expect 'a name with a newline, inside or at the end, is skipped with one line' '
	hostile summary "$NLIN" "$NLEND" end.1 && expect_status 1 &&
	holds_lines "$TRASH/err" "summary: ./n?l.1: a newline in the name, skipped" \
		"summary: ./end.1?: a newline in the name, skipped" &&
	has_lines 2 "$TRASH/err"
'

# A directory named d\tx\\ (backslashes, no tab), and a run in it.
BD="d\\tx\\\\"
BDRE="d\\\\tx\\\\\\\\"
export BD BDRE
mkdir "$W/$BD"
printf '%s\n' "$HDR" '[MHZ: 3000 MHz, 0.3333 nanosec clock]' 'Simple syscall: 0.25 microseconds' >"$W/$BD/bd.1"

test_expect 'summary and compare in a directory whose name holds backslashes' '
	(cd "$W/$BD" && sh "$TOP/scripts/summary" bd.1) >"$TRASH/out" 2>"$TRASH/err" &&
	expect_line "^bd +Linux 6 +$BDRE 3000 " "$TRASH/out" &&
	hostile compare -t 5 "$BD/bd.1" figs.1 && expect_status 0 &&
	expect_line "^ +1 bd\.1 +1 .* $BDRE/bd\.1\$" "$TRASH/out"
'

test_done

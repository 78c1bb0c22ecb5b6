#!/bin/sh
# scripts/rounds.awk, the combiner of latbw-run's rounds: three rounds'
# outputs make one results file in lmbench's format, each figure and
# point taken from the fastest round by its statistics line (the whole
# timed, median + less=, where an overhead was taken off), each statistics line with the rounds, their spread, their
# values and the round taken; a round cut short adds what it
# measured; lmbench 3's getsummary and our summary still read one figure
# per cell.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

RFIX=$TOP/tests/fixtures/rounds

# combine AWK FILES...: the combined file in $TRASH/comb.
combine() {
	cb_awk=$1
	shift
	if combiner "$cb_awk" "$@" >"$TRASH/comb" 2>"$TRASH/cerr" &&
		[ ! -s "$TRASH/cerr" ]
	then
		return 0
	fi
	fail "combiner: $(cat "$TRASH/cerr")"
}

# has_line LINE: the combined file holds exactly that line.
has_line() {
	grep -Fqx -- "$1" "$TRASH/comb" || fail "no line '$1' in: $(cat "$TRASH/comb")"
}

# Rounds 1-3 (round.N): Simple syscall 0.2, 0.3, 0.25; Pipe latency 5, 4,
# 40; Pipe bandwidth 3000, 2000, 3500 MB/s; the mmap series and lat_fs and
# lat_ctx in rounds 1 and 2 only (round 3 was interrupted in its mmap
# series): lat_fs create 66.7 and 50 us, delete 20 and 25 us; lat_ctx
# overhead 1.0 and 1.8, ring 3.0 and 2.8 after it (less=); AF_UNIX failed
# in rounds 1 and 3.
for a in $AWKS
do
	test_expect "[$a] a figure is the fastest of its three rounds, not round 1's nor the median: a time the least, a bandwidth the greatest" "
		combine $a '$RFIX/round.1' '$RFIX/round.2' '$RFIX/round.3' &&
		has_line 'Simple syscall: 0.2000 microseconds' &&
		has_line 'Pipe latency: 4.0000 microseconds' &&
		has_line 'Pipe bandwidth: 3500.00 MB/sec'
	"
	test_expect "[$a] its statistics line: the round's median, min, max and within-round spread over the rounds, then rounds, round_spread, round_values, from_round" "
		has_line '[latbw-stat prog=lat_syscall case=null median=0.2 min=0.19 max=0.31 spread=3.00% reps=5 n=100 copies=1 cpus=any unit=us rounds=3 round_spread=40.00% round_values=0.2,0.3,0.25 from_round=1 round_gap=25.00%]' &&
		has_line '[latbw-stat prog=lat_pipe case=pipe median=4 min=3.5 max=41 spread=2.00% reps=5 n=100 copies=1 cpus=0 unit=us placement=same rounds=3 round_spread=720.00% round_values=5,4,40 from_round=2 round_gap=25.00%]' &&
		has_line '[latbw-stat prog=bw_pipe case=pipe median=3500 min=1900 max=3600 spread=1.00% reps=5 n=10 copies=1 cpus=0,1 unit=MB/s placement=cross rounds=3 round_spread=50.00% round_values=3000,2000,3500 from_round=3 round_gap=14.29%]'
	"
	test_expect "[$a] series points each from its own round; lat_fs's two columns each from its own statistics line's round; lat_ctx ranked by the whole it timed (ring 2.8 + 1.8 is slower than 3.0 + 1.0), its ovr from its overhead's round" "
		has_line '1.048576 24.70' &&
		has_line '67.108864 560.74' &&
		has_line '0k 100 20000 50000' &&
		has_line '\"size=0k ovr=1.00' &&
		has_line '2 3.00' &&
		has_line '[latbw-stat prog=lat_fs case=create x=0k median=50 min=45 max=70 spread=4.00% reps=5 n=100 copies=1 cpus=any unit=us rounds=2 round_spread=28.57% round_values=66.6667,50 from_round=2 round_gap=33.33%]' &&
		has_line '[latbw-stat prog=lat_fs case=delete x=0k median=20 min=19 max=26 spread=4.00% reps=5 n=100 copies=1 cpus=any unit=us rounds=2 round_spread=22.22% round_values=20,25 from_round=1 round_gap=25.00%]' &&
		has_line '[latbw-stat prog=lat_ctx case=ring x=2 median=3 min=2.7 max=3.1 spread=1.50% reps=5 n=100 copies=1 cpus=0 unit=us less=1 rounds=2 round_spread=6.90% round_values=3,2.8 from_round=1 round_gap=15.00%]'
	"
	test_expect "[$a] the whole combined file, as expected (lines in round 1's order)" "
		cmp -s '$RFIX/combined' '$TRASH/comb' ||
			fail \"\$(diff '$RFIX/combined' '$TRASH/comb')\"
	"
done

# SAME_CPU=quiet may run a same-CPU step's rounds on different CPUs.
test_expect 'rounds on different CPUs: round_cpus lists each round'"'"'s, in order' '
	sed "s/prog=lat_pipe \\(.*\\) cpus=0 /prog=lat_pipe \\1 cpus=1 /" "$RFIX/round.3" >"$TRASH/round.3" &&
	combine awk "$RFIX/round.1" "$RFIX/round.2" "$TRASH/round.3" &&
	has_line "[latbw-stat prog=lat_pipe case=pipe median=4 min=3.5 max=41 spread=2.00% reps=5 n=100 copies=1 cpus=0 unit=us placement=same rounds=3 round_spread=720.00% round_values=5,4,40 round_cpus=0;0;1 from_round=2 round_gap=25.00%]" &&
	! grep -q "prog=lat_syscall.*round_cpus" "$TRASH/comb"
'

# Five rounds: round_spread leaves out the round farthest from the median
# (one taken during a spell of a neighbour's load); four: none.  Simple
# syscall in rounds 1-5: 0.2, 0.3, 0.25, 0.26, 0.9 (0.9 left out), then
# 0.2, 0.3, 0.25, 0.26, 0.27 (0.2 left out).  The figure is the fastest
# round, however many: 0.1 in a sixth round.
sed "s/^Simple syscall: 0.3000/Simple syscall: 0.2600/; s/case=null median=0.3 /case=null median=0.26 /" \
	"$RFIX/round.2" >"$TRASH/round.4"
sed "s/^Simple syscall: 0.3000/Simple syscall: 0.9000/; s/case=null median=0.3 /case=null median=0.9 /" \
	"$RFIX/round.2" >"$TRASH/round.5"
sed "s/^Simple syscall: 0.3000/Simple syscall: 0.2700/; s/case=null median=0.3 /case=null median=0.27 /" \
	"$RFIX/round.2" >"$TRASH/round.5b"
test_expect 'five rounds: the spread without the round farthest from the median, all five values kept' '
	combine awk "$RFIX/round.1" "$RFIX/round.2" "$RFIX/round.3" "$TRASH/round.4" "$TRASH/round.5" &&
	has_line "Simple syscall: 0.2000 microseconds" &&
	grep -q "prog=lat_syscall case=null median=0.2 .* rounds=5 round_spread=38.46% round_values=0.2,0.3,0.25,0.26,0.9 from_round=1 round_gap=25.00%\]" "$TRASH/comb" &&
	combine awk "$RFIX/round.1" "$RFIX/round.2" "$RFIX/round.3" "$TRASH/round.4" "$TRASH/round.5b" &&
	grep -q "prog=lat_syscall case=null median=0.2 .* rounds=5 round_spread=19.23% round_values=0.2,0.3,0.25,0.26,0.27 from_round=1 round_gap=25.00%\]" "$TRASH/comb" ||
		fail "$(grep "prog=lat_syscall" "$TRASH/comb")"
'
test_expect 'four rounds: the spread of all of them (0.2 to 0.3 over 0.255)' '
	combine awk "$RFIX/round.1" "$RFIX/round.2" "$RFIX/round.3" "$TRASH/round.4" &&
	grep -q "prog=lat_syscall case=null median=0.2 .* rounds=4 round_spread=39.22% round_values=0.2,0.3,0.25,0.26 from_round=1 round_gap=25.00%\]" "$TRASH/comb" ||
		fail "$(grep "prog=lat_syscall" "$TRASH/comb")"
'
sed "s/^Simple syscall: 0.3000/Simple syscall: 0.1000/; s/case=null median=0.3 /case=null median=0.1 /" \
	"$RFIX/round.2" >"$TRASH/round.6"
test_expect 'six rounds: the fastest, the last round'"'"'s' '
	combine awk "$RFIX/round.1" "$RFIX/round.2" "$RFIX/round.3" "$TRASH/round.4" "$TRASH/round.5" "$TRASH/round.6" &&
	has_line "Simple syscall: 0.1000 microseconds" &&
	grep -q "prog=lat_syscall case=null median=0.1 .* rounds=6 .* round_values=0.2,0.3,0.25,0.26,0.9,0.1 from_round=6 round_gap=100.00%\]" "$TRASH/comb" ||
		fail "$(grep -A1 "^Simple syscall" "$TRASH/comb")"
'
test_expect 'a ratio has no fastest: its median across the rounds' '
	sed "s/unit=us\]/unit=ratio]/" "$RFIX/round.1" >"$TRASH/ra.1" &&
	sed "s/unit=us\]/unit=ratio]/" "$RFIX/round.2" >"$TRASH/ra.2" &&
	sed "s/unit=us\]/unit=ratio]/" "$RFIX/round.3" >"$TRASH/ra.3" &&
	combine awk "$TRASH/ra.1" "$TRASH/ra.2" "$TRASH/ra.3" &&
	has_line "Simple syscall: 0.2500 microseconds" &&
	grep -q "prog=lat_syscall case=null median=0.25 .* round_values=0.2,0.3,0.25\]" "$TRASH/comb" ||
		fail "$(grep -A1 "^Simple syscall" "$TRASH/comb")"
'

test_expect 'a ratio over two rounds: the figure is its statistics line'"'"'s median, as printed' '
	# Printed 0.2000 and 0.3001 (medians 0.20004 and 0.30014): the mean of
	# the printed two, 0.25005, would print 0.2500; the median, 0.25009,
	# prints 0.2501 (par_ops, six rounds: "4.96" over median=4.95291).
	sed -e "s/unit=us\]/unit=ratio]/" -e "s/median=0.2 /median=0.20004 /" "$RFIX/round.1" >"$TRASH/rb.1" &&
	sed -e "s/unit=us\]/unit=ratio]/" -e "s/median=0.3 /median=0.30014 /" \
		-e "s/^Simple syscall: 0.3000 /Simple syscall: 0.3001 /" "$RFIX/round.2" >"$TRASH/rb.2" &&
	combine awk "$TRASH/rb.1" "$TRASH/rb.2" &&
	has_line "Simple syscall: 0.2501 microseconds" &&
	grep -q "prog=lat_syscall case=null median=0.25009 .* round_values=0.20004,0.30014\]" "$TRASH/comb" ||
		fail "$(grep -A1 "^Simple syscall" "$TRASH/comb")"
'

test_expect 'others_busy: the busiest round'"'"'s' '
	sed "s/prog=lat_pipe \\(.*\\) placement=same\\]/prog=lat_pipe \\1 placement=same others_busy=3%]/" "$RFIX/round.1" >"$TRASH/ob.1" &&
	sed "s/prog=lat_pipe \\(.*\\) placement=same\\]/prog=lat_pipe \\1 placement=same others_busy=80%]/" "$RFIX/round.2" >"$TRASH/ob.2" &&
	combine awk "$TRASH/ob.1" "$TRASH/ob.2" "$RFIX/round.3" &&
	has_line "[latbw-stat prog=lat_pipe case=pipe median=4 min=3.5 max=41 spread=2.00% reps=5 n=100 copies=1 cpus=0 unit=us placement=same others_busy=80% rounds=3 round_spread=720.00% round_values=5,4,40 from_round=2 round_gap=25.00%]"
'

test_expect 'cpu_wait: the busiest round'"'"'s' '
	sed "s/prog=lat_pipe \\(.*\\) placement=same\\]/prog=lat_pipe \\1 placement=same cpu_wait=44%]/" "$RFIX/round.1" >"$TRASH/cw.1" &&
	sed "s/prog=lat_pipe \\(.*\\) placement=same\\]/prog=lat_pipe \\1 placement=same cpu_wait=9%]/" "$RFIX/round.2" >"$TRASH/cw.2" &&
	combine awk "$TRASH/cw.1" "$TRASH/cw.2" "$RFIX/round.3" &&
	has_line "[latbw-stat prog=lat_pipe case=pipe median=4 min=3.5 max=41 spread=2.00% reps=5 n=100 copies=1 cpus=0 unit=us placement=same cpu_wait=44% rounds=3 round_spread=720.00% round_values=5,4,40 from_round=2 round_gap=25.00%]"
'

test_expect 'one lmbench line per figure: the lines that are not [...] are round 1s, in its order' '
	combine awk "$RFIX/round.1" "$RFIX/round.2" "$RFIX/round.3" &&
	grep -v "^\[" "$RFIX/round.1" | sed "s/[0-9][0-9.]*/N/g" >"$TRASH/want" &&
	grep -v "^\[" "$TRASH/comb" | sed "s/[0-9][0-9.]*/N/g" >"$TRASH/got" &&
	cmp -s "$TRASH/want" "$TRASH/got" || fail "$(diff "$TRASH/want" "$TRASH/got")"
'

test_expect 'a later round'\''s own lines follow, marked with their round; one round 1 has already is not repeated' '
	has_line "[failed: round 3: lat_fifo -C 0, exit status 1]" &&
	[ "$(grep -c "lat_unix -C 0" "$TRASH/comb")" -eq 1 ] &&
	expect_line "^\[note: round 2 measured 1 figure" "$TRASH/comb"
'

test_expect 'the combiner can fail: one round changed, another figure' '
	sed "s/^Pipe latency: 4.0000/Pipe latency: 7.0000/; s/case=pipe median=4 /case=pipe median=7 /" \
		"$RFIX/round.2" >"$TRASH/r2" &&
	combine awk "$RFIX/round.1" "$TRASH/r2" "$RFIX/round.3" &&
	has_line "Pipe latency: 5.0000 microseconds" &&
	! cmp -s "$RFIX/combined" "$TRASH/comb"
'

# A real driver file (make quick on a 2-CPU guest) and two copies of it
# whose figures are 10 % above and 10 % below and whose statistics say
# they were slower (times 1.1 and 1.2 times longer, rates 1.1 and 1.2
# times lower): round 1 is every ranked figure, and the median of what
# has no statistics line, so summary's cells are getsummary's, as
# recorded for that file.
GFIX=$TOP/tests/fixtures/getsummary
CELLS=$TOP/tests/summary-cells.awk
export GFIX CELLS
# scale F G FILE: FILE's body (no header) with every figure and point
# times F, and every statistics median G times slower.
scale() {
	awk -v f="$1" -v g="$2" '
		function num(s) { return s ~ /^[0-9]+\.?[0-9]*$/ }
		/^\[latbw-stat / {
			n = split($0, w, " ")
			o = ""
			slow = / unit=[A-Za-z]+\/s[] ]/ ? 1 / g : g
			for (i = 1; i <= n; i++) {
				if (w[i] ~ /^median=/)
					w[i] = "median=" substr(w[i], 8) * slow
				o = o (i > 1 ? " " : "") w[i]
			}
			print o
			next
		}
		/^\[/ { next }
		/^[0-9]/ {
			o = $1
			for (i = 2; i <= NF; i++)
				o = o " " (num($i) ? sprintf("%.2f", $i * f) : $i)
			print o
			next
		}
		/: / {
			k = index($0, ": ")
			n = split(substr($0, k + 2), w, " ")
			o = substr($0, 1, k + 1)
			for (i = 1; i <= n; i++)
				o = o (i > 1 ? " " : "") (num(w[i]) ? sprintf("%.4f", w[i] * f) : w[i])
			print o
			next
		}
		{ print }' "$3"
}
mkdir -p "$TRASH/r/x86_64-linux-gnu"
test_expect 'a real run in three rounds (x1, x1.1, x0.9; the later ones slower): every statistics line has its rounds, summary shows getsummary'\''s cells' '
	scale 1.1 1.1 "$GFIX/x86_64-linux-gnu/vm.0" >"$TRASH/r2" &&
	scale 0.9 1.2 "$GFIX/x86_64-linux-gnu/vm.0" >"$TRASH/r3" &&
	combine awk "$GFIX/x86_64-linux-gnu/vm.0" "$TRASH/r2" "$TRASH/r3" &&
	cp "$TRASH/comb" "$TRASH/r/x86_64-linux-gnu/vm.0" &&
	[ "$(grep -c "^\[latbw-stat " "$TRASH/comb")" -eq "$(grep -c "^\[latbw-stat .* rounds=3 round_spread=[0-9.]*% round_values=" "$TRASH/comb")" ] &&
	! grep "^\[latbw-stat .* unit=\(us\|ns\|MB/s\) .*rounds=3" "$TRASH/comb" | grep -v " from_round=1 round_gap=[0-9.]*%\]\$" &&
	[ "$(grep -c "" "$TRASH/comb")" -eq "$(grep -c "" "$GFIX/x86_64-linux-gnu/vm.0")" ] &&
	summary "$TRASH/r/x86_64-linux-gnu/vm.0" &&
	LC_ALL=C awk -f "$CELLS" "$TRASH/out" | grep -v "^uint64|" | grep -v "|L3|" |
		sed "s/^mem3|/mem|/" | sort >"$TRASH/ours.cells" &&
	grep -v "^uint64|" "$GFIX/vm.0.cells" | grep -v "|L3|" | sed "s/^mem3|/mem|/" |
		sort >"$TRASH/want.cells" &&
	cmp -s "$TRASH/want.cells" "$TRASH/ours.cells" ||
		fail "$(diff "$TRASH/want.cells" "$TRASH/ours.cells" | head -20)"
'

test_done

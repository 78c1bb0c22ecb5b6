#!/bin/sh
# scripts/rounds.awk on damaged rounds: a round whose figure or
# statistics line is not a finite number above zero (-1, 1e400, 0.0), or
# whose statistics line was cut short, is set aside for that figure, with
# a warning naming its file and line and a note in the combined file; the
# figure is then the fastest of the other rounds, and no inf or nan is
# ever written.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

COMBINE=$TOP/scripts/rounds.awk
RFIX=$TOP/tests/fixtures/rounds
export COMBINE RFIX

# combine AWK FILES...: the combined file in $TRASH/comb, the messages in
# $TRASH/cerr; fails if the combiner does.
combine() {
	cb_awk=$1
	shift
	combiner "$cb_awk" "$@" >"$TRASH/comb" 2>"$TRASH/cerr" ||
		fail "combiner failed: $(cat "$TRASH/cerr")"
}

# has_line LINE: the combined file holds exactly that line.
has_line() {
	grep -Fqx -- "$1" "$TRASH/comb" || fail "no line '$1' in: $(cat "$TRASH/comb")"
}

# no_damage: nothing infinite, not a number or negative in the combined
# file's figures and statistics (its notes quote what was set aside).
no_damage() {
	! grep -v '^\[note: ' "$TRASH/comb" | grep -Ei '[=:, ]-?(inf|nan)([]%, ]|$)|=-|: -' ||
		fail "damage written: $(grep -Ei 'inf|nan|=-|: -' "$TRASH/comb")"
}

# Simple syscall in rounds 1-3 (round.N): 0.2, 0.3, 0.25.
sed "s/^Simple syscall: 0.3000/Simple syscall: -1.0000/; s/case=null median=0.3 /case=null median=-1 /" \
	"$RFIX/round.2" >"$TRASH/neg.2"
sed "s/case=null median=0.3 /case=null median=1e400 /" "$RFIX/round.2" >"$TRASH/inf.2"
# An interrupted round 2, its file cut in its first statistics line.
{
	sed -n 1p "$RFIX/round.2"
	sed -n 2p "$RFIX/round.2" | sed "s/median=0.3 .*/median=0.0/"
} >"$TRASH/cut.2"
sed "s/^Simple syscall: 0.2000/Simple syscall: -1.0000/" "$RFIX/round.1" >"$TRASH/neg.1"
sed "s/^2 3.00/2 1e400/" "$RFIX/round.1" >"$TRASH/inf.1"

for a in $AWKS
do
	test_expect "[$a] ROUNDS=2, round 2's median -1: round 1's figure, round 2 set aside with a warning (file:line) and a note" "
		combine $a '$RFIX/round.1' '$TRASH/neg.2' &&
		has_line 'Simple syscall: 0.2000 microseconds' &&
		has_line '[latbw-stat prog=lat_syscall case=null median=0.2 min=0.19 max=0.21 spread=1.00% reps=5 n=100 copies=1 cpus=any unit=us rounds=1]' &&
		has_line '[note: round 2 of lat_syscall null set aside: median=-1 is not a finite number above zero (line 2 of its output)]' &&
		[ \"\$(cat '$TRASH/cerr')\" = 'rounds.awk: $TRASH/neg.2:2: round 2 of lat_syscall null set aside: median=-1 is not a finite number above zero' ] &&
		no_damage
	"
	test_expect "[$a] a median of 1e400 (infinite): set aside, no inf or nan written" "
		combine $a '$RFIX/round.1' '$TRASH/inf.2' '$RFIX/round.3' &&
		has_line 'Simple syscall: 0.2000 microseconds' &&
		grep -q 'prog=lat_syscall case=null median=0.2 .* rounds=2 round_spread=22.22% round_values=0.2,0.25 from_round=1 round_gap=25.00%]' '$TRASH/comb' &&
		expect_line '^rounds.awk: .*/inf.2:2: round 2 of lat_syscall null set aside: median=1e400 is not a finite' '$TRASH/cerr' &&
		no_damage
	"
	test_expect "[$a] a round cut short in its statistics line (median=0.0): set aside" "
		combine $a '$RFIX/round.1' '$TRASH/cut.2' &&
		has_line '[latbw-stat prog=lat_syscall case=null median=0.2 min=0.19 max=0.21 spread=1.00% reps=5 n=100 copies=1 cpus=any unit=us rounds=1]' &&
		expect_line '^rounds.awk: .*/cut.2:2: round 2 of lat_syscall null set aside: its statistics line is cut short' '$TRASH/cerr'
	"
	test_expect "[$a] round 1's figure -1: the fastest of the others, its statistics line after the first round kept" "
		combine $a '$TRASH/neg.1' '$RFIX/round.2' '$RFIX/round.3' &&
		has_line 'Simple syscall: 0.2500 microseconds' &&
		has_line '[latbw-stat prog=lat_syscall case=null median=0.25 min=0.24 max=0.31 spread=4.00% reps=5 n=100 copies=1 cpus=any unit=us rounds=2 round_spread=18.18% round_values=0.3,0.25 from_round=3 round_gap=20.00%]' &&
		expect_line '^rounds.awk: .*/neg.1:4: round 1 of lat_syscall null set aside: its figure -1.0000 is not' '$TRASH/cerr' &&
		no_damage
	"
	test_expect "[$a] a point of 1e400 in round 1: the other round's point" "
		combine $a '$TRASH/inf.1' '$RFIX/round.2' &&
		has_line '2 2.80' &&
		expect_line '^rounds.awk: .*/inf.1:24: round 1 of lat_ctx ring x=2 set aside' '$TRASH/cerr' &&
		no_damage
	"
done

test_expect 'summary of the combined rounds: the figure in its cell, no warning about it' '
	combine awk "$RFIX/round.1" "$TRASH/neg.2" &&
	mkdir -p "$TRASH/r" && cp "$TRASH/comb" "$TRASH/r/box.0" &&
	summary "$TRASH/r/box.0" &&
	expect_line "^box +.* 0\.20 " "$TRASH/out" &&
	! grep -q "Simple syscall\|-1" "$TRASH/err" || fail "$(cat "$TRASH/err")"
'

test_done

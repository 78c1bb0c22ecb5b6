#!/bin/sh
# lat_ops and par_ops: every line, every figure positive (nothing folded
# away by the compiler), selection, bad args (figures against a cycle, and
# division against addition: tests/bench/t6200-lat_ops.sh).
. "$(dirname "$0")/lib.sh"

printf '%s\n' 'integer bit
integer add
integer mul
integer div
integer mod
int64 bit
int64 add
int64 mul
int64 div
int64 mod
float add
float mul
float div
double add
double mul
double div
float bogomflops
double bogomflops' >"$TRASH/labels"

test_expect 'lat_ops prints all 18 figures in lmbench form' '
	run_bench lat_ops -N 3 -E 1000 &&
	cp "$TRASH/err" "$TRASH/ops" &&
	while read -r l
	do
		expect_line "^$l: [0-9]+\.[0-9]{2} nanoseconds\$" "$TRASH/err" || return 1
	done <"$TRASH/labels" &&
	[ $(grep -c "nanoseconds\$" "$TRASH/err") -eq 18 ] &&
	[ $(grep -c "^\[latbw-stat prog=lat_ops " "$TRASH/err") -eq 18 ] &&
	[ $(wc -l <"$TRASH/err") -eq 36 ]
'

# lmbench 3 printed "integer add: 0.00" where the compiler folded the
# loop away; ours never prints a zero (at least a cycle, against this
# machine's clock: tests/bench/t6200-lat_ops.sh).
test_expect 'every figure is positive, none is 0.00' '
	while read -r l
	do
		v=$(value_of "$l" "$TRASH/ops")
		is_positive "$v" && [ "$v" != 0.00 ] || return 1
	done <"$TRASH/labels"
'

test_expect 'operands select kinds and types' '
	run_bench lat_ops -N 3 -E 1000 int64-div double &&
	expect_line "^int64 div: " "$TRASH/err" &&
	expect_line "^double add: " "$TRASH/err" &&
	expect_line "^double bogomflops: " "$TRASH/err" &&
	[ $(grep -c nanoseconds "$TRASH/err") -eq 5 ]
'

usage_tests lat_ops "bogus" "int64-bogus" "integer-" "-Z" "-N x"

test_expect 'par_ops prints a parallelism and a statistics line for it' '
	run_bench par_ops -N 3 -E 1000 integer-add double-mul &&
	cp "$TRASH/err" "$TRASH/par" &&
	expect_line "^integer add parallelism: [0-9]+\.[0-9]{2}\$" "$TRASH/err" &&
	expect_line "^double mul parallelism: [0-9]+\.[0-9]{2}\$" "$TRASH/err" &&
	for k in integer-add double-mul
	do
		expect_line "^\[latbw-stat prog=par_ops case=$k median=[0-9.e+-]+ min=[0-9.e+-]+ max=[0-9.e+-]+ spread=[0-9.]+% reps=3 copies=1 unit=ratio one_chain_ns=[0-9.e+-]+ best_ns=[0-9.e+-]+ best_chains=(2|4|6|8|12)\]\$" "$TRASH/err" || return 1
	done &&
	[ $(wc -l <"$TRASH/err") -eq 4 ] &&
	is_positive "$(value_of "integer add parallelism" "$TRASH/err")"
'

# The statistics line holds the figure (its median, rounded, is the figure),
# and one_chain_ns / best_ns is that ratio.  The figure is the full ratio
# rounded to two places, the median the same ratio to six digits, so the
# two are within half a hundredth (rounding the median again can land on
# the other side of a half: 2.3449996 prints 2.34 and 2.345).
test_expect 'the statistics line is the figure'"'"'s, and its times give it' '
	awk "
		/ parallelism: / { fig = \$NF; next }
		/^\[latbw-stat / {
			for (i = 1; i <= NF; i++) {
				split(\$i, kv, \"=\")
				f[kv[1]] = kv[2]
			}
			d = f[\"median\"] - fig
			if (fig !~ /^[0-9]+\\.[0-9][0-9]\$/ || d > 0.00501 || d < -0.00501) exit 1
			r = f[\"one_chain_ns\"] / f[\"best_ns\"]
			if (r < f[\"median\"] * 0.999 || r > f[\"median\"] * 1.001) exit 1
			if (f[\"min\"] > f[\"median\"] || f[\"max\"] < f[\"median\"]) exit 1
			n++
		}
		END { exit n == 2 ? 0 : 1 }" "$TRASH/par"
'

test_expect 'summary reads the parallelism with its unit and spread, no warning' '
	mkdir -p "$TRASH/res/x86_64-linux-gnu" &&
	{
		echo "[lmbench3.0 results for Linux vm 6.1.0 #1 SMP x86_64 GNU/Linux]" &&
		cat "$TRASH/par"
	} >"$TRASH/res/x86_64-linux-gnu/vm.0" &&
	sh "$TOP/scripts/summary" -f json "$TRASH/res/x86_64-linux-gnu/vm.0" \
		>"$TRASH/json" 2>"$TRASH/warn" &&
	[ ! -s "$TRASH/warn" ] &&
	expect_line "\"name\": \"integer add parallelism\".*\"unit\": \"ratio\", \"reps\": 3, \"spread\": [0-9]" "$TRASH/json"
'

test_expect 'par_ops bad operand: exit 2 and a usage line' '
	! run_bench par_ops float-bogomflops &&
	expect_status 2 && expect_line "^usage: par_ops " "$TRASH/err"
'

test_done

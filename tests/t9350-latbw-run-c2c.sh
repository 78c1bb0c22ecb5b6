#!/bin/sh
# latbw-run's c2c group against a stand-in lat_c2c: the step runs with
# -s 8, its rows stay series with their statistics after each blank line,
# and summary and graph read the results file it makes.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/bin" "$TRASH/tmp" "$TRASH/fs" "$TRASH/res"

fake mhz 'echo "3000 MHz, 0.3333 nanosec clock" >&2'
# What lat_c2c prints on two CPUs, its arguments recorded.
fake lat_c2c 'echo "$*" >>"'"$TRASH"'/c2c.args"
cat >&2 <<EOF
[latbw-c2c-cpus 0-1]
[latbw-c2c-groups level=smt 0 1]
[latbw-c2c-groups level=l3 0-1]
"c2c cas cpu=0
1 98.53
[latbw-stat prog=lat_c2c case=cas x=1 median=98.53 min=97 max=99 spread=1.00% reps=5 preempted=0 n=1000 copies=1 cpus=0,1 unit=ns placement=cross]

"c2c pipe cpu=0
0 5.2113
[latbw-stat prog=lat_c2c case=pipe x=0 median=5.2113 min=5.1 max=5.3 spread=1.00% reps=5 preempted=0 n=100 copies=1 cpus=0 unit=us placement=same]
1 40.3302
[latbw-stat prog=lat_c2c case=pipe x=1 median=40.3302 min=39 max=41 spread=2.00% reps=5 preempted=0 n=100 copies=1 cpus=0,1 unit=us placement=cross]

"c2c pipe cpu=1
1 5.1875
[latbw-stat prog=lat_c2c case=pipe x=1 median=5.1875 min=5.1 max=5.3 spread=1.00% reps=5 preempted=0 n=100 copies=1 cpus=1 unit=us placement=same]

EOF'

run_driver LATBW_BIN="$TRASH/bin" FSDIR="$TRASH/fs" MB=1 QUICK=1 ROUNDS=1 BOUND=1 BENCHMARKS=c2c
F=$(find "$TRASH/res" -type f -name '*.0')
export F

test_expect 'BENCHMARKS=c2c runs lat_c2c once, with -s 8' '
	expect_status 0 &&
	[ "$(wc -l <"$TRASH/c2c.args")" -eq 1 ] &&
	expect_line "(^| )-s 8( |\$)" "$TRASH/c2c.args"
'

test_expect 'the rows are series, their statistics after each blank line' '
	sed -n "/^\[latbw-c2c-cpus/,/^\[latbw-stat prog=lat_c2c case=pipe x=1 median=5.1875/p" "$F" |
		sed "s/^\(\[latbw-stat [^ ]* [^ ]* [^ ]*\).*/\1/" >"$TRASH/got" &&
	cat >"$TRASH/want" <<-EOF &&
	[latbw-c2c-cpus 0-1]
	[latbw-c2c-groups level=smt 0 1]
	[latbw-c2c-groups level=l3 0-1]
	"c2c cas cpu=0
	1 98.53

	[latbw-stat prog=lat_c2c case=cas x=1
	"c2c pipe cpu=0
	0 5.2113
	1 40.3302

	[latbw-stat prog=lat_c2c case=pipe x=0
	[latbw-stat prog=lat_c2c case=pipe x=1
	"c2c pipe cpu=1
	1 5.1875

	[latbw-stat prog=lat_c2c case=pipe x=1
	EOF
	diff "$TRASH/want" "$TRASH/got"
'

test_expect 'summary prints the 2x2 tables from the run, with the groups' '
	sh "$TOP/scripts/summary" "$F" >"$TRASH/sum" 2>"$TRASH/sumerr" &&
	[ ! -s "$TRASH/sumerr" ] &&
	expect_line "^     0       -   98\.53l\$" "$TRASH/sum" &&
	expect_line "^     1   98\.53l      -\$" "$TRASH/sum" &&
	expect_line "^     0    5\.21   40\.33l\$" "$TRASH/sum" &&
	expect_line "^  smt      0 1\$" "$TRASH/sum"
'

test_expect 'graph draws both heat maps from the run' '
	sh "$TOP/scripts/graph" -o "$TRASH/svg" "$F" >"$TRASH/g" 2>&1 &&
	[ -s "$TRASH/svg/c2c-cas-$(basename "$F").svg" ] &&
	[ -s "$TRASH/svg/c2c-pipe-$(basename "$F").svg" ]
'

test_done

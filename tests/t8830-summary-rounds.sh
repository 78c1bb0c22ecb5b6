#!/bin/sh
# scripts/summary on a file of latbw-run's rounds: a cell whose spread
# across rounds is above the -m limit is flagged under its table, in the
# default table too, without changing a cell or a column; a run taken
# with the other CPUs busy says so once, above the tables, and a cell
# for it only where its rounds disagree; -s adds a "rounds %" row under
# the "spread %" one, and a "busy %" row; JSON and CSV carry rounds, the
# spread across them and how busy the other CPUs were.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

RF=$TOP/tests/fixtures/rounds/summary/vm.0
CELLS=$TOP/tests/summary-cells.awk
export RF CELLS
# The same file without the round fields (in a directory of the same
# name: the Description column is the directory's).
mkdir -p "$TRASH/plain/summary"
sed 's/ rounds=[0-9]*\( round_spread=[^ ]*\)\{0,1\}\( round_values=[^ ]*\)\{0,1\}\]$/]/' "$RF" >"$TRASH/plain/summary/vm.0"

# counts FILE N ERE [N ERE]...: FILE has N lines matching each extended
# regex ERE (N 0: none); says which not.  One awk for them all, not a
# grep -c in a $(...) each.
counts() {
	c_f=$1
	shift
	LC_ALL=C awk 'BEGIN {
			n = ARGC - 1
			for (i = 1; i < n; i += 2) {
				want[i] = ARGV[i] + 0; re[i] = ARGV[i + 1]
				delete ARGV[i]; delete ARGV[i + 1]
			}
		}
		{ for (i in re) if ($0 ~ re[i]) got[i]++ }
		END {
			for (i in re)
				if (got[i] + 0 != want[i]) {
					print ARGV[n] ": " got[i] + 0 " lines matching " re[i] ", not " want[i]
					bad = 1
				}
			exit bad
		}' "$@" "$c_f" >&2
}

# The default table, -s, of the rounds' file, for the checks that read
# it (one run each, not one a check); their status in RF_RC, RFS_RC.
sh "$SUMMARY" "$RF" >"$TRASH/rf.out" 2>"$TRASH/rf.err"
# shellcheck disable=SC2034 # read in the checks (eval)
RF_RC=$?
sh "$SUMMARY" -s "$RF" >"$TRASH/rfs.out" 2>"$TRASH/rfs.err"
# shellcheck disable=SC2034 # read in the checks (eval)
RFS_RC=$?

# has_line LINE: the output holds exactly that line.
has_line() {
	grep -Fqx -- "$1" "$TRASH/out" || fail "no line '$1' in: $(cat "$TRASH/out")"
}

for a in $AWKS
do
	test_expect "[$a] default table: the cells over 10% apart across rounds flagged under their tables" "
		AWK=$a summary '$RF' && [ ! -s '$TRASH/err' ] &&
		holds_lines '$TRASH/out' '! vm        Pipe: rounds 37.2% apart' \
			'! vm        null I/O: rounds 24.0% apart' '! vm        2p/0K ctxsw: rounds 15.0% apart' &&
		counts '$TRASH/out' 4 '^! '
	"
done

# The same file as a combiner that takes the fastest round writes it
# (round_gap=): a figure another round came within 10% of is not flagged
# however far apart the rounds (the pipe, 4.9 and 5 of 5, 4.9, 6.76; the
# ctxsw); one whose next fastest round was further is, as resting on one
# round (write, 0.22 then 0.25: 13.6%, in the null I/O cell).
mkdir -p "$TRASH/gap/summary"
sed -e '/^\[latbw-stat /s/ round_values=\([^ ]*\)\]$/ round_values=\1 from_round=1 round_gap=1.00%]/' \
	-e '/prog=lat_pipe /s/ round_gap=[^ ]*\]$/ round_gap=2.04%]/' \
	-e '/prog=lat_syscall case=write /s/ round_gap=[^ ]*\]$/ round_gap=13.64%]/' \
	-e '/prog=lat_ctx case=ring x=2 /s/ round_gap=[^ ]*\]$/ round_gap=3.45%]/' \
	"$RF" >"$TRASH/gap/summary/vm.0"

test_expect 'with round_gap: only a figure no other round came within 10% of is flagged, as the fastest round alone' '
	summary "$TRASH/gap/summary/vm.0" && [ ! -s "$TRASH/err" ] &&
	has_line "! vm        null I/O: fastest round alone, the next 13.6% slower" &&
	counts "$TRASH/out" 1 "^! " &&
	summary -m 15 "$TRASH/gap/summary/vm.0" && ! grep -q "^!" "$TRASH/out"
'

# The same file where the CPUs the pipe and AF_UNIX figures were not
# pinned to were busy (others_busy, the busiest round's), and those of
# the ctxsw figure a little under half.
mkdir -p "$TRASH/busy/summary"
sed -e '/prog=lat_pipe /s/ placement=same / placement=same others_busy=60% /' \
	-e '/prog=lat_unix /s/ placement=same / placement=same others_busy=100% /' \
	-e '/prog=lat_ctx case=ring /s/ placement=same / placement=same others_busy=49% /' \
	"$RF" >"$TRASH/busy/summary/vm.0"

# has_run_note TEXT: the notes above the tables hold TEXT.
has_run_note() {
	run_notes >"$TRASH/notes"
	if ! grep -qF -- "$1" "$TRASH/notes"
	then
		fail "notes: $(cat "$TRASH/notes")"
	fi
}

test_expect 'other CPUs busy: said once above the tables, a cell flagged only where its rounds disagree' '
	summary "$TRASH/busy/summary/vm.0" && [ ! -s "$TRASH/err" ] &&
	has_run_note "vm other CPUs were busy 80 % of the time while 2 of its 3 pinned figures were measured: figures that use more than one CPU or the memory system may be slower" &&
	holds_lines "$TRASH/out" "! vm        Pipe: rounds 37.2% apart; other CPUs 60% busy" \
		"! vm        2p/0K ctxsw: rounds 15.0% apart" &&
	counts "$TRASH/out" 1 "other CPUs were busy" 0 "AF UNIX: other CPUs" 4 "^! " &&
	summary -m 0 "$TRASH/busy/summary/vm.0" && ! grep -q "^!" "$TRASH/out" &&
	grep -q "other CPUs were busy" "$TRASH/out"
'

test_expect 'other CPUs busy: -s shows each cell'"'"'s in a "busy %" row, "!" from half busy' '
	summary -s "$TRASH/busy/summary/vm.0" &&
	awk "/^vm  .* 3.000 5.000 8.00/ { for (i = 0; i < 4; i++) { getline a; print a }; exit }" "$TRASH/out" >"$TRASH/rows" &&
	grep -Eq "^ +busy % +49% +!60% !100\$" "$TRASH/rows" || fail "$(cat "$TRASH/rows")"
'

test_expect 'a quiet run: no note above the tables, no "busy %" row' '
	[ "$RFS_RC" -eq 0 ] && ! grep -q "^Runs to read with care\$\|busy %" "$TRASH/rfs.out"
'

# The same file where the pipe bandwidth, taken across both CPUs of a
# two-CPU machine, had tasks waiting for a CPU 44% of the time (cpu_wait)
# and 100% (quiet runs' cross-CPU pairs read 45-100%: Linux's CPU
# pressure counts their own wake-ups).  Neither notes nor flags; -s shows
# it.
mkdir -p "$TRASH/wait/summary" "$TRASH/wait100/summary"
sed '/prog=bw_pipe /s/ placement=cross / placement=cross cpu_wait=44% /' \
	"$RF" >"$TRASH/wait/summary/vm.0"
sed '/prog=bw_pipe /s/ placement=cross / placement=cross cpu_wait=100% /' \
	"$RF" >"$TRASH/wait100/summary/vm.0"

test_expect 'tasks waited for the CPUs (cpu_wait 44%, 100%): no run note, no flag; -s shows it, unmarked' '
	summary "$TRASH/wait/summary/vm.0" && [ ! -s "$TRASH/err" ] &&
	counts "$TRASH/out" 0 "waited" 4 "^! " 0 "^!.*waited" &&
	summary -s "$TRASH/wait/summary/vm.0" && grep -Eq "^ +busy % +w44%$" "$TRASH/out" &&
	summary "$TRASH/wait100/summary/vm.0" &&
	counts "$TRASH/out" 4 "^! " 0 "waited"
'

test_expect 'a cell under the limit is not flagged (AF UNIX 5%, Pipe bandwidth 8%, null call 2%)' '
	[ "$RF_RC" -eq 0 ] &&
	counts "$TRASH/rf.out" 0 "^! vm +(AF UNIX|Pipe bandwidth|null call):" 0 "^! .*8.0%"
'

test_expect 'the tables themselves are those of the same file without rounds; the flags follow a blank line' '
	sh "$SUMMARY" "$TRASH/plain/summary/vm.0" >"$TRASH/plain.out" 2>"$TRASH/err" &&
	! grep -q "^!" "$TRASH/plain.out" &&
	[ "$RF_RC" -eq 0 ] &&
	grep -v "^!" "$TRASH/rf.out" | cat -s >"$TRASH/a" &&
	cat -s "$TRASH/plain.out" >"$TRASH/b" &&
	cmp -s "$TRASH/a" "$TRASH/b" || fail "$(diff "$TRASH/b" "$TRASH/a")"
	awk "/^!/ && prev != \"\" && prev !~ /^!/ { bad = 1 } { prev = \$0 } END { exit bad }" "$TRASH/rf.out" ||
		fail "a flag line right after a row"
	LC_ALL=C awk -f "$CELLS" "$TRASH/rf.out" >"$TRASH/c1" &&
	LC_ALL=C awk -f "$CELLS" "$TRASH/plain.out" >"$TRASH/c2" &&
	cmp -s "$TRASH/c1" "$TRASH/c2" || fail "cells differ: $(diff "$TRASH/c2" "$TRASH/c1")"
'

test_expect '-m 40: only a spread across rounds above 40% is flagged (none here)' '
	summary -m 40 "$RF" && ! grep -q "^!" "$TRASH/out"
'

test_expect '-s: a "rounds %" row under the "spread %" row, marked above the limit' '
	[ "$RFS_RC" -eq 0 ] &&
	awk "/^vm  .* 3.000 5.000 8.00/ { getline a; getline b; print a; print b; exit }" "$TRASH/rfs.out" >"$TRASH/rows" &&
	has_matches "$TRASH/rows" "^ +spread % +1\.0% +2\.0% 1\.0%\$" "^ +rounds % +!15% +!37% 5\.0%\$" || fail "$(cat "$TRASH/rows")"
'

test_expect 'JSON: rounds and round_spread of each figure' '
	summary -f json "$RF" &&
	has_matches "$TRASH/out" "\"name\": \"Pipe latency\", .*\"rounds\": 3, \"round_spread\": 37.2, \"others_busy_pct\": null, \"idle\": null, \"cpu_wait_pct\": null, \"lkp\": [^}]*}" \
		"\"name\": \"Pipe bandwidth\", .*\"rounds\": 2, \"round_spread\": 8, \"others_busy_pct\": null, \"idle\": null, \"cpu_wait_pct\": null, \"lkp\": [^}]*}" &&
	summary -f json "$TRASH/plain/summary/vm.0" &&
	grep -q "\"name\": \"Pipe latency\", .*\"rounds\": null, \"round_spread\": null, \"others_busy_pct\": null, \"idle\": null, \"cpu_wait_pct\": null, \"lkp\": [^}]*}" "$TRASH/out"
'

test_expect 'CSV: rounds and round_spread_pct, before the metric and its stddev' '
	summary -f csv "$RF" &&
	[ "$(sed -n 1p "$TRASH/out")" = "run,host,os,name,x,value,unit,reps,spread_pct,min,max,copies,placement,cross_pct,rounds,round_spread_pct,metric,stddev_pct,others_busy_pct,idle,cpu_wait_pct,lkp" ] &&
	grep -q ",Pipe latency,,5.0000,us,5,2,4.9,7,1,same,,3,37.2,latbw.PIPE.latency.us,[0-9.]*,,,,PIPE.latency.us\$" "$TRASH/out"
'

test_expect 'JSON and CSV: others_busy_pct, the busiest round'"'"'s' '
	summary -f json "$TRASH/busy/summary/vm.0" &&
	grep -q "\"name\": \"Pipe latency\", .*\"round_spread\": 37.2, \"others_busy_pct\": 60, \"idle\": null, \"cpu_wait_pct\": null, \"lkp\": [^}]*}" "$TRASH/out" &&
	summary -f csv "$TRASH/busy/summary/vm.0" &&
	grep -q ",AF_UNIX sock stream latency,.*,latbw\.[^,]*,[0-9.]*,100,,,AF_UNIX.sock.stream.latency.us\$" "$TRASH/out"
'

test_expect 'JSON and CSV: cpu_wait_pct, the statistics line'"'"'s cpu_wait' '
	summary -f json "$TRASH/wait/summary/vm.0" &&
	grep -q "\"name\": \"Pipe bandwidth\", .*\"placement\": \"cross\", .*\"cpu_wait_pct\": 44, \"lkp\": [^}]*}" "$TRASH/out" &&
	counts "$TRASH/out" 1 "\"cpu_wait_pct\": [0-9]" &&
	summary -f csv "$TRASH/wait/summary/vm.0" &&
	grep -q ",Pipe bandwidth,.*,cross,.*,latbw\.[^,]*,[0-9.]*,,,44,PIPE.bandwidth.MB/sec\$" "$TRASH/out" &&
	counts "$TRASH/out" 1 ",44,[^,]*\$"
'

test_done

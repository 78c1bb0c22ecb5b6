#!/bin/sh
# scripts/summary with several files: each row and each flag names its
# run.  A host no other file given shares keeps lmbench's Host cell (the
# host); files of one host are named as the files are ("vm.4"), cut in
# the host, not the run number, to fit the 9 columns; two files of one
# name in two directories are "vm#1", "vm#2".  A quick run (QUICK: YES)
# says so above the tables, once.  Fixtures: tests/fixtures/getsummary
# (vm.0 a quick run, vm.1 a full one, by latbw's driver) and
# tests/fixtures/rounds/summary/vm.0 (a file with flags).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

G=$TOP/tests/fixtures/getsummary/x86_64-linux-gnu
RF=$TOP/tests/fixtures/rounds/summary/vm.0
export G RF
D=$TRASH/r/x86_64-linux-gnu
mkdir -p "$D" "$TRASH/a" "$TRASH/b"

# rows TITLE: the first word of each row of the table TITLE starts.
rows() {
	awk -v t="$1" 'index($0, t) == 1 { p = 1; next }
		p && /^--------- / { r = 1; next } p && r && /^$/ { exit }
		p && r { printf "%s ", $1 }' "$TRASH/out"
}

test_expect 'two runs of one host: every row names its run, in every table' '
	summary "$G/vm.0" "$G/vm.1" &&
	for t in "Basic system" "Processor, Processes" "Context switching" "*Local* Communication latencies" \
		"Memory latencies" "Cache sizes"
	do
		[ "$(rows "$t")" = "vm.0 vm.1 " ] || fail "$t: $(rows "$t")"
	done &&
	! grep -q "^vm  " "$TRASH/out"
'

test_expect 'a quick run says so above the tables, once; the full run has no note' '
	summary "$G/vm.1" "$G/vm.0" &&
	[ "$(run_notes)" = "vm.0 quick run (QUICK=YES): fewer repetitions and rounds, shorter sweeps; rougher figures than a full run'"'"'s" ] &&
	[ "$(grep -c "quick run" "$TRASH/out")" = 1 ] &&
	summary "$G/vm.1" && ! grep -q "^Runs to read with care" "$TRASH/out"
'

test_expect 'one file alone: the host, as lmbench shows it; a quick one still says so' '
	summary "$G/vm.0" && [ "$(rows "Processor, Processes")" = "vm " ] &&
	[ "$(run_notes)" = "vm quick run (QUICK=YES): fewer repetitions and rounds, shorter sweeps; rougher figures than a full run'"'"'s" ]
'

test_expect 'files of different hosts: each row its host' '
	cp "$SAMPLE" "$D/zen.1" &&
	summary "$D/zen.1" "$G/vm.1" && [ "$(rows "Processor, Processes")" = "zen vm " ]
'

test_expect 'the flags under a table name the run of their row' '
	cp "$RF" "$D/vm.0" && cp "$RF" "$D/vm.3" &&
	summary "$D/vm.0" "$D/vm.3" &&
	grep -qxF "! vm.0      Pipe: rounds 37.2% apart" "$TRASH/out" &&
	grep -qxF "! vm.3      Pipe: rounds 37.2% apart" "$TRASH/out" &&
	! grep -q "^! vm  " "$TRASH/out"
'

test_expect 'a consistency check names the run too' '
	printf "%s\n" "[lmbench3.0 results for Linux box 6.1.0 #1 SMP x86_64]" \
		"TCP latency using localhost: 30.0 microseconds" \
		"RPC/tcp latency using localhost: 20.0 microseconds" >"$D/box.1" &&
	cp "$D/box.1" "$D/box.2" &&
	summary "$D/box.1" "$D/box.2" &&
	grep -qxF "! box.1     same CPU: TCP 30.0 > RPC/TCP 20.0" "$TRASH/out" &&
	grep -qxF "! box.2     same CPU: TCP 30.0 > RPC/TCP 20.0" "$TRASH/out"
'

test_expect 'a long host: cut in the host, the run number kept' '
	cp "$G/vm.1" "$D/buildhost.12" && cp "$G/vm.1" "$D/buildhost.3" &&
	summary "$D/buildhost.12" "$D/buildhost.3" &&
	[ "$(rows "Processor, Processes")" = "buildh.12 buildho.3 " ]
'

test_expect 'one file name in two directories: the host and its place among them' '
	cp "$G/vm.1" "$TRASH/a/vm.0" && cp "$G/vm.1" "$TRASH/b/vm.0" &&
	summary "$TRASH/a/vm.0" "$TRASH/b/vm.0" &&
	[ "$(rows "Processor, Processes")" = "vm#1 vm#2 " ]
'

test_done

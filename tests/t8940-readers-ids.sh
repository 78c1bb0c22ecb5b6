#!/bin/sh
# The readers on a file whose statistics lines carry ids (id=, stamped by
# the driver from the registry): every output of summary (the tables, -s,
# json, csv), compare and graph is the same as on the same file with the
# ids taken out, under every awk here (graph finds no curve in it); and
# a figure whose label changed keeps its cell by its id (issue 33).
# tests/fixtures/ids/vm.0 was made by latbw-run over stand-in programs
# (lat_syscall, lat_select, lat_pipe, lat_ops: three rounds, full
# sizes), no real measurement.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

IDS=$TOP/tests/fixtures/ids/vm.0
# Two directories of one name (the tables' Description is the file's
# directory): x86_64-linux-gnu in id and in noid.
W=x86_64-linux-gnu
mkdir -p "$TRASH/id/$W" "$TRASH/noid/$W"
cp "$IDS" "$TRASH/id/$W/vm.0"
cp "$IDS" "$TRASH/id/$W/vm.1"
sed 's/ id=[^] ]*//' "$IDS" >"$TRASH/noid/$W/vm.0"
cp "$TRASH/noid/$W/vm.0" "$TRASH/noid/$W/vm.1"
export W
# bbawk: busybox's awk, a link named awk that busybox runs as its awk
# (one exec an awk, not a shell's and then busybox's).
BB=
busybox awk 'BEGIN {}' 2>/dev/null && mkdir "$TRASH/bbawk" &&
	ln -s "$(command -v busybox)" "$TRASH/bbawk/awk" && BB=$TRASH/bbawk/awk
export BB

test_expect 'the fixture: every statistics line has an id, the copy none' '
	[ "$(grep -c "^\[latbw-stat " "$IDS")" -gt 20 ] &&
	! grep "^\[latbw-stat " "$IDS" | grep -v " id=[a-z]" &&
	expect_line "^\[latbw-stat prog=lat_select .* id=filevm\.select@100 rounds=3 " "$IDS" &&
	! grep -q " id=" "$TRASH/noid/$W/vm.0"
'

# both AWK SCRIPT ARGS...: the reader run in $TRASH/id/$W and in
# $TRASH/noid/$W (the same file names) under AWK; its output, messages
# and status the same in both, the status WANT_RC.  (It runs in a check,
# a subshell already: it changes directory without one more; the
# statuses are read by the shell, not cmp and cat.)
both() {
	b_awk=$1
	shift
	for d in id noid
	do
		cd "$TRASH/$d/$W" || return 1
		AWK=$b_awk sh "$@" >../out 2>../err
		echo "$?" >../rc
	done
	for f in out err
	do
		# (two empty files are the same: no cmp for the messages
		# of a run that had none, the common case)
		{ [ "$f" = err ] && [ ! -s "$TRASH/id/$f" ] && [ ! -s "$TRASH/noid/$f" ]; } ||
		cmp -s "$TRASH/id/$f" "$TRASH/noid/$f" ||
			fail "$b_awk ${1##*/} $2: $f differs: $(diff "$TRASH/noid/$f" "$TRASH/id/$f" | head -4)" ||
			return 1
	done
	read -r b_id <"$TRASH/id/rc" && read -r b_noid <"$TRASH/noid/rc" &&
	[ "$b_id" = "$b_noid" ] || fail "$b_awk ${1##*/} $2: rc differs: $b_noid, $b_id" || return 1
	[ "$b_id" = "$WANT_RC" ] || fail "$b_awk: status $b_id"
}

# The fixture with three labels changed (the cells of Pipe, null call and
# 100fd select): with its ids, the same tables as the fixture; without
# them, those cells blank (the label no longer names the figure).
mkdir -p "$TRASH/ren/$W" "$TRASH/renoid/$W"
sed -e "s/^Pipe latency: /Pipe lat. (renamed): /" -e "s/^Select on 100 fd's: /Select among 100 files: /" \
	-e "s/^Simple syscall: /getppid: /" "$IDS" >"$TRASH/ren/$W/vm.0"
sed 's/ id=[^] ]*//' "$TRASH/ren/$W/vm.0" >"$TRASH/renoid/$W/vm.0"

test_expect 'labels changed, ids kept: the same cells (the id finds them, not the label)' '
	grep -q "^Pipe lat. (renamed): 8.4500 " "$TRASH/ren/$W/vm.0" &&
	for d in id ren renoid
	do
		cd "$TRASH/$d/$W" && sh "$SUMMARY" vm.0 >../tab 2>../tab.err || exit 1
	done &&
	cmp "$TRASH/id/tab" "$TRASH/ren/tab" && cmp "$TRASH/id/tab.err" "$TRASH/ren/tab.err" &&
	expect_line "^vm +Linux [^ ]+ +8\.450 " "$TRASH/ren/tab" &&
	expect_line "^vm +Linux [^ ]+ +3000 0\.17 0\.20 " "$TRASH/ren/tab" &&
	expect_line " 100\.1\$" "$TRASH/ren/tab" &&
	! grep -q " 8\.450 \| 100\.1\$\| 3000 0\.17 " "$TRASH/renoid/tab"
'

# A series (lat_ctx's 16k ring, three points) with its ids, under its
# title and under a changed one: the same ctx cells; without its ids,
# the changed title has none.
ctx_series() {
	printf '"%s ovr=1.28\n2 1.92\n8 3.87\n16 3.97\n\n' "$1"
	for xy in 2:1.92 8:3.87 16:3.97
	do
		printf '[latbw-stat prog=lat_ctx case=ring x=%s median=%s min=1 max=5 spread=1.00%% reps=5 preempted=0 n=9 copies=1 cpus=0 unit=us placement=same id=ctx.16k]\n' "${xy%:*}" "${xy#*:}"
	done
}
mkdir -p "$TRASH/ser/$W" "$TRASH/serren/$W" "$TRASH/serrenoid/$W"
{ cat "$IDS"; ctx_series "size=16k"; } >"$TRASH/ser/$W/vm.0"
{ cat "$IDS"; ctx_series "ring of 16k"; } >"$TRASH/serren/$W/vm.0"
sed 's/ id=[^] ]*//' "$TRASH/serren/$W/vm.0" >"$TRASH/serrenoid/$W/vm.0"

test_expect 'a series whose title changed, ids kept: the same cells' '
	for d in ser serren serrenoid
	do
		cd "$TRASH/$d/$W" && sh "$SUMMARY" vm.0 >../tab 2>../tab.err || exit 1
	done &&
	expect_line "^vm +Linux [^ ]+ +1\.9200 +3\.8700 +3\.97000 " "$TRASH/ser/tab" &&
	cmp "$TRASH/ser/tab" "$TRASH/serren/tab" && ! [ -s "$TRASH/ser/tab.err" ] &&
	! grep -q " 3\.87" "$TRASH/serrenoid/tab"
'

for a in $AWKS $BB
do
	A=$a
	export A
	b=${a##*/}
	[ "$a" != "$BB" ] || b=bbawk
	test_expect "$b: summary, -s, json, csv: the same with ids and without" '
		WANT_RC=0 &&
		both "$A" "$SUMMARY" vm.0 && both "$A" "$SUMMARY" -s vm.0 &&
		both "$A" "$SUMMARY" -f json vm.0 && both "$A" "$SUMMARY" -f csv vm.0
	'
	test_expect "$b: compare, compare -f lkp: the same with ids and without" '
		WANT_RC=0 &&
		both "$A" "$COMPARE" vm.0 vm.1 && both "$A" "$COMPARE" -f lkp vm.0 vm.1
	'
	# (the stand-ins print no series: graph has no curve to plot, and
	# says so the same way)
	test_expect "$b: graph: the same with ids and without" '
		rm -rf "$TRASH/id/g" "$TRASH/noid/g" &&
		WANT_RC=1 &&
		both "$A" "$GRAPH" -o ../g vm.0 &&
		expect_line "no curve to plot" "$TRASH/id/err"
	'
done

test_done

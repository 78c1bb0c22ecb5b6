#!/bin/sh
# scripts/graph, what its plots say and where they go: a long name never
# stops the plots (issue 35 item 7); no plot overwrites a file unless -f,
# and with no -o the plots go to a new directory; bw_mem's series in three
# plots, not one; cache sizes as summary's cache table has them (never
# getconf's); curves measured under other placements not overlaid; the
# loaded-latency and MLP curves in plots of their own, their counts never
# drawn over each other; each scaling curve with its own perfect line.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

G=$TOP/tests/fixtures/graph
SC=$TOP/tests/fixtures/scaling
export G SC

# A scaling case named in 300 characters, between two ordinary curves.
LONG=$(LC_ALL=C awk 'BEGIN { for (i = 0; i < 300; i++) printf "x" }')
export LONG
{
	sed -n '1,/^$/p' "$SC/big.0" | grep -v '^"' | grep -v '^[0-9]'
	printf '"scaling lat_pipe pipe processes\n1 100\n2 190\n\n'
	printf '"scaling lat_fs %s processes\n1 100\n2 180\n\n' "$LONG"
	printf '"scaling lat_tcp tcp processes\n1 100\n2 150\n\n'
	sed -n '/^Memory load latency$/,$p' "$G/vm.0"
	printf '[COMPLETE: 4 of 4 steps, 0 failed]\n'
} >"$TRASH/long.0"

test_expect 'a scaling case of 300 characters: a short file name, and every plot written' '
	graph -o "$TRASH/l" "$TRASH/long.0" && expect_status 0 && [ ! -s "$TRASH/err" ] &&
	expect_line "^$TRASH/l/scaling-lat_fs-x{49}-[0-9a-f]{8}\.svg\$" "$TRASH/out" &&
	holds_lines "$TRASH/out" "$TRASH/l/scaling-lat_pipe-pipe.svg" "$TRASH/l/scaling-lat_tcp-tcp.svg" \
		"$TRASH/l/mem-latency.svg" &&
	while IFS= read -r f
	do
		[ -s "$f" ] || fail "$f not written" || return 1
	done <"$TRASH/out"
'

test_expect 'no -o: a new directory latbw-graph.N each time, nothing replaced' '
	mkdir -p "$TRASH/cwd" && cd "$TRASH/cwd" &&
	graph "$G/vm.0" && expect_status 0 &&
	expect_line "^\./latbw-graph\.0/mem-latency\.svg\$" "$TRASH/out" &&
	graph "$G/vm.0" && expect_status 0 &&
	expect_line "^\./latbw-graph\.1/mem-latency\.svg\$" "$TRASH/out" &&
	set -- "$TRASH/cwd"/* && [ $# -eq 2 ] &&
	[ "${1##*/}" = latbw-graph.0 ] && [ "${2##*/}" = latbw-graph.1 ] &&
	[ -z "$(find "$TRASH/cwd" -maxdepth 1 -name "*.svg")" ] &&
	graph "$TOP/tests/fixtures/compare/base.0"
	expect_status 1 && [ ! -e "$TRASH/cwd/latbw-graph.2" ]
'

test_expect '-o DIR with a plot of the same name there: left as it is, the others written, status 1; -f replaces it' '
	mkdir -p "$TRASH/keep" && echo mine >"$TRASH/keep/mem-latency.svg" &&
	graph -o "$TRASH/keep" "$G/vm.0"
	expect_status 1 &&
	file_is "$TRASH/keep/mem-latency.svg" mine &&
	expect_line "^graph: $TRASH/keep/mem-latency\.svg exists, not replaced \(-f replaces it\)\$" "$TRASH/err" &&
	has_lines 1 "$TRASH/err" &&
	[ -s "$TRASH/keep/tcp-bandwidth.svg" ] && ! grep -q mem-latency "$TRASH/out" &&
	graph -f -o "$TRASH/keep" "$G/vm.0" && expect_status 0 &&
	grep -q "<svg" "$TRASH/keep/mem-latency.svg"
'

test_expect 'bw_mem: three plots of its series (read, write, copy), each run on each' '
	graph -o "$TRASH/bw" "$G/vm.0" "$G/vm.1" && expect_status 0 &&
	grep -q "<desc>vm.0: read</desc>" "$TRASH/bw/mem-bandwidth-read.svg" &&
	grep -q "<desc>vm.1: write</desc>" "$TRASH/bw/mem-bandwidth-write.svg" &&
	grep -q "<desc>vm.1: libc bcopy aligned</desc>" "$TRASH/bw/mem-bandwidth-copy.svg" &&
	awk "FNR == 1 { f[++n] = FILENAME } /<polyline/ { c[n]++ }
		END { for (i = 1; i <= n; i++) if (c[i] < 2 || c[i] > 8) { print f[i] \": \" c[i] + 0 \" curves\"; bad = 1 }
			exit bad || n != 3 }" \
		"$TRASH/bw/mem-bandwidth-read.svg" "$TRASH/bw/mem-bandwidth-write.svg" "$TRASH/bw/mem-bandwidth-copy.svg" &&
	[ ! -e "$TRASH/bw/mem-bandwidth.svg" ]
'

test_expect 'cache sizes from getconf: the measured ones marked, as summary s cache table' '
	graph -o "$TRASH/gc" "$G/getconf.0" && expect_status 0 &&
	f=$TRASH/gc/mem-latency.svg &&
	holds "$f" ">L3 30M (measured)</text>" ">L2 512K (measured)</text>" &&
	! grep -q "508M" "$f" &&
	summary "$G/getconf.0" &&
	expect_line "^getconf +Linux 6\.18\.44 +32K +512K +30M cache " "$TRASH/out" &&
	graph -o "$TRASH/gs" "$G/vm.0" &&
	grep -q ">L3 32M</text>" "$TRASH/gs/mem-latency.svg"
'

# Two runs of bw_tcp, across CPUs and on one CPU.
for h in a b
do
	case $h in
	a) pl=cross cpus=0,1 ;;
	b) pl=same cpus=0 ;;
	esac
	{
		printf '[lmbench3.0 results for Linux %s 6.1 #1 x86_64]\n[LMBENCH_VER: latbw-0.1]\n[HOSTNAME: %s]\n' "$h" "$h"
		printf 'Socket bandwidth using localhost\n0.000064 8.37\n0.000256 38.1\n\n'
		for xm in 0.000064:8.37 0.000256:38.1
		do
			printf '[latbw-stat prog=bw_tcp case=tcp x=%s median=%s min=8.3 max=39.3 spread=5.40%% reps=3 preempted=0 n=151 copies=1 cpus=%s unit=MB/s placement=%s]\n' "${xm%:*}" "${xm#*:}" "$cpus" "$pl"
		done
		printf '[COMPLETE: 1 of 1 steps, 0 failed]\n'
	} >"$TRASH/$h.0"
done

test_expect 'curves measured under other placements are not overlaid, and said so' '
	graph -o "$TRASH/pl" "$TRASH/a.0" "$TRASH/b.0" && expect_status 0 &&
	awk "/<polyline/ { n++ } /<desc>a.0: Socket bandwidth using localhost<\/desc>/ { d = 1 } END { exit !(n == 1 && d) }" \
		"$TRASH/pl/tcp-bandwidth.svg" &&
	file_is "$TRASH/err" "graph: measured under other placements than the curves they would overlay, left out: b.0 Socket bandwidth using localhost (same at 0.000064, not cross)" &&
	graph -o "$TRASH/pl2" "$TRASH/a.0" "$TRASH/a.0" && [ ! -s "$TRASH/err" ] &&
	grep -c "<polyline" "$TRASH/pl2/tcp-bandwidth.svg" >"$TRASH/n" && file_is "$TRASH/n" 2
'

# The boxes of a plot's point counts ("<text ... font-size=10>"), none
# overlapping another.
counts_apart() {
	LC_ALL=C awk '/font-size="10"/ {
		x = $0; sub(/.*<text x="/, "", x); sub(/".*/, "", x)
		y = $0; sub(/.* y="/, "", y); sub(/".*/, "", y)
		t = $0; sub(/<\/text>.*/, "", t); sub(/.*>/, "", t)
		n++; X1[n] = x; X2[n] = x + length(t) * 6 + 2; Y1[n] = y - 11; Y2[n] = y
	} END {
		for (i = 1; i <= n; i++)
			for (j = i + 1; j <= n; j++)
				if (X1[i] < X2[j] && X2[i] > X1[j] && Y1[i] < Y2[j] && Y2[i] > Y1[j])
					bad++
		exit !(n > 0 && !bad)
	}' "$1"
}

test_expect 'loaded latency and MLP: two plots, no point count drawn over another' '
	LOAD=$TOP/tests/fixtures/load &&
	graph -o "$TRASH/ld" "$LOAD/eight.0" "$LOAD/one.0" "$LOAD/eight.0" && expect_status 0 &&
	! grep -q "MLP" "$TRASH/ld/load-latency.svg" &&
	! grep -q "loaded, loaders" "$TRASH/ld/mlp-latency.svg" &&
	counts_apart "$TRASH/ld/load-latency.svg" && counts_apart "$TRASH/ld/mlp-latency.svg" &&
	grep -c "<title>[0-9]*: " "$TRASH/ld/mlp-latency.svg" >"$TRASH/n" && file_is "$TRASH/n" 10
'

test_expect 'scaling: a perfect line for every curve of every run; processes wide, threads marked apart' '
	cp "$SC/big.0" "$TRASH/big.1" &&
	graph -o "$TRASH/sc" "$SC/big.0" "$TRASH/big.1" && expect_status 0 &&
	f=$TRASH/sc/scaling-lat_pipe-pipe.svg &&
	holds "$f" "<desc>big.0: processes</desc>" "<desc>perfect: big.0: processes one copy x copies</desc>" \
		"<desc>big.0: threads</desc>" "<desc>perfect: big.0: threads one copy x copies</desc>" \
		"<desc>big.1: processes</desc>" "<desc>perfect: big.1: processes one copy x copies</desc>" \
		"<desc>big.1: threads</desc>" "<desc>perfect: big.1: threads one copy x copies</desc>" &&
	grep -q ">perfect: a curve.s one copy x copies</text>" "$f" &&
	awk "/<desc>big.0: processes</ { getline; exit !/stroke-width=\"3.2\"/ }" "$f" &&
	awk "/<desc>big.0: threads</ { getline; getline; exit !/<rect / }" "$f"
'

if command -v rsvg-convert >/dev/null 2>&1
then
	# One run renders them all, a page each of one PDF (only PDF and PS
	# take many files): rsvg-convert starts a dozen threads a run.  A
	# plot it cannot read or draw fails the run, naming it.
	test_expect 'every plot renders (rsvg-convert)' '
		rsvg-convert -f pdf -o "$TRASH/p.pdf" \
			"$TRASH"/l/*.svg "$TRASH"/bw/*.svg "$TRASH"/ld/*.svg "$TRASH"/sc/*.svg &&
		[ -s "$TRASH/p.pdf" ]
	'
else
	test_skip 'every plot renders' 'no rsvg-convert here'
fi

test_done

#!/bin/sh
# scripts/summary's memory points: each level is read inside the size the
# system reports (the CACHE_ header lines: lmbench's 1 KB and 128 KB where
# they lie at or below half of it, else the last point there; L3 the
# median of its points above L2 that read at most half of main memory's
# latency), main memory at 8 times the last level
# (else the last point, from twice it), so two runs of one machine read the same points whatever
# their cache program measured; the measured sizes are the fallback and
# are shown beside them.  Fixtures: tests/fixtures/summary/points-*.results
# (L1d 48K, L2 2M, L3 260M, as sysfs says on a Xeon; cache measured 64K,
# 3M, 48M in one run and 48K, 2M, 256M in the other).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

D=$TRASH/r/x86_64-linux-gnu
mkdir -p "$D"
cp "$FIX/points-run1.results" "$D/run.1"
cp "$FIX/points-run2.results" "$D/run.2"
cp "$FIX/points-nosysfs.results" "$D/nosys.1"

# mem_row HOST: HOST's row of the memory latency table in $TRASH/out.
mem_row() {
	awk -v h="$1" '/^Memory latencies/ { m = 1 } /^Cache sizes/ { m = 0 }
		m && $1 == h { print; exit }' "$TRASH/out"
}

# sizes_row HOST: HOST's row of the cache sizes table.
sizes_row() {
	awk -v h="$1" '/^Cache sizes/ { m = 1 } m && $1 == h { print; exit }' "$TRASH/out"
}

test_expect 'two runs whose cache program disagreed read the same points' '
	summary "$D/run.1" "$D/run.2" && [ ! -s "$TRASH/err" ] &&
	mem_row run.1 >"$TRASH/a" && [ -s "$TRASH/a" ] &&
	awk "/^Memory latencies/ { m = 1 } /^Cache sizes/ { m = 0 }
		m && /^run\\.[12] / { print substr(\$0, 10) }" "$TRASH/out" >"$TRASH/rows" &&
	has_lines 2 "$TRASH/rows" &&
	[ "$(sort -u "$TRASH/rows" | wc -l)" -eq 1 ] ||
		fail "$(cat "$TRASH/out")"
'

test_expect 'L1 inside 48K, L2 inside half of 2M, L3 the median up to a quarter of 260M, Main from 8 x 260M' '
	# 1K: 1.01 ns; no 128K point, so the last at or below 1M: 4.2; L3 the
	# median of (2M, 65M]: 20 21 24 25 26, 24.0; no point from 2080M: the
	# last, 2048M (twice 260M or more), 125.0
	file_is "$TRASH/a" "run.1       Linux 6.1.0  3000 1.0100 4.2000   24.0  125.0       " ||
		fail "got: $(cat "$TRASH/a")"
'

test_expect 'the sizes table shows the sizes used (sysfs) and the measured ones beside them' '
	grep -qxF "Cache sizes - the memory latencies above are read inside these" "$TRASH/out" &&
	grep -qxF "run.1       Linux 6.1.0    48K     2M   260M sysfs       64K     3M    48M" "$TRASH/out" &&
	grep -qxF "run.2       Linux 6.1.0    48K     2M   260M sysfs       48K     2M   256M" "$TRASH/out"
'

test_expect 'no sizes from the system: the measured ones, and the table says so' '
	summary "$D/nosys.1" &&
	{ sizes_row nosys >"$TRASH/row" && file_is "$TRASH/row" "nosys       Linux 6.1.0    32K     1M    16M cache       32K     1M    16M"; } &&
	# 1K: 1.01, 512K: 4.1; a measured L3: the median of the points in
	# (1M, 8M] (4.3, 4.4, 20.0, 21.0: the upper middle, 20.0); the first
	# point from 8 x 16M: 128M, 28.0
	{ mem_row nosys >"$TRASH/row" && file_is "$TRASH/row" "nosys       Linux 6.1.0  3000 1.0100 4.1000   20.0   28.0       "; } ||
		fail "$(cat "$TRASH/out")"
'

test_expect 'a level the system does not report takes the measured size: mixed' '
	grep -v "^\[CACHE_L3:" "$D/run.1" >"$D/mixed.1" &&
	summary "$D/mixed.1" &&
	{ sizes_row mixed >"$TRASH/row" && file_is "$TRASH/row" "mixed       Linux 6.1.0    48K     2M    48M mixed       64K     3M    48M"; } &&
	# L3 the median of (2M, 24M]: 20 21, the upper 21.0; Main from 384M:
	# 512M, 110.0
	{ mem_row mixed >"$TRASH/row" && file_is "$TRASH/row" "mixed       Linux 6.1.0  3000 1.0100 4.2000   21.0  110.0       "; } ||
		fail "$(cat "$TRASH/out")"
'

# rows_are NAME SIZES MEM: the summary of $D/NAME.1, whose cache sizes row
# is SIZES and memory latency row MEM.
rows_are() {
	if summary "$D/$1.1" && { sizes_row "$1" >"$TRASH/row" && file_is "$TRASH/row" "$2"; } &&
		{ mem_row "$1" >"$TRASH/row" && file_is "$TRASH/row" "$3"; }
	then
		return 0
	fi
	fail "$(cat "$TRASH/out")"
	return 1
}

test_expect 'sizes from getconf (no sysfs): the levels at the measured sizes, Main beyond getconf'"'"'s' '
	awk "{ print } /^\\[CACHE_L3: / { print \"[CACHE_FROM: getconf]\" }" \
		"$D/run.1" >"$D/gconf.1" &&
	grep -qx "\[CACHE_FROM: getconf\]" "$D/gconf.1" &&
	# L2 inside half of 3M: 1.5M, 4.3; L3 the median of its points in
	# (3M, 24M], 4M only: 21.0 (not 28.0 at half of getconf 260M); Main
	# not from 8 x 48M (512M, 110.0) but beyond 260M: none from 8 x 260M,
	# so the last point, 2048M, 125.0
	rows_are gconf \
		"gconf       Linux 6.1.0    64K     3M    48M cache       64K     3M    48M" \
		"gconf       Linux 6.1.0  3000 1.0100 4.3000   21.0  125.0       "
'

test_expect 'a measured L3 measured too big: the median of its points, not the last one (in main memory)' '
	sed "s/^L3 cache: [0-9]* bytes/L3 cache: 1073741824 bytes/" "$D/gconf.1" >"$D/gbig.1" &&
	summary "$D/gbig.1" &&
	# (3M, 256M], up to a quarter of 1G: 21, 24, 25, 26, 28, 35, 50: the
	# middle, 26.0 (the last point inside, 256M, is 50.0)
	mem_row gbig | awk "{ exit !(\$7 == \"26.0\") }" ||
		fail "$(cat "$TRASH/out")"
'

test_expect 'sizes from getconf, L3 not measured: no L3 point (not getconf'"'"'s), Main still beyond it' '
	grep -v "^L3 cache: " "$D/gconf.1" >"$D/gmix.1" &&
	rows_are gmix \
		"gmix        Linux 6.1.0    64K     3M        cache       64K     3M       " \
		"gmix        Linux 6.1.0  3000 1.0100 4.3000         125.0       "
'

test_expect 'a sweep that ends between 2x and 8x the last level: its last point is Main' '
	sed "/^1536.00000 /d; /^2048.00000 /d" "$D/run.1" >"$D/short.1" &&
	summary "$D/short.1" && [ ! -s "$TRASH/err" ] &&
	{ mem_row short >"$TRASH/row" && file_is "$TRASH/row" "short       Linux 6.1.0  3000 1.0100 4.2000   24.0  115.0       "; } ||
		fail "$(cat "$TRASH/out" "$TRASH/err")"
'

test_expect 'a sweep that ends short of 2x the last level: Main mem blank, said once' '
	# L3 the median of (2M, 65M]: 20 21 24 25 26, 24.0; no point from
	# 520M on
	sed "/^[0-9]\{3,\}\.00000 /d" "$D/run.1" >"$D/cut.1" &&
	summary "$D/cut.1" &&
	{ mem_row cut >"$TRASH/row" && file_is "$TRASH/row" "cut         Linux 6.1.0  3000 1.0100 4.2000   24.0              "; } &&
	[ "$(grep -c "the memory sweep ends at 64.00000 MB, short of twice the last-level cache (2 x 260.00 MB): Main mem left blank" "$TRASH/err")" -eq 1 ] &&
	has_lines 1 "$TRASH/err" ||
		fail "$(cat "$TRASH/out" "$TRASH/err")"
'

test_expect 'an L3 mostly at main memory (a share of the reported L3): the median of the points under half of main, said once' '
	sed -e "s/^32.00000 24.000$/32.00000 100.000/" -e "s/^48.00000 25.000$/48.00000 100.000/" \
		-e "s/^64.00000 26.000$/64.00000 100.000/" "$D/run.1" >"$D/share.1" &&
	[ "$(grep -c "^[0-9]*.00000 100.000$" "$D/share.1")" -eq 3 ] &&
	summary "$D/share.1" &&
	# of (2M, 65M], 20 21 100 100 100: the median, 100 at 32M, is over
	# half of Main (125); the points at most 62.5: 20, 21: the upper,
	# 21.0 at 4M
	{ mem_row share >"$TRASH/row" && file_is "$TRASH/row" "share       Linux 6.1.0  3000 1.0100 4.2000   21.0  125.0       "; } &&
	file_is "$TRASH/err" "summary: $D/share.1: L3 \$: 100 ns at 32 MB is over half of main memory'"'"'s 125 ns, inside the 260 MB L3 the system reports: read at the median of the points under that (21 ns at 4 MB)" ||
		fail "$(cat "$TRASH/out" "$TRASH/err")"
'

test_expect 'an L3 whose last points read main memory, its median not: those points left out, silently' '
	sed -e "s/^48.00000 25.000$/48.00000 100.000/" -e "s/^64.00000 26.000$/64.00000 100.000/" \
		"$D/run.1" >"$D/edge.1" &&
	[ "$(grep -c "^[0-9]*.00000 100.000$" "$D/edge.1")" -eq 2 ] &&
	summary "$D/edge.1" && [ ! -s "$TRASH/err" ] &&
	# of (2M, 65M], 20 21 24 100 100: the median of all, 24, is under
	# half of Main (125), but 100 is not inside the level: the median of
	# 20 21 24, 21.0 (an Intel guest shown a 480 MB L3 read 48.0 ns at
	# 16 MB, on its way up to memory, for a plateau of 34-43)
	{ mem_row edge >"$TRASH/row" && file_is "$TRASH/row" "edge        Linux 6.1.0  3000 1.0100 4.2000   21.0  125.0       "; } ||
		fail "$(cat "$TRASH/out" "$TRASH/err")"
'

test_expect 'an L3 whose every point is at main memory: L3 blank, said' '
	sed "s/^\([0-9]*\.00000\) 2[0-9]\.000$/\1 100.000/; s/^3.00000 20.000$/3.00000 100.000/" 		"$D/run.1" >"$D/nol3.1" &&
	summary "$D/nol3.1" &&
	{ mem_row nol3 >"$TRASH/row" && file_is "$TRASH/row" "nol3        Linux 6.1.0  3000 1.0100 4.2000         125.0       "; } &&
	grep -q "inside the 260 MB L3 the system reports: left blank\$" "$TRASH/err" ||
		fail "$(cat "$TRASH/out" "$TRASH/err")"
'

test_expect 'an lmbench file has no sizes: no sizes table' '
	summary "$SAMPLE" && grep -q "^Memory latencies" "$TRASH/out" &&
	! grep -q "^Cache sizes" "$TRASH/out"
'

test_done

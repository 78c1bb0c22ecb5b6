#!/bin/sh
# scripts/summary on lmbench results files: the real lmbench 3 sample of
# ../shared/samples (a copy is tests/fixtures/summary/lmbench3-zen3-vm.results), and
# small lmbench 2 and 1.x files, compared line by line with tables written
# by hand from the spec (tests/fixtures/summary/*.expected), under every
# awk there is here.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"


# busybox's awk too, where there is one: as a one-word command, since the
# readers run "$AWK" as one word (a path, never split at blanks): a link
# named awk, which busybox runs as its awk.
if command -v busybox >/dev/null 2>&1
then
	mkdir "$TRASH/busybox-awk" && ln -s "$(command -v busybox)" "$TRASH/busybox-awk/awk"
	AWKS="$AWKS busybox-awk"
fi


if [ ! -r "$SAMPLE" ]
then
	test_skip 'the lmbench 3 sample' "no $SAMPLE here"
	test_done
fi

mkdir -p "$TRASH/r/x86_64-linux-gnu" "$TRASH/r/i686-pc-linux-gnu" "$TRASH/r/alpha-netbsd"
cp "$SAMPLE" "$TRASH/r/x86_64-linux-gnu/vm.1"
cp "$FIX/lmbench2.results" "$TRASH/r/i686-pc-linux-gnu/doug.1"
cp "$FIX/lmbench1.results" "$TRASH/r/alpha-netbsd/ds20.1"

for a in $AWKS
do
	case $a in
	busybox-awk) awkcmd=$TRASH/busybox-awk/awk ;;
	*) awkcmd=$a ;;
	esac
	test_expect "[$a] the sample's tables match the hand-written ones line by line" "
		AWK='$awkcmd' summary '$TRASH/r/x86_64-linux-gnu/vm.1' &&
		diff -u '$FIX/lmbench3-vm.expected' '$TRASH/out'
	"
	test_expect "[$a] its two netstat error lines are warned about, by file and line" "
		printf '%s\n' \
			'summary: $TRASH/r/x86_64-linux-gnu/vm.1:40: unrecognised line skipped: Kernel: error fetching interface informa...' \
			'summary: $TRASH/r/x86_64-linux-gnu/vm.1:42: unrecognised line skipped: Iface: error fetching interface informat...' \
			>'$TRASH/want' &&
		diff -u '$TRASH/want' '$TRASH/err'
	"
	test_expect "[$a] -w 72: split into blocks as written by hand, none wider" "
		AWK='$awkcmd' summary -w 72 '$TRASH/r/x86_64-linux-gnu/vm.1' &&
		diff -u '$FIX/lmbench3-vm-w72.expected' '$TRASH/out' &&
		awk '{ if (length(\$0) > m) m = length(\$0) } END { exit !(m == 72) }' '$TRASH/out'
	"
done

test_expect 'a directory: the file under it, Description from its directory' '
	summary "$TRASH/r/x86_64-linux-gnu" &&
	diff -u "$FIX/lmbench3-vm.expected" "$TRASH/out"
'

test_expect 'a bare file name in the directory: the same Description' '
	(cd "$TRASH/r/x86_64-linux-gnu" && sh "$SUMMARY" vm.1 >"$TRASH/out" 2>/dev/null) &&
	diff -u "$FIX/lmbench3-vm.expected" "$TRASH/out"
'

test_expect 'no argument, in a source tree: everything under its results/' '
	mkdir -p "$TRASH/tree/scripts" "$TRASH/tree/results" "$TRASH/tree/src" &&
	: >"$TRASH/tree/Makefile" &&
	cp "$SUMMARY" "$TOP/scripts/readers.sh" "$TOP"/scripts/*.awk "$TOP/scripts/registry" "$TRASH/tree/scripts/" &&
	cp -R "$TRASH/r/x86_64-linux-gnu" "$TRASH/tree/results/" &&
	(cd / && sh "$TRASH/tree/scripts/summary" >"$TRASH/out" 2>/dev/null) &&
	diff -u "$FIX/lmbench3-vm.expected" "$TRASH/out"
'

test_expect 'no argument and no results/: a message and status 1' '
	mkdir -p "$TRASH/empty/scripts" "$TRASH/empty/src" &&
	: >"$TRASH/empty/Makefile" &&
	cp "$SUMMARY" "$TOP/scripts/readers.sh" "$TOP"/scripts/*.awk "$TOP/scripts/registry" "$TRASH/empty/scripts/" &&
	! sh "$TRASH/empty/scripts/summary" >"$TRASH/out" 2>"$TRASH/err" &&
	expect_line "^summary: no results directory .*make results" "$TRASH/err"
'

# lmbench 2: Socket bandwidth as one figure, no "Memory load latency" line
# before the stride curve, no SYNC_MAX.  Rows worked out by hand from the
# spec's rules (compare the seed 001 post, made from the same numbers).
cat >"$TRASH/doug.want" <<'EOF'
doug       Linux 2.4.20       i686-pc-linux-gnu  750          32            
doug       Linux 2.4.20  750 0.37 0.50 3.84 5.48 17.5 0.96 3.36 185. 1373 15.K
doug       Linux 2.4.20 1.1200 2.3400   91.5   43.5  155.5    45.2   156.0
doug       Linux 2.4.20 1.120 6.606 10.3  15.8  40.9  26.2  56.5  82.
doug       Linux 2.4.20   66.1   20.5  192.8   51.6  2550.0 0.764 2.00000  10.2
doug       Linux 2.4.20 233. 111. 90.0  253.6  370.0  223.8  226.1 498. 328.9
doug       Linux 2.4.20   750 2.6680 8.0080  152.7            
EOF

test_expect 'an lmbench 2 file: every row as worked out by hand' '
	summary "$TRASH/r/i686-pc-linux-gnu/doug.1" &&
	grep "^doug " "$TRASH/out" >"$TRASH/rows" &&
	diff -u "$TRASH/doug.want" "$TRASH/rows" &&
	[ ! -s "$TRASH/err" ]
'

test_expect 'an lmbench 2 file: only the tables it has values for' '
	grep -c "^--------- -------------" "$TRASH/out" >"$TRASH/n" &&
	file_is "$TRASH/n" 7 &&
	! grep -q "integer\|uint64\|float\|double\|Remote" "$TRASH/out"
'

# lmbench 1.x: "498 Mhz" in the body, "Null syscall" as the null I/O.
{
	printf '%s\n' 'ds20        NetBSD 1.4U            alpha-netbsd  498                        '
	printf '%s\n' 'ds20        NetBSD 1.4U  498      2.50                                        '
	printf '%s\n' 'ds20        NetBSD 1.4U        16.0                                  '
	printf '%s\n' 'ds20        NetBSD 1.4U   498 5.0000   30.0  170.0            '
} >"$TRASH/ds20.want"

test_expect 'an lmbench 1.x file: Mhz from its mhz line, Null syscall as null I/O' '
	summary "$TRASH/r/alpha-netbsd/ds20.1" &&
	grep "^ds20 " "$TRASH/out" >"$TRASH/rows" &&
	diff -u "$TRASH/ds20.want" "$TRASH/rows"
'

test_expect 'several files: one row each, in the order given' '
	cp "$SAMPLE" "$TRASH/r/x86_64-linux-gnu/vm.2" &&
	summary "$TRASH/r/x86_64-linux-gnu/vm.2" "$TRASH/r/alpha-netbsd/ds20.1" \
		"$TRASH/r/i686-pc-linux-gnu/doug.1" "$TRASH/r/x86_64-linux-gnu/vm.1" &&
	awk "/^Processor/ { p = 1 } p && /^(vm[.0-9]*|ds20|doug) / { s = s \$1 \" \" } /^$/ { p = 0 } END { print s }" \
		"$TRASH/out" >"$TRASH/order" &&
	file_is "$TRASH/order" "vm.2 ds20 doug vm.1 " ||
	fail "order: $(cat "$TRASH/order")"
'

test_expect 'a directory: its files sorted by path, run numbers as numbers' '
	cp "$SAMPLE" "$TRASH/r/x86_64-linux-gnu/vm.10" &&
	cp "$SAMPLE" "$TRASH/r/x86_64-linux-gnu/INFO.vm" &&
	summary "$TRASH/r" &&
	grep -Ec "^vm\.(1|2|10) +Linux 6.18.44 3182 0.23" "$TRASH/out" >"$TRASH/n" &&
	file_is "$TRASH/n" 3 &&
	awk "/^Basic system/ { p = 1 } p && /^[a-z]/ { s = s \$1 \" \" } /^$/ { p = 0 } END { print s }" \
		"$TRASH/out" >"$TRASH/order" &&
	file_is "$TRASH/order" "ds20 doug vm.1 vm.2 vm.10 " &&
	awk "/x86_64-linux-gnu\/vm\.[0-9]*:40:/ { r = \$0; sub(/.*\/vm\./, \"\", r); sub(/:.*/, \"\", r); s = s r \" \" } END { print s }" \
		"$TRASH/err" >"$TRASH/runs" &&
	file_is "$TRASH/runs" "1 2 10 " || fail "runs read: $(cat "$TRASH/runs")"
'

test_done

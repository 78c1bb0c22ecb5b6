#!/bin/sh
# Metric names (issue 14): summary -f json and -f csv give every figure a
# stable dotted name in the style of the 0-day/LKP robot's, made by one
# rule from scripts/registry (registry-names.awk); summary -f names lists the
# registry's names, which tests/fixtures/summary/metric-names pins: a
# rename is a conscious change (the fixture changes in the same commit).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

# (the four are used in the tests' commands)
# shellcheck disable=SC2034
REG=$TOP/scripts/registry
# shellcheck disable=SC2034
RAWK=$TOP/scripts/registry.awk
# shellcheck disable=SC2034
NAWK=$TOP/scripts/registry-names.awk
# shellcheck disable=SC2034
RF=$TOP/tests/fixtures/rounds/combined

# summary -f json of ours.results, for the two checks that read it (one
# run): $TRASH/ours.json, its status in OURS_RC.
sh "$SUMMARY" -f json "$FIX/ours.results" >"$TRASH/ours.json" 2>"$TRASH/ours.err"
# shellcheck disable=SC2034 # read in the checks (eval)
OURS_RC=$?

test_expect 'JSON: every figure has its metric name' '
	[ "$OURS_RC" = 0 ] &&
	awk "/\"name\": / { n++ } /\"metric\": \"latbw\.[^\"]*\", \"x\": / { m++ } END { exit !(n > 50 && m == n) }" "$TRASH/ours.json" &&
	holds "$TRASH/ours.json" \
		"\"name\": \"Pipe latency\", \"metric\": \"latbw.PIPE.latency.us\", \"x\": null," \
		"\"name\": \"TCP latency using 127.0.0.1\", \"metric\": \"latbw.TCP.latency.localhost.us\"," \
		"\"name\": \"TCP latency using 10.0.0.2\", \"metric\": \"latbw.TCP.latency.10_0_0_2.us\"," \
		"\"name\": \"Pagefaults on /tmp/latbw.file.x1y2z3\", \"metric\": \"latbw.PAGEFAULTS.us\"," \
		"\"metric\": \"latbw.MEMORY.load.latency.stride_128.order_random.pages_thp.64M.ns\", \"x\": \"64.00000\"," \
		"\"metric\": \"latbw.SOCKET.bandwidth.localhost.10M.MB/sec\", \"x\": \"10.485760\"," \
		"\"name\": \"size=16k\", \"metric\": \"latbw.CTX.size_16k.8.us\", \"x\": \"8\","
'

test_expect 'JSON: the across-round stddev of a figure measured in rounds, null without' '
	summary -f json "$RF" &&
	grep -q "\"metric\": \"latbw.SIMPLE.syscall.us\", .*\"placement\": null, \"cross_pct\": null, \"stddev_pct\": 20.00, \"rounds\": 3," "$TRASH/out" &&
	[ "$OURS_RC" = 0 ] &&
	grep -q "\"metric\": \"latbw.SIMPLE.syscall.us\", .*\"stddev_pct\": null, \"rounds\": null," "$TRASH/ours.json"
'

test_expect 'CSV: the metric and the across-round stddev, after the spread across rounds' '
	summary -f csv "$RF" &&
	cut -d, -f4,5,16-18 "$TRASH/out" >"$TRASH/got" &&
	printf "%s\n" "name,x,round_spread_pct,metric,stddev_pct" \
		"Simple syscall,,40,latbw.SIMPLE.syscall.us,20.00" \
		"Pipe latency,,720,latbw.PIPE.latency.us,125.52" \
		"Pipe bandwidth,,50,latbw.PIPE.bandwidth.MB/sec,26.96" \
		"mappings,1.048576,7.78,latbw.MAPPINGS.1M.us,5.50" \
		"mappings,67.108864,1.77,latbw.MAPPINGS.64M.us,1.25" \
		"File system latency create,0k,28.57,latbw.FILE.system.latency.create.0k.files/s,20.20" \
		"File system latency delete,0k,22.22,latbw.FILE.system.latency.delete.0k.files/s,15.71" \
		"size=0k,2,6.9,latbw.CTX.size_0k.2.us,4.88" >"$TRASH/want" &&
	diff -u "$TRASH/want" "$TRASH/got"
'

# A registry line added, renamed or taken out changes the list: when that
# is meant, "scripts/summary -f names >tests/fixtures/summary/metric-names"
# in the same commit.
test_expect 'the names of the registry are the pinned list (summary -f names)' '
	summary -f names && expect_status 0 && [ ! -s "$TRASH/err" ] &&
	{ diff -u "$TOP/tests/fixtures/summary/metric-names" "$TRASH/out" ||
		fail "the names changed; if meant: scripts/summary -f names >tests/fixtures/summary/metric-names"; }
'

# The list's names as patterns: {x}, {S} and {HOST} stand for a word.
# A pattern is tried only on the names that begin with its text up to
# the first of them (compared as a string), and each name once: 1800
# names against 156 regular expressions, each compiled anew, took 3 s.
cat >"$TRASH/cover.awk" <<'EOA'
FNR == NR {
	re = ""
	for (j = 1; j <= length($0); j++) {
		c = substr($0, j, 1)
		re = re (index(".+*?()|$", c) > 0 ? "[" c "]" : c)
	}
	gsub(/[{](x|S|HOST)[}]/, "[^.]+", re)
	RE[++n] = "^" re "$"
	lead = $0
	if (match(lead, /[{](x|S|HOST)[}]/))
		lead = substr(lead, 1, RSTART - 1)
	if (lead ~ /[][\\^{}]/)
		lead = ""
	LEAD[n] = lead
	next
}
$0 == "metric" || ($0 in seen) { next }
{
	seen[$0] = 1
	for (i = 1; i <= n; i++)
		if (substr($0, 1, length(LEAD[i])) == LEAD[i] && $0 ~ RE[i])
			next
	print
}
EOA

test_expect 'every figure of the driver'"'"'s files has a name the list shows (lat_c2c'"'"'s rows aside)' '
	for f in "$TOP"/tests/fixtures/getsummary/x86_64-linux-gnu/* "$TOP"/tests/fixtures/graph/vm.0 \
		"$TOP"/tests/fixtures/scaling/*.0 "$RF" "$FIX/ours.results" "$FIX/placement.results"
	do
		sh "$SUMMARY" -f json "$f" 2>/dev/null
	done | sed -n "s/.*\"metric\": \"\([^\"]*\)\".*/\1/p" >"$TRASH/metrics" &&
	# (a return of its own: the last command decides, and grep -v fails
	# when every name is listed)
	awk "END { exit !(NR > 1000) }" "$TRASH/metrics" || fail "only $(wc -l <"$TRASH/metrics") metrics" || return 1
	awk -f "$TRASH/cover.awk" "$TOP/tests/fixtures/summary/metric-names" "$TRASH/metrics" |
		grep -v "^latbw\.C2C\." >"$TRASH/unlisted"
	{ ! [ -s "$TRASH/unlisted" ] || fail "not in the list: $(sort -u "$TRASH/unlisted" | head -5)"; }
'

test_expect 'no two figures of the whole registry share a name' '
	awk -v what=names -f "$NAWK" -f "$RAWK" "$REG" >"$TRASH/names" &&
	awk "END { exit !(NR > 100) }" "$TRASH/names" &&
	sort "$TRASH/names" | uniq -d >"$TRASH/dup" &&
	{ ! [ -s "$TRASH/dup" ] || fail "shared: $(cat "$TRASH/dup")"; } &&
	{ ! grep -v "^latbw\.[A-Z0-9_+-]*\(\.[A-Za-z0-9_+{}-]*\)*\(\.[A-Za-z]*/[a-z]*\)\{0,1\}\$" "$TRASH/names" ||
		fail "a name not of the form"; }
'

test_expect 'two registry labels that make one name: an error naming the line, status 2' '
	{ cat "$REG"; echo "fig | - | - | - | - | lat_syscall | - | - | Simple open_close | us | - | proc.open-close2"; } >"$TRASH/reg" &&
	awk -v what=names -f "$NAWK" -f "$RAWK" "$TRASH/reg" >"$TRASH/out" 2>"$TRASH/err"
	[ $? = 2 ] &&
	has_lines 1 "$TRASH/err" &&
	expect_line "^registry: line [0-9]+: metric name latbw\.SIMPLE\.open_close\.us is also that of .Simple open/close.\$" "$TRASH/err"
'

# m.awk: reg_metric of each line of stdin, ID LABEL X UNIT (tab-separated),
# with the registry REG.
cat >"$TRASH/m.awk" <<'EOA'
BEGIN { FS = "\t"; reg_read(REG) }
{ print reg_metric($1, $2, $3, $4) }
EOA
# ids.awk: the id the reader gives each label of stdin (read-ids.awk's
# rid_of; fig_id, read-figures.awk's, as the label's own here).
cat >"$TRASH/ids.awk" <<'EOA'
function fig_id(lab) { return lab }
BEGIN { reg_read(REG) }
{ print rid_of($0, $0) }
EOA
# shellcheck disable=SC2034
IDAWK=$TOP/scripts/read-ids.awk

test_expect 'a line added to the registry later gets its name by the rule' '
	{ cat "$REG"; echo "run | foo | 3 | - | cross | lat_foo | - | - | Foo'"'"'s bar latency (cross CPU) | us | - | cross.foo"; } >"$TRASH/reg" &&
	awk -v what=names -f "$NAWK" -f "$RAWK" "$TRASH/reg" | tail -1 >"$TRASH/last" &&
	file_is "$TRASH/last" latbw.FOOS.bar.latency.cross.us &&
	printf "cross.foo\tFoo'"'"'s bar latency (cross CPU)\t\tus\n" |
	awk -v REG="$TRASH/reg" -f "$NAWK" -f "$RAWK" -f "$TRASH/m.awk" >"$TRASH/got" &&
	file_is "$TRASH/got" latbw.FOOS.bar.latency.cross.us
'

test_expect 'a registry label with regular-expression characters around {S}: the id of its figures, their names' '
	printf "%s\n" "run | foo | 3 | - | - | lat_foo -n {S} | 1 | 1 | Foo+ (x.{S}\\)* \$ | ns | - | foo@{S}" >"$TRASH/line" &&
	grep -qF "Foo+ (x.{S}\\)* \$ | ns" "$TRASH/line" &&
	cat "$REG" "$TRASH/line" >"$TRASH/reg" &&
	printf "%s\n" "Foo+ (x.16\\)* \$" "Foo+ (xy16\\)* \$" "Foo+ (x.16\\)) \$" |
	awk -v REG="$TRASH/reg" -f "$TRASH/ids.awk" -f "$IDAWK" -f "$RAWK" >"$TRASH/got" &&
	printf "%s\n" foo@16 "" "" >"$TRASH/want" &&
	diff -u "$TRASH/want" "$TRASH/got" &&
	printf "%s\t%s\t%s\t%s\n" foo@16 "Foo+ (x.16\\)* \$" 2 us "" "Foo+ (xy16\\)* \$" 2 us "" "Foo+ (x.16\\)) \$" 2 us >"$TRASH/in" &&
	awk -v REG="$TRASH/reg" -f "$NAWK" -f "$RAWK" -f "$TRASH/m.awk" "$TRASH/in" >"$TRASH/got" &&
	printf "%s\n" latbw.FOO+.x_16.2.ns latbw.FOO+.xy16.2.us latbw.FOO+.x_16.2.us >"$TRASH/want" &&
	diff -u "$TRASH/want" "$TRASH/got"
'

test_expect 'the x of a series point: sizes in MB of 2^20 or 10^6 bytes, counts, words' '
	printf "%s\t%s\t%s\t%s\n" \
		mem.forward@128 "Memory load latency stride=128" 0.00049 ns \
		mem.forward@128 "Memory load latency stride=128" 0.00098 ns \
		mem.forward@128 "Memory load latency stride=128" 100.00000 ns \
		mem.forward@128 "Memory load latency stride=128" 1.50000 ns \
		bw.mem-read "Memory read bandwidth" 0.524288 MB/s \
		bw.mem-read "Memory read bandwidth" 268.44 MB/s \
		bw.mem-read "Memory read bandwidth" 104.86 MB/s \
		bw.mem-read "Memory read bandwidth" 2147.48 MB/s \
		ctx.4k "size=4k" 2 us \
		filevm.file "File system latency create" 10k files/s \
		filevm.file "File system latency delete" 10k files/s \
		c2c.matrix "c2c cas cpu=3" 5 ns \
		c2c.matrix "c2c pipe cpu=3" 5 us \
		"" "Brand new figure: x" "" widgets |
	awk -v REG="$REG" -f "$NAWK" -f "$RAWK" -f "$TRASH/m.awk" >"$TRASH/got" &&
	printf "%s\n" latbw.MEMORY.load.latency.stride_128.512.ns \
		latbw.MEMORY.load.latency.stride_128.1k.ns \
		latbw.MEMORY.load.latency.stride_128.100M.ns \
		latbw.MEMORY.load.latency.stride_128.1536k.ns \
		latbw.MEMORY.read.bandwidth.512k.MB/sec \
		latbw.MEMORY.read.bandwidth.256M.MB/sec \
		latbw.MEMORY.read.bandwidth.100M.MB/sec \
		latbw.MEMORY.read.bandwidth.2G.MB/sec \
		latbw.CTX.size_4k.2.us \
		latbw.FILE.system.latency.create.10k.files/s \
		latbw.FILE.system.latency.delete.10k.files/s \
		latbw.C2C.cas.cpu_3.5.ns \
		latbw.C2C.pipe.cpu_3.5.us \
		latbw.BRAND.new.figure.x.widgets >"$TRASH/want" &&
	diff -u "$TRASH/want" "$TRASH/got"
'

# The ids file with labels changed: the figure lines of the driver'"'"'s
# file, their statistics lines (and ids) as they were.
sed -e "s/^Pipe latency: /Pipe lat. (renamed): /" -e "s/^Select on 100 fd's: /Select among 100 files: /" \
	-e "s/^Simple syscall: /getppid: /" "$TOP/tests/fixtures/ids/vm.0" >"$TRASH/renamed.0"

test_expect 'a figure whose label changed but whose statistics line has its id: the name of its id' '
	grep -q "^Select among 100 files: " "$TRASH/renamed.0" && grep -q "^getppid: " "$TRASH/renamed.0" &&
	sh "$SUMMARY" -f csv "$TOP/tests/fixtures/ids/vm.0" | cut -d, -f17 >"$TRASH/want" &&
	sh "$SUMMARY" -f csv "$TRASH/renamed.0" >"$TRASH/csv" && cut -d, -f17 "$TRASH/csv" >"$TRASH/got" &&
	diff -u "$TRASH/want" "$TRASH/got" &&
	has_matches "$TRASH/csv" "^[^,]*,[^,]*,[^,]*,Pipe lat[.] [(]renamed[)],,8[.]4500,.*,latbw.PIPE.latency.us," \
		"^[^,]*,[^,]*,[^,]*,Select among 100 files,,.*,latbw.SELECT.100.fds.us," \
		"^[^,]*,[^,]*,[^,]*,getppid,,.*,latbw.SIMPLE.syscall.us,"
'

test_expect 'an lmbench file (no ids): its names, lat_ctx sizes the registry does not run among them' '
	summary -f csv "$FIX/lmbench3-zen3-vm.results" && expect_status 0 &&
	cut -d, -f4,5,17 "$TRASH/out" >"$TRASH/got" &&
	holds_lines "$TRASH/got" size=4k,16,latbw.CTX.size_4k.16.us size=32k,2,latbw.CTX.size_32k.2.us \
		size=16k,2,latbw.CTX.size_16k.2.us "Pipe latency,,latbw.PIPE.latency.us" \
		"File system latency delete,0k,latbw.FILE.system.latency.delete.0k.files/s" \
		"Memory load latency stride=16,0.00049,latbw.MEMORY.load.latency.stride_16.512.ns" &&
	sh "$RECORDS" "$FIX/lmbench3-zen3-vm.results" >"$TRASH/rec" &&
	expect_line "^fig	[^	]*	1	[^	]*	ctx\.4k	size=4k	2	" "$TRASH/rec"
'

# busybox awk too, where there is one (a link named awk, which busybox
# runs as its awk: AWK is one word, and an exec, not a shell's too).
BB=
if busybox awk "BEGIN {}" 2>/dev/null
then
	mkdir "$TRASH/bbawk" && ln -s "$(command -v busybox)" "$TRASH/bbawk/awk" && BB=$TRASH/bbawk/awk
fi
export BB

test_expect 'the same names under every awk' '
	ok=1
	first=
	for a in $AWKS $BB
	do
		b=${a##*/}
		[ "$a" != "$BB" ] || b=bbawk
		AWK=$a sh "$SUMMARY" -f names >"$TRASH/n.$b" 2>&1 &&
		AWK=$a sh "$SUMMARY" -f csv "$FIX/ours.results" "$RF" >"$TRASH/c.$b" 2>/dev/null
		cmp -s "$TRASH/n.$b" "$TOP/tests/fixtures/summary/metric-names" || { ok=0; fail "$a: names differ"; }
		[ -z "$first" ] || cmp -s "$TRASH/c.$b" "$TRASH/c.$first" || { ok=0; fail "$a: CSV differs"; }
		first=${first:-$b}
	done
	[ $ok = 1 ]
'

test_expect 'summary -f names with a file, -f with no such format: an error line, the usage line, status 2' '
	summary -f names "$RF"
	expect_status 2 && [ ! -s "$TRASH/out" ] &&
	{ IFS= read -r first <"$TRASH/err" && [ "$first" = "summary: -f names reads no results file (it lists the registry'"'"'s names)" ]; } &&
	expect_line "^usage: summary " "$TRASH/err" && has_lines 2 "$TRASH/err" || exit 1
	summary -f yaml "$RF"
	expect_status 2 && [ ! -s "$TRASH/out" ] &&
	{ IFS= read -r first <"$TRASH/err" && [ "$first" = "summary: -f wants table, json, csv, names or lkp-names, not '"'"'yaml'"'"'" ]; } &&
	has_lines 2 "$TRASH/err"
'

test_done

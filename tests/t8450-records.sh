#!/bin/sh
# scripts/records: the header line and the columns of every record; the
# facts of a file; each figure's registry id, stamped (id=) or, for a
# file without ids (lmbench 1, 2, 3), from the registry, and the same
# either way; text fields escaped (\\ \t \n \r) and read back whole; the
# same records under every awk; a file that cannot be read is one line
# on stderr and exit status 2.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

IDS=$TOP/tests/fixtures/ids/vm.0
COLS='kind file run host id name x value unit spread reps min max copies placement cross_pct rounds round_spread stddev_pct others_busy idle cpu_wait round_gap round_values table_key series_point line'
export IDS COLS

# fig FIELDS [FILE]: the fig records of FILE (default $TRASH/out), their
# fields FIELDS (awk's $5, $6 ...: "$5, $6"), tab-separated.
fig() {
	awk -F '\t' -v OFS='\t' '$1 == "fig" { print '"$1"' }' "${2:-$TRASH/out}"
}

# fact KEY: the value of fact KEY of the first file in $TRASH/out.
fact() {
	awk -F '\t' -v k="$1" '$1 == "file" && $3 == 1 && $5 == k { print $6; exit }' "$TRASH/out"
}

# The records of $IDS, for the checks that read them (one run, not one
# a check): in $TRASH/ids.out and ids.err, the status in IDS_RC.
sh "$RECORDS" "$IDS" >"$TRASH/ids.out" 2>"$TRASH/ids.err"
# shellcheck disable=SC2034 # read in the checks (eval)
IDS_RC=$?
T=$(printf '\t')

test_expect 'the first line names the columns, a tab between' '
	[ "$IDS_RC" = 0 ] &&
	want= && for c in $COLS; do want=${want:+$want$T}$c; done &&
	IFS= read -r first <"$TRASH/ids.out" && [ "$first" = "$want" ] ||
		fail "line 1: $first"
'

test_expect 'every fig record has the columns of line 1, every file record six (a curve'\''s up to the line column)' '
	records "$IDS" "$FIX/lmbench3-zen3-vm.results" "$TOP/tests/fixtures/c2c/twosock.0" "$TOP/tests/fixtures/scaling/one.0" &&
	awk -F "\t" "NR == 1 { n = NF; next }
		!(\$1 == \"fig\" && NF == n || \$1 == \"file\" && (NF == 6 || \$5 ~ /^(scaling|load)[.]curve\$/ && NF == n)) { print NR \": \" NF \" fields: \" \$0; bad = 1 }
		END { exit bad }" "$TRASH/out" >"$TRASH/bad" || fail "$(head -5 "$TRASH/bad")"
'

test_expect 'the facts of a file: its description, os, uname, incomplete, mhz, caches, header lines' '
	[ "$IDS_RC" = 0 ] &&
	awk -F "\t" "\$1 == \"file\" { k = k (n++ ? \" \" : \"\") \$5; if (n == 11) exit } END { print k }" "$TRASH/ids.out" >"$TRASH/keys" &&
	file_is "$TRASH/keys" "description os uname incomplete mhz line_size copies processors cache_l1d cache_l2 cache_l3" ||
		fail "keys: $(cat "$TRASH/keys")" || return 1
	# The six facts by one awk, in this order, each "key=value".
	awk -F "\t" "\$1 == \"file\" && \$3 == 1 && !(\$5 in v) { v[\$5] = \$6 }
		END { n = split(\"description os mhz cache_l2 incomplete header.CPU_MODEL\", k, \" \")
			for (i = 1; i <= n; i++) print k[i] \"=\" v[k[i]] }" "$TRASH/ids.out" >"$TRASH/facts" &&
	printf "%s\n" description=ids "os=Linux 6.18.44-fc-v1272" mhz=3000 cache_l2=524288 \
		incomplete= "header.CPU_MODEL=AMD EPYC" >"$TRASH/want" &&
	diff "$TRASH/want" "$TRASH/facts" &&
	W="$IDS 1 vm" awk -F "\t" "\$1 != \"kind\" { n++; if (\$2 \" \" \$3 \" \" \$4 != ENVIRON[\"W\"]) bad = 1 }
		END { exit bad || !n }" "$TRASH/ids.out" ||
		{ grep -v "header\\." "$TRASH/ids.out" | head -20; false; }
'

test_expect 'a figure: its id, label, value, unit and statistics in their columns' '
	[ "$IDS_RC" = 0 ] &&
	fig "\$5, \$6, \$7, \$8, \$9, \$11, \$15, \$17" "$TRASH/ids.out" >"$TRASH/f" &&
	holds_lines "$TRASH/f" "local.pipe	Pipe latency		8.4500	us	3	same	3" \
		"cross.pipe	Pipe latency (cross CPU)		30.8800	us	3	cross	3" \
		"filevm.select@250	Select on 250 fd'"'"'s		250.1000	us	3	same	3" ||
		{ cat "$TRASH/f"; false; }
'

test_expect 'a file without ids gets the ids its statistics lines would have stamped' '
	sed "s/ id=[^] ]*//" "$IDS" >"$TRASH/vm.0" &&
	! grep -q " id=" "$TRASH/vm.0" &&
	[ "$IDS_RC" = 0 ] && fig "\$5, \$6, \$7" "$TRASH/ids.out" >"$TRASH/stamped" &&
	records "$TRASH/vm.0" && fig "\$5, \$6, \$7" >"$TRASH/looked-up" &&
	awk "END { exit !(NR > 15) }" "$TRASH/stamped" &&
	diff "$TRASH/stamped" "$TRASH/looked-up"
'

test_expect 'old lmbench files (1, 2, 3) get their ids from the registry' '
	records "$FIX/lmbench1.results" "$FIX/lmbench2.results" "$SAMPLE" && expect_status 0 &&
	fig "\$3, \$5, \$6, \$7" | sort -u >"$TRASH/f" &&
	holds_lines "$TRASH/f" "1	local.pipe	Pipe latency	" "1		Null syscall	" \
		"2	ctx.16k	size=16k	2" "2	mem.forward@128	Memory load latency stride=128	0.00049" \
		"3	proc.null-call	Simple syscall	" "3	mem.forward@16	Memory load latency stride=16	0.00049" \
		"3	filevm.file	File system latency create	0k" "3	local.tcp	TCP latency using localhost	" ||
		{ head -40 "$TRASH/f"; false; }
'

test_expect 'a remote host'\''s figure: its id names the host, {NAME} filled' '
	records "$FIX/ours.results" &&
	fig "\$5, \$6" | grep "^remote" | sort -u >"$TRASH/f" &&
	holds_lines "$TRASH/f" "remote.udp@10.0.0.2	UDP latency using 10.0.0.2" \
		"remote.tcp-conn@10.0.0.2	TCP/IP connection cost to 10.0.0.2" \
		"remote.udp@10.0.0.3	UDP latency using 10.0.0.3" ||
		{ cat "$TRASH/f"; false; }
'

# unescape: standard input, each line a field of a record, with its
# escapes undone as results-format(7) says.
unescape() {
	awk '{
		out = ""
		s = $0
		while ((p = index(s, "\\")) > 0) {
			c = substr(s, p + 1, 1)
			out = out substr(s, 1, p - 1) (c == "t" ? "\t" : c == "n" ? "\n" : c == "r" ? "\r" : c)
			s = substr(s, p + 2)
		}
		print out s
	}'
}

# A file whose name has a tab and a backslash, a label with a backslash,
# a header value with a tab and a carriage return inside it.
CR=$(printf '\r')
export T CR
test_expect 'text fields: \\, tab, newline and return escaped; read back, the text as it was' '
	f="$TRASH/a${T}b\\c.1" &&
	{
		printf "[lmbench3.0 results for Linux h 6.1 #1 x86_64]\n"
		printf "[CPU_MODEL: one${T}two${CR}three]\n"
		printf "back\\\\slash latency: 2.5 microseconds\n"
	} >"$f" &&
	records "$f" && expect_status 0 &&
	awk -F "\t" "\$1 == \"fig\" && NF != 27 { bad = 1 } END { exit bad }" "$TRASH/out" &&
	[ "$(fig "\$2")" = "$TRASH/a\\tb\\\\c.1" ] || fail "file: $(fig "\$2")" || return 1
	[ "$(fig "\$6")" = "back\\\\slash latency" ] || fail "name: $(fig "\$6")" || return 1
	[ "$(fact header.CPU_MODEL)" = "one\\ttwo\\rthree" ] || fail "fact: $(fact header.CPU_MODEL)" || return 1
	# undone as results-format(7) says, each field is the text it was
	awk -F "\t" "\$1 == \"fig\" { print \$2; print \$6 } \$5 == \"header.CPU_MODEL\" { print \$6 }" "$TRASH/out" | unescape >"$TRASH/back" &&
	printf "%s\n" "one${T}two${CR}three" "$f" "back\\slash latency" >"$TRASH/want" &&
	cmp "$TRASH/want" "$TRASH/back"
'

test_expect 'table_key: the figure a table takes (the last of a label, the cross-CPU one moved); series_point: a series as it ends' '
	{
		printf "[lmbench3.0 results for Linux h 6.1 #1 x86_64]\n"
		printf "Pipe latency: 9.5 microseconds\n"
		printf "Pipe latency: 8.5 microseconds\n"
		printf "AF_UNIX sock stream latency: 7.5 microseconds\n"
		printf "[latbw-stat prog=lat_unix case=stream median=7.5 min=7 max=8 spread=1%% reps=5 placement=cross]\n"
		printf "\n\"size=0k ovr=1.0\n2 3.5\n4 4.5\n\n\"size=0k ovr=1.0\n2 5.5\n\n"
	} >"$TRASH/keys.0" &&
	records "$TRASH/keys.0" && expect_status 0 &&
	fig "\$6, \$7, \$8, \$25, \$26" >"$TRASH/keys" &&
	printf "%s\n" "Pipe latency		9.5		" "Pipe latency		8.5	Pipe latency	" \
		"AF_UNIX sock stream latency		7.5	AF_UNIX sock stream latency (cross CPU)	" \
		"size=0k	2	3.5		" "size=0k	4	4.5		" "size=0k	2	5.5		1" >"$TRASH/want" &&
	cmp "$TRASH/want" "$TRASH/keys" || fail "$(cat "$TRASH/keys")"
'

# busybox's awk too, through a command of one word ("$AWK" is one): a
# link named awk in busybox-awk/, which busybox runs as its awk.
BB_AWKS=$AWKS
if command -v busybox >/dev/null 2>&1 && busybox awk 'BEGIN {}' >/dev/null 2>&1
then
	mkdir "$TRASH/busybox-awk" &&
	ln -s "$(command -v busybox)" "$TRASH/busybox-awk/awk" &&
	BB_AWKS="$AWKS $TRASH/busybox-awk/awk"
fi
export BB_AWKS

test_expect 'the same records under every awk here (busybox awk too)' '
	# (busybox'"'"'s outputs named busybox-awk, not awk)
	for a in $BB_AWKS
	do
		case $a in */busybox-awk/awk) b=busybox-awk ;; *) b=${a##*/} ;; esac &&
		AWK=$a sh "$RECORDS" "$IDS" "$FIX/lmbench2.results" "$FIX/placement.results" \
			"$TOP/tests/fixtures/rounds/summary/vm.0" >"$TRASH/out.$b" 2>"$TRASH/err.$b" || return 1
	done &&
	set -- $BB_AWKS &&
	b1=${1##*/} &&
	for a in $BB_AWKS
	do
		case $a in */busybox-awk/awk) b=busybox-awk ;; *) b=${a##*/} ;; esac &&
		cmp "$TRASH/out.$b1" "$TRASH/out.$b" && cmp "$TRASH/err.$b1" "$TRASH/err.$b" || return 1
	done
'

test_expect 'the lists of a file after its header facts: lat_c2c matrices, rows and groups; scaling and load curves' '
	printf "[lmbench3.0 results for Linux h 6.1 #1 x86_64]\n[latbw-c2c-groups level=smt 0,2 1,3]\n\"c2c cas cpu=1\n2 30.5\n\n\"c2c cas cpu=0\n1 80\n\n\"c2c cas cpu=9\n\n\"scaling lat_pipe pipe processes\n1 100\n\n\"loaded latency mode=read pages=small\n0 80\n\n" >"$TRASH/lists.0" &&
	records "$TRASH/lists.0" && expect_status 0 &&
	awk -F "\t" "\$1 == \"file\" && \$5 ~ /^(c2c|scaling|load)\\./ { print \$5 \"=\" \$6 }" "$TRASH/out" >"$TRASH/lists" &&
	printf "%s\n" "c2c.matrix=cas" "c2c.rows.cas=0 1 9" "c2c.groups.smt=0,2 1,3" \
		"scaling.curve=scaling lat_pipe pipe processes" "load.curve=loaded latency mode=read pages=small" >"$TRASH/want" &&
	cmp "$TRASH/want" "$TRASH/lists" || fail "$(cat "$TRASH/lists")"
'

test_expect 'line: the line each figure and point was read from, a curve'\''s title line; rows past CPU 4095 listed last, as written' '
	printf "[lmbench3.0 results for Linux h 6.1 #1 x86_64]\nPipe latency: 1 microseconds\n\"c2c cas cpu=05000\n1 30.5\n\n\"c2c cas cpu=1\n2 30.5\n\n\"scaling lat_pipe pipe processes\n1 100\n2 190\n" >"$TRASH/lines.0" &&
	records "$TRASH/lines.0" && expect_status 0 &&
	awk -F "\t" "NR == 1 { for (c = 1; c <= NF; c++) if (\$c == \"line\") l = c; next }
		\$1 == \"fig\" { print \$6 \" \" \$7 \"@\" \$l }
		\$5 ~ /[.](curve|rows[.]cas)\$/ { print \$5 \"=\" \$6 \"@\" \$l }" "$TRASH/out" >"$TRASH/lines" &&
	printf "%s\n" "c2c.rows.cas=1 05000@" "scaling.curve=scaling lat_pipe pipe processes@9" \
		"Pipe latency @2" "c2c cas cpu=05000 1@4" "c2c cas cpu=1 2@7" \
		"scaling lat_pipe pipe processes 1@10" "scaling lat_pipe pipe processes 2@11" >"$TRASH/want" &&
	cmp "$TRASH/want" "$TRASH/lines" || fail "$(cat "$TRASH/lines")"
'

test_expect 'a backslash in a path is doubled under every awk (mawk made one of gsub'\''s "\\\\\\\\")' '
	printf "[lmbench3.0 results for Linux h 6.1 #1 x86_64]\nPipe latency: 1 microseconds\n" >"$TRASH/b\\s.0" &&
	for a in $BB_AWKS
	do
		AWK=$a records "$TRASH/b\\s.0" &&
		[ "$(fig "\$2")" = "$TRASH/b\\\\s.0" ] || { fail "$a: $(fig "\$2")"; return 1; }
	done
'

test_expect 'a corrupt (binary) file: one line on stderr, nothing on stdout, exit 2' '
	printf "[lmbench3.0 results for Linux h 6.1 #1 x86_64]\nPipe latency: 1\000 us\n" >"$TRASH/bin.0" &&
	! records "$TRASH/bin.0" && expect_status 2 && [ ! -s "$TRASH/out" ] &&
	[ "$(wc -l <"$TRASH/err")" -eq 1 ] &&
	expect_line "^records: .*bin.0: binary file" "$TRASH/err"
'

# A field the harness adds to its statistics line reaches the records by
# a word in records.awk (REC_FIELDS), no other change to the reader:
# here two fields every statistics line has, n and preempted, in a copy
# of the scripts.
test_expect 'a statistics field named in REC_FIELDS: a column of its own, its values as written' '
	mkdir "$TRASH/s" && cp "$TOP"/scripts/* "$TRASH/s/" &&
	sed "s/^	REC_FIELDS = \"\"\$/	REC_FIELDS = \"n preempted\"/" "$TOP/scripts/records.awk" >"$TRASH/s/records.awk" &&
	! cmp -s "$TOP/scripts/records.awk" "$TRASH/s/records.awk" &&
	sh "$TRASH/s/records" "$IDS" >"$TRASH/out" &&
	[ "$(sed -n 1p "$TRASH/out")" = "$(printf "%s\n" $COLS n preempted | paste -s -)" ] &&
	[ "$(fig "\$6, \$28, \$29" | sed -n 1p)" = "$(printf "Simple syscall\t100\t0")" ] &&
	[ "$(fig "\$28" | sort -u)" = 100 ] || fail "$(sed -n 1,3p "$TRASH/out")"
'

test_expect 'an empty file and a missing one: one line each, exit 2' '
	: >"$TRASH/empty.0" &&
	! records "$TRASH/empty.0" && expect_status 2 && [ ! -s "$TRASH/out" ] &&
	expect_line "^records: .*empty.0: empty file, skipped$" "$TRASH/err" &&
	! records "$TRASH/nothere.0" && expect_status 2 && [ ! -s "$TRASH/out" ] &&
	[ "$(cat "$TRASH/err")" = "records: $TRASH/nothere.0: no such file or directory" ]
'

test_expect 'one file missing beside a good one: the good one'\''s records, exit 1' '
	! records "$TRASH/nothere.0" "$IDS" && expect_status 1 &&
	grep -q "^fig	tests/fixtures/ids/vm.0	1	vm	local.pipe	" "$TRASH/out" ||
	grep -q "^fig	$IDS	1	vm	local.pipe	" "$TRASH/out"
'

test_expect 'bad arguments: the usage line, exit 2' '
	! records -x && expect_status 2 &&
	expect_line "^usage: records " "$TRASH/err"
'

test_done

#!/bin/sh
# LKP's names (scripts/lkp-names): every cell the 0-day/LKP robot's
# lmbench3 parser names has that name in summary -f json and -f csv (the
# lkp field), the figure LKP's parser would take (of a series, the point
# of the largest size); summary -f lkp-names lists the table, and each of
# its metrics is one of the registry's.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

# The names of LKP's programs/lmbench3/parse (intel/lkp-tests), with the
# figure it takes from the lmbench3 results file $SAMPLE (by hand, by its
# rules): the list this test pins.  int64 add reads 0.00 there, which no
# reader exports.
cat >"$TRASH/want" <<'EOF2'
syscall.syscall.latency.us 0.2308
syscall.read.latency.us 0.2574
syscall.write.latency.us 0.2707
syscall.stat.latency.us 1.2274
syscall.fstat.latency.us 0.4948
syscall.open/close.latency.us 3.0723
Select.100fd.latency.us 2.1288
Select.100tcp.latency.us 6.1177
Process.fork+exit.latency.us 376.1212
Process.fork+execve.latency.us 855.4412
Process.fork+/bin/sh.latency.us 1699.7143
PIPE.latency.us 108.6232
PIPE.bandwidth.MB/sec 894.75
AF_UNIX.sock.stream.latency.us 87.4857
AF_UNIX.sock.stream.bandwidth.MB/sec 3740.15
OPS.integer.bit.latency.ns 0.21
OPS.integer.add.latency.ns 0.01
OPS.integer.mul.latency.ns 0.97
OPS.integer.div.latency.ns 3.15
OPS.int64.bit.latency.ns 0.21
OPS.int64.mul.latency.ns 0.94
OPS.int64.div.latency.ns 3.64
OPS.float.add.latency.ns 0.93
OPS.float.mul.latency.ns 0.94
OPS.float.div.latency.ns 3.53
OPS.double.add.latency.ns 0.94
OPS.double.mul.latency.ns 1.04
OPS.double.div.latency.ns 4.17
UDP.usinglocalhost.latency.us 17.2809
TCP.localhost.latency 21.5713
CONNECT.localhost.latency.us 1755.2951
TCP.socket.bandwidth.64B.MB/sec 27.83
TCP.socket.bandwidth.10MB.MB/sec 2782.06
CTX.96P.0K.latency.us 103.56
CTX.96P.16K.latency.us 33.09
CTX.96P.64K.latency.us 30.07
Pagefaults.ms 0.4159
MMAP.read.latency.us 6142
FILE.read.bandwidth.MB/sec 7067.35
MMAP.read.bandwidth.MB/sec 14804.92
MMAP.read_open2close.bandwidth.MB/sec 6717.27
BCOPY.libc.bandwidth.MB/sec 8991.91
BCOPY.unrolled.bandwidth.MB/sec 7109.49
BCOPY.memory_read.bandwidth.MB/sec 11993.18
BCOPY.memory_write.bandwidth.MB/sec 4003.81
EOF2

test_expect 'summary -f lkp-names: every name of LKP s parser, once, and int64 add' '
	summary -f lkp-names && expect_status 0 && [ ! -s "$TRASH/err" ] &&
	{ cut -d" " -f1 "$TRASH/want"; echo OPS.int64.add.latency.ns; } | sort >"$TRASH/names" &&
	cut -f1 "$TRASH/out" | sort >"$TRASH/got" &&
	diff -u "$TRASH/names" "$TRASH/got" &&
	[ "$(cut -f2 "$TRASH/out" | sort -u | wc -l)" -eq 46 ]
'

test_expect 'each metric of the table is a name of the registry (summary -f names)' '
	summary -f names && cp "$TRASH/out" "$TRASH/reg" &&
	summary -f lkp-names &&
	cut -f2 "$TRASH/out" | while IFS= read -r m
	do
		# {x} and {S} in either stand for one word of a point.
		LC_ALL=C awk -v m="$m" "
			{ r = \$0; gsub(/[.]/, \"[.]\", r); gsub(/[+]/, \"[+]\", r)
			  gsub(/\\{[xS]\\}/, \"[^.]+\", r)
			  mm = m; gsub(/\\{x\\}/, \"X\", mm)
			  if (mm ~ \"^\" r \"\$\") found = 1 }
			END { exit !found }" "$TRASH/reg" || fail "$m: not a registry name" || return 1
	done
'

test_expect 'CSV of an lmbench3 file: each LKP name on the figure LKP takes' '
	summary -f csv "$SAMPLE" && expect_status 0 &&
	[ "$(sed -n 1p "$TRASH/out" | awk -F, "{ print \$NF }")" = lkp ] &&
	awk -F, "NR > 1 && \$22 != \"\" { print \$22, \$6 }" "$TRASH/out" | sort >"$TRASH/got" &&
	sort "$TRASH/want" >"$TRASH/w" &&
	diff -u "$TRASH/w" "$TRASH/got"
'

test_expect 'JSON: the same names on the same figures, null elsewhere' '
	summary -f json "$SAMPLE" && expect_status 0 &&
	grep -c "\"lkp\": null}" "$TRASH/out" >/dev/null &&
	sed -n "s/.*\"value\": \([^,]*\),.*\"lkp\": \"\([^\"]*\)\"}.*/\2 \1/p" "$TRASH/out" | sort >"$TRASH/got" &&
	diff -u "$TRASH/w" "$TRASH/got"
'

test_expect 'a latbw file: a series name on its largest point only, each name once' '
	summary -f csv "$TOP/tests/fixtures/getsummary/x86_64-linux-gnu/vm.0" &&
	LC_ALL=C awk -F, "
		\$4 == \"Memory read bandwidth\" { if (\$5 + 0 > max) max = \$5 + 0; n++ }
		\$22 == \"BCOPY.memory_read.bandwidth.MB/sec\" { at = \$5 + 0; k++ }
		\$22 == \"Select.100fd.latency.us\" && \$4 == \"Select on 100 fd'"'"'s\" { sel++ }
		END { exit !(n >= 3 && k == 1 && at == max && sel == 1) }" "$TRASH/out" &&
	[ "$(awk -F, "NR > 1 && \$22 != \"\"" "$TRASH/out" | wc -l)" -gt 40 ] &&
	[ -z "$(awk -F, "NR > 1 && \$22 != \"\" { print \$22 }" "$TRASH/out" | sort | uniq -d)" ]
'

test_expect 'summary -f lkp-names with a file: an error, the usage line, status 2' '
	summary -f lkp-names "$SAMPLE"
	expect_status 2 && [ ! -s "$TRASH/out" ] &&
	expect_line "^summary: -f lkp-names reads no results file" "$TRASH/err" &&
	expect_line "^usage: summary " "$TRASH/err"
'

test_expect 'a damaged table of names: one line naming it, status 2' '
	mkdir -p "$TRASH/s" && cp "$TOP"/scripts/summary "$TOP"/scripts/readers.sh "$TOP"/scripts/*.awk "$TOP/scripts/registry" "$TRASH/s/" &&
	printf "%s\n" "PIPE.latency.us | latbw.PIPE.latency.us" >"$TRASH/s/lkp-names" &&
	run_reader "$TRASH/s/summary" -f csv "$SAMPLE"
	expect_status 2 &&
	expect_line "^summary: .*/lkp-names:1: not a line of LKP" "$TRASH/err"
'

test_done

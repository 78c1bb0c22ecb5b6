#!/bin/sh
# The harness: -P copies as threads (-T) and the scaling curve (-G).
# -P 2 -C 0 puts both copies on CPU 0, so that those checks run the same
# on a machine of one CPU; a curve of two points needs two CPUs (a CPU
# list names each CPU once), and its checks are skipped on one.
. "$(dirname "$0")/lib.sh"

ncpu=$(nproc 2>/dev/null || echo 1)

test_expect '-T -P 2: one figure of two copies, threads of one process' '
	run_bench lat_syscall -T -P 2 -C 0 -N 3 -E 500 null &&
	is_positive "$(value_of "Simple syscall" "$TRASH/err")" &&
	expect_line "^\[latbw-stat prog=lat_syscall case=null .* copies=2 cpus=0 " "$TRASH/err" &&
	[ "$(wc -l <"$TRASH/err")" -eq 2 ]
'

test_expect '-T: each thread has its own state (fstat on its own temporary file)' '
	mkdir "$TRASH/own" &&
	TMPDIR="$TRASH/own" run_bench lat_syscall -T -P 2 -C 0 -N 3 -E 500 fstat &&
	is_positive "$(value_of "Simple fstat" "$TRASH/err")" &&
	[ "$(tmp_files_in "$TRASH/own")" = 0 ]
'

test_expect '-T with a peer process per thread (lat_pipe): figure, peers reaped' '
	run_bench lat_pipe -T -P 2 -C 0 -N 3 -E 500 &&
	is_positive "$(value_of "Pipe latency" "$TRASH/err")" &&
	[ "$(procs_with lat_pipe "-T -P 2 -C 0 -N 3 -E 500")" = 0 ]
'

if [ "$ncpu" -lt 2 ]
then
	test_skip '-G: the series, a point per copy count, statistics after its blank line' 'one CPU here'
else
test_expect '-G: the series, a point per copy count, statistics after its blank line' '
	run_bench lat_syscall -G -P 2 -N 3 -E 500 null &&
	awk "
		NR == 1 { ok = \$0 == \"\\\"scaling lat_syscall null processes\" }
		NR == 2 { ok = ok && \$1 == 1 && \$2 ~ /^[0-9]+\$/ && \$2 > 0 }
		NR == 3 { ok = ok && \$1 == 2 && \$2 ~ /^[0-9]+\$/ && \$2 > 0 }
		NR == 4 { ok = ok && \$0 == \"\" }
		NR == 5 { ok = ok && /^\[latbw-stat prog=lat_syscall case=null x=1 .* copies=1 cpus=[0-9]+ /}
		NR == 6 { ok = ok && /^\[latbw-stat prog=lat_syscall case=null x=2 .* copies=2 cpus=[0-9]+,[0-9]+ /}
		END { exit !(ok && NR == 6) }" "$TRASH/err" ||
		fail "not the series: $(cat "$TRASH/err")"
'
fi

test_expect '-G -T: the threads series; -P bounds the copies' '
	run_bench lat_pipe -G -T -P 1 -C 0 -N 3 -E 500 &&
	expect_line "^\"scaling lat_pipe pipe threads$" "$TRASH/err" &&
	expect_line "^1 [0-9]+$" "$TRASH/err" &&
	! grep -q "^2 " "$TRASH/err" &&
	! grep -q "latency" "$TRASH/err"
'

test_expect '-G: a case that may run under -P but not as threads runs as processes' '
	run_bench lat_proc -G -C 0 -N 3 -E 500 fork &&
	expect_line "^\"scaling lat_proc fork processes$" "$TRASH/err" &&
	expect_line "^1 [0-9]+$" "$TRASH/err"
'

test_expect 'a case that cannot run as threads refuses -T: exit 2, the reason, no figure' '
	! run_bench lat_proc -T -N 3 fork && expect_status 2 &&
	expect_line "^lat_proc: fork cannot run as threads \(-T\)" "$TRASH/err" &&
	! grep -q "^Process" "$TRASH/err" &&
	! run_bench lat_proc -G -T -C 0 -N 3 fork && expect_status 2 &&
	! grep -q "scaling" "$TRASH/err"
'

if [ "$ncpu" -lt 2 ]
then
	test_skip '-G -T of lat_pagefault and of lat_mmap: curves of two points' 'one CPU here'
else
test_expect '-G -T of a program that takes -G in its own main (lat_pagefault): a curve, its file removed' '
	mkdir "$TRASH/pf" &&
	TMPDIR="$TRASH/pf" run_bench lat_pagefault -G -T -P 2 -s 256k -N 3 -E 500 &&
	expect_line "^\"scaling lat_pagefault fault threads\$" "$TRASH/err" &&
	expect_line "^2 [0-9]+\$" "$TRASH/err" &&
	expect_line "^\[latbw-stat prog=lat_pagefault case=fault x=2 .* copies=2 " "$TRASH/err" &&
	! grep -q "^Pagefaults\|latbw-pagefault" "$TRASH/err" &&
	[ "$(tmp_files_in "$TRASH/pf")" = 0 ]
'

test_expect '-G -T of lat_mmap: the curve of its one size, its file removed' '
	mkdir "$TRASH/mm" &&
	TMPDIR="$TRASH/mm" run_bench lat_mmap -G -T -P 2 -N 3 -E 500 64k &&
	expect_line "^\"scaling lat_mmap mmap threads\$" "$TRASH/err" &&
	expect_line "^2 [0-9]+\$" "$TRASH/err" &&
	! grep -q "^0\.065536 " "$TRASH/err" &&
	[ "$(tmp_files_in "$TRASH/mm")" = 0 ]
'
fi

test_expect '-T -P 2 without -G: lat_pagefault'"'"'s figure from threads' '
	run_bench lat_pagefault -T -P 2 -C 0 -s 256k -N 3 -E 500 &&
	is_positive "$(awk "/^Pagefaults on / { print \$(NF - 1) }" "$TRASH/err")"
'

usage_tests lat_syscall "-G -P 3 -C 0,1 null" "-T -P 0 null" "-G null extra"
usage_tests bw_file_rd "-G 1m io_only"

test_expect 'SIGINT of -T copies removes every thread'"'"'s temporary file' '
	mkdir "$TRASH/t" &&
	{ TMPDIR="$TRASH/t" "$BIN/lat_syscall" -T -P 2 -C 0 -N 1000 -E 1000000 open 2>"$TRASH/err" & } &&
	pid=$! &&
	eventually "[ \"\$(tmp_files_in \"\$TRASH/t\")\" = 2 ]" &&
	kill -INT "$pid" && { wait "$pid"; rc=$?; } &&
	[ "$rc" -gt 128 ] &&
	[ "$(tmp_files_in "$TRASH/t")" = 0 ] &&
	! grep -q "^Simple" "$TRASH/err"
'

test_expect 'SIGINT of a -G -T pipe curve leaves no peer process' '
	{ "$BIN/lat_pipe" -G -T -C 0 -N 1000 -E 1000000 2>"$TRASH/err" & } &&
	pid=$! &&
	eventually "[ \"\$(procs_with lat_pipe \"-G -T -C 0 -N 1000\")\" -ge 2 ]" &&
	kill -INT "$pid" && { wait "$pid"; rc=$?; } &&
	[ "$rc" -gt 128 ] &&
	eventually "[ \"\$(procs_with lat_pipe \"-G -T -C 0 -N 1000\")\" = 0 ]"
'

test_done

#!/bin/sh
# lat_pipe, lat_fifo, lat_unix, lat_unix_connect, lat_sem, lat_fcntl: the
# lmbench line, a positive figure, placement, -P, bad arguments, and no
# process or file left after a normal run.
. "$(dirname "$0")/lib.sh"

# prog:label pairs
progs='lat_pipe:Pipe latency
lat_fifo:Fifo latency
lat_unix:AF_UNIX sock stream latency
lat_unix_connect:UNIX connection cost
lat_sem:Semaphore latency
lat_fcntl:Fcntl lock latency'

mkdir "$TRASH/tmp"
oldifs=$IFS
IFS='
'
for pl in $progs
do
	IFS=$oldifs
	p=${pl%%:*}
	label=${pl#*:}
	test_expect "$p prints one positive figure in lmbench form" "
		TMPDIR=\"\$TRASH/tmp\" run_bench $p -N 3 -E 1000 &&
		expect_line '^$label: [0-9]+\.[0-9]{4} microseconds\$' \"\$TRASH/err\" &&
		expect_line '^\[latbw-stat prog=$p case=[a-z]+ .*reps=3 .*cpus=any ' \"\$TRASH/err\" &&
		[ \$(wc -l <\"\$TRASH/err\") -eq 2 ] &&
		is_positive \"\$(value_of '$label' \"\$TRASH/err\")\"
	"
	test_expect "$p leaves no process and no temporary file" "
		[ \"\$(procs_named $p)\" = 0 ] &&
		[ \"\$(tmp_files_in \"\$TRASH/tmp\")\" = 0 ]
	"
	test_expect "$p -C 0 (same CPU) and -C 0,1 (two CPUs) are recorded" "
		run_bench $p -C 0 -N 3 -E 1000 &&
		expect_line '^$label: .*microseconds\$' \"\$TRASH/err\" &&
		expect_line 'cpus=0 ' \"\$TRASH/err\" &&
		run_bench $p -C 0,1 -N 3 -E 1000 &&
		expect_line '^$label: .*microseconds\$' \"\$TRASH/err\" &&
		expect_line 'cpus=0,1 ' \"\$TRASH/err\"
	"
	usage_tests "$p" "extra" "-m 1" "-N x"
	IFS='
'
done
IFS=$oldifs

test_expect 'lat_pipe -P 2 runs two copies, each with its peer' '
	run_bench lat_pipe -P 2 -N 3 -E 1000 &&
	expect_line "^Pipe latency: " "$TRASH/err" &&
	expect_line "copies=2 " "$TRASH/err" &&
	[ "$(procs_named lat_pipe)" = 0 ]
'

test_expect 'lat_unix_connect: a socket path too long is an error, not a figure' '
	long="$TRASH/tmp/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" &&
	mkdir "$long" &&
	! TMPDIR="$long" run_bench lat_unix_connect -N 3 -E 1000 &&
	expect_status 1 && expect_line "too long" "$TRASH/err" &&
	[ "$(tmp_files_in "$long")" = 0 ]
'

test_done

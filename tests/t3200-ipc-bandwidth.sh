#!/bin/sh
# bw_pipe and bw_unix: the lmbench line, positive figures, message and
# total sizes (bytes counted exactly), placement, bad arguments.
. "$(dirname "$0")/lib.sh"

for pl in "bw_pipe:Pipe bandwidth" "bw_unix:AF_UNIX sock stream bandwidth"
do
	p=${pl%%:*}
	label=${pl#*:}
	test_expect "$p prints one positive figure in lmbench form" "
		run_bench $p -N 3 -M 2m &&
		expect_line '^$label: [0-9]+\.[0-9]{2} MB/sec\$' \"\$TRASH/err\" &&
		expect_line '^\[latbw-stat prog=$p .*reps=3 .*cpus=any unit=MB/s placement=sched cross=[0-9]+%( same_median=[0-9.e+]+ cross_median=[0-9.e+]+)? idle=(poll|os)\]' \"\$TRASH/err\" &&
		[ \$(wc -l <\"\$TRASH/err\") -eq 2 ] &&
		is_positive \"\$(value_of '$label' \"\$TRASH/err\")\" &&
		[ \"\$(procs_named $p)\" = 0 ]
	"
	test_expect "$p with odd sizes (-m 3000 -M 100001) and -C 0" "
		run_bench $p -C 0 -N 3 -E 1000 -m 3000 -M 100001 &&
		is_positive \"\$(value_of '$label' \"\$TRASH/err\")\" &&
		expect_line 'cpus=0 unit=MB/s placement=same( (others_busy|cpu_wait)=[0-9]+%)?\]' \"\$TRASH/err\"
	"
	test_expect "$p with messages larger than the total (-m 1m -M 1000)" "
		run_bench $p -N 3 -E 1000 -m 1m -M 1000 &&
		is_positive \"\$(value_of '$label' \"\$TRASH/err\")\"
	"
	test_expect "$p -P 2 sums two copies" "
		run_bench $p -P 2 -N 3 -M 1m &&
		expect_line 'copies=2 ' \"\$TRASH/err\" &&
		[ \"\$(procs_named $p)\" = 0 ]
	"
	usage_tests "$p" "extra" "-m 0" "-m x" "-M 0" "-M" "-m 1g"
	test_expect "$p: the usage line names -m bytes and -M total" "
		! run_bench $p extra &&
		expect_line '^usage: $p .*-m bytes.*-M total' \"\$TRASH/err\"
	"
done

test_done

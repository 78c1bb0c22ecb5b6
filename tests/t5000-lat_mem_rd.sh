#!/bin/sh
# lat_mem_rd: series format, positive latencies, the order and page
# options, bad arguments and cleanup (latencies against the hardware:
# tests/bench/t5000-lat_mem_rd.sh).
. "$(dirname "$0")/lib.sh"

test_expect 'a sweep prints the title, one series and a blank line' '
	run_bench lat_mem_rd -N 3 -E 200 0.0625 64 &&
	cp "$TRASH/err" "$TRASH/plain" &&
	[ "$(sed -n 1p "$TRASH/err")" = "Memory load latency" ] &&
	[ "$(sed -n 2p "$TRASH/err")" = "\"stride=64" ] &&
	[ -z "$(tail -n 1 "$TRASH/err")" ]
'

test_expect 'sizes are lmbench'"'"'s, from 512 bytes, in MB with 5 decimals' '
	points "$TRASH/plain" | awk "{ print \$1 }" >"$TRASH/x" &&
	printf "%s\n" 0.00049 0.00098 0.00195 0.00293 0.00391 0.00586 \
		0.00781 0.00977 >"$TRASH/want" &&
	head -n 8 "$TRASH/x" | cmp -s - "$TRASH/want" ||
		fail "first sizes: $(head -n 8 "$TRASH/x" | tr "\n" " ")" &&
	[ "$(tail -n 1 "$TRASH/x")" = 0.06250 ] &&
	[ "$(wc -l <"$TRASH/x")" -eq 27 ] &&
	! grep -vE "^[0-9]+\.[0-9]{5}$" "$TRASH/x"
'

test_expect 'each point has 3 decimals and a statistics line' '
	[ "$(points "$TRASH/plain" | grep -cE " [0-9]+\.[0-9]{3}$")" -eq 27 ] &&
	[ "$(grep -c "^\[latbw-stat prog=lat_mem_rd case=chase x=" "$TRASH/plain")" -eq 27 ] &&
	[ "$(wc -l <"$TRASH/plain")" -eq $((2 + 2 * 27 + 1)) ]
'

test_expect 'every latency is positive' '
	points "$TRASH/plain" | awk "{ print \$2 }" >"$TRASH/y" &&
	while read -r v
	do
		is_positive "$v" || return 1
	done <"$TRASH/y"
'

test_expect '-t: Random load latency, one series up to the size' '
	run_bench lat_mem_rd -t -N 3 -E 200 1 256 &&
	[ "$(sed -n 1p "$TRASH/err")" = "Random load latency" ] &&
	[ "$(sed -n 2p "$TRASH/err")" = "\"stride=256" ] &&
	[ "$(points "$TRASH/err" | awk "NR == 1 { print \$1 }")" = 0.00049 ] &&
	[ "$(points "$TRASH/err" | awk "END { print \$1 }")" = 1.00000 ]
'

test_expect 'several strides: one series each, in order' '
	run_bench lat_mem_rd -N 3 -E 200 0.01 16 1024 &&
	grep "^\"" "$TRASH/err" >"$TRASH/titles" &&
	printf "%s\n" "\"stride=16" "\"stride=1024" | cmp -s - "$TRASH/titles" &&
	[ "$(grep -c "^$" "$TRASH/err")" -eq 2 ] &&
	expect_line "^0\.00098 " "$TRASH/err" &&
	[ "$(grep -c "^0\.00049 " "$TRASH/err")" -eq 1 ]
'

test_expect 'no stride means 128' '
	run_bench lat_mem_rd -N 3 -E 200 0.001 &&
	[ "$(sed -n 2p "$TRASH/err")" = "\"stride=128" ]
'

test_expect '-o page says so in the series title' '
	run_bench lat_mem_rd -o page -N 3 -E 200 0.01 64 &&
	[ "$(sed -n 2p "$TRASH/err")" = "\"stride=64 order=page" ]
'

test_expect '-H thp: pages=thp in the title, or exit 3 saying why' '
	if run_bench lat_mem_rd -o random -H thp -N 3 -E 200 0.01 64
	then
		[ "$(sed -n 2p "$TRASH/err")" = "\"stride=64 order=random pages=thp" ]
	else
		expect_status 3 &&
		expect_line "^lat_mem_rd: cannot run here: " "$TRASH/err" &&
		! points "$TRASH/err" && ! grep -q "latency\$" "$TRASH/err"
	fi
'

test_expect '-H hugetlb: a figure or exit 3 saying why, never a mislabel' '
	if run_bench lat_mem_rd -H hugetlb -N 3 -E 200 0.01 64
	then
		[ "$(sed -n 2p "$TRASH/err")" = "\"stride=64 pages=hugetlb" ]
	else
		expect_status 3 &&
		expect_line "^lat_mem_rd: cannot run here: .*hugetlb" "$TRASH/err" &&
		! points "$TRASH/err" && ! grep -q "latency\$" "$TRASH/err"
	fi
'

test_expect '-P 2 with pages not available here: exit 3 and no title' '
	if [ "$(cat /proc/sys/vm/nr_hugepages 2>/dev/null)" = 0 ]
	then
		! run_bench lat_mem_rd -P 2 -H hugetlb -N 3 -E 200 0.01 64 &&
		expect_status 3 && ! grep -q "latency\$" "$TRASH/err" &&
		! points "$TRASH/err"
	fi
'

test_expect '-P 2 runs two copies per point' '
	run_bench lat_mem_rd -P 2 -N 3 -E 200 0.004 64 &&
	expect_line "copies=2 " "$TRASH/err" &&
	[ "$(points "$TRASH/err" | wc -l)" -eq 5 ]
'

usage_tests lat_mem_rd "" "x" "0" "-1" "1 7" "1 12" "1 0" "0.001 2048" "-o up 1" \
	"-H big 1" "-t -o page 1" "-o"

test_expect 'the time bound stops a long sweep and leaves no process' '
	! run_bench lat_mem_rd -B 1 -P 2 511.75 16 &&
	expect_status 1 && expect_line "time bound" "$TRASH/err" &&
	eventually "[ \"\$(procs_with lat_mem_rd \" 511.75 16\")\" = 0 ]" ||
		fail "$(procs_with lat_mem_rd " 511.75 16") processes left"
'

test_expect 'SIGINT stops a sweep and leaves no process' '
	"$BIN/lat_mem_rd" -P 2 511.5 16 2>"$TRASH/err" &
	pid=$! && sleep 1 && kill -INT "$pid"
	wait "$pid"
	[ "$?" -gt 128 ] &&
	{ eventually "[ \"\$(procs_with lat_mem_rd \" 511.5 16\")\" = 0 ]" ||
		fail "$(procs_with lat_mem_rd " 511.5 16") processes left"; }
'

test_expect 'no temporary file is left behind' '
	mkdir "$TRASH/t" &&
	TMPDIR="$TRASH/t" run_bench lat_mem_rd -N 3 -E 200 0.004 64 &&
	[ "$(tmp_files_in "$TRASH/t")" = 0 ]
'

test_done

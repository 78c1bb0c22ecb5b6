#!/bin/sh
# latbw-run's load group in quick mode with the real programs on 1 MB:
# lat_mem_load's and par_mem -c's series in the results file, their
# statistics after each blank line, and summary's tables and graph's plot
# of the file the run wrote.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/bin" "$TRASH/tmp" "$TRASH/fs" "$TRASH/res"
printf '#!/bin/sh\necho "3000 MHz, 0.3333 nanosec clock" >&2\n' >"$TRASH/bin/mhz"
chmod +x "$TRASH/bin/mhz"
ln -s "$BIN/lat_mem_load" "$TRASH/bin/lat_mem_load"
ln -s "$BIN/par_mem" "$TRASH/bin/par_mem"

run_driver LATBW_BIN="$TRASH/bin" FSDIR="$TRASH/fs" MB=1 QUICK=1 ROUNDS=1 REPS=3 BENCHMARKS=load
F=$(find "$TRASH/res" -type f -name '*.0')
export F
ncpu=$(nproc 2>/dev/null || echo 1)
export ncpu

test_expect 'BENCHMARKS=load QUICK=1: the loaded and MLP series, once each' '
	expect_status 0 &&
	[ "$(grep -Ec "^\"loaded latency mode=read pages=(thp|small)\$" "$F")" -eq 1 ] &&
	[ "$(grep -Ec "^\"mlp latency pages=(thp|small)\$" "$F")" -eq 1 ] &&
	[ "$(grep -Ec "^\"mlp bandwidth pages=(thp|small)\$" "$F")" -eq 1 ] &&
	if [ "$ncpu" -ge 2 ]
	then
		[ "$(grep -c "^\"loaded bandwidth mode=read\$" "$F")" -eq 1 ]
	else
		! grep -q "^\"loaded bandwidth" "$F"
	fi
'

test_expect 'each point has its statistics line, after the blank line' '
	awk "/^\"(loaded|mlp) / { s = 1; next } s && /^\[latbw-stat/ { exit 1 }
		/^\$/ { s = 0 }" "$F" &&
	n=$(awk "/^\"(loaded|mlp) / { s = 1; next } /^\$/ { s = 0 } s { c++ } END { print c + 0 }" "$F") &&
	[ "$n" -ge 6 ] &&
	[ "$(grep -Ec "^\[latbw-stat prog=(lat_mem_load|par_mem) case=(loaded|loaders|latency|bandwidth) " "$F")" -eq "$n" ]
'

test_expect 'summary prints both tables of the run' '
	sh "$TOP/scripts/summary" "$F" >"$TRASH/sum" 2>"$TRASH/sumerr" &&
	[ ! -s "$TRASH/sumerr" ] &&
	expect_line "^Loaded latency \(lat_mem_load\) - loaders reading" "$TRASH/sum" &&
	expect_line "^Memory-level parallelism \(par_mem -c\)" "$TRASH/sum" &&
	expect_line "^16 +[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{2}\$" "$TRASH/sum"
'

test_expect 'graph draws the latency-against-bandwidth plots, loaded and MLP' '
	sh "$TOP/scripts/graph" -o "$TRASH/svg" "$F" >"$TRASH/gout" 2>"$TRASH/gerr" &&
	expect_line "/load-latency\.svg\$" "$TRASH/gout" &&
	expect_line "/mlp-latency\.svg\$" "$TRASH/gout" &&
	[ "$(grep -c "<g class=\"curve\">" "$TRASH/svg/load-latency.svg")" -eq 1 ] &&
	[ "$(grep -c "<g class=\"curve\">" "$TRASH/svg/mlp-latency.svg")" -eq 1 ]
'

test_done

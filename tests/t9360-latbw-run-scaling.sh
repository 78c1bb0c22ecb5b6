#!/bin/sh
# latbw-run's scaling group in quick mode: lat_syscall's two curves
# (processes, threads) as series with their statistics after the blank
# line, and the summary's table of them.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/bin" "$TRASH/tmp" "$TRASH/fs" "$TRASH/res"
printf '#!/bin/sh\necho "3000 MHz, 0.3333 nanosec clock" >&2\n' >"$TRASH/bin/mhz"
chmod +x "$TRASH/bin/mhz"
ln -s "$BIN/lat_syscall" "$TRASH/bin/lat_syscall"

run_driver LATBW_BIN="$TRASH/bin" FSDIR="$TRASH/fs" MB=1 QUICK=1 ROUNDS=1 BENCHMARKS=scaling
F=$(find "$TRASH/res" -type f -name '*.0')
export F

test_expect 'BENCHMARKS=scaling QUICK=1: the null system call'"'"'s two curves' '
	expect_status 0 &&
	grep -v "^\[" "$F" | awk "
		/^\"scaling lat_syscall null (processes|threads)\$/ { t++; next }
		/^[0-9]+ [0-9]+\$/ { p++; next }
		/^\$/ { b++; next }
		{ bad = bad \$0 \"|\" }
		END { exit !(t == 2 && p >= 2 && b == 2 && bad == \"\") }" ||
		fail "not two curves: $(cat "$F")"
'

test_expect 'a statistics line per point, after the blank line' '
	n=$(grep -c "^[0-9]* [0-9]*\$" "$F") &&
	[ "$(grep -c "^\[latbw-stat prog=lat_syscall case=null x=[0-9]* " "$F")" -eq "$n" ] &&
	awk "/^\"scaling/ { s = 1 } s && /^\[latbw-stat prog=lat_syscall/ { exit 1 } /^\$/ { s = 0 }" "$F"
'

test_expect 'summary prints the scaling table of the run' '
	sh "$TOP/scripts/summary" "$F" >"$TRASH/sum" 2>"$TRASH/sumerr" &&
	[ ! -s "$TRASH/sumerr" ] &&
	expect_line "^Scaling curves \(-G\)" "$TRASH/sum" &&
	expect_line "^lat_syscall null +processes +total " "$TRASH/sum" &&
	expect_line "^lat_syscall null +threads +total " "$TRASH/sum"
'

test_done

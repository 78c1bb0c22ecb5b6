#!/bin/sh
# The harness's others_busy=: a pinned measurement's statistics line says
# how busy the CPUs it was not pinned to were meanwhile (/proc/stat); an
# unpinned one says nothing; one pinned across every CPU says instead how
# long tasks waited for a CPU (cpu_wait=, Linux's CPU pressure).
. "$(dirname "$0")/lib.sh"

ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
export ncpu

# busy_of FILE: the others_busy percentage of the first statistics line.
busy_of() {
	sed -n 's/^\[latbw-stat .* others_busy=\([0-9]*\)%.*/\1/p' "$1" | sed -n 1p
}

test_expect 'unpinned: no others_busy' '
	run_bench lat_syscall -N 3 -E 500 null &&
	expect_line "^\[latbw-stat prog=lat_syscall .* cpus=any unit=us\]\$" "$TRASH/err"
'

if [ -r /proc/stat ] && [ "$ncpu" -ge 2 ] && command -v taskset >/dev/null 2>&1
then
	# Three samples of 50 ms: past the tenth of a second under which the
	# share is not said (MIN_TICKS, src/lib/cpus.c).  With 20 ms samples
	# the window was 60 ms and calibration, and the line lacked it in 5
	# of 15 runs here.
	test_expect 'pinned to one CPU of several: others_busy, a percentage' '
		run_bench lat_syscall -C 0 -N 3 -E 50000 null &&
		b=$(busy_of "$TRASH/err") && [ -n "$b" ] && [ "$b" -le 100 ] &&
		expect_line "cpus=0 unit=us placement=same others_busy=[0-9]+%\]\$" "$TRASH/err"
	'

	# /proc/stat counts ticks of 10 ms: over a measurement of a few, one
	# busy tick of a daemon read 100 % (quick runs, quiet machine).
	test_expect 'pinned, shorter than a tenth of a second: others_busy not said' '
		run_bench lat_syscall -C 0 -N 1 -W 0 -E 100 null &&
		expect_line "^\[latbw-stat prog=lat_syscall .* cpus=0 unit=us placement=same\]\$" "$TRASH/err"
	'

	test_expect 'a process spinning on CPU 1 meanwhile: others_busy says so' '
		taskset -c 1 sh -c "while :; do :; done" &
		spin=$!
		run_bench lat_syscall -C 0 -N 5 -E 50000 null
		kill "$spin"
		wait "$spin" 2>/dev/null
		b=$(busy_of "$TRASH/err") && [ -n "$b" ] &&
		{ [ "$ncpu" -gt 2 ] || [ "$b" -ge 50 ]; } ||
			fail "others_busy=$b% with CPU 1 spinning"
	'

	test_expect 'pinned under taskset to CPU 0 alone: CPU 1 is still a neighbour' '
		taskset -c 0 "$BIN/lat_syscall" -C 0 -N 3 -E 50000 null >"$TRASH/out" 2>"$TRASH/err" &&
		expect_line "cpus=0 unit=us placement=same others_busy=[0-9]+%\]\$" "$TRASH/err"
	'

	all="0-$((ncpu - 1))"
	if [ "$(cat /sys/devices/system/cpu/online 2>/dev/null)" = "$all" ]
	then
		if [ -r /proc/pressure/cpu ]
		then
			test_expect "pinned to every CPU ($all): no others to tell of, cpu_wait instead" '
				run_bench lat_syscall -C "$all" -N 3 -E 500 null &&
				expect_line "cpus=$all unit=us placement=cross idle=(poll|os) cpu_wait=[0-9]+%\]\$" "$TRASH/err"
			'
			test_expect "two copies pinned to every CPU ($all): no cpu_wait (copies wait for each other)" '
				run_bench lat_pipe -P 2 -C "$all" -N 3 -E 500 &&
				expect_line "^\[latbw-stat prog=lat_pipe .*copies=2 " "$TRASH/err" &&
				! grep -q "cpu_wait=" "$TRASH/err"
			'
		else
			test_expect "pinned to every CPU ($all): no others to tell of" '
				run_bench lat_syscall -C "$all" -N 3 -E 500 null &&
				expect_line "cpus=$all unit=us placement=cross idle=(poll|os)\]\$" "$TRASH/err"
			'
		fi
	fi
	if [ "$ncpu" -eq 2 ] && [ "$(cat /sys/devices/system/cpu/online 2>/dev/null)" = "0-1" ] &&
		[ -r /proc/pressure/cpu ]
	then
		# (alone, each side of the pipe has its CPU: 3 to 14% on a
		# 2-vCPU guest; with a process spinning on CPU 1, 44 to 48%)
		test_expect 'across both CPUs, a process spinning on CPU 1: cpu_wait says so' '
			taskset -c 1 sh -c "while :; do :; done" &
			spin=$!
			run_bench lat_pipe -C 0,1 -N 5 -E 50000
			kill "$spin"
			wait "$spin" 2>/dev/null
			w=$(sed -n "s/^\[latbw-stat .* cpu_wait=\([0-9]*\)%.*/\1/p" "$TRASH/err" | sed -n 1p) &&
			[ -n "$w" ] && [ "$w" -ge 20 ] && [ "$w" -le 100 ] &&
			! grep -q "others_busy=" "$TRASH/err" ||
				fail "cpu_wait=$w% with CPU 1 spinning: $(cat "$TRASH/err")"
		'
	fi
else
	test_skip 'others_busy on a pinned run' 'one CPU, or no /proc/stat or taskset'
fi

test_done

#!/bin/sh
# lat_mem_load: the two series (latency by loaders, the loaders' bandwidth)
# and their statistics, one CPU (k = 0 only, said), -w and -k, bad
# arguments, the loaders made before the first point (asleep, pinned),
# and no loader left after SIGINT, the time bound or a dead loader.
. "$(dirname "$0")/lib.sh"

# form: the series of $TRASH/err with every y written V, no stat lines.
form() {
	awk '/^\[/ { next } { print }' "$TRASH/err" |
		sed 's/^\([0-9][0-9]*\) [0-9][0-9]*\.[0-9][0-9]$/\1 V/'
}

# run_loaded ARGS: run_bench lat_mem_load ARGS, and again (three runs at
# most) when it said its loaders were kept off their CPUs: a neighbour on
# CPU 1 (CI's host) can starve them, and the program then rightly gives no
# figure.  These tests are about the series, not about that refusal.
run_loaded() {
	rl_try=1
	while ! run_bench lat_mem_load "$@"
	do
		if ! grep -q "kept off their CPUs" "$TRASH/err" ||
			[ "$rl_try" -ge 3 ]
		then
			cat "$TRASH/err" >&2
			return 1
		fi
		echo "lat_mem_load $*: loaders starved (run $rl_try), again" >&2
		rl_try=$((rl_try + 1))
	done
}

test_expect 'one CPU (-C 0): k = 0 only, said once, no bandwidth series' '
	run_bench lat_mem_load -C 0 -M 1m -N 3 -E 300 &&
	printf "%s\n" "lat_mem_load: one CPU (0): k = 0 only, no loaders" \
		"\"loaded latency mode=read pages=small" "0 V" "" >"$TRASH/want" &&
	form >"$TRASH/form" && diff "$TRASH/want" "$TRASH/form" &&
	expect_line "^\[latbw-stat prog=lat_mem_load case=loaded x=0 .* cpus=0 unit=ns placement=same( (others_busy|cpu_wait)=[0-9]+%)?\]\$" "$TRASH/err"
'

for args in "extra" "-M 1k" "-L 1k" "-H huge" "-k x" "-k 300" "-P 2" "-q"
do
	test_expect "bad arguments '$args': exit 2, one line and the usage" "
		! run_bench lat_mem_load $args &&
		expect_status 2 &&
		expect_line '^lat_mem_load: ' \"\$TRASH/err\" &&
		expect_line '^usage: lat_mem_load ' \"\$TRASH/err\" &&
		[ \$(wc -l <\"\$TRASH/err\") -eq 2 ]
	"
done

if [ "$(nproc 2>/dev/null || echo 1)" -lt 2 ]
then
	test_skip 'lat_mem_load on CPUs 0 and 1' 'fewer than two CPUs here'
else
	test_expect 'CPUs 0 and 1: latency at k = 0, 1, then bandwidth at k = 1' '
		run_loaded -C 0,1 -M 1m -L 1m -N 3 -E 20000 &&
		printf "%s\n" "\"loaded latency mode=read pages=small" "0 V" \
			"1 V" "" "\"loaded bandwidth mode=read" "1 V" "" \
			>"$TRASH/want" &&
		form >"$TRASH/form" && diff "$TRASH/want" "$TRASH/form" &&
		expect_line "^\[latbw-stat prog=lat_mem_load case=loaded x=1 .* cpus=0,1 unit=ns placement=cross idle=(poll|os)( (others_busy|cpu_wait)=[0-9]+%)?\]\$" "$TRASH/err" &&
		expect_line "^\[latbw-stat prog=lat_mem_load case=loaders x=1 .* cpus=0,1 unit=MB/s placement=cross idle=(poll|os)( (others_busy|cpu_wait)=[0-9]+%)?\]\$" "$TRASH/err" &&
		is_positive "$(awk "/^\"loaded bandwidth/ { b = 1 } b && /^1 / { print \$2 }" "$TRASH/err")" &&
		[ "$(procs_named lat_mem_load)" = 0 ]
	'
	test_expect '-w: the loaders write (titles say so); -k 0: no loader' '
		run_loaded -w -C 0,1 -M 1m -L 1m -N 3 -E 20000 &&
		expect_line "^\"loaded latency mode=write pages=small\$" "$TRASH/err" &&
		expect_line "^\"loaded bandwidth mode=write\$" "$TRASH/err" &&
		run_bench lat_mem_load -k 0 -C 0,1 -M 1m -N 3 -E 300 &&
		printf "%s\n" "\"loaded latency mode=read pages=small" "0 V" "" \
			>"$TRASH/want" &&
		form >"$TRASH/form" && diff "$TRASH/want" "$TRASH/form"
	'

	# started PID: lat_mem_load PID has its loader (a child) running.
	started() {
		[ -n "$(ps -o pid= --ppid "$1" 2>/dev/null)" ]
	}

	# The loaders are made before the chased array is (a fork while it
	# is mapped slowed the chase many times over on a KVM guest): the
	# loader is there, pinned to CPU 1 and asleep, before k = 0's point.
	test_expect 'the loader exists before k = 0, asleep on its CPU' '
		"$BIN/lat_mem_load" -B 60 -C 0,1 -M 1m -L 1m -N 1000 -E 2000 2>"$TRASH/err" &
		pid=$!
		i=0
		until started $pid || [ $i -ge 300 ]
		do
			i=$((i + 1))
			sleep 0.1
		done
		kid=$(ps -o pid= --ppid $pid | tr -d " ")
		points=$(grep -c "^[0-9]" "$TRASH/err")
		eventually "grep -q \"^Cpus_allowed_list:[[:space:]]*1\$\" /proc/$kid/status" &&
			pinned=1 || pinned=0
		eventually "[ \"\$(cut -d\" \" -f3 /proc/$kid/stat)\" = S ]" &&
			asleep=1 || asleep=0
		kill -INT $pid
		wait $pid
		{ [ -n "$kid" ] || fail "no loader within 30 s"; } &&
		{ [ "$points" = 0 ] ||
			fail "the loader came after $points point(s): $(cat "$TRASH/err")"; } &&
		{ [ "$pinned" = 1 ] || fail "the loader is not pinned to CPU 1"; } &&
		{ [ "$asleep" = 1 ] ||
			fail "the loader is not asleep before its turn"; } &&
		{ eventually "[ \"\$(procs_named lat_mem_load)\" = 0 ]" ||
			fail "lat_mem_load processes left"; }
	'
	# bound: the alarm -B sets off, sent once a loader runs (the same
	# way out as the bound's own expiry, at a time the test chooses).
	# A point takes about 2 s (-N 1000 -E 2000): time to find its loader
	# and kill it while it runs (at 0.5 s a point, the kill came after
	# the last point's check in 1 of 4 runs here, and nothing failed).
	# INT and the bound end the program at once; a killed loader is
	# found when its point comes (k = 1), after all of k = 0's samples,
	# which under make test's load took 2 s to several times that: for
	# it, points of 1 s (-N 500), three of them (3 s) before the program
	# could end without an error, where the kill comes within the first
	# poll's 0.1 s (a loader killed as its point ends, a zombie, would
	# not stop the run: 8f819e7).
	for way in INT bound loader
	do
		reps=1000
		[ "$way" = loader ] && reps=500
		test_expect "stopped by $way with a loader running: exit status, nothing left" "
			\"\$BIN/lat_mem_load\" -B 60 -C 0,1 -M 1m -L 1m -N $reps -E 2000 2>\"\$TRASH/err\" &
			pid=\$!
			# k = 0 comes first (2 s, more under make test's load).
			i=0
			until started \$pid || [ \$i -ge 300 ]
			do
				i=\$((i + 1))
				sleep 0.1
			done
			started \$pid || { kill \$pid; wait \$pid; fail 'no loader started within 30 s'; return 1; }
			kid=\$(ps -o pid= --ppid \$pid | tr -d ' ')
			case $way in
			INT) kill -INT \$pid ;;
			bound) kill -ALRM \$pid ;;
			loader)
				# A loader ends with its point: until one is
				# killed, the next one there is.
				i=0
				until [ -n \"\$kid\" ] && kill -KILL \$kid 2>/dev/null
				do
					i=\$((i + 1))
					[ \$i -lt 100 ] || break
					sleep 0.05
					kid=\$(ps -o pid= --ppid \$pid | tr -d ' ')
				done
				;;
			esac
			wait \$pid
			rc=\$?
			case $way in
			INT) [ \$rc -gt 128 ] ;;
			*) [ \$rc = 1 ] && expect_line '^lat_mem_load: ' \"\$TRASH/err\" ;;
			esac || fail \"exit status \$rc: \$(cat \"\$TRASH/err\")\" || return 1
			! grep -q '^1 ' \"\$TRASH/err\" || fail 'a loaded figure was printed'
			eventually '[ \"\$(procs_named lat_mem_load)\" = 0 ]' ||
				fail 'lat_mem_load processes left'
		"
	done
	test_expect 'the time bound (-B 1) itself: exit 1, said, nothing left' '
		{ ! run_bench lat_mem_load -B 1 -C 0,1 -M 1m -L 1m -N 1000 -E 3000 ||
			fail "it ended within 1 s: $(cat "$TRASH/err")"; } &&
		expect_status 1 && expect_line "^lat_mem_load: " "$TRASH/err" &&
		{ eventually "[ \"\$(procs_named lat_mem_load)\" = 0 ]" ||
			fail "left: $(ps -eo pid,ppid,stat,args | grep "[l]at_mem_load")"; }
	'
fi

test_done

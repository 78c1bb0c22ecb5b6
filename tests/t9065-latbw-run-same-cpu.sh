#!/bin/sh
# latbw-run's SAME_CPU: where the same-CPU steps run.  quiet (the
# default): the CPU latbw-quiet names as each step begins (an answer less
# than a second old is kept), a server's clients where the server was
# started; a number: that CPU; bad values are configuration errors.  Then
# latbw-quiet itself.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/bin" "$TRASH/tmp" "$TRASH/fs" "$TRASH/res"
# The stand-ins start as the real programs do, through latbw-start, where
# it is built: without it each step starts setsid, sh and nice besides
# (t9060 checks that way).
[ -x "$BIN/latbw-start" ] && ln -s "$BIN/latbw-start" "$TRASH/bin/latbw-start"

# A latbw-quiet that names 7, 8, 9, ... in turn (one more each call), so
# that every answer is a CPU of its own.  It and the stand-ins log each
# call in $TRASH/log, after the hundredths of a second since boot: "Q CS
# N ARGS" (an answer), "P CS ARGS" (a step).  PIPE_NAP: lat_pipe's
# cross-CPU steps (a -C list of two) nap so long, so that the next
# round's same-CPU step begins that long after the last answer (the
# same-CPU steps do not nap: they would only make the test longer).
echo 6 >"$TRASH/quiet.n"
UP='read -r up _ </proc/uptime; up=${up%.*}${up#*.}'
fake latbw-quiet "$UP"'; read -r n <"'"$TRASH"'/quiet.n"; n=$((n + 1)); echo "$n" >"'"$TRASH"'/quiet.n"; echo "Q $up $n $*" >>"'"$TRASH"'/log"; echo "$n"'
fake lat_pipe "$UP"'; echo "$*" >>"'"$TRASH"'/args"; echo "P $up $*" >>"'"$TRASH"'/log"; case "$*" in *,*) [ -z "${PIPE_NAP:-}" ] || sleep "$PIPE_NAP" ;; esac; echo "Pipe latency: 3.0000 microseconds" >&2'
fake lat_ctx "$UP"'; echo "$*" >>"'"$TRASH"'/args"; echo "P $up $*" >>"'"$TRASH"'/log"; echo "\"size=0k ovr=1.00" >&2; echo "2 3.00" >&2'
fake lat_connect 'echo "conn $*" >>"'"$TRASH"'/args"
case " $* " in
*" -s "* | *" -S "*) exit 0 ;;
esac
echo "TCP/IP connection cost to localhost: 5.0000 microseconds" >&2'

# same_run [VAR=VALUE...]: the stand-ins' same-CPU steps (no cross-CPU
# group); their arguments in $TRASH/args, the results file in $F.
# shellcheck disable=SC2120 # also called with settings, inside test texts
same_run() {
	rm -f "$TRASH/args" "$TRASH/log" && echo 6 >"$TRASH/quiet.n" &&
	stub_run BENCHMARKS="ipc ctx net" "$@"
}

# cpu_of ERE: the CPU of the recorded same-CPU command lines (one CPU
# after -C; the cross-CPU group's lists of two are left out) that match
# the extended regex ERE, in one awk.
cpu_of() {
	awk -v re="$1" '$0 ~ re && match($0, / -C [0-9]*( |$)/) {
		c = substr($0, RSTART + 4, RLENGTH - 4)
		sub(/ $/, "", c)
		print c
	}' "$TRASH/args"
}

test_expect 'SAME_CPU is a configuration key: -p prints it, quiet by default' '
	driver_env sh "$RUN" -p >"$TRASH/p" &&
	grep -x "SAME_CPU=quiet" "$TRASH/p" &&
	driver_env SAME_CPU=0 sh "$RUN" -p >"$TRASH/p" &&
	grep -x "SAME_CPU=0" "$TRASH/p"
'

for bad in abc -1 01 1.5 4096
do
	test_expect "SAME_CPU=$bad: one-line configuration error, exit 2" '
		driver_env SAME_CPU="$bad" sh "$RUN" -p >"$TRASH/out" 2>"$TRASH/err"
		[ $? -eq 2 ] && has_lines 1 "$TRASH/err" &&
		grep -q "SAME_CPU=.*: not quiet or a CPU number\|SAME_CPU=.*is not online here" "$TRASH/err" &&
		! [ -s "$TRASH/out" ]
	'
done

# stale_or_wrong: the log's same-CPU steps (lat_pipe, lat_ctx) that did
# not run where latbw-quiet last said (asked without -p), or began 1.5 s
# or more after it said so (the driver keeps an answer for a second).
stale_or_wrong() {
	awk '$1 == "Q" && NF == 3 { cs = $2; n = $3 }
		$1 == "P" && $3 == "-B" {
			c = ""
			for (i = 4; i < NF; i++) if ($i == "-C") c = $(i + 1)
			if (c !~ /^[0-9]+$/) next
			if (c != n || $2 - cs >= 150) print
		}' "$TRASH/log"
}

same_run
test_expect 'quiet: each same-CPU step runs where latbw-quiet last said, at most a second before' '
	expect_status 0 &&
	[ "$(cpu_of "^-B")" != "" ] &&
	[ "$(grep -c "^P" "$TRASH/log")" -ge 3 ] &&
	[ -z "$(stale_or_wrong)" ] &&
	! grep -q "@CPU@" "$TRASH/args" "$F" &&
	expect_line "^\[SAME_CPU: quiet\]\$" "$F" || {
		fail "$(cat "$TRASH/log")"
		return 1
	}
'

test_expect 'quiet: a server'"'"'s client runs on the server'"'"'s CPU, not a new one' '
	s=$(cpu_of "^conn -s") && c=$(cpu_of "^conn -B") &&
	[ -n "$s" ] && [ "$s" = "$c" ] &&
	[ "$(grep -c "^TCP/IP connection cost to localhost:" "$F")" -eq 1 ]
'

test_expect 'quiet: a step that begins a second after the last answer asks again' '
	same_run BENCHMARKS=lat_pipe ROUNDS=3 PIPE_NAP=1.2 &&
	expect_status 0 &&
	# three same-CPU steps, one a round, each on a CPU of its own
	[ "$(cpu_of "^-B" | wc -l)" -eq 3 ] &&
	[ "$(cpu_of "^-B" | sort -u | wc -l)" -eq 3 ] &&
	[ -z "$(stale_or_wrong)" ] || {
		fail "$(cat "$TRASH/log")"
		return 1
	}
'

test_expect 'quiet without latbw-quiet: CPU 0' '
	mv "$TRASH/bin/latbw-quiet" "$TRASH/quiet.off" &&
	same_run &&
	mv "$TRASH/quiet.off" "$TRASH/bin/latbw-quiet" &&
	[ "$(cpu_of "" | sort -u)" = 0 ]
'

test_expect 'SAME_CPU=0: every same-CPU step and server on CPU 0, latbw-quiet not asked' '
	same_run SAME_CPU=0 &&
	[ "$(cpu_of "" | sort -u)" = 0 ] &&
	read -r n <"$TRASH/quiet.n" && [ "$n" = 6 ] &&
	expect_line "^\[SAME_CPU: 0\]\$" "$F"
'

# A lat_syscall that records its arguments: a single-process step (place
# one in the registry), pinned like the same-CPU steps.
fake lat_syscall 'echo "syscall $*" >>"'"$TRASH"'/args"; echo "Simple syscall: 0.1000 microseconds" >&2'

test_expect 'a single-process step (lat_syscall) runs on the CPU latbw-quiet names, too' '
	same_run BENCHMARKS=lat_syscall &&
	expect_status 0 &&
	c=$(cpu_of "^syscall -B .* null\$") && [ "$c" = 7 ] &&
	! grep -q "@ONE@" "$TRASH/args" "$F" &&
	expect_line "^Simple syscall: " "$F" || {
		fail "$(cat "$TRASH/args")"
		return 1
	}
'

test_expect 'SYNC_MAX=2: a single-process step'"'"'s copies are not pinned (no -C), a same-CPU one'"'"'s are' '
	same_run BENCHMARKS="lat_syscall lat_pipe" SYNC_MAX=2 &&
	expect_status 0 &&
	expect_line "^syscall -B [0-9]+ -N [0-9]+ -E [0-9]+ -P 2 null\$" "$TRASH/args" &&
	! grep -q "^syscall .*-C" "$TRASH/args" &&
	grep "^-B .*-P 2" "$TRASH/args" | grep -q -- "-C [0-9]" &&
	! grep -q "@ONE@" "$TRASH/args" "$F" || {
		fail "$(cat "$TRASH/args")"
		return 1
	}
'

Q=$BIN/latbw-quiet
export Q
for bad in x 0 10001 "1 2"
do
	test_expect "latbw-quiet $bad: usage, exit 2" '
		# shellcheck disable=SC2086 # "1 2" is two arguments
		"$Q" $bad >"$TRASH/out" 2>"$TRASH/err"
		[ $? -eq 2 ] && ! [ -s "$TRASH/out" ] &&
		expect_line "^usage: latbw-quiet" "$TRASH/err"
	'
done

test_expect 'latbw-quiet names one CPU this process may run on' '
	"$Q" 20 >"$TRASH/out" &&
	read -r c <"$TRASH/out" &&
	case "$c" in "" | *[!0-9]*) false ;; esac &&
	if command -v taskset >/dev/null 2>&1 && [ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ]
	then
		[ "$(taskset -c 1 "$Q" 20)" = 1 ]
	fi
'

test_done

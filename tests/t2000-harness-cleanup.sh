#!/bin/sh
# The harness: time bound, signals, children and temporary files.
. "$(dirname "$0")/lib.sh"

test_expect 'the time bound stops a run with exit 1 and a message' '
	! "$BIN/lat_proc" -B 1 -N 1000 -E 1000000 fork 2>"$TRASH/err" &&
	expect_line "^lat_proc: time bound of 1 s exceeded" "$TRASH/err" &&
	! grep -q "^Process" "$TRASH/err"
'

test_expect '... and leaves no child process' '
	[ "$(procs_named lat_proc)" = 0 ]
'

test_expect 'the time bound with -P copies leaves no process' '
	! "$BIN/lat_syscall" -P 2 -B 1 -N 1000 -E 1000000 null 2>"$TRASH/err" &&
	expect_line "time bound" "$TRASH/err" &&
	eventually "[ \"\$(procs_named lat_syscall)\" = 0 ]"
'

# interrupt SIG PROG ARGS...: start PROG, send SIG after a moment, and
# leave its exit status in $TRASH/rc.
interrupt() {
	sig=$1
	prog=$2
	shift 2
	"$BIN/$prog" "$@" 2>"$TRASH/err" &
	pid=$!
	sleep 1
	kill "-$sig" "$pid"
	wait "$pid"
	echo $? >"$TRASH/rc"
}

for sig in INT TERM HUP
do
	test_expect "SIG$sig stops lat_proc fork and leaves no child" "
		interrupt $sig lat_proc -N 1000 -E 1000000 fork &&
		[ \"\$(cat \"\$TRASH/rc\")\" -gt 128 ] &&
		! grep -q '^Process' \"\$TRASH/err\" &&
		[ \"\$(procs_named lat_proc)\" = 0 ]
	"
done

test_expect 'SIGINT removes temporary files' '
	mkdir "$TRASH/t" &&
	TMPDIR="$TRASH/t" interrupt INT lat_syscall -N 1000 -E 1000000 open &&
	[ "$(cat "$TRASH/rc")" -gt 128 ] &&
	[ "$(tmp_files_in "$TRASH/t")" = 0 ]
'

test_expect 'SIGINT of -P copies removes every copy'"'"'s temporary files' '
	mkdir "$TRASH/t2" &&
	TMPDIR="$TRASH/t2" interrupt INT lat_syscall -P 2 -N 1000 -E 1000000 stat &&
	eventually "[ \"\$(tmp_files_in \"\$TRASH/t2\")\" = 0 ]" &&
	eventually "[ \"\$(procs_named lat_syscall)\" = 0 ]"
'

test_expect 'a failing body gives no figure and exit 1' '
	! "$BIN/lat_syscall" -N 3 stat "$TRASH/none" 2>"$TRASH/err" &&
	! grep -q "^Simple" "$TRASH/err"
'

test_expect 'results are the only stderr lines besides diagnostics' '
	"$BIN/lat_syscall" -N 3 -E 500 null 2>"$TRASH/err" >"$TRASH/out" &&
	[ ! -s "$TRASH/out" ] && [ "$(wc -l <"$TRASH/err")" -eq 2 ]
'

test_done

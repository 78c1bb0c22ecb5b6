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

# interrupt SIG WHEN PROG ARGS...: start PROG, send SIG once the command
# WHEN succeeds (it is busy: it has made what the check looks at;
# at most 10 s), and leave its exit status in $TRASH/rc.
interrupt() {
	sig=$1
	when=$2
	prog=$3
	shift 3
	"$BIN/$prog" "$@" 2>"$TRASH/err" &
	pid=$!
	i=0
	until "$when" || [ "$i" -ge 200 ]
	do
		sleep 0.05
		i=$((i + 1))
	done
	kill "-$sig" "$pid"
	wait "$pid"
	echo $? >"$TRASH/rc"
}

# The conditions.  lat_proc: it catches the signal (Linux: the signal's
# bit in /proc/PID/status's SigCgt mask; elsewhere a second) and a moment
# more, so that it is forking (its children live too short to be seen);
# lat_syscall: it has made its temporary file (each copy its own).
forking() {
	case "$sig" in
	HUP) fk_bit=1 ;;
	INT) fk_bit=2 ;;
	TERM) fk_bit=16384 ;;
	esac
	fk_mask=$(awk '$1 == "SigCgt:" { print substr($2, length($2) - 7) }' "/proc/$pid/status" 2>/dev/null)
	if [ -z "$fk_mask" ]
	then
		sleep 1
		return 0
	fi
	[ $((0x$fk_mask & fk_bit)) -ne 0 ] && sleep 0.2
}
made_one() {
	[ "$(tmp_files_in "$TRASH/t")" -ge 1 ]
}
made_two() {
	[ "$(tmp_files_in "$TRASH/t2")" -ge 2 ]
}

for sig in INT TERM HUP
do
	test_expect "SIG$sig stops lat_proc fork and leaves no child" "
		interrupt $sig forking lat_proc -N 1000 -E 1000000 fork &&
		[ \"\$(cat \"\$TRASH/rc\")\" -gt 128 ] &&
		! grep -q '^Process' \"\$TRASH/err\" &&
		[ \"\$(procs_named lat_proc)\" = 0 ]
	"
done

test_expect 'SIGINT removes temporary files' '
	mkdir "$TRASH/t" &&
	TMPDIR="$TRASH/t" interrupt INT made_one lat_syscall -N 1000 -E 1000000 open &&
	read -r rc <"$TRASH/rc" &&
	{ [ "$rc" -gt 128 ] || fail "exit status $rc, not by a signal: $(cat "$TRASH/err")"; } &&
	{ [ "$(tmp_files_in "$TRASH/t")" = 0 ] || fail "left: $(ls "$TRASH/t"); stderr: $(cat "$TRASH/err")"; }
'

test_expect 'SIGINT of -P copies removes every copy'"'"'s temporary files' '
	mkdir "$TRASH/t2" &&
	TMPDIR="$TRASH/t2" interrupt INT made_two lat_syscall -P 2 -N 1000 -E 1000000 stat &&
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

#!/bin/sh
# Every local IPC program, stopped mid-run by SIGINT, by the -B time bound,
# or by the death of its peer process: exit status, a message, no figure,
# no process and no temporary file left.
. "$(dirname "$0")/lib.sh"

# start PROG ARGS...: start PROG in the background with a private TMPDIR,
# and wait until it has a child (its peer) and a moment more, so that the
# measurement is running.  Sets $pid and $TRASH/err.
start() {
	prog=$1
	shift
	rm -rf "$TRASH/tmp" && mkdir "$TRASH/tmp" || return 1
	TMPDIR="$TRASH/tmp" "$BIN/$prog" "$@" 2>"$TRASH/err" &
	pid=$!
	i=0
	kids=
	while [ -z "$kids" ] && [ "$i" -lt 100 ]
	do
		sleep 0.05
		kids=$(ps -o pid= --ppid "$pid" | tr -d ' ')
		i=$((i + 1))
	done
	[ -n "$kids" ] || fail "$prog started no peer"
	sleep 0.3
}

# finish WANT: wait for the program; its status must be WANT (or above 128
# for "signal"), it printed no figure, and left nothing behind.
finish() {
	wait "$pid"
	rc=$?
	case "$1" in
	signal) [ "$rc" -gt 128 ] || fail "exit status $rc, expected a signal" ;;
	*) [ "$rc" = "$1" ] || fail "exit status $rc, expected $1: $(cat "$TRASH/err")" ;;
	esac || return 1
	if grep -Eq '(microseconds|MB/sec)$|^[0-9]+ [0-9.]+$' "$TRASH/err"
	then
		fail "a figure was printed: $(cat "$TRASH/err")"
		return 1
	fi
	sleep 0.1
	[ "$(procs_named "$prog")" = 0 ] || fail "$prog processes left"
	[ "$(tmp_files_in "$TRASH/tmp")" = 0 ] ||
		fail "temporary files left: $(ls "$TRASH/tmp")"
}

long='-N 1000 -E 200000'
for run in "lat_pipe $long" "lat_fifo $long" "lat_unix $long" \
	"lat_unix_connect $long" "lat_sem $long" "lat_fcntl $long" \
	"bw_pipe $long -M 1m" "bw_unix $long -M 1m" \
	"lat_ctx -N 5 -E 100000 2 3 4 5 6 7 8"
do
	p=${run%% *}
	args=${run#* }
	test_expect "$p: SIGINT stops it and leaves nothing" "
		start $p -B 60 $args && kill -INT \"\$pid\" && finish signal
	"
	test_expect "$p: the -B time bound stops it and leaves nothing" "
		start $p -B 1 $args && finish 1 &&
		expect_line '^$p: time bound of 1 s exceeded' \"\$TRASH/err\"
	"
	test_expect "$p: its peer killed mid-run, it fails with a message" "
		start $p -B 60 $args &&
		kill -KILL \$(printf '%s\n' \"\$kids\" | head -n 1) &&
		finish 1 &&
		expect_line '^$p: .*(went away|exited)' \"\$TRASH/err\"
	"
done

test_done

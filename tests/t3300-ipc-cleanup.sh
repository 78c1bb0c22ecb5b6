#!/bin/sh
# Every local IPC program, stopped mid-run by SIGINT, by the -B time bound,
# or by the death of its peer process: exit status, a message, no figure,
# no process and no temporary file left.  Each way out is tried on all the
# programs at once (each with a TMPDIR of its own), then checked program
# by program.
. "$(dirname "$0")/lib.sh"

long='-N 1000 -E 200000'
# lat_ctx: a ring of each size for ~0.5 s (two samples of 50 ms, found
# by doubling), ~4 s in all, past every stop below; its overhead, alone,
# ~0.2 s.
runs="lat_ctx -N 2 -E 50000 2 3 4 5 6 7 8
lat_pipe $long
lat_fifo $long
lat_unix $long
lat_unix_connect $long
lat_sem $long
lat_fcntl $long
bw_pipe $long -M 1m
bw_unix $long -M 1m"

programs=$(printf '%s\n' "$runs" | cut -d' ' -f1)

# kids_of P: record P's children (its peers) in $TRASH/P.kids; true if
# it has some.
kids_of() {
	ps -o pid= --ppid "$(cat "$TRASH/$1.pid")" | tr -d ' ' >"$TRASH/$1.kids"
	[ -s "$TRASH/$1.kids" ]
}

# alive P: P runs (it is not a zombie waiting for us).
alive() {
	al_stat=$(ps -o stat= -p "$(cat "$TRASH/$1.pid")" 2>/dev/null)
	[ -n "$al_stat" ] && [ "${al_stat#Z}" = "$al_stat" ]
}

# start_all BOUND: start every program with -B BOUND in the background,
# and wait until each has a child (its peer) and a moment more, so that
# the measurements are running.  lat_ctx measures its overhead alone
# before it starts its ring: it starts first, and the others once its ring
# runs (or it has stopped).  Files per program P: $TRASH/P.pid,
# $TRASH/P.err, $TRASH/P.kids, its TMPDIR $TRASH/P.tmp.
start_all() {
	while read -r p args
	do
		rm -rf "$TRASH/$p.tmp" && mkdir "$TRASH/$p.tmp" || exit 1
		# At the least priority (nice exec()s it: $! is the program):
		# they spin until stopped, and the shell polling them, and the
		# other test files, come first (this file alone: 7.5 s and
		# 12.2 s of CPU before, 3.7-4.5 s and 5.8-7.1 s after).
		# shellcheck disable=SC2086 # the argument list
		TMPDIR="$TRASH/$p.tmp" nice -n 19 "$BIN/$p" -B "$1" $args 2>"$TRASH/$p.err" &
		echo "$!" >"$TRASH/$p.pid"
		: >"$TRASH/$p.kids"
		[ "$p" = lat_ctx ] || continue
		i=0
		while [ "$i" -lt 200 ] && alive "$p" && ! kids_of "$p"
		do
			sleep 0.05
			i=$((i + 1))
		done
	done <<EOF
$runs
EOF
	i=0
	while [ "$i" -lt 100 ]
	do
		waiting=0
		for p in $programs
		do
			[ -s "$TRASH/$p.kids" ] && continue
			alive "$p" || continue
			kids_of "$p" || waiting=1
		done
		[ "$waiting" = 0 ] && break
		sleep 0.05
		i=$((i + 1))
	done
	sleep 0.3
}

# wait_all: wait for every program; its status goes to $TRASH/P.rc.
wait_all() {
	for p in $programs
	do
		wait "$(cat "$TRASH/$p.pid")"
		echo "$?" >"$TRASH/$p.rc"
	done
	sleep 0.1
}

# finish P WANT: P had a peer (but for WANT 1, the time bound, which may
# stop it before), its status was WANT (or above 128 for "signal"), it
# printed no figure for what it was measuring, and left nothing behind.
finish() {
	[ -s "$TRASH/$1.kids" ] || [ "$2" = 1 ] || fail "$1 started no peer" || return 1
	rc=$(cat "$TRASH/$1.rc")
	case "$2" in
	signal) [ "$rc" -gt 128 ] || fail "exit status $rc, expected a signal" ;;
	*) [ "$rc" = "$2" ] || fail "exit status $rc, expected $2: $(cat "$TRASH/$1.err")" ;;
	esac || return 1
	# lat_ctx prints each ring size's figure when it is measured: those
	# of sizes finished before the stop are kept, the one it was in has
	# none, so it printed fewer than its 7 sizes.  The others have one.
	figures=$(grep -Ec '(microseconds|MB/sec)$|^[0-9]+ [0-9.]+$' "$TRASH/$1.err")
	if [ "$figures" -gt 0 ] && { [ "$1" != lat_ctx ] || [ "$figures" -ge 7 ]; }
	then
		fail "a figure was printed: $(cat "$TRASH/$1.err")"
		return 1
	fi
	[ "$(procs_named "$1")" = 0 ] || fail "$1 processes left"
	[ "$(tmp_files_in "$TRASH/$1.tmp")" = 0 ] ||
		fail "temporary files left: $(ls "$TRASH/$1.tmp")"
}

start_all 60
for p in $programs
do
	kill -INT "$(cat "$TRASH/$p.pid")"
done
wait_all
for p in $programs
do
	test_expect "$p: SIGINT stops it and leaves nothing" "
		finish $p signal
	"
done

start_all 1
wait_all
for p in $programs
do
	test_expect "$p: the -B time bound stops it and leaves nothing" "
		finish $p 1 &&
		expect_line '^$p: time bound of 1 s exceeded' \"\$TRASH/$p.err\"
	"
done

# The peer is looked for again at the moment of the kill: lat_ctx makes a
# new ring for each size, and the children seen at the start may be gone.
start_all 60
for p in $programs
do
	i=0
	while [ "$i" -lt 40 ]
	do
		kid=$(ps -o pid= --ppid "$(cat "$TRASH/$p.pid")" | tr -d ' ' | sed -n 1p)
		[ -n "$kid" ] && kill -KILL "$kid" 2>/dev/null && break
		sleep 0.05
		i=$((i + 1))
	done
done
wait_all
for p in $programs
do
	test_expect "$p: its peer killed mid-run, it fails with a message" "
		finish $p 1 &&
		expect_line '^$p: .*(went away|exited)' \"\$TRASH/$p.err\"
	"
done

test_done

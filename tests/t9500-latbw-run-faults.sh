#!/bin/sh
# latbw-run under faults: a results file tells whether its run went to the
# end (its closing line); a results file system that fills up stops the
# run with an error; a driver killed with SIGKILL leaves no helper that
# could signal a stranger, and its leftovers go at the next run.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/tmp" "$TRASH/fs" "$TRASH/res"

# syscall_run [ENV...]: a quick run of the system call benchmarks into the
# private directories (run_driver), with the stand-in mhz below: the real
# one rightly refuses a busy machine (the rest of make test beside it),
# and its refusal fails the run, which these checks would take for the
# driver's.
syscall_run() {
	run_driver FSDIR="$TRASH/fs" QUICK=1 ROUNDS=1 BENCHMARKS=syscall LATBW_BIN="$TRASH/real" "$@"
}

# The real programs, but a stand-in mhz: the runs below take long samples
# (USECS=300000), with which the real one would run into its time bound.
# And latbw-start, which starts them as in a real run (without it each
# step starts setsid, sh and nice besides).  (One ln for the three.)
mkdir "$TRASH/real"
ln -s "$BIN/lat_syscall" "$BIN/lat_rpc" "$BIN/latbw-start" "$TRASH/real/"
printf '#!/bin/sh\necho "3000 MHz, 0.3333 nanosec clock" >&2\n' >"$TRASH/real/mhz"
chmod +x "$TRASH/real/mhz"

# ------------------------------------ what a killed driver leaves (D9)

# start_bg [ENV...]: start the driver in the background (bg_pid), with
# the real programs but a stand-in mhz.
start_bg() {
	rm -rf "$TRASH/res" && mkdir "$TRASH/res"
	bg_driver FSDIR="$TRASH/fs" QUICK=1 ROUNDS=1 LATBW_BIN="$TRASH/real" "$@"
	bg_pid=$DRIVER_PID
}

# ps_has REGEX: a process whose command line matches REGEX (extended,
# awk's) runs, other than the awk that looks.
ps_has() {
	ps -e -o args= | awk -v re="$1" '$1 != "awk" && $0 ~ re { found = 1 } END { exit !found }'
}

# wait_for_child PID REGEX: wait (at most 30 s) until a child of PID
# whose command line matches REGEX runs; its PID in child_pid.
wait_for_child() {
	wp_i=0
	while [ "$wp_i" -lt 300 ]
	do
		child_pid=$(ps -e -o pid= -o ppid= -o args= |
			awk -v p="$1" -v re="$2" '$2 == p && $0 ~ re { print $1; exit }')
		[ -n "$child_pid" ] && return 0
		sleep 0.1 2>/dev/null || sleep 1
		wp_i=$((wp_i + 1))
	done
	return 1
}

# descendants PID: the processes under PID, as "pid ppid" lines (the
# driver's own, from the part of it that kills a program's tree).
# shellcheck source=../scripts/latbw-bound.sh
. "$TOP/scripts/latbw-bound.sh"

# within SECS CMD...: CMD succeeds within SECS seconds (tried every
# 0.1 s, where sleep takes fractions).
within() {
	wi_n=$(($1 * 10))
	shift
	wi_t=0
	while ! "$@"
	do
		[ "$wi_t" -ge "$wi_n" ] && return 1
		if sleep 0.1 2>/dev/null
		then
			wi_t=$((wi_t + 1))
		else
			sleep 1
			wi_t=$((wi_t + 10))
		fi
	done
	return 0
}

scratch_empty() {
	[ -z "$(ls -A "$TRASH/fs")" ] && [ -z "$(ls -A "$TRASH/tmp")" ]
}

no_driver_shell() {
	! ps_has "^sh $RUN\$"
}

no_rpc_server() {
	! ps_has "/lat_rpc -s"
}

# The driver alone is killed while lat_rpc's client (BENCHMARKS=lat_udp:
# lat_rpc -b, which takes UDP latency) runs against the server it
# started: its guardian stops the server and removes the scratch
# directories (and the FSDIR file) within seconds.
start_bg BENCHMARKS=lat_udp BOUND=5 USECS=300000 REPS=5
if wait_for_child "$bg_pid" "/lat_rpc .*localhost\$"
then
	kill -9 "$bg_pid"
	wait "$bg_pid" 2>/dev/null
	test_expect 'SIGKILL of the driver: its local server is stopped within 5 s' '
		within 5 no_rpc_server ||
			fail "still running: $(ps -e -o pid,args | grep "[/]lat_rpc -s")"
	'
	test_expect 'SIGKILL of the driver: its scratch directories are gone within 5 s' '
		within 5 scratch_empty || fail "left: $(ls -A "$TRASH/fs" "$TRASH/tmp")"
	'
	test_expect 'SIGKILL of the driver: its helpers are gone within 5 s' '
		within 5 no_driver_shell || fail "left: $(ps -e -o pid,args | grep "^ *[0-9]* sh $RUN\$")"
	'
	test_expect 'SIGKILL of the driver: its file has no closing line' '
		G=$(find "$TRASH/res" -type f | sed -n 1p) &&
		[ -n "$G" ] && ! grep -q "^\[COMPLETE: " "$G"
	'
else
	test_expect 'SIGKILL of the driver during lat_rpc: its client ran' 'fail "$(cat "$TRASH/err")"'
fi
# Whatever is left (a test failed): stop it before going on.  The
# client would end by its bound (5 s): it is stopped (it was the driver's
# child, and is still that client).
"$BIN/lat_rpc" -S localhost >/dev/null 2>&1
within 15 no_driver_shell
if [ -n "${child_pid:-}" ] &&
	ps -o args= -p "$child_pid" 2>/dev/null | grep -q "/lat_rpc .*localhost\$"
then
	kill "$child_pid" 2>/dev/null
fi
within 15 eval '! ps_has "/lat_rpc .*localhost\$"'

# The driver and every process under it are killed at once while
# lat_rpc's client runs (nothing is left to clean up): the server exits
# by itself within seconds (its idle time: LATBW_GRACE=1, not 10 s), and
# the next run removes the scratch directories of that run, and of no
# other.
rm -rf "$TRASH/tmp" "$TRASH/fs" && mkdir "$TRASH/tmp" "$TRASH/fs"
start_bg BENCHMARKS=lat_udp BOUND=5 USECS=300000 REPS=5 LATBW_GRACE=1
if wait_for_child "$bg_pid" "/lat_rpc .*localhost\$"
then
	ps -e -o args= | awk '$1 != "awk" && /\/lat_rpc (.* )?-s( |$)/' >"$TRASH/server.args"
	# shellcheck disable=SC2046 # a list of pids
	kill -9 "$bg_pid" $(descendants "$bg_pid" | cut -d " " -f 1)
	wait "$bg_pid" 2>/dev/null
	sleep 1
	ls -d "$TRASH"/fs/latbw-run.* "$TRASH"/tmp/latbw-run.* >"$TRASH/stale" 2>/dev/null
	test_expect 'SIGKILL of the driver and all its helpers leaves its two directories' '
		[ "$(wc -l <"$TRASH/stale")" -eq 2 ] || fail "$(cat "$TRASH/stale")"
	'
	test_expect 'LATBW_GRACE=1: the local server waits 1 s for a client (-i 1)' '
		grep -Eq " -s -i 1( |\$)" "$TRASH/server.args" || fail "$(cat "$TRASH/server.args")"
	'
	# Two directories that are not of a dead run: one of a live driver
	# (the dead one's owner file, with this shell's PID and start time,
	# where /proc tells it), one with no owner.
	mkdir "$TRASH/tmp/latbw-run.live" "$TRASH/fs/latbw-run.noowner"
	if [ -r "/proc/$$/stat" ]
	then
		cp "$(find "$TRASH"/tmp/latbw-run.* -name owner | sed -n 1p)" "$TRASH/owner"
		awk -v pid="$$" -v start="$(awk '{ sub(/^.*\) /, ""); print $20 }' "/proc/$$/stat")" \
			'{ $1 = pid; $2 = start; print }' "$TRASH/owner" >"$TRASH/tmp/latbw-run.live/owner"
	fi
	syscall_run BOUND=60
	test_expect 'the next run removes the directories of the run that was killed' '
		for d in $(cat "$TRASH/stale")
		do
			! [ -e "$d" ] || fail "still there: $d"
		done &&
		expect_line "^latbw-run: removed .*/latbw-run\.[A-Za-z0-9]+, left by a run that was killed\$" "$TRASH/err"
	'
	test_expect 'the next run keeps the directory of a live driver, and one with no owner' '
		[ -d "$TRASH/tmp/latbw-run.live" ] && [ -d "$TRASH/fs/latbw-run.noowner" ]
	'
	test_expect 'the next run goes to its end' '
		[ "$(cat "$TRASH/rc")" = 0 ] || fail "exit status $(cat "$TRASH/rc"): $(cat "$TRASH/err")"
	'
	rm -rf "$TRASH/tmp/latbw-run.live" "$TRASH/fs/latbw-run.noowner"
	tree_killed=yes
else
	test_expect 'SIGKILL of the driver and its helpers: lat_rpc'"'"'s client ran' 'fail "$(cat "$TRASH/err")"'
fi

# ------------------------------------------------------ the closing line
#
# (These runs and the next sections' go on while the server of the run
# killed above waits out its idle time, checked at the end.)

rm -rf "$TRASH/res" && mkdir "$TRASH/res"
syscall_run BOUND=60
F=$(find "$TRASH/res" -type f | sed -n 1p)
export F
test_expect 'a run that went to its end: its last line is [COMPLETE: ...]' '
	[ "$(cat "$TRASH/rc")" = 0 ] || fail "exit status $(cat "$TRASH/rc"): $(cat "$TRASH/err")"
	[ -n "$F" ] && tail -n 1 "$F" | grep -Eq "^\[COMPLETE: ([0-9]+) of \1 steps, 0 failed\]\$" ||
		fail "last line: $(tail -n 1 "$F")"
'
test_expect 'the closing line is written once, after the date line' '
	[ "$(grep -c "^\[COMPLETE: " "$F")" = 1 ] &&
	tail -n 2 "$F" | sed -n 1p | grep -Eq "^\[.*[0-9]{4}\]\$"
'

# ---------------------------------------------- a results file that fails

# write_error_checks WHAT: after a run whose results file could not be
# written: exit status 1, one line that says so (no "done", no raw
# messages of printf or awk), no closing line, nothing left behind.
write_error_checks() {
	test_expect "$1: exit status 1" '
		[ "$(cat "$TRASH/rc")" = 1 ] ||
			fail "exit status $(cat "$TRASH/rc"): $(cat "$TRASH/err")"
	'
	test_expect "$1: one line says the file could not be written, and no \"done\"" '
		[ "$(grep -c "^latbw-run: cannot write .*: run stopped at step [0-9]* of [0-9]*; the results file is incomplete\$" "$TRASH/err")" = 1 ] &&
		! grep -Eq "done in|I/O error|write failure|printf:|awk:" "$TRASH/err" ||
			fail "stderr: $(cat "$TRASH/err")"
	'
	test_expect "$1: the file has no closing line" '
		G=$(find "$TRASH/res2" -type f -name "*.0" | sed -n 1p) &&
		[ -n "$G" ] && ! grep -q "^\[COMPLETE: " "$G"
	'
	test_expect "$1: no temporary file or directory left" '
		[ -z "$(ls -A "$TRASH/fs")" ] && [ -z "$(ls -A "$TRASH/tmp")" ] ||
			fail "left: $(ls -A "$TRASH/fs" "$TRASH/tmp")"
	'
}

# A results file system that is full from the start (a small tmpfs).
mkdir "$TRASH/res2"
trap 'umount "$TRASH/res2" 2>/dev/null; rm -rf "$TRASH"' EXIT
if mount -t tmpfs -o size=64k latbwtest "$TRASH/res2" 2>"$TRASH/why"
then
	head -c 65536 /dev/zero >"$TRASH/res2/fill" 2>/dev/null
	syscall_run RESULTS_DIR="$TRASH/res2"
	write_error_checks 'a full results file system'
	umount "$TRASH/res2"
else
	test_skip 'a full results file system' "cannot mount a tmpfs: $(cat "$TRASH/why")"
fi

# A results file system that fills up in the middle of the run: a
# stand-in lat_syscall prints more result lines than a 64 KiB tmpfs holds.
mkdir "$TRASH/bin"
printf '#!/bin/sh\necho "3000 MHz, 0.3333 nanosec clock" >&2\n' >"$TRASH/bin/mhz"
cat >"$TRASH/bin/lat_syscall" <<'EOF'
#!/bin/sh
awk 'BEGIN { for (i = 0; i < 4000; i++) print "Simple syscall: 0.1000 microseconds" }' >&2
EOF
chmod +x "$TRASH/bin/mhz" "$TRASH/bin/lat_syscall"
if mount -t tmpfs -o size=64k latbwtest "$TRASH/res2" 2>"$TRASH/why"
then
	syscall_run RESULTS_DIR="$TRASH/res2" LATBW_BIN="$TRASH/bin"
	write_error_checks 'a results file system that fills up mid-run'
	test_expect 'filling up mid-run: stopped at the step that filled it' '
		grep -q "run stopped at step 2 of 7" "$TRASH/err" &&
		G=$(find "$TRASH/res2" -type f -name "*.0" | sed -n 1p) &&
		[ "$(sed -n 1p "$G")" = "[lmbench3.0 results for $(uname -a)]" ] &&
		expect_line "^\[MHZ: 3000 MHz" "$G" &&
		expect_line "^Simple syscall: 0.1000 microseconds\$" "$G" ||
			fail "stderr: $(cat "$TRASH/err")"
	'
	umount "$TRASH/res2"
else
	test_skip 'a results file system that fills up mid-run' "cannot mount a tmpfs: $(cat "$TRASH/why")"
fi

# ------------------------------------------- SIGKILL and PID reuse (D2)
#
# In a PID namespace of its own (so that PIDs can be chosen): a driver is
# killed with SIGKILL while lat_syscall runs; once lat_syscall has ended
# (by its -B 1), a stranger is started on its PID (ns_last_pid).  Every
# helper of the dead driver must be gone within seconds, and the stranger
# must live: before, a watchdog woke at the bound plus 10 s and sent
# SIGTERM to the stranger.
cat >"$TRASH/pidns.sh" <<'EOF'
#!/bin/sh
# pidns.sh RUN OUT: runs as PID 2 of a new PID namespace (PID 1 reaps).
RUN=$1
OUT=$2
env QUICK=1 BENCHMARKS=syscall BOUND=1 USECS=300000 ROUNDS=1 sh "$RUN" >"$OUT.driver" 2>&1 &
d=$!
p=
i=0
# (The namespace's few processes' names read by the shell from /proc, as
# ps shows them: a ps | awk each tenth of a second was three processes.)
while [ -z "$p" ] && [ "$i" -lt 300 ]
do
	for c in /proc/[0-9]*/comm
	do
		n=
		{ read -r n <"$c"; } 2>/dev/null
		if [ "$n" = lat_syscall ]
		then
			p=${c#/proc/}
			p=${p%/comm}
			break
		fi
	done
	[ -n "$p" ] || sleep 0.1 2>/dev/null || sleep 1
	i=$((i + 1))
done
[ -n "$p" ] || { echo "no lat_syscall seen" >>"$OUT"; exit 1; }
# The driver's processes now, but for lat_syscall (its PID will be reused).
ps -e -o pid= | awk -v a="$$" -v b="$p" '$1 != 1 && $1 != a && $1 != b' >"$OUT.tree"
kill -9 "$d"
i=0
while [ -d "/proc/$p" ] && [ "$i" -lt 300 ]
do
	sleep 0.1 2>/dev/null || sleep 1
	i=$((i + 1))
done
# The stranger, on lat_syscall's PID (helpers that fork may take it
# first: try again).
v=
try=0
while [ "$v" != "$p" ] && [ "$try" -lt 50 ]
do
	[ -n "$v" ] && kill "$v"
	echo $((p - 1)) >/proc/sys/kernel/ns_last_pid
	sleep 1000 &
	v=$!
	try=$((try + 1))
done
[ "$v" = "$p" ] && echo reused >>"$OUT"
# Wait until every process of the dead driver is gone (at most 30 s):
# one ps a second for them all, each still there with its state.
pids=
while read -r q
do
	pids="$pids${pids:+,}$q"
done <"$OUT.tree"
t=0
while [ "$t" -lt 30 ]
do
	left=
	: >"$OUT.ps"
	[ -n "$pids" ] && ps -o pid= -o stat= -p "$pids" >"$OUT.ps" 2>/dev/null
	while read -r q st
	do
		case "$st" in
		'' | Z*) ;;
		*) left="$left $q" ;;
		esac
	done <"$OUT.ps"
	[ -z "$left" ] && break
	sleep 1
	t=$((t + 1))
done
echo "helpers gone after $t s;$left" >>"$OUT"
st=$(ps -o stat= -p "$v" 2>/dev/null)
case "$st" in
'' | Z*) echo "stranger killed" >>"$OUT" ;;
*) echo "stranger alive" >>"$OUT" ;;
esac
EOF
ns_ok=
if ! command -v unshare >/dev/null 2>&1
then
	ns_why="no unshare command"
elif ! timeout 10 unshare -p -f --kill-child --mount-proc \
	sh -c 'echo 100 >/proc/sys/kernel/ns_last_pid' 2>"$TRASH/why"
then
	ns_why="cannot make a PID namespace and set its ns_last_pid: $(sed -n 1p "$TRASH/why")"
else
	ns_ok=yes
fi
if [ -n "$ns_ok" ]
then
	rm -rf "$TRASH/res" && mkdir "$TRASH/res"
	: >"$TRASH/ns.out"
	driver_env FSDIR="$TRASH/fs" ROUNDS=1 LATBW_BIN="$TRASH/real" \
		timeout 120 unshare -p -f --kill-child --mount-proc \
		sh -c 'sh "$1" "$2" "$3" & wait $!' sh "$TRASH/pidns.sh" "$RUN" "$TRASH/ns.out"
	test_expect 'SIGKILL of the driver: a stranger took the benchmark'"'"'s PID' '
		grep -q "^reused\$" "$TRASH/ns.out" || fail "$(cat "$TRASH/ns.out")"
	'
	test_expect 'SIGKILL of the driver: its helpers exit within 5 s' '
		grep -Eq "^helpers gone after [0-5] s;\$" "$TRASH/ns.out" ||
			fail "$(cat "$TRASH/ns.out")"
	'
	test_expect 'SIGKILL of the driver: the stranger on the old PID is not signalled' '
		grep -q "^stranger alive\$" "$TRASH/ns.out" || fail "$(cat "$TRASH/ns.out")"
	'
else
	test_skip 'SIGKILL of the driver, and PID reuse' "$ns_why"
fi

# The server of the run killed with all its helpers exits by itself (its
# idle time, 1 s: LATBW_GRACE) while the checks above ran.
if [ "${tree_killed:-}" = yes ]
then
	test_expect 'SIGKILL of the driver and its helpers: its server exits within 15 s' '
		within 15 no_rpc_server ||
			fail "still running: $(ps -e -o pid,args | grep "[/]lat_rpc -s")"
	'
fi
"$BIN/lat_rpc" -S localhost >/dev/null 2>&1

test_done

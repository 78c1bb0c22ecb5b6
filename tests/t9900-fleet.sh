#!/bin/sh
# latbw-fleet against real hosts: three network namespaces (h1 h2 h3),
# each with a host name of its own and a real sshd on its own address,
# with a throw-away host key and user key, joined by veth pairs to a
# fourth (ctl), where latbw-fleet runs: no traffic leaves the namespaces.
# Checks: one complete results file per host and one summary with a row
# for each that measured; h2's sshd killed mid-run gives INCOMPLETE for
# h2 and complete files for the others; --resume completes h2 alone; an
# unreachable host fails and counts in the exit status; SIGTERM here, and
# SIGINT, stop the run there at once, keeping what it measured; nothing is left
# on the hosts (processes, temporary directories); without -B, the
# static build made here travels.  As root only.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

FLEET=$TOP/scripts/latbw-fleet
ctl=lbf$$c
made_run_sshd=
prebuild_pid=

cleanup() {
	if [ -n "$prebuild_pid" ]
	then
		# (make stops the compilers it started.)
		kill "$prebuild_pid" 2>/dev/null
		wait "$prebuild_pid"
	fi
	netns_remove "$ctl" "lbf$$h1" "lbf$$h2" "lbf$$h3"
	[ -n "$made_run_sshd" ] && rmdir /run/sshd 2>/dev/null
	rm -rf "$TRASH"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

why=
if [ "$(id -u)" != 0 ]
then
	why="not root (network namespaces and sshd need it)"
elif ! [ -x /usr/sbin/sshd ] || ! command -v ssh >/dev/null 2>&1 ||
	! command -v ssh-keygen >/dev/null 2>&1
then
	why="no sshd, ssh or ssh-keygen (openssh-server, openssh-client)"
elif ! command -v ip >/dev/null 2>&1
then
	why="no ip command (iproute2)"
elif ! command -v unshare >/dev/null 2>&1
then
	why="no unshare (util-linux)"
fi
if [ -n "$why" ]
then
	test_skip "latbw-fleet on three namespaced hosts over ssh" "$why"
	test_done
fi

# start_sshd N: hN's sshd, in its namespace, in a UTS namespace named hN.
start_sshd() {
	ip netns exec "lbf$$h$1" unshare --uts sh -c \
		'hostname "$1" && exec /usr/sbin/sshd -D -e -f "$2"' sh "h$1" \
		"$TRASH/h$1/sshd_config" 2>>"$TRASH/h$1/sshd.log" &
	# Up when it answers.
	eventually "ip netns exec $ctl ssh -F $TRASH/ssh_config h$1 true 2>/dev/null"
}

# setup: the namespaces, the keys, the sshds, the programs shipped (those
# the runs need, copied from the build; its lat_syscall waits while
# $TRASH/hold/<host> is there, then runs the real one).
setup() {
	ip netns add "$ctl" || return 1
	ip -n "$ctl" link set lo up || return 1
	# ctl routes between the hosts (for --pairs).
	ip netns exec "$ctl" sysctl -qw net.ipv4.ip_forward=1 || return 1
	ssh-keygen -q -t ed25519 -N '' -f "$TRASH/userkey" || return 1
	mkdir -p "$TRASH/tmp" "$TRASH/fs" "$TRASH/hold" "$TRASH/real" "$TRASH/bin" || return 1
	cat >"$TRASH/ssh_config" <<-EOF || return 1
	Host *
	  User root
	  IdentityFile $TRASH/userkey
	  IdentitiesOnly yes
	  UserKnownHostsFile $TRASH/known_hosts
	  GlobalKnownHostsFile /dev/null
	  StrictHostKeyChecking yes
	  LogLevel ERROR
	Host h4
	  HostName 127.0.0.1
	  Port 1
	EOF
	for n in 1 2 3
	do
		ns=lbf$$h$n
		# hN's network (ctl is 10.231.N.1, hN 10.231.N.2).
		net=10.231.$n
		mkdir -p "$TRASH/h$n/tmp" &&
		ssh-keygen -q -t ed25519 -N '' -f "$TRASH/h$n/hostkey" &&
		ip netns add "$ns" &&
		ip link add "lbf$$a$n" netns "$ctl" type veth peer name "lbf$$b$n" netns "$ns" &&
		ip -n "$ctl" addr add "$net.1/24" dev "lbf$$a$n" &&
		ip -n "$ns" addr add "$net.2/24" dev "lbf$$b$n" &&
		ip -n "$ctl" link set "lbf$$a$n" up && ip -n "$ns" link set "lbf$$b$n" up &&
		ip -n "$ns" link set lo up &&
		ip -n "$ns" route add default via "$net.1" &&
		read -r hostkey <"$TRASH/h$n/hostkey.pub" || return 1
		printf 'Host h%s\n  HostName %s.2\n' "$n" "$net" >>"$TRASH/ssh_config"
		printf '%s.2 %s\n' "$net" "$hostkey" >>"$TRASH/known_hosts"
		# SHLVL=1: bash as the login shell then reads no ~/.bashrc for
		# a command run over ssh (Debian's bash does for a top-level
		# shell under sshd): what a rc file runs is not the fleet's, and
		# here root's runs pyenv init, some 60 processes a command.
		cat >"$TRASH/h$n/sshd_config" <<-EOF || return 1
		ListenAddress $net.2
		HostKey $TRASH/h$n/hostkey
		PidFile none
		AuthorizedKeysFile $TRASH/userkey.pub
		PermitRootLogin prohibit-password
		PasswordAuthentication no
		KbdInteractiveAuthentication no
		UsePAM no
		StrictModes no
		SetEnv TMPDIR=$TRASH/h$n/tmp SHLVL=1
		EOF
	done
	if ! [ -d /run/sshd ]
	then
		mkdir -p /run/sshd && made_run_sshd=1 || return 1
	fi
	for n in 1 2 3
	do
		start_sshd "$n" || return 1
	done
	for p in mhz lat_syscall lat_udp latbw-hello latbw-quiet latbw-start
	do
		cp "$BIN/$p" "$TRASH/bin/" || return 1
	done
	# (The host's name read by the shell, not a uname each 0.2 s.)
	mv "$TRASH/bin/lat_syscall" "$TRASH/real/" &&
	printf '#!/bin/sh\nread -r h </proc/sys/kernel/hostname\nwhile [ -e "%s/$h" ]\ndo\n\tsleep 0.2\ndone\nexec "%s" "$@"\n' \
		"$TRASH/hold" "$TRASH/real/lat_syscall" >"$TRASH/bin/lat_syscall" &&
	chmod +x "$TRASH/bin/lat_syscall"
}

if ! setup >"$TRASH/setup.log" 2>&1
then
	test_skip "latbw-fleet on three namespaced hosts over ssh" \
		"cannot set up the namespaces and sshds: $(tail -n 1 "$TRASH/setup.log")"
	test_done
fi

# The static build the last run ships (no -B: make static CC=musl-gcc,
# as latbw-fleet runs it), begun now in the background, while the runs
# before that one mostly wait on their hosts: in a fresh tree it takes
# some 13 s, and the fleet's own make then finds it up to date.
if command -v musl-gcc >/dev/null 2>&1
then
	(
		unset MAKEFLAGS MFLAGS MAKELEVEL BUILD
		exec make -C "$TOP" STATIC=1 CC=musl-gcc programs
	) >"$TRASH/prebuild.log" 2>&1 &
	prebuild_pid=$!
fi

# fleet ARGS...: latbw-fleet in ctl over the programs in $TRASH/bin (with
# ship=default: what it ships by default), a quick run of BENCHMARKS
# $bench; $TRASH/out, err, rc.
bench=syscall
ship=
fleet() {
	[ "$ship" = default ] || set -- -B "$TRASH/bin" "$@"
	driver_env LATBW_BENCHMARKS="$bench" LATBW_QUICK=1 LATBW_ROUNDS=1 LATBW_MB=1 \
		LATBW_FSDIR="$TRASH/fs" RSH="ssh -F $TRASH/ssh_config" LATBW_FLEET_POLL=1 \
		ip netns exec "$ctl" sh "$FLEET" "$@" >"$TRASH/out" 2>"$TRASH/err"
	echo "$?" >"$TRASH/rc"
}

# fleet_bg ARGS...: fleet in the background, latbw-fleet itself the
# process FLEET_PID (to signal; with intr, in a session of its own and
# SIGINT not ignored); $TRASH/out and err.
fleet_bg() {
	(
		# shellcheck disable=SC2034 # read by driver_env
		DRIVER_EXEC='exec'
		# shellcheck disable=SC2086 # intr: a command's words
		driver_env LATBW_BENCHMARKS="$bench" LATBW_QUICK=1 LATBW_ROUNDS=1 LATBW_MB=1 \
			LATBW_FSDIR="$TRASH/fs" RSH="ssh -F $TRASH/ssh_config" LATBW_FLEET_POLL=1 \
			ip netns exec "$ctl" $intr sh "$FLEET" -B "$TRASH/bin" "$@"
	) >"$TRASH/out" 2>"$TRASH/err" &
	FLEET_PID=$!
}

# file_of HOST N: its Nth results file here, in f (the shell finds it).
file_of() {
	# shellcheck disable=SC2034 # read by the checks
	for f in "$TRASH"/res/*/"$1.$2"
	do
		:
	done
}

# has_begun HOST N: its Nth results file here has begun (it holds its
# BENCHMARKS line).  Polled ten times a second: the shell finds the file
# and reads its lines.
has_begun() {
	for hb_f in "$TRASH"/res/*/"$1.$2"
	do
		[ -f "$hb_f" ] || continue
		while IFS= read -r hb_l
		do
			case "$hb_l" in
			"[BENCHMARKS: "*) return 0 ;;
			esac
		done <"$hb_f"
	done
	return 1
}

# left_on N: lo_left, what is left on host hN: processes other than its
# sshd, and temporary directories; empty when nothing is.  Polled ten
# times a second: the shell reads the names and lists the directory.
left_on() {
	lo_left=
	for lo_p in $(ip netns pids "lbf$$h$1")
	do
		lo_comm=
		{ read -r lo_comm <"/proc/$lo_p/comm"; } 2>/dev/null
		[ "$lo_comm" = sshd ] || lo_left="$lo_left process $lo_p"
	done
	for lo_f in "$TRASH/h$1/tmp"/* "$TRASH/h$1/tmp"/.[!.]* "$TRASH/h$1/tmp"/..?*
	do
		[ -e "$lo_f" ] || [ -L "$lo_f" ] && lo_left="$lo_left $lo_f"
	done
	return 0
}

nothing_left() {
	for nl_n in 1 2 3
	do
		eventually "left_on $nl_n && [ -z \"\$lo_left\" ]" ||
			fail "left on h$nl_n:$lo_left" || return 1
	done
}

# The first run: h2 waits at its first lat_syscall until its sshd is
# killed; h4 refuses the connection.
: >"$TRASH/hold/h2"
bench="syscall lat_udp"
fleet --pairs h1=10.231.1.2 h2=10.231.2.2 h3=10.231.3.2 h4 &
fleet_pid=$!
eventually 'has_begun h2 0' 300 ||
	fail "h2's results file never came"
for p in $(ip netns pids "lbf$$h2")
do
	comm=
	{ read -r comm <"/proc/$p/comm"; } 2>/dev/null
	[ "$comm" = sshd ] && kill -9 "$p"
done
wait "$fleet_pid"
rm -f "$TRASH/hold/h2"

test_expect 'a complete results file for each reachable host, named for it' '
	for h in h1 h3
	do
		file_of "$h" 0
		[ -f "$f" ] || fail "no $f: $(cat "$TRASH/err")" || return 1
		is_complete "$f" &&
		has_matches "$f" "^\[HOSTNAME: $h\]" "^Simple syscall: " || return 1
	done
'
test_expect 'the host whose sshd was killed mid-run: its file marked INCOMPLETE' '
	file_of h2 0
	[ -f "$f" ] || fail "no $f" || return 1
	! grep -q "^\[COMPLETE: " "$f" &&
	has_matches "$f" "^\[INCOMPLETE: .*connection was lost" &&
	has_matches "$TRASH/err" "^latbw-fleet: h2: INCOMPLETE"
'
test_expect 'the unreachable host failed, with no file; exit status 2 (two hosts failed)' '
	file_is "$TRASH/rc" 2 || fail "exit status $(cat "$TRASH/rc")" || return 1
	for f in "$TRASH"/res/*/h4.*
	do
		! [ -e "$f" ] || fail "$f" || return 1
	done
	has_matches "$TRASH/err" "^latbw-fleet: h4: FAILED .*unreachable" \
		"^latbw-fleet: 2 of 4 hosts complete"
'
test_expect 'one summary: its first table has a row for each host with figures in it' '
	awk '\''/^Processor, Processes/ { t = 1 } t && /^$/ { exit } t'\'' "$TRASH/out" >"$TRASH/table" &&
	grep -q "^summary: .*/h2.0: the run is marked incomplete" "$TRASH/err" ||
		fail "no word of h2: $(cat "$TRASH/err")" || return 1
	for h in h1 h3
	do
		grep -q "^$h  *Linux " "$TRASH/table" ||
			fail "rows of $h: $(cat "$TRASH/table")" || return 1
	done
'
test_expect '--pairs: h1 measured UDP to h3 after the local runs, into h1+h3.0' '
	file_of h1+h3 0
	[ -f "$f" ] || fail "no $f: $(cat "$TRASH/err")" || return 1
	is_complete "$f" &&
	has_matches "$f" "^UDP latency using 10\.231\.3\.2: " "^\[REMOTE: h3=10\.231\.3\.2\]" || return 1
	for f in "$TRASH"/res/*/h1+h2.* "$TRASH"/res/*/h2+h3.*
	do
		! [ -e "$f" ] || fail "$f" || return 1
	done
	has_matches "$TRASH/err" "^latbw-fleet: 1 of 1 pairs complete"
'
test_expect 'nothing left on the hosts (processes, temporary directories)' '
	nothing_left
'

# h2 back up, then --resume of all three (only h2 runs again).
start_sshd 2 || fail "cannot restart h2's sshd"
bench=syscall
fleet --resume h1 h2 h3 &
resume_pid=$!
# (The lines of err read by the shell, ten times a second.)
err_says() {
	while IFS= read -r es_l
	do
		case "$es_l" in
		"$1"*) return 0 ;;
		esac
	done <"$TRASH/err"
	return 1
}
eventually 'err_says "latbw-fleet: h1: done before"' 300 ||
	fail "--resume never passed h1 by"
wait "$resume_pid"

test_expect '--resume runs only the host without a complete file' '
	file_is "$TRASH/rc" 0 || fail "exit status $(cat "$TRASH/rc"): $(cat "$TRASH/err")" || return 1
	file_of h2 1
	is_complete "$f" || fail "h2.1 not complete" || return 1
	file_of h2 0
	has_matches "$f" "^\[INCOMPLETE: " || fail "h2.0 changed" || return 1
	file_of h3 1
	! [ -e "$f" ] &&
	has_matches "$TRASH/err" "^latbw-fleet: h1: done before" "^latbw-fleet: h3: done before" \
		"^latbw-fleet: 3 of 3 hosts complete" &&
	! grep -q "^latbw-fleet: h[13]: asking" "$TRASH/err"
'
test_expect '--resume: one summary, its first table a row for each host' '
	awk '\''/^Processor, Processes/ { t = 1 } t && /^$/ { exit } t'\'' "$TRASH/out" >"$TRASH/table" &&
	for h in h1 h2 h3
	do
		[ "$(grep -c "^$h  *Linux " "$TRASH/table")" = 1 ] ||
			fail "rows of $h: $(cat "$TRASH/table")" || return 1
	done
'
test_expect 'nothing left on the hosts after --resume' '
	nothing_left
'

# A fleet stopped here while h1 waits mid-step: by SIGTERM to it, then
# by SIGINT to its process group, as Ctrl-C at a terminal sends it (a
# shell's background job ignores SIGINT: the fleet starts with it reset,
# in a session of its own).  Each done within 30 s, else killed: a hang
# fails a check, not the suite.
intr=
if command -v setsid >/dev/null 2>&1 && env --default-signal=INT true 2>/dev/null
then
	intr="setsid env --default-signal=INT"
fi

# stop_fleet SIG N: fleet_bg on h1, held mid-step; once its Nth file
# here has begun, SIG to it (INT: to its process group); its exit status
# in $TRASH/rc, or a word that it had to be killed.
stop_fleet() {
	: >"$TRASH/hold/h1"
	fleet_bg h1
	eventually "has_begun h1 $2" 300 ||
		fail "h1's results file $2 never came"
	if [ "$1" = INT ]
	then
		kill -s INT -- "-$FLEET_PID"
	else
		kill -s "$1" "$FLEET_PID"
	fi
	if eventually '! kill -0 "$FLEET_PID" 2>/dev/null' 300
	then
		wait "$FLEET_PID"
		echo "$?" >"$TRASH/rc"
	else
		echo "still running 30 s after SIG$1" >"$TRASH/rc"
		for p in $(ip netns pids "$ctl")
		do
			kill -9 "$p"
		done
		wait "$FLEET_PID"
	fi
	rm -f "$TRASH/hold/h1"
}

stop_fleet TERM 1
test_expect 'stopped here by SIGTERM: exit 143, the run there stopped, its file marked' '
	file_is "$TRASH/rc" 143 || fail "exit status $(cat "$TRASH/rc"): $(cat "$TRASH/err")" || return 1
	file_of h1 1
	! grep -q "^\[COMPLETE: " "$f" &&
	has_matches "$f" "^\[INCOMPLETE: interrupted (by SIGTERM|here)" &&
	has_matches "$TRASH/err" "^latbw-fleet: h1: INCOMPLETE .*interrupted"
'
test_expect 'nothing left on the hosts after the stopped fleet' '
	nothing_left
'
if [ -n "$intr" ]
then
	stop_fleet INT 2
	test_expect 'stopped here by SIGINT (Ctrl-C): exit 130, the run there stopped, its file marked' '
		file_is "$TRASH/rc" 130 || fail "exit status $(cat "$TRASH/rc"): $(cat "$TRASH/err")" || return 1
		file_of h1 2
		! grep -q "^\[COMPLETE: " "$f" &&
		has_matches "$f" "^\[INCOMPLETE: interrupted (by SIG(INT|TERM)|here)" &&
		has_matches "$TRASH/err" "^latbw-fleet: h1: INCOMPLETE .*interrupted" &&
		nothing_left
	'
else
	test_skip 'stopped here by SIGINT (Ctrl-C)' \
		'no setsid, or no env --default-signal (coreutils 8.31): a background fleet would ignore SIGINT'
fi

# The default: no -B, a static build made here (make STATIC=1 with
# musl-gcc, into the tree's build-static-musl-gcc: nothing to do when it
# is up to date) shipped with the scripts, to one host.
if command -v musl-gcc >/dev/null 2>&1
then
	# (Its failure is the fleet's too, and said by the check.)
	wait "$prebuild_pid"
	prebuild_pid=
	ship=default
	fleet h3
	ship=
	test_expect 'no -B: a static build made here travels (h3 ran musl programs), its file gathered' '
		file_is "$TRASH/rc" 0 || fail "exit status $(cat "$TRASH/rc"): $(cat "$TRASH/err")" || return 1
		# (A musl build says so in its OS triple: a directory of its own.)
		for f in "$TRASH"/res/*-musl/h3.0
		do
			:
		done
		[ -f "$f" ] || fail "no h3.0 under a musl triple: $(cd "$TRASH/res" && ls -R)" || return 1
		is_complete "$f" &&
		has_matches "$f" "^\[LATBW_BUILD: [a-z0-9_]+ with musl" "^Simple syscall: " &&
		nothing_left
	'
else
	test_skip 'no -B: a static build made here travels' \
		'no musl-gcc (musl-tools): the static build latbw-fleet ships by default cannot be made here'
fi

test_expect 'bad command lines: one-line error and usage, exit 2' '
	for args in "" "-j 0 h1" "-j x h1" "--bogus h1" "h1 h1" "-r" "-b -B /x h1"
	do
		# shellcheck disable=SC2086 # the words of a command line
		driver_env sh "$FLEET" $args >"$TRASH/o" 2>"$TRASH/e"
		rc=$?
		[ "$rc" = 2 ] || fail "$args: exit status $rc" || return 1
		# (Its two lines read by the shell.)
		e1=
		e2=
		{ IFS= read -r e1; IFS= read -r e2; } <"$TRASH/e"
		case "$e1
$e2" in
		"usage: latbw-fleet "* | *"
usage: latbw-fleet "*) ;;
		*) fail "$args: no usage line" || return 1 ;;
		esac
		has_lines 2 "$TRASH/e" || fail "$args: $(cat "$TRASH/e")" || return 1
	done
'
test_done

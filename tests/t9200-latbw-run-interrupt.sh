#!/bin/sh
# latbw-run interrupted mid-run: the partial results file is valid and
# marked incomplete, nothing it started is still running, and no
# temporary file or directory is left.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/tmp" "$TRASH/fs" "$TRASH/res" "$TRASH/bin"

# A shell in the background ignores SIGINT, and a shell cannot trap a
# signal ignored at its start; env --default-signal (coreutils 8.31)
# gives the driver the SIGINT that a Ctrl-C at a terminal would.
default_int=
if env --default-signal=INT true 2>/dev/null
then
	default_int=--default-signal=INT
fi

# descendants PID: PID's children, their children, ...
descendants() {
	ps -eo pid=,ppid= | awk -v top="$1" '
		{ parent[$1] = $2 }
		END {
			found = 1
			want[top] = 1
			while (found) {
				found = 0
				for (p in parent)
					if ((parent[p] in want) && !(p in want)) {
						want[p] = 1
						found = 1
					}
			}
			for (p in want)
				if (p != top)
					print p
		}'
}

# interrupt DIR SIG BENCHMARKS [ENV...]: start a run whose TMPDIR, FSDIR
# and results are DIR's (tmp, fs, res), wait for its first figure,
# record every process under it (DIR/procs), send SIG, wait for it to
# end.  Its results file's name goes to DIR/file, its status to DIR/rc,
# its output to DIR/out and DIR/err.
interrupt() {
	int_dir=$1
	int_sig=$2
	int_sel=$3
	shift 3
	rm -rf "$int_dir/res" && mkdir "$int_dir/res"
	(
		DRIVER_EXEC='exec' driver_env TMPDIR="$int_dir/tmp" RESULTS_DIR="$int_dir/res" \
			LATBW_SAVED_CONFIG="$int_dir/saved" FSDIR="$int_dir/fs" MB=4 \
			BENCHMARKS="$int_sel" "$@" env $default_int sh "$RUN"
	) >"$int_dir/out" 2>"$int_dir/err" &
	int_pid=$!
	int_file=
	i=0
	# (The file found by the shell's glob, res/<OS-triple>/<host>.0: a
	# find | sed each tenth of a second was three processes.)
	while [ "$i" -lt 300 ]
	do
		for int_file in "$int_dir"/res/*/*
		do
			[ -f "$int_file" ] && break
		done
		[ -f "$int_file" ] || int_file=
		if [ -n "$int_file" ] && grep -q '^Simple syscall: ' "$int_file"
		then
			break
		fi
		sleep 0.1 2>/dev/null || sleep 1
		i=$((i + 1))
	done
	descendants "$int_pid" >"$int_dir/procs"
	kill "-$int_sig" "$int_pid"
	wait "$int_pid"
	echo "$?" >"$int_dir/rc"
	printf '%s\n' "$int_file" >"$int_dir/file"
}

# check_partial SIG STATUS [DIR]: the checks after the run interrupt DIR
# made (default $TRASH); sets F, its results file.
check_partial() {
	cp_sig=$1
	cp_status=$2
	cp_dir=${3:-$TRASH}
	IFS= read -r F <"$cp_dir/file"
	if [ "$cp_dir" != "$TRASH" ]
	then
		# (expect_status and the checks read $TRASH/rc, err and procs)
		cp "$cp_dir/rc" "$cp_dir/err" "$cp_dir/procs" "$TRASH/"
	fi
	test_expect "SIG$cp_sig: exit status $cp_status" "expect_status $cp_status"
	test_expect "SIG$cp_sig: the file starts with the lmbench 3 marker" '
		[ -n "$F" ] &&
		[ "$(sed -n 1p "$F")" = "[lmbench3.0 results for $(uname -a)]" ]
	'
	test_expect "SIG$cp_sig: figures measured so far are kept" '
		expect_line "^Simple syscall: [0-9]+\.[0-9]{4} microseconds\$" "$F"
	'
	test_expect "SIG$cp_sig: marked incomplete, then the closing lines" "
		expect_line '^\\[INCOMPLETE: interrupted by SIG$cp_sig' \"\$F\" &&
		expect_line '^\\[LOAD_AFTER: ' \"\$F\" &&
		tail -n 1 \"\$F\" | grep -Eq '^\\[.*[0-9]{4}\\]\$'
	"
	test_expect "SIG$cp_sig: every line is a result, a series line or [...]" '
		awk "/^\[.*\]\$/ || /^[A-Za-z][^:]*: [0-9.]+ [a-zA-Z\/]+\$/ ||
			/^\"/ || /^[0-9.]+ [0-9.]+\$/ || /^\$/ { next }
			{ print; bad = 1 } END { exit bad }" "$F" >"$TRASH/bad" ||
			fail "unexpected lines: $(cat "$TRASH/bad")"
	'
	test_expect "SIG$cp_sig: every process it started has gone" '
		[ -s "$TRASH/procs" ] || fail "no process was running under it"
		# One ps for them all (a ps each was two processes a PID): those
		# still there, each with its state.
		pids=
		while read -r p
		do
			pids="$pids${pids:+,}$p"
		done <"$TRASH/procs"
		ps -o pid=,stat= -p "$pids" >"$TRASH/procs.ps" 2>/dev/null
		alive=
		while read -r p st
		do
			# A zombie has ended (its new parent has yet to reap it).
			case "$st" in
			"" | Z*) ;;
			*) alive="$alive $p" ;;
			esac
		done <"$TRASH/procs.ps"
		[ -z "$alive" ] || fail "still alive: $alive: $(ps -o pid,args -p "${alive# }")"
	'
	test_expect "SIG$cp_sig: no temporary file or directory left" '
		[ -z "$(ls -A "$cp_dir/fs")" ] && [ -z "$(ls -A "$cp_dir/tmp")" ] ||
			fail "left: $(ls -A "$cp_dir/fs" "$cp_dir/tmp")"
	'
}

# A stand-in program that hangs and ignores SIGTERM: the driver still
# ends (it kills it, 5 s after its SIGTERM), and the file is still
# marked incomplete.  That run waits the 5 s in the background, in a
# directory of its own ($TRASH/hup), while the INT and TERM runs go on;
# its checks come after theirs.
mkdir "$TRASH/hup" "$TRASH/hup/tmp" "$TRASH/hup/fs"
printf '#!/bin/sh\necho "3000 MHz, 0.3333 nanosec clock" >&2\n' >"$TRASH/bin/mhz"
cat >"$TRASH/bin/lat_syscall" <<'EOF'
#!/bin/sh
for a in "$@"; do c=$a; done
echo "Simple syscall: 0.1000 microseconds" >&2
[ "$c" = null ] && exit 0
trap '' TERM
sleep 617
EOF
chmod +x "$TRASH/bin/mhz" "$TRASH/bin/lat_syscall"
interrupt "$TRASH/hup" HUP syscall LATBW_BIN="$TRASH/bin" &
hup_run=$!

# The real lat_syscall with long samples, so that a figure is out and the
# next one is being measured when the signal comes (and a stand-in mhz,
# whose real one would take seconds with such samples).
# (And latbw-start, which starts it as in a real run.)
mkdir "$TRASH/real"
ln -s "$BIN/lat_syscall" "$BIN/latbw-start" "$TRASH/real/"
printf '#!/bin/sh\necho "3000 MHz, 0.3333 nanosec clock" >&2\n' >"$TRASH/real/mhz"
chmod +x "$TRASH/real/mhz"
if [ -n "$default_int" ]
then
	interrupt "$TRASH" INT syscall USECS=100000 REPS=3 LATBW_BIN="$TRASH/real"
	check_partial INT 130
else
	test_skip 'SIGINT to the driver' 'env --default-signal is not available'
fi
interrupt "$TRASH" TERM syscall USECS=100000 REPS=3 LATBW_BIN="$TRASH/real"
check_partial TERM 143

wait "$hup_run"
check_partial HUP 129 "$TRASH/hup"

# Interrupted in its second round: the rounds so far are combined.  A
# stand-in lat_syscall prints its run number (1, 2, 3 ...) as each case's
# figure; run 10 (mhz runs once, then null read write stat fstat open in
# each round: round 2's stat) says so in a file and waits, and the test
# sends SIGTERM then.  null, read and write have two rounds, their figure
# the mean of runs 1 and 7 (2 and 8, 3 and 9); stat, fstat and open one,
# round 1's.
mkdir "$TRASH/rb"
printf '#!/bin/sh\necho "3000 MHz, 0.3333 nanosec clock" >&2\n' >"$TRASH/rb/mhz"
cat >"$TRASH/rb/lat_syscall" <<EOF
#!/bin/sh
n=0
{ read -r n <"$TRASH/rb/count"; } 2>/dev/null
n=\$((n + 1))
echo "\$n" >"$TRASH/rb/count"
for a in "\$@"; do case "\$a" in null|read|write|stat|fstat|open) c=\$a ;; esac; done
if [ "\$n" -eq 10 ]; then : >"$TRASH/rb/waiting"; exec sleep 60; fi
case "\$c" in
null) l="Simple syscall" ;; read) l="Simple read" ;; write) l="Simple write" ;;
stat) l="Simple stat" ;; fstat) l="Simple fstat" ;; open) l="Simple open/close" ;;
esac
echo "\$l: \$n.0000 microseconds" >&2
echo "[latbw-stat prog=lat_syscall case=\$c median=\$n min=\$n max=\$n spread=1.00% reps=3 n=1 copies=1 cpus=any unit=us]" >&2
EOF
chmod +x "$TRASH/rb/mhz" "$TRASH/rb/lat_syscall"
rm -rf "$TRASH/res" && mkdir "$TRASH/res"
bg_driver FSDIR="$TRASH/fs" MB=4 BENCHMARKS=syscall ROUNDS=3 LATBW_BIN="$TRASH/rb"
rb_pid=$DRIVER_PID
i=0
while [ "$i" -lt 300 ] && ! [ -f "$TRASH/rb/waiting" ]
do
	sleep 0.1 2>/dev/null || sleep 1
	i=$((i + 1))
done
kill -TERM "$rb_pid"
wait "$rb_pid"
echo "$?" >"$TRASH/rc"
F=$(find "$TRASH/res" -type f 2>/dev/null | sed -n 1p)
export F

test_expect 'SIGTERM in round 2: exit status 143, marked incomplete in round 2 of 3' '
	expect_status 143 &&
	expect_line "^\[INCOMPLETE: interrupted by SIGTERM after step 11 of 19 \(round 2 of 3\)\]\$" "$F"
'

test_expect 'SIGTERM in round 2: the figures of rounds 1 and 2 combined (the faster of two), one line each' '
	expect_line "^Simple syscall: 1\.0000 microseconds\$" "$F" &&
	expect_line "^Simple write: 3\.0000 microseconds\$" "$F" &&
	expect_line "^Simple stat: 4\.0000 microseconds\$" "$F" &&
	expect_line "^Simple open/close: 6\.0000 microseconds\$" "$F" &&
	[ "$(grep -c "^Simple" "$F")" -eq 6 ] &&
	expect_line "^\[latbw-stat prog=lat_syscall case=null median=1 min=1 max=7 .* rounds=2 round_spread=150\.00% round_values=1,7 from_round=1 round_gap=600\.00%\]\$" "$F" &&
	expect_line "^\[latbw-stat prog=lat_syscall case=fstat median=5 .* rounds=1\]\$" "$F"
'

test_expect 'SIGTERM in round 2: no round file or temporary left' '
	[ -z "$(ls -A "$TRASH/fs")" ] && [ -z "$(ls -A "$TRASH/tmp")" ] &&
	[ "$(find "$TRASH/res" -type f | wc -l)" -eq 1 ] ||
		fail "left: $(ls -A "$TRASH/fs" "$TRASH/tmp") $(find "$TRASH/res" -type f)"
'

test_done

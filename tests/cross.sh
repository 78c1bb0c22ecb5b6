#!/bin/sh
# tests/cross.sh ARCH - latbw built for another architecture and run under
# qemu-user (make test-cross ARCH=aarch64|riscv64|armhf), or built static
# with musl and run here (ARCH=musl: what a board without a compiler gets).
#
# Builds every program from scratch (so that "no warning" means something)
# into build-cross-ARCH (build-static-musl-gcc), then, under qemu-user
# (qemu-ARCH -L /usr/<triple>; no binfmt_misc needed): the C unit tests;
# every program once with -N 1, which must print its figure line and exit
# 0 (or, where marked below, exit 3 saying why it cannot run under
# emulation; line and cache under emulation may say they found no line
# size, no cache level); the driver's quick plan with MB=8 using these
# programs; the summary of its results file.  Clock figures (mhz) mean nothing under
# emulation: only their form is checked.  Every step runs under timeout.
# Ends with "N passed, N failed".
. "$(dirname "$0")/lib.sh"

arch=${1:-${ARCH:-}}
# Per target: the compiler, qemu (none: runs here), the sysroot qemu
# loads the C library from, make's extra arguments, the build directory,
# and what the programs' --version says they were built for.
extra=
build_name=build-cross-$arch
case "$arch" in
aarch64)
	cc=aarch64-linux-gnu-gcc
	qemu="qemu-aarch64"
	sysroot=/usr/aarch64-linux-gnu
	built_for="aarch64 with glibc"
	;;
riscv64)
	cc=riscv64-linux-gnu-gcc
	qemu="qemu-riscv64"
	sysroot=/usr/riscv64-linux-gnu
	built_for="riscv64 with glibc"
	;;
armhf)
	cc=arm-linux-gnueabihf-gcc
	qemu="qemu-arm"
	sysroot=/usr/arm-linux-gnueabihf
	built_for="arm with glibc"
	;;
musl)
	# Not another machine: the static musl build a board without a
	# compiler gets (make static CC=musl-gcc), run here.
	cc=musl-gcc
	qemu=
	sysroot=
	extra=STATIC=1
	build_name="build-static-musl-gcc"
	built_for="$(uname -m) with musl"
	;;
*)
	printf 'cross.sh: ARCH is aarch64, riscv64, armhf or musl, not '\''%s'\''\n' "$arch" >&2
	printf 'usage: make test-cross ARCH=aarch64|riscv64|armhf|musl\n' >&2
	exit 2
	;;
esac
build=$TOP/$build_name
xbin=$build/bin
under=${qemu:-$cc, static}
# Ports of our own, away from the defaults other tests use.
port=27461
t_start=$(awk 'BEGIN { srand(); print srand() }')

# q PROG ARGS...: run a program of this build (under qemu), bounded.
q() {
	q_prog=$1
	shift
	if [ -n "$qemu" ]
	then
		timeout 120 "$qemu" -L "$sysroot" "$xbin/$q_prog" "$@"
	else
		timeout 120 "$xbin/$q_prog" "$@"
	fi
}

# shellcheck disable=SC2154 # test_count and test_failed are lib.sh's
finish() {
	printf '%d passed, %d failed (%s, %ss)\n' \
		"$((test_count - test_failed))" "$test_failed" "$arch" \
		"$(($(awk 'BEGIN { srand(); print srand() }') - t_start))"
	test_done
}

test_expect "$cc${qemu:+ and $qemu} are installed" '
	pkg=gcc-${cc%-gcc}
	[ "$cc" = musl-gcc ] && pkg=musl-tools
	command -v "$cc" >/dev/null 2>&1 ||
		fail "no $cc (apt-get install $pkg)" || return 1
	[ -z "$qemu" ] || command -v "$qemu" >/dev/null 2>&1 ||
		fail "no $qemu (apt-get install qemu-user)" || return 1
	[ -z "$sysroot" ] || [ -d "$sysroot" ] ||
		fail "no $sysroot (the cross C library)"
'
[ "$test_failed" = 0 ] || finish

test_expect "make CC=$cc $extra builds every program, warning-free" '
	rm -rf "$build" &&
	timeout 900 make -C "$TOP" CC="$cc" $extra BUILD="$build_name" all \
		>"$TRASH/build.log" 2>&1 ||
		fail "build failed: $(tail -20 "$TRASH/build.log")" || return 1
	! grep -i "warning" "$TRASH/build.log" ||
		fail "the build warned (above)" || return 1
	for c in "$TOP"/src/*.c
	do
		[ -x "$xbin/$(basename "$c" .c)" ] ||
			fail "$(basename "$c" .c) not built" || return 1
	done
'
[ "$test_failed" = 0 ] || finish

test_expect "the programs are built for $built_for and run (${under})" '
	q mhz --version >"$TRASH/out" 2>&1 ||
		fail "mhz --version: $(cat "$TRASH/out")" || return 1
	expect_line "^built for $built_for" "$TRASH/out"
'

if [ -z "$qemu" ]
then
	test_expect 'the programs are statically linked (no program interpreter)' '
		for p in mhz lat_proc latbw-hello
		do
			! grep -Eq "ld-linux|ld-musl" "$xbin/$p" ||
				fail "$p names a dynamic loader" || return 1
		done
	'
fi

test_expect "the C unit tests pass (${under})" '
	for u in "$build"/unit/*
	do
		[ -x "$u" ] || continue
		if [ -n "$qemu" ]
		then
			timeout 300 "$qemu" -L "$sysroot" "$u" >"$TRASH/unit" 2>&1
		else
			timeout 300 "$u" >"$TRASH/unit" 2>&1
		fi ||
			fail "$(basename "$u"): exit status $?: $(grep -v "^ok" "$TRASH/unit")" ||
			return 1
		! grep "^not ok" "$TRASH/unit" || return 1
	done
'

# The smoke table: program | arguments | its figure line (extended regex,
# no "|") | "3" when exit status 3 (cannot run here, with a reason) is accepted
# under emulation (lat_sig: a signal costs the same however qemu delivers
# it, so the difference lat_sig reports may not be above zero; lat_c2c on
# a machine with one CPU) | "net" for a program that needs its server.  Options go
# before operands (POSIX getopt).
mkdir -p "$TRASH/fs"
: >"$TRASH/fs/stat"
cat >"$TRASH/table" <<EOF
mhz||^[0-9]+ MHz, [0-9.]+ nanosec clock$||
line|-M 1m|^[0-9]+$||
tlb|-M 1024|^tlb: [0-9]+ pages$||
cache|-M 1m|^L1 cache: [0-9]+ bytes [0-9.]+ nanoseconds$||
par_mem|-M 1m|^0\.[0-9]+ [0-9.]+$||
lat_mem_rd|1 128|^0\.[0-9]+ [0-9.]+$||
lat_mem_load|-M 1m -L 1m -k 1|^0 [0-9.]+$||
bw_mem|1m rd|^[0-9.]+ [0-9.]+$||
stream|-M 1m|^STREAM copy bandwidth: [0-9.]+ MB/sec$||
lat_ops|integer-add|^integer add: [0-9.]+ nanoseconds$||
par_ops|integer-add|^integer add parallelism: [0-9.]+$||
lat_syscall|null|^Simple syscall: [0-9.]+ microseconds$||
lat_sig|catch|^Signal handler overhead: [0-9.]+ microseconds$|3|
lat_proc|fork|^Process fork\+exit: [0-9.]+ microseconds$||
lat_proc|exec|^Process fork\+execve: [0-9.]+ microseconds$|3|
lat_select|-n 10 file|^Select on 10 fd's: [0-9.]+ microseconds$||
lat_ctx|-s 0 2|^2 [0-9.]+$||
lat_c2c|cas|^1 [0-9.]+$|3|
lat_pipe||^Pipe latency: [0-9.]+ microseconds$||
lat_fifo||^Fifo latency: [0-9.]+ microseconds$||
lat_unix||^AF_UNIX sock stream latency: [0-9.]+ microseconds$||
lat_unix_connect||^UNIX connection cost: [0-9.]+ microseconds$||
lat_sem||^Semaphore latency: [0-9.]+ microseconds$||
lat_fcntl||^Fcntl lock latency: [0-9.]+ microseconds$||
bw_pipe|-M 1m|^Pipe bandwidth: [0-9.]+ MB/sec$||
bw_unix|-M 1m|^AF_UNIX sock stream bandwidth: [0-9.]+ MB/sec$||
lat_fs|-s 0 $TRASH/fs|^0k [0-9]+ [0-9]+||
lat_mmap|1m|^[0-9.]+ [0-9.]+$||
lat_pagefault||^Pagefaults on .*: [0-9.]+ microseconds$||
bw_file_rd|1m io_only|^[0-9.]+ [0-9.]+$||
bw_mmap_rd|1m mmap_only|^[0-9.]+ [0-9.]+$||
bw_disk|-s 1m write $TRASH/fs|^File sequential write\+fsync: [0-9.]+ MB/sec$||
lat_udp||^UDP latency using 127\.0\.0\.1: [0-9.]+ microseconds$||net
lat_tcp||^TCP latency using 127\.0\.0\.1: [0-9.]+ microseconds$||net
lat_connect||^TCP/IP connection cost to 127\.0\.0\.1: [0-9.]+ microseconds$||net
lat_rpc|-p udp|^RPC/udp latency using 127\.0\.0\.1: [0-9.]+ microseconds$||net
bw_tcp|-m 64k|^0\.065536 [0-9.]+$||net
EOF

test_expect 'every program has a line in the smoke table' '
	for c in "$TOP"/src/*.c
	do
		grep -q "^$(basename "$c" .c)|" "$TRASH/table" ||
			fail "$(basename "$c" .c) is not in tests/cross.sh'\''s table" || return 1
	done
'

# smoke PROG ARGS REGEX MAY3 NET: one run under qemu with -N 1.
smoke() {
	sm_prog=$1
	sm_re=$3
	sm_pre=
	if [ "$5" = net ]
	then
		port=$((port + 1))
		sm_pre="-o $port"
		# shellcheck disable=SC2086 # option lists
		q "$sm_prog" $sm_pre -i 30 -s 127.0.0.1 >"$TRASH/srv" 2>&1 ||
			fail "$sm_prog -s: $(cat "$TRASH/srv")" || return 1
	fi
	# shellcheck disable=SC2086
	q "$sm_prog" -N 1 -E 1000 -B 100 $sm_pre $2 ${5:+127.0.0.1} \
		>"$TRASH/out" 2>"$TRASH/err"
	sm_rc=$?
	if [ "$5" = net ]
	then
		# shellcheck disable=SC2086
		q "$sm_prog" $sm_pre -S 127.0.0.1 >/dev/null 2>&1
	fi
	if [ "$sm_rc" = 3 ] && [ "$4" = 3 ]
	then
		grep -q "^$sm_prog: cannot run here: " "$TRASH/err" ||
			fail "exit status 3 without a reason: $(cat "$TRASH/err")" || return 1
		printf '# %s\n' "$(grep "^$sm_prog: cannot run here: " "$TRASH/err")" >&3
		return 0
	fi
	[ "$sm_rc" = 0 ] || fail "exit status $sm_rc: $(cat "$TRASH/err")" || return 1
	expect_line "$sm_re" "$TRASH/err" || return 1
	# Statistics lines, where the program prints them, are its own
	# and took the one sample asked for.
	! grep "^\[latbw-stat " "$TRASH/err" | grep -v "^\[latbw-stat prog=$sm_prog .*reps=1 " ||
		fail "statistics lines not of $sm_prog, or not reps=1 (above)"
}

exec 3>&1
# shellcheck disable=SC2034 # the fields are used in the checks' evals
while IFS='|' read -r prog args re may3 net
do
	if [ "$prog" = mhz ] && [ "$arch" = armhf ]
	then
		# qemu-arm runs the 64-bit add chains as pairs of 32-bit
		# instructions at an unsteady pace: mhz refuses the clock.
		test_expect "mhz (${under}) prints a well-formed clock line, or refuses an unsteady clock" '
			q mhz -N 1 >"$TRASH/out" 2>"$TRASH/err"
			rc=$?
			[ "$rc" = 0 ] && expect_line "$re" "$TRASH/err" && return 0
			[ "$rc" = 1 ] && expect_line "^mhz: .*clock" "$TRASH/err" &&
				grep "^mhz: " "$TRASH/err" | sed "s/^/# /" >&3
		'
		continue
	fi
	if [ "$prog" = mhz ]
	then
		# A clock under emulation is whatever the translated loop does:
		# the chains may disagree, so three tries, and only the form of
		# the line is checked; three refusals of an unsteady clock (its
		# own reason, exit 1) are what mhz must do with such a clock,
		# and pass with a note (riscv64 on a loaded CI machine did).
		# Run natively, it must print its line.
		test_expect "mhz (${under}) prints a well-formed clock line (up to 3 tries${qemu:+; under emulation, or refuses an unsteady clock})" '
			for try in 1 2 3
			do
				q mhz -N 1 >"$TRASH/out" 2>"$TRASH/err"
				rc=$?
				[ "$rc" = 0 ] && expect_line "$re" "$TRASH/err" && return 0
			done
			if [ -n "$qemu" ] && [ "$rc" = 1 ] && grep -q "^mhz: .*clock was not steady" "$TRASH/err"
			then
				grep "^mhz: " "$TRASH/err" | sed "s/^/# note: /" >&3
				return 0
			fi
			fail "mhz: $(cat "$TRASH/err")"
		'
		continue
	fi
	if { [ "$prog" = line ] || [ "$prog" = cache ]; } && [ -n "$qemu" ]
	then
		# Under emulation the latencies of a pointer chase are the
		# translator's, not the caches': line may find no step and
		# cache no level, and must then say so (exit 1, no figure), as
		# riscv64 under qemu did once in three CI runs (line) and
		# aarch64 once (cache -M 1m).  Two tries; natively it must print.
		case $prog in
		line) none="no line size found" ;;
		*) none="found no cache level" ;;
		esac
		test_expect "$prog $args: its figure line with -N 1, or '$none' (${under})" '
			for try in 1 2
			do
				# shellcheck disable=SC2086 # "-M 1m": two arguments
				q "$prog" $args -N 1 >"$TRASH/out" 2>"$TRASH/err"
				rc=$?
				[ "$rc" = 0 ] && expect_line "$re" "$TRASH/err" && return 0
			done
			if [ "$rc" = 1 ] && grep -q "^$prog: .*$none" "$TRASH/err" &&
				! grep -Eq "$re" "$TRASH/err"
			then
				grep "^$prog: " "$TRASH/err" | sed "s/^/# note: /" >&3
				return 0
			fi
			fail "$prog: exit status $rc: $(cat "$TRASH/err")"
		'
		continue
	fi
	if [ "$prog" = line ] || [ "$prog" = cache ]
	then
		# Natively too, one sample a point (-N 1) may leave line no
		# step that most batches agree on, on a noisy host (musl,
		# static, in a CI run: 15 batches, 7.36 to 14.57 ns), which it
		# must then refuse: three tries, and one must print.
		test_expect "$prog $args: its figure line with -N 1, in up to 3 tries (${under})" '
			for try in 1 2 3
			do
				# shellcheck disable=SC2086 # "-M 1m": two arguments
				q "$prog" $args -N 1 >"$TRASH/out" 2>"$TRASH/err"
				rc=$?
				[ "$rc" = 0 ] && expect_line "$re" "$TRASH/err" && return 0
			done
			fail "$prog: exit status $rc: $(cat "$TRASH/err")"
		'
		continue
	fi
	test_expect "$prog $args: its figure line with -N 1 (${under})" \
		'smoke "$prog" "$args" "$re" "$may3" "$net"'
done <"$TRASH/table"

# The driver, as on a board: the quick plan over these programs (each
# started through qemu by a wrapper), a small MB, results in TRASH.
mkdir -p "$TRASH/qbin" "$TRASH/res"
qbin=$xbin
if [ -n "$qemu" ]
then
	qbin=$TRASH/qbin
	for p in "$xbin"/*
	do
		n=$(basename "$p")
		printf '#!/bin/sh\nexec %s -L %s %s "$@"\n' "$qemu" "$sysroot" "$p" >"$qbin/$n"
		chmod +x "$qbin/$n"
	done
fi

test_expect "the driver's quick plan (MB=8) runs these programs to the end" '
	(unset LATBW_BUILD BUILD CONFIG RERUN BENCHMARKS REMOTE
	 timeout 480 env QUICK=1 MB=8 LATBW_BIN="$qbin" \
		RESULTS_DIR="$TRASH/res" LATBW_SAVED_CONFIG="$TRASH/saved" \
		FSDIR="$TRASH/fs" sh "$TOP/scripts/latbw-run") >"$TRASH/run.out" 2>"$TRASH/run.err"
	rc=$?
	find "$TRASH/res" -type f -name "*.[0-9]*" >"$TRASH/files"
	[ "$(wc -l <"$TRASH/files" | tr -d " ")" = 1 ] ||
		fail "exit status $rc, results files: $(cat "$TRASH/files"); $(tail -5 "$TRASH/run.err")" ||
		return 1
	f=$(cat "$TRASH/files")
	cp "$f" "$TRASH/result"
	sed -n "s/.*: done in \([0-9:]*\):.*/# the driver ran for \1/p" "$TRASH/run.err" >&3
	grep -E "^\[(skipped|failed): " "$f" | sed "s/^/# /" >&3
	# Failures emulation may cause, each with the reason the program gave in a
	# note: mhz refusing an unsteady clock; under qemu, lat_ctx refusing a
	# point whose switch time came out below the overhead it includes
	# (the translated array walk and the switch cost what they like);
	# under qemu, line finding no step in its translated chase (as its
	# own test above allows).
	if [ "$rc" = 1 ]
	then
		# (a step of round 2 or later fails as "[failed: round N: ...")
		unexplained=$(grep "^\[failed: " "$f" |
			sed "s/^\[failed: round [0-9]*: /[failed: /" | while IFS= read -r line
			do
				case $line in
				"[failed: mhz,"*)
					grep -q "^\[note: .*mhz: .*clock" "$f" || echo "$line" ;;
				"[failed: line,"*)
					{ [ -n "$qemu" ] &&
						grep -q "^\[note: .*line: .*no line size found" "$f"; } ||
						echo "$line" ;;
				"[failed: lat_ctx "*)
					{ [ -n "$qemu" ] &&
						grep -q "^\[note: .*lat_ctx: .*below the overhead" "$f"; } ||
						echo "$line" ;;
				*) echo "$line" ;;
				esac
			done)
		[ -n "$unexplained" ] || rc=0
	fi
	[ "$rc" = 0 ] || fail "exit status $rc: $(tail -5 "$TRASH/run.err")" || return 1
	expect_line "^\[LATBW_BUILD: $built_for" "$f" &&
	expect_line "^\[COMPLETE: " "$f" &&
	expect_line "^Simple syscall: [0-9.]+ microseconds$" "$f" &&
	expect_line "^\"stride=" "$f"
'

test_expect 'the summary of that run: its tables, with figures' '
	[ -s "$TRASH/result" ] || fail "no results file" || return 1
	timeout 120 sh "$TOP/scripts/summary" "$TRASH/result" >"$TRASH/sum" 2>"$TRASH/sum.err" ||
		fail "summary: exit status $?: $(cat "$TRASH/sum.err")" || return 1
	expect_line "^Processor, Processes" "$TRASH/sum" &&
	awk "/^Processor, Processes/ { t = 1 } t && /^---------/ { n++; next } t && n == 2 { print; exit }" \
		"$TRASH/sum" >"$TRASH/row" &&
	expect_line " [0-9]+\.[0-9]+ " "$TRASH/row"
'

finish

# tests/lib-driver.sh - what the tests of the driver (scripts/latbw-run)
# share; sourced after lib.sh.

RUN=$TOP/scripts/latbw-run

# driver_env [VAR=VALUE...] COMMAND [ARG...]: run COMMAND as a user who
# configured nothing would: none of latbw-run's variables inherited from
# the caller, and TMPDIR, RESULTS_DIR and the saved configuration private
# to the test ($TRASH/tmp, $TRASH/res, $TRASH/saved).  VAR=VALUE set more.
# Redirects nothing; bg_driver runs latbw-run in the background.
driver_env() {
	# DRIVER_EXEC=exec: env replaces the shell (bg_driver).
	${DRIVER_EXEC:-} env -u BENCHMARKS -u BOUND -u CONFIG -u FSDIR -u LATBW_BIN -u LATBW_LLC \
		-u IDLE -u MB -u NICE -u QUICK -u SAME_CPU -u REMOTE -u REPS -u RERUN -u ROUNDS -u RSH -u SYNC_MAX -u USECS \
		-u LATBW_BENCHMARKS -u LATBW_BOUND -u LATBW_CONFIG -u LATBW_FSDIR -u LATBW_IDLE -u LATBW_MB \
		-u LATBW_NICE -u LATBW_QUICK -u LATBW_SAME_CPU -u LATBW_REMOTE -u LATBW_REPS -u LATBW_RERUN \
		-u LATBW_RESULTS_DIR -u LATBW_ROUNDS -u LATBW_RSH -u LATBW_SYNC_MAX -u LATBW_USECS \
		-u LATBW_ROUND_BUDGET -u LATBW_GRACE \
		TMPDIR="$TRASH/tmp" RESULTS_DIR="$TRASH/res" \
		LATBW_SAVED_CONFIG="$TRASH/saved" "$@"
}

# run_driver [VAR=VALUE...] [PREFIX...]: sh latbw-run in driver_env, its
# stdout, stderr and status in $TRASH/out, $TRASH/err and $TRASH/rc.
# Words that are not VAR=VALUE go before "sh latbw-run" (ip netns exec NS
# env ...).
run_driver() {
	driver_env "$@" sh "$RUN" >"$TRASH/out" 2>"$TRASH/err"
	echo "$?" >"$TRASH/rc"
}

# bg_driver [VAR=VALUE...] [PREFIX...]: run_driver's latbw-run started in
# the background; DRIVER_PID is its process (to signal), its output goes
# to $TRASH/out and $TRASH/err.
bg_driver() {
	(
		DRIVER_EXEC='exec'
		driver_env "$@" sh "$RUN"
	) >"$TRASH/out" 2>"$TRASH/err" &
	# shellcheck disable=SC2034 # for the test files
	DRIVER_PID=$!
}

# fake NAME BODY: a stand-in program (sh, running BODY) in $TRASH/bin, the
# directory the test makes and gives the driver as LATBW_BIN.
fake() {
	printf '#!/bin/sh\n%s\n' "$2" >"$TRASH/bin/$1"
	chmod +x "$TRASH/bin/$1"
}

# bad_values KEY MESSAGE VALUE...: a test per VALUE that KEY=VALUE is a
# one-line configuration error matching MESSAGE (extended regex), exit 2,
# nothing on stdout.
bad_values() {
	bv_key=$1
	bv_msg=$2
	shift 2
	for bv_v in "$@"
	do
		BV_SET="$bv_key=$bv_v" BV_MSG=$bv_msg
		export BV_SET BV_MSG
		test_expect "$bv_key=$bv_v: one-line configuration error, exit 2" '
			driver_env "$BV_SET" sh "$RUN" -p >"$TRASH/out" 2>"$TRASH/err"
			[ $? -eq 2 ] && has_lines 1 "$TRASH/err" &&
			expect_line "$BV_MSG" "$TRASH/err" &&
			! [ -s "$TRASH/out" ]
		'
	done
}

# stub_run [VAR=VALUE...]: run_driver over the stand-ins in $TRASH/bin, in
# a fresh $TRASH/res (the driver makes it): FSDIR $TRASH/fs, MB=1,
# QUICK=1, BOUND=5, ROUNDS=1, unless VAR=VALUE (after them) say
# otherwise; the results file (res/<OS-triple>/<host>.0) in $F, found by
# the shell.
stub_run() {
	rm -rf "$TRASH/res" &&
	run_driver LATBW_BIN="$TRASH/bin" FSDIR="$TRASH/fs" MB=1 QUICK=1 BOUND=5 \
		ROUNDS=1 "$@" || return 1
	for F in "$TRASH"/res/*/*.0
	do
		[ -f "$F" ] && return 0
	done
	F=
	return 1
}

# small_disk_bin DIR: make DIR a directory of programs for LATBW_BIN:
# every program of $BIN (a link), but bw_disk, which runs the real one
# with -s 8m.  A run of the real plan then writes and reads an 8 MB file
# where the real run's bw_disk makes 64 MB (2.5 s a round here): the
# tests check the file, not the figure, and the real run is unchanged.
small_disk_bin() {
	# (One ln for them all: one a program started 39.)
	mkdir "$1" && ln -s "$BIN"/* "$1/" || return 1
	[ -x "$BIN/bw_disk" ] || return 0
	rm -f "$1/bw_disk" &&
	printf '#!/bin/sh\nexec "%s" -s 8m "$@"\n' "$BIN/bw_disk" >"$1/bw_disk" &&
	chmod +x "$1/bw_disk"
}

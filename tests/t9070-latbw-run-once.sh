#!/bin/sh
# latbw-run's steps taken in the first round only: the header keys' (mhz,
# line) and those the registry flags O (cache, whose figures no table
# shows); every other step in every round, and the step count of the
# [COMPLETE: ...] line counts each as often as it runs.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/bin" "$TRASH/tmp" "$TRASH/fs" "$TRASH/res"

# Stand-ins that count their runs (one line each in $TRASH/calls).
for p in mhz cache lat_syscall
do
	printf '#!/bin/sh\n[ "$1" = --version ] && exit 0\necho %s >>"%s/calls"\n' "$p" "$TRASH" >"$TRASH/bin/$p"
	chmod +x "$TRASH/bin/$p"
done
cat >>"$TRASH/bin/mhz" <<'X'
echo "3000 MHz, 0.3333 nanosec clock" >&2
X
cat >>"$TRASH/bin/cache" <<'X'
echo "L1 cache: 32768 bytes" >&2
X
cat >>"$TRASH/bin/lat_syscall" <<'X'
echo "Simple syscall: 0.1000 microseconds" >&2
X

calls() {
	grep -c "^$1\$" "$TRASH/calls"
}

# The plan's lat_syscall steps, one round's.
nsys=$(grep -c "^run | [^|]*| [^|]*| [^|]*| [^|]*| lat_syscall " "$TOP/scripts/registry")
export nsys

run_driver LATBW_BIN="$TRASH/bin" FSDIR="$TRASH/fs" MB=1 QUICK=1 BOUND=5 ROUNDS=3 \
	BENCHMARKS="lat_syscall cache"
F=$(find "$TRASH/res" -type f -name "*.0")
export F

test_expect 'three rounds: every step but the first-round ones three times' '
	[ -n "$F" ] && [ "$nsys" -ge 1 ] &&
	[ "$(calls lat_syscall)" -eq $((3 * nsys)) ] &&
	expect_line "^\[ROUNDS: 3\]\$" "$F"
'

test_expect 'mhz (a header key) and cache (flag O) run in the first round only' '
	[ "$(calls mhz)" -eq 1 ] && [ "$(calls cache)" -eq 1 ] &&
	[ "$(grep -c "^L1 cache: 32768 bytes\$" "$F")" -eq 1 ]
'

test_expect 'the step count of [COMPLETE: ...] counts them once' '
	grep -Eq "^\[COMPLETE: ([0-9]+) of \1 steps, " "$F" ||
		fail "$(grep "^\[COMPLETE" "$F")"
'

test_done

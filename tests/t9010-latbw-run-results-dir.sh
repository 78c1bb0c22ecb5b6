#!/bin/sh
# results/ belongs to the user: the repository holds no runs in it (git
# ignores all of it but results/README), so that a fresh clone's first
# run on any host is <host>.0 and a bare summary shows the user's runs
# only.  Runs of other machines live in tests/fixtures/runs/.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/bin" "$TRASH/tmp" "$TRASH/fs" "$TRASH/tree"

host=$(uname -n)
host=${host%%.*}
export host

if command -v git >/dev/null 2>&1 && git -C "$TOP" rev-parse --git-dir >/dev/null 2>&1
then
	test_expect 'git ls-files results: results/README only' '
		[ "$(git -C "$TOP" ls-files results)" = results/README ] ||
		fail "$(git -C "$TOP" ls-files results | head -5)"
	'

	test_expect 'a run in results/ is ignored by git; results/README is not' '
		git -C "$TOP" check-ignore -q "results/x86_64-linux-gnu/$host.0" &&
		git -C "$TOP" check-ignore -q "results/CONFIG.$host" &&
		! git -C "$TOP" check-ignore -q results/README
	'

	# The tracked files as they are here: what a fresh clone holds.
	git -C "$TOP" ls-files | (cd "$TOP" && tar -cf - -T -) | tar -C "$TRASH/tree" -xf -
	fake mhz 'echo "3000 MHz, 0.3333 nanosec clock" >&2'
	test_expect 'a fresh clone: its first run is results/<triple>/<host>.0, the only file there' '
		driver_env env -u RESULTS_DIR LATBW_BIN="$TRASH/bin" FSDIR="$TRASH/fs" \
			QUICK=1 ROUNDS=1 BOUND=5 BENCHMARKS=lat_pipe \
			sh "$TRASH/tree/scripts/latbw-run" >"$TRASH/out" 2>"$TRASH/err" &&
		find "$TRASH/tree/results" -type f ! -name README >"$TRASH/files" &&
		[ "$(wc -l <"$TRASH/files")" -eq 1 ] &&
		grep -q "/results/[^/]*/$host\.0\$" "$TRASH/files" ||
		fail "$(cat "$TRASH/files") $(tail -2 "$TRASH/err")"
	'
else
	test_skip 'the tracked files of results/' 'not a git checkout (or no git)'
fi

test_expect 'the runs of other machines are fixtures, which summary reads' '
	ls "$TOP"/tests/fixtures/runs/*/* >"$TRASH/runs" &&
	[ "$(wc -l <"$TRASH/runs")" -ge 1 ] &&
	sh "$TOP/scripts/summary" "$TOP/tests/fixtures/runs" >"$TRASH/out" 2>"$TRASH/err" &&
	expect_line "^Processor, Processes" "$TRASH/out"
'

test_done

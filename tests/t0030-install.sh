#!/bin/sh
# make install into a DESTDIR: seven commands on PATH (latbw-run,
# latbw-fleet, latbw-summary, latbw-compare, latbw-graph, latbw-report,
# latbw-records),
# the programs and helpers in libexec/latbw, manual pages; then the
# installed commands run from a clean PATH and a clean environment, in a
# directory of their own: a quick run of one group writes ./results, and
# summary (with no argument: the same place), compare and graph read it;
# latbw-fleet runs one host through a launcher that runs it here.
. "$(dirname "$0")/lib.sh"

root=$TRASH/root
# shellcheck disable=SC2034 # used in the checks, which test_expect evals
libexec=$root/usr/libexec/latbw
# shellcheck disable=SC2034
read -r version <"$TOP/VERSION"

# installed CMD ARGS...: run an installed command as a user would, with
# nothing of the source tree in the environment (tests/run exports
# LATBW_BUILD, for one), in $TRASH/work; stdout in $TRASH/out, stderr in
# $TRASH/err.
installed() {
	(cd "$TRASH/work" &&
		env -i PATH="$root/usr/bin:/usr/bin:/bin" HOME="$TRASH/work" \
			TMPDIR="$TRASH/tmp" LC_ALL=C "$@") >"$TRASH/out" 2>"$TRASH/err"
}

mkdir -p "$TRASH/work" "$TRASH/tmp"

# no_fleet_dir_left: no latbw-* left in $TRASH/tmp (the shell looks).
no_fleet_dir_left() {
	for nf_d in "$TRASH"/tmp/latbw-*
	do
		[ -e "$nf_d" ] && return 1
	done
	return 0
}

test_expect 'make install into a DESTDIR' '
	make -s -C "$TOP" BUILD="$LATBW_BUILD" DESTDIR="$root" PREFIX=/usr install >"$TRASH/log" 2>&1 ||
		fail "$(cat "$TRASH/log")"
'

test_expect 'PATH gets exactly latbw-run, latbw-fleet, latbw-summary, latbw-compare, latbw-graph, latbw-report, latbw-records' '
	(cd "$root/usr/bin" && ls) >"$TRASH/bin" &&
	printf "%s\n" latbw-compare latbw-fleet latbw-graph latbw-records latbw-report latbw-run latbw-summary >"$TRASH/want" &&
	diff -u "$TRASH/want" "$TRASH/bin" &&
	for c in latbw-compare latbw-fleet latbw-graph latbw-records latbw-report latbw-run latbw-summary
	do
		[ -x "$root/usr/bin/$c" ] || fail "$c is not executable" || return 1
	done
'

test_expect 'every program, the helpers, the scripts, their awk, the parts of latbw-run, the registry and VERSION are in libexec/latbw' '
	for c in "$TOP"/src/*.c
	do
		p=${c##*/}
		p=${p%.c}
		[ -x "$libexec/$p" ] || fail "$p not in libexec/latbw" || return 1
	done &&
	for f in latbw-hello latbw-quiet latbw-start latbw-run latbw-fleet summary compare graph report records
	do
		[ -x "$libexec/$f" ] || fail "$f not in libexec/latbw" || return 1
	done &&
	for f in "$TOP"/scripts/*.awk "$TOP"/scripts/*.sh
	do
		[ -f "$libexec/${f##*/}" ] || fail "${f##*/} not in libexec/latbw" || return 1
	done &&
	{ cmp -s "$libexec/registry" "$TOP/scripts/registry" || fail "registry not in libexec/latbw"; } &&
	file_is "$libexec/VERSION" "$version"
'

test_expect 'manual pages are installed, under latbw'\''s names (the readers under their command names)' '
	for p in latbw-lat_syscall latbw-run latbw-fleet latbw-summary latbw-compare latbw-graph latbw-report latbw-records
	do
		[ -f "$root/usr/share/man/man1/$p.1" ] || fail "no man1/$p.1" || return 1
	done &&
	[ -f "$root/usr/share/man/man7/latbw.7" ] &&
	[ ! -f "$root/usr/share/man/man1/summary.1" ] &&
	[ ! -f "$root/usr/share/man/man1/lat_syscall.1" ] &&
	has_matches "$root/usr/share/man/man1/latbw-summary.1" "^\.TH LATBW-SUMMARY 1 " "^latbw-summary \\\\-" ||
		fail "man1/latbw-summary.1 does not name latbw-summary"
'

test_expect 'an installed lat_proc finds its helper' '
	"$libexec/lat_proc" -N 3 -E 1000 exec 2>"$TRASH/err" &&
	expect_line "^Process fork\+execve: " "$TRASH/err"
'

for c in latbw-run latbw-fleet latbw-summary latbw-compare latbw-graph latbw-report latbw-records
do
	test_expect "installed $c: --help and --version" "
		installed $c --help && expect_line '^usage: $c ' \"\$TRASH/out\" &&
		installed $c --version &&
		expect_line \"^$c \\(latbw\\) \$version\$\" \"\$TRASH/out\"
	"
done

# REPS=1, ROUNDS=1: one sample a figure, in one round (what is checked
# is what the installed commands write and read, not the figures).  Exit
# status 1 with mhz's refusal the one failure passes: mhz rightly refuses
# a machine as busy as the rest of make test beside it makes this one.
test_expect 'installed latbw-run: a quick run of one group (and a curve) writes ./results' '
	installed QUICK=1 BENCHMARKS="syscall lat_mem_rd" MB=1 REPS=1 ROUNDS=1 FSDIR="$TRASH/tmp" latbw-run
	rc=$?
	[ "$rc" = 0 ] || { [ "$rc" = 1 ] && grep -q "^latbw-run: mhz: failed" "$TRASH/err" &&
		grep -q "^latbw-run: 1 program run(s) failed" "$TRASH/err"; } ||
		fail "exit status $rc: $(cat "$TRASH/err")" || return 1
	find "$TRASH/work/results" -type f -name "*.[0-9]*" >"$TRASH/files" &&
	has_lines 1 "$TRASH/files" ||
		fail "results files: $(cat "$TRASH/files")" || return 1
	IFS= read -r f <"$TRASH/files" &&
	has_matches "$f" "^Simple syscall: [0-9.]+ microseconds" "^\[LMBENCH_VER: latbw-$version\]" \
		"^\[LATBW_BUILD: [a-z0-9_]+ with " "^\[CPU_(MODEL|ID): " &&
	expect_line "^Processor, Processes" "$TRASH/out" &&
	[ ! -e "$root/usr/libexec/results" ] && [ ! -e "$root/usr/results" ]
'

test_expect 'installed latbw-summary with no argument reads ./results' '
	installed latbw-summary || fail "$(cat "$TRASH/err")" || return 1
	expect_line "^Processor, Processes" "$TRASH/out" &&
	awk "/^Processor, Processes/ { t = 1 } t && /^---------/ { n++; next } t && n == 2 { print; exit }" \
		"$TRASH/out" >"$TRASH/row" &&
	expect_line " [0-9]+\.[0-9]+ " "$TRASH/row"
'

test_expect 'installed latbw-summary honours RESULTS_DIR' '
	mkdir -p "$TRASH/elsewhere" &&
	cp -R "$TRASH/work/results" "$TRASH/elsewhere/" &&
	installed RESULTS_DIR="$TRASH/elsewhere/results" latbw-summary &&
	expect_line "^Processor, Processes" "$TRASH/out" &&
	! installed RESULTS_DIR="$TRASH/nowhere" latbw-summary &&
	expect_line "no results directory .*nowhere" "$TRASH/err"
'

test_expect 'installed latbw-compare and latbw-graph read the run' '
	IFS= read -r f <"$TRASH/files" &&
	installed latbw-compare "$f" "$f" || fail "compare: $(cat "$TRASH/err")" || return 1
	expect_line "^Processor, Processes" "$TRASH/out" &&
	installed latbw-graph -o "$TRASH/svg" "$f" ||
		fail "graph: exit status $?: $(cat "$TRASH/err")" || return 1
	[ -s "$TRASH/svg/mem-latency.svg" ] || fail "no mem-latency.svg: $(ls "$TRASH/svg")"
'

# The launcher (RSH) runs each command here, as ssh would run it on the
# host: the fleet ships the installed directory into a temporary one,
# runs latbw-run there and gathers its file.
test_expect 'installed latbw-fleet: one host, through a launcher that runs here, gathered into RESULTS_DIR' '
	printf "%s\n" "#!/bin/sh" "# HOST COMMAND: COMMAND, here" "shift" "exec sh -c \"\$*\"" >"$TRASH/rsh" &&
	installed RSH="sh $TRASH/rsh" LATBW_RESULTS_DIR="$TRASH/fleet" QUICK=1 BENCHMARKS=syscall \
		MB=1 REPS=1 ROUNDS=1 FSDIR="$TRASH/tmp" latbw-fleet here ||
		fail "exit status $?: $(cat "$TRASH/err")" || return 1
	set -- "$TRASH"/fleet/*/here.0 &&
	f=$1 && [ $# = 1 ] && [ -f "$f" ] || fail "no here.0: $(cat "$TRASH/err")" || return 1
	is_complete "$f" || return 1
	has_matches "$f" "^Simple syscall: [0-9.]+ microseconds" "^\[LMBENCH_VER: latbw-$version\]" &&
	expect_line "^here  *Linux " "$TRASH/out" &&
	expect_line "^latbw-fleet: 1 of 1 hosts complete" "$TRASH/err" &&
	eventually no_fleet_dir_left ||
		fail "left: $(ls -d "$TRASH"/tmp/latbw-*)"
'

test_expect 'a wrapper moved away from libexec falls back to the configured LIBEXECDIR' '
	mkdir -p "$TRASH/moved" &&
	sed "s|'\''/usr/libexec/latbw'\''|'\''$libexec'\''|" \
		"$root/usr/bin/latbw-summary" >"$TRASH/moved/latbw-summary" &&
	installed sh "$TRASH/moved/latbw-summary" --version &&
	expect_line "^latbw-summary \(latbw\) $version$" "$TRASH/out"
'

test_expect 'make uninstall removes what make install put there' '
	make -s -C "$TOP" BUILD="$LATBW_BUILD" DESTDIR="$root" PREFIX=/usr uninstall >"$TRASH/log" 2>&1 ||
		fail "$(cat "$TRASH/log")" || return 1
	find "$root" -type f >"$TRASH/left" &&
	[ ! -s "$TRASH/left" ] || fail "left: $(cat "$TRASH/left")"
'

test_done

# tests/lib.sh - the shell test library, sourced by every tests/t*.sh.
#
#   . "$(dirname "$0")/lib.sh"
#   test_expect 'title' 'shell commands; the last status decides'
#   test_skip 'title' 'why it cannot run here'
#   test_done
#
# Each check prints "ok N - title" or "not ok N - title" (TAP-like);
# tests/run adds the lines of every file into "N passed, N failed".
# Helpers below compare real output with what is expected and say why
# when they fail (on stderr, so the TAP stream stays clean).

test_count=0
test_failed=0
# (The directories by the shell's own ${0%/*} and cd: every file sources
# this, and a dirname there is one process a file.)
case $0 in
*/*) TESTS_DIR=$(cd "${0%/*}" && pwd) ;;
*) TESTS_DIR=$PWD ;;
esac
# tests/bench/*.sh use this library too: TESTS_DIR is tests/ for them too.
[ -f "$TESTS_DIR/lib.sh" ] || TESTS_DIR=${TESTS_DIR%/*}
TOP=${TESTS_DIR%/*}
LATBW_BUILD=${LATBW_BUILD:-build}
case "$LATBW_BUILD" in
/*) BIN=$LATBW_BUILD/bin ;;
*) BIN=$TOP/$LATBW_BUILD/bin ;;
esac
export BIN TOP
# The readers (scripts/summary, compare, graph, report, records: their
# "${AWK:-awk}") run under mawk where it is installed and AWK is not set:
# Debian's own awk, and the quickest (a results file's records take 60
# ms under mawk, 139 under gawk, which is "awk" once installed).  What
# the readers print under every awk there is, byte for byte, is checked
# by the files that set AWK themselves (t8860's golden outputs, t8890).
if [ -z "${AWK:-}" ] && command -v mawk >/dev/null 2>&1
then
	AWK=mawk
	export AWK
fi

# A private scratch directory for this test file, removed by test_done.
TRASH=$(mktemp -d "${TMPDIR:-/tmp}/latbwtest.XXXXXX") || exit 1
export TRASH
trap 'rm -rf "$TRASH"' EXIT
trap 'exit 130' INT TERM HUP
# A reader that goes away (sh tests/t9800-rounds-combine.sh | head): the
# same way out, through EXIT, as tests/run.
trap 'exit 141' PIPE

# Every benchmark a test runs is bounded, so a hang fails a test, never
# the suite.
LATBW_TEST_BOUND=${LATBW_TEST_BOUND:-120}

# test_expect TITLE COMMANDS: one check; COMMANDS run in a subshell (eval),
# the status of the last decides; prints "ok N - TITLE" or "not ok N -
# TITLE" and, on failure, their output on stderr.
test_expect() {
	# CHECK_TIMES=FILE (an absolute path): each check's wall time is
	# added to FILE as "SECONDS FILE-NAME N", to find the slow ones.
	[ -z "${CHECK_TIMES:-}" ] || ct_s=$(date +%s.%N)
	test_count=$((test_count + 1))
	if (eval "$2") >"$TRASH/.out" 2>&1
	then
		printf 'ok %d - %s\n' "$test_count" "$1"
	else
		test_failed=$((test_failed + 1))
		printf 'not ok %d - %s\n' "$test_count" "$1"
		sed 's/^/#   /' "$TRASH/.out" >&2
	fi
	[ -z "${CHECK_TIMES:-}" ] || awk -v a="$ct_s" -v b="$(date +%s.%N)" -v n="$test_count" -v f="${0##*/}" 'BEGIN { printf "%.2f %s %s\n", b - a, f, n }' >>"$CHECK_TIMES"
}

# test_skip TITLE WHY: a check that cannot run here, counted as skipped.
test_skip() {
	test_count=$((test_count + 1))
	printf 'ok %d - %s # SKIP %s\n' "$test_count" "$1" "$2"
}

# test_done: the last line of a test file; exits 1 if any check failed.
test_done() {
	if [ "$test_failed" -eq 0 ]
	then
		exit 0
	fi
	exit 1
}

# fail MESSAGE: say why a check failed, and fail it.
fail() {
	printf '%s\n' "$*" >&2
	return 1
}

# run_bench PROG ARGS...: run $BIN/PROG under the time bound; its stderr
# (where results go) is kept in $TRASH/err, its stdout in $TRASH/out and its
# exit status in $TRASH/rc. Returns the program's status.
run_bench() {
	rb_prog=$1
	shift
	"$BIN/$rb_prog" -B "$LATBW_TEST_BOUND" "$@" >"$TRASH/out" 2>"$TRASH/err"
	rb_rc=$?
	echo "$rb_rc" >"$TRASH/rc"
	return "$rb_rc"
}

# figure_or_reason PROG REGEX: the last run_bench of PROG either exited 0
# with a line matching the extended regex REGEX, or exited 1 saying why
# (a line "PROG: ...") and printed no such line.  For programs whose
# figure depends on the machine (mhz, cache, line, tlb): make test checks
# what they print, tests/bench whether it is right.
figure_or_reason() {
	fr_rc=
	read -r fr_rc <"$TRASH/rc"
	case "$fr_rc" in
	0) expect_line "$2" "$TRASH/err" ;;
	1)
		grep -q "^$1: ." "$TRASH/err" ||
			fail "exit 1 without a reason: $(cat "$TRASH/err")" || return 1
		! grep -Eq -- "$2" "$TRASH/err" ||
			fail "exit 1, yet a figure: $(cat "$TRASH/err")"
		;;
	*) fail "exit status $fr_rc: $(cat "$TRASH/err")" ;;
	esac
}

# expect_line REGEX FILE: FILE holds a line matching the extended regex.
expect_line() {
	if grep -Eq -- "$1" "$2"
	then
		return 0
	fi
	fail "no line matching /$1/ in $2:" "$(cat "$2")"
}

# holds FILE TEXT...: each TEXT is in FILE, within a line (fixed strings,
# not regular expressions); says which are not.  One awk for them all,
# where a grep -q each would start a process a TEXT.
holds() {
	holds_awk 0 "$@"
}

# holds_lines FILE LINE...: each LINE is a whole line of FILE (as grep
# -qxF); says which are not.  One awk for them all.
holds_lines() {
	holds_awk 1 "$@"
}

# has_matches FILE ERE...: a line of FILE matches each extended regex ERE
# (expect_line is a grep for each); says which do not.  One awk for them
# all.  (No interval expressions, a{2}: mawk 1.3.4 20200120 does not
# know them.)
has_matches() {
	holds_awk 2 "$@"
}

# holds_awk HOW FILE TEXT...: holds (HOW 0), holds_lines (1), has_matches
# (2).  The TEXTs are taken out of ARGV before awk reads its files, so
# that one with a "=" is no assignment, and compared as strings ("10.0"
# is not "10").
holds_awk() {
	h_how=$1
	shift
	LC_ALL=C awk -v how="$h_how" 'BEGIN {
			n = ARGC
			for (i = 2; i < n; i++) { want[i] = ARGV[i] ""; delete ARGV[i] }
			say = how == 2 ? " no line matching: " : how ? " as a line: " : ": "
		}
		{
			for (i = 2; i < n; i++)
				if (!(i in seen) && (how == 2 ? $0 ~ want[i] : how ? $0 "" == want[i] : index($0, want[i])))
					seen[i] = 1
		}
		END {
			for (i = 2; i < n; i++)
				if (!(i in seen)) {
					print "not in " ARGV[1] say want[i]
					bad = 1
				}
			exit bad
		}' "$@" >&2
}

# file_is FILE TEXT: FILE holds TEXT, as "$(cat FILE)" gives it (trailing
# newlines dropped), read by the shell: no cat.  For short files (a
# status, a line or two): the shell's read takes a byte a syscall.
file_is() {
	fi_nl='
'
	fi_got=
	while IFS= read -r fi_l || [ -n "$fi_l" ]
	do
		fi_got=$fi_got$fi_l$fi_nl
	done <"$1"
	while [ "${fi_got%"$fi_nl"}" != "$fi_got" ]
	do
		fi_got=${fi_got%"$fi_nl"}
	done
	[ "$fi_got" = "$2" ]
}

# has_lines N FILE: FILE has N lines, as wc -l counts them (a last line
# without its newline is not one), read by the shell: no wc.  For short
# files, as file_is.
has_lines() {
	hl_n=0
	while IFS= read -r _
	do
		hl_n=$((hl_n + 1))
	done <"$2"
	[ "$hl_n" -eq "$1" ]
}

# value_of LABEL FILE: the number on the line "LABEL: <number> <unit>".
value_of() {
	awk -v label="$1" '
		index($0, label ": ") == 1 {
			rest = substr($0, length(label) + 3)
			split(rest, w, " ")
			print w[1]
			exit
		}' "$2"
}

# is_positive NUMBER: a finite number greater than zero.
is_positive() {
	awk -v v="$1" 'BEGIN {
		if (v !~ /^[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?$/) exit 1
		exit !(v + 0 > 0)
	}' || fail "not a positive finite number: '$1'"
}

# greater A B [WHAT]: A > B, numerically.
greater() {
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 > b + 0) }' ||
		fail "expected $1 > $2 ${3:-}"
}

# between V LO HI: LO <= V <= HI.
between() {
	awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v + 0 >= lo + 0 && v + 0 <= hi + 0) }' ||
		fail "expected $2 <= $1 <= $3"
}

# expect_status WANT: the last command run by a run_* helper (run_bench,
# run_reader, run_driver, ...) exited with WANT (kept in $TRASH/rc).
expect_status() {
	es_got=
	read -r es_got <"$TRASH/rc"
	[ "$es_got" = "$1" ] || fail "exit status $es_got, expected $1; stderr: $(cat "$TRASH/err")"
}

# usage_tests PROG ARGS...: one check for each ARGS (a string of
# arguments, split at blanks): PROG run with them exits 2 with two
# lines on stderr (the error and the usage line "usage: PROG ...").
usage_tests() {
	ut_prog=$1
	shift
	for ut_args
	do
		test_expect "$ut_prog bad arguments '$ut_args': exit 2 and a usage line" "
			! run_bench $ut_prog $ut_args && expect_status 2 &&
			expect_line '^usage: $ut_prog ' \"\$TRASH/err\" &&
			{ has_lines 2 \"\$TRASH/err\" ||
				fail \"not two lines: \$(cat \"\$TRASH/err\")\"; }
		"
	done
}

# no_children_of PID: nothing alive has PID as its parent.
no_children_of() {
	kids=$(ps -o pid= --ppid "$1" 2>/dev/null | tr -d ' ')
	[ -z "$kids" ] || fail "children of $1 still alive: $kids"
}

# eventually CHECK [TRIES]: the shell command CHECK succeeds within 5 s
# (or TRIES tries; tried every 0.1 s): for what takes a moment, such as
# processes going away after a time bound or a signal, without a fixed
# sleep.
eventually() {
	ev_i=0
	until eval "$1"
	do
		ev_i=$((ev_i + 1))
		[ "$ev_i" -lt "${2:-50}" ] || return 1
		sleep 0.1
	done
}

# procs_with PROG TEXT: how many live (not zombie) processes run $BIN/PROG
# with TEXT in their command line.  Others may run PROG at the same time:
# TEXT is the test's own arguments.
procs_with() {
	# The path is split so that this awk's own command line never matches.
	ps -eo stat=,args= | awk -v p="$1" -v t="$2" '$1 !~ /^Z/ &&
		index($0, "bin" "/" p " ") && index($0, t) { c++ }
		END { print c + 0 }'
}

# points FILE: the "<x> <y>" lines of a series (lat_mem_rd, par_mem, ...).
points() {
	grep -E '^[0-9]+\.[0-9]+ [0-9]+\.[0-9]+$' "$1"
}

# procs_named NAME: how many live processes run a program called NAME
# (zombies excluded), but for those of another test file: tests/run runs
# the driver's tests beside the others, and a process whose environment
# holds another file's TRASH is that file's (a live process whose
# environment cannot be read, or holds no TRASH, counts).
procs_named() {
	pn_c=0
	for pn_pid in $(ps -eo pid=,stat=,comm= |
		awk -v n="$1" '$3 == n && $2 !~ /^Z/ { print $1 }')
	do
		pn_t=$(tr '\0' '\n' <"/proc/$pn_pid/environ" 2>/dev/null |
			sed -n 's/^TRASH=//p')
		if [ -n "$pn_t" ]
		then
			[ "$pn_t" = "$TRASH" ] || continue
		else
			# Gone or a zombie since ps looked: not alive.
			pn_s=$(ps -o stat= -p "$pn_pid" 2>/dev/null)
			case "$pn_s" in
			'' | Z*) continue ;;
			esac
		fi
		pn_c=$((pn_c + 1))
	done
	echo "$pn_c"
}

# is_complete FILE: its last line is the driver's closing line, else a
# failure that shows it.  (Read by the shell: a quick run's file is
# short.)
is_complete() {
	ic_l=
	ic_last=
	while IFS= read -r ic_l || [ -n "$ic_l" ]
	do
		ic_last=$ic_l
	done <"$1"
	case "$ic_last" in
	"[COMPLETE: "*) return 0 ;;
	esac
	fail "$1: $ic_last"
}

# tmp_files_in DIR: latbw temporary files (latbw.*) left in DIR.  (Counted
# by the shell's glob, not find | wc | tr: checks poll it, lib-fs.sh's up
# to 100 times.)
tmp_files_in() {
	tf_n=0
	for tf_f in "$1"/latbw.*
	do
		if [ -e "$tf_f" ] || [ -L "$tf_f" ]
		then
			tf_n=$((tf_n + 1))
		fi
	done
	echo "$tf_n"
}

# min_of LABEL FILE: the fastest sample (min= of the statistics line that
# follows the figure LABEL).  Noise on a shared machine only ever adds
# time, so relations between costs are checked on the fastest samples.
min_of() {
	awk -v label="$1" '
		index($0, label ": ") == 1 { found = 1; next }
		found && /^\[latbw-stat / {
			for (i = 1; i <= NF; i++)
				if ($i ~ /^min=/) { print substr($i, 5); exit }
		}' "$2"
}

# costs_more PROG_A "ARGS_A" LABEL_A PROG_B "ARGS_B" LABEL_B: the operation
# A costs more than B, judged on the fastest samples of fresh runs; one
# retry is allowed, since one run can be disturbed throughout.
costs_more() {
	cm_try=0
	while [ "$cm_try" -lt 2 ]
	do
		cm_try=$((cm_try + 1))
		# shellcheck disable=SC2086 # argument lists
		"$BIN/$1" -B "$LATBW_TEST_BOUND" -N 5 -E 2000 $2 2>"$TRASH/cm_a" || continue
		# shellcheck disable=SC2086
		"$BIN/$4" -B "$LATBW_TEST_BOUND" -N 5 -E 2000 $5 2>"$TRASH/cm_b" || continue
		cm_a=$(min_of "$3" "$TRASH/cm_a")
		cm_b=$(min_of "$6" "$TRASH/cm_b")
		if awk -v a="$cm_a" -v b="$cm_b" 'BEGIN { exit !(a + 0 > b + 0 && b + 0 > 0) }'
		then
			return 0
		fi
	done
	fail "expected $3 ($cm_a) > $6 ($cm_b), fastest samples, twice"
}

# netns_pair NS_A NS_B NET: make network namespaces NS_A and NS_B joined by
# a veth pair, NET.1/24 in NS_A and NET.2/24 in NS_B (NET like 10.77.0; the
# addresses exist only inside the namespaces), loopback up in both.  On
# failure $NETNS_WHY says why, for test_skip.  The caller removes the
# namespaces (ip netns del) on every way out.
netns_pair() {
	NETNS_WHY=
	if ! command -v ip >/dev/null 2>&1
	then
		NETNS_WHY="no ip command (iproute2)"
	elif ! ip netns add "$1" 2>"$TRASH/why"
	then
		NETNS_WHY="cannot create a network namespace: $(cat "$TRASH/why")"
	elif ! { ip netns add "$2" &&
		ip link add "v$$a" netns "$1" type veth peer name "v$$b" netns "$2" &&
		ip -n "$1" addr add "$3.1/24" dev "v$$a" &&
		ip -n "$2" addr add "$3.2/24" dev "v$$b" &&
		ip -n "$1" link set "v$$a" up && ip -n "$2" link set "v$$b" up &&
		ip -n "$1" link set lo up && ip -n "$2" link set lo up; } 2>"$TRASH/why"
	then
		NETNS_WHY="cannot set up the veth pair: $(cat "$TRASH/why")"
	fi
	[ -z "$NETNS_WHY" ]
}

# netns_remove NS...: kill everything in the network namespaces NS and
# remove them (what netns_pair made); quiet about those that do not exist.
netns_remove() {
	for nr_ns
	do
		for nr_pid in $(ip netns pids "$nr_ns" 2>/dev/null)
		do
			kill -9 "$nr_pid" 2>/dev/null
		done
		ip netns del "$nr_ns" 2>/dev/null
	done
	return 0
}

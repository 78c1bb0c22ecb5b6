#!/bin/sh
# latbw-run's cross-CPU steps: with SAME_CPU=quiet (the default), the two
# CPUs latbw-quiet -p names as each step begins (an answer less than a
# second old is kept), a server's clients on the server's pair; with
# SAME_CPU=N, without latbw-quiet, or when it answers nonsense: the
# plan's pair (0 and the first CPU of another core).
# Then latbw-quiet -p itself.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/bin" "$TRASH/tmp" "$TRASH/fs" "$TRASH/res"
# The stand-ins start as the real programs do, through latbw-start, where
# it is built: without it each step starts setsid, sh and nice besides
# (t9060 checks that way).
[ -x "$BIN/latbw-start" ] && ln -s "$BIN/latbw-start" "$TRASH/bin/latbw-start"

# A latbw-quiet whose -p names the pair 10,N with N = 11, 12, ... (one
# more each call), or what $TRASH/pair holds; its calls in $TRASH/calls.
# Its answers to -p and lat_pipe's runs are logged in $TRASH/log after
# the hundredths of a second since boot: "Q CS PAIR", "P CS ARGS".
# PIPE_NAP: lat_pipe's same-CPU steps (a -C of one CPU) nap so long,
# so that the next round's cross-CPU step begins that long after the
# last answer (the cross-CPU steps do not nap: they would only make the
# test longer).
echo 10 >"$TRASH/quiet.n"
UP='read -r up _ </proc/uptime; up=${up%.*}${up#*.}'
# (Its files read by the shell: it answers as each step begins.)
fake latbw-quiet 'echo "$*" >>"'"$TRASH"'/calls"
[ "$1" = -p ] || { echo 0; exit 0; }
if [ -f "'"$TRASH"'/pair" ]; then IFS= read -r p <"'"$TRASH"'/pair"; printf "%s\n" "$p"; exit 0; fi
'"$UP"'
read -r n <"'"$TRASH"'/quiet.n"; n=$((n + 1)); echo "$n" >"'"$TRASH"'/quiet.n"; echo "Q $up 10,$n" >>"'"$TRASH"'/log"; echo "10,$n"'
fake lat_pipe "$UP"'; echo "$*" >>"'"$TRASH"'/args"; echo "P $up $*" >>"'"$TRASH"'/log"; case "$*" in *,*) ;; *) [ -z "${PIPE_NAP:-}" ] || sleep "$PIPE_NAP" ;; esac; echo "Pipe latency: 3.0000 microseconds" >&2'
fake lat_connect 'echo "conn $*" >>"'"$TRASH"'/args"
case " $* " in
*" -s "* | *" -S "*) exit 0 ;;
esac
echo "TCP/IP connection cost to localhost: 5.0000 microseconds" >&2'

# pair_run [VAR=VALUE...]: the stand-ins' steps; their arguments in
# $TRASH/args, the results file in $F.
# shellcheck disable=SC2120 # also called with settings, inside test texts
pair_run() {
	rm -f "$TRASH/args" "$TRASH/calls" "$TRASH/log" && echo 10 >"$TRASH/quiet.n" &&
	stub_run BENCHMARKS="ipc net" "$@"
}

# pairs_of ERE: the -C lists of two CPUs on the recorded command lines
# that match the extended regex ERE, in one awk.
pairs_of() {
	awk -v re="$1" '$0 ~ re && match($0, / -C [0-9]*,[0-9]*/) {
		print substr($0, RSTART + 4, RLENGTH - 4)
	}' "$TRASH/args"
}

# only_plan_pair: the recorded command lines have a -C list of two CPUs,
# and each is the plan's pair (as the sorted unique lists of pairs_of
# being that pair alone), in one awk; says which are not.
only_plan_pair() {
	awk -v want="$plan_pair" 'match($0, / -C [0-9]*,[0-9]*/) {
		n++
		p = substr($0, RSTART + 4, RLENGTH - 4)
		if (p != want) {
			print "not the plan'"'"'s pair (" want "): " $0
			bad = 1
		}
	}
	END {
		if (!n)
			print "no -C list of two CPUs"
		exit bad || !n
	}' "$TRASH/args" >&2
}

# The plan's pair: 0 and the first other online CPU that is not one of
# cpu0's SMT siblings (or the first other, on one core); asked once, in
# plan_pair.
plan_pair=$(sh -c '. "$1/scripts/latbw-machine.sh" && . "$1/scripts/latbw-cpus.sh" &&
	cross_pair && [ -n "$plan_pair" ] && printf "%s\n" "$plan_pair"' sh "$TOP")
export plan_pair

if [ "$(getconf _NPROCESSORS_ONLN)" -lt 2 ]
then
	test_skip 'cross-CPU steps on the pair latbw-quiet names' 'one CPU: no cross-CPU steps'
	test_done
	exit
fi

# stale_or_wrong: the log's cross-CPU lat_pipe steps that did not run on
# the pair latbw-quiet -p last named, or began 1.5 s or more after it
# named it (the driver keeps an answer for a second).
stale_or_wrong() {
	awk '$1 == "Q" { cs = $2; pair = $3 }
		$1 == "P" && $3 == "-B" {
			c = ""
			for (i = 4; i < NF; i++) if ($i == "-C") c = $(i + 1)
			if (c !~ /,/) next
			if (c != pair || $2 - cs >= 150) print
		}' "$TRASH/log"
}

pair_run
test_expect 'quiet: each cross-CPU step runs on the pair latbw-quiet -p last named, at most a second before' '
	expect_status 0 &&
	# pairs 10,11 10,12 ...: for the steps and the server (lat_pipe,
	# the lat_connect server)
	[ "$(pairs_of "^-B|^conn -s" | wc -l)" -ge 2 ] &&
	[ -z "$(stale_or_wrong)" ] &&
	! pairs_of "" | grep -qv "^10," &&
	! grep -q "@PAIR@" "$TRASH/args" "$F" || {
		fail "$(cat "$TRASH/args")"
		return 1
	}
'

test_expect 'quiet: a cross-CPU server'"'"'s client runs on the server'"'"'s pair, not a new one' '
	s=$(pairs_of "^conn -s") && c=$(pairs_of "^conn -B") &&
	[ -n "$s" ] && [ "$s" = "$c" ] &&
	[ "$(grep -c "^TCP/IP connection (cross CPU) cost to localhost:" "$F")" -eq 1 ]
'

test_expect 'quiet: a cross-CPU step that begins a second after the last answer asks again' '
	pair_run BENCHMARKS=lat_pipe ROUNDS=3 PIPE_NAP=1.2 &&
	expect_status 0 &&
	# three cross-CPU steps, one a round, each on a pair of its own
	[ "$(pairs_of "^-B" | wc -l)" -eq 3 ] &&
	[ "$(pairs_of "^-B" | sort -u | wc -l)" -eq 3 ] &&
	[ -z "$(stale_or_wrong)" ] || {
		fail "$(cat "$TRASH/log")"
		return 1
	}
'

test_expect 'SAME_CPU=0: the plan'"'"'s pair, latbw-quiet -p not asked' '
	[ -n "$plan_pair" ] &&
	pair_run SAME_CPU=0 &&
	only_plan_pair &&
	! grep -q -- "-p" "$TRASH/calls" 2>/dev/null
'

for junk in x 1 "1,2,3" ",1" "1," ""
do
	test_expect "latbw-quiet -p answers '$junk': the plan's pair" '
		printf "%s\n" "$junk" >"$TRASH/pair" &&
		pair_run &&
		rm -f "$TRASH/pair" &&
		only_plan_pair
	'
done
rm -f "$TRASH/pair"

test_expect 'without latbw-quiet: the plan'"'"'s pair' '
	mv "$TRASH/bin/latbw-quiet" "$TRASH/quiet.off" &&
	pair_run &&
	mv "$TRASH/quiet.off" "$TRASH/bin/latbw-quiet" &&
	only_plan_pair
'

Q=$BIN/latbw-quiet
export Q
for bad in "-p x" "-p 0" "-p 1 2" "-q" "5 -p"
do
	test_expect "latbw-quiet $bad: usage, exit 2" '
		# shellcheck disable=SC2086 # several arguments
		"$Q" $bad >"$TRASH/out" 2>"$TRASH/err"
		[ $? -eq 2 ] && ! [ -s "$TRASH/out" ] &&
		has_lines 2 "$TRASH/err" &&
		expect_line "^usage: latbw-quiet \[-p\]" "$TRASH/err"
	'
done

test_expect 'latbw-quiet -p names two CPUs this process may run on' '
	"$Q" -p 20 >"$TRASH/out" &&
	read -r p <"$TRASH/out" &&
	case "$p" in *[!0-9,]* | *,*,* | ,* | *,) false ;; *,*) ;; *) false ;; esac &&
	[ "${p%,*}" != "${p#*,}" ] &&
	if command -v taskset >/dev/null 2>&1
	then
		[ "$(taskset -c 0,1 "$Q" -p 20)" = "0,1" ] &&
		{ taskset -c 1 "$Q" -p 20 >"$TRASH/out" 2>"$TRASH/err"; [ $? -eq 1 ]; } &&
		! [ -s "$TRASH/out" ] &&
		expect_line "fewer than two CPUs" "$TRASH/err"
	fi
'

test_done

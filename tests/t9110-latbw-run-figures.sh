#!/bin/sh
# latbw-run: every figure line and its statistics line say the same
# number (the figure is the fastest round's median), and no statistics
# line is left where it belongs to no figure.  mhz's statistics line was
# held back by the output filter (its "3000 MHz, ..." line looked like a
# series point) and landed after the last figure of round 1, which
# rounds.awk then took for the median of its rounds: a subset run wrote
# "Simple open/close: 3.0791" (round 1's) under "median=3.05917
# from_round=3".  The reader check is the summary's (stats.awk,
# same_number): it warns when the two differ; here every run's summary
# must warn of nothing.  Stand-ins first (the same rounds every time),
# then the real programs: quick runs of each group (but remote, which
# needs hosts: t9400) and of single programs, a full one of two.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/bin" "$TRASH/tmp" "$TRASH/fs" "$TRASH/res"
# The stand-ins start as the real programs do, through latbw-start, where
# it is built: without it each step starts setsid, sh and nice besides
# (t9060 checks that way).
[ -x "$BIN/latbw-start" ] && ln -s "$BIN/latbw-start" "$TRASH/bin/latbw-start"

# A mhz as the real one writes: its line, its statistics line, a check.
fake mhz 'echo "3000 MHz, 0.3333 nanosec clock" >&2
echo "[latbw-stat prog=mhz case=cycle median=0.333333 min=0.33 max=0.34 spread=0.50% reps=3 preempted=0 n=1000 copies=1 cpus=any unit=ns]" >&2
echo "[mhz-check pairs=10 used=3 ratio=1.000 windows=1]" >&2'

# A lat_pipe whose rounds are 3, 4 and 1.5 us, on each placement (-C): the
# fastest is round 3's, the median of the rounds round 1's.  The Nth call
# (N lines in its file for the placement) says the Nth, read by the shell.
fake lat_pipe 'c=any
while [ "$#" -gt 0 ]
do
	[ "$1" = -C ] && c=$2
	shift
done
echo x >>"'"$TRASH"'/pipe.$c"
v=1.5000
{ read -r _ && v=3.0000 && read -r _ && v=4.0000 && read -r _ && v=1.5000; } <"'"$TRASH"'/pipe.$c"
echo "Pipe latency: $v microseconds" >&2
echo "[latbw-stat prog=lat_pipe case=pipe median=$v min=$v max=$v spread=0.00% reps=1 preempted=0 n=1 copies=1 cpus=$c unit=us placement=same]" >&2'

# summary_csv FILE: summary -f csv of FILE, run once for each file
# however many checks read it (a run of several groups is checked for
# each): its output in $TRASH/sum.NAME, its messages in
# $TRASH/sum.NAME.err (NAME: its base name); true when it exited 0.
summary_csv() {
	sc_out=$TRASH/sum.${1##*/}
	if ! [ -f "$sc_out.rc" ]
	then
		sh "$TOP/scripts/summary" -f csv "$1" >"$sc_out" 2>"$sc_out.err"
		echo "$?" >"$sc_out.rc"
	fi
	read -r sc_rc <"$sc_out.rc" && [ "$sc_rc" = 0 ]
}

# figures_agree FILE: the summary of FILE warns of nothing (a figure and
# its statistics line that differ, a statistics line after no figure).
figures_agree() {
	if summary_csv "$1" && ! [ -s "$TRASH/sum.${1##*/}.err" ] && grep -q "^\\[latbw-stat " "$1"
	then
		return 0
	fi
	fail "${1##*/}: $(head -3 "$TRASH/sum.${1##*/}.err")"
}

# ids_stamped FILE: every statistics line of FILE carries the id of its
# figure (id=, from the registry), and no two figures of FILE (an id, an
# x and a case) have one: a figure's rounds are one line.
ids_stamped() {
	awk '/^\[latbw-stat / {
		n++
		id = x = c = ""
		for (i = 2; i <= NF; i++) {
			if ($i ~ /^id=/) id = substr($i, 4)
			if ($i ~ /^x=/) x = substr($i, 3)
			if ($i ~ /^case=/) c = substr($i, 6)
			if ($i ~ /^cpus=/) p = substr($i, 6)
		}
		sub(/\]$/, "", id)
		if (id !~ /^[a-z0-9][a-z0-9._@-]*$/) { print "no id: " $0; next }
		# (lat_c2c: a matrix cell is its case and pair)
		k = id " " x " " c (id == "c2c.matrix" ? " " p : "")
		if (k in seen) print "twice: " k
		seen[k] = 1
	}
	END { if (!n) print "no statistics line" }' "$1" >"$TRASH/noid" &&
	{ ! [ -s "$TRASH/noid" ] || fail "${1##*/}: $(head -3 "$TRASH/noid")"; }
}

rm -f "$TRASH"/pipe.*
stub_run SAME_CPU=0 BENCHMARKS=lat_pipe ROUNDS=3
export F

test_expect 'stand-ins: the figure is the fastest round, as its statistics line says' '
	expect_status 0 &&
	expect_line "^Pipe latency: 1\.5000 microseconds\$" "$F" &&
	! grep "^Pipe latency" "$F" | grep -v ": 1\.5000 microseconds\$" &&
	expect_line "^\[latbw-stat prog=lat_pipe case=pipe median=1\.5000 .* from_round=3 " "$F" ||
	fail "$(grep -A1 "^Pipe latency" "$F")"
'

test_expect 'stand-ins: mhz statistics line right after the MHZ line, in the header' '
	grep -A1 "^\[MHZ: 3000 MHz, 0\.3333 nanosec clock\]\$" "$F" |
		sed -n 2p | grep -q "^\[latbw-stat prog=mhz " &&
	[ "$(grep -c "^\[latbw-stat prog=mhz " "$F")" -eq 1 ] &&
	! sed -n "/^Pipe latency/,\$p" "$F" | grep -q "prog=mhz" ||
	fail "$(grep -n "prog=mhz\|^Pipe\|^\[MHZ" "$F")"
'

test_expect 'stand-ins: the summary finds every figure equal to its statistics line' '
	figures_agree "$F"
'

test_expect 'stand-ins: each statistics line carries its figure'"'"'s id, once a round' '
	ids_stamped "$F" &&
	expect_line "^\[latbw-stat prog=lat_pipe .* id=local\.pipe rounds=3 " "$F" &&
	expect_line "^\[latbw-stat prog=mhz .* id=basic\.mhz rounds=1\]\$" "$F"
'

# The real programs.  REPS=1, MB=2: what is checked is the file, not the
# figures (MB=2: the sweeps end at 2 MB and the file for mmap is 2 MB,
# not 8 as with MB=8; every step still runs);
# three rounds (quick mode's), so that the fastest round and the median
# of the rounds differ.
if ! [ -x "$BIN/mhz" ]
then
	test_skip 'real runs: every figure equal to its statistics line' "$BIN/mhz is not built"
	test_done
fi

# real_run NAME VAR=VALUE...: latbw-run in a fresh results directory;
# the results file in $TRASH/real.NAME.
real_run() {
	rr_name=$1
	shift
	rm -rf "$TRASH/res" && mkdir "$TRASH/res" &&
	run_driver FSDIR="$TRASH/fs" MB=2 REPS=1 "$@" &&
	rr_f=$(find "$TRASH/res" -type f -name "*.0") && [ -n "$rr_f" ] &&
	mv "$rr_f" "$TRASH/real.$rr_name" &&
	cp "$TRASH/err" "$TRASH/real.$rr_name.err" &&
	cp "$TRASH/rc" "$TRASH/real.$rr_name.rc"
}

# group_agrees FILE WORDS: in FILE, a run of several groups, the
# statistics lines of the programs of WORDS (a BENCHMARKS value: the
# programs of the run steps of its groups and programs, from the
# registry) are there, and the summary of FILE warns of none of them,
# nor of the file as a whole (a warning that names no statistics line
# counts against every group).  One awk reads the three files.
group_agrees() {
	summary_csv "$1" ||
		fail "summary of $1 failed: $(head -3 "$TRASH/sum.${1##*/}.err")" || return 1
	awk -v path="$1" -v words=" $2 " '
		FILENAME == ARGV[1] {
			if (/^#/ || split($0, f, "|") < 6)
				next
			k = f[1]
			gsub(/[ \t]/, "", k)
			if (k != "run")
				next
			split(f[6], c, " ")
			hit = index(words, " " c[1] " ")
			n = split(f[2], g, " ")
			for (i = 1; i <= n; i++)
				if (index(words, " " g[i] " "))
					hit = 1
			if (hit)
				want[c[1]] = 1
			next
		}
		FILENAME == ARGV[2] {
			if (match($0, /^\[latbw-stat prog=[^ ]+/)) {
				p = substr($0, 18, RLENGTH - 17)
				prog[FNR] = p
				if (p in want)
					seen = 1
			}
			next
		}
		{
			ln = 0
			i = index($0, path ":")
			if (i) {
				rest = substr($0, i + length(path) + 1)
				if (match(rest, /^[0-9]+:/))
					ln = substr(rest, 1, RLENGTH - 1) + 0
			}
			if (!ln || !(ln in prog) || (prog[ln] in want)) {
				print
				bad = 1
			}
		}
		END {
			for (p in want)
				nwant++
			if (!nwant) {
				print "no program in the registry for" words
				bad = 1
			} else if (!seen) {
				print "no statistics line of any of its programs"
				bad = 1
			}
			exit bad
		}' "$TOP/scripts/registry" "$1" "$TRASH/sum.${1##*/}.err" >"$TRASH/bad" ||
		fail "${1##*/}: $(head -3 "$TRASH/bad")"
}

# Each group (but remote, which needs hosts: t9400) and single programs,
# in three quick runs of several groups each (a run of each took some
# 1.2 s of its own, 17 runs 46 s in all here; three, some 18 s), then
# each group's lines checked in its run.  Groups that share steps go in
# one run, which takes them once: file and bw both hold bw_disk's five
# (its 64 MB file written, read around the page cache: 2.5 s a round
# here, 7.5 s of a run), ipc and bw bw_pipe and bw_unix.
# That run gets bw_disk with an 8 MB file (small_disk_bin), and lat_fs
# with 100 files a sample (-n 100; 1000 by default, each sample after a
# sync); the others find the programs as make test gives them.  USECS=100:
# samples of 0.1 ms, not quick mode's 1 ms (the three runs took 13 s
# alone, 6.5 s so; the same statistics lines, no step failed).
small_disk_bin "$TRASH/prog"
if [ -x "$BIN/lat_fs" ]
then
	rm -f "$TRASH/prog/lat_fs" &&
	printf '#!/bin/sh\nexec "%s" -n 100 "$@"\n' "$BIN/lat_fs" >"$TRASH/prog/lat_fs" &&
	chmod +x "$TRASH/prog/lat_fs"
fi
for run in "syscall lat_pipe sig lat_select proc ops" \
	"vm mem cache ctx bw file ipc" "net c2c scaling load"
do
	name=
	for w in $run
	do
		name=${name:+${name}_}$w
	done
	case " $run " in
	*" file "*) real_run "$name" QUICK=1 USECS=100 BENCHMARKS="$run" LATBW_BIN="$TRASH/prog" ;;
	*) real_run "$name" QUICK=1 USECS=100 BENCHMARKS="$run" ;;
	esac
	N=$name
	export N
	test_expect "quick, BENCHMARKS=\"$run\": complete, three rounds, every figure equal to its statistics line" '
		[ -f "$TRASH/real.$N" ] && grep -q "^\[COMPLETE: " "$TRASH/real.$N" &&
		expect_line "^\[ROUNDS: 3\]\$" "$TRASH/real.$N" &&
		figures_agree "$TRASH/real.$N" ||
		fail "status $(cat "$TRASH/real.$N.rc" 2>/dev/null): $(tail -3 "$TRASH/real.$N.err" 2>/dev/null)"
	'
	test_expect "quick, BENCHMARKS=\"$run\": every statistics line carries its figure's id, no two the same" '
		[ -f "$TRASH/real.$N" ] && ids_stamped "$TRASH/real.$N"
	'
	# (t9100 checks a run of the whole plan in one round.)
	test_expect "quick, BENCHMARKS=\"$run\": every statistics line says how many rounds measured it" '
		[ -f "$TRASH/real.$N" ] && {
			awk "/^\\[latbw-stat / &&
				!/ rounds=[1-3]( round_spread=[0-9.]+% round_values=[^ ]+( round_cpus=[0-9;]+)?( from_round=[1-3] round_gap=-?[0-9.]+%)?)?\\]\$/" \
				"$TRASH/real.$N" >"$TRASH/norounds"
			! [ -s "$TRASH/norounds" ]
		} || fail "$(head -3 "$TRASH/norounds" 2>/dev/null)"
	'
	case "$run" in
	syscall*) sels='syscall,lat_pipe,sig lat_select,proc,ops' ;;
	vm*) sels='vm,mem,cache,ctx,bw,file,ipc' ;;
	*) sels='net,c2c,scaling,load' ;;
	esac
	IFS=,
	# shellcheck disable=SC2086 # split at the commas
	set -- $sels
	unset IFS
	for sel
	do
		SEL=$sel
		export SEL
		test_expect "quick, BENCHMARKS=$sel (in that run): every figure equal to its statistics line" '
			[ -f "$TRASH/real.$N" ] && grep -q "^\[COMPLETE: " "$TRASH/real.$N" &&
			group_agrees "$TRASH/real.$N" "$SEL"
		'
	done
done

real_run full QUICK=0 ROUNDS=3 BENCHMARKS="syscall lat_pipe"
test_expect 'full run (three rounds), BENCHMARKS="syscall lat_pipe": every figure equal to its statistics line' '
	[ -f "$TRASH/real.full" ] && grep -q "^\[COMPLETE: " "$TRASH/real.full" &&
	expect_line "^\[QUICK: NO\]\$" "$TRASH/real.full" &&
	figures_agree "$TRASH/real.full" ||
	fail "status $(cat "$TRASH/real.full.rc" 2>/dev/null): $(tail -3 "$TRASH/real.full.err" 2>/dev/null)"
'

test_expect 'nothing left behind in FSDIR or TMPDIR' '
	[ -z "$(ls -A "$TRASH/fs")" ] && [ -z "$(ls -A "$TRASH/tmp")" ] ||
		fail "left: $(ls -A "$TRASH/fs" "$TRASH/tmp")"
'

test_done

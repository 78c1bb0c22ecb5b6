#!/bin/sh
# latbw-run against stand-in programs whose behaviour is known: result
# lines kept, diagnostics wrapped, a program that cannot run, one that
# fails, one that hangs, one that is missing, series titles written once.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/bin" "$TRASH/tmp" "$TRASH/fs" "$TRASH/res"
# The stand-ins start as the real programs do, through latbw-start, where
# it is built: without it each step starts setsid, sh and nice besides
# (t9060 checks that way).
[ -x "$BIN/latbw-start" ] && ln -s "$BIN/latbw-start" "$TRASH/bin/latbw-start"

fake mhz 'echo "3000 MHz, 0.3333 nanosec clock" >&2'
fake lat_syscall 'for a in "$@"; do c=$a; done
case "$c" in
null) echo "Simple syscall: 0.1000 microseconds" >&2 ;;
read) echo "lat_syscall: something odd" >&2; echo "Simple read: 0.2000 microseconds" >&2 ;;
write) echo "lat_syscall: no writes here" >&2; exit 3 ;;
*) echo "lat_syscall: $c: broken" >&2; exit 1 ;;
esac'
# "catch" hangs past its time bound (ignores -B); exec: the pid is sleep's.
fake lat_sig 'for a in "$@"; do c=$a; done
case "$c" in
catch) exec sleep 613 ;;
esac
echo "Signal handler installation: 0.3000 microseconds" >&2'
# Writes the frd series title itself, and a point per call.
fake bw_mem 'for a in "$@"; do s=$o; o=$a; done
[ "$o" = frd ] && echo "Memory read bandwidth" >&2
echo "$s 1000.00" >&2'
# Ends its output with a blank line, as lat_fs does.
fake lat_fs 'for a in "$@"; do [ "$p" = -s ] && s=$a; p=$a; done
echo "\"File system latency" >&2
printf "%sk\t10\t100\t1000\n\n" "${s%k}" >&2'
# Records its arguments.
fake lat_ctx 'echo "$*" >>"'"$TRASH"'/ctx.args"; echo "\"size=0k ovr=1.00" >&2; echo "2 3.00" >&2'

# Two-party programs: they record their arguments and print a figure.
# TCP latency is lat_rpc -b's (BENCHMARKS=lat_tcp chooses its step).
fake lat_pipe 'echo "$*" >>"'"$TRASH"'/pipe.args"; echo "Pipe latency: 3.0000 microseconds" >&2'
fake lat_rpc 'echo "$*" >>"'"$TRASH"'/tcp.args"
case " $* " in
*" -s "* | *" -S "*) exit 0 ;;
esac
echo "TCP latency using localhost: 5.0000 microseconds" >&2'

# run_fake [VAR=VALUE...]: a quick run of the stand-ins (run_driver).
run_fake() {
	run_driver LATBW_BIN="$TRASH/bin" FSDIR="$TRASH/fs" MB=1 QUICK=1 BOUND=1 ROUNDS=1 "$@"
}

# The run of the stand-ins waits for the driver to kill the one that
# hangs (LATBW_GRACE=1: a second past its bound, not 10): it runs in the
# background, with directories and output files of its own, while the
# runs of the sizes checks below go on; its output is then where
# run_driver leaves it.
mkdir "$TRASH/tmp1" "$TRASH/fs1" "$TRASH/res1"
(
	driver_env LATBW_BIN="$TRASH/bin" FSDIR="$TRASH/fs1" MB=1 QUICK=1 BOUND=1 ROUNDS=1 LATBW_GRACE=1 \
		BENCHMARKS="syscall sig bw_mem lat_ctx lat_fs lat_pipe lat_tcp" \
		TMPDIR="$TRASH/tmp1" RESULTS_DIR="$TRASH/res1" LATBW_SAVED_CONFIG="$TRASH/saved1" \
		sh "$RUN" >"$TRASH/out1" 2>"$TRASH/err1"
	echo "$?" >"$TRASH/rc1"
) &
first_run=$!

# The memory and file steps' sizes: stand-ins that record their
# arguments, and bw_file_rd's io_only steps of a size in MB the size of
# their file operand (the checks below read those; a wc for each of the
# runs' hundred file steps started a hundred processes).  Each prints a
# line, a point: a step without one gets a note, held to the end of its
# series and written there by a cat, one a series.
mkdir "$TRASH/bin2"
for p in cache par_mem lat_mem_rd stream bw_mem bw_file_rd bw_mmap_rd lat_mmap
do
	printf '#!/bin/sh\nfor a in "$@"; do l=$a; done\ncase " $* " in\n*"m io_only "*) [ -f "$l" ] && l="file=$(wc -c <"$l")" ;;\nesac\necho "%s $* $l" >>"%s"\necho "1 1"\n' \
		"$p" "$TRASH/args" >"$TRASH/bin2/$p"
	chmod +x "$TRASH/bin2/$p"
done
# They start as the real programs do, through latbw-start (a session of
# their own at NICE), where it is built: without it each of the 700 steps
# of these runs starts setsid, sh and nice besides (t9060 checks that way).
[ -x "$BIN/latbw-start" ] && ln -s "$BIN/latbw-start" "$TRASH/bin2/latbw-start"
mem_steps="cache par_mem lat_mem_rd stream bw_mem bw_file_rd bw_mmap_rd lat_mmap"

# sizes_run NAME ENV...: a run of the recording stand-ins; their arguments
# in $TRASH/args.NAME.
sizes_run() {
	sr_name=$1
	shift
	rm -rf "$TRASH/res" "$TRASH/args" && mkdir "$TRASH/res" &&
	run_driver LATBW_BIN="$TRASH/bin2" FSDIR="$TRASH/fs" MB=1 QUICK=1 BOUND=1 ROUNDS=1 \
		BENCHMARKS="$mem_steps" "$@" &&
	mv "$TRASH/args" "$TRASH/args.$sr_name"
}

sizes_run quick MB=2048 LATBW_LLC=12m
sizes_run llc260 MB=2048 LATBW_LLC=260m
sizes_run small MB=4 LATBW_LLC=3m
# The full runs (a step for each size of each sweep, in each round):
# only the programs their checks below look at, and MB=1, the least: a
# sweep 512..MB has 12 points (14 to 4 MB), one 512..MB/2 11 (MB/2 is at
# least 512k).  Two to four rounds are one case of the driver's
# (derive_samples): two of them, not three.
sizes_run full MB=1 QUICK=0 BENCHMARKS="cache lat_mem_rd stream bw_mem bw_file_rd lat_mmap"
sizes_run rounds5 MB=1 QUICK=0 ROUNDS=5 BENCHMARKS="lat_mem_rd stream bw_mem bw_file_rd"
sizes_run rounds2 MB=1 QUICK=0 ROUNDS=2 BENCHMARKS="lat_mem_rd stream bw_mem"

wait "$first_run"
for f in out err rc
do
	cp "$TRASH/${f}1" "$TRASH/$f"
done
F=$(find "$TRASH/res1" -type f -name '*.0')
export F

test_expect 'one results file, exit 1 because programs failed' '
	[ -n "$F" ] && [ -f "$F" ] &&
	[ "$(find "$TRASH/res1" -type f | wc -l)" -eq 1 ] &&
	expect_status 1
'

test_expect 'MHZ header from mhz' '
	expect_line "^\[MHZ: 3000 MHz, 0\.3333 nanosec clock\]\$" "$F"
'

test_expect 'result lines kept, in order' '
	grep -E "^Simple (syscall|read):" "$F" >"$TRASH/got" &&
	printf "Simple syscall: 0.1000 microseconds\nSimple read: 0.2000 microseconds\n" >"$TRASH/want" &&
	cmp "$TRASH/want" "$TRASH/got"
'

test_expect 'a diagnostic becomes a [note: ...] line, and is shown on stderr' '
	expect_line "^\[note: lat_syscall: something odd\]\$" "$F" &&
	expect_line "lat_syscall: something odd" "$TRASH/err" &&
	! grep -q "^lat_syscall:" "$F"
'

test_expect 'exit 3: skipped, with its reason, no figure' '
	expect_line "^\[note: lat_syscall: no writes here\]\$" "$F" &&
	expect_line "^\[skipped: lat_syscall -C [0-9]+ write, cannot run here\]\$" "$F" &&
	! grep -q "^Simple write" "$F"
'

test_expect 'exit 1: reported as failed, and the run went on' '
	expect_line "^\[failed: lat_syscall -C [0-9]+ stat @STAT@, exit status 1\]\$" "$F" &&
	expect_line "^\[failed: lat_syscall -C [0-9]+ open @STAT@, exit status 1\]\$" "$F"
'

test_expect 'a program that hangs is killed and reported' '
	expect_line "^\[failed: lat_sig -C [0-9]+ catch, hung, killed after 2 s\]\$" "$F" &&
	[ "$(grep -c "^Signal handler installation:" "$F")" -eq 2 ]
'

test_expect 'LATBW_GRACE: the results file says it was set; a bad value is a configuration error' '
	expect_line "^\[LATBW_SET: LATBW_GRACE=1 \(environment\)\]\$" "$F" &&
	for v in x 0 01 -1 10000
	do
		driver_env LATBW_BIN="$TRASH/bin" FSDIR="$TRASH/fs" BENCHMARKS=syscall LATBW_GRACE="$v" \
			sh "$RUN" >"$TRASH/gout" 2>"$TRASH/gerr"
		[ $? -eq 2 ] && grep -qxF "latbw-run: LATBW_GRACE=$v: not a whole number of seconds (1 to 9999)" "$TRASH/gerr" ||
			fail "LATBW_GRACE=$v: $(cat "$TRASH/gerr")" || return 1
	done
'

test_expect 'a series title is written once, even when the program writes it too' '
	awk "/^Memory read bandwidth\$/ { t++; s = 1; next }
		s && /^\$/ { s = 0 }
		s && /^[0-9]+[km]? 1000.00\$/ { p++ }
		END { exit !(t == 1 && p == 3) }" "$F" ||
		fail "$(cat "$F")"
'

test_expect 'several calls joined into one series: one title, one blank line' '
	sed -n "/^\"File system latency\$/,/^\$/p" "$F" >"$TRASH/fs.got" &&
	printf "\"File system latency\n0k\t10\t100\t1000\n10k\t10\t100\t1000\n\n" >"$TRASH/fs.want" &&
	cmp "$TRASH/fs.want" "$TRASH/fs.got" &&
	[ "$(grep -c "File system latency" "$F")" -eq 1 ]
'

test_expect 'the library options go first; lat_ctx gets its sizes and processes' '
	{ read -r l1 && read -r l2; } <"$TRASH/ctx.args" &&
	[ "$l1" = "-B 1 -N 3 -E 1000 -C 0 -s 0 2" ] &&
	[ "$l2" = "-B 1 -N 3 -E 1000 -C 0 -s 16 2 8 16" ]
'

# The cross-CPU pair is CPU 0 and another one, where there is another.
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
export ncpu

test_expect 'placement: the same-CPU runs are pinned to CPU 0, servers too' '
	read -r l1 <"$TRASH/pipe.args" && [ "$l1" = "-B 1 -N 3 -E 1000 -C 0" ] &&
	{ read -r l1 && read -r l2; } <"$TRASH/tcp.args" &&
	[ "$l1" = "-s -i 1 -C 0" ] &&
	[ "$l2" = "-B 1 -N 3 -E 1000 -C 0 -b -p tcp localhost" ] &&
	[ "$(grep -c "^Pipe latency: " "$F")" -eq 1 ] &&
	[ "$(grep -c "TCP latency using localhost:" "$F")" -eq 1 ]
'

test_expect 'placement: cross-CPU runs on two CPUs, under labels of their own' '
	if [ "$ncpu" -ge 2 ]
	then
		grep -Eq "^-B 1 -N 3 -E 1000 -C 0,[1-9][0-9]*\$" "$TRASH/pipe.args" &&
		grep -Eq "^-s -i 1 -C 0,[1-9][0-9]*\$" "$TRASH/tcp.args" &&
		grep -Eq "^-B 1 -N 3 -E 1000 -C 0,[1-9][0-9]* -s 0 2\$" "$TRASH/ctx.args" &&
		has_matches "$F" "^Pipe latency \(cross CPU\): 3.0000 microseconds\$" \
			"^TCP latency \(cross CPU\) using localhost: 5.0000 microseconds\$" \
			"^\"cross-CPU ctxsw 0k ovr=1.00\$" &&
		[ "$(grep -c "^\"size=0k" "$F")" -eq 3 ]
	else
		[ "$(wc -l <"$TRASH/pipe.args")" -eq 1 ] &&
		! grep -q "cross" "$F"
	fi
'

test_expect 'without LATBW_GRACE, a server started here waits 10 s for a client (-i 10)' '
	rm -f "$TRASH/tcp.args" && rm -rf "$TRASH/res" && mkdir "$TRASH/res" &&
	run_fake BENCHMARKS=lat_tcp &&
	read -r l1 <"$TRASH/tcp.args" && [ "$l1" = "-s -i 10 -C 0" ] || fail "$(cat "$TRASH/tcp.args")"
'

test_expect 'a program that does not exist: one [skipped] line' '
	! grep -q "^\[skipped: bw_mem" "$F" &&
	rm "$TRASH/bin/bw_mem" && rm -rf "$TRASH/res" && mkdir "$TRASH/res" &&
	run_fake BENCHMARKS="mem" &&
	F2=$(find "$TRASH/res" -type f -name "*.0") &&
	[ "$(grep -c "^\[skipped: bw_mem, not built\]\$" "$F2")" -eq 1 ] &&
	! grep -q "^Memory read bandwidth" "$F2"
'

# The sizes runs were made above (sizes_run), while the first run waited.
test_expect 'quick sweeps to twice the last-level cache, a size of lat_mem_rd'"'"'s, when MB is more' '
	A=$TRASH/args.quick &&
	has_matches "$A" "^cache -B 1 -N 3 -E 1000 -M 24m " \
		"^par_mem .* -M 24m " \
		"^lat_mem_rd .* -t 24 16 16\$" \
		"^lat_mem_rd .* -H thp 24 128 128\$" \
		"^stream .* -M 24m " \
		"^bw_mem .* 24m frd frd\$" \
		"^bw_file_rd .* 24m io_only .* file=25165824\$" &&
	! grep -Eq " (2048|32|64)m? " "$A"
'

test_expect 'quick, a 260 MB cache: 576 MB, not 1024' '
	A=$TRASH/args.llc260 &&
	has_matches "$A" "^lat_mem_rd .* -t 576 16 16\$" \
		"^par_mem .* -M 576m " &&
	! grep -Eq " 1024m? " "$A"
'

test_expect 'quick: an MB below that is kept' '
	A=$TRASH/args.small &&
	has_matches "$A" "^cache .* -M 4m " \
		"^bw_file_rd .* file=4194304\$" &&
	! grep -q " 8m" "$A"
'

test_expect 'a full run sweeps to MB; each point of a sweep takes 5 samples' '
	A=$TRASH/args.full &&
	has_matches "$A" "^cache -B 1 -N 5 -M 1m " \
		"^lat_mem_rd -B 1 -N 5 -t 1 16 16\$" \
		"^bw_mem -B 1 -N 5 512 rd rd\$" \
		"^bw_mem -B 1 -N 5 1m rd rd\$" \
		"^bw_file_rd -B 1 -N 5 1m io_only .* file=1048576\$" \
		"^lat_mmap -B 1 -N 5 -C [0-9]+ 1m " \
		"^stream -B 1 -M 1m " &&
	! grep -q "^bw_mem -B 1 [0-9]" "$A"
'

# args_are A CHECK...: in args file A, one awk for every CHECK, each
# "N ERE" (N lines match the extended regex ERE) or "PROG = N..." (the
# -N of PROG's "-B 1" lines, each once, in increasing order, are N...);
# each that does not hold is said.
args_are() {
	aa_file=$1
	shift
	awk '
	BEGIN {
		for (i = 1; i < ARGC - 1; i++) {
			c[i] = ARGV[i]
			ARGV[i] = ""
		}
		nc = ARGC - 2
	}
	{
		for (i = 1; i <= nc; i++)
			if (c[i] !~ /^[0-9]+ / && $1 == substr(c[i], 1, index(c[i], " ") - 1) &&
			    $2 == "-B" && $3 == 1 && $4 == "-N")
				s[i, $5] = 1
			else if (c[i] ~ /^[0-9]+ / && $0 ~ substr(c[i], index(c[i], " ") + 1))
				n[i]++
	}
	END {
		for (i = 1; i <= nc; i++) {
			if (c[i] ~ /^[0-9]+ /) {
				got = n[i] + 0
				want = substr(c[i], 1, index(c[i], " ") - 1) + 0
			} else {
				got = ""
				for (v = 0; v <= 99; v++)
					if ((i, v) in s)
						got = got " " v
				want = substr(c[i], index(c[i], " = ") + 2)
			}
			if (got != want) {
				print "not \"" c[i] "\": " got
				bad = 1
			}
		}
		exit bad
	}' "$@" "$aa_file" >&2
}

test_expect 'a full run in 5 rounds: 3 samples a figure, 1 a point of a sweep, in every round; a graph'"'"'s point once, 5' '
	args_are "$TRASH/args.rounds5" \
		"5 ^bw_mem -B 1 -N 1 1m rd rd\$" \
		"1 ^bw_mem -B 1 -N 5 512 rd rd\$" \
		"1 ^bw_mem -B 1 -N 5 512k rd rd\$" \
		"5 ^bw_mem -B 1 -N 1 512k fcp fcp\$" \
		"bw_mem = 1 5" \
		"lat_mem_rd = 1" \
		"bw_file_rd = 1 5" \
		"5 ^bw_file_rd -B 1 -N 1 1m io_only " \
		"5 ^stream -B 1 -N 3 -M 1m "
'

test_expect 'a full run in 2 rounds: 5 samples a figure, 3 a point of a sweep; a graph'"'"'s point once, 5' '
	args_are "$TRASH/args.rounds2" \
		"2 ^bw_mem -B 1 -N 3 1m rd rd\$" \
		"1 ^bw_mem -B 1 -N 5 512 rd rd\$" \
		"bw_mem = 3 5" \
		"lat_mem_rd = 3" \
		"2 ^stream -B 1 -N 5 -M 1m "
'

# The step filter's program (filter_program): the filter and the two
# functions of read-ids.awk it calls, taken from there; when those two
# call another (here rid_zero, added to a copy), the files whole.
mkdir "$TRASH/ids2"
awk '{ print } /^function rid_fit\(/ { print "\trid_zero()" }' "$TOP/scripts/read-ids.awk" >"$TRASH/ids2/read-ids.awk" &&
printf 'function rid_zero() {\n\treturn 0\n}\n' >>"$TRASH/ids2/read-ids.awk" &&
cp "$TOP/scripts/registry.awk" "$TRASH/ids2/"
test_expect 'the filter program holds the two functions it calls, or else the files whole' '
	for d in "$TOP/scripts" "$TRASH/ids2"
	do
		rm -rf "$TRASH/fp" && mkdir "$TRASH/fp" &&
		sh -c '\''
			LATBW_REGISTRY=$1/scripts/registry && export LATBW_REGISTRY &&
			. "$1/scripts/latbw-results.sh" && . "$1/scripts/latbw-filter.sh" &&
			script_dir=$2 work=$3 me=latbw-run && filter_program &&
			printf "Foo 4k: 1 us\n[latbw-stat prog=p case=c]\n" |
				awk -v prog=p -v me=t -v count="$3/count" -v pend="$3/pend" \
					-v figs="a.{S}|Foo {S}k" -f "$3/filter.awk"
		'\'' sh "$TOP" "$d" "$TRASH/fp" >"$TRASH/fp.out" 2>&1 &&
		[ "$(sed -n 2p "$TRASH/fp.out")" = "[latbw-stat prog=p case=c id=a.4]" ] ||
			fail "$d: $(cat "$TRASH/fp.out")" || return 1
		case "$d" in
		"$TOP/scripts") ! grep -q "^function rid_loose" "$TRASH/fp/filter.awk" ;;
		*) grep -q "^function rid_zero" "$TRASH/fp/filter.awk" &&
			grep -q "^function reg_read" "$TRASH/fp/filter.awk" ;;
		esac || fail "$d: $(grep "^function" "$TRASH/fp/filter.awk")" || return 1
	done
'

# The driver's own lines that need no sanitizing are written by the shell
# (own_plain), the others by sanitize's awk: byte for byte the same file
# either way.  Each line below, written by write_own as latbw-run has it
# (its parts sourced, LATBW_OWN_TEXTS from the registry), against the
# same line through sanitize; "shell" in $TRASH/own.how for those the
# shell wrote.
tab=$(printf '\t')
export tab
test_expect 'own lines: the shell writes the plain ones, each as sanitize writes it' '
	sh -c '\''
		LC_ALL=C
		export LC_ALL
		. "$1/scripts/latbw-results.sh"
		. "$1/scripts/latbw-filter.sh"
		LATBW_REGISTRY=$1/scripts/registry
		LATBW_OWN_TEXTS=$(awk -v me=t -f "$1/scripts/registry.awk" \
			-f "$1/scripts/latbw-lists.awk" "$LATBW_REGISTRY" | sed "1,/^@\$/d" | sed "1,/^@\$/d")
		export LATBW_REGISTRY LATBW_OWN_TEXTS
		work=$2/own
		results=$work/by.driver
		mkdir "$work" && : >"$results" && : >"$work/by.awk" && : >"$2/own.how" || exit 1
		for l in "[note: lat_syscall -C 0 read, no result line]" "note: plain" "" "[]" \
			"[" "]" "[abc" "abc]" "[a]]" "[[a]" " [a]" "[a] " "[x size=3]" \
			"[failed: TCP latency using localhost]" "[a${tab}b]" "[MHZ: 3]" "[ovr=]" \
			"[skipped: lat_fs, not built]"
		do
			write_own "$l"
			printf "%s\n" "$l" | sanitize >>"$work/by.awk"
			if own_plain "$l"
			then
				echo shell >>"$2/own.how"
			fi
		done
		cmp "$work/by.awk" "$results"
	'\'' sh "$TOP" "$TRASH" || fail "$(diff "$TRASH/own/by.awk" "$TRASH/own/by.driver")" || return 1
	[ "$(grep -c shell "$TRASH/own.how")" -ge 8 ] || fail "the shell wrote $(grep -c shell "$TRASH/own.how") of them"
'

test_expect 'nothing left behind: no temp dir, no process' '
	for d in tmp tmp1 fs fs1
	do
		[ -z "$(ls -A "$TRASH/$d")" ] || fail "left in $d: $(ls -A "$TRASH/$d")" || return 1
	done &&
	! ps -eo args | grep -qx "sleep 613"
'

test_done

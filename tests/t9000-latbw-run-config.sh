#!/bin/sh
# latbw-run's configuration: defaults from the machine, config files (read
# as data, never run), the environment, and bad values (exit 2, one line).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/tmp" "$TRASH/fs"

# cfg [ENV=VALUE...] COMMAND...: COMMAND (sh "$RUN" -p ...) in driver_env,
# output in $TRASH/out and $TRASH/err, status in $TRASH/rc; the value of
# each KEY=VALUE line of the output in k_KEY (keys).
cfg() {
	driver_env "$@" >"$TRASH/out" 2>"$TRASH/err"
	echo "$?" >"$TRASH/rc"
	keys
}

# keys: k_KEY, the value of each key KEY of the printed configuration
# ($TRASH/out), empty for the others; read by the shell (the checks read
# some sixty values).
keys() {
	for k_name in MB FSDIR SYNC_MAX BENCHMARKS QUICK ROUNDS REPS USECS BOUND \
		NICE SAME_CPU IDLE REMOTE RSH
	do
		eval "k_$k_name="
	done
	while IFS= read -r k_line
	do
		k_name=${k_line%%=*}
		case "$k_name" in
		'' | *[!A-Z_]* | "$k_line") continue ;;
		esac
		eval "k_$k_name=\${k_line#*=}"
	done <"$TRASH/out"
}

# bad_config TITLE [ENV...] -- ARGS...: exit 2, exactly one line on stderr
# naming latbw-run, nothing on stdout, no results directory made.
bad_config() {
	bc_title=$1
	shift
	test_expect "$bc_title: exit 2 and one line" '
		cfg '"$*"' &&
		expect_status 2 &&
		{ has_lines 1 "$TRASH/err" ||
			fail "stderr: $(cat "$TRASH/err")"; } &&
		{ IFS= read -r l <"$TRASH/err" && case "$l" in "latbw-run: "*) ;; *) false ;; esac ||
			fail "stderr: $l"; } &&
		! [ -s "$TRASH/out" ] &&
		! [ -e "$TRASH/res" ]
	'
}

# mem_cap: the largest power of two of MB within an eighth of the memory
# the kernel says is available (what MB may not exceed), or nothing.
mem_cap() {
	awk '$1 == "MemAvailable:" { a = $2 } $1 == "MemTotal:" { t = $2 }
		END { m = (a ? a : t) / 1024 / 8; if (m < 1) exit
			c = 1; while (c * 2 <= m) c *= 2; print c }' /proc/meminfo 2>/dev/null
}

test_expect 'defaults: MB a power of two >= 8x the last-level cache (above 1 GB: 2x, 1 GB at least; within an eighth of the memory), FSDIR=$TMPDIR' '
	cfg sh "$RUN" -p && expect_status 0 &&
	mb=$k_MB &&
	llc=0 &&
	for d in /sys/devices/system/cpu/cpu0/cache/index*
	do
		[ -r "$d/size" ] || continue
		t=
		{ read -r t <"$d/type"; } 2>/dev/null
		[ "$t" = Instruction ] && continue
		read -r s <"$d/size" || return 1
		s=${s%K}
		case "$s" in
		*M) s=$((${s%M} * 1024)) ;;
		esac
		[ "$s" -gt "$llc" ] && llc=$s
	done &&
	cap=$(mem_cap) &&
	# the floor: 8x the cache; above 1 GB, 2x it and 1 GB at least
	low=$((8 * llc)) &&
	if [ "$low" -gt $((1024 * 1024)) ]
	then
		low=$((2 * llc))
		[ "$low" -ge $((1024 * 1024)) ] || low=$((1024 * 1024))
	fi &&
	if [ "$llc" -gt 0 ] && [ "$low" -le $((${cap:-999999} * 1024)) ]
	then
		[ $((mb * 1024)) -ge "$low" ] || fail "MB=$mb < ${low}K (LLC ${llc}K)"
	fi &&
	{ [ -z "$cap" ] || [ "$mb" -le "$cap" ] || fail "MB=$mb > $cap"; } &&
	{ awk -v m="$mb" "BEGIN { while (m > 1 && m % 2 == 0) m /= 2; exit m != 1 }" ||
		fail "MB=$mb is not a power of two"; } &&
	[ "$k_FSDIR" = "$TRASH/tmp" ] &&
	[ "$k_SYNC_MAX" = 1 ] &&
	[ "$k_BENCHMARKS" = all ] &&
	[ "$k_QUICK" = 0 ] &&
	[ "$k_ROUNDS" = auto ]
'

test_expect 'ROUNDS: 3 by default in quick mode, as set when set' '
	cfg QUICK=1 sh "$RUN" -p && expect_status 0 &&
	[ "$k_ROUNDS" = 3 ] &&
	cfg QUICK=1 ROUNDS=7 sh "$RUN" -p && expect_status 0 &&
	[ "$k_ROUNDS" = 7 ] &&
	cfg ROUNDS=2 sh "$RUN" -p && expect_status 0 &&
	[ "$k_ROUNDS" = 2 ]
'

test_expect 'LATBW_LLC plans for another cache: MB is 8x it (above 1 GB: 2x, 1 GB at least), a size of lat_mem_rd'"'"'s' '
	cap=$(mem_cap) &&
	for c in 1m:8 3m:24 3145728:24 12m:96 32m:256 40m:320 100m:832 128m:1024 200m:1024 260m:1024 532676608:1024 1152m:2304
	do
		cfg LATBW_LLC="${c%:*}" sh "$RUN" -p && expect_status 0 || return 1
		want=${c#*:}
		[ -n "$cap" ] && [ "$want" -gt "$cap" ] && want=$cap
		[ "$k_MB" = "$want" ] || fail "LATBW_LLC=${c%:*}: MB=$k_MB, not $want" ||
			return 1
	done
'

test_expect 'environment variables override the defaults' '
	cfg MB=32 FSDIR="$TRASH/fs" SYNC_MAX=2 BENCHMARKS="syscall,ctx lat_pipe" \
		QUICK=1 REPS=5 USECS=2000 BOUND=99 ROUNDS=1 sh "$RUN" -p &&
	expect_status 0 &&
	[ "$k_ROUNDS" = 1 ] &&
	[ "$k_MB" = 32 ] && [ "$k_FSDIR" = "$TRASH/fs" ] &&
	[ "$k_SYNC_MAX" = 2 ] && [ "$k_BENCHMARKS" = "syscall ctx lat_pipe" ] &&
	[ "$k_QUICK" = 1 ] && [ "$k_REPS" = 5 ] &&
	[ "$k_USECS" = 2000 ] && [ "$k_BOUND" = 99 ]
'

cat >"$TRASH/good.cfg" <<EOF
# a comment, then a blank line

MB = 16
  FSDIR="$TRASH/fs"
BENCHMARKS='mem cache'
SYNC_MAX=1
EOF

test_expect 'a config file on the command line: comments, spaces, quotes' '
	cfg sh "$RUN" -p "$TRASH/good.cfg" && expect_status 0 &&
	[ "$k_MB" = 16 ] && [ "$k_FSDIR" = "$TRASH/fs" ] &&
	[ "$k_BENCHMARKS" = "mem cache" ]
'

test_expect 'CONFIG=file (make results CONFIG=file) is the same' '
	cfg CONFIG="$TRASH/good.cfg" sh "$RUN" -p && expect_status 0 &&
	[ "$k_MB" = 16 ] && [ "$k_BENCHMARKS" = "mem cache" ]
'

test_expect 'the environment overrides the config file' '
	cfg MB=64 sh "$RUN" -p "$TRASH/good.cfg" && expect_status 0 &&
	[ "$k_MB" = 64 ] && [ "$k_BENCHMARKS" = "mem cache" ]
'

test_expect 'RERUN=1 starts from the saved configuration' '
	printf "MB=8\nBENCHMARKS=ipc\nQUICK=1\n" >"$TRASH/saved" &&
	cfg RERUN=1 sh "$RUN" -p && expect_status 0 &&
	[ "$k_MB" = 8 ] && [ "$k_BENCHMARKS" = ipc ] && [ "$k_QUICK" = 1 ] &&
	cfg sh "$RUN" -p && [ "$k_BENCHMARKS" = all ]
'

test_expect 'RERUN=1 without a saved configuration uses the defaults and says so' '
	rm -f "$TRASH/saved" &&
	cfg RERUN=1 sh "$RUN" -p && expect_status 0 &&
	[ "$k_BENCHMARKS" = all ] &&
	expect_line "no saved configuration" "$TRASH/err"
'

test_expect 'a config file is data: $(...) and ; are not run' '
	printf "MB=\$(touch %s/pwned)\n" "$TRASH" >"$TRASH/evil1" &&
	cfg sh "$RUN" -p "$TRASH/evil1" && expect_status 2 &&
	printf "FSDIR=/tmp; touch %s/pwned\n" "$TRASH" >"$TRASH/evil2" &&
	cfg sh "$RUN" -p "$TRASH/evil2" && expect_status 2 &&
	printf "BENCHMARKS=\`touch %s/pwned\`\n" "$TRASH" >"$TRASH/evil3" &&
	cfg sh "$RUN" -p "$TRASH/evil3" && expect_status 2 &&
	! [ -e "$TRASH/pwned" ]
'

printf 'MB=16\nNOSUCHKEY=1\n' >"$TRASH/bad1"
printf 'MB=16\njust words\n' >"$TRASH/bad2"
printf 'MB=16x\n' >"$TRASH/bad3"
printf 'FSDIR=%s/missing\n' "$TRASH" >"$TRASH/bad4"
printf 'BENCHMARKS=syscall nosuchgroup\n' >"$TRASH/bad5"
printf 'export MB=16\n' >"$TRASH/bad6"
bad_config 'unknown key in a config file' sh "$RUN" -p "$TRASH/bad1"
bad_config 'a line that is not KEY=VALUE' sh "$RUN" -p "$TRASH/bad2"
bad_config 'MB not a number' sh "$RUN" -p "$TRASH/bad3"
bad_config 'FSDIR missing' sh "$RUN" -p "$TRASH/bad4"
bad_config 'unknown group' sh "$RUN" -p "$TRASH/bad5"
bad_config 'shell syntax in a config file' sh "$RUN" -p "$TRASH/bad6"
bad_config 'config file that does not exist' sh "$RUN" -p "$TRASH/nofile"
bad_config 'two config files' sh "$RUN" -p "$TRASH/good.cfg" "$TRASH/good.cfg"
bad_config 'unknown option' sh "$RUN" -Z
bad_config 'MB=0' MB=0 sh "$RUN" -p
bad_config 'MB with leading zero' MB=010 sh "$RUN" -p
bad_config 'MB too large' MB=99999999999 sh "$RUN" -p
bad_config 'SYNC_MAX=0' SYNC_MAX=0 sh "$RUN" -p
bad_config 'QUICK=maybe' QUICK=maybe sh "$RUN" -p
bad_config 'LATBW_LLC not a size' LATBW_LLC=big sh "$RUN" -p
bad_config 'LATBW_LLC zero' LATBW_LLC=0 sh "$RUN" -p
bad_config 'REPS=-1' REPS=-1 sh "$RUN" -p
bad_config 'ROUNDS=0' ROUNDS=0 sh "$RUN" -p
bad_config 'ROUNDS=10' ROUNDS=10 sh "$RUN" -p
bad_config 'BOUND=1s' BOUND=1s sh "$RUN" -p
bad_config 'FSDIR not a directory' FSDIR=/etc/passwd sh "$RUN" -p
bad_config 'bad config also stops a real run' BENCHMARKS=nosuch sh "$RUN"

test_expect 'REMOTE and RSH: defaults, environment, config file' '
	cfg sh "$RUN" -p && expect_status 0 &&
	[ "$k_REMOTE" = "" ] && [ "$k_RSH" = "ssh -o BatchMode=yes" ] &&
	cfg REMOTE="box1,box2=10.77.9.2 user@box3=fe80::1%eth0" RSH="ip netns exec" \
		sh "$RUN" -p && expect_status 0 &&
	[ "$k_REMOTE" = "box1 box2=10.77.9.2 user@box3=fe80::1%eth0" ] &&
	[ "$k_RSH" = "ip netns exec" ] &&
	printf "REMOTE=\"b1=10.0.0.1 b2\"\nRSH=ssh -p 2222 -o ConnectTimeout=5\n" \
		>"$TRASH/remote.cfg" &&
	cfg sh "$RUN" -p "$TRASH/remote.cfg" && expect_status 0 &&
	[ "$k_REMOTE" = "b1=10.0.0.1 b2" ] &&
	[ "$k_RSH" = "ssh -p 2222 -o ConnectTimeout=5" ] &&
	cfg BENCHMARKS=remote REMOTE=b1 sh "$RUN" -p && expect_status 0 &&
	[ "$k_BENCHMARKS" = remote ]
'

printf 'RSH=\n' >"$TRASH/bad7"
printf 'REMOTE=box;touch %s/pwned\n' "$TRASH" >"$TRASH/bad8"
bad_config 'RSH empty in a config file' sh "$RUN" -p "$TRASH/bad7"
bad_config 'REMOTE with shell syntax' sh "$RUN" -p "$TRASH/bad8"
bad_config 'REMOTE name that is an option' REMOTE=-oProxyCommand=x sh "$RUN" -p
bad_config 'REMOTE address that is an option' REMOTE=box=-x sh "$RUN" -p
bad_config 'REMOTE with an empty address' REMOTE=box= sh "$RUN" -p
bad_config 'REMOTE with a quote' "REMOTE=bo\\'x" sh "$RUN" -p
bad_config 'BENCHMARKS=remote without REMOTE' BENCHMARKS=remote sh "$RUN" -p
bad_config 'RSH command not found' BENCHMARKS=remote REMOTE=box \
	RSH=/nonexistent/rsh LATBW_BIN="$TRASH/fs" sh "$RUN"

test_expect '-h prints the usage on stdout and exits 0' '
	cfg sh "$RUN" -h && expect_status 0 &&
	expect_line "^usage: latbw-run " "$TRASH/out" &&
	expect_line "BENCHMARKS=" "$TRASH/out" &&
	expect_line "REMOTE=" "$TRASH/out" && expect_line "RSH=" "$TRASH/out"
'

# LATBW_-prefixed names: every key under its LATBW_ name; LATBW_KEY wins
# over KEY (a variable of that name left in the shell); the old names
# still work (make results MB=512), and a run says it took them.
test_expect 'LATBW_ names: each key under its LATBW_ name' '
	cfg LATBW_MB=16 LATBW_QUICK=1 LATBW_REPS=5 LATBW_USECS=2000 LATBW_BOUND=99 \
		LATBW_ROUNDS=2 LATBW_NICE=off LATBW_SAME_CPU=0 LATBW_IDLE=os \
		LATBW_SYNC_MAX=2 LATBW_BENCHMARKS=syscall LATBW_FSDIR="$TRASH/fs" \
		LATBW_REMOTE=b1 LATBW_RSH="ssh -p 2" sh "$RUN" -p && expect_status 0 &&
	[ "$k_MB" = 16 ] && [ "$k_QUICK" = 1 ] && [ "$k_REPS" = 5 ] &&
	[ "$k_USECS" = 2000 ] && [ "$k_BOUND" = 99 ] && [ "$k_ROUNDS" = 2 ] &&
	[ "$k_NICE" = off ] && [ "$k_SAME_CPU" = 0 ] && [ "$k_IDLE" = os ] &&
	[ "$k_SYNC_MAX" = 2 ] && [ "$k_BENCHMARKS" = syscall ] &&
	[ "$k_FSDIR" = "$(cd "$TRASH/fs" && pwd)" ] && [ "$k_REMOTE" = b1 ] &&
	[ "$k_RSH" = "ssh -p 2" ] || fail "$(cat "$TRASH/out" "$TRASH/err")"
'

test_expect 'LATBW_MB wins over a stray MB; MB alone still works' '
	cfg MB=64 LATBW_MB=16 sh "$RUN" -p && expect_status 0 && [ "$k_MB" = 16 ] &&
	cfg MB=64 sh "$RUN" -p && expect_status 0 && [ "$k_MB" = 64 ] &&
	printf "MB=32\n" >"$TRASH/mb.cfg" &&
	cfg LATBW_CONFIG="$TRASH/mb.cfg" sh "$RUN" -p && expect_status 0 &&
	[ "$k_MB" = 32 ]
'

bad_config 'LATBW_MB not a number' LATBW_MB=x sh "$RUN" -p
test_expect 'a bad LATBW_ value: the error names the variable' '
	cfg LATBW_MB=x sh "$RUN" -p && expect_status 2 &&
	expect_line "^latbw-run: environment LATBW_MB: MB=x: not a whole number" "$TRASH/err"
'

# A run of a stand-in: every setting named in the results file, with
# where it came from; the old names said on stderr; no @STAT@ left in
# the progress lines.
mkdir "$TRASH/bin"
fake lat_syscall 'echo "Simple syscall: 1.0000 microseconds" >&2'
test_expect 'a run names every setting in its results file, with its origin' '
	rm -rf "$TRASH/res" &&
	run_driver LATBW_BIN="$TRASH/bin" LATBW_FSDIR="$TRASH/fs" MB=1 LATBW_QUICK=1 \
		LATBW_BOUND=5 ROUNDS=1 LATBW_BENCHMARKS=lat_syscall &&
	F=$(find "$TRASH/res" -type f -name "*.0") && [ -n "$F" ] &&
	holds_lines "$F" "[LATBW_SET: MB=1 (environment MB)]" \
		"[LATBW_SET: QUICK=1 (environment LATBW_QUICK)]" \
		"[LATBW_SET: BOUND=5 (environment LATBW_BOUND)]" \
		"[LATBW_SET: ROUNDS=1 (environment ROUNDS)]" \
		"[LATBW_SET: NICE=-20 (default)]" \
		"[LATBW_SET: REPS= (default)]" \
		"[LATBW_SET: programs=$TRASH/bin]" &&
	# Each key on one line: one awk counts them all (a grep -c each was
	# two processes a key).  (SYNC_MAX, a text that lmbench readers
	# match, is written SYNC_MA\\X.)
	awk "BEGIN {
			n = split(\"MB FSDIR SYNC_MA\\\\X BENCHMARKS QUICK ROUNDS REPS USECS BOUND NICE SAME_CPU IDLE REMOTE RSH\", k, \" \")
		}
		{
			for (i = 1; i <= n; i++)
				if (index(\$0, \"[LATBW_SET: \" k[i] \"=\"))
					c[i]++
		}
		/LATBW_SET/ { all = all \$0 \"\\n\" }
		END {
			for (i = 1; i <= n; i++)
				if (c[i] != 1) {
					printf \"%s: %d lines\\n%s\", k[i], c[i], all
					bad = 1
				}
			exit bad
		}" "$F" >&2 &&
	expect_line "^latbw-run: note: from the environment without the LATBW_ prefix: MB ROUNDS " "$TRASH/err"
'

test_expect 'the progress lines show the operands the programs get, not @STAT@' '
	expect_line "^latbw-run: \[[0-9]+/[0-9]+\] lat_syscall .*stat /" "$TRASH/err" &&
	! grep "^latbw-run: \[" "$TRASH/err" | grep -q "@[A-Z]*@" ||
	fail "$(grep "lat_syscall" "$TRASH/err" | head -3)"
'

test_done

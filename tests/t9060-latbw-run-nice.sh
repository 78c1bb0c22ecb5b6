#!/bin/sh
# latbw-run's NICE: the programs and servers run at the priority it names
# (the highest allowed by default), the header says which, bad values are
# configuration errors.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/bin" "$TRASH/tmp" "$TRASH/fs" "$TRASH/res"

# Stand-ins that print the nice value they run at as their figure.  The
# shell reads its own /proc files (read starts no process; a stand-in runs
# for each step): its nice value and session are its program's.
cat >"$TRASH/bin/lat_syscall" <<'X'
#!/bin/sh
for a in "$@"; do c=$a; done
# The fields after the command name: state ppid pgrp session ... nice (17).
IFS= read -r s </proc/$$/stat
s=${s##*") "}
set -f
# shellcheck disable=SC2086 # fields, split on purpose
set -- $s
set +f
l=0
[ "$4" = $$ ] && l=1
shift 16
n=$1
[ "$c" = null ] && echo "Simple syscall: $n.5000 microseconds" >&2
# read: its autogroup's nice value; write: 1 if it leads its own session
g=
{ IFS= read -r g </proc/self/autogroup; } 2>/dev/null
case "$g" in
*" nice "*) g=${g##* nice } ;;
*) g= ;;
esac
[ "$c" = read ] && [ -n "$g" ] && echo "Simple read: $g.5000 microseconds" >&2
[ "$c" = write ] && echo "Simple write: $l.5000 microseconds" >&2
exit 0
X
chmod +x "$TRASH/bin/lat_syscall"

# the nice value the test itself runs at
mine=$(awk '{ sub(/^.*\) /, ""); print $17 }' /proc/self/stat)

# vals: the results file's NICE key and the figures of null, read and
# write, in one awk: r_nice, r_null, r_read, r_write ("-" for one that
# is not there).
# shellcheck disable=SC2034 # r_*: read in the tests' texts
vals() {
	awk '
	function put(k, v) { if (!(k in got)) got[k] = v }
	/^\[NICE: .*\]$/ { put("nice", substr($0, 8, length($0) - 8)) }
	match($0, /^Simple (syscall|read|write): -*[0-9]*\.5000 microseconds$/) {
		k = $2
		sub(/:$/, "", k)
		v = $3
		sub(/\.5000$/, "", v)
		put(k, v)
	}
	END {
		n = split("nice syscall read write", w, " ")
		for (i = 1; i <= n; i++)
			printf "%s%s", (w[i] in got && got[w[i]] != "" ? got[w[i]] : "-"), (i < n ? " " : "\n")
	}' "$TRASH/res"/*/* >"$TRASH/vals" &&
	read -r r_nice r_null r_read r_write <"$TRASH/vals"
}
autogroups=
{ read -r ag </proc/sys/kernel/sched_autogroup_enabled; } 2>/dev/null
[ "${ag:-}" = 1 ] && command -v setsid >/dev/null 2>&1 && autogroups=yes
fresh() {
	rm -rf "$TRASH/res" && mkdir "$TRASH/res"
}

test_expect 'NICE is a configuration key: -p prints it, -20 by default' '
	driver_env sh "$RUN" -p >"$TRASH/p" &&
	grep -x "NICE=-20" "$TRASH/p" &&
	driver_env NICE=off sh "$RUN" -p >"$TRASH/p" &&
	grep -x "NICE=off" "$TRASH/p" &&
	driver_env NICE=7 sh "$RUN" -p >"$TRASH/p" &&
	grep -x "NICE=7" "$TRASH/p"
'

for bad in -21 20 abc 1.5 -- ""x
do
	test_expect "NICE=$bad: one-line configuration error, exit 2" '
		driver_env NICE="$bad" sh "$RUN" -p >"$TRASH/out" 2>"$TRASH/err"
		[ $? -eq 2 ] && has_lines 1 "$TRASH/err" &&
		grep -q "NICE=.*not a nice value from -20 to 19, or off" "$TRASH/err" &&
		! [ -s "$TRASH/out" ]
	'
done

if [ -z "$mine" ] || [ "$mine" -ge 19 ]
then
	test_skip 'a program runs at the NICE asked for' 'this nice value cannot be told or raised'
else
	up=$((mine + 1))
	test_expect "NICE=$up (above ours: always allowed): the program runs at $up, the header says so" '
		fresh &&
		run_driver FSDIR="$TRASH/fs" BENCHMARKS=syscall ROUNDS=1 QUICK=1 LATBW_BIN="$TRASH/bin" NICE="$up" &&
		expect_status 0 && vals &&
		[ "$r_nice" = "$up" ] && [ "$r_null" = "$up" ]
	'
fi

test_expect 'NICE=off: the program runs at the nice value of the driver' '
	fresh &&
	run_driver FSDIR="$TRASH/fs" BENCHMARKS=syscall ROUNDS=1 QUICK=1 LATBW_BIN="$TRASH/bin" NICE=off &&
	expect_status 0 && vals &&
	[ "$r_null" = "$mine" ] && [ "$r_nice" = "$mine" ] &&
	[ "$r_write" = 0 ]
'

if [ "$(id -u)" != 0 ] || [ -z "$autogroups" ]
then
	test_skip 'a program runs in a session of its own, its autogroup at NICE' 'needs root and autogroups (Linux, kernel.sched_autogroup_enabled=1) and setsid'
else
	for v in -20 -7 3
	do
		test_expect "NICE=$v, as root with autogroups: the program leads a session of its own, whose autogroup is at $v" '
			fresh &&
			run_driver FSDIR="$TRASH/fs" BENCHMARKS=syscall ROUNDS=1 QUICK=1 LATBW_BIN="$TRASH/bin" NICE=$v &&
			expect_status 0 && vals &&
			[ "$r_null" = "$v" ] && [ "$r_read" = "$v" ] && [ "$r_write" = 1 ]
		'
	done
fi

# latbw-start beside the stand-ins, through a wrapper that logs its
# options: the driver then starts each program with it, in one exec.
cat >"$TRASH/bin/latbw-start" <<X
#!/bin/sh
echo "\$*" >>"$TRASH/start.log"
exec "$BIN/latbw-start" "\$@"
X
chmod +x "$TRASH/bin/latbw-start"

if [ "$(id -u)" != 0 ] || [ -z "$autogroups" ]
then
	test_skip 'latbw-start: a program runs in a session of its own, its autogroup at NICE' 'needs root and autogroups'
else
	for v in -20 5
	do
		test_expect "NICE=$v, latbw-start beside the programs: it starts them (-s -g $v), in a session of their own at $v" '
			fresh && rm -f "$TRASH/start.log" &&
			run_driver FSDIR="$TRASH/fs" BENCHMARKS=syscall ROUNDS=1 QUICK=1 LATBW_BIN="$TRASH/bin" NICE=$v &&
			expect_status 0 && vals &&
			[ "$r_null" = "$v" ] && [ "$r_read" = "$v" ] && [ "$r_write" = 1 ] &&
			grep -q -- "^-s -g $v .*lat_syscall .* null\$" "$TRASH/start.log" || {
				fail "$(cat "$TRASH/start.log" "$TRASH/err")"
				return 1
			}
		'
	done
fi
rm -f "$TRASH/bin/latbw-start"

# latbw-start itself.
# shellcheck disable=SC2034 # used in the tests' texts
S=$BIN/latbw-start
for bad in "" "-q true" "-n" "-n x true" "-g 41 true" "-n -41 true" "-g 1e3 true"
do
	test_expect "latbw-start $bad: one-line error and usage, exit 2" '
		"$S" $bad >"$TRASH/out" 2>"$TRASH/err"
		[ $? -eq 2 ] && has_lines 2 "$TRASH/err" &&
		expect_line "^usage: latbw-start " "$TRASH/err" && ! [ -s "$TRASH/out" ]
	'
done

test_expect 'latbw-start: the program'"'"'s exit status, 127 for no such program' '
	"$S" sh -c "exit 7"; [ $? -eq 7 ] &&
	"$S" "$TRASH/none" 2>"$TRASH/err"; [ $? -eq 127 ] &&
	expect_line "^latbw-start: .*none: " "$TRASH/err"
'

# lead.sh: 1 if the shell running it leads its session (its session,
# the fourth field after the command name, is its PID); exits with $1 (or
# is killed by its signal $2).
cat >"$TRASH/lead.sh" <<'X'
code=${1:-0} sig=${2:-}
IFS= read -r s </proc/$$/stat
set -f
# shellcheck disable=SC2086 # fields, split on purpose
set -- ${s##*") "}
set +f
if [ "$4" = $$ ]; then echo 1; else echo 0; fi
[ -n "$sig" ] && kill "-$sig" $$
exit "$code"
X

test_expect 'latbw-start -s: the program leads a session of its own' '
	"$S" -s sh "$TRASH/lead.sh" >"$TRASH/out" &&
	read -r o <"$TRASH/out" && [ "$o" = 1 ] &&
	sh "$TRASH/lead.sh" >"$TRASH/out" && read -r o <"$TRASH/out" && [ "$o" = 0 ]
'

if command -v setsid >/dev/null 2>&1
then
	test_expect 'latbw-start -s as a process group leader: it forks, and exits as the program did' '
		setsid "$S" -s sh "$TRASH/lead.sh" 5 >"$TRASH/out"
		[ $? -eq 5 ] && read -r o <"$TRASH/out" && [ "$o" = 1 ] &&
		setsid "$S" -s sh "$TRASH/lead.sh" 0 TERM >"$TRASH/out"
		[ $? -eq 143 ] && read -r o <"$TRASH/out" && [ "$o" = 1 ]
	'
fi

if [ -n "$mine" ] && [ "$mine" -le 15 ]
then
	test_expect 'latbw-start -n 3: the program runs 3 above our nice value' '
		n=$("$S" -n 3 awk "{ sub(/^.*\\) /, \"\"); print \$17 }" /proc/self/stat) &&
		[ "$n" = $((mine + 3)) ]
	'
fi

if [ "$(id -u)" = 0 ]
then
	test_expect 'as root, by default: the program runs at -20, the header says so' '
		fresh &&
		run_driver FSDIR="$TRASH/fs" BENCHMARKS=syscall ROUNDS=1 QUICK=1 LATBW_BIN="$TRASH/bin" &&
		expect_status 0 && vals &&
		[ "$r_nice" = -20 ] && [ "$r_null" = -20 ] &&
		! grep -q "not allowed" "$TRASH/err"
	'
else
	test_expect 'not root, by default: said once, the program runs at the driver'"'"'s nice value' '
		fresh &&
		run_driver FSDIR="$TRASH/fs" BENCHMARKS=syscall ROUNDS=1 QUICK=1 LATBW_BIN="$TRASH/bin" &&
		expect_status 0 && vals &&
		[ "$(grep -c "NICE=-20 is not allowed here" "$TRASH/err")" = 1 ] &&
		[ "$r_null" = "$mine" ] && [ "$r_nice" = "$mine" ]
	'
fi

test_done

#!/bin/sh
# lat_c2c: the CPU groups read from fake sysfs trees (LATBW_SYSFS), the
# sampling of -s, bad arguments, the matrices' form on two CPUs, and no
# process left after a run, SIGINT, the time bound or a dead peer.
. "$(dirname "$0")/lib.sh"

# fake_cpu ROOT CPU SMT L2 L3 PACKAGE: cpuCPU of a fake sysfs tree, with
# the new names of the topology lists and caches index0 (L1d), index1
# (L1i), index2 (L2), index3 (L3).  An empty list leaves its file out.
fake_cpu() {
	fc_d=$1/devices/system/cpu/cpu$2
	mkdir -p "$fc_d/topology" &&
	echo "$3" >"$fc_d/topology/core_cpus_list" &&
	echo "$6" >"$fc_d/topology/package_cpus_list" &&
	for fc_k in 0 1 2 3
	do
		mkdir -p "$fc_d/cache/index$fc_k" || return 1
	done &&
	echo 1 >"$fc_d/cache/index0/level" && echo Data >"$fc_d/cache/index0/type" &&
	echo "$3" >"$fc_d/cache/index0/shared_cpu_list" &&
	echo 1 >"$fc_d/cache/index1/level" && echo Instruction >"$fc_d/cache/index1/type" &&
	echo "$3" >"$fc_d/cache/index1/shared_cpu_list" &&
	echo 2 >"$fc_d/cache/index2/level" && echo Unified >"$fc_d/cache/index2/type" &&
	echo "$4" >"$fc_d/cache/index2/shared_cpu_list" &&
	echo 3 >"$fc_d/cache/index3/level" && echo Unified >"$fc_d/cache/index3/type" &&
	echo "$5" >"$fc_d/cache/index3/shared_cpu_list"
}

# Two sockets of two cores of two threads: CPUs n and n+4 are siblings
# (as Linux numbers them on x86), socket 0 holds 0,1,4,5 and socket 1
# 2,3,6,7, a NUMA node each; L2 per core, L3 per socket.
two=$TRASH/two
mkdir -p "$two/devices/system/cpu" "$two/devices/system/node/node0" \
	"$two/devices/system/node/node1"
echo 0-7 >"$two/devices/system/cpu/online"
echo 0-1,4-5 >"$two/devices/system/node/node0/cpulist"
echo 2-3,6-7 >"$two/devices/system/node/node1/cpulist"
for c in 0 1 2 3
do
	s=$((c + 4))
	case $c in
	0 | 1) pk=0-1,4-5 ;;
	*) pk=2-3,6-7 ;;
	esac
	fake_cpu "$two" "$c" "$c,$s" "$c,$s" "$pk" "$pk"
	fake_cpu "$two" "$s" "$c,$s" "$c,$s" "$pk" "$pk"
done

test_expect 'fake 8-CPU 2-socket SMT tree: the CPUs and every group' '
	LATBW_SYSFS=$two run_bench lat_c2c -t &&
	cat >"$TRASH/want" <<-EOF &&
	[latbw-c2c-cpus 0-7]
	[latbw-c2c-groups level=smt 0,4 1,5 2,6 3,7]
	[latbw-c2c-groups level=l2 0,4 1,5 2,6 3,7]
	[latbw-c2c-groups level=l3 0-1,4-5 2-3,6-7]
	[latbw-c2c-groups level=node 0-1,4-5 2-3,6-7]
	[latbw-c2c-groups level=package 0-1,4-5 2-3,6-7]
	EOF
	diff "$TRASH/want" "$TRASH/err"
'

test_expect 'fake tree, -s 4: CPU 0, its sibling, a core of its socket, the other socket' '
	LATBW_SYSFS=$two run_bench lat_c2c -t -s 4 &&
	expect_line "^\[latbw-c2c-cpus 0-2,4\]\$" "$TRASH/err" &&
	expect_line "^\[latbw-c2c-groups level=smt 0,4 1,5 2,6\]\$" "$TRASH/err" &&
	expect_line "^\[latbw-c2c-groups level=package 0-1,4-5 2-3,6-7\]\$" "$TRASH/err"
'

test_expect 'fake tree, -s 2 keeps CPU 0 and its SMT sibling; -s 8 keeps all' '
	LATBW_SYSFS=$two run_bench lat_c2c -t -s 2 &&
	expect_line "^\[latbw-c2c-cpus 0,4\]\$" "$TRASH/err" &&
	LATBW_SYSFS=$two run_bench lat_c2c -t -s 8 &&
	expect_line "^\[latbw-c2c-cpus 0-7\]\$" "$TRASH/err"
'

# -C names CPUs this machine has (the harness checks that it can pin to
# each): CPUs 1 and 0, which the fake tree puts on two cores of socket 0.
if [ "$(nproc 2>/dev/null || echo 1)" -lt 2 ]
then
	test_skip 'fake tree, -C 1,0: the CPUs named, sorted, and only their groups' 'one CPU here'
else
	test_expect 'fake tree, -C 1,0: the CPUs named, sorted, and only their groups' '
		LATBW_SYSFS=$two run_bench lat_c2c -t -C 1,0 &&
		cat >"$TRASH/want" <<-EOF &&
		[latbw-c2c-cpus 0-1]
		[latbw-c2c-groups level=smt 0,4 1,5]
		[latbw-c2c-groups level=l2 0,4 1,5]
		[latbw-c2c-groups level=l3 0-1,4-5]
		[latbw-c2c-groups level=node 0-1,4-5]
		[latbw-c2c-groups level=package 0-1,4-5]
		EOF
		diff "$TRASH/want" "$TRASH/err"
	'
fi

# An older kernel's names (thread_siblings_list, core_siblings_list), no
# caches, no nodes, one socket of four cores without SMT; CPU 3's list is
# corrupt and CPU 2's does not hold CPU 2: those are unknown, not guessed.
old=$TRASH/old
mkdir -p "$old/devices/system/cpu"
echo 0-3 >"$old/devices/system/cpu/online"
for c in 0 1 2 3
do
	d=$old/devices/system/cpu/cpu$c/topology
	mkdir -p "$d"
	echo "$c" >"$d/thread_siblings_list"
	echo 0-3 >"$d/core_siblings_list"
done
echo 'x-y' >"$old/devices/system/cpu/cpu3/topology/thread_siblings_list"
echo 1 >"$old/devices/system/cpu/cpu2/topology/thread_siblings_list"

test_expect 'old names, no caches or nodes, bad lists: only what reads' '
	LATBW_SYSFS=$old run_bench lat_c2c -t &&
	cat >"$TRASH/want" <<-EOF &&
	[latbw-c2c-cpus 0-3]
	[latbw-c2c-groups level=smt 0 1]
	[latbw-c2c-groups level=package 0-3]
	EOF
	diff "$TRASH/want" "$TRASH/err"
'

test_expect 'an empty sysfs root: the CPUs this process may use, no groups' '
	mkdir "$TRASH/empty" &&
	LATBW_SYSFS=$TRASH/empty run_bench lat_c2c -t &&
	expect_line "^\[latbw-c2c-cpus [0-9]" "$TRASH/err" &&
	! grep -q "groups" "$TRASH/err" &&
	[ "$(wc -l <"$TRASH/err")" -eq 1 ]
'

for args in "foo" "cas extra" "-s 1" "-s x" "-C 0" "-C 0,0" "-C x" "-P 2" "-q"
do
	test_expect "bad arguments '$args': exit 2, one line and the usage" "
		! run_bench lat_c2c $args &&
		expect_status 2 &&
		expect_line '^lat_c2c: ' \"\$TRASH/err\" &&
		expect_line '^usage: lat_c2c ' \"\$TRASH/err\" &&
		[ \$(wc -l <\"\$TRASH/err\") -eq 2 ]
	"
done

if ! command -v taskset >/dev/null
then
	test_skip 'one CPU to run on: no matrix, a reason, exit 3' 'taskset is not installed'
else
test_expect 'one CPU to run on: no matrix, a reason, exit 3' '
	taskset -c 0 "$BIN/lat_c2c" -B "$LATBW_TEST_BOUND" 2>"$TRASH/err"
	rc=$?
	[ "$rc" = 3 ] || fail "exit status $rc, expected 3" || return 1
	expect_line "^lat_c2c: .*a matrix needs two CPUs or more" "$TRASH/err" &&
	! grep -q "^\"c2c" "$TRASH/err"
'
fi

if [ "$(nproc 2>/dev/null || echo 1)" -lt 2 ]
then
	test_skip 'the matrices on CPUs 0 and 1' 'fewer than two CPUs here'
else
	test_expect 'the matrices on CPUs 0 and 1: a series per row, stats after' '
		TMPDIR=$TRASH run_bench lat_c2c -C 0,1 -N 3 -E 200 &&
		awk "
			/^\\[latbw-stat/ { next }
			/^\\[/ { next }
			{ print }
		" "$TRASH/err" | sed "s/ [0-9][0-9.]*\$/ V/" >"$TRASH/form" &&
		printf "%s\n" "\"c2c cas cpu=0" "1 V" "" "\"c2c pipe cpu=0" \
			"0 V" "1 V" "" "\"c2c pipe cpu=1" "1 V" "" >"$TRASH/want" &&
		diff "$TRASH/want" "$TRASH/form" &&
		expect_line "^1 [0-9]+\.[0-9]{2}\$" "$TRASH/err" &&
		expect_line "^1 [0-9]+\.[0-9]{4}\$" "$TRASH/err" &&
		expect_line "^\[latbw-stat prog=lat_c2c case=cas x=1 .* cpus=0,1 unit=ns placement=cross idle=(poll|os)( (others_busy|cpu_wait)=[0-9]+%)?\]\$" "$TRASH/err" &&
		expect_line "^\[latbw-stat prog=lat_c2c case=pipe x=0 .* cpus=0 unit=us placement=same( (others_busy|cpu_wait)=[0-9]+%)?\]\$" "$TRASH/err" &&
		expect_line "^\[latbw-stat prog=lat_c2c case=pipe x=1 .* cpus=1 unit=us placement=same( (others_busy|cpu_wait)=[0-9]+%)?\]\$" "$TRASH/err" &&
		[ "$(procs_named lat_c2c)" = 0 ]
	'
	test_expect 'cas only: one matrix, every value positive' '
		run_bench lat_c2c -C 0,1 -N 3 -E 200 cas &&
		! grep -q "pipe" "$TRASH/err" &&
		is_positive "$(awk "/^1 / { print \$2 }" "$TRASH/err")"
	'

	# started PID: lat_c2c PID has its peer (a child) running.
	started() {
		[ -n "$(ps -o pid= --ppid "$1" 2>/dev/null)" ]
	}
	for way in INT bound peer
	do
		test_expect "stopped by $way: exit status, no figure, nothing left" "
			bound=60
			[ $way = bound ] && bound=1
			\"\$BIN/lat_c2c\" -B \$bound -C 0,1 -N 1000 -E 200000 cas 2>\"\$TRASH/err\" &
			pid=\$!
			eventually 'started \$pid' || { kill \$pid; wait \$pid; fail 'no peer started'; return 1; }
			kid=\$(ps -o pid= --ppid \$pid | tr -d ' ')
			case $way in
			INT) kill -INT \$pid ;;
			peer) kill -KILL \$kid ;;
			esac
			wait \$pid
			rc=\$?
			case $way in
			INT) [ \$rc -gt 128 ] ;;
			*) [ \$rc = 1 ] && expect_line '^lat_c2c: ' \"\$TRASH/err\" ;;
			esac || fail \"exit status \$rc: \$(cat \"\$TRASH/err\")\" || return 1
			! grep -q '^1 ' \"\$TRASH/err\" || fail 'a figure was printed'
			eventually '[ \"\$(procs_named lat_c2c)\" = 0 ]' ||
				fail 'lat_c2c processes left'
		"
	done
fi

test_done

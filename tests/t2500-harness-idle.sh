#!/bin/sh
# The harness's idle=: while a program pinned to several CPUs measures, it
# holds the kernel's idle exit latency at 0 (/dev/cpu_dma_latency), so
# that a cpuidle driver keeps idle CPUs polling; -I leaves them to the OS;
# the statistics line of a figure across CPUs (or left to the scheduler)
# says which, and one on one CPU says nothing.  The figures themselves
# are tests/bench's: here, what is held and what is said.
. "$(dirname "$0")/lib.sh"

ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)

# idle_of FILE: the idle= word of the first statistics line, or nothing.
idle_of() {
	sed -n 's/^\[latbw-stat .* idle=\([a-z]*\).*/\1/p' "$1" | sed -n 1p
}

# What the harness should find here: "poll" where the kernel polls anyway
# or a cpuidle driver would heed a request it may make, else "os".
driver=$(cat /sys/devices/system/cpu/cpuidle/current_driver 2>/dev/null)
if grep -Eq '(^| )idle=poll( |$)' /proc/cmdline 2>/dev/null
then
	anyway=poll
	held=poll
else
	anyway=os
	held=os
	if [ -n "$driver" ] && [ "$driver" != none ] &&
		[ -w /dev/cpu_dma_latency ] && [ "$(id -u)" = 0 ]
	then
		held=poll
	fi
fi
export anyway held

# holds_dma PID: process PID has /dev/cpu_dma_latency open.
holds_dma() {
	for hd_fd in /proc/"$1"/fd/*
	do
		[ "$(readlink "$hd_fd" 2>/dev/null)" = /dev/cpu_dma_latency ] &&
			return 0
	done
	return 1
}

# measuring PID: lat_pipe PID has its peer (a child) running.
measuring() {
	[ -n "$(ps -o pid= --ppid "$1" 2>/dev/null)" ]
}

test_expect '-I is in the usage' '
	"$BIN/lat_syscall" -h >"$TRASH/out" &&
	expect_line "^usage: lat_syscall .*\[-I\]" "$TRASH/out" &&
	expect_line "^  -I  .*idle CPUs" "$TRASH/out"
'

test_expect 'one CPU (-C 0): no idle= (nothing idles between the two)' '
	run_bench lat_pipe -C 0 -N 3 -E 500 &&
	expect_line "^\[latbw-stat prog=lat_pipe .* placement=same( (others_busy|cpu_wait)=[0-9]+%)?\]\$" "$TRASH/err"
'

if [ "$ncpu" -lt 2 ]
then
	test_skip 'idle= across CPUs' 'one CPU here'
	test_done
fi

test_expect "CPUs 0 and 1: idle=$held (what this machine allows)" '
	run_bench lat_pipe -C 0,1 -N 3 -E 500 &&
	expect_line "^\[latbw-stat prog=lat_pipe .* placement=cross idle=(poll|os)( (others_busy|cpu_wait)=[0-9]+%)?\]\$" "$TRASH/err" &&
	{ [ "$(idle_of "$TRASH/err")" = "$held" ] ||
		fail "idle=$(idle_of "$TRASH/err"), want $held (driver ${driver:-none})"; }
'

test_expect "-I: idle=$anyway, nothing asked of the kernel" '
	run_bench lat_pipe -I -C 0,1 -N 3 -E 500 &&
	[ "$(idle_of "$TRASH/err")" = "$anyway" ] ||
		fail "idle=$(idle_of "$TRASH/err"), want $anyway"
'

# lat_c2c pins each pair itself (no -C): its cross points are held as a
# figure of -C 0,1 is (its pipe row read 30-190 us on a KVM guest whose
# idle CPUs halted, 3.9 us held, lat_pipe -C 0,1's figure).
test_expect "lat_c2c's pairs (no -C): idle=$held on each cross point" '
	run_bench lat_c2c -N 1 -E 200 pipe &&
	grep "^\[latbw-stat .* placement=cross" "$TRASH/err" >"$TRASH/cross" &&
	[ -s "$TRASH/cross" ] &&
	! grep -Ev " idle=$held( |\])" "$TRASH/cross" ||
		fail "a cross point not idle=$held: $(grep -Ev " idle=$held( |\])" "$TRASH/cross" | sed -n 1p)"
'

test_expect "lat_c2c -I: idle=$anyway on each cross point" '
	run_bench lat_c2c -I -N 1 -E 200 pipe &&
	grep "^\[latbw-stat .* placement=cross" "$TRASH/err" >"$TRASH/cross" &&
	[ -s "$TRASH/cross" ] &&
	! grep -Ev " idle=$anyway( |\])" "$TRASH/cross" ||
		fail "a cross point not idle=$anyway"
'

test_expect "unpinned (the scheduler's choice): idle=$anyway, as the OS runs it" '
	run_bench lat_pipe -N 3 -E 500 &&
	expect_line "^\[latbw-stat prog=lat_pipe .* placement=sched cross=[0-9]+%.* idle=(poll|os)\]\$" "$TRASH/err" &&
	[ "$(idle_of "$TRASH/err")" = "$anyway" ] ||
		fail "idle=$(idle_of "$TRASH/err"), want $anyway"
'

test_expect 'no cpuidle driver (a sysfs that says none): idle=os, nothing held' '
	mkdir -p "$TRASH/sys/devices/system/cpu/cpuidle" &&
	echo none >"$TRASH/sys/devices/system/cpu/cpuidle/current_driver" &&
	LATBW_SYSFS=$TRASH/sys run_bench lat_pipe -C 0,1 -N 3 -E 500 &&
	[ "$(idle_of "$TRASH/err")" = "$anyway" ] ||
		fail "idle=$(idle_of "$TRASH/err"), want $anyway"
'

# A sysfs whose cpuidle driver is haltpoll (the harness reads the driver
# under LATBW_SYSFS; the device is the machine's own): the request is made
# here even where no driver would heed it, as root.
mkdir -p "$TRASH/hp/devices/system/cpu/cpuidle"
echo haltpoll >"$TRASH/hp/devices/system/cpu/cpuidle/current_driver"
if [ "$anyway" = os ] && [ -w /dev/cpu_dma_latency ] && [ "$(id -u)" = 0 ]
then
	for way in hold I same
	do
		case $way in
		hold) what='-C 0,1: the request is held while it measures' ;;
		I) what='-I -C 0,1: no request' ;;
		same) what='-C 0: no request' ;;
		esac
		test_expect "a cpuidle driver, $what" "
			case $way in
			hold) opt='-C 0,1' ;;
			I) opt='-I -C 0,1' ;;
			same) opt='-C 0' ;;
			esac
			LATBW_SYSFS=\$TRASH/hp \"\$BIN/lat_pipe\" -B 60 \$opt -N 500 -E 20000 2>\"\$TRASH/err\" &
			pid=\$!
			eventually 'measuring \$pid' || { kill \$pid; wait \$pid; fail 'no peer started'; return 1; }
			if holds_dma \$pid; then h=yes; else h=no; fi
			kill -INT \$pid
			wait \$pid
			case $way in
			hold) [ \$h = yes ] || fail 'no /dev/cpu_dma_latency open while measuring' ;;
			*) [ \$h = no ] || fail '/dev/cpu_dma_latency open' ;;
			esac
		"
	done
	test_expect 'a cpuidle driver: idle=poll said' '
		LATBW_SYSFS=$TRASH/hp run_bench lat_pipe -C 0,1 -N 3 -E 500 &&
		[ "$(idle_of "$TRASH/err")" = poll ] ||
			fail "idle=$(idle_of "$TRASH/err"), want poll"
	'
else
	test_skip 'the request held while measuring' \
		'not root, no /dev/cpu_dma_latency, or the kernel polls anyway'
fi

test_done

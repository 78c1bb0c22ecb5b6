#!/bin/sh
# A file operand made shorter by another process while a program has it
# mapped (truncated to 0 bytes): the next access of the mapping faults
# with SIGBUS, which the programs that map a file (lat_sig prot,
# bw_mmap_rd, lat_mmap, lat_pagefault) turn into a message naming the
# file and exit status 1, not a death by "Bus error" (status 135) that
# says nothing; and no figure.
. "$(dirname "$0")/lib.sh"

mkdir "$TRASH/tmp"
export TMPDIR="$TRASH/tmp"

if ! [ -r /proc/self/maps ]
then
	test_skip 'a mapped file truncated under a program' 'no /proc/PID/maps here'
	test_done
	exit
fi

# shrink_when_mapped PROG ARGS...: start PROG on $TRASH/f (1 MB), wait
# until it has the file mapped (at most 30 s), truncate the file to 0
# bytes, and leave PROG's exit status in $TRASH/rc and its stderr in
# $TRASH/err.
shrink_when_mapped() {
	sm_prog=$1
	shift
	head -c 1048576 /dev/zero >"$TRASH/f" || return 1
	"$BIN/$sm_prog" -B "$LATBW_TEST_BOUND" "$@" 2>"$TRASH/err" &
	sm_pid=$!
	sm_tries=0
	until grep -qF "$TRASH/f" "/proc/$sm_pid/maps" 2>/dev/null ||
		[ "$sm_tries" -ge 300 ]
	do
		sleep 0.1
		sm_tries=$((sm_tries + 1))
	done
	: >"$TRASH/f"
	wait "$sm_pid"
	echo $? >"$TRASH/rc"
}

# Samples long enough that the file stays mapped for a second or more
# (the wait above looks every 0.1 s), few enough that a truncation is
# met soon.  lat_sig maps the file in its prot part only, after two
# others (-N 5 -E 200000: seen 4.3 to 5.9 s after its start, here;
# -N 1 -E 100000 0.5 to 0.7 s).  lat_pagefault maps it through its
# mapping part (-N 100: 28 s), which never reads it: a truncation met
# there is said as "has 0 bytes" once that part ends (-N 5: about a
# second later), one met in its fault part by SIGBUS.
for t in "lat_sig -N 2 -E 100000 prot" \
	"bw_mmap_rd -N 100 -E 100000 1m mmap_only" \
	"bw_mmap_rd -N 100 -E 100000 1m open2close" \
	"lat_mmap -N 100 -E 100000 1m" \
	"lat_pagefault -N 5 -E 100000"
do
	p=${t%% *}
	a=${t#* }
	test_expect "$p $a FILE, FILE truncated while mapped: exit 1 and a message, no SIGBUS death" "
		shrink_when_mapped $p $a \"\$TRASH/f\" &&
		{ [ \"\$(cat \"\$TRASH/rc\")\" = 1 ] ||
			fail \"exit status \$(cat \"\$TRASH/rc\"), expected 1: \$(cat \"\$TRASH/err\")\"; } &&
		expect_line '^$p: .*/f (became shorter while mapped|has 0 bytes)' \"\$TRASH/err\" &&
		! grep -Eq '^[0-9.]+ [0-9]|: [0-9.]+ (microseconds|MB/sec)' \"\$TRASH/err\" &&
		[ \"\$(find \"\$TRASH/tmp\" -mindepth 1 | wc -l)\" -eq 0 ]
	"
done

test_done

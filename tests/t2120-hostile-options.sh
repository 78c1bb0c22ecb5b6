#!/bin/sh
# The harness's options refused before any output: -T of a program that
# measures none of its cases as threads (no title or topology printed
# first), a -C list that names a CPU twice, and a -C CPU that is not
# online here; each is exit 2, one error line and the usage line.
. "$(dirname "$0")/lib.sh"

# refused PROG ARGS...: PROG exits 2 with its one error line and its
# usage line, nothing else (short samples: a program that takes the
# arguments runs them briefly, under the tests' bound).
refused() {
	rf_prog=$1
	shift
	run_bench "$rf_prog" -N 1 -E 100 "$@"
	if [ "$(cat "$TRASH/rc")" = 2 ] && awk -v p="$rf_prog" '
		NR == 1 && index($0, p ": ") == 1 { next }
		NR == 2 && index($0, "usage: " p " ") == 1 { next }
		{ bad = 1 }
		END { exit bad || NR != 2 }' "$TRASH/err"
	then
		return 0
	fi
	fail "exit status $(cat "$TRASH/rc"), not 2 with one error and the usage line: $(head -5 "$TRASH/err")"
}

# -T: the programs with a main of their own check every case they may
# measure up front, not when the first is measured after a title.
for t in "lat_c2c" "lat_c2c -s 2" "lat_mem_load" "par_mem -c 64k" \
	"lat_mem_rd 1 64" "mhz" "cache -M 1m" "lat_ops" "stream" \
	"lat_ctx -s 0 2" "lat_sig prot" "bw_mem 64k rd"
do
	test_expect "-T $t: refused before any output" "
		refused $t -T &&
		expect_line 'cannot run as threads \\(-T\\)' \"\$TRASH/err\"
	"
done

# A CPU named twice: two parties or copies on one CPU, labelled as two.
for t in "lat_syscall -G -C 0,0 null" "lat_mem_load -C 0,0" \
	"lat_pipe -C 0,0" "lat_syscall -P 2 -C 0-1,1 null" "lat_c2c -C 0,1,0"
do
	test_expect "$t: a CPU named twice is refused" "
		refused $t &&
		expect_line '-C [0-9,-]+ names CPU [01] twice' \"\$TRASH/err\"
	"
done

# A CPU above every online one (CPU numbers may have gaps: the highest
# online one, not the count, bounds them).
online=$(cat /sys/devices/system/cpu/online 2>/dev/null)
last=$(printf '%s\n' "$online" | awk -F'[,-]' '{ print $NF }')
case $last in
'' | *[!0-9]*)
	test_skip 'a CPU that is not online is refused' \
		'/sys/devices/system/cpu/online cannot be read'
	;;
*)
	bad=$((last + 1))
	first=$(printf '%s\n' "$online" | awk -F'[,-]' '{ print $1 }')
	for t in "lat_c2c -C $first,$bad" "lat_pipe -C $first,$bad" \
		"lat_syscall -C $bad null" "lat_mem_load -C $first,$bad" \
		"lat_syscall -G -C $first,$bad null"
	do
		test_expect "$t: CPU $bad is not online, refused before anything runs" "
			refused $t &&
			expect_line 'CPU $bad is not online here \\(online: $online\\)' \"\$TRASH/err\"
		"
	done
	;;
esac

# An online CPU outside the mask the process inherited (taskset) may be
# chosen: -C overrides it, as before (a cpuset that forbids it would be
# refused, exit 2).
if [ "$(nproc 2>/dev/null || echo 1)" -lt 2 ] || ! command -v taskset >/dev/null 2>&1
then
	test_skip '-C 1 under taskset -c 0: pinned to CPU 1' 'one CPU here, or no taskset'
else
	test_expect '-C 1 under taskset -c 0: pinned to CPU 1' '
		taskset -c 0 "$BIN/lat_syscall" -B 20 -N 1 -E 100 -C 1 null \
			2>"$TRASH/err" &&
		expect_line "^\[latbw-stat prog=lat_syscall case=null .* cpus=1 " "$TRASH/err"
	'
fi

test_done

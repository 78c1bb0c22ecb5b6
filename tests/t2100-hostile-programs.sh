#!/bin/sh
# Hostile command lines for every program's harness: sizes only in the
# decimal form documented, bounded totals, one-line errors whatever an
# argument holds, and no success claimed when the results cannot be
# written.
. "$(dirname "$0")/lib.sh"

# one_line_error PROG: $TRASH/err is PROG's one-line error and its usage
# line, nothing else (no line split by a newline from an argument, no raw
# control character).
one_line_error() {
	if awk -v p="$1" '
		NR == 1 && index($0, p ": ") == 1 { next }
		NR == 2 && index($0, "usage: " p " ") == 1 { next }
		{ bad = 1 }
		END { exit bad || NR != 2 }' "$TRASH/err" &&
		! LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$TRASH/err"
	then
		return 0
	fi
	fail "not one error line and a usage line: $(od -c "$TRASH/err" | head -20)"
}

# Sizes: digits, one point, a k/m/g suffix; strtod's hexadecimal and
# exponents are not sizes.
for t in "bw_pipe -m 0x10" "bw_pipe -M 1e3" "bw_unix -M 0x100000" \
	"bw_mem 1e6 rd" "lat_mem_rd 0x1 64" "bw_file_rd 0x1000 io_only" \
	"lat_udp -m 1E3 localhost" "lat_tcp -m 0X10 localhost"
do
	p=${t%% *}
	a=${t#* }
	test_expect "$p $a: not a size, exit 2 and a usage line" "
		! run_bench $p -N 1 -E 100 $a && expect_status 2 &&
		one_line_error $p
	"
done

test_expect 'a decimal size with a point and a suffix is still a size' '
	run_bench bw_pipe -N 1 -E 100 -m 1.5k -M 3k &&
	expect_line "^Pipe bandwidth: " "$TRASH/err"
'

# -M is one operation: an absurd one would run into the time bound.
for p in bw_pipe bw_unix
do
	test_expect "$p -M 99999999g: refused at once (exit 2), not run for the time bound" "
		! run_bench $p -B 20 -M 99999999g && expect_status 2 &&
		expect_line 'at most|from 1 to 1073741824' \"\$TRASH/err\" &&
		one_line_error $p
	"
	test_expect "$p -h names the cap of -M (1g)" "
		\"\$BIN/$p\" -h | grep -q 'at most 1g'
	"
done

# Control characters in arguments: escaped, the error stays one line.
# shellcheck disable=SC2034 # used in the checks below (eval)
nl='
'
# shellcheck disable=SC2034
esc=$(printf '\033')
for t in "lat_syscall" "bw_pipe -M" "lat_proc" "lat_mem_rd" "stream -M"
do
	p=${t%% *}
	test_expect "$t 'a<newline>b<ESC>[31m': one error line, the characters escaped" "
		! run_bench $t \"a\${nl}b\${esc}[31m\" && expect_status 2 &&
		one_line_error $p && expect_line 'a\\\\nb\\\\x1b\\[31m' \"\$TRASH/err\"
	"
done

test_expect "an unknown option that is a newline: one error line" '
	! run_bench lat_syscall "-$nl" null && expect_status 2 &&
	one_line_error lat_syscall && expect_line "unknown option -\\\\n" "$TRASH/err"
'

test_expect 'a tab and a carriage return in an operand are escaped too' '
	! run_bench lat_pipe "x$(printf "\t")y$(printf "\r")z" && expect_status 2 &&
	one_line_error lat_pipe && expect_line "x\\\\ty\\\\rz" "$TRASH/err"
'

# Results that cannot be written: exit 1, never 0.
if [ -w /dev/full ]
then
	for t in "lat_syscall null" "lat_pipe" "bw_pipe -M 1m" "lat_ops integer-add" \
		"lat_syscall -P 2 null" "lat_mem_rd 0.1 64" "lat_sig prot"
	do
		p=${t%% *}
		# The same run with a normal stderr measures: the status is the
		# lost output's, not a bad command line's.  11 samples for
		# lat_sig prot: it subtracts one median from another, and with
		# 3 a busy CPU made the difference negative (exit 3, no
		# figure), 1 run in 7; with 11, 1 make test in 3 with a CPU
		# kept busy: a run that measured nothing (exit 3) is run
		# again, up to three times.  3 samples for the others:
		# lat_mem_rd's sweep to 1 MB took 1.8 s with 11.
		n=3
		[ "$p" = lat_sig ] && n=11
		test_expect "$t 2>/dev/full: exit 1, the figure was not written" "
			run_bench $p -N $n -E 2000 ${t#"$p"} &&
			for try in 1 2 3
			do
				\"\$BIN/$p\" -B \"\$LATBW_TEST_BOUND\" -N $n -E 2000 ${t#"$p"} \
					>\"\$TRASH/out\" 2>/dev/full
				rc=\$?
				[ \"\$rc\" = 3 ] || break
			done &&
			[ \"\$rc\" = 1 ] || fail \"exit status \$rc, expected 1 (\$try runs)\"
		"
	done
else
	test_skip 'results that cannot be written (2>/dev/full)' 'no writable /dev/full'
fi

test_done

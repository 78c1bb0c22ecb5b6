#!/bin/sh
# lat_fs -G: file creates as copies grow (the scaling curve), each copy
# in directories of its own, all removed; its bad uses.  A curve of two
# points needs two CPUs (a CPU list names each CPU once): on one, those
# checks take the curve of one point.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-fs.sh"

mkdir "$TRASH/fs"

if [ "$(nproc 2>/dev/null || echo 1)" -lt 2 ]
then
	test_skip '-G: the series of creates per second, a point per copy count, statistics after it' 'one CPU here'
	# shellcheck disable=SC2034 # used in the checks below (eval)
	two=1
else
	# shellcheck disable=SC2034
	two=2
test_expect '-G: the series of creates per second, a point per copy count, statistics after it' '
	run_bench lat_fs -G -P 2 -n 50 -N 3 "$TRASH/fs" &&
	awk "
		NR == 1 { ok = \$0 == \"\\\"scaling lat_fs create processes\" }
		NR == 2 { ok = ok && \$1 == 1 && \$2 ~ /^[0-9]+\$/ && \$2 > 0 }
		NR == 3 { ok = ok && \$1 == 2 && \$2 ~ /^[0-9]+\$/ && \$2 > 0 }
		NR == 4 { ok = ok && \$0 == \"\" }
		NR == 5 { ok = ok && /^\[latbw-stat prog=lat_fs case=create x=1 .* n=50 copies=1 cpus=[0-9]+ /}
		NR == 6 { ok = ok && /^\[latbw-stat prog=lat_fs case=create x=2 .* n=50 copies=2 cpus=[0-9]+,[0-9]+ /}
		END { exit !(ok && NR == 6) }" "$TRASH/err" ||
		fail "not the series: $(cat "$TRASH/err")"
'
fi

test_expect '... and nothing of it is left in the directory' '
	[ "$(made_files "$TRASH/fs")" = 0 ]
'

test_expect '-G -v: every copy'"'"'s samples in fresh directories of the spread one, unsynced, no delete' '
	run_bench lat_fs -G -v -P "$two" -n 20 -N 2 -s 1k "$TRASH/fs" &&
	s=$(sed -n "s/^\[lat_fs-spread [a-z]* dir=\(.*\)\]\$/\1/p" "$TRASH/err") &&
	[ -n "$s" ] &&
	grep "^\[lat_fs-sample " "$TRASH/err" >"$TRASH/samples" &&
	! grep -v "^\[lat_fs-sample create bytes=1024 files=20 unsynced dir=$s/latbw\.lat_fs\.[A-Za-z0-9]*\]\$" "$TRASH/samples" &&
	[ "$(sed "s/.*dir=//" "$TRASH/samples" | sort -u | wc -l)" -eq "$(wc -l <"$TRASH/samples")" ] &&
	[ "$(made_files "$TRASH/fs")" = 0 ]
'

test_expect '-G -P 1: the curve is the one point 1' '
	run_bench lat_fs -G -P 1 -C 0 -n 20 -N 2 "$TRASH/fs" &&
	[ "$(sed -n 2,3p "$TRASH/err" | cut -d " " -f 1 | tr "\n" " ")" = "1  " ]
'

test_expect '-P without -G: still refused (creates and deletes of one run), exit 2' '
	! run_bench lat_fs -P 2 -n 20 "$TRASH/fs" && expect_status 2 &&
	grep -q "cannot run as parallel copies (-P; -G measures creates as copies grow)" "$TRASH/err"
'

test_expect '-G -T: creates are not measured as threads: exit 2, the reason, no figure' '
	! run_bench lat_fs -G -T -C 0 -n 20 "$TRASH/fs" && expect_status 2 &&
	! grep -q "^[0-9]" "$TRASH/err" &&
	[ "$(made_files "$TRASH/fs")" = 0 ]
'

test_expect 'SIGINT of a -G curve removes every copy'"'"'s directories' '
	mkdir "$TRASH/int" &&
	interrupt_when_busy INT "$TRASH/int" lat_fs -G -P "$two" -E 1000000 &&
	[ "$(cat "$TRASH/rc")" -gt 128 ] &&
	eventually "[ \"\$(procs_with lat_fs \"-G -P $two -E 1000000\")\" = 0 ]" &&
	[ "$(made_files "$TRASH/int")" = 0 ]
'

test_done

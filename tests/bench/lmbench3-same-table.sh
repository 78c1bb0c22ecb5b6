#!/bin/sh
# tests/bench/lmbench3-same-table.sh - does lmbench 3's own run give the
# same table twice?  The contrast to same-table.sh --run.
#
#   sh tests/bench/lmbench3-same-table.sh LMBENCH3-BIN-DIR [N]
#
# LMBENCH3-BIN-DIR is bin/<os> of a built lmbench 3 checkout (built
# outside this repository: lmbench is GPL with extra terms, and nothing of
# it is copied here); its scripts/lmbench and src/webpage-lm.tar are taken
# from the same checkout.  Without it the script says why and exits 0.
# Not part of `make test`; it runs benchmarks, so hold the machine's lock:
#   flock /tmp/latbw.lock sh tests/bench/lmbench3-same-table.sh DIR 3
#
# lmbench's suite runs N times back to back (default 3, at least 2), as
# its `make results` would, unpinned (LMBENCH_SCHED=DEFAULT, its own
# default), the second run with one CPU kept busy by a spinning shell,
# each with a fresh configuration (ENOUGH, TIMING_O, LOOP_O, LINE_SIZE and
# MHZ measured by lmbench's own programs, as its config-run does) and the
# same MB as latbw's driver would choose here (latbw-run -p; MB= in the
# environment sets it).  Everything runs in a scratch copy: the programs
# are linked from LMBENCH3-BIN-DIR, its results go to scratch files, its
# FSDIR and FILE are in the scratch directory.  Two of its programs can
# run for many minutes on a guest like ours, so each of their client runs
# is bounded: lat_fs and lat_connect by TMO seconds (default 120), and
# each whole run by RUN_TMO (default 2400).  FASTMEM=YES (the default,
# lmbench's own option) has lat_mem_rd measure the 128-byte stride only,
# the one the table's memory latencies come from: all seven strides took
# over 20 minutes a run here (FASTMEM=NO for them).  A bounded program leaves its
# cell blank in that run (same-table.sh counts such cells apart).  When no
# portmapper answers and we are root, rpcbind is started for the runs and
# stopped after them (lmbench's servers register with it).
#
# Then same-table.sh compares the N results files, with the same cells and
# tolerances as latbw's own runs (latbw's summary reads lmbench's files).
# SAME_TABLE_KEEP=DIR keeps the files there (DIR/run1, run2, ...;
# same-table.sh does it).
# Printed: each run's wall time, then same-table.sh's report.  Exit
# status: same-table.sh's (0 all within, 1 some outside), 2 on bad use.

me=lmbench3-same-table.sh

usage() {
	echo "usage: $me LMBENCH3-BIN-DIR [N]" >&2
	exit 2
}

case "${1:-}" in
-h | --help)
	sed -n '2,37s/^# \{0,1\}//p' "$0"
	exit 0
	;;
esac
case $# in
1 | 2) ;;
*) usage ;;
esac
n=${2:-3}
case $n in
'' | *[!0-9]*) usage ;;
esac
[ "$n" -ge 2 ] || usage
TMO=${TMO:-120}
RUN_TMO=${RUN_TMO:-2400}
FASTMEM=${FASTMEM:-YES}
case $FASTMEM in
YES | NO) ;;
*)
	echo "$me: FASTMEM is YES or NO" >&2
	usage
	;;
esac
for v in "$TMO" "$RUN_TMO"
do
	case "$v" in
	'' | *[!0-9]* | 0)
		echo "$me: TMO and RUN_TMO are whole numbers of seconds above 0" >&2
		usage
		;;
	esac
done

skip() {
	echo "$me: skipped: $*" >&2
	exit 0
}
[ -d "$1" ] || skip "no directory $1 (lmbench 3's bin/<os>)"
lm=$(cd "$1" && pwd -P) || exit 2
lmtop=$(cd "$lm/../.." && pwd -P) || exit 2
for p in enough timing_o loop_o line mhz lat_syscall lat_fs lat_connect lmhttp
do
	[ -x "$lm/$p" ] || skip "no lmbench 3 program $lm/$p"
done
[ -f "$lmtop/scripts/lmbench" ] || skip "no $lmtop/scripts/lmbench"
[ -f "$lmtop/src/webpage-lm.tar" ] || skip "no $lmtop/src/webpage-lm.tar"
for c in timeout find
do
	command -v "$c" >/dev/null 2>&1 || skip "$c is needed"
done

top=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
if [ -z "${MB:-}" ]
then
	MB=$(sh "$top/scripts/latbw-run" -p 2>/dev/null | sed -n 's/^MB=//p')
fi
case "${MB:-}" in
'' | *[!0-9]* | 0)
	echo "$me: MB is a whole number of megabytes above 0 (latbw-run -p gave none)" >&2
	usage
	;;
esac

# The programs lmbench's suite runs, by the name of their executable:
# none may be running already, since what is left at the end is killed.
progs=$(find "$lm" -maxdepth 1 -type f -perm -u+x -exec basename {} \;)

scratch=$(mktemp -d "${TMPDIR:-/tmp}/lmb3same.XXXXXX") || exit 2
spin=
lmb=
# shellcheck source=tests/bench/lmbench3-lib.sh
. "$(dirname "$0")/lmbench3-lib.sh"

# reap: no process of lmbench's programs is left (TERM, then KILL).
reap() {
	for p in $progs
	do
		pids=$(lm_pids "$p")
		[ -z "$pids" ] && continue
		echo "$me: lmbench's $p was still running: killed" >&2
		# shellcheck disable=SC2086 # a list of PIDs
		kill $pids 2>/dev/null
		sleep 0.2
		pids=$(lm_pids "$p")
		# shellcheck disable=SC2086 # a list of PIDs
		[ -n "$pids" ] && kill -9 $pids 2>/dev/null
	done
	return 0
}
# shellcheck disable=SC2317 # called by the trap
cleanup() {
	if [ -n "$lmb" ]
	then
		kill "$lmb" 2>/dev/null
		wait "$lmb" 2>/dev/null
	fi
	if [ -n "$spin" ]
	then
		kill "$spin" 2>/dev/null
		wait "$spin" 2>/dev/null
	fi
	reap
	portmapper_stop
	rm -f /tmp/hello
	rm -rf "$scratch"
}

for p in $progs
do
	[ -z "$(lm_pids "$p")" ] || {
		echo "$me: lmbench's $p is running already: stop it first" >&2
		rm -rf "$scratch"
		exit 2
	}
done
# lmbench copies its hello there for lat_proc exec and removes it.
[ -e /tmp/hello ] && {
	echo "$me: /tmp/hello exists (lmbench's lat_proc writes it): move it first" >&2
	rm -rf "$scratch"
	exit 2
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# The scratch tree, laid out as lmbench's script expects (it runs in
# bin/<os>, finds ../../scripts and ../../src/webpage-lm): every program
# linked, lat_fs and lat_connect behind a bound on their client runs.
os=$(basename "$lm")
run=$scratch/bin/$os
mkdir -p "$run" "$scratch/src" "$scratch/res" "$scratch/fs" || exit 2
ln -s "$lmtop/scripts" "$scratch/scripts" || exit 2
ln -s "$lmtop/src/webpage-lm.tar" "$scratch/src/webpage-lm.tar" || exit 2
for p in $progs
do
	case $p in
	lat_fs | lat_connect)
		printf '#!/bin/sh\ncase "$1" in\n-s | -S) exec "%s" "$@" ;;\nesac\nexec timeout -k 5 %s "%s" "$@"\n' \
			"$lm/$p" "$TMO" "$lm/$p" >"$run/$p" && chmod 755 "$run/$p"
		;;
	*) ln -s "$lm/$p" "$run/$p" ;;
	esac || exit 2
done
version=$(cd "$lmtop/src" && sh ../scripts/version 2>/dev/null) || version=
nproc=$(getconf _NPROCESSORS_ONLN 2>/dev/null) || nproc=1

portmapper_start
[ "$rpc_ok" = 1 ] || echo "$me: $rpc_why: its network cells stay blank" >&2

echo "$me: lmbench from $lm, MB=$MB, $n runs (run 2 with one CPU busy)" >&2
i=1
while [ "$i" -le "$n" ]
do
	if [ "$i" = 2 ]
	then
		sh -c 'while :; do :; done' &
		spin=$!
	fi
	start=$(date +%s)
	# lmbench's config-run measures these once per configuration.
	(
		cd "$run" || exit 2
		PATH=.:$PATH
		printf 'DISKS=""\nDISK_DESC=""\nOUTPUT=/dev/null\nENOUGH=%s\nFASTMEM="%s"\n' \
			"$(./enough)" "$FASTMEM"
		printf 'FILE=%s\nFSDIR=%s\nINFO=\nLINE_SIZE=%s\nLOOP_O=%s\n' \
			"$scratch/fs/XXX" "$scratch/fs" "$(./line -M "${MB}M")" "$(./loop_o)"
		printf 'MAIL=no\nTOTAL_MEM=\nMB=%s\nMHZ="%s"\nMOTHERBOARD=""\nNETWORKS=""\n' \
			"$MB" "$(./mhz)"
		printf 'OS="%s"\nPROCESSORS="%s"\nREMOTE=""\nSLOWFS="NO"\nSYNC_MAX="1"\n' \
			"$os" "$nproc"
		printf 'LMBENCH_SCHED="DEFAULT"\nTIMING_O=%s\nRSH=\nRCP=\nVERSION=%s\n' \
			"$(./timing_o)" "$version"
		printf 'BENCHMARK_HARDWARE=YES\nBENCHMARK_OS=YES\n'
	) >"$run/CONFIG.$i" 2>/dev/null || {
		echo "$me: lmbench's configuration programs failed" >&2
		exit 1
	}
	# In the background, so that a signal to this script is taken at
	# once: the trap stops timeout, which stops lmbench's process group.
	(
		cd "$run" || exit 2
		exec timeout -k 10 "$RUN_TMO" sh "$lmtop/scripts/lmbench" \
			"$run/CONFIG.$i" >/dev/null 2>"$scratch/res/run$i"
	) &
	lmb=$!
	wait "$lmb"
	rc=$?
	lmb=
	end=$(date +%s)
	busy=quiet
	[ -z "$spin" ] || busy="one CPU busy"
	printf 'lmbench 3 run %d (%s): exit status %d, %d:%02d\n' "$i" "$busy" \
		"$rc" $(((end - start) / 60)) $(((end - start) % 60))
	if [ -n "$spin" ]
	then
		kill "$spin" 2>/dev/null
		wait "$spin" 2>/dev/null
		spin=
	fi
	reap
	rm -rf "$scratch/fs"/* /tmp/hello
	i=$((i + 1))
done

set --
i=1
while [ "$i" -le "$n" ]
do
	set -- "$@" "$scratch/res/run$i"
	i=$((i + 1))
done
sh "$top/tests/bench/same-table.sh" "$@"

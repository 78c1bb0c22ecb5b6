#!/bin/sh
# tests/bench/processor-row.sh - the acceptance figures of the Processor,
# Processes row, measured here: each figure RUNS times (default 5), the
# median, the run-to-run spread ((max - min) / median) and the ratio to
# lmbench3's figure on the same machine (from the foundation issue).
# Not part of `make test`: it measures, and this machine is noisy.
#
#   sh tests/bench/processor-row.sh [RUNS]

top=$(cd "$(dirname "$0")/../.." && pwd)
bin=${LATBW_BUILD:-$top/build}/bin
runs=${1:-5}
out=$(mktemp "${TMPDIR:-/tmp}/latbwbench.XXXXXX") || exit 1
trap 'rm -f "$out"' EXIT

start=$(date +%s)
# label | command | lmbench3 reference (us)
while IFS='|' read -r label cmd ref
do
	i=0
	: >"$out"
	while [ "$i" -lt "$runs" ]
	do
		# shellcheck disable=SC2086 # the command is word-split on purpose
		"$bin"/$cmd 2>&1 | awk -v l="$label" 'index($0, l ": ") == 1 {
			sub(/^[^:]*: /, ""); print $1 }' >>"$out"
		i=$((i + 1))
	done
	sort -n "$out" | awk -v l="$label" -v ref="$ref" '
		{ v[NR] = $1 }
		END {
			if (NR == 0) { printf "%-34s no figure\n", l; exit }
			m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
			printf "%-34s median %10.4f  spread %5.1f%%  lmbench3 %9.3f  ratio %.2f\n",
				l, m, (v[NR] - v[1]) / m * 100, ref, m / ref
		}'
done <<'LIST'
Simple syscall|lat_syscall null|0.225
Simple read|lat_syscall read|0.282
Simple write|lat_syscall write|0.269
Simple stat|lat_syscall stat|1.54
Simple open/close|lat_syscall open|3.15
Select on 100 tcp fd's|lat_select -n 100 tcp|6.76
Signal handler installation|lat_sig install|0.302
Signal handler overhead|lat_sig catch|2.56
Process fork+exit|lat_proc fork|308
Process fork+execve|lat_proc exec|940
Process fork+/bin/sh -c|lat_proc shell|1708
LIST
end=$(date +%s)
printf 'wall time for %s runs of the row: %s s (%s s per row)\n' "$runs" \
	"$((end - start))" "$(((end - start) / runs))"

#!/bin/sh
# tests/bench/step-times.sh - the wall time of each step of a latbw-run,
# slowest first, so that the steps that make a run long are visible.
# Not part of `make test`: it runs the whole suite.
#
#   sh tests/bench/step-times.sh [full|quick] [KEY=VALUE...]
#
# full (the default) is `make results`, quick is `make quick`; KEY=VALUE
# pairs go to the driver's environment (MB=2048, BENCHMARKS="mem cache",
# ...).  The run writes into a scratch results directory, removed at the
# end, unless RESULTS_DIR is set.  The times come from the driver's
# progress lines on standard error ("latbw-run: [k/N] step (...)"), each
# stamped as it arrives: a step lasts until the next one starts.
#
# Output: one line per step, "seconds  share%  step", sorted, then the
# time per program and the total.

top=$(cd "$(dirname "$0")/../.." && pwd)
mode=full
case "${1:-}" in
full | quick)
	mode=$1
	shift
	;;
-h | --help)
	sed -n '2,16s/^# \{0,1\}//p' "$0"
	exit 0
	;;
esac
for kv
do
	case "$kv" in
	[A-Z]*=*) ;;
	*)
		echo "usage: step-times.sh [full|quick] [KEY=VALUE...]" >&2
		exit 2
		;;
	esac
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/latbw-steps.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT TERM HUP

quick=0
[ "$mode" = quick ] && quick=1

# A clock with sub-second resolution where date has one (GNU %N), whole
# seconds otherwise.
if [ "$(date +%N 2>/dev/null)" != "%N" ] && [ -n "$(date +%N 2>/dev/null)" ]
then
	stamp() { date +%s.%N; }
else
	stamp() { date +%s; }
fi

start=$(stamp)
env QUICK="$quick" RESULTS_DIR="${RESULTS_DIR:-$scratch/results}" \
	LATBW_SAVED_CONFIG="$scratch/config" "$@" \
	sh "$top/scripts/latbw-run" 2>&1 >"$scratch/out" |
	while IFS= read -r line
	do
		printf '%s %s\n' "$(stamp)" "$line"
	done >"$scratch/stamped"
end=$(stamp)

# The step lines, then one "end" line at the finish.
{
	grep -E '^[0-9.]+ latbw-run: \[[0-9]+/[0-9]+\] ' "$scratch/stamped"
	printf '%s latbw-run: [end] \n' "$end"
} | awk -v start="$start" -v end="$end" -v steps="$scratch/steps" \
	-v progs="$scratch/progs" -v totals="$scratch/total" '
	{
		t = $1
		text = $0
		sub(/^[0-9.]+ latbw-run: \[[^]]*\] /, "", text)
		sub(/ \([0-9]+:[0-9][0-9] elapsed, [^)]*\)$/, "", text)
		if (n > 0)
			dur[n] = t - at[n]
		n++
		at[n] = t
		name[n] = text
	}
	END {
		total = end - start
		n--	# the last line is the end
		sum = 0
		for (i = 1; i <= n; i++) {
			printf("%9.2f %5.1f%%  %s\n", dur[i],
				total > 0 ? 100 * dur[i] / total : 0, name[i]) >steps
			split(name[i], w, " ")
			prog[w[1]] += dur[i]
			sum += dur[i]
		}
		for (p in prog)
			printf("%9.2f %5.1f%%  %s\n", prog[p],
				total > 0 ? 100 * prog[p] / total : 0, p) >progs
		printf("%.2f s in all: %d steps, and %.2f s before the first and after the last (setup, summary)\n",
			total, n, total - sum) >totals
	}'

mb=$(sed -n 's/^[0-9.]* latbw-run: writing //p' "$scratch/stamped")
mb=$(sed -n 's/^\[MB: \(.*\)\]$/\1/p' "$mb" 2>/dev/null)
# The report is made whole, then shown: a reader that stops early (| head)
# stops cat, not this script halfway.
{
	printf '%s run (MB=%s)%s\n' "$mode" "${mb:-?}" "${*:+, $*}"
	grep -E '^[0-9.]+ latbw-run: ' "$scratch/stamped" |
		grep -Ev '^[0-9.]+ latbw-run: (\[[0-9]+/[0-9]+\]|writing) ' | sed 's/^[0-9.]* //'
	printf '\nseconds share   step (slowest first)\n'
	sort -rn "$scratch/steps"
	printf '\nseconds share   program (all its steps)\n'
	sort -rn "$scratch/progs"
	printf '\n'
	cat "$scratch/total"
} >"$scratch/report"
cat "$scratch/report"

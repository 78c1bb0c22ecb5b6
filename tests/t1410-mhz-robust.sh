#!/bin/sh
# mhz on a busy machine: it says how sure it is (a statistics line and a
# check line), takes more pairs instead of giving up, and still prints a
# clock when another process shares its CPU.  (Its judgement of made-up
# samples -- busy, unsteady, not twice -- is in tests/unit/test_cycles.c.)
. "$(dirname "$0")/lib.sh"

# stat_field NAME FILE: NAME=value from mhz's statistics line.
stat_field() {
	awk -v f="$1" '/^\[latbw-stat prog=mhz / {
		for (i = 2; i <= NF; i++)
			if (index($i, f "=") == 1) {
				v = substr($i, length(f) + 2)
				sub(/\]$/, "", v)
				print v
				exit
			}
	}' "$2"
}

test_expect 'mhz: the figure, then its statistics line, then its check line' '
	run_bench mhz &&
	cp "$TRASH/err" "$TRASH/quiet" &&
	[ "$(grep -c . "$TRASH/err")" -eq 3 ] &&
	expect_line "^[0-9]+ MHz, [0-9]+\.[0-9]{4} nanosec clock\$" "$TRASH/err" &&
	expect_line "^\[latbw-stat prog=mhz case=cycle median=[0-9.e+-]+ .* unit=ns\]\$" "$TRASH/err" &&
	expect_line "^\[mhz-check pairs=[0-9]+ used=[0-9]+ ratio=[0-9.]+ parts=[0-9.]+,[0-9.]+,[0-9.]+,[0-9.]+ windows=[12]\]\$" "$TRASH/err"
'

test_expect 'mhz: the statistics line is the figure (median = the cycle time)' '
	awk "/ nanosec clock\$/ { c = \$3 }
		/^\[latbw-stat/ { for (i = 1; i <= NF; i++) if (\$i ~ /^median=/) m = substr(\$i, 8) }
		END { d = c - m; if (d < 0) d = -d; exit !(c > 0 && d < 0.00006) }" "$TRASH/quiet" ||
		fail "$(cat "$TRASH/quiet")"
'

test_expect 'mhz: a figure is made of at least -N undisturbed pairs (default 11)' '
	reps=$(stat_field reps "$TRASH/quiet") &&
	used=$(awk "/^\[mhz-check/ { sub(/.*used=/, \"\"); print \$1 + 0 }" "$TRASH/quiet") &&
	[ "$reps" = "$used" ] && [ "$reps" -ge 11 ] ||
		fail "reps=$reps used=$used"
'

test_expect 'mhz -N 30: at least 30 undisturbed pairs' '
	run_bench mhz -N 30 &&
	[ "$(stat_field reps "$TRASH/err")" -ge 30 ] || fail "$(cat "$TRASH/err")"
'

test_expect 'mhz -N 1 still judges the clock on at least 3 pairs' '
	run_bench mhz -N 1 &&
	[ "$(stat_field reps "$TRASH/err")" -ge 3 ] || fail "$(cat "$TRASH/err")"
'

test_expect 'mhz refuses -P (it measures one core): exit 2, usage' '
	! run_bench mhz -P 2 && expect_status 2 &&
	expect_line "^usage: mhz" "$TRASH/err"
'

# A busy loop pinned to the CPU mhz is pinned to: every sample of mhz
# competes with it for the CPU, as on a shared box.
if command -v taskset >/dev/null 2>&1 && taskset -c 0 true 2>/dev/null
then
	test_expect 'mhz -C 0 prints a clock while a busy loop shares CPU 0' '
		taskset -c 0 sh -c "while :; do :; done" &
		hog=$!
		run_bench mhz -C 0
		rc=$?
		kill "$hog"
		wait "$hog" 2>/dev/null
		[ "$rc" = 0 ] &&
			expect_line "^[0-9]+ MHz, [0-9]+\.[0-9]{4} nanosec clock\$" "$TRASH/err" ||
			fail "exit $rc: $(cat "$TRASH/err")"
	'
else
	test_skip 'mhz -C 0 prints a clock while a busy loop shares CPU 0' \
		'no taskset here'
fi

test_done

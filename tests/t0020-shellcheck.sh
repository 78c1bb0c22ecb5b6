#!/bin/sh
# Every shell script of the product and of the tests is POSIX sh with no
# finding from the linter.
. "$(dirname "$0")/lib.sh"

if command -v shellcheck >/dev/null 2>&1
then
	n=0
	for f in "$TOP"/scripts/* "$TOP"/tests/*.sh "$TOP"/tests/bench/*.sh "$TOP"/tests/*.lib "$TOP"/tests/run "$TOP"/.ci/run
	do
		[ -f "$f" ] || continue
		head -n 1 "$f" | grep -q '^#!.*sh' || case "$f" in
			*.sh) ;;
			*) continue ;;
		esac
		n=$((n + 1))
		printf '%s\n' "$f" >"$TRASH/f.$n"
	done
	# The linter on every file, two at a time (files 1, 3, 5 ... and 2,
	# 4, 6 ...): its findings in sc.N, its status in rc.N.
	for half in 1 2
	do
		(
			i=$half
			while [ "$i" -le "$n" ]
			do
				shellcheck -s sh -x "$(cat "$TRASH/f.$i")" >"$TRASH/sc.$i" 2>&1
				echo "$?" >"$TRASH/rc.$i"
				i=$((i + 2))
			done
		) &
	done
	wait
	i=1
	while [ "$i" -le "$n" ]
	do
		f=$(cat "$TRASH/f.$i")
		test_expect "shellcheck -s sh $(basename "$f")" "
			[ \"\$(cat \"\$TRASH/rc.$i\")\" = 0 ] ||
				fail \"\$(cat \"\$TRASH/sc.$i\")\"
		"
		i=$((i + 1))
	done
else
	test_skip 'shellcheck -s sh on every script' 'shellcheck is not installed'
fi

test_done

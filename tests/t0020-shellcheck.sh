#!/bin/sh
# Every shell script of the product and of the tests is POSIX sh with no
# finding from the linter.
. "$(dirname "$0")/lib.sh"

if command -v shellcheck >/dev/null 2>&1
then
	for f in "$TOP"/scripts/* "$TOP"/tests/*.sh "$TOP"/tests/bench/*.sh "$TOP"/tests/*.lib "$TOP"/tests/run "$TOP"/.ci/run
	do
		[ -f "$f" ] || continue
		head -n 1 "$f" | grep -q '^#!.*sh' || case "$f" in
			*.sh) ;;
			*) continue ;;
		esac
		test_expect "shellcheck -s sh $(basename "$f")" "
			shellcheck -s sh -x \"$f\" >\"\$TRASH/sc\" 2>&1 ||
				fail \"\$(cat \"\$TRASH/sc\")\"
		"
	done
else
	test_skip 'shellcheck -s sh on every script' 'shellcheck is not installed'
fi

test_done

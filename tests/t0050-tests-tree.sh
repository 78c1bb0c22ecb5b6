#!/bin/sh
# The tests themselves: every test file numbered in a family that
# tests/README lists, no number used twice, and every helper of the test
# libraries defined once and listed in tests/README.
. "$(dirname "$0")/lib.sh"

readme=$TESTS_DIR/README

# helpers_of FILE: the functions FILE defines.
helpers_of() {
	sed -n 's/^\([a-z_][a-z0-9_]*\)() *{.*/\1/p' "$1"
}

test_expect 'tests/README exists and lists the families' '
	[ -f "$readme" ] && grep -Eq "^  t[0-9]xxx  " "$readme"
'

test_expect 'every test file is tNNNN-name.sh in a family of tests/README' '
	for t in "$TESTS_DIR"/t*.sh "$TESTS_DIR"/bench/t*.sh
	do
		n=$(basename "$t")
		case "$n" in
		t[0-9][0-9][0-9][0-9]-?*.sh) ;;
		*) fail "$n: not tNNNN-name.sh"; return 1 ;;
		esac
		f=$(printf "%s" "$n" | cut -c2)
		grep -Eq "^  t${f}xxx  " "$readme" || { fail "$n: family t${f}xxx is not in tests/README"; return 1; }
	done
'

test_expect 'no two test files share a number' '
	for d in "$TESTS_DIR" "$TESTS_DIR/bench"
	do
		dup=$(for t in "$d"/t*.sh; do basename "$t" | cut -c1-5; done | sort | uniq -d)
		[ -z "$dup" ] || { fail "$d: numbers used twice: $dup"; return 1; }
	done
'

for lib in "$TESTS_DIR"/lib.sh "$TESTS_DIR"/lib-*.sh
do
	l=$(basename "$lib")
	test_expect "every helper of $l is in tests/README with a usage comment" "
		for h in \$(helpers_of '$lib')
		do
			grep -Eq \"^  \$h +\" '$readme' || { fail \"\$h: not in tests/README\"; return 1; }
			grep -Eq \"^# \$h( |\\\$|:)\" '$lib' || { fail \"\$h: no usage comment in $l\"; return 1; }
		done
	"
done

test_expect 'no helper of the libraries is defined twice' '
	for lib in "$TESTS_DIR"/lib.sh "$TESTS_DIR"/lib-*.sh
	do
		helpers_of "$lib"
	done | sort >"$TRASH/helpers" &&
	dup=$(uniq -d "$TRASH/helpers") &&
	{ [ -z "$dup" ] || fail "defined in two libraries: $dup"; } &&
	for t in "$TESTS_DIR"/t*.sh "$TESTS_DIR"/bench/*.sh
	do
		again=$(helpers_of "$t" | sort | comm -12 - "$TRASH/helpers")
		[ -z "$again" ] || { fail "$(basename "$t") defines again: $again"; return 1; }
	done
'

test_done

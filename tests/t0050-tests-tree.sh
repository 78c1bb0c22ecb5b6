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

# unlisted LIB: "NAME: why" for the first function LIB defines that has
# no line "  NAME ..." in tests/README or no usage comment "# NAME ..."
# (or "# NAME:") in LIB; nothing if there is none.  One awk for the lot.
unlisted() {
	awk -v l="${1##*/}" '
		FNR == 1 { pass++ }
		pass == 1 { if ($0 ~ /^  [a-z_][a-z0-9_]* /) listed[$1] = 1; next }
		pass == 2 { if ($0 ~ /^# [a-z_][a-z0-9_]*( |:|$)/) { h = $2; sub(/:$/, "", h); usage[h] = 1 }; next }
		/^[a-z_][a-z0-9_]*\(\) *\{/ {
			h = substr($0, 1, index($0, "(") - 1)
			if (!(h in listed)) { print h ": not in tests/README"; exit }
			if (!(h in usage)) { print h ": no usage comment in " l; exit }
		}' "$readme" "$1" "$1"
}

# defined_again LIST FILE...: "FILE defines again: NAME" for each
# function a FILE defines whose name is a line of LIST.
defined_again() {
	awk 'FNR == NR { lib[$0] = 1; next }
		/^[a-z_][a-z0-9_]*\(\) *\{/ {
			h = substr($0, 1, index($0, "(") - 1)
			if (h in lib) { n = FILENAME; sub(/.*\//, "", n); print n " defines again: " h }
		}' "$@"
}

test_expect 'tests/README exists and lists the families' '
	[ -f "$readme" ] && grep -Eq "^  t[0-9]xxx  " "$readme"
'

# The families tests/README lists ("0129": t0xxx, t1xxx, ...), read once:
# the checks below run no command per file (tests/bench/procs-per-test.sh).
# shellcheck disable=SC2034 # used in the checks, which test_expect evals
families=$(sed -n 's/^  t\([0-9]\)xxx  .*/\1/p' "$readme" | tr -d '\n')

test_expect 'every test file is tNNNN-name.sh in a family of tests/README' '
	[ -n "$families" ] &&
	for t in "$TESTS_DIR"/t*.sh "$TESTS_DIR"/bench/t*.sh
	do
		n=${t##*/}
		case "$n" in
		t[0-9][0-9][0-9][0-9]-?*.sh) ;;
		*) fail "$n: not tNNNN-name.sh"; return 1 ;;
		esac
		f=${n#t}
		f=${f%"${f#?}"}
		case $families in
		*"$f"*) ;;
		*) fail "$n: family t${f}xxx is not in tests/README"; return 1 ;;
		esac
	done
'

test_expect 'no two test files share a number' '
	for d in "$TESTS_DIR" "$TESTS_DIR/bench"
	do
		dup=$(for t in "$d"/t*.sh; do n=${t##*/}; printf "%s\n" "${n%"${n#?????}"}"; done | sort | uniq -d)
		[ -z "$dup" ] || { fail "$d: numbers used twice: $dup"; return 1; }
	done
'

for lib in "$TESTS_DIR"/lib.sh "$TESTS_DIR"/lib-*.sh
do
	l=${lib##*/}
	test_expect "every helper of $l is in tests/README with a usage comment" "
		unlisted '$lib' >\"\$TRASH/why\" && [ ! -s \"\$TRASH/why\" ] ||
			fail \"\$(cat \"\$TRASH/why\")\"
	"
done

test_expect 'no helper of the libraries is defined twice' '
	for lib in "$TESTS_DIR"/lib.sh "$TESTS_DIR"/lib-*.sh
	do
		helpers_of "$lib"
	done | sort >"$TRASH/helpers" &&
	dup=$(uniq -d "$TRASH/helpers") &&
	{ [ -z "$dup" ] || fail "defined in two libraries: $dup"; } &&
	again=$(defined_again "$TRASH/helpers" "$TESTS_DIR"/t*.sh "$TESTS_DIR"/bench/*.sh) &&
	{ [ -z "$again" ] || fail "$again"; }
'

test_done

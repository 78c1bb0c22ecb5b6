#!/bin/sh
# The readers' long options: --help and --version are checked in t0040;
# any other one is named in one error line, with the usage line, status 2
# (not getopts' "unknown option --"); after "--" a name like an option is
# a file.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-readers.sh"

for r in summary compare graph
do
	test_expect "$r --hlep: 'unknown option --hlep', the usage line, status 2" "
		run_reader '$TOP/scripts/$r' --hlep '$SAMPLE' '$SAMPLE'
		expect_status 2 && [ ! -s '$TRASH/out' ] &&
		[ \"\$(sed -n 1p '$TRASH/err')\" = '$r: unknown option --hlep' ] &&
		sed -n 2p '$TRASH/err' | grep -q '^usage: $r ' &&
		[ \$(wc -l <'$TRASH/err') -eq 2 ]
	"
done

test_expect 'summary -- --x.1: a file named like an option is read after --' '
	cp "$SAMPLE" "$TRASH/--x.1" &&
	(cd "$TRASH" && sh "$SUMMARY" -- --x.1) >"$TRASH/out" 2>"$TRASH/err" &&
	grep -q "^--x       " "$TRASH/out" && ! grep -q "unknown option" "$TRASH/err"
'

test_done

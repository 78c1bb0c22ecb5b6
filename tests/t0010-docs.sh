#!/bin/sh
# Every program has a manual page with an OUTPUT section, and every page
# renders without warnings.
. "$(dirname "$0")/lib.sh"

for c in "$TOP"/src/*.c
do
	p=$(basename "$c" .c)
	test_expect "$p has a manual page with NAME, SYNOPSIS, OUTPUT" "
		f=\"\$TOP/doc/$p.1\" &&
		[ -f \"\$f\" ] || fail \"no doc/$p.1\" &&
		grep -q '^\\.SH NAME' \"\$f\" && grep -q '^\\.SH SYNOPSIS' \"\$f\" &&
		grep -q '^\\.SH OUTPUT' \"\$f\"
	"
done

if command -v groff >/dev/null 2>&1
then
	for f in "$TOP"/doc/*.[1-9]
	do
		test_expect "$(basename "$f") renders without warnings" "
			LC_ALL=C groff -man -Tutf8 -ww -z \"$f\" >\"\$TRASH/w\" 2>&1 &&
			[ ! -s \"\$TRASH/w\" ] || fail \"\$(cat \"\$TRASH/w\")\"
		"
	done
else
	test_skip 'manual pages render without warnings' 'groff is not installed'
fi

test_done

#!/bin/sh
# Every program has a manual page with an OUTPUT section, and every page
# renders without warnings.
. "$(dirname "$0")/lib.sh"

# sections PAGE: PAGE has a NAME, a SYNOPSIS and an OUTPUT section (lines
# that start ".SH NAME", ...), in one awk (a grep for each was 100
# processes; the shell's read, a byte a syscall, is slower on a page).
sections() {
	awk '/^\.SH NAME/ { n = 1 }
		/^\.SH SYNOPSIS/ { s = 1 }
		/^\.SH OUTPUT/ { o = 1 }
		END {
			if (!n) print FILENAME ": no .SH NAME"
			if (!s) print FILENAME ": no .SH SYNOPSIS"
			if (!o) print FILENAME ": no .SH OUTPUT"
			exit !(n && s && o)
		}' "$1" >&2
}

for c in "$TOP"/src/*.c
do
	p=${c##*/}
	p=${p%.c}
	test_expect "$p has a manual page with NAME, SYNOPSIS, OUTPUT" "
		f=\"\$TOP/doc/$p.1\" &&
		[ -f \"\$f\" ] || fail \"no doc/$p.1\" &&
		sections \"\$f\"
	"
done

# (troff, as groff -z runs it: groff around it is one more process a
# page)
if command -v groff >/dev/null 2>&1
then
	for f in "$TOP"/doc/*.[1-9]
	do
		test_expect "${f##*/} renders without warnings" "
			LC_ALL=C troff -man -ww -z -Tutf8 \"$f\" >\"\$TRASH/w\" 2>&1 &&
			[ ! -s \"\$TRASH/w\" ] || fail \"\$(cat \"\$TRASH/w\")\"
		"
	done
else
	test_skip 'manual pages render without warnings' 'groff is not installed'
fi

test_done

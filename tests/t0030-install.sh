#!/bin/sh
# make install puts programs, the exec helper, scripts and manual pages
# under DESTDIR/PREFIX; a program runs from there.
. "$(dirname "$0")/lib.sh"

test_expect 'make install into a DESTDIR' '
	make -s -C "$TOP" BUILD="$LATBW_BUILD" DESTDIR="$TRASH/root" PREFIX=/usr install >"$TRASH/log" 2>&1 ||
		fail "$(cat "$TRASH/log")"
'

test_expect 'every program is installed' '
	for c in "$TOP"/src/*.c
	do
		[ -x "$TRASH/root/usr/bin/$(basename "$c" .c)" ] ||
			fail "$(basename "$c" .c) not installed" || return 1
	done
'

test_expect 'the exec helper is installed next to lat_proc' '
	[ -x "$TRASH/root/usr/bin/latbw-hello" ]
'

test_expect 'manual pages are installed' '
	[ -f "$TRASH/root/usr/share/man/man1/lat_syscall.1" ] &&
	[ -f "$TRASH/root/usr/share/man/man7/latbw.7" ]
'

test_expect 'an installed lat_proc finds its helper' '
	"$TRASH/root/usr/bin/lat_proc" -N 3 -E 1000 exec 2>"$TRASH/err" &&
	expect_line "^Process fork\+execve: " "$TRASH/err"
'

test_done

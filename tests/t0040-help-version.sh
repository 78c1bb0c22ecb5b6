#!/bin/sh
# Every program and every script: -h and --help print the usage on
# standard output and exit 0, --version prints "<name> (latbw) <VERSION>"
# (programs: and what they were built for) and exits 0; nothing goes to
# standard error.  Every script a user runs
# is executable in git.
. "$(dirname "$0")/lib.sh"

version=$(cat "$TOP/VERSION")

# helps NAME COMMAND...: COMMAND -h and --help (also after another
# option) print NAME's usage on stdout, nothing on stderr, and exit 0.
helps() {
	hp_name=$1
	shift
	for hp_opt in -h --help
	do
		"$@" "$hp_opt" >"$TRASH/out" 2>"$TRASH/err" ||
			fail "$hp_name $hp_opt: exit status $?" || return 1
		[ ! -s "$TRASH/err" ] ||
			fail "$hp_name $hp_opt wrote on stderr: $(cat "$TRASH/err")" || return 1
		expect_line "^usage: $hp_name " "$TRASH/out" || return 1
	done
}

# says_version NAME COMMAND...: COMMAND --version prints first
# "NAME (latbw) VERSION", and exits 0; a program (not a script) adds one
# line, "built for ARCH with LIBC".
says_version() {
	sv_name=$1
	shift
	"$@" --version >"$TRASH/out" 2>"$TRASH/err" ||
		fail "$sv_name --version: exit status $?" || return 1
	[ ! -s "$TRASH/err" ] ||
		fail "$sv_name --version wrote on stderr: $(cat "$TRASH/err")" || return 1
	[ "$(sed -n 1p "$TRASH/out")" = "$sv_name (latbw) $version" ] ||
		fail "$sv_name --version printed '$(cat "$TRASH/out")'" || return 1
	case $1 in
	*/scripts/*)
		[ "$(wc -l <"$TRASH/out" | tr -d " ")" = 1 ] ||
			fail "more than one line: $(cat "$TRASH/out")"
		;;
	*)
		[ "$(wc -l <"$TRASH/out" | tr -d " ")" = 2 ] &&
		expect_line "^built for [a-z0-9_]+ with (glibc [0-9]+\.[0-9]+|musl|uclibc|bionic)$" "$TRASH/out"
		;;
	esac
}

test_expect 'VERSION holds one version string' '
	[ "$(wc -l <"$TOP/VERSION" | tr -d " ")" = 1 ] &&
	case $version in
	"" | *[!0-9A-Za-z.+~-]*) fail "VERSION: '\''$version'\''" ;;
	esac
'

for c in "$TOP"/src/*.c
do
	p=$(basename "$c" .c)
	test_expect "$p -h and --help print the usage on stdout, exit 0" \
		"helps $p \"\$BIN/$p\""
	test_expect "$p --version prints '$p (latbw) $version'" \
		"says_version $p \"\$BIN/$p\""
done

# The helpers latbw-run starts (src/aux): latbw-quiet and latbw-start
# take -h, --help and --version as the programs do (latbw-hello, which
# lat_proc starts to time an exec, takes no argument at all).
for p in latbw-quiet latbw-start
do
	test_expect "$p -h and --help print the usage on stdout, exit 0" \
		"helps $p \"\$BIN/$p\""
	test_expect "$p --version prints '$p (latbw) $version'" \
		"says_version $p \"\$BIN/$p\""
done

test_expect 'latbw-start passes -h and --help after the program'\''s name to the program' '
	"$BIN/latbw-start" sh -c "printf \"%s \" \"\$@\"" sh -h --help --version >"$TRASH/out" 2>&1 &&
	[ "$(cat "$TRASH/out")" = "-h --help --version " ] || fail "$(cat "$TRASH/out")"
'

# A control character in a bad argument is escaped as the programs escape
# it (\x1b, \n, \a as \x07): one line of error, nothing for the terminal.
for p in latbw-quiet latbw-start
do
	case $p in
	latbw-quiet) args='"$bad"' ;;
	latbw-start) args='-n "$bad" true' ;;
	esac
	test_expect "$p: control characters in a bad argument are escaped (exit 2, two lines)" "
		bad=\$(printf 'x\\033[31my\\nz\\007') &&
		\"\$BIN/$p\" $args >\"\$TRASH/out\" 2>\"\$TRASH/err\"
		rc=\$?
		[ \"\$rc\" = 2 ] || fail \"exit status \$rc\" || return 1
		[ \"\$(wc -l <\"\$TRASH/err\" | tr -d ' ')\" = 2 ] || fail \"\$(cat \"\$TRASH/err\")\" || return 1
		! LC_ALL=C grep -q \"\$(printf '[\\001-\\010\\016-\\037\\177]')\" \"\$TRASH/err\" ||
			fail 'a control character on stderr' || return 1
		expect_line \"^$p: .*'x.x1b\\[31my.nz.x07'\$\" \"\$TRASH/err\" &&
		expect_line '^usage: $p ' \"\$TRASH/err\"
	"
done

# No option twice in a usage line: a program's own option must not shadow
# one of the harness's (lat_udp's -S, stop the server, did once).
test_expect 'no program lists an option twice in its usage line' '
	for c in "$TOP"/src/*.c
	do
		p=$(basename "$c" .c)
		"$BIN/$p" --help 2>&1 | sed -n "1s/^usage: //p" |
			grep -o "\[-[A-Za-z]" | sort | uniq -d | sed "s/^/$p: /"
	done >"$TRASH/dups" &&
	! [ -s "$TRASH/dups" ] || fail "$(cat "$TRASH/dups")"
'

test_expect 'a program takes --help after its own options too' '
	helps lat_pipe "$BIN/lat_pipe" -N 3
'

test_expect 'a program still rejects an unknown option (exit 2)' '
	"$BIN/lat_pipe" -Z >"$TRASH/out" 2>"$TRASH/err"
	rc=$?
	[ "$rc" = 2 ] || fail "exit status $rc"
	expect_line "^lat_pipe: unknown option -Z" "$TRASH/err"
'

test_expect 'a program names an unknown long option (exit 2), not "unknown option --"' '
	"$BIN/lat_pipe" --hlep >"$TRASH/out" 2>"$TRASH/err"
	rc=$?
	[ "$rc" = 2 ] || fail "exit status $rc"
	expect_line "^lat_pipe: unknown option --hlep$" "$TRASH/err" &&
	[ ! -s "$TRASH/out" ]
'

test_expect 'latbw-run names an unknown long option (exit 2)' '
	"$TOP/scripts/latbw-run" --hlep >"$TRASH/out" 2>"$TRASH/err"
	rc=$?
	[ "$rc" = 2 ] || fail "exit status $rc"
	expect_line "^latbw-run: unknown option --hlep " "$TRASH/err"
'

for s in latbw-run summary compare graph report records
do
	test_expect "scripts/$s -h and --help print the usage on stdout, exit 0" \
		"helps $s \"\$TOP/scripts/$s\""
	# A real usage text: every option letter getopts takes is explained
	# on a line of its own ("  -s ...", "  -h, --help ...").
	test_expect "scripts/$s --help explains each of its options" "
		\"\$TOP/scripts/$s\" --help >\"\$TRASH/out\" 2>&1 &&
		opts=\$(sed -n \"s/^[[:space:]]*while getopts '*:*\\([a-zA-Z:]*\\)'* opt\$/\\1/p\" \"\$TOP/scripts/$s\" | tr -d :) &&
		[ -n \"\$opts\" ] || fail 'no getopts line in scripts/$s' || return 1
		for o in \$(printf '%s\\n' \"\$opts\" | sed 's/./& /g')
		do
			expect_line \"^  -\$o[ ,]\" \"\$TRASH/out\" || return 1
		done &&
		[ \"\$(wc -l <\"\$TRASH/out\" | tr -d ' ')\" -gt 3 ] || fail 'one line'
	"
	test_expect "scripts/$s --version prints '$s (latbw) $version'" \
		"says_version $s \"\$TOP/scripts/$s\""
done

if command -v git >/dev/null 2>&1 &&
	git -C "$TOP" rev-parse --is-inside-work-tree >/dev/null 2>&1
then
	test_expect 'every command in scripts/ is executable in git (100755), no .awk is' '
		git -C "$TOP" ls-files -s scripts >"$TRASH/modes" &&
		[ -s "$TRASH/modes" ] &&
		awk '\''{
			if ($4 ~ /\/\./) next	# scripts/.shellcheckrc: a settings file
			if ($4 ~ /\/lkp-names$/) next	# a table, read by lkp.awk
			cmd = $4 !~ /\.awk$/
			if (cmd && $1 != "100755") { print $4 " is " $1 ", not 100755"; bad = 1 }
			if (!cmd && $1 != "100644") { print $4 " is " $1 ", not 100644"; bad = 1 }
		} END { exit bad }'\'' "$TRASH/modes" >"$TRASH/bad" ||
			fail "$(cat "$TRASH/bad")"
	'
else
	test_skip 'every command in scripts/ is executable in git' 'not a git work tree'
fi

test_done

#!/bin/sh
# Every program and every script: -h and --help print the usage on
# standard output and exit 0, --version prints "<name> (latbw) <VERSION>"
# (programs: and what they were built for) and exits 0; nothing goes to
# standard error.  Every script a user runs
# is executable in git.
. "$(dirname "$0")/lib.sh"

read -r version <"$TOP/VERSION"

# (The helpers below read what a program printed with the shell's read,
# not grep, sed, wc: some 36 programs, each run five times.)

# has_usage NAME FILE: a line of FILE starts "usage: NAME ".
has_usage() {
	while IFS= read -r hu_l
	do
		case $hu_l in
		"usage: $1 "*) return 0 ;;
		esac
	done <"$2"
	fail "no line 'usage: $1 ...' in $2:" "$(cat "$2")"
}

# helps NAME COMMAND...: COMMAND -h and --help (also after another
# option) print NAME's usage on stdout, nothing on stderr, and exit 0.
# With help_keep set (a directory), the --help output is kept there as
# NAME when all that holds, for the checks below that read it again.
helps() {
	hp_name=$1
	shift
	for hp_opt in -h --help
	do
		hp_out=$TRASH/out
		[ "$hp_opt" = --help ] && [ -n "${help_keep:-}" ] && hp_out=$help_keep/$hp_name
		"$@" "$hp_opt" >"$hp_out" 2>"$TRASH/err" ||
			fail "$hp_name $hp_opt: exit status $?" || break
		[ ! -s "$TRASH/err" ] ||
			fail "$hp_name $hp_opt wrote on stderr: $(cat "$TRASH/err")" || break
		has_usage "$hp_name" "$hp_out" || break
		hp_out=
	done
	[ -z "$hp_out" ] && return 0
	[ "$hp_out" = "$TRASH/out" ] || rm -f "$hp_out"
	return 1
}

# built_for LINE: LINE is "built for ARCH with LIBC" (ARCH of [a-z0-9_],
# LIBC "glibc N.N", musl, uclibc or bionic), by the shell.
built_for() {
	bf_rest=${1#"built for "}
	[ "$bf_rest" != "$1" ] || return 1
	bf_arch=${bf_rest%% with *}
	bf_libc=${bf_rest#* with }
	case "$bf_arch" in
	'' | *[!a-z0-9_]*) return 1 ;;
	esac
	case "$bf_libc" in
	musl | uclibc | bionic) return 0 ;;
	"glibc "*.*) ;;
	*) return 1 ;;
	esac
	bf_v=${bf_libc#glibc }
	bf_major=${bf_v%%.*}
	bf_minor=${bf_v#*.}
	case "$bf_major:$bf_minor" in
	:* | *: | *[!0-9:]*) return 1 ;;
	esac
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
	sv_1=
	IFS= read -r sv_1 <"$TRASH/out"
	[ "$sv_1" = "$sv_name (latbw) $version" ] ||
		fail "$sv_name --version printed '$(cat "$TRASH/out")'" || return 1
	case $1 in
	*/scripts/*)
		has_lines 1 "$TRASH/out" ||
			fail "more than one line: $(cat "$TRASH/out")"
		;;
	*)
		has_lines 2 "$TRASH/out" || return 1
		{ IFS= read -r sv_1 && IFS= read -r sv_2; } <"$TRASH/out"
		built_for "$sv_2" ||
			fail "not 'built for ARCH with LIBC': $(cat "$TRASH/out")"
		;;
	esac
}

test_expect 'VERSION holds one version string' '
	has_lines 1 "$TOP/VERSION" &&
	case $version in
	"" | *[!0-9A-Za-z.+~-]*) fail "VERSION: '\''$version'\''" ;;
	esac
'

# (Each program's --help kept for the check of its options below.)
mkdir "$TRASH/help"
help_keep=$TRASH/help
for c in "$TOP"/src/*.c
do
	p=${c##*/}
	p=${p%.c}
	test_expect "$p -h and --help print the usage on stdout, exit 0" \
		"helps $p \"\$BIN/$p\""
	test_expect "$p --version prints '$p (latbw) $version'" \
		"says_version $p \"\$BIN/$p\""
done
help_keep=

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
	file_is "$TRASH/out" "-h --help --version " || fail "$(cat "$TRASH/out")"
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
		has_lines 2 \"\$TRASH/err\" || fail \"\$(cat \"\$TRASH/err\")\" || return 1
		! LC_ALL=C grep -q \"\$(printf '[\\001-\\010\\016-\\037\\177]')\" \"\$TRASH/err\" ||
			fail 'a control character on stderr' || return 1
		expect_line \"^$p: .*'x.x1b\\[31my.nz.x07'\$\" \"\$TRASH/err\" &&
		expect_line '^usage: $p ' \"\$TRASH/err\"
	"
done

# No option twice in a usage line: a program's own option must not shadow
# one of the harness's (lat_udp's -S, stop the server, did once).  (One
# awk over every program's usage: a pipe of five a program was 180
# processes.)
test_expect 'no program lists an option twice in its usage line' '
	for c in "$TOP"/src/*.c
	do
		p=${c##*/}
		p=${p%.c}
		# (Kept by its help check; run again where that failed.)
		[ -s "$TRASH/help/$p" ] || "$BIN/$p" --help >"$TRASH/help/$p" 2>&1
	done &&
	awk "FNR == 1 && sub(/^usage: /, \"\") {
		p = FILENAME; sub(/.*\\//, \"\", p)
		s = \$0
		while (match(s, /\\[-[A-Za-z]/)) {
			o = substr(s, RSTART, RLENGTH)
			if (++seen[p, o] == 2) print p \": \" o
			s = substr(s, RSTART + RLENGTH)
		}
	}" "$TRASH"/help/* >"$TRASH/dups" &&
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

# explains SCRIPT OUT: every option letter SCRIPT's getopts takes (its
# "while getopts ... opt" lines) is on a line of its own in OUT, its
# --help ("  -s ...", "  -h, --help ..."), and OUT has more than three
# lines; in one awk.
explains() {
	awk -v q="'" '
		NR == FNR {
			if ($0 ~ "^[ \t]*while getopts " q "*:*[a-zA-Z:]*" q "* opt$") {
				sub("^[ \t]*while getopts " q "*", "")
				sub(q "* opt$", "")
				gsub(":", "")
				opts = opts $0
			}
			next
		}
		{
			n++
			for (i = 1; i <= length(opts); i++)
				if ($0 ~ "^  -" substr(opts, i, 1) "[ ,]")
					have[substr(opts, i, 1)] = 1
		}
		END {
			if (opts == "") {
				print "no getopts line in " ARGV[1]
				exit 1
			}
			for (i = 1; i <= length(opts); i++)
				if (!(substr(opts, i, 1) in have)) {
					print "no line \"  -" substr(opts, i, 1) "\" in " ARGV[2]
					bad = 1
				}
			if (n <= 3) {
				print "one line"
				bad = 1
			}
			exit bad
		}' "$1" "$2" >&2
}

mkdir "$TRASH/shelp"
for s in latbw-run summary compare graph report records
do
	help_keep=$TRASH/shelp
	test_expect "scripts/$s -h and --help print the usage on stdout, exit 0" \
		"helps $s \"\$TOP/scripts/$s\""
	help_keep=
	# A real usage text: every option letter getopts takes is explained
	# on a line of its own ("  -s ...", "  -h, --help ..."): in the
	# --help the check above kept (run again where that failed).
	test_expect "scripts/$s --help explains each of its options" "
		f=\$TRASH/shelp/$s
		[ -s \"\$f\" ] || {
			f=\$TRASH/out
			\"\$TOP/scripts/$s\" --help >\"\$f\" 2>&1
		} &&
		explains \"\$TOP/scripts/$s\" \"\$f\"
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

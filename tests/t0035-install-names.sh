#!/bin/sh
# make install as a distribution packages it: every manual page under a
# name of latbw's own (latbw-lat_pipe.1, no line.1 or mhz.1), each saying
# the installed names (latbw-summary, not scripts/summary; latbw-run, not
# make results); files installed with install(1), modes set, stripped on
# request; the installed commands name themselves so; make uninstall
# removes what was installed and nothing else (a LIBEXECDIR shared with
# other files keeps them); a DESTDIR with a blank works and leaves nothing
# in the source tree.
. "$(dirname "$0")/lib.sh"

# shellcheck disable=SC2034 # used in the checks, which test_expect evals
root=$TRASH/root
# shellcheck disable=SC2034
man=$root/usr/share/man
# shellcheck disable=SC2034
libexec=$root/usr/libexec/latbw
# shellcheck disable=SC2034
read -r version <"$TOP/VERSION"

# inst ARGS...: make (silent) in the source tree with ARGS; its output in
# $TRASH/log.
inst() {
	make -s -C "$TOP" BUILD="$LATBW_BUILD" "$@" >"$TRASH/log" 2>&1
}

# render PAGE...: each page as man -l shows it (MANWIDTH=200), plain
# ASCII, in $TRASH/r/NAME (NAME its file name, latbw-lat_pipe.1), the
# last in $TRASH/page too; a line that ends with a hyphen (a break after
# "latbw-") joined to the next.  groff itself, with what man -l gives it
# (tbl, the tty characters, line length 195): the same text but for
# blank lines, in 4 processes a page where man -l takes 10.
render() {
	for r_f
	do
		r_out=$TRASH/r/${r_f##*/}
		LC_ALL=C groff -man -t -mtty-char -Tascii -P-cbou -rLL=195n -rLT=195n \
			"$r_f" >"$r_out.raw" 2>"$TRASH/rerr" || return 1
		shift
		set -- "$@" "$r_out.raw"
	done
	awk -v last="$TRASH/page" '
		function done() { print line >out; close(out) }
		FNR == 1 { if (NR > 1) done(); out = FILENAME; sub(/\.raw$/, "", out); line = "" }
		{
			gsub("\010.", "")
			sub(/^ +/, "")
			line = line ($0 ~ /^$/ ? "\n" : (line ~ /(-|\n)$/ || line == "" ? "" : " ") $0)
		}
		END { done(); print line >last }' "$@"
}
mkdir "$TRASH/r"

# The names of the pages in doc/ (lat_pipe, summary, results-format, ...).
for f in "$TOP"/doc/*.[1-9]
do
	b=${f##*/}
	printf '%s\n' "${b%.*}"
done >"$TRASH/names"

test_expect 'make install DESTDIR=... PREFIX=/usr' '
	inst DESTDIR="$root" PREFIX=/usr install || fail "$(cat "$TRASH/log")"
'

test_expect 'every page is installed, each under a name that starts with latbw' '
	for f in "$TOP"/doc/*.[1-9]
	do
		b=${f##*/}
		s=${b##*.}
		case $b in
		latbw*) i=$b ;;
		*) i=latbw-$b ;;
		esac
		[ -f "$man/man$s/$i" ] || fail "doc/$b is not installed as man$s/$i" || return 1
	done &&
	(cd "$man" && ls man*/*) >"$TRASH/pages" &&
	! grep -v "^man[1-9]/latbw[-.]" "$TRASH/pages" >"$TRASH/other" ||
		fail "pages not named latbw-*: $(cat "$TRASH/other")"
'

# lmbench's own pages (and other packages') have these names: none of
# latbw's may.
test_expect 'no installed page has the name of another package'\''s page (line, cache, mhz, lat_*, results-format)' '
	for p in line cache mhz stream tlb lat_pipe lat_ctx bw_mem par_mem results-format summary compare graph report
	do
		for f in "$man"/man*/"$p".[1-9]
		do
			[ ! -e "$f" ] || echo "$f"
		done
	done >"$TRASH/clash" &&
	[ ! -s "$TRASH/clash" ] || fail "$(cat "$TRASH/clash")"
'

# (troff, as groff -z runs it, without groff around it, one for every
# page: each warning names its file and line, as the troff a page did;
# the .TH and NAME of every page in one awk: one a page was some 400
# processes)
test_expect 'every installed page renders without warnings, its .TH and NAME its installed name' '
	LC_ALL=C troff -man -ww -z -Tutf8 "$man"/man*/* >"$TRASH/w" 2>&1 &&
	[ ! -s "$TRASH/w" ] || fail "$(cat "$TRASH/w")" || return 1
	awk "
		function done() {
			if (!th) print f \": .TH is not \" toupper(n)
			if (!name) print f \": NAME line: \" nl
		}
		FNR == 1 {
			if (NR > 1) done()
			f = FILENAME; seen[f] = 1; n = f; sub(/.*\\//, \"\", n); sub(/\\.[^.]*\$/, \"\", n)
			th = name = 0; seen_th = seen_name = 0; nl = \"\"
		}
		/^\\.TH / && !seen_th++ { th = \$2 == toupper(n) }
		seen_name == 1 {
			seen_name++; nl = \$0; gsub(/\\\\-/, \"-\", nl)
			name = index(nl, n) == 1 && substr(nl, length(n) + 1, 1) ~ /[ ,]/
		}
		/^\\.SH NAME/ && !seen_name { seen_name = 1 }
		END {
			if (NR) done()
			for (i = 1; i < ARGC; i++) if (!(ARGV[i] in seen)) print ARGV[i] \": empty\"
		}" "$man"/man*/* >"$TRASH/bad" &&
	[ ! -s "$TRASH/bad" ] || fail "$(cat "$TRASH/bad")"
'

# (one awk for every page: a grep for each name of each page was some
# 4000 processes, an awk a page 100)
test_expect 'every installed page as man -l shows it: no scripts/, no make results/quick/rerun, no page of latbw by its source name' '
	render "$man"/man*/* || fail "$(cat "$TRASH/rerr")" || return 1
	awk "
		NR == FNR { if (\$0 !~ /^latbw/) name[++n] = \$0; next }
		FNR == 1 { page = FILENAME; sub(/.*\\//, \"\", page) }
		/scripts\\/|make (results|quick|rerun)/ { print page \": \" FNR \":\" \$0 }
		{
			for (i = 1; i <= n; i++) {
				s = \$0
				while (match(s, name[i] \"[(][1-9][)]\")) {
					c = RSTART > 1 ? substr(s, RSTART - 1, 1) : \"\"
					if (c !~ /[-A-Za-z0-9_]/)
						print page \": \" substr(s, RSTART, RLENGTH)
					s = substr(s, RSTART + RLENGTH)
				}
			}
		}" "$TRASH/names" "$TRASH"/r/*.[1-9] >"$TRASH/bad" &&
	[ ! -s "$TRASH/bad" ] || fail "$(cat "$TRASH/bad")"
'

test_expect 'every reference to a page of latbw'\''s in an installed page names an installed page' '
	grep -ho "^\\.[BR]* .*([1-9])" "$man"/man*/* | grep -o "[A-Za-z0-9_\\\\-]* ([1-9])" |
		sed "s/\\\\-/-/g; s/ (\\([1-9]\\))/ \\1/" | sort -u >"$TRASH/refs" &&
	while read -r n s
	do
		case $n in
		latbw*) [ -f "$man/man$s/$n.$s" ] || echo "$n($s)" ;;
		esac
	done <"$TRASH/refs" >"$TRASH/missing" &&
	[ ! -s "$TRASH/missing" ] || fail "no such installed page: $(cat "$TRASH/missing")"
'

test_expect 'a program'\''s installed page gives its path in LIBEXECDIR' '
	render "$man/man1/latbw-lat_pipe.1" "$man/man1/latbw-summary.1" "$man/man1/latbw-run.1" &&
	expect_line "^SYNOPSIS /usr/libexec/latbw/lat_pipe \\[common options\\]" "$TRASH/r/latbw-lat_pipe.1" &&
	expect_line "^SYNOPSIS latbw-summary \\[-s\\]" "$TRASH/r/latbw-summary.1" &&
	expect_line "/usr/libexec/latbw/registry" "$TRASH/r/latbw-run.1"
'

test_expect 'modes: programs, helpers, scripts and commands 755; their parts, VERSION, pages 644' '
	stat -c "755 %a %n" "$root"/usr/bin/* "$libexec"/lat_pipe "$libexec"/latbw-quiet \
		"$libexec"/summary "$libexec"/latbw-run >"$TRASH/modes" &&
	stat -c "644 %a %n" "$libexec"/read.awk "$libexec"/latbw-config.sh "$libexec"/registry \
		"$libexec"/VERSION "$man"/man1/latbw-lat_pipe.1 "$man"/man7/latbw.7 >>"$TRASH/modes" &&
	while read -r want got f
	do
		[ "$got" = "$want" ] || fail "$f: mode $got" || return 1
	done <"$TRASH/modes"
'

test_expect 'the installed commands say their installed names: usage, errors, --version' '
	for c in summary compare graph report records
	do
		env -i PATH=/usr/bin:/bin "$root/usr/bin/latbw-$c" --help >"$TRASH/out" 2>&1 &&
		has_matches "$TRASH/out" "^usage: latbw-$c " "^See latbw-$c\\(1\\)" &&
		{ ! grep -n "scripts/\\|make \\|usage: $c" "$TRASH/out" || fail "latbw-$c --help"; } &&
		env -i PATH=/usr/bin:/bin "$root/usr/bin/latbw-$c" --version >"$TRASH/out" 2>&1 &&
		file_is "$TRASH/out" "latbw-$c (latbw) $version" ||
			fail "latbw-$c --version: $(cat "$TRASH/out")" || return 1
		env -i PATH=/usr/bin:/bin "$root/usr/bin/latbw-$c" --help >"$TRASH/help" &&
		IFS= read -r u <"$TRASH/help" &&
		printf "%s\\n" "latbw-$c: unknown option -Z" "$u" >"$TRASH/want" &&
		env -i PATH=/usr/bin:/bin "$root/usr/bin/latbw-$c" -Z >"$TRASH/out" 2>"$TRASH/err"
		[ $? = 2 ] || fail "latbw-$c -Z: exit status not 2" || return 1
		diff -u "$TRASH/want" "$TRASH/err" || return 1
	done
'

test_expect 'installed latbw-fleet says latbw-fleet: usage, errors, --version, its page'\''s synopsis and examples' '
	f=$root/usr/bin/latbw-fleet &&
	env -i PATH=/usr/bin:/bin "$f" --help >"$TRASH/out" 2>&1 &&
	has_matches "$TRASH/out" "^usage: latbw-fleet " "^See latbw-fleet\\(1\\)" &&
	{ ! grep -n "scripts/\\|make " "$TRASH/out" || fail "latbw-fleet --help"; } &&
	env -i PATH=/usr/bin:/bin "$f" --version >"$TRASH/out" 2>&1 &&
	file_is "$TRASH/out" "latbw-fleet (latbw) $version" ||
		fail "latbw-fleet --version: $(cat "$TRASH/out")" || return 1
	env -i PATH=/usr/bin:/bin "$f" -Z h1 >"$TRASH/out" 2>"$TRASH/err"
	[ $? = 2 ] || fail "latbw-fleet -Z: exit status not 2" || return 1
	IFS= read -r e <"$TRASH/err" && [ "$e" = "latbw-fleet: unknown option -Z" ] &&
	has_lines 2 "$TRASH/err" &&
	expect_line "^usage: latbw-fleet " "$TRASH/err" &&
	render "$man/man1/latbw-fleet.1" &&
	has_matches "$TRASH/page" "^SYNOPSIS latbw-fleet \\[-r\\]" "^EXAMPLES latbw-fleet origin indy pc1 pc2 " &&
	! grep -n "HOSTS=" "$TRASH/page"
'

test_expect 'installed latbw-summary without results: says to run latbw-run, not make results' '
	mkdir -p "$TRASH/empty" &&
	! (cd "$TRASH/empty" && env -i PATH=/usr/bin:/bin "$root/usr/bin/latbw-summary") 2>"$TRASH/err" &&
	file_is "$TRASH/err" "latbw-summary: no results directory $TRASH/empty/results (run latbw-run)" ||
		fail "$(cat "$TRASH/err")"
'

test_expect 'installed latbw-compare and latbw-graph name themselves in their errors' '
	env -i PATH=/usr/bin:/bin "$root/usr/bin/latbw-compare" "$TRASH/none" "$TRASH/none2" >"$TRASH/out" 2>"$TRASH/err"
	grep -q "^latbw-compare: .*none: no such file or directory" "$TRASH/err" ||
		fail "compare: $(cat "$TRASH/err")" || return 1
	! grep -v "^latbw-compare: " "$TRASH/err" >"$TRASH/other" ||
		fail "compare: $(cat "$TRASH/other")" || return 1
	env -i PATH=/usr/bin:/bin "$root/usr/bin/latbw-graph" -o "$TRASH/svg" "$TRASH/none" >"$TRASH/out" 2>"$TRASH/err"
	grep -q "^latbw-graph: .*none: no such file or directory" "$TRASH/err" ||
		fail "graph: $(cat "$TRASH/err")" || return 1
	! grep -v "^latbw-graph: " "$TRASH/err" >"$TRASH/other" ||
		fail "graph: $(cat "$TRASH/other")"
'

test_expect 'make install lists what it installed in LIBEXECDIR/installed-files' '
	(cd "$root" && find . ! -type d | sed "s|^\\.||" | sort) >"$TRASH/have" &&
	sort "$libexec/installed-files" >"$TRASH/listed" &&
	diff -u "$TRASH/listed" "$TRASH/have"
'

if command -v readelf >/dev/null 2>&1
then
	test_expect 'make install-strip: the programs and helpers stripped; make install: not' '
		readelf -S "$libexec/lat_pipe" | grep -q "\\.symtab" ||
			fail "lat_pipe has no symbol table before stripping" || return 1
		inst DESTDIR="$TRASH/stripped" PREFIX=/usr install-strip || fail "$(cat "$TRASH/log")" || return 1
		for f in "$TRASH"/stripped/usr/libexec/latbw/lat_pipe "$TRASH"/stripped/usr/libexec/latbw/latbw-start
		do
			! readelf -S "$f" | grep -q "\\.symtab" || fail "$f is not stripped" || return 1
		done &&
		cmp -s "$TRASH/stripped/usr/libexec/latbw/summary" "$TOP/scripts/summary" ||
			fail "the scripts changed"
	'
else
	test_skip 'make install-strip strips the programs' 'readelf is not installed'
fi

test_expect 'make uninstall removes every file installed' '
	inst DESTDIR="$root" PREFIX=/usr uninstall || fail "$(cat "$TRASH/log")" || return 1
	find "$root" ! -type d >"$TRASH/left" &&
	[ ! -s "$TRASH/left" ] || fail "left: $(cat "$TRASH/left")" || return 1
	[ ! -d "$libexec" ] || fail "libexec/latbw is left"
'

test_expect 'a LIBEXECDIR shared with other files: make uninstall removes latbw'\''s files only' '
	d=$TRASH/shared &&
	mkdir -p "$d/opt/shared" &&
	echo mine >"$d/opt/shared/foreign" &&
	echo mine >"$d/opt/shared/lat_pipe.conf" &&
	inst DESTDIR="$d" PREFIX=/usr LIBEXECDIR=/opt/shared install || fail "$(cat "$TRASH/log")" || return 1
	[ -x "$d/opt/shared/lat_pipe" ] && [ -f "$d/usr/bin/latbw-summary" ] || fail "not installed" || return 1
	inst DESTDIR="$d" PREFIX=/usr LIBEXECDIR=/opt/shared uninstall || fail "$(cat "$TRASH/log")" || return 1
	(cd "$d" && find . ! -type d | sort) >"$TRASH/left" &&
	printf "%s\n" ./opt/shared/foreign ./opt/shared/lat_pipe.conf >"$TRASH/want" &&
	diff -u "$TRASH/want" "$TRASH/left" &&
	file_is "$d/opt/shared/foreign" mine
'

# (Into the tree make install-strip made, when it did: an install of
# the same PREFIX, one fewer to make.)
test_expect 'make uninstall removes no file its list names outside latbw'\''s directories' '
	d=$TRASH/stripped &&
	if ! [ -f "$d/usr/libexec/latbw/installed-files" ]
	then
		inst DESTDIR="$d" PREFIX=/usr install || fail "$(cat "$TRASH/log")" || return 1
	fi
	mkdir -p "$d/etc" && echo keep >"$d/etc/passwd" && echo keep >"$d/usr/keep" &&
	printf "%s\n" /etc/passwd /usr/libexec/latbw/../../keep >>"$d/usr/libexec/latbw/installed-files" &&
	inst DESTDIR="$d" PREFIX=/usr uninstall || fail "$(cat "$TRASH/log")" || return 1
	[ -f "$d/etc/passwd" ] && [ -f "$d/usr/keep" ] || fail "a file not latbw'\''s was removed" || return 1
	expect_line "/etc/passwd. is not latbw.s, not removed" "$TRASH/log"
'

test_expect 'a DESTDIR with a blank: installed there, runs, uninstalled; nothing made in the source tree' '
	d="$TRASH/dest tree$$" &&
	inst DESTDIR="$d" PREFIX=/usr install || fail "$(cat "$TRASH/log")" || return 1
	[ ! -e "$TOP/tree$$" ] || { rm -rf "$TOP/tree$$"; fail "tree$$ made in the source tree"; } || return 1
	env -i PATH=/usr/bin:/bin "$d/usr/bin/latbw-summary" --version >"$TRASH/out" 2>&1 &&
	file_is "$TRASH/out" "latbw-summary (latbw) $version" ||
		fail "$(cat "$TRASH/out")" || return 1
	"$d/usr/libexec/latbw/latbw-start" true || fail "latbw-start does not run" || return 1
	inst DESTDIR="$d" PREFIX=/usr uninstall || fail "$(cat "$TRASH/log")" || return 1
	find "$d" ! -type d >"$TRASH/left" &&
	[ ! -s "$TRASH/left" ] || fail "left: $(cat "$TRASH/left")"
'

test_expect 'a LIBEXECDIR with a blank and a quote: the wrappers find it' '
	d=$TRASH/quoted &&
	inst DESTDIR="$d" PREFIX=/usr "LIBEXECDIR=/opt/it'\''s latbw" install || fail "$(cat "$TRASH/log")" || return 1
	mkdir -p "$TRASH/elsewhere" &&
	sed "s|'\''/opt/it|'\''$d/opt/it|" "$d/usr/bin/latbw-graph" >"$TRASH/elsewhere/latbw-graph" &&
	env -i PATH=/usr/bin:/bin sh "$TRASH/elsewhere/latbw-graph" --version >"$TRASH/out" 2>&1 &&
	file_is "$TRASH/out" "latbw-graph (latbw) $version" || fail "$(cat "$TRASH/out")"
'

test_expect 'a relative LIBEXECDIR is refused before anything is made (exit 2)' '
	d=$TRASH/relative &&
	! inst DESTDIR="$d" PREFIX=/usr LIBEXECDIR=lib/latbw install &&
	expect_line "LIBEXECDIR and MANDIR must be absolute paths, not .lib/latbw." "$TRASH/log" &&
	[ ! -e "$d" ] || fail "$(find "$d")"
'

test_done

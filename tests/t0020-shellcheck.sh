#!/bin/sh
# Every shell script of the product and of the tests is POSIX sh with no
# finding from the linter; none in scripts/ over 450 lines, no function
# there over 80.
#
# The linter's findings for a group of files are kept in the build
# directory ($LATBW_BUILD/lint), under a checksum of the linter's version
# and of every file it reads: a later run whose files and linter are the
# same takes them from there (make test, run again after a change to one
# test file, lints that file's group only).  LINT_CACHE=no lints all.
. "$(dirname "$0")/lib.sh"

case "$LATBW_BUILD" in
/*) lint_cache=$LATBW_BUILD/lint ;;
*) lint_cache=$TOP/$LATBW_BUILD/lint ;;
esac

if command -v shellcheck >/dev/null 2>&1
then
	# Runs of the linter, each on many files (a file sourced by several
	# is read once a run, not once a file; each file is still checked on
	# its own), one a group: the scripts (list.1), the tests by family
	# (list.2-4), and the rest (list.5).
	for g in 1 2 3 4 5
	do
		: >"$TRASH/list.$g"
	done
	for f in "$TOP"/scripts/* "$TOP"/tests/*.sh "$TOP"/tests/bench/*.sh "$TOP"/tests/run "$TOP"/.ci/run
	do
		[ -f "$f" ] || continue
		# A *.sh file, or one whose first line (read by the shell, not
		# head | grep: some 270 files) is "#!...sh...".
		case "$f" in
		*.sh) ;;
		*)
			first=
			IFS= read -r first <"$f"
			case "$first" in
			"#!"*sh*) ;;
			*) continue ;;
			esac
			;;
		esac
		case "$f" in
		"$TOP"/scripts/*) g=1 ;;
		"$TOP"/tests/t[0-4]*.sh) g=2 ;;
		"$TOP"/tests/t[5-8]*.sh) g=3 ;;
		"$TOP"/tests/t9*.sh) g=4 ;;
		*) g=5 ;;
		esac
		printf '%s\n' "$f" >>"$TRASH/list.$g"
	done
	# A group's key: the linter's version, the group's file names, and
	# what the linter may read: the group's files, and those any test or
	# script may source (the scripts, tests/lib*.sh).
	sc_version=$(shellcheck --version 2>&1)
	# (Expanded here: the runs below read their lists with globbing off.)
	sc_libs=$(printf '%s\n' "$TOP"/tests/lib*.sh)
	# The findings of run G, one a line "FILE:LINE:COL: ...", in sc.G,
	# its status (0 none, 1 some) in rc.G.
	for g in 1 2 3 4 5
	do
		(
			set -f
			IFS='
'
			# shellcheck disable=SC2046,SC2086 # file names, one a line
			key=$({
				printf '%s\n' "$sc_version"
				cat "$TRASH/list.$g"
				cat $(cat "$TRASH/list.$g" "$TRASH/list.1") $sc_libs
			} | cksum | tr ' ' .)
			kept=$lint_cache/$g.$key
			if [ "${LINT_CACHE:-}" != no ] && [ -f "$kept.rc" ] && [ -f "$kept.sc" ]
			then
				cp "$kept.sc" "$TRASH/sc.$g" && cp "$kept.rc" "$TRASH/rc.$g" &&
				echo "# group $g: the linter's findings kept for these files (LINT_CACHE=no lints)" &&
				exit 0
			fi
			# shellcheck disable=SC2046 # file names, one a line
			shellcheck -s sh -x -f gcc $(cat "$TRASH/list.$g") >"$TRASH/sc.$g" 2>&1
			echo "$?" >"$TRASH/rc.$g"
			# Only a run that checked (status 0 or 1) is kept,
			# in place of the group's earlier one.
			set +f
			case $(cat "$TRASH/rc.$g") in
			0 | 1)
				mkdir -p "$lint_cache" 2>/dev/null &&
				rm -f "$lint_cache/$g".*.sc "$lint_cache/$g".*.rc &&
				cp "$TRASH/sc.$g" "$kept.sc.$$" &&
				cp "$TRASH/rc.$g" "$kept.rc.$$" &&
				mv "$kept.sc.$$" "$kept.sc" &&
				mv "$kept.rc.$$" "$kept.rc"
				;;
			esac
			exit 0
		) &
	done
	wait
	# The Nth file's name in f.N, and what is wrong with it in bad.N:
	# its findings, or all the output of a run that failed (status 2 or
	# more: bad options, a crash).
	awk -v t="$TRASH" '
		FNR == 1 { g = FILENAME; sub(/.*\./, "", g) }
		FILENAME ~ /\/list\.[0-9]+$/ {
			n++
			name[n] = $0
			grp[n] = g
			printf "%s\n", $0 >(t "/f." n)
			close(t "/f." n)
			next
		}
		FILENAME ~ /\/rc\.[0-9]+$/ { rc[g] = $0; next }
		{ out[g, ++lines[g]] = $0 }
		END {
			for (i = 1; i <= n; i++) {
				g = grp[i]
				for (l = 1; l <= lines[g]; l++)
					if ((rc[g] != 0 && rc[g] != 1) ||
						index(out[g, l], name[i] ":") == 1)
						print out[g, l] >(t "/bad." i)
			}
		}' "$TRASH"/list.[1-5] "$TRASH"/rc.[1-5] "$TRASH"/sc.[1-5]
	i=1
	while [ -f "$TRASH/f.$i" ]
	do
		read -r f <"$TRASH/f.$i"
		test_expect "shellcheck -s sh ${f##*/}" "
			[ ! -s \"\$TRASH/bad.$i\" ] || fail \"\$(cat \"\$TRASH/bad.$i\")\"
		"
		i=$((i + 1))
	done
else
	test_skip 'shellcheck -s sh on every script' 'shellcheck is not installed'
fi

# Sizes (issue 33): no script of the product (scripts/: sh and awk) over
# 450 lines, no function in one over 80, so that each can be read at
# once.  A function runs from its "name() {" or "function name(" line at
# the start of a line to the first "}" there.  The allow-list holds what
# is not split yet, each entry with why; a file on it may be over both
# limits, a FILE:FUNCTION only that function over 80 lines.
#   (none now: every script is split.)
SIZE_ALLOWED=''

# over_limits LIST: what the files named in LIST (one a line) have over
# the limits and not on the allow-list, one a line: "FILE: N lines" or
# "FILE: FUNCTION(): N lines".
over_limits() {
	# shellcheck disable=SC2016 # an awk program, not the shell's
	LC_ALL=C awk -v list="$1" -v allowed="$SIZE_ALLOWED" '
	BEGIN {
		while ((getline f <list) > 0)
			ARGV[ARGC++] = f
	}
	function allow(name,    n, a, i, re) {
		n = split(allowed, a, " ")
		for (i = 1; i <= n; i++) {
			re = a[i]
			gsub(/[.]/, "[.]", re)
			gsub(/[*]/, ".*", re)
			if (name ~ ("^" re "$"))
				return 1
		}
		return 0
	}
	function file_end() {
		if (file != "" && lines > 450 && !allow(base))
			printf "%s: %d lines\n", base, lines
	}
	FNR == 1 {
		file_end()
		file = FILENAME
		base = file
		sub(/.*\//, "", base)
		fn = ""
	}
	{ lines = FNR }
	base ~ /[.]awk$/ && /^function [A-Za-z_][A-Za-z_0-9]*[ \t]*\(/ {
		fn = $2
		sub(/\(.*/, "", fn)
		start = FNR
	}
	base !~ /[.]awk$/ && /^[A-Za-z_][A-Za-z_0-9]*[ \t]*\(\)/ {
		fn = $1
		sub(/\(.*/, "", fn)
		start = FNR
	}
	fn != "" && /^}/ {
		if (FNR - start + 1 > 80 && !allow(base) && !allow(base ":" fn))
			printf "%s: %s(): %d lines\n", base, fn, FNR - start + 1
		fn = ""
	}
	END { file_end() }'
}

: >"$TRASH/scripts"
for f in "$TOP"/scripts/*
do
	case $f in
	*.awk | *.sh)
		;;
	*)
		# (Its first line read by the shell.)
		first=
		IFS= read -r first <"$f"
		case "$first" in
		"#!"*sh*) ;;
		*) continue ;;
		esac
		;;
	esac
	printf '%s\n' "$f" >>"$TRASH/scripts"
done
test_expect 'no script in scripts/ over 450 lines, no function over 80 (but the allow-list)' '
	over_limits "$TRASH/scripts" >"$TRASH/over" &&
	{ [ ! -s "$TRASH/over" ] || fail "over the limits: $(cat "$TRASH/over")"; }
'

test_expect 'the size check names a file over 450 lines and a function over 80' '
	awk "BEGIN {
		print \"#!/bin/sh\"
		print \"long() {\"
		for (i = 0; i < 80; i++) print \"\t:\"
		print \"}\"
		for (i = 0; i < 400; i++) print \":\"
	}" >"$TRASH/big.sh" &&
	awk "BEGIN {
		print \"function short(a) {\"
		for (i = 0; i < 78; i++) print \"\ta++\"
		print \"}\"
	}" >"$TRASH/small.awk" &&
	printf "%s\n" "$TRASH/big.sh" "$TRASH/small.awk" >"$TRASH/two" &&
	over_limits "$TRASH/two" >"$TRASH/over" &&
	printf "%s\n" "big.sh: long(): 82 lines" "big.sh: 483 lines" >"$TRASH/want" &&
	diff "$TRASH/want" "$TRASH/over"
'

test_done

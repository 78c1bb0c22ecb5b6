#!/bin/sh
# Every shell script of the product and of the tests is POSIX sh with no
# finding from the linter; none in scripts/ over 450 lines, no function
# there over 80.
. "$(dirname "$0")/lib.sh"

if command -v shellcheck >/dev/null 2>&1
then
	# Two runs of the linter, each on many files (a file sourced by
	# several is read once a run, not once a file; each file is still
	# checked on its own): the scripts (list.1), and the rest (list.2).
	: >"$TRASH/list.1"
	: >"$TRASH/list.2"
	for f in "$TOP"/scripts/* "$TOP"/tests/*.sh "$TOP"/tests/bench/*.sh "$TOP"/tests/*.lib "$TOP"/tests/run "$TOP"/.ci/run
	do
		[ -f "$f" ] || continue
		head -n 1 "$f" | grep -q '^#!.*sh' || case "$f" in
			*.sh) ;;
			*) continue ;;
		esac
		case "$f" in
		"$TOP"/scripts/*) printf '%s\n' "$f" >>"$TRASH/list.1" ;;
		*) printf '%s\n' "$f" >>"$TRASH/list.2" ;;
		esac
	done
	# The findings of run G, one a line "FILE:LINE:COL: ...", in sc.G,
	# its status (0 none, 1 some) in rc.G.
	for g in 1 2
	do
		(
			set -f
			IFS='
'
			# shellcheck disable=SC2046 # file names, one a line
			shellcheck -s sh -x -f gcc $(cat "$TRASH/list.$g") >"$TRASH/sc.$g" 2>&1
			echo "$?" >"$TRASH/rc.$g"
		) &
	done
	wait
	# The Nth file's name in f.N, and what is wrong with it in bad.N:
	# its findings, or all the output of a run that failed (status 2 or
	# more: bad options, a crash).
	awk -v t="$TRASH" '
		FNR == 1 { g = substr(FILENAME, length(FILENAME)) }
		FILENAME ~ /\/list\.[12]$/ {
			n++
			name[n] = $0
			grp[n] = g
			printf "%s\n", $0 >(t "/f." n)
			close(t "/f." n)
			next
		}
		FILENAME ~ /\/rc\.[12]$/ { rc[g] = $0; next }
		{ out[g, ++lines[g]] = $0 }
		END {
			for (i = 1; i <= n; i++) {
				g = grp[i]
				for (l = 1; l <= lines[g]; l++)
					if ((rc[g] != 0 && rc[g] != 1) ||
						index(out[g, l], name[i] ":") == 1)
						print out[g, l] >(t "/bad." i)
			}
		}' "$TRASH/list.1" "$TRASH/list.2" "$TRASH/rc.1" "$TRASH/rc.2" \
		"$TRASH/sc.1" "$TRASH/sc.2"
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
		head -n 1 "$f" | grep -q '^#!.*sh' || continue
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

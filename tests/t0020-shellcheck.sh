#!/bin/sh
# Every shell script of the product and of the tests is POSIX sh with no
# finding from the linter.
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

test_done

#!/bin/sh
# latbw-run's configuration keys come from one table (latbw-config.sh):
# --help, -p, the config-file parser, the results file's LATBW_SET lines
# and the man page (doc/latbw-run.1, its "The keys" list) name the same
# keys, in the same order, in the same forms.
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

mkdir "$TRASH/tmp" "$TRASH/fs" "$TRASH/bin"

# The keys as --help shows them, "KEY=FORM" a line: its lines that begin
# with two blanks and a KEY=.
driver_env sh "$RUN" --help >"$TRASH/help" 2>&1
sed -n 's/^  \([A-Z_][A-Z_]*=[^ ]*\).*/\1/p' "$TRASH/help" >"$TRASH/help.keys"
sed 's/=.*//' "$TRASH/help.keys" >"$TRASH/keys"

# The keys as the man page shows them: each .TP item "KEY= FORM" from
# "The keys" to the next section, troff's fonts and blanks removed.
awk '/^The keys/ { on = 1; next }
	on && /^\.S[HS] / { exit }
	on && tp && /^\.B[IR]? [A-Z_]+=/ {
		sub(/^\.B[IR]? /, "")
		gsub(/\\f[BIRP]/, "")
		gsub(/[ "]/, "")
		print
	}
	{ tp = /^\.TP/ }' "$TOP/doc/latbw-run.1" >"$TRASH/man.keys"

test_expect '--help lists the keys, each with its form' '
	[ "$(wc -l <"$TRASH/keys")" -ge 10 ] ||
	fail "$(cat "$TRASH/help")"
'

test_expect 'the man page lists the keys of --help, in its order and forms' '
	diff "$TRASH/help.keys" "$TRASH/man.keys" >"$TRASH/diff" ||
	fail "--help against doc/latbw-run.1: $(cat "$TRASH/diff")"
'

test_expect '-p prints the keys of --help, in its order' '
	driver_env sh "$RUN" -p >"$TRASH/p" 2>"$TRASH/err" &&
	sed "s/=.*//" "$TRASH/p" | diff "$TRASH/keys" - >"$TRASH/diff" ||
	fail "$(cat "$TRASH/diff" "$TRASH/err")"
'

# What -p prints is a config file the parser takes back as it is: every
# key (a value with blanks, RSH's, too).
test_expect 'the parser takes every key, and -p of that file prints it unchanged' '
	driver_env sh "$RUN" -p >"$TRASH/p1" &&
	driver_env sh "$RUN" -p "$TRASH/p1" >"$TRASH/p2" 2>"$TRASH/err" &&
	diff "$TRASH/p1" "$TRASH/p2" >"$TRASH/diff" ||
	fail "$(cat "$TRASH/diff" "$TRASH/err")"
'

test_expect 'each key is taken from the environment, as LATBW_KEY and as KEY' '
	while read -r k
	do
		v=$(sed -n "s/^$k=//p" "$TRASH/p1")
		[ -n "$v" ] || continue
		for name in "LATBW_$k" "$k"
		do
			driver_env "$name=$v" sh "$RUN" -p >"$TRASH/p3" 2>"$TRASH/err" &&
			diff "$TRASH/p1" "$TRASH/p3" >"$TRASH/diff" ||
			{ fail "$name=$v: $(cat "$TRASH/diff" "$TRASH/err")"; return 1; }
		done
	done <"$TRASH/keys"
'

test_expect 'a key that is not in the table is refused (exit 2, named)' '
	printf "NOSUCHKEY=1\n" >"$TRASH/bad.cfg" &&
	driver_env sh "$RUN" -p "$TRASH/bad.cfg" >"$TRASH/out" 2>"$TRASH/err"
	[ $? -eq 2 ] && expect_line "unknown key NOSUCHKEY" "$TRASH/err"
'

# A run names every key in its results file, once, in the same order.
fake lat_syscall 'echo "Simple syscall: 1.0000 microseconds" >&2'
test_expect 'a run writes one LATBW_SET line a key, in the order of --help' '
	stub_run BENCHMARKS=lat_syscall &&
	sed -n "s/^\[LATBW_SET: \([A-Z_\\\\]*\)=.*/\1/p" "$F" | tr -d "\\\\" |
		sed -n "1,$(wc -l <"$TRASH/keys")p" | diff "$TRASH/keys" - >"$TRASH/diff" ||
	fail "$(cat "$TRASH/diff")"
'

test_done

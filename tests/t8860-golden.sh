#!/bin/sh
# The readers' outputs, byte for byte: the cases of
# tests/fixtures/golden/cases (summary in each format, compare in each,
# graph, records; over every results file of tests/fixtures) under every awk
# there is here, against the outputs stored beside the cases.  The net
# under any change to the readers: an output that changes, changes here.
#
# The first awk found (mawk, the quickest, else gawk, ...) runs every
# case; the others run the cases of the @EVERY lines (a few of each kind,
# on fewer files: the whole set under four awks takes a minute).  Each
# awk runs with AWK=awk and a directory of its own first in PATH where
# "awk" is that awk, so that every awk the readers start is it.
#
#   sh tests/golden-update.sh   stores the first awk's outputs as the
#       expected ones (after a change that fixes a bug: say which in the
#       commit), then checks the others against them.
#   GOLDEN_KEEP=DIR sh tests/t8860-golden.sh  keeps each awk's outputs in
#       DIR/AWK/NAME, to diff two trees' outputs by hand.
. "$(dirname "$0")/lib.sh"

GOLDEN=$TOP/tests/fixtures/golden
# The cases' paths are from the top of the tree: the file runs there
# (GOLDEN_KEEP, if relative, from where it was started).
case ${GOLDEN_KEEP:-} in
'' | /*) ;;
*) GOLDEN_KEEP=$PWD/$GOLDEN_KEEP ;;
esac
cd "$TOP" || exit 1
# Outputs above this size are kept as a checksum in $GOLDEN/sums.
BIG=65536

# ALL: the @ALL lines of the cases; EVERY: the @EVERY ones.
ALL=$(sed -n 's/^@ALL //p' "$GOLDEN/cases")
# shellcheck disable=SC2034 # used in the checks' commands (eval)
EVERY=$(sed -n 's/^@EVERY //p' "$GOLDEN/cases" | tr '\n' ' ')

# shim NAME PROGRAM: a directory $TRASH/awk-NAME whose "awk" is a
# symbolic link to PROGRAM (busybox runs its awk when called so): an
# awk the readers start is one exec, not a shell's and then the awk's.
shim() {
	mkdir -p "$TRASH/awk-$1" && ln -s "$2" "$TRASH/awk-$1/awk"
}

# run_case DIR NAME READER ARGS...: the case's output, in DIR/NAME: its
# stdout, stderr, exit status, and the files graph wrote (each after a
# line with its name); $TRASH made "TRASH" in those with an @OUT (the
# paths of graph's plots).  The reader writes its stdout into DIR/NAME
# itself, after the shell's header, and its stderr is added by a cat
# only when there is one (byte for byte, as the reader wrote them): a
# case costs its reader and a cat at most (and a sed for @OUT, a cat
# and ls for graph's files).  The other cases are kept as written: a
# path in $TRASH in one of them would differ from the stored output,
# and show.  (The file runs from $TOP: no subshell to cd a case.)
run_case() {
	rc_dir=$1
	rc_name=$2
	rc_reader=$3
	shift 3
	rc_out=$TRASH/out-$rc_name
	[ ! -e "$rc_out" ] || rm -rf "$rc_out"
	rc_args=
	rc_sed=
	for rc_a in "$@"
	do
		case $rc_a in
		@ALL) rc_args="$rc_args $ALL" ;;
		@OUT) rc_args="$rc_args $rc_out" rc_sed=1 ;;
		*) rc_args="$rc_args $rc_a" ;;
		esac
	done
	rc_to=$rc_dir/$rc_name
	[ -z "$rc_sed" ] || rc_to=$TRASH/case
	{
		echo '-- stdout'
		# shellcheck disable=SC2086 # paths without blanks, split on purpose
		AWK=awk PATH="$rc_dir:$PATH" sh "scripts/$rc_reader" $rc_args 2>"$TRASH/stderr"
		rc_status=$?
		echo '-- stderr'
		[ ! -s "$TRASH/stderr" ] || cat "$TRASH/stderr"
		echo "-- status $rc_status"
	} >"$rc_to"
	if [ -d "$rc_out" ]
	then
		set --
		rc_n=0
		for rc_f in $(cd "$rc_out" && LC_ALL=C ls)
		do
			rc_n=$((rc_n + 1))
			echo "-- file $rc_f" >"$TRASH/h-file$rc_n"
			set -- "$@" "$TRASH/h-file$rc_n" "$rc_out/$rc_f"
		done
		[ $# -eq 0 ] || cat "$@" >>"$rc_to"
	fi
	[ -z "$rc_sed" ] || sed "s|$TRASH|TRASH|g" "$rc_to" >"$rc_dir/$rc_name"
	[ ! -e "$rc_out" ] || rm -rf "$rc_out"
}

# cases [NAMES]: the lines of the cases file that name a case; only those
# of NAMES (a list of names) if given, and only those of CASES if set.
cases() {
	grep -v -e '^#' -e '^@' -e '^$' "$GOLDEN/cases" |
	while read -r cs_name cs_rest
	do
		case " ${1:-$cs_name} " in
		*" $cs_name "*) ;;
		*) continue ;;
		esac
		case " ${CASES:-$cs_name} " in
		*" $cs_name "*) printf '%s %s\n' "$cs_name" "$cs_rest" ;;
		esac
	done
}

# write_golden DIR: store DIR's outputs as the expected ones.
write_golden() {
	: >"$GOLDEN/sums.new"
	cases | while read -r wg_name wg_rest
	do
		[ -n "$wg_rest" ] || continue
		rm -f "$GOLDEN/$wg_name"
		if [ "$(wc -c <"$1/$wg_name")" -gt "$BIG" ]
		then
			printf '%s %s\n' "$wg_name" "$(cksum <"$1/$wg_name")" >>"$GOLDEN/sums.new"
		else
			cp "$1/$wg_name" "$GOLDEN/$wg_name"
		fi
	done
	mv "$GOLDEN/sums.new" "$GOLDEN/sums"
}

# check_awk NAME [CASES] [SKIP]: the cases (every one, or those named in
# CASES) under the awk of $TRASH/awk-NAME, but for those whose reader is
# SKIP, against the expected outputs; says which differ, and how.
check_awk() {
	ca_dir=$TRASH/awk-$1
	ca_bad=0
	cases "${2:-}" | {
		while read -r ca_name ca_reader ca_args
		do
			[ "$ca_reader" != "${3:-}" ] || continue
			# shellcheck disable=SC2086 # the case's words
			run_case "$ca_dir" "$ca_name" "$ca_reader" $ca_args
			if [ -n "${GOLDEN_KEEP:-}" ]
			then
				mkdir -p "$GOLDEN_KEEP/$1" &&
				cp "$ca_dir/$ca_name" "$GOLDEN_KEEP/$1/$ca_name"
			fi
			if [ -n "${GOLDEN_WRITE:-}" ]
			then
				continue
			fi
			if [ -f "$GOLDEN/$ca_name" ]
			then
				cmp -s "$GOLDEN/$ca_name" "$ca_dir/$ca_name" && continue
				echo "$ca_name: not as stored:"
				diff "$GOLDEN/$ca_name" "$ca_dir/$ca_name" | head -20
			else
				# The sums' line and cksum's, read without a
				# subshell each.
				ca_want=
				while read -r ca_n ca_sum
				do
					[ "$ca_n" != "$ca_name" ] || ca_want=$ca_sum
				done <"$GOLDEN/sums"
				cksum <"$ca_dir/$ca_name" >"$TRASH/cksum"
				read -r ca_got <"$TRASH/cksum"
				[ -n "$ca_want" ] && [ "$ca_want" = "$ca_got" ] && continue
				echo "$ca_name: checksum $ca_got, stored ${ca_want:-none} (GOLDEN_KEEP=DIR keeps it)"
			fi
			ca_bad=1
		done
		[ "$ca_bad" -eq 0 ]
	}
}

# The awks: mawk, gawk, nawk (unless it is one of those two under
# another name), the one true awk as Debian calls it, busybox's.
real() {
	command -v "$1" >/dev/null 2>&1 &&
	readlink -f "$(command -v "$1")"
}
awks=
# nomath: the awks without x ^ y, exp, log (busybox's awk built without
# its math): graph needs them, summary and compare do not.
nomath=
for a in mawk gawk nawk original-awk busybox
do
	case $a in
	busybox)
		if ! command -v busybox >/dev/null 2>&1 ||
			! busybox awk 'BEGIN {}' >/dev/null 2>&1
		then
			test_skip "golden outputs under busybox awk" "no busybox awk here"
			continue
		fi
		if ! busybox awk 'BEGIN { x = 2 ^ 2 }' >/dev/null 2>&1
		then
			nomath=" busybox "
		fi
		shim busybox "$(command -v busybox)"
		;;
	*)
		if ! command -v "$a" >/dev/null 2>&1
		then
			test_skip "golden outputs under $a" "no $a here"
			continue
		fi
		if [ "$a" = nawk ] &&
			{ [ "$(real nawk)" = "$(real gawk)" ] || [ "$(real nawk)" = "$(real mawk)" ]; }
		then
			test_skip "golden outputs under nawk" "nawk is $(real nawk) here, checked already"
			continue
		fi
		shim "$a" "$(command -v "$a")"
		;;
	esac
	awks="$awks $a"
done

first=
for a in $awks
do
	if [ -z "$first" ]
	then
		first=$a
		if [ -n "${GOLDEN_WRITE:-}" ]
		then
			check_awk "$a"
			write_golden "$TRASH/awk-$a"
			echo "# stored $a's outputs in $GOLDEN"
		fi
		test_expect "golden outputs under $a, every case" "GOLDEN_WRITE= check_awk $a"
		continue
	fi
	case $nomath in
	*" $a "*)
		test_expect "golden outputs under $a, the @EVERY cases but graph's" \
			"GOLDEN_WRITE= check_awk $a \"\$EVERY\" graph"
		test_skip "golden outputs of graph under $a" \
			"this $a awk is built without its math (x ^ y fails), which graph needs"
		;;
	*)
		test_expect "golden outputs under $a, the @EVERY cases" \
			"GOLDEN_WRITE= check_awk $a \"\$EVERY\""
		;;
	esac
done

# The check can fail: a stored output changed by one byte, and a
# checksum, are each seen.
if [ -n "$first" ]
then
	test_expect 'a stored output one byte off fails the check' '
		mkdir "$TRASH/g1" && cp "$GOLDEN/cases" "$TRASH/g1/" &&
		sed "s/latbw\.MHZ/latbw.MHz/" "$GOLDEN/summary-names" >"$TRASH/g1/summary-names" &&
		! cmp -s "$GOLDEN/summary-names" "$TRASH/g1/summary-names" &&
		! GOLDEN_WRITE= GOLDEN=$TRASH/g1 CASES=summary-names check_awk '"$first"' &&
		GOLDEN_WRITE= GOLDEN=$TRASH/g1 CASES=summary-names check_awk '"$first"' | grep "^summary-names: not as stored"
	'
	test_expect 'a checksum one off fails the check' '
		mkdir "$TRASH/g2" && cp "$GOLDEN/cases" "$TRASH/g2/" &&
		printf "summary-names 1 2\n" >"$TRASH/g2/sums" &&
		! GOLDEN_WRITE= GOLDEN=$TRASH/g2 CASES=summary-names check_awk '"$first"'
	'
	test_expect 'every @EVERY line names a case' '
		for c in $EVERY
		do
			[ -n "$(cases "$c")" ] || { fail "@EVERY $c: no such case"; return 1; }
		done
	'
fi

test_done

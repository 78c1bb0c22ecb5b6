#!/bin/sh
# scripts/registry, the one list of what is measured, and
# scripts/registry.awk, which makes the driver's plan from it.
#
# tests/fixtures/plan/N.plan: the plans the driver's hand-written gen_plan
# made (before the registry replaced it) for the configuration on each
# file's first line: quick and full runs, sweeps of 1, 3, 8, 64 and 100 MB,
# one CPU (no cross pair) and two (-C 0,1, 0,2, 0,3), and no, one and
# two REMOTE hosts.  The plan made from the registry must stay the same
# step for step, unless a change to the plan is meant (then the fixtures
# change with it, in the same commit).  The fixtures predate the ids and
# labels at the end of a step's line (fields 6 on), which are checked
# below.
. "$(dirname "$0")/lib.sh"

REG=$TOP/scripts/registry
RAWK=$TOP/scripts/registry.awk

# plan_of AWK FIXTURE: the registry's plan for FIXTURE's configuration
# (its first line, "# QUICK=1 MB=8 CROSS=0,1 REMOTE=a b", read by the
# shell: five sed for each awk were 400 processes).
plan_of() {
	IFS= read -r po_head <"$2"
	po_head=${po_head#"# "}
	po_q=${po_head#QUICK=}
	po_q=${po_q%% *}
	po_mb=${po_head#* MB=}
	po_mb=${po_mb%% *}
	po_x=${po_head#* CROSS=}
	po_x=${po_x%% *}
	po_r=${po_head##* REMOTE=}
	$1 -v what=plan -v quick="$po_q" -v mb="$po_mb" -v cross="$po_x" \
		-v remote="$po_r" -f "$RAWK" "$REG"
}

for f in "$TOP"/tests/fixtures/plan/*.plan
do
	n=${f##*/}
	n=${n%.plan}
	IFS= read -r conf <"$f"
	conf=${conf#"# "}
	test_expect "plan $n ($conf) is the recorded plan" '
		ok=1
		sed 1d "$f" >"$TRASH/want"
		for a in awk mawk gawk original-awk "busybox awk"
		do
			command -v ${a%% *} >/dev/null 2>&1 || continue
			[ "$a" = "busybox awk" ] && ! busybox awk "BEGIN{}" 2>/dev/null && continue
			plan_of "$a" "$f" >"$TRASH/plan" 2>"$TRASH/err" || { ok=0; fail "$a: $(cat "$TRASH/err")"; }
			cut -d "|" -f 1-5 "$TRASH/plan" >"$TRASH/got"
			cmp -s "$TRASH/want" "$TRASH/got" ||
				{ ok=0; fail "$a: $(diff "$TRASH/want" "$TRASH/got" | head -5)"; }
		done
		[ $ok = 1 ]
	'
done

test_expect 'every figure line of the registry has one id, unique within a plan' '
	awk -F "|" "
	function trim(s) { sub(/^[ \t]+/, \"\", s); sub(/[ \t]+\$/, \"\", s); return s }
	/^[ \t]*(#.*)?\$/ || /^match/ { next }
	{ k = trim(\$1); id = trim(\$12) }
	k != \"fig\" { q = trim(\$7) != \"off\"; f = trim(\$8) != \"off\" }
	k !~ /^(run|fig|mhz|line)\$/ { if (id != \"-\") print \"line \" NR \": id on a \" k; next }
	id !~ /^[a-z0-9][a-z0-9._@{}A-Z-]*\$/ || id == \"-\" { print \"line \" NR \": no id\"; next }
	q && (\"q\" id) in seen { print \"line \" NR \": \" id \" again\" }
	f && (\"f\" id) in seen { print \"line \" NR \": \" id \" again\" }
	{ if (q) seen[\"q\" id] = 1; if (f) seen[\"f\" id] = 1; n++ }
	END { if (n < 100) print \"only \" n \" ids\" }" "$REG" >"$TRASH/bad" &&
	{ ! [ -s "$TRASH/bad" ] || fail "$(cat "$TRASH/bad")"; }
'

# plan_ids QUICK: the ids of every figure of a plan of two CPUs and two
# REMOTE hosts (fields 6, 8, ... of its lines), one a line.  The steps
# of one sweep (the points of one series) are next to each other and
# share their line's id.
plan_ids() {
	awk -v what=plan -v quick="$1" -v mb=64 -v cross=0,1 -v remote="a=10.0.0.2 b" \
		-f "$RAWK" "$REG" >"$TRASH/plan" &&
	awk -F "|" "{ for (i = 6; i <= NF; i += 2) print \$i }" "$TRASH/plan"
}

for q in 0 1
do
	test_expect "plan (QUICK=$q): each figure of each step has an id, no two the same" '
		plan_ids '"$q"' >"$TRASH/ids" &&
		[ "$(wc -l <"$TRASH/ids")" -gt 60 ] &&
		uniq "$TRASH/ids" | sort | uniq -d >"$TRASH/dup" &&
		{ ! [ -s "$TRASH/dup" ] || fail "ids twice: $(cat "$TRASH/dup")"; } &&
		grep -q "^filevm\.select@100\$" "$TRASH/ids" &&
		grep -q "^remote\.udp@a\$" "$TRASH/ids" && grep -q "^remote\.udp@b\$" "$TRASH/ids" &&
		awk -F "|" "\$1 ~ /^(run|mhz|line)\$/ && (NF < 7 || NF % 2 == 0)" "$TRASH/plan" >"$TRASH/bad" &&
		{ ! [ -s "$TRASH/bad" ] || fail "a step without ids: $(head -3 "$TRASH/bad")"; }
	'
done

test_expect 'the ids hold no text that lmbench readers match' '
	plan_ids 0 >"$TRASH/ids" &&
	awk -v what=match -f "$RAWK" "$REG" >"$TRASH/match" &&
	awk "NR == FNR { m[++n] = \$0; next }
		{ for (i = 1; i <= n; i++) if (index(\$0, m[i])) print \$0 \": \" m[i] }" \
		"$TRASH/match" "$TRASH/ids" >"$TRASH/bad" &&
	{ ! [ -s "$TRASH/bad" ] || fail "$(cat "$TRASH/bad")"; }
'

test_expect 'every program in src/ has a step in the registry' '
	awk -v what=progs -f "$RAWK" "$REG" | sort >"$TRASH/progs" &&
	ls "$TOP"/src/*.c | sed "s|.*/||; s|\.c\$||" | sort >"$TRASH/src" &&
	comm -23 "$TRASH/src" "$TRASH/progs" >"$TRASH/missing" &&
	{ ! [ -s "$TRASH/missing" ] || fail "no registry line: $(cat "$TRASH/missing")"; }
'

test_expect 'the groups of latbw-run(1) are the groups of the registry' '
	awk -v what=groups -f "$RAWK" "$REG" | sort >"$TRASH/groups" &&
	awk "/^The groups:/ { on = 1 } on && /^\\.RE/ { exit }
		on && prev == \".TP\" && \$1 == \".B\" { print \$2 }
		{ prev = \$1 }" "$TOP/doc/latbw-run.1" | sort >"$TRASH/doc" &&
	[ -s "$TRASH/groups" ] && [ -s "$TRASH/doc" ] &&
	{ cmp -s "$TRASH/groups" "$TRASH/doc" ||
		fail "$(diff "$TRASH/doc" "$TRASH/groups")"; }
'

test_expect 'the groups the README lists are the groups of the registry' '
	awk -v what=groups -f "$RAWK" "$REG" | sort >"$TRASH/groups" &&
	awk "/^BENCHMARKS picks groups \\(/ { on = 1 } on { print } on && /\\)/ { exit }" \
		"$TOP/README" | tr "\n" " " |
		sed "s/.*picks groups (//; s/).*//" | tr " " "\n" | sed "/^\$/d" |
		sort >"$TRASH/readme" &&
	[ -s "$TRASH/groups" ] && [ -s "$TRASH/readme" ] &&
	{ cmp -s "$TRASH/groups" "$TRASH/readme" ||
		fail "$(diff "$TRASH/readme" "$TRASH/groups")"; }
'

test_expect 'a registry line of the wrong form: exit 2, its line named' '
	{ sed -n "1,60p" "$REG"; echo "run | ipc | 5 | P | same | lat_toy"; } >"$TRASH/bad" &&
	{ awk -v what=plan -v quick=1 -v mb=8 -f "$RAWK" "$TRASH/bad" >"$TRASH/out" 2>"$TRASH/err"; echo $? >"$TRASH/rc"; } &&
	file_is "$TRASH/rc" 2 &&
	expect_line "bad:61: not a registry line" "$TRASH/err" &&
	has_lines 1 "$TRASH/err"
'

test_expect 'an unknown place is named' '
	{ sed -n "1,60p" "$REG"; echo "run | ipc | 5 | P | nowhere | lat_toy | - | - | Toy | us | - | local.toy"; } >"$TRASH/bad" &&
	{ awk -v what=plan -v quick=1 -v mb=8 -f "$RAWK" "$TRASH/bad" >"$TRASH/out" 2>"$TRASH/err"; echo $? >"$TRASH/rc"; } &&
	file_is "$TRASH/rc" 2 &&
	expect_line "bad:61: unknown place .nowhere." "$TRASH/err"
'

# bad_registry FILE EDIT...: the registry with each sed EDIT applied, in
# FILE (one sed -e an EDIT: each is a substitution on a line of its own).
bad_registry() {
	br_f=$1
	shift
	for br_e
	do
		shift
		set -- "$@" -e "$br_e"
	done
	sed "$@" "$REG" >"$br_f"
}

# plan_bounded FILE: the plan of FILE (under a bound of 10 s where timeout
# exists: a sweep from 0 doubled 0 for ever); out, err, rc in $TRASH.
plan_bounded() {
	if command -v timeout >/dev/null 2>&1
	then
		timeout 10 awk -v what=plan -v quick=0 -v mb=8 -f "$RAWK" "$1"
	else
		awk -v what=plan -v quick=0 -v mb=8 -f "$RAWK" "$1"
	fi >"$TRASH/out" 2>"$TRASH/err"
	echo $? >"$TRASH/rc"
}

# The first line whose full sizes are 512k..MB (bw_mem's, say): the sweep
# that gets a bad size.
sweep_ln=$(awk 'index($0, "| 512k..MB |") { print NR; exit }' "$REG")
export sweep_ln
# The first step that runs a program: the line that gets a bad weight.
run_ln=$(awk '/^run / { print NR; exit }' "$REG")
export run_ln
# bad_plan TITLE EDIT MESSAGE: a test that the registry with the sed EDIT
# makes the plan exit 2 at once, with one line matching MESSAGE.
bad_plan() {
	BP_EDIT=$2
	BP_MSG=$3
	export BP_EDIT BP_MSG
	test_expect "$1" '
		bad_registry "$TRASH/bad" "$BP_EDIT" &&
		plan_bounded "$TRASH/bad" &&
		file_is "$TRASH/rc" 2 &&
		has_lines 1 "$TRASH/err" &&
		expect_line "$BP_MSG" "$TRASH/err" ||
		fail "status $(cat "$TRASH/rc"): $(cat "$TRASH/err")"
	'
}

# The first lat_pipe line, and the first whose label has {S}.
pipe_ln=$(awk 'index($0, "| lat_pipe |") { print NR; exit }' "$REG")
label_s_ln=$(awk '/^run .*[{]S[}][^|]*\| [^|]*\| [^|]*\| [^|]*$/ { print NR; exit }' "$REG")
export pipe_ln label_s_ln

bad_plan 'an id twice: exit 2, the second line named' \
	"${pipe_ln}s/| [^|]*\$/| proc.null-call/" "bad:$pipe_ln: id .proc\\.null-call. is also that of line $run_ln\$"

bad_plan 'an id in capitals: exit 2, its line named' \
	"${run_ln}s/| [^|]*\$/| Null/" "bad:$run_ln: id .Null. is not an id"

bad_plan 'an id holding a match text: exit 2, its line named' \
	"${run_ln}s/| [^|]*\$/| filevm.mappings/" "bad:$run_ln: id .filevm\\.mappings. holds the match text .mappings."

bad_plan 'no id on a figure line: exit 2, its line named' \
	"${run_ln}s/| [^|]*\$/| -/" "bad:$run_ln: id .-. is not an id"

bad_plan 'an id without the {S} of its label: exit 2, its line named' \
	"${label_s_ln}s/| [^|]*\$/| proc.select/" "bad:$label_s_ln: id .proc\\.select.: .S. must be in the id"

for s in 0..4k x..4k 0k..MB 4k..1k 1..99999999999999999999 "4k 1q"
do
	bad_plan "a size field '$s': exit 2 at once, its line named" \
		"${sweep_ln}s/| 512k\\.\\.MB |/| $s |/" "bad:$sweep_ln: full sizes .$s.: "
done

for w in abc 1+ -1 ""
do
	bad_plan "a weight '$w': exit 2, its line named" \
		"${run_ln}s/^\\(run *| *[^|]*| *\\)[0-9]* *|/\\1 $w |/" "bad:$run_ln: (weight|field 3)"
done

bad_plan 'unknown flags: exit 2, its line named' \
	"${run_ln}s/^\\(run *| *[^|]*| *[0-9]* *| *\\)[^|]*|/\\1 PQ |/" "bad:$run_ln: unknown flags .PQ."

# The driver with a broken registry: a copy of scripts/ with it.
mkdir "$TRASH/drv"
cp -R "$TOP/scripts" "$TRASH/drv/scripts"

test_expect 'latbw-run: a bad registry is checked whole, up front: one line per bad line, exit 2' '
	bad_registry "$TRASH/drv/scripts/registry" \
		"${sweep_ln}s/\$/ | x/" \
		"${run_ln}s/^\(run *| *[^|]*| *\)[0-9]* *|/\1 1+ |/" &&
	env -u BENCHMARKS -u MB QUICK=1 BENCHMARKS=syscall LATBW_BIN="$BIN" \
		sh "$TRASH/drv/scripts/latbw-run" -p >"$TRASH/out" 2>"$TRASH/err"
	rc=$?
	[ "$rc" = 2 ] && ! [ -s "$TRASH/out" ] &&
	has_lines 2 "$TRASH/err" &&
	expect_line "^latbw-run: .*registry:$sweep_ln: not a registry line" "$TRASH/err" &&
	expect_line "^latbw-run: .*registry:$run_ln: weight .1\+." "$TRASH/err" ||
	fail "status $rc: $(cat "$TRASH/err")"
'

test_done

#!/bin/sh
# Adding a benchmark is src/<name>.c, its manual page, its test and one
# line of scripts/registry, and a table cell one more line, in
# scripts/tables-data.awk: in a copy of the tree, a toy benchmark added
# that way (nothing else changed) is built by make, run by latbw-run
# (by its group, and by its name), shown by summary -f json, and in its
# cell of a default table (the processes' one, heading and all).
. "$(dirname "$0")/lib.sh"
. "$TESTS_DIR/lib-driver.sh"

T=$TRASH/tree
mkdir "$T" "$TRASH/tmp" "$TRASH/fs" "$TRASH/res"
# (-p: the sources keep their times, so that the library copied below
# is newer than they are.)
cp -Rp "$TOP/Makefile" "$TOP/VERSION" "$TOP/src" "$TOP/scripts" "$TOP/doc" "$T/"
# The library as make built it for these tests (objects and archive,
# times kept): make then compiles the new program alone, not the whole
# library again (6 s of both CPUs).  Where that library does not fit
# (another compiler's, another's flags: ASan), the check below builds
# it all in the copy.
library_copied=
if mkdir -p "$T/build/obj" && cp -Rp "${BIN%/bin}/obj/lib" "$T/build/obj/" 2>/dev/null &&
	cp -p "${BIN%/bin}/liblatbw.a" "$T/build/" 2>/dev/null
then
	library_copied=yes
fi
export library_copied
# shellcheck disable=SC2034 # run_driver (lib-driver.sh) runs $RUN
RUN=$T/scripts/latbw-run

# The three files of a new benchmark: the program, its page, its line
# (its column: proc.toy); and the line of its cell, after the last one
# of the processes' table.
cat >"$T/src/lat_toy.c" <<'EOF'
/*
 * lat_toy - a toy benchmark (tests/t9710): one increment of a counter.
 */
#include "bench.h"

static volatile unsigned long toy_count;

static int toy_run(struct bench *b, uint64_t n)
{
	(void)b;
	while (n-- > 0)
		toy_count++;
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "toy", .label = "Toy latency", .run = toy_run },
};

static const struct bench_spec spec = {
	.prog = "lat_toy",
	.cases = cases,
	.ncases = 1,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}
EOF
cat >"$T/doc/lat_toy.1" <<'EOF'
.TH LAT_TOY 1 2026-11-30 latbw "latbw manual"
.SH NAME
lat_toy \- a toy benchmark
.SH SYNOPSIS
.B lat_toy
[\fIcommon options\fR]
.SH DESCRIPTION
One increment of a counter in memory.
.SH OUTPUT
.EX
Toy latency: 0.0010 microseconds
.EE
.SH SEE ALSO
.BR latbw (7)
EOF
printf '%s\n' 'run | toy | 3 | P | - | lat_toy | - | - | Toy latency | us | proc.toy | proc.toy' >>"$T/scripts/registry"
cat >"$TRASH/cell" <<'EOF'
	cell_def("proc", "fig", "proc.toy", 6, 1, " toy| lat")
EOF
awk 'NR == FNR { cell = $0; next } { print } /^\tcell_def[(]"proc", "fig", "proc[.]sh",/ { print cell }' \
	"$TRASH/cell" "$TOP/scripts/tables-data.awk" >"$T/scripts/tables-data.awk"

host=$(uname -n)
host=${host%%.*}
export host

# toy_run [ENV=VALUE...]: the copy's driver (lib-driver.sh's run_driver),
# in quick mode, one round, with the copy's build; its results directory
# is emptied first.
toy_run() {
	rm -rf "$TRASH/res"
	mkdir "$TRASH/res"
	run_driver FSDIR="$TRASH/fs" LATBW_BUILD="$T/build" QUICK=1 MB=1 ROUNDS=1 BOUND=60 "$@"
	F=$(find "$TRASH/res" -type f -name "$host.0" | sed -n 1p)
	export F
}

test_expect 'make builds the new program (found by wildcard)' '
	make -j2 -C "$T" BUILD=build build/bin/lat_toy >"$TRASH/make.out" 2>&1 ||
	{ [ -n "$library_copied" ] && rm -rf "$T/build" &&
		make -j2 -C "$T" BUILD=build build/bin/lat_toy >"$TRASH/make.out" 2>&1; } ||
		fail "$(tail -5 "$TRASH/make.out")"
	[ -x "$T/build/bin/lat_toy" ]
'

test_expect 'latbw-run knows its group (usage)' '
	sh "$T/scripts/latbw-run" -h >"$TRASH/help" 2>&1 &&
	expect_line "BENCHMARKS=list .*[ :]toy( |\$)" "$TRASH/help"
'

for sel in toy lat_toy
do
	test_expect "BENCHMARKS=$sel: run by the driver, its figure in the results file" '
		toy_run BENCHMARKS='"$sel"' &&
		{ [ "$(cat "$TRASH/rc")" = 0 ] || fail "exit $(cat "$TRASH/rc"): $(tail -3 "$TRASH/err")"; } &&
		[ -n "$F" ] &&
		expect_line "^Toy latency: [0-9.]+ microseconds\$" "$F" &&
		expect_line "^\[latbw-stat prog=lat_toy .* id=proc\.toy(\]| )" "$F" &&
		expect_line "^\[COMPLETE: " "$F" &&
		! grep -q "^Simple syscall" "$F"
	'
done

test_expect 'summary -f json shows it, with its metric name by the rule' '
	F=$(find "$TRASH/res" -type f -name "$host.0" | sed -n 1p) &&
	sh "$T/scripts/summary" -f json "$F" >"$TRASH/json" 2>"$TRASH/jerr" &&
	expect_line "\"name\": \"Toy latency\", \"metric\": \"latbw.TOY.latency.us\", \"x\": null, \"value\": [0-9.e+-]+, \"unit\": \"us\"" "$TRASH/json"
'

# The processes' table of summary's text output: its header, and the
# row of the file (Host to the toy's cell, the last).
test_expect 'summary shows it in its cell of the processes table' '
	F=$(find "$TRASH/res" -type f -name "$host.0" | sed -n 1p) &&
	{ [ "$(grep -c "proc[.]toy" "$T/scripts/tables-data.awk")" = 1 ] ||
		fail "the cell line was not added to the copy of tables-data.awk"; } &&
	{ sh "$T/scripts/summary" "$F" >"$TRASH/table" 2>"$TRASH/terr" ||
		fail "summary: $(cat "$TRASH/terr")"; } &&
	awk "/^Processor, Processes/ { on = 1; next } on && /^\$/ { exit } on" \
		"$TRASH/table" >"$TRASH/proc" &&
	expect_line "^Host  .* sh   toy\$" "$TRASH/proc" &&
	expect_line "^  .* proc proc lat\$" "$TRASH/proc" &&
	expect_line "^-{9} -{13}( -{4}){11} -{6}\$" "$TRASH/proc" &&
	expect_line "^.{78} [ 0-9.e+-]{5}[0-9KM]\$" "$TRASH/proc"
'

test_expect 'nothing left behind in the scratch directories' '
	left=$(find "$TRASH/tmp" "$TRASH/fs" -mindepth 1) &&
	{ [ -z "$left" ] || fail "left behind: $left"; }
'

test_done

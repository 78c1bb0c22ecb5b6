#!/bin/sh
# The layers of src/lib: a module calls only modules of lower layers, as
# the table at the top of src/lib/bench.h says.  Checked on the object
# files of this build with nm: every symbol an object uses that another
# object of src/lib defines must come from a lower layer.
. "$(dirname "$0")/lib.sh"

OBJ=$(dirname "$BIN")/obj/lib
export OBJ
HDR=$TOP/src/lib/bench.h

# layer_table: "module layer" lines, from bench.h's " *<tab>layer N: ..."
layer_table() {
	awk '/^ \*\tlayer [0-9]+:/ {
		n = $3; sub(/:$/, "", n)
		for (i = 4; i <= NF; i++) print $i, n
	}' "$HDR"
}

# symbols DIR: "module def|use symbol" for every object file in DIR.
symbols() {
	for o in "$1"/*.o
	do
		[ -f "$o" ] || continue
		m=$(basename "$o" .o)
		nm -P -g "$o" | awk -v m="$m" '
			$2 == "U" || $2 == "w" || $2 == "v" { print m, "use", $1; next }
			{ print m, "def", $1 }'
	done
}

# check_layers TABLE SYMBOLS: say every call that is not downward (and
# every module with no layer); fail if there is one.
check_layers() {
	awk '
		FILENAME == ARGV[1] { layer[$1] = $2; next }
		$2 == "def" { def[$3] = $1; mods[$1] = 1; next }
		{ use[++n] = $1 " " $3 }
		END {
			bad = 0
			for (m in mods)
				if (!(m in layer)) {
					print m ".o: in no layer of bench.h"
					bad = 1
				}
			for (i = 1; i <= n; i++) {
				split(use[i], u, " ")
				if (!(u[2] in def) || def[u[2]] == u[1])
					continue
				d = def[u[2]]
				if ((u[1] in layer) && (d in layer) &&
				    layer[d] + 0 >= layer[u[1]] + 0) {
					printf "%s (layer %s) calls %s, defined in %s (layer %s)\n", \
						u[1], layer[u[1]], u[2], d, layer[d]
					bad = 1
				}
			}
			exit bad
		}' "$1" "$2"
}

if ! command -v nm >/dev/null 2>&1
then
	test_skip 'src/lib calls only downward' 'nm is not installed'
	test_done
fi

test_expect 'bench.h places every module of src/lib in one layer' '
	layer_table >"$TRASH/table" &&
	[ -s "$TRASH/table" ] &&
	for c in "$TOP"/src/lib/*.c
	do
		m=$(basename "$c" .c)
		k=$(awk -v m="$m" "\$1 == m" "$TRASH/table" | wc -l)
		[ "$k" -eq 1 ] || { echo "$m is in $k layers"; exit 1; }
	done
'

test_expect 'every object of src/lib is built and read by nm' '
	symbols "$OBJ" >"$TRASH/syms" &&
	for c in "$TOP"/src/lib/*.c
	do
		m=$(basename "$c" .c)
		grep -q "^$m def " "$TRASH/syms" || { echo "no $m.o in $OBJ"; exit 1; }
	done
'

test_expect 'no module of src/lib calls its own layer or one above' '
	check_layers "$TRASH/table" "$TRASH/syms"
'

test_expect '... in particular nothing below bench.c uses a symbol of bench.c' '
	awk "FILENAME == ARGV[1] { layer[\$1] = \$2; next }
	     \$2 == \"def\" && \$1 == \"bench\" { d[\$3] = 1; next }
	     \$2 == \"use\" && (\$3 in d) && layer[\$1] < layer[\"bench\"] {
		print \$1 \" uses \" \$3; bad = 1
	     }
	     END { exit bad }" "$TRASH/table" "$TRASH/syms"
'

# The check must be able to fail: a table that puts file.c (which calls
# bench_error) below bench.c must be refused, naming the call.
test_expect 'the check refuses a lower module that calls up into bench.c' '
	awk "\$1 == \"file\" { \$2 = 1 } { print }" "$TRASH/table" \
		>"$TRASH/table.bad" &&
	! check_layers "$TRASH/table.bad" "$TRASH/syms" >"$TRASH/said" &&
	grep "^file (layer 1) calls bench_[a-z_]*, defined in bench (layer 2)$" \
		"$TRASH/said"
'

test_done

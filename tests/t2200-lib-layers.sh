#!/bin/sh
# The layers of src/lib: a module calls only modules of lower layers and
# includes only headers of its layer or below, as the table at the top of
# src/lib/bench.h says.  Calls are checked on the object files of this
# build with nm: every symbol an object uses that another object of
# src/lib defines must come from a lower layer.  Includes are checked on
# the #include lines of src/lib's sources and headers.  And a function or
# variable of src/lib that no other source file names is static.
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
		# Names with two leading underscores are the compiler's and
		# the C library's (__odr_asan.* of a sanitizer build).
		nm -P -g "$o" | awk -v m="$m" '
			$1 ~ /^__/ { next }
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

# check_includes TABLE FILE...: say every #include "x.h" in FILE (a .c or
# .h of src/lib) of a header above FILE's layer (x.h is of module x's
# layer, unless TABLE names it), or of no layer; fail if there is one.
check_includes() {
	awk '
		function layer_of(f, m) {
			if (f in layer)
				return layer[f]
			m = f
			sub(/\.[ch]$/, "", m)
			return (m in layer) ? layer[m] : ""
		}
		FILENAME == ARGV[1] { layer[$1] = $2; next }
		FNR == 1 {
			f = FILENAME
			sub(/.*\//, "", f)
			fl = layer_of(f)
			if (fl == "") {
				print f ": in no layer of bench.h"
				bad = 1
			}
		}
		/^[ \t]*#[ \t]*include[ \t]*"/ {
			h = $0
			sub(/^[^"]*"/, "", h)
			sub(/".*/, "", h)
			hl = layer_of(h)
			if (hl == "") {
				printf "%s includes %s, in no layer of bench.h\n", f, h
				bad = 1
			} else if (fl != "" && hl + 0 > fl + 0) {
				printf "%s (layer %s) includes %s (layer %s)\n", \
					f, fl, h, hl
				bad = 1
			}
		}
		END { exit bad }' "$@"
}

# lonely SYMBOLS FILE...: every function or variable an object of src/lib
# defines (SYMBOLS, as symbols prints them) that no FILE but its own
# source names: it should be static.  A name counts in any .c FILE (in
# its comments too: the check is a cheap one), and in a header only in a
# static inline body or a macro (a declaration is no use); fail if there
# is one.
lonely() {
	awk '
		FILENAME == ARGV[1] {
			if ($2 == "def")
				own[$3] = $1
			next
		}
		FNR == 1 {
			f = FILENAME
			sub(/.*\//, "", f)
			body = 0
			hdr = f ~ /\.h$/
			sub(/\.[ch]$/, "", f)
			lib = FILENAME ~ /src\/lib\/[^\/]*$/
		}
		hdr && /^static inline/ { body = 1 }
		hdr && /^#[ \t]*define/ { body = 2 }
		!hdr || body {
			n = split($0, w, /[^A-Za-z0-9_]+/)
			for (i = 1; i <= n; i++)
				if ((w[i] in own) && !(lib && !hdr && own[w[i]] == f))
					used[w[i]] = 1
		}
		hdr && body == 1 && /^}/ { body = 0 }
		hdr && body == 2 && !/\\$/ { body = 0 }
		END {
			for (s in own)
				if (!(s in used)) {
					printf "%s: defined in %s.c, named in no other " \
						"file: make it static\n", s, own[s]
					bad = 1
				}
			exit bad
		}' "$@"
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

test_expect '... in particular nothing below the harness uses a symbol of it' '
	awk "FILENAME == ARGV[1] { layer[\$1] = \$2; next }
	     \$2 == \"def\" && layer[\$1] >= layer[\"output\"] { d[\$3] = 1; next }
	     \$2 == \"use\" && (\$3 in d) && layer[\$1] < layer[\"output\"] {
		print \$1 \" uses \" \$3; bad = 1
	     }
	     END { exit bad }" "$TRASH/table" "$TRASH/syms"
'

# The check must be able to fail: a table that puts file.c (which calls
# bench_error) below output.c must be refused, naming the call.
test_expect 'the check refuses a lower module that calls up into the harness' '
	awk "\$1 == \"file\" { \$2 = 1 } { print }" "$TRASH/table" \
		>"$TRASH/table.bad" &&
	! check_layers "$TRASH/table.bad" "$TRASH/syms" >"$TRASH/said" &&
	grep "^file (layer 1) calls bench_error, defined in output (layer 2)$" \
		"$TRASH/said"
'

test_expect 'no file of src/lib includes a header of a layer above its own' '
	check_includes "$TRASH/table" "$TOP"/src/lib/*.[ch]
'

# parse.c (layer 0) once included bench.h (layer 2) for its own
# declarations; the check must see that again.
test_expect 'the check refuses a lower module that includes a higher header' '
	mkdir "$TRASH/lib" &&
	{ echo "#include \"bench.h\""; cat "$TOP/src/lib/parse.c"; } \
		>"$TRASH/lib/parse.c" &&
	! check_includes "$TRASH/table" "$TRASH/lib/parse.c" >"$TRASH/said" &&
	grep "^parse.c (layer 0) includes bench.h (layer 2)$" "$TRASH/said" &&
	echo "#include \"nowhere.h\"" >"$TRASH/lib/io.c" &&
	! check_includes "$TRASH/table" "$TRASH/lib/io.c" >"$TRASH/said" &&
	grep "^io.c includes nowhere.h, in no layer of bench.h$" "$TRASH/said"
'

# Where a name can be used from: the library, the programs, the helpers,
# the C unit tests (and the headers, for their inline bodies and macros).
users() {
	ls "$TOP"/src/lib/*.[ch] "$TOP"/src/*.c "$TOP"/src/aux/*.c \
		"$TOP"/tests/unit/*.[ch]
}

test_expect 'every function or variable src/lib exports is used outside its file' '
	users >"$TRASH/users" &&
	# shellcheck disable=SC2046 # the file names hold no blanks
	lonely "$TRASH/syms" $(cat "$TRASH/users")
'

# Without the unit tests, bench_format_figure (output.c; bench_report
# calls it there) has no user outside its file: the check must say so.
test_expect 'the check refuses an export only its own file uses' '
	grep -v "/tests/unit/" "$TRASH/users" >"$TRASH/users.bad" &&
	# shellcheck disable=SC2046 # the file names hold no blanks
	! lonely "$TRASH/syms" $(cat "$TRASH/users.bad") >"$TRASH/said" &&
	grep "^bench_format_figure: defined in output.c, named in no other file" \
		"$TRASH/said"
'

test_done

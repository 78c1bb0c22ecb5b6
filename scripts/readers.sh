# shellcheck shell=sh
# shellcheck disable=SC2154 # me: the name of the reader that sources this
# readers.sh - what the readers (summary, compare, graph) share: tidy,
# their usage errors and long options, the check of their awk files, and
# the list of the results files to read.  Sourced by scripts/summary,
# scripts/compare and scripts/graph after they set "me" (the name their
# messages go by), "here" (their directory), a function usage and
# usage_line (its first line), and AWK (if set: the awk to run); not a
# command of its own.

# tidy TEXT: TEXT fit for a terminal, in $tidied: its control characters
# (C0, DEL, and C1 written in UTF-8) become "?", as tidy() in read.awk
# does, so that a file name cannot move the cursor or colour the screen.
# Printable ASCII, the common case, is taken as it is, without an awk.
tidy() {
	case $1 in
	*[!\ -~]*)
		tidied=$(LATBW_TIDY=$1 LC_ALL=C "${AWK:-awk}" 'BEGIN {
			s = ENVIRON["LATBW_TIDY"]
			gsub(/[\001-\037\177]/, "?", s)
			gsub(/\302[\200-\237]/, "?", s)
			printf "%s", s
		}')
		;;
	*)
		tidied=$1
		;;
	esac
}

tab='	'
nl='
'

# safe_path PATH: PATH in $safe, a path awk's getline and find may take
# as it is: "-", "a=b" and names starting with "-" become "./...".
safe_path() {
	case $1 in
	/* | ./* | ../*)
		safe=$1
		;;
	*)
		safe=./$1
		;;
	esac
}

# The results files under directory $1, sorted: by the path without the
# run number, then by the run number as a number; a line each,
# "base<TAB>n<TAB>path" (the two sort keys, then the path).  A name with
# a newline (which would be two lines of the list) is left out.
results_under() {
	safe_path "$1"
	# shellcheck disable=SC2016 # an awk program, not the shell's
	find "$safe" -type f -name '*.[0-9]*' ! -name "*$nl*" |
	LC_ALL=C "${AWK:-awk}" -v me="$me" '{
		n = $0
		sub(/.*\./, "", n)
		if (n !~ /^[0-9]+$/)
			next
		if (index($0, "\t") > 0) {
			gsub(/[\001-\037\177]/, "?")
			gsub(/\302[\200-\237]/, "?")
			printf "%s: %s: a tab in the name, skipped\n", me, $0 > "/dev/stderr"
			next
		}
		base = substr($0, 1, length($0) - length(n) - 1)
		printf "%s\t%s\t%s\n", base, n, $0
	}' |
	LC_ALL=C sort -t "$tab" -k1,1 -k2,2n
}

# A file that holds a NUL (it differs from itself without its NULs) is
# binary.
is_binary() {
	# shellcheck disable=SC2094 # both only read it
	! tr -d '\000' <"$1" | cmp -s - "$1"
}

# list_files FILE|DIR...: the files to read, in $lf_list: one line per
# file, "F<TAB>N<TAB>path" (N: how many newlines it holds; read.awk
# reads one line more when the last does not end with a newline),
# "X<TAB>message" for a named file that cannot be read, "W<TAB>message"
# for one skipped with a warning (names tidied): the reader says them,
# in their place among its own.
# The files are looked at all together, in the shell, not a process or
# three each: first the plan (list_plan), then (list_checked) one count
# of their NULs and newlines; a file is looked at alone only when some
# file holds a NUL.
list_files() {
	lf_plan=
	list_plan "$@"
	list_checked
}

# list_checked: the lines of list_files, in $lf_list, for the lines of
# the plan in $lf_plan (list_plan's; any other line, compare's
# "S<TAB>side", as it is).
list_checked() {
	lf_list=
	[ -n "$lf_plan" ] || return 0
	set --
	while IFS= read -r lf_line
	do
		case $lf_line in
		C*) set -- "$@" "${lf_line#C	}" ;;
		esac
	done <<EOF
$lf_plan
EOF
	# The NULs of the files (lf_nul), then the newlines of each, in
	# order, as the positional parameters.  One file (the common case):
	# one tr keeps its newlines and NULs, and wc counts the newlines
	# (lines) and both (bytes).
	lf_nul=0
	if [ $# -eq 1 ]
	then
		lf_n=$(tr -cd '\n\000' <"$1" | wc -lc)
		# shellcheck disable=SC2086 # two numbers, split on purpose
		set -- $lf_n
		lf_nul=$((${2:-0} - ${1:-0}))
		set -- "${1:-0}"
	elif [ $# -gt 1 ]
	then
		# the newlines of each file (then wc's total), then the NULs
		lf_n=$(wc -l -- "$@"; cat -- "$@" | tr -cd '\000' | wc -c)
		set --
		while read -r lf_line _
		do
			set -- "$@" "$lf_line"
			lf_nul=$lf_line
		done <<EOF
$lf_n
EOF
	fi
	while IFS= read -r lf_line
	do
		case $lf_line in
		C*)
			lf_f=${lf_line#C	}
			if [ "$lf_nul" -ne 0 ] && is_binary "$lf_f"
			then
				tidy "$lf_f"
				lf_line="W	$me: $tidied: binary file (it holds NUL bytes), skipped"
			else
				lf_line="F	${1:-0}	$lf_f"
			fi
			[ $# -eq 0 ] || shift
			;;
		esac
		# (X<TAB>message, or a line not of the plan, as it is)
		lf_list=${lf_list:+$lf_list$nl}$lf_line
	done <<EOF
$lf_plan
EOF
}

# list_plan FILE|DIR...: the files to read, "C<TAB>path" each, in order,
# and in their place "X<TAB>message" for an argument that cannot be
# read (what list_files says of it): lines added to $lf_plan.
list_plan() {
	for lp_arg in "$@"
	do
		if [ -d "$lp_arg" ]
		then
			lp_found=$(results_under "$lp_arg")
			if [ -z "$lp_found" ]
			then
				tidy "$lp_arg"
				plan_add "X	$me: $tidied: no results file (<host>.<n>) in it"
				continue
			fi
			while IFS= read -r lp_f
			do
				# "base<TAB>n<TAB>path": the path
				check_file "${lp_f#*	*	}"
			done <<EOF
$lp_found
EOF
		elif [ -e "$lp_arg" ]
		then
			safe_path "$lp_arg"
			check_file "$safe"
		else
			tidy "$lp_arg"
			plan_add "X	$me: $tidied: no such file or directory"
		fi
	done
}

# plan_add LINE: LINE added to $lf_plan.
plan_add() {
	lf_plan=${lf_plan:+$lf_plan$nl}$1
}

check_file() {
	case $1 in
	*"$nl"*)
		tidy "$1"
		plan_add "X	$me: $tidied: a newline in the name, skipped"
		;;
	*)
		if [ ! -f "$1" ] || [ ! -r "$1" ]
		then
			tidy "$1"
			plan_add "X	$me: $tidied: not a readable file"
		else
			plan_add "C	$1"
		fi
		;;
	esac
}

# usage_exit MESSAGE: a usage error: one line saying what (tidied), the
# reader's usage line (usage_line, the first of its usage), exit status
# 2.
usage_exit() {
	tidy "$1"
	printf '%s: %s\n%s\n' "$me" "$tidied" "$usage_line" >&2
	exit 2
}

# long_options ARGS...: --help (usage, exit 0) and --version (exit 0)
# among ARGS, up to a "--"; any other long option is a usage error, not
# getopts' "unknown option --" (getopts knows only short options).  The
# version is in VERSION: beside the reader when installed, else at the
# top of the source tree ($here: the reader's directory).
long_options() {
	for lo_arg in "$@"
	do
		case $lo_arg in
		--)
			break
			;;
		--help)
			usage
			exit 0
			;;
		--version)
			lo_v=$(cat "$here/VERSION" 2>/dev/null || cat "$here/../VERSION" 2>/dev/null)
			printf '%s (latbw) %s\n' "$me" "${lo_v:-unknown}"
			exit 0
			;;
		--?*)
			usage_exit "unknown option $lo_arg"
			;;
		esac
	done
}

# check_parts: every file of the reader's awk program ($parts: names
# without .awk, beside it in $here) and the registry are there, else say
# which is not and exit 1.
check_parts() {
	for cp_f in $parts
	do
		if [ ! -r "$here/$cp_f.awk" ]
		then
			printf '%s: cannot find %s\n' "$me" "$here/$cp_f.awk" >&2
			exit 1
		fi
	done
	if [ ! -r "$here/registry" ]
	then
		printf '%s: cannot find %s\n' "$me" "$here/registry" >&2
		exit 1
	fi
}

# default_results: the results directory a reader given no FILE or DIR
# reads, where latbw-run writes: RESULTS_DIR, else results/ at the top of
# the source tree ($here/..), else (installed) ./results; in $dr_dir, or
# a one-line error and status 1 when it is not there.
default_results() {
	if [ -n "${RESULTS_DIR:-}" ]
	then
		dr_dir=$RESULTS_DIR
	elif [ -f "$here/../Makefile" ] && [ -d "$here/../src" ]
	then
		dr_dir=$here/../results
	else
		dr_dir=$PWD/results
	fi
	if [ ! -d "$dr_dir" ]
	then
		case $me in
		latbw-*) dr_how=latbw-run ;;
		*) dr_how='"make results" or scripts/latbw-run' ;;
		esac
		tidy "$dr_dir"
		printf '%s: no results directory %s (run %s)\n' "$me" "$tidied" "$dr_how" >&2
		return 1
	fi
}

# run_records FILE|DIR...: the records of the results files (records.awk
# and the reader's parts, beside it in $here; see records(1)) on
# standard output; warnings on stderr, named by $me; the exit status
# records.awk's (2: no file read).  Paths go to awk in the environment:
# -v would take the backslashes in them for escapes.
records_parts="records read values read-values read-figures read-c2c points stats read-ids registry"
run_records() {
	list_files "$@"
	# shellcheck disable=SC2119 # no awk argument here
	records_list
}

# records_list [AWK-ARG]...: records_awk over the list of files in
# $lf_list (list_files').
# shellcheck disable=SC2120 # compare gives -v sides=1
records_list() {
	if [ -n "$lf_list" ]
	then
		records_awk "$@" <<EOF
$lf_list
EOF
	else
		records_awk "$@" </dev/null
	fi
}

# records_awk [AWK-ARG]...: records.awk over the list of files on
# standard input (list_files'), with AWK-ARGs (-v sides=1) before its
# files.
records_awk() {
	set -- "$@" -v mode=records -v me="$me"
	for rr_f in $records_parts
	do
		set -- "$@" -f "$here/$rr_f.awk"
	done
	LATBW_CWD=$PWD LATBW_REGISTRY=$here/registry LC_ALL=C "${AWK:-awk}" "$@"
}

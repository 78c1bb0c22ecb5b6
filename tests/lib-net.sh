# tests/lib-net.sh - helpers for the network benchmark tests (t4*.sh),
# sourced after lib.sh.  Servers in tests always run on a random free port
# (-o), so that a driver or another test running at the same time never
# meets them, and with a short idle time (-i), so that a test that dies
# leaves nothing behind for long.

# free_port [K]: a TCP and UDP port number nobody listens on; K (default
# 0) picks another series of candidates, for a test that wants several.
# The candidates (20000-26999) are below the programs' default ports
# (27401-27405, which the driver's runs in t9*.sh use meanwhile) and the
# kernel's ephemeral ones.  The servers' lifecycle files (t41*), which
# tests/run's third lane runs beside the other t4 files, draw from
# 26000-26999 and the others from 20000-25989 (a file uses up to five
# ports from the one drawn): no two files at once draw the same one.
free_port() {
	fp_try=$((${1:-0} * 50))
	fp_end=$((fp_try + 50))
	case "$(basename "$0")" in
	t41*) fp_base=26000 fp_span=995 ;;
	*) fp_base=20000 fp_span=5990 ;;
	esac
	while [ "$fp_try" -lt "$fp_end" ]
	do
		fp_port=$(awk -v s="$$" -v t="$fp_try" -v b="$fp_base" -v n="$fp_span" 'BEGIN {
			srand(s * 31 + t); print b + int(rand() * n) }')
		if ! command -v ss >/dev/null 2>&1 ||
			[ -z "$(ss -Htuan "( sport = :$fp_port )" 2>/dev/null)" ]
		then
			echo "$fp_port"
			return 0
		fi
		fp_try=$((fp_try + 1))
	done
	return 1
}

# server_pids PROG PORT: live (not zombie) processes running $BIN/PROG with
# "-o PORT" on their command line.
server_pids() {
	ps -eo pid=,stat=,args= | awk -v p="$BIN/$1" -v o=" -o $2 " '
		$2 !~ /^Z/ && $3 == p && index($0 " ", o) { print $1 }'
}

# listening PORT: what listens on PORT, TCP or UDP: ss's lines, or
# without ss those of /proc/net/{tcp,udp}[6] (TCP in state LISTEN, UDP
# unconnected, as ss -l shows them).  With neither, a line saying so: a
# check of what is left on a port then fails with that reason rather
# than pass unchecked.
listening() {
	if command -v ss >/dev/null 2>&1
	then
		ss -Hltun "( sport = :$1 )" 2>/dev/null
		return 0
	fi
	if ! [ -r /proc/net/tcp ]
	then
		echo "cannot tell: neither ss nor /proc/net/tcp here"
		return 0
	fi
	# shellcheck disable=SC2046 # the file names hold no blanks
	awk -v p=":$(printf '%04X' "$1")" '
		FNR > 1 && substr($2, length($2) - 4) == p &&
		((FILENAME ~ /tcp/ && $4 == "0A") ||
		 (FILENAME ~ /udp/ && $4 == "07")) { print FILENAME ": " $0 }' \
		$(ls /proc/net/tcp /proc/net/tcp6 /proc/net/udp /proc/net/udp6 \
			2>/dev/null)
}

# gone PROG PORT: within 5 s no process of PROG on PORT is left and
# nothing listens on PORT; says what is left otherwise.
gone() {
	g_i=0
	while [ "$g_i" -lt 50 ]
	do
		if [ -z "$(server_pids "$1" "$2")" ] && [ -z "$(listening "$2")" ]
		then
			return 0
		fi
		sleep 0.1
		g_i=$((g_i + 1))
	done
	fail "left behind on port $2: processes $(server_pids "$1" "$2")," \
		"sockets $(listening "$2")"
}

# kill_servers PROG PORT: the end of every test file, whatever happened.
kill_servers() {
	for ks_pid in $(server_pids "$1" "$2")
	do
		kill "$ks_pid" 2>/dev/null
	done
}

# usage_checks PROG: the bad command lines every network program refuses
# (usage_tests).
usage_checks() {
	usage_tests "$1" "" "-s -S localhost" "-S" "a b" "-s 127.0.0.1 extra" \
		"-o 0 localhost" "-o 70000 localhost" "-o x localhost" \
		"-i 0 -s" "-Z localhost" "-o"
}

# client_line_check PROG PORT CASE LABEL: a client run against localhost
# prints exactly the lmbench line "LABEL localhost: <value> microseconds"
# and its statistics line.
client_line_check() {
	test_expect "$1: the client prints one lmbench line and its statistics" "
		run_bench $1 -o $2 -N 3 -E 1000 localhost &&
		expect_line '^$4 localhost: [0-9]+\\.[0-9]{4} microseconds\$' \"\$TRASH/err\" &&
		expect_line '^\\[latbw-stat prog=$1 case=$3 .*reps=3 ' \"\$TRASH/err\" &&
		[ \"\$(wc -l <\"\$TRASH/err\")\" -eq 2 ] &&
		is_positive \"\$(value_of '$4 localhost' \"\$TRASH/err\")\"
	"
}

# net_test_start PROG PORT: the start of a program's test file: its
# servers on PORT killed on exit whatever happens, and the server's life
# up to a running server (lifecycle_start).
net_test_start() {
	# shellcheck disable=SC2064 # expand now: the program and port
	trap "kill_servers $1 $2; rm -rf \"\$TRASH\"" EXIT
	lifecycle_start "$1" "$2"
}

# net_test_end PROG PORT: stop the server (lifecycle_end), bad command
# lines, and the closing line.
net_test_end() {
	lifecycle_end "$1" "$2"
	usage_checks "$1"
	test_done
}

# lifecycle_start PROG PORT, lifecycle_end PROG PORT: the server's life
# around the client checks the caller makes between them.
lifecycle_start() {
	test_expect "$1: a client with no server: clear error, exit 1, no figure" "
		! run_bench $1 -o $2 localhost && expect_status 1 &&
		expect_line 'no server at localhost port $2' \"\$TRASH/err\" &&
		! grep -Eq 'latency|cost|bandwidth' \"\$TRASH/err\"
	"
	test_expect "$1: -S with no server: exit 1" "
		! run_bench $1 -o $2 -S localhost && expect_status 1 &&
		expect_line 'no server at localhost port $2' \"\$TRASH/err\"
	"
	test_expect "$1: -s starts a server in the background and returns" "
		run_bench $1 -o $2 -i 30 -s && [ ! -s \"\$TRASH/err\" ] &&
		[ ! -s \"\$TRASH/out\" ] && [ -n \"\$(server_pids $1 $2)\" ]
	"
	test_expect "$1: a second server on the same port fails, exit 1" "
		! run_bench $1 -o $2 -s && expect_status 1 &&
		expect_line 'cannot listen on .* port $2: Address already in use' \"\$TRASH/err\"
	"
}

# lifecycle_end PROG PORT: see lifecycle_start.
lifecycle_end() {
	test_expect "$1: -S stops the server; no process or socket is left" "
		run_bench $1 -o $2 -S localhost && [ ! -s \"\$TRASH/err\" ] &&
		gone $1 $2
	"
}

# fleet-remote.sh - the part of latbw-fleet that runs on a host,
# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # shared variables: set in one file, used in another
# sourced by latbw-fleet there (latbw-fleet --remote-run DIR, --remote-poll
# DIR).  DIR is the temporary directory the fleet made there: l/ holds
# the scripts and the programs beside them (as installed), or s/ the
# source, built first; l/fleet.config (s/fleet.config) the settings.
# Nothing here reads anything but DIR; what it prints the fleet copies
# as data.

# remote_build DIR: build the source shipped into DIR/s; on failure says
# "buildfail LAST-LINE", waits for the lifeline to end, removes DIR and
# fails.
remote_build() {
	printf 'building\n'
	if ! make -C "$1/s" >"$1/build.log" 2>&1
	then
		printf 'buildfail %s\n' "$(tail -n 1 "$1/build.log" | tr -d '\000-\037')"
		cat >/dev/null <&3
		rm -rf "$1"
		return 1
	fi
	LATBW_BUILD=$1/s/build
	export LATBW_BUILD
}

# remote_run DIR: run latbw-run on what was shipped into DIR with the
# settings of its fleet.config.  Says on stdout "building", "started",
# then "done STATUS" (or "buildfail LINE"); stops the driver (stop_driver)
# when told "stop" on stdin or when stdin ends (the fleet closed it, its
# launcher was stopped, the connection dropped); removes DIR once stdin
# has ended.
remote_run() {
	rr_dir=$1
	# The connection may be gone before we say "done": a write to it
	# must not kill us before DIR is removed.
	trap '' PIPE HUP INT
	# Our settings, not the ones a login here left in the environment.
	for rr_k in MB FSDIR SYNC_MAX BENCHMARKS QUICK ROUNDS REPS USECS BOUND NICE \
		SAME_CPU IDLE REMOTE RSH CONFIG RERUN RESULTS_DIR BIN BUILD
	do
		unset "$rr_k" "LATBW_$rr_k"
	done
	exec 3<&0
	if [ -d "$rr_dir/s" ]
	then
		rr_sub=$rr_dir/s
		rr_driver=$rr_sub/scripts/latbw-run
		rr_bin=$rr_sub/build/bin
		remote_build "$rr_dir" || return 0
	else
		rr_sub=$rr_dir/l
		rr_driver=$rr_sub/latbw-run
		rr_bin=$rr_sub
	fi
	# The summary of the run is printed here, of all the hosts: not there.
	rm -f "$rr_sub/summary" "$rr_sub/scripts/summary"
	mkdir -p "$rr_dir/tmp" || return 1
	# The driver in a session (and process group) of its own where
	# latbw-start is (it becomes the driver: same PID), so that what it
	# started there goes with it if it must be killed (stop_driver).
	rr_group=
	set --
	if [ -x "$rr_bin/latbw-start" ]
	then
		set -- "$rr_bin/latbw-start" -s
		rr_group=yes
	fi
	TMPDIR=$rr_dir/tmp RESULTS_DIR=$rr_dir/results LATBW_SAVED_CONFIG=$rr_dir/saved \
		"$@" sh "$rr_driver" "$rr_sub/fleet.config" </dev/null >"$rr_dir/out" 2>"$rr_dir/err" 3<&- &
	rr_pid=$!
	printf 'started\n'
	# The lifeline: "stop", or its end, stops the driver; then it is
	# read to its end.
	(
		while IFS= read -r rr_line
		do
			[ "$rr_line" = stop ] && break
		done
		stop_driver
		cat >/dev/null
	) <&3 &
	rr_reader=$!
	exec 3<&-
	wait "$rr_pid"
	rr_rc=$?
	: >"$rr_dir/ended"
	printf 'done %s\n' "$rr_rc"
	wait "$rr_reader"
	rm -rf "$rr_dir"
}

# stop_driver: SIGTERM to the driver of remote_run, if it still runs (it
# stops its programs and servers, marks its file INCOMPLETE and ends);
# if it has not ended 10 s later, SIGKILL to it and its process group.
stop_driver() {
	[ -f "$rr_dir/ended" ] && return 0
	kill -TERM "$rr_pid" 2>/dev/null
	# Looked for every tenth of a second where sleep takes fractions
	# (as fleet-host.sh's waits): its end is then said at once.
	sd_s=1
	sd_n=1
	if sleep 0.1 2>/dev/null
	then
		sd_s=0.1
		sd_n=10
	fi
	sd_i=0
	while [ "$sd_i" -lt $((10 * sd_n)) ] && ! [ -f "$rr_dir/ended" ]
	do
		sleep "$sd_s"
		sd_i=$((sd_i + 1))
	done
	[ -f "$rr_dir/ended" ] && return 0
	if [ -n "$rr_group" ]
	then
		# (busybox's kill complains of the "--", and kills.)
		kill -s KILL -- "-$rr_pid" 2>/dev/null
	else
		kill -s KILL "$rr_pid" 2>/dev/null
	fi
}

# remote_poll DIR: "P <the driver's last progress line>", then its results
# file so far.
remote_poll() {
	rp_line=
	if [ -f "$1/err" ]
	then
		# (Its last progress line: one sed, not grep | tail.)
		rp_line=$(sed -e '/^latbw-run: \[/h' -e '$!d' -e x "$1/err")
	elif [ -f "$1/build.log" ]
	then
		rp_line="building"
	fi
	printf 'P %s\n' "$rp_line" | tr -d '\000-\011\013-\037'
	for rp_f in "$1"/results/*/*
	do
		if [ -f "$rp_f" ]
		then
			cat "$rp_f"
			break
		fi
	done
}

# pair_rsh FROM TO WORDS HOST PROG ARG...: the remote shell of a pair's
# run (its RSH): PROG under FROM (this host's directory) is taken from
# under TO (the other host's), and the launcher WORDS (its words joined
# by commas) runs it there on HOST.
pair_rsh() {
	pr_from=$1
	pr_to=$2
	pr_words=$3
	shift 3
	pr_host=$1
	pr_prog=$2
	shift 2
	case "$pr_prog" in
	"$pr_from"/*) pr_prog=$pr_to${pr_prog#"$pr_from"} ;;
	esac
	set -f
	IFS=,
	# shellcheck disable=SC2086 # the launcher's words, split at commas
	exec $pr_words "$pr_host" "$pr_prog" "$@"
}

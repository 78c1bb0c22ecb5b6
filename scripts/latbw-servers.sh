# shellcheck shell=sh
# latbw-servers.sh - part of latbw-run: the servers of the two-party
# benchmarks, here and on remote hosts: starting and stopping them under a
# bound.  Sourced by scripts/latbw-run (it defines functions, and the
# settings they use); not a command of its own.

# How long a remote server waits for a client before it exits by itself
# (its -i): short, so that one the driver could not stop goes soon.
remote_idle=20
# The same for a server started here: a client starts right after it, so
# that only a server whose driver is gone waits this long (LATBW_GRACE,
# derive_samples in latbw-plan.sh, sets it).
local_idle=10

# start_server PROG [OPTIONS]: start "PROG -s OPTIONS" (the options pin it).
# It exits by itself after local_idle seconds without a client; its name
# is in work/server while it may be up, for the guardian (emptied by the
# shell after: no rm, 15 a quick run).
# shellcheck disable=SC2034 # server_up: read by the steps and cleanup
start_server() {
	server_prog=$1
	shift
	server_up=
	printf '%s\n' "$server_prog" >"${work:?}/server"
	# At the programs' priority too (NICE): its half of every exchange
	# is part of the figure.
	if bounded 30 "$work/server.log" started "${bin:?}/$server_prog" -s -i "$local_idle" "$@"
	then
		server_up=$server_prog
		return 0
	fi
	{ true >"$work/server"; } 2>/dev/null
	sed "s/^/[note: /; s/\$/]/" "$work/server.log" | put_own || write_failed
	status_note "$server_prog -s"
	no_server="$no_server $server_prog "
	return 1
}

# stop_server PROG: tell the local server of PROG to exit.
# shellcheck disable=SC2034 # server_up: read by the steps and cleanup
stop_server() {
	server_prog=$1
	server_up=
	# Started here, not by bounded, so that its PID is not in prog_pid: a
	# signal that comes meanwhile lets it finish telling the server to
	# go (the clean-up waits for it).
	"$bin/$server_prog" -S localhost >"$work/server.log" 2>&1 </dev/null &
	wait_bounded $! 30
	{ true >"$work/server"; } 2>/dev/null
	if [ "${rc:?}" -ne 0 ]
	then
		sed "s/^/[note: /; s/\$/]/" "$work/server.log" | put_own || write_failed
		write_own "[failed: $server_prog -S localhost, exit status $rc]"
	fi
}

# cmd_notes: the last command's output as [note: ...] lines.
cmd_notes() {
	# (ssh may end its messages in CR LF)
	tr -d '\r' <"$work/cmd.log" | sed "s/^/[note: /; s/\$/]/" | put_own || write_failed
}

# start_remote PROG NAME ADDRESS: start PROG's server on the remote host
# NAME through RSH, listening on ADDRESS when it is a numeric address (the
# one the clients use), on every address when it is a name (which may
# mean another address over there, such as 127.0.1.1 from /etc/hosts).
# It exits by itself after remote_idle seconds without a client.
# shellcheck disable=SC2034 # rserver_pending: read by cleanup
start_remote() {
	remote_prog=$1
	remote_host=$2
	remote_address=$3
	rserver_up=
	case "$rdown" in
	*" $remote_host "*)
		write_own "[skipped: $remote_prog -s on $remote_host, the remote shell did not reach it]"
		no_server="$no_server $remote_prog@$remote_address "
		return 1
		;;
	esac
	case "$remote_address" in
	*:*) remote_bind=$remote_address ;;
	*[!0-9.]*) remote_bind=0.0.0.0 ;;
	*) remote_bind=$remote_address ;;
	esac
	set -f
	# shellcheck disable=SC2086 # RSH is split at blanks, on purpose
	set -- ${c_RSH:?} "$remote_host" "${rbin:?}/$remote_prog" -i "$remote_idle" -s "$remote_bind"
	set +f
	rserver_pending="$remote_prog $remote_host $remote_address"
	if bounded 30 "$work/cmd.log" "$@"
	then
		rserver_pending=
		rserver_up="$remote_prog $remote_host $remote_address"
		rserver_bind=$remote_bind
		return 0
	fi
	cmd_notes
	remote_command="$remote_prog -s $remote_bind on $remote_host through RSH ($c_RSH)"
	if [ "${killed:?}" = yes ]
	then
		write_own "[failed: $remote_command, hung, killed after 30 s]"
		say "$remote_command: hung, killed after 30 s"
		rdown="$rdown $remote_host "
		# It may have started before the remote shell hung.
		bounded 5 "$work/cmd.log" "$bin/$remote_prog" -S "$remote_address"
	else
		case "$rc" in
		255) exit_meaning=": the remote shell could not reach $remote_host" ;;
		126 | 127) exit_meaning=": $rbin/$remote_prog not found there (the remote side needs the same programs in the same path)" ;;
		*) exit_meaning= ;;
		esac
		write_own "[failed: $remote_command, exit status $rc$exit_meaning]"
		say "$remote_command: failed (exit status $rc$exit_meaning)"
		[ "$rc" -eq 255 ] && rdown="$rdown $remote_host "
	fi
	rserver_pending=
	failures=$((failures + 1))
	no_server="$no_server $remote_prog@$remote_address "
	return 1
}

# stop_remote: tell the remote server that is up to exit, from here
# (prog -S address); if that fails, over there through RSH; if that
# fails too, it exits by itself when idle.
stop_remote() {
	# shellcheck disable=SC2086 # "prog name address", no blanks inside
	set -- $rserver_up
	remote_prog=$1
	remote_host=$2
	remote_address=$3
	rserver_up=
	bounded 30 "$work/cmd.log" "$bin/$remote_prog" -S "$remote_address" && return 0
	cmd_notes
	write_own "[note: $remote_prog -S $remote_address: exit status $rc; stopping it through RSH]"
	stop_address=$rserver_bind
	[ "$stop_address" = 0.0.0.0 ] && stop_address=127.0.0.1
	set -f
	# shellcheck disable=SC2086 # RSH is split at blanks, on purpose
	set -- $c_RSH "$remote_host" "$rbin/$remote_prog" -S "$stop_address"
	set +f
	bounded 30 "$work/cmd.log" "$@" && return 0
	cmd_notes
	write_own "[failed: $remote_prog -S $stop_address on $remote_host through RSH, exit status $rc; the server exits by itself after $remote_idle s without a client]"
	say "cannot stop the $remote_prog server on $remote_host; it exits by itself after $remote_idle s idle"
	failures=$((failures + 1))
}

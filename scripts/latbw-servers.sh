# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # shared variables: set in one file, used in another
# latbw-servers.sh - part of latbw-run: the servers of the two-party
# benchmarks, here and on remote hosts: starting and stopping them under a
# bound.  Sourced by scripts/latbw-run (it defines functions, and the
# settings they use); not a command of its own.

# How long a remote server waits for a client before it exits by itself
# (its -i): short, so that one the driver could not stop goes soon.
remote_idle=20
# The same for a server started here: a client starts right after it, so
# that only a server whose driver is gone waits this long.
local_idle=10

# start_server PROG [OPTIONS]: start "PROG -s OPTIONS" (the options pin it).
# It exits by itself after local_idle seconds without a client; its name
# is in work/server while it may be up, for the guardian.
start_server() {
	ss_prog=$1
	shift
	server_up=
	printf '%s\n' "$ss_prog" >"$work/server"
	if bounded 30 "$work/server.log" "$bin/$ss_prog" -s -i "$local_idle" "$@"
	then
		server_up=$ss_prog
		return 0
	fi
	rm -f "$work/server"
	sed "s/^/[note: /; s/\$/]/" "$work/server.log" | put_own || write_failed
	status_note "$ss_prog -s"
	no_server="$no_server $ss_prog "
	return 1
}

stop_server() {
	st_prog=$1
	server_up=
	# Started here, not by bounded, so that its PID is not in prog_pid: a
	# signal that comes meanwhile lets it finish telling the server to
	# go (the clean-up waits for it).
	"$bin/$st_prog" -S localhost >"$work/server.log" 2>&1 </dev/null &
	wait_bounded $! 30
	rm -f "$work/server"
	if [ "$rc" -ne 0 ]
	then
		sed "s/^/[note: /; s/\$/]/" "$work/server.log" | put_own || write_failed
		own "[failed: $st_prog -S localhost, exit status $rc]"
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
start_remote() {
	sr_prog=$1
	sr_name=$2
	sr_addr=$3
	rserver_up=
	case "$rdown" in
	*" $sr_name "*)
		own "[skipped: $sr_prog -s on $sr_name, the remote shell did not reach it]"
		no_server="$no_server $sr_prog@$sr_addr "
		return 1
		;;
	esac
	case "$sr_addr" in
	*:*) sr_bind=$sr_addr ;;
	*[!0-9.]*) sr_bind=0.0.0.0 ;;
	*) sr_bind=$sr_addr ;;
	esac
	set -f
	# shellcheck disable=SC2086 # RSH is split at blanks, on purpose
	set -- $c_RSH "$sr_name" "$rbin/$sr_prog" -i "$remote_idle" -s "$sr_bind"
	set +f
	rserver_pending="$sr_prog $sr_name $sr_addr"
	if bounded 30 "$work/cmd.log" "$@"
	then
		rserver_pending=
		rserver_up="$sr_prog $sr_name $sr_addr"
		rserver_bind=$sr_bind
		return 0
	fi
	cmd_notes
	sr_what="$sr_prog -s $sr_bind on $sr_name through RSH ($c_RSH)"
	if [ "$killed" = yes ]
	then
		own "[failed: $sr_what, hung, killed after 30 s]"
		say "$sr_what: hung, killed after 30 s"
		rdown="$rdown $sr_name "
		# It may have started before the remote shell hung.
		bounded 5 "$work/cmd.log" "$bin/$sr_prog" -S "$sr_addr"
	else
		case "$rc" in
		255) sr_why=": the remote shell could not reach $sr_name" ;;
		126 | 127) sr_why=": $rbin/$sr_prog not found there (the remote side needs the same programs in the same path)" ;;
		*) sr_why= ;;
		esac
		own "[failed: $sr_what, exit status $rc$sr_why]"
		say "$sr_what: failed (exit status $rc$sr_why)"
		[ "$rc" -eq 255 ] && rdown="$rdown $sr_name "
	fi
	rserver_pending=
	failures=$((failures + 1))
	no_server="$no_server $sr_prog@$sr_addr "
	return 1
}

# stop_remote: tell the remote server that is up to exit, from here
# (prog -S address); if that fails, over there through RSH; if that
# fails too, it exits by itself when idle.
stop_remote() {
	# shellcheck disable=SC2086 # "prog name address", no blanks inside
	set -- $rserver_up
	sp_prog=$1
	sp_name=$2
	sp_addr=$3
	rserver_up=
	bounded 30 "$work/cmd.log" "$bin/$sp_prog" -S "$sp_addr" && return 0
	cmd_notes
	own "[note: $sp_prog -S $sp_addr: exit status $rc; stopping it through RSH]"
	sp_here=$rserver_bind
	[ "$sp_here" = 0.0.0.0 ] && sp_here=127.0.0.1
	set -f
	# shellcheck disable=SC2086 # RSH is split at blanks, on purpose
	set -- $c_RSH "$sp_name" "$rbin/$sp_prog" -S "$sp_here"
	set +f
	bounded 30 "$work/cmd.log" "$@" && return 0
	cmd_notes
	own "[failed: $sp_prog -S $sp_here on $sp_name through RSH, exit status $rc; the server exits by itself after $remote_idle s without a client]"
	say "cannot stop the $sp_prog server on $sp_name; it exits by itself after $remote_idle s idle"
	failures=$((failures + 1))
}

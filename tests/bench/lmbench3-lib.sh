# tests/bench/lmbench3-lib.sh - shared by the scripts that run lmbench 3's
# programs beside latbw (lmbench3-placement.sh, lmbench3-same-table.sh).
# Sourced, not run.  The caller sets me (its name, for messages) and lm
# (lmbench's bin/<os> directory, an absolute path without symbolic links).
# shellcheck shell=sh disable=SC2154,SC2034 # me and lm are the caller's; rpc_ok and rpc_why are for it

# lm_pids PROG: the processes running lmbench's PROG (by executable).
lm_pids() {
	find /proc/[0-9]*/exe -maxdepth 0 -lname "$lm/$1" 2>/dev/null |
		cut -d/ -f3
}

# portmapper_start: lmbench's servers register with the portmapper
# (lat_rpc always, the others unless lmbench was built with
# NO_PORTMAPPER).  When none answers and we are root, rpcbind is started
# (NO_RPCBIND=1 in the environment: never).  Sets rpc_ok (1 when one
# answers) and rpc_why (why not); portmapper_stop undoes it.
rpc_ok=1
rpc_why=
rpcb_pid=
rpcb_new=
portmapper_start() {
	rpcinfo -p 127.0.0.1 >/dev/null 2>&1 && return 0
	if [ "${NO_RPCBIND:-0}" = 1 ]
	then
		rpc_ok=0
		rpc_why="lmbench's servers need a portmapper (NO_RPCBIND=1)"
		return 0
	fi
	if [ "$(id -u)" != 0 ] || ! command -v rpcbind >/dev/null 2>&1 ||
		! command -v rpcinfo >/dev/null 2>&1
	then
		rpc_ok=0
		rpc_why="lmbench's servers need a portmapper: none answers, and rpcbind cannot be started here"
		return 0
	fi
	for f in /run/rpcbind.sock /run/rpcbind.lock \
		/run/rpcbind/rpcbind.xdr /run/rpcbind/portmap.xdr \
		/var/run/rpcbind.sock /var/run/rpcbind.lock \
		/var/run/rpcbind/rpcbind.xdr /var/run/rpcbind/portmap.xdr
	do
		[ -e "$f" ] || rpcb_new="$rpcb_new $f"
	done
	rpcbind -f >/dev/null 2>&1 &
	rpcb_pid=$!
	i=0
	while [ $i -lt 50 ] && ! rpcinfo -p 127.0.0.1 >/dev/null 2>&1
	do
		sleep 0.1
		i=$((i + 1))
	done
	if rpcinfo -p 127.0.0.1 >/dev/null 2>&1
	then
		echo "$me: started rpcbind (PID $rpcb_pid) for lmbench's servers; stopped at the end" >&2
	else
		rpc_ok=0
		rpc_why="lmbench's servers need a portmapper: rpcbind did not start"
	fi
}

# portmapper_stop: the rpcbind that portmapper_start started, if any, is
# stopped; it writes its state and leaves its socket and lock, so the
# files that were not there before it are removed.
portmapper_stop() {
	[ -n "$rpcb_pid" ] || return 0
	kill "$rpcb_pid" 2>/dev/null
	wait "$rpcb_pid" 2>/dev/null
	for f in $rpcb_new
	do
		rm -f "$f"
	done
	rpcb_pid=
}

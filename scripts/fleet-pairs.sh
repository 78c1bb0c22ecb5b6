# fleet-pairs.sh - the network tables between hosts (--pairs),
# sourced by latbw-fleet.  After the hosts' own runs, one pair at a time
# (so that no run measures another's traffic): for hosts A and B, in the
# order named, A's driver runs the remote steps with B as its REMOTE
# host, into results/<OS-triple>/A+B.<n> here.  The programs travel to
# both, into a temporary directory on each; A's driver starts B's servers
# through latbw-fleet --pair-rsh, which runs them from B's directory with
# the fleet's launcher (from A: A must reach B with it, as lmbench's rsh
# did).
# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # shared variables: set in one file, used in another

# pair_job I A NAME_A B NAME_B ADDRESS_B, in the background, as host_job:
# ships to B, then to A and runs A's driver.
pair_job() {
	hw=$work/h$1
	h=$4
	name=$2+$5
	job_start
	# B first: its programs, for the servers.
	probe || finish
	what_travels || finish
	ship || finish
	peer=$h
	peer_rdir=$rdir
	h=$2
	rdir=
	rscript=
	probe || finish
	what_travels || finish
	pj_words=$(printf '%s\n' "$rsh_words" | tr -s ' \t' ',,')
	[ "$is_ssh" = 1 ] && pj_words=$pj_words,-o,BatchMode=yes
	job_settings="BENCHMARKS=$pair_benchmarks
REMOTE=$4=$6
RSH=sh @RDIR@/l/latbw-fleet --pair-rsh @RDIR@ $peer_rdir $pj_words
"
	ship || finish
	watch || finish
	run_end
	finish
}

# pair_words: the BENCHMARKS of the pair runs, in pair_benchmarks: remote
# when the fleet's names none, or every group that holds the remote steps;
# else the remote programs it names (their local steps run again too).
pair_words() {
	env_setting BENCHMARKS
	[ -z "$ev_val" ] && pair_benchmarks=remote && return 0
	pair_benchmarks=
	for pw_w in $ev_val
	do
		case "$pw_w" in
		all | net | remote) pair_benchmarks=remote && return 0 ;;
		lat_udp | lat_tcp | lat_rpc | lat_connect | bw_tcp)
			pair_benchmarks="$pair_benchmarks${pair_benchmarks:+ }$pw_w"
			;;
		esac
	done
	[ -n "$pair_benchmarks" ]
}

# pair_phase: every pair of hosts whose own run completed, one at a
# time, each as one more line of the progress (h<k>, k after the hosts).
pair_phase() {
	pair_words || {
		say "--pairs: BENCHMARKS names no network benchmark: no pairs run"
		return 0
	}
	pp_k=$nhosts
	pp_i=0
	while [ "$pp_i" -lt "$nhosts" ] && [ -z "$interrupted" ]
	do
		pp_i=$((pp_i + 1))
		pp_kind=
		read -r pp_kind <"$work/h$pp_i/result"
		[ "$pp_kind" = ok ] || continue
		read -r pp_a pp_an _ <"$work/h$pp_i/host"
		pp_j=$pp_i
		while [ "$pp_j" -lt "$nhosts" ] && [ -z "$interrupted" ]
		do
			pp_j=$((pp_j + 1))
			pp_kind=
			read -r pp_kind <"$work/h$pp_j/result"
			[ "$pp_kind" = ok ] || continue
			read -r pp_b pp_bn pp_ba <"$work/h$pp_j/host"
			pp_k=$((pp_k + 1))
			mkdir "$work/h$pp_k" &&
				printf '%s %s+%s\n' "$pp_a" "$pp_an" "$pp_bn" >"$work/h$pp_k/host" ||
				return 1
			nhosts_shown=$pp_k
			npairs=$((pp_k - nhosts))
			f=$(newest_file "$pp_an+$pp_bn")
			if [ "$resume" = 1 ] && [ -n "$f" ] && is_complete "$f"
			then
				printf 'done before: %s\n' "$f" >"$work/h$pp_k/status"
				printf 'ok\n%s\n\n' "$f" >"$work/h$pp_k/result"
				continue
			fi
			printf 'waiting\n' >"$work/h$pp_k/status"
			pair_job "$pp_k" "$pp_a" "$pp_an" "$pp_b" "$pp_bn" "$pp_ba" </dev/null &
			running="$pp_k:$!"
			# Its end seen as it ends (on_job_end), its line shown
			# once a second.
			while ! job_done "$pp_k" "${running#*:}"
			do
				show
				fleet_nap 1
			done
			running=
			[ -f "$work/h$pp_k/result" ] ||
				printf 'failed\n\nits job ended without a word\n' >"$work/h$pp_k/result"
		done
	done
}

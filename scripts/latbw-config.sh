# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # shared variables: set in one file, used in another
# latbw-config.sh - part of latbw-run: the configuration: its keys and
# their checks, reading a config file (as data), the machine's defaults,
# printing it; the usage text and the version.  Sourced by scripts/latbw-
# run (it defines functions, and the settings they use); not a command of
# its own.

usage() {
	cat <<EOF
usage: $me [-p] [config-file]
  -p   print the configuration that would be used, as KEY=VALUE lines, and exit
  -h, --help   this help;  --version   latbw's version
Configuration keys (config file lines KEY=VALUE, or environment variables
LATBW_KEY; the old names KEY also, LATBW_KEY winning; a run names each
setting and its origin in its results file):
  MB=N             memory to sweep, MB (default: 4x the last-level cache;
                   above 1 GB, 2x and at least 1 GB)
  FSDIR=dir        directory for file system benchmarks (default: \$TMPDIR or /tmp)
  SYNC_MAX=N       copies run at once, passed as -P (default 1)
  BENCHMARKS=list  groups or program names to run (default all): $all_groups
  QUICK=0|1        quick mode: fewer sizes and repetitions, sweeps up to 2x the
                   last-level cache at most (make quick)
  ROUNDS=auto|N    rounds of the whole plan, each figure its fastest round's
                   (default: auto, 5 to 9 in a full run; 3 in quick mode)
  REPS=N           samples per figure, passed as -N (default: the programs' own)
  USECS=N          sample length in microseconds, passed as -E
  BOUND=N          time bound of each program in seconds, passed as -B
  NICE=N|off       the programs' nice value, -20 to 19 (default -20), or off
  SAME_CPU=quiet|N the CPU of the same-CPU steps: quiet (default: CPU 0, unless
                   another was clearly quieter as the step began) or a number
  IDLE=poll|os     idle CPUs during the cross-CPU steps: poll (default: the
                   programs ask that they poll, where a cpuidle driver heeds
                   it) or os (left to the OS, -I: wake-ups pay their exits)
  REMOTE=list      remote hosts for the network servers: name or name=address
  RSH=command      remote shell, split at blanks (default: ssh -o BatchMode=yes)
Environment only: LATBW_RESULTS_DIR (default results/), LATBW_CONFIG (a
config file), LATBW_RERUN=1 (start from the saved configuration of this
host; the three also without LATBW_), LATBW_BUILD or
LATBW_BIN (where the programs are), LATBW_SAVED_CONFIG (where the saved
configuration is kept; default <build>/CONFIG.<host>), LATBW_LLC (the
last-level cache size to plan for, in place of sysfs's: 260m).
EOF
}

# latbw's version: the VERSION file beside this script (installed) or at
# the top of the source tree.
latbw_version() {
	for f in "$script_dir/VERSION" "$top/VERSION"
	do
		if [ -r "$f" ]
		then
			sed -n '1p' "$f"
			return 0
		fi
	done
	echo unknown
}

config_keys="MB FSDIR SYNC_MAX BENCHMARKS QUICK ROUNDS REPS USECS BOUND NICE SAME_CPU IDLE REMOTE RSH"
# The remote shell when RSH is not set: ssh that never asks (a password
# prompt would stall an unattended run until its time bound).
default_rsh="ssh -o BatchMode=yes"

# ---------------------------------------------------------- configuration

# check_num KEY VALUE MIN MAX: a whole number in range, or a config error.
check_num() {
	case "$2" in
	'' | *[!0-9]* | 0*)
		config_error "$cfg_origin: $1=$2: not a whole number from $3 to $4"
		;;
	esac
	if [ "${#2}" -gt 9 ] || [ "$2" -lt "$3" ] || [ "$2" -gt "$4" ]
	then
		config_error "$cfg_origin: $1=$2: not a whole number from $3 to $4"
	fi
}

# set_key KEY VALUE: validate one configuration value and keep it.
set_key() {
	set_origin "$1" "$cfg_origin"
	case "$1" in
	MB)
		check_num MB "$2" 1 1048576
		c_MB=$2
		;;
	FSDIR)
		if [ -z "$2" ] || ! [ -d "$2" ] || ! [ -w "$2" ]
		then
			config_error "$cfg_origin: FSDIR=$2: not a writable directory"
		fi
		c_FSDIR=$(cd "$2" && pwd) ||
			config_error "$cfg_origin: FSDIR=$2: cannot enter it"
		;;
	SYNC_MAX)
		check_num SYNC_MAX "$2" 1 64
		c_SYNC_MAX=$2
		;;
	BENCHMARKS)
		sel=$(printf '%s\n' "$2" | tr ',' ' ')
		norm=
		for w in $sel
		do
			case " all $all_groups $all_progs " in
			*" $w "*) norm="$norm${norm:+ }$w" ;;
			*) config_error "$cfg_origin: BENCHMARKS: unknown group or program '$w' (groups: all $all_groups)" ;;
			esac
		done
		[ -n "$norm" ] ||
			config_error "$cfg_origin: BENCHMARKS is empty (groups: all $all_groups)"
		c_BENCHMARKS=$norm
		;;
	QUICK)
		case "$2" in
		1 | yes | YES | true) c_QUICK=1 ;;
		0 | no | NO | false) c_QUICK=0 ;;
		*) config_error "$cfg_origin: QUICK=$2: not 0 or 1" ;;
		esac
		;;
	ROUNDS)
		case "$2" in
		auto) ;;
		'' | *[!0-9]* | 0* | ??*)
			config_error "$cfg_origin: ROUNDS=$2: not auto or a whole number from 1 to 9"
			;;
		esac
		c_ROUNDS=$2
		;;
	REPS)
		[ -z "$2" ] || check_num REPS "$2" 1 1000
		c_REPS=$2
		;;
	USECS)
		[ -z "$2" ] || check_num USECS "$2" 10 60000000
		c_USECS=$2
		;;
	BOUND)
		check_num BOUND "$2" 1 604800
		c_BOUND=$2
		;;
	NICE)
		# A nice value from -20 to 19, or off (as the driver was started).
		case "$2" in
		off) ;;
		-[1-9] | -1[0-9] | -20 | [0-9] | 1[0-9]) ;;
		*) config_error "$cfg_origin: NICE=$2: not a nice value from -20 to 19, or off" ;;
		esac
		c_NICE=$2
		;;
	SAME_CPU)
		# quiet, or a CPU number (one that is online, where sysfs says).
		case "$2" in
		quiet) ;;
		'' | *[!0-9]* | 0?*)
			config_error "$cfg_origin: SAME_CPU=$2: not quiet or a CPU number"
			;;
		*)
			sc_online=$(read_line /sys/devices/system/cpu/online)
			if [ -n "$sc_online" ] &&
				! cpu_list "$sc_online" | grep -qx "$2"
			then
				config_error "$cfg_origin: SAME_CPU=$2: CPU $2 is not online here ($sc_online)"
			fi
			;;
		esac
		c_SAME_CPU=$2
		;;
	IDLE)
		case "$2" in
		poll | os) ;;
		*) config_error "$cfg_origin: IDLE=$2: not poll or os" ;;
		esac
		c_IDLE=$2
		;;
	REMOTE)
		# Words "name" or "name=address" (blanks or commas between).
		# Both parts are restricted to characters that no shell
		# interprets, and neither may start with "-" (an option).
		sel=$(printf '%s\n' "$2" | tr ',' ' ')
		norm=
		set -f
		for w in $sel
		do
			rn=${w%%=*}
			ra=${w#*=}
			case "$rn" in
			'' | -* | *[!A-Za-z0-9_.:@%-]*)
				set +f
				config_error "$cfg_origin: REMOTE: '$w': not name or name=address (name: letters, digits and _ . : @ % -)"
				;;
			esac
			case "$ra" in
			'' | -* | *[!A-Za-z0-9_.:%-]*)
				set +f
				config_error "$cfg_origin: REMOTE: '$w': bad address '$ra' (a host name or numeric address)"
				;;
			esac
			norm="$norm${norm:+ }$w"
		done
		set +f
		c_REMOTE=$norm
		;;
	RSH)
		# A command line split at blanks; no quotes, no expansion.
		rsh_words=$(printf '%s\n' "$2" | tr -d ' \t')
		[ -n "$rsh_words" ] ||
			config_error "$cfg_origin: RSH is empty (default: $default_rsh)"
		if printf '%s' "$2" | tr -d '\t' | grep -q '[[:cntrl:]]'
		then
			config_error "$cfg_origin: RSH holds a control character"
		fi
		c_RSH=$2
		;;
	*)
		config_error "$cfg_origin: unknown key '$1' (keys: $config_keys)"
		;;
	esac
}

# ------------------------------------------------- settings and their origin
#
# A setting KEY comes from the environment as LATBW_KEY (LATBW_MB=512), or
# under its old name KEY (MB=512, what make results MB=512 exports), which
# a variable of the same name left in the shell would also set: LATBW_KEY
# wins when both are set, and a run names what it took from an old name
# on standard error (env_notice).  Each setting's origin is kept
# (set_origin) and written in the results file (settings_lines).

# env_setting KEY: ev_val, the value the environment gives KEY, and
# ev_name, the variable it came from ("" when none); ev_shadowed, the
# old name's text when LATBW_KEY overrode a different one.
env_setting() {
	case "$1" in
	MB) ev_new=${LATBW_MB:-} ev_old=${MB:-} ;;
	FSDIR) ev_new=${LATBW_FSDIR:-} ev_old=${FSDIR:-} ;;
	SYNC_MAX) ev_new=${LATBW_SYNC_MAX:-} ev_old=${SYNC_MAX:-} ;;
	BENCHMARKS) ev_new=${LATBW_BENCHMARKS:-} ev_old=${BENCHMARKS:-} ;;
	QUICK) ev_new=${LATBW_QUICK:-} ev_old=${QUICK:-} ;;
	ROUNDS) ev_new=${LATBW_ROUNDS:-} ev_old=${ROUNDS:-} ;;
	REPS) ev_new=${LATBW_REPS:-} ev_old=${REPS:-} ;;
	USECS) ev_new=${LATBW_USECS:-} ev_old=${USECS:-} ;;
	BOUND) ev_new=${LATBW_BOUND:-} ev_old=${BOUND:-} ;;
	NICE) ev_new=${LATBW_NICE:-} ev_old=${NICE:-} ;;
	SAME_CPU) ev_new=${LATBW_SAME_CPU:-} ev_old=${SAME_CPU:-} ;;
	IDLE) ev_new=${LATBW_IDLE:-} ev_old=${IDLE:-} ;;
	REMOTE) ev_new=${LATBW_REMOTE:-} ev_old=${REMOTE:-} ;;
	RSH) ev_new=${LATBW_RSH:-} ev_old=${RSH:-} ;;
	CONFIG) ev_new=${LATBW_CONFIG:-} ev_old=${CONFIG:-} ;;
	RERUN) ev_new=${LATBW_RERUN:-} ev_old=${RERUN:-} ;;
	RESULTS_DIR) ev_new=${LATBW_RESULTS_DIR:-} ev_old=${RESULTS_DIR:-} ;;
	*) ev_new='' ev_old='' ;;
	esac
	ev_val=
	ev_name=
	ev_shadowed=
	if [ -n "$ev_new" ]
	then
		ev_val=$ev_new
		ev_name=LATBW_$1
		[ -n "$ev_old" ] && [ "$ev_old" != "$ev_new" ] && ev_shadowed=$ev_old
	elif [ -n "$ev_old" ]
	then
		ev_val=$ev_old
		ev_name=$1
	fi
	return 0
}

# env_take KEY: env_setting, and what env_notice says of it (a setting,
# CONFIG or RERUN; RESULTS_DIR, which the run names as it begins, is
# taken with env_setting alone).
env_take() {
	env_setting "$1"
	if [ -n "$ev_shadowed" ]
	then
		env_ignored="$env_ignored${env_ignored:+, }$1=$ev_shadowed"
	elif [ "$ev_name" = "$1" ]
	then
		env_old="$env_old${env_old:+ }$1"
	fi
}

# env_notice: one line on standard error naming the settings taken from
# old names, and the old names that a LATBW_ name overrode.
env_notice() {
	if [ -n "${env_old:-}" ]
	then
		say "note: from the environment without the LATBW_ prefix: $env_old (LATBW_$(printf '%s' "$env_old" | sed 's/ / LATBW_/g') cannot be set by accident)"
	fi
	if [ -n "${env_ignored:-}" ]
	then
		say "note: ignored, a LATBW_ name set them too: $env_ignored"
	fi
	return 0
}

# set_origin KEY ORIGIN: where KEY's value came from (the last one wins).
set_origin() {
	cfg_origins="$cfg_origins$1 $2
"
}

# origin_of KEY: its origin, or "default".
origin_of() {
	oo=$(printf '%s' "$cfg_origins" | sed -n "s/^$1 //p" | sed -n '$p')
	printf '%s\n' "${oo:-default}"
}

# settings_lines: one line per setting of the run, KEY=VALUE (origin), and
# the environment-only ones that were set; put in the results file as
# [LATBW_SET: ...] lines (results-format(7)).
settings_lines() {
	for k in $config_keys
	do
		case "$k" in
		MB) v=$c_MB ;;
		FSDIR) v=$c_FSDIR ;;
		SYNC_MAX) v=$c_SYNC_MAX ;;
		BENCHMARKS) v=$c_BENCHMARKS ;;
		QUICK) v=$c_QUICK ;;
		ROUNDS) v=$c_ROUNDS ;;
		REPS) v=$c_REPS ;;
		USECS) v=$c_USECS ;;
		BOUND) v=$bound ;;
		NICE) v=$c_NICE ;;
		SAME_CPU) v=$c_SAME_CPU ;;
		IDLE) v=$c_IDLE ;;
		REMOTE) v=$c_REMOTE ;;
		RSH) v=$c_RSH ;;
		esac
		printf '[LATBW_SET: %s=%s (%s)]\n' "$k" "$v" "$(origin_of "$k")"
	done
	[ -n "$cfg_file" ] && printf '[LATBW_SET: CONFIG=%s (%s)]\n' "$cfg_file" "$cfg_file_origin"
	[ "$rerun" = 1 ] && printf '[LATBW_SET: RERUN=1 (%s, from %s)]\n' "$rerun_origin" "$saved_config"
	[ -n "${LATBW_LLC:-}" ] && printf '[LATBW_SET: LATBW_LLC=%s (environment)]\n' "$LATBW_LLC"
	[ -n "${LATBW_ROUND_BUDGET:-}" ] && printf '[LATBW_SET: LATBW_ROUND_BUDGET=%s (environment)]\n' "$LATBW_ROUND_BUDGET"
	printf '[LATBW_SET: programs=%s]\n' "$bin"
	return 0
}

# read_config FILE: apply a KEY=VALUE file.  awk checks the form of each
# line and prints "KEY=VALUE" (quotes around the value removed); the shell
# only splits at the first "=".  Nothing is evaluated.
read_config() {
	if ! [ -f "$1" ] || ! [ -r "$1" ]
	then
		config_error "config file $1: cannot read it"
	fi
	parsed=$(awk -v keys=" $config_keys " '
		{ sub(/\r$/, "") }
		/^[ \t]*(#.*)?$/ { next }
		{
			line = $0
			sub(/^[ \t]+/, "", line)
			sub(/[ \t]+$/, "", line)
			if (line !~ /^[A-Za-z_][A-Za-z0-9_]*[ \t]*=/) {
				printf "line %d: not KEY=VALUE: %s\n", NR, line
				exit 2
			}
			key = line
			sub(/[ \t]*=.*/, "", key)
			val = line
			sub(/^[^=]*=[ \t]*/, "", val)
			if (length(val) >= 2 &&
			    ((val ~ /^".*"$/) || (val ~ /^\047.*\047$/)))
				val = substr(val, 2, length(val) - 2)
			if (index(keys, " " key " ") == 0) {
				printf "line %d: unknown key %s\n", NR, key
				exit 2
			}
			printf "%d %s=%s\n", NR, key, val
		}' "$1")
	rc=$?
	if [ "$rc" -ne 0 ]
	then
		config_error "config file $1: $(printf '%s\n' "$parsed" | sed -n '$p')"
	fi
	while IFS= read -r parsed_line
	do
		[ -n "$parsed_line" ] || continue
		cfg_origin="config file $1 line ${parsed_line%% *}"
		key_value=${parsed_line#* }
		set_key "${key_value%%=*}" "${key_value#*=}"
	done <<EOF
$parsed
EOF
}

# grid_mb BYTES: the least size in MB, at least 8, that holds BYTES and is
# a size lat_mem_rd measures at (eight sizes per doubling: 8, 9, ... 15,
# 16, 18, ... 30, 32, 36, ... 512, 576, 640 ...), so that its sweep ends
# there.  Not the next power of two: a 260 MB cache would have its sweeps
# go to 2048 MB for 1040, twice the time for nothing.
grid_mb() {
	g_base=8
	while [ $((g_base * 2 * 1048576)) -le "$1" ]
	do
		g_base=$((g_base * 2))
	done
	g_mb=$g_base
	while [ $((g_mb * 1048576)) -lt "$1" ]
	do
		g_mb=$((g_mb + g_base / 8))
	done
	printf '%s\n' "$g_mb"
}

# Defaults from the machine.  plan_llc is the last-level cache in bytes
# (0: unknown) the plan sizes quick mode's sweeps by; LATBW_LLC sets it
# (to plan for another machine, or where sysfs says nothing).
machine_defaults() {
	llc=0
	for d in /sys/devices/system/cpu/cpu0/cache/index*
	do
		[ -r "$d/size" ] || continue
		[ "$(read_line "$d/type")" = Instruction ] && continue
		s=$(to_bytes "$(read_line "$d/size")")
		[ -n "$s" ] && [ "$s" -gt "$llc" ] && llc=$s
	done
	if [ -n "${LATBW_LLC:-}" ]
	then
		llc=$(to_bytes "$LATBW_LLC")
		case "$llc" in
		'' | 0 | *[!0-9]*)
			config_error "LATBW_LLC=$LATBW_LLC: not a size (bytes, or with k, m or g)"
			;;
		esac
	fi
	if [ "$llc" -eq 0 ]
	then
		for v in LEVEL4_CACHE_SIZE LEVEL3_CACHE_SIZE LEVEL2_CACHE_SIZE
		do
			s=$(getconf "$v" 2>/dev/null)
			case "$s" in
			'' | *[!0-9]*) ;;
			*) [ "$s" -gt "$llc" ] && llc=$s ;;
			esac
		done
	fi
	# 4x the last-level cache, in MB on lat_mem_rd's grid; 64 MB when
	# unknown.  Above 1 GB, twice the cache (the least the summary reads
	# main memory at), at least 1 GB: a guest shown a whole EPYC socket's
	# L3 (508 MB) would have swept 2 GB, and with 12 us a first touch of
	# a small page there, a full run took 32 minutes.
	want=64
	if [ "$llc" -gt 0 ]
	then
		want=$(grid_mb $((llc * 4)))
		if [ "$want" -gt 1024 ]
		then
			want=$(grid_mb $((llc * 2)))
			[ "$want" -lt 1024 ] && want=1024
		fi
	fi
	# ...within an eighth of the memory (stream uses three arrays of MB),
	# a power of two too.
	memkb=$(awk '$1 == "MemAvailable:" { a = $2 } $1 == "MemTotal:" { t = $2 }
		END { if (a) print a; else if (t) print t }' /proc/meminfo 2>/dev/null)
	case "$memkb" in
	'' | *[!0-9]*) ;;
	*)
		cap=1
		while [ $((cap * 2)) -le $((memkb / 1024 / 8)) ]
		do
			cap=$((cap * 2))
		done
		[ "$want" -gt "$cap" ] && want=$cap
		;;
	esac
	plan_llc=$llc
	c_MB=$want
	c_FSDIR=${TMPDIR:-/tmp}
	c_FSDIR=$(cd "$c_FSDIR" 2>/dev/null && pwd) || c_FSDIR=/tmp
	c_SYNC_MAX=1
	c_BENCHMARKS=all
	c_QUICK=0
	c_ROUNDS=
	c_REPS=
	c_USECS=
	c_BOUND=
	c_NICE=-20
	c_SAME_CPU=quiet
	c_IDLE=poll
	c_REMOTE=
	c_RSH=$default_rsh
}

print_config() {
	printf 'MB=%s\nFSDIR=%s\nSYNC_MAX=%s\nBENCHMARKS=%s\nQUICK=%s\nROUNDS=%s\nREPS=%s\nUSECS=%s\nBOUND=%s\nNICE=%s\nSAME_CPU=%s\nIDLE=%s\nREMOTE=%s\nRSH=%s\n' \
		"$c_MB" "$c_FSDIR" "$c_SYNC_MAX" "$c_BENCHMARKS" "$c_QUICK" \
		"$c_ROUNDS" "$c_REPS" "$c_USECS" "$c_BOUND" "$c_NICE" "$c_SAME_CPU" \
		"$c_IDLE" "$c_REMOTE" "$c_RSH"
}

# default_rounds: ROUNDS when not set: auto in a full run (5 to 9, as
# many as fit in the time a run may take: latbw-run), 3 in quick mode
# (its time is short).
default_rounds() {
	[ -n "$c_ROUNDS" ] && return 0
	c_ROUNDS=auto
	[ "$c_QUICK" = 1 ] && c_ROUNDS=3
	return 0
}

# derive_samples: the samples, sample length and time bound the programs
# get (reps, usecs, bound, hard_bound; round_reps and sweep_reps).
derive_samples() {
	reps=$c_REPS
	usecs=$c_USECS
	bound=$c_BOUND
	# In several rounds each measurement is shorter, so that the rounds fit
	# the time one round may take (REPS and USECS, when set, decide for
	# themselves): in quick mode 2 samples a figure instead of 3; in a full
	# run of five rounds or more 3 samples a figure instead of the programs'
	# own 5 to 33, and 1 for each point of a sweep (the steps that take at
	# most 5 in one round: flag N) instead of 5, since the sweeps' start-up
	# grows with the rounds (2 made a run planned for a 260 MB cache take
	# 9:41, 1 8:20); in two to four rounds, 5 and 3.
	round_reps=
	sweep_reps=
	if [ "$c_QUICK" = 1 ]
	then
		if [ "$c_ROUNDS" = auto ] || [ "$c_ROUNDS" -gt 1 ]
		then
			: "${reps:=2}"
		fi
		: "${reps:=3}"
		: "${usecs:=1000}"
		: "${bound:=60}"
	else
		if [ "$c_ROUNDS" = auto ] || [ "$c_ROUNDS" -ge 5 ]
		then
			round_reps=3
			sweep_reps=1
		elif [ "$c_ROUNDS" -gt 1 ]
		then
			round_reps=5
			sweep_reps=3
		fi
		: "${bound:=300}"
	fi
	hard_bound=$((bound + 10))
}

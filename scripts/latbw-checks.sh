# shellcheck shell=sh
# latbw-checks.sh - part of latbw-run: the checks of the configuration's
# values, one for each CHECK of the keys' table (latbw-config.sh), which
# set_key calls.  Sourced by scripts/latbw-run (it defines functions);
# not a command of its own.

# check_WORD KEY VALUE [ARGS...]: VALUE is what KEY may be (the table's
# CHECK, with its ARGS), or a configuration error naming where it came
# from (cfg_origin); sets cv, the value kept.

# check_num KEY VALUE MIN MAX: a whole number in range.
check_num() {
	case "$2" in
	'' | *[!0-9]* | 0*)
		config_error "${cfg_origin:?}: $1=$2: not a whole number from $3 to $4"
		;;
	esac
	if [ "${#2}" -gt 9 ] || [ "$2" -lt "$3" ] || [ "$2" -gt "$4" ]
	then
		config_error "$cfg_origin: $1=$2: not a whole number from $3 to $4"
	fi
	cv=$2
}

# check_num_or_none KEY VALUE MIN MAX: empty (the default), or check_num.
check_num_or_none() {
	cv=
	[ -z "$2" ] || check_num "$@"
}

# check_dir KEY VALUE: a writable directory, kept as an absolute path.
check_dir() {
	if [ -z "$2" ] || ! [ -d "$2" ] || ! [ -w "$2" ]
	then
		config_error "$cfg_origin: $1=$2: not a writable directory"
	fi
	real_dir "$2" || config_error "$cfg_origin: $1=$2: cannot enter it"
	cv=${rd_dir?}
}

# words TEXT: sets wd_list, the words of TEXT (blanks or commas between)
# one blank apart, no wildcard expanded.
words() {
	wd_list=
	wd_ifs=$IFS
	IFS=' 	,
'
	set -f
	for wd_w in $1
	do
		[ -n "$wd_w" ] && wd_list="$wd_list${wd_list:+ }$wd_w"
	done
	set +f
	IFS=$wd_ifs
}

# check_groups KEY VALUE: group or program names of the registry
# (all_groups, all_progs).
check_groups() {
	words "$2"
	for cg_w in $wd_list
	do
		case " all ${all_groups:?} ${all_progs:?} " in
		*" $cg_w "*) ;;
		*) config_error "$cfg_origin: $1: unknown group or program '$cg_w' (groups: all $all_groups)" ;;
		esac
	done
	[ -n "$wd_list" ] || config_error "$cfg_origin: $1 is empty (groups: all $all_groups)"
	cv=$wd_list
}

# check_bool KEY VALUE: 1 or 0 (yes, true; no, false).
check_bool() {
	case "$2" in
	1 | yes | YES | true) cv=1 ;;
	0 | no | NO | false) cv=0 ;;
	*) config_error "$cfg_origin: $1=$2: not 0 or 1" ;;
	esac
}

# check_rounds KEY VALUE: auto, or 1 to 9.
check_rounds() {
	case "$2" in
	auto) ;;
	'' | *[!0-9]* | 0* | ??*)
		config_error "$cfg_origin: $1=$2: not auto or a whole number from 1 to 9"
		;;
	esac
	cv=$2
}

# check_nice KEY VALUE: a nice value from -20 to 19, or off (as the
# driver was started).
check_nice() {
	case "$2" in
	off) ;;
	-[1-9] | -1[0-9] | -20 | [0-9] | 1[0-9]) ;;
	*) config_error "$cfg_origin: $1=$2: not a nice value from -20 to 19, or off" ;;
	esac
	cv=$2
}

# check_cpu KEY VALUE: quiet, or a CPU number (one that is online, where
# sysfs says).
check_cpu() {
	case "$2" in
	quiet) ;;
	'' | *[!0-9]* | 0?*)
		config_error "$cfg_origin: $1=$2: not quiet or a CPU number"
		;;
	*)
		line_of /sys/devices/system/cpu/online
		cpu_list "${rl_line:-}"
		case "$rl_line:${cl_cpus:?}" in
		:* | *" $2 "*) ;;
		*) config_error "$cfg_origin: $1=$2: CPU $2 is not online here ($rl_line)" ;;
		esac
		;;
	esac
	cv=$2
}

# check_choice KEY VALUE WORD...: one of the WORDs.
check_choice() {
	cc_key=$1
	cv=$2
	shift 2
	cc_words=
	for cc_w in "$@"
	do
		[ "$cv" = "$cc_w" ] && return 0
		cc_words="$cc_words${cc_words:+ or }$cc_w"
	done
	config_error "$cfg_origin: $cc_key=$cv: not $cc_words"
}

# check_hosts KEY VALUE: words "name" or "name=address".  Both parts are
# restricted to characters that no shell interprets, and neither may
# start with "-" (an option).
check_hosts() {
	words "$2"
	for ch_w in $wd_list
	do
		ch_addr=${ch_w#*=}
		case "${ch_w%%=*}" in
		'' | -* | *[!A-Za-z0-9_.:@%-]*)
			config_error "$cfg_origin: $1: '$ch_w': not name or name=address (name: letters, digits and _ . : @ % -)"
			;;
		esac
		case "$ch_addr" in
		'' | -* | *[!A-Za-z0-9_.:%-]*)
			config_error "$cfg_origin: $1: '$ch_w': bad address '$ch_addr' (a host name or numeric address)"
			;;
		esac
	done
	cv=$wd_list
}

# check_command KEY VALUE: a command line split at blanks (no quotes, no
# expansion): not empty, no control character but tabs.
check_command() {
	case "$2" in
	*[![:blank:]]*) ;;
	*) config_error "$cfg_origin: $1 is empty (default: ${cfg_default_RSH:?})" ;;
	esac
	if printf '%s' "$2" | tr -d '\t' | grep -q '[[:cntrl:]]'
	then
		config_error "$cfg_origin: $1 holds a control character"
	fi
	cv=$2
}


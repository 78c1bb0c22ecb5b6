# shellcheck shell=sh
# latbw-config.sh - part of latbw-run: the configuration: its keys (one
# table), reading a config file (as data), the settings and where each
# came from, printing them, the machine's defaults; the usage text and
# the version.
# Sourced by scripts/latbw-run and scripts/latbw-fleet (it defines
# functions, and config_keys); not a command of its own.

# ------------------------------------------------------------- the keys
#
# Every configuration key, one a line: KEY;FORM;DEFAULT;CHECK;HELP
#   FORM     what the value is, as --help and doc/latbw-run.1 show it
#            (KEY=FORM)
#   DEFAULT  its value before the saved configuration, a config file or
#            the environment set it; @machine: the machine's
#            (machine_defaults); an empty ROUNDS or BOUND is decided from
#            QUICK (default_rounds, derive_samples)
#   CHECK    check_WORD and its arguments: what a value must be, and the
#            form it is kept in (c_KEY)
#   HELP     its text in --help (@GROUPS@: the groups of the registry)
# The parser (read_config, set_key), the environment (env_setting), -p
# (print_config), the results file (settings_lines) and --help (usage)
# read it; doc/latbw-run.1 lists the same keys in the same order and
# forms (t9005 checks that the three agree).  No field holds a ";".
# shellcheck disable=SC2016 # $TMPDIR: a text of --help
config_table='MB;N;@machine;num 1 1048576;memory to sweep, MB (default: 8x the last-level cache, above 1 GB 2x it and at least 1 GB, at most an eighth of the memory)
FSDIR;dir;@machine;dir;directory for file system benchmarks (default: $TMPDIR or /tmp)
SYNC_MAX;N;1;num 1 64;copies run at once, passed as -P (default 1)
BENCHMARKS;list;all;groups;groups or program names to run (default all): @GROUPS@
QUICK;0|1;0;bool;quick mode: fewer sizes and repetitions, sweeps up to 2x the last-level cache at most (make quick)
ROUNDS;auto|N;;rounds;rounds of the whole plan (1 to 9), each figure its fastest round'"'"'s (default: auto, 5 to 9 in a full run, 3 in quick mode)
REPS;N;;num_or_none 1 1000;samples per figure, passed as -N (default: the programs'"'"' own)
USECS;N;;num_or_none 10 60000000;sample length in microseconds, passed as -E
BOUND;N;;num_or_none 1 604800;time bound of each program in seconds, passed as -B (default 300, 60 in quick mode)
NICE;N|off;-20;nice;the programs'"'"' nice value, -20 to 19 (default -20), or off
SAME_CPU;quiet|N;quiet;cpu;the CPU of the same-CPU steps: quiet (default: CPU 0, unless another was clearly quieter as the step began) or a number
IDLE;poll|os;poll;choice poll os;idle CPUs during the cross-CPU steps: poll (default: the programs ask that they poll, where a cpuidle driver heeds it) or os (left to the OS, -I: wake-ups pay their exits)
REMOTE;list;;hosts;remote hosts for the network servers: name or name=address
RSH;command;ssh -o BatchMode=yes;command;remote shell, split at blanks (default: ssh -o BatchMode=yes)'

# read_table: config_keys, the keys in order, and for each KEY
# cfg_default_KEY and cfg_check_KEY.  Here, in key_value and in keep, a
# variable's name is made from a key with eval: the names of this table
# only (checked), never a value.
read_table() {
	config_keys=
	rt_ifs=$IFS
	IFS='
'
	set -f
	for rt_line in $config_table
	do
		rt_key=${rt_line%%;*}
		rt_rest=${rt_line#*;}
		rt_rest=${rt_rest#*;}
		case "$rt_key" in
		'' | *[!A-Z_]*)
			printf 'latbw-config.sh: not a key: %s\n' "$rt_line" >&2
			exit 2
			;;
		esac
		eval "cfg_default_$rt_key=\${rt_rest%%;*}"
		rt_rest=${rt_rest#*;}
		eval "cfg_check_$rt_key=\${rt_rest%%;*}"
		config_keys="$config_keys${config_keys:+ }$rt_key"
	done
	set +f
	IFS=$rt_ifs
}

# is_key NAME: NAME is a key of the table.
is_key() {
	case " $config_keys " in
	*" $1 "*) return 0 ;;
	esac
	return 1
}

# key_value KEY: kv, the value KEY has now (c_KEY).
key_value() {
	is_key "$1" && eval "kv=\${c_$1}"
}

# keep KEY VALUE: KEY's value is VALUE (c_KEY=VALUE).
keep() {
	is_key "$1" && eval "c_$1=\$2"
}

# table_defaults: every key its DEFAULT (@machine: left to
# machine_defaults), and no origin yet.
table_defaults() {
	for td_key in $config_keys
	do
		td_value=
		eval "td_value=\$cfg_default_$td_key"
		[ "$td_value" = @machine ] || keep "$td_key" "$td_value"
	done
	cfg_origins=
}

# usage: the help text; the keys' lines from the table, each text
# wrapped under its KEY=FORM (but the list of groups).
usage() {
	cat <<EOF
usage: ${me:?} [-p] [config-file]
  -p   print the configuration that would be used, as KEY=VALUE lines, and exit
  -h, --help   this help;  --version   latbw's version
Configuration keys (config file lines KEY=VALUE, or environment variables
LATBW_KEY; the old names KEY also, LATBW_KEY winning; a run names each
setting and its origin in its results file):
EOF
	printf '%s\n' "$config_table" | awk -F ';' -v groups="${all_groups:-}" '{
		help = $5
		# The groups, on the line of their key whatever its length
		# (grep BENCHMARKS= finds them).
		if (sub(/@GROUPS@/, "\001", help))
			gsub(/ /, "\001", groups)
		sub(/\001/, groups, help)
		line = sprintf("  %-16s", $1 "=" $2)
		n = split(help, w, " ")
		for (i = 1; i <= n; i++) {
			if (length(line) + 1 + length(w[i]) > 78 && line !~ /^ *$/ &&
			    w[i] !~ /\001/) {
				print line
				line = sprintf("%18s", "")
			}
			line = line " " w[i]
		}
		gsub(/\001/, " ", line)
		print line
	}'
	cat <<EOF
Environment only: LATBW_RESULTS_DIR (default results/), LATBW_CONFIG (a
config file), LATBW_RERUN=1 (start from the saved configuration of this
host; the three also without LATBW_), LATBW_BUILD or
LATBW_BIN (where the programs are), LATBW_SAVED_CONFIG (where the saved
configuration is kept; default <build>/CONFIG.<host>), LATBW_LLC (the
last-level cache size to plan for, in place of sysfs's: 260m), LATBW_GRACE
(the seconds, 10 by default, a program may run past its BOUND before it
is killed, and a server started here may wait for a client).
EOF
}

# latbw's version: the VERSION file beside this script (installed) or at
# the top of the source tree; read_version sets lv_line to it (no process).
latbw_version() {
	read_version
	printf '%s\n' "$lv_line"
}

read_version() {
	for lv_file in "${script_dir:?}/VERSION" "${top:?}/VERSION"
	do
		if [ -r "$lv_file" ]
		then
			lv_line=
			IFS= read -r lv_line <"$lv_file"
			return 0
		fi
	done
	lv_line=unknown
}

# ------------------------------------------------------------ set_key

# set_key KEY VALUE: check one configuration value (with its CHECK, a
# check_WORD of latbw-checks.sh) and keep it.
set_key() {
	is_key "$1" || config_error "$cfg_origin: unknown key '$1' (keys: $config_keys)"
	set_origin "$1" "$cfg_origin"
	eval "sk_check=\$cfg_check_$1"
	sk_key=$1
	set -f
	# shellcheck disable=SC2086 # the check's name and its arguments
	set -- "$1" "$2" $sk_check
	set +f
	sk_check=$3
	sk_value=$2
	shift 3
	cv=
	"check_$sk_check" "$sk_key" "$sk_value" "$@"
	keep "$sk_key" "$cv"
}

# ------------------------------------------------- settings and their origin
#
# A setting KEY comes from the environment as LATBW_KEY (LATBW_MB=512), or
# under its old name KEY (MB=512, what make results MB=512 exports), which
# a variable of the same name left in the shell would also set: LATBW_KEY
# wins when both are set, and a run names what it took from an old name
# on standard error (env_notice).  Each setting's origin is kept
# (set_origin) and written in the results file (settings_lines).

# env_setting NAME: ev_val, the value the environment gives NAME (a key,
# CONFIG, RERUN or RESULTS_DIR), and ev_name, the variable it came from
# ("" when none); ev_shadowed, the old name's text when LATBW_NAME
# overrode a different one.
env_setting() {
	ev_new=
	ev_old=
	case "$1" in
	'' | *[!A-Z_]*) ;;
	*) eval "ev_new=\${LATBW_$1:-} ev_old=\${$1:-}" ;;
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

# env_take NAME: env_setting, and what env_notice says of it (a setting,
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

# env_keys: the keys the environment sets, set (LATBW_KEY, else KEY).
env_keys() {
	for ek_key in $config_keys
	do
		env_take "$ek_key"
		if [ -n "$ev_val" ]
		then
			cfg_origin="environment $ev_name"
			set_key "$ek_key" "$ev_val"
		fi
	done
}

# env_notice: one line on standard error naming the settings taken from
# old names, and the old names that a LATBW_ name overrode.
env_notice() {
	if [ -n "${env_old:-}" ]
	then
		en_new=
		for en_name in $env_old
		do
			en_new="$en_new${en_new:+ }LATBW_$en_name"
		done
		say "note: from the environment without the LATBW_ prefix: $env_old ($en_new cannot be set by accident)"
	fi
	if [ -n "${env_ignored:-}" ]
	then
		say "note: ignored, a LATBW_ name set them too: $env_ignored"
	fi
	return 0
}

# set_origin KEY ORIGIN: where KEY's value came from (the last one wins).
set_origin() {
	is_key "$1" && eval "o_$1=\$2"
	cfg_origins="$cfg_origins $1"
}

# settings_lines: one line per setting of the run, KEY=VALUE (origin), and
# the environment-only ones that were set; put in the results file as
# [LATBW_SET: ...] lines (results-format(7)).  BOUND is the one the
# programs get (derive_samples).
settings_lines() {
	for sl_key in $config_keys
	do
		key_value "$sl_key"
		[ "$sl_key" = BOUND ] && kv=${bound:?}
		sl_origin=default
		case "$cfg_origins " in
		*" $sl_key "*) eval "sl_origin=\$o_$sl_key" ;;
		esac
		printf '[LATBW_SET: %s=%s (%s)]\n' "$sl_key" "$kv" "$sl_origin"
	done
	[ -n "${cfg_file:-}" ] && printf '[LATBW_SET: CONFIG=%s (%s)]\n' "$cfg_file" "${cfg_file_origin:?}"
	[ "${rerun:-}" = 1 ] && printf '[LATBW_SET: RERUN=1 (%s, from %s)]\n' "${rerun_origin:?}" "${saved_config:?}"
	[ -n "${LATBW_LLC:-}" ] && printf '[LATBW_SET: LATBW_LLC=%s (environment)]\n' "$LATBW_LLC"
	[ -n "${LATBW_ROUND_BUDGET:-}" ] && printf '[LATBW_SET: LATBW_ROUND_BUDGET=%s (environment)]\n' "$LATBW_ROUND_BUDGET"
	[ -n "${LATBW_GRACE:-}" ] && printf '[LATBW_SET: LATBW_GRACE=%s (environment)]\n' "$LATBW_GRACE"
	printf '[LATBW_SET: programs=%s]\n' "${bin:-}"
	return 0
}

# print_config: the configuration as KEY=VALUE lines (-p, and the saved
# configuration a rerun reads).
print_config() {
	for pc_key in $config_keys
	do
		key_value "$pc_key"
		printf '%s=%s\n' "$pc_key" "$kv"
	done
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
		config_error "config file $1: ${parsed##*
}"
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

# ------------------------------------------------- the machine's defaults

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
}

# machine_defaults: every key its default (table_defaults), MB and FSDIR
# from the machine.  plan_llc is the last-level cache in bytes (0:
# unknown) the plan sizes quick mode's sweeps by; LATBW_LLC sets it (to
# plan for another machine, or where sysfs says nothing).
machine_defaults() {
	table_defaults
	read_caches
	read_meminfo
	plan_llc=${llc:?}
	if [ -n "${LATBW_LLC:-}" ]
	then
		size_bytes "$LATBW_LLC"
		case "${sb_bytes?}" in
		'' | 0)
			config_error "LATBW_LLC=$LATBW_LLC: not a size (bytes, or with k, m or g)"
			;;
		esac
		plan_llc=$sb_bytes
	fi
	if [ "$plan_llc" -eq 0 ]
	then
		for md_name in LEVEL4_CACHE_SIZE LEVEL3_CACHE_SIZE LEVEL2_CACHE_SIZE
		do
			md_size=$(getconf "$md_name" 2>/dev/null)
			case "$md_size" in
			'' | *[!0-9]*) ;;
			*) [ "$md_size" -gt "$plan_llc" ] && plan_llc=$md_size ;;
			esac
		done
	fi
	default_mb
	c_FSDIR=${TMPDIR:-/tmp}
	real_dir "$c_FSDIR" 2>/dev/null || rd_dir=/tmp
	c_FSDIR=${rd_dir?}
}

# default_mb: c_MB, 8x the last-level cache (plan_llc), in MB on
# lat_mem_rd's grid, where the summary reads main memory (at 4x a guest's
# fastest round hit its L3 a quarter of the time); 64 MB when unknown.  Above 1 GB, twice the cache
# (the least the summary reads main memory at), at least 1 GB: a guest
# shown a whole EPYC socket's L3 (508 MB) would have swept 2 GB, and with
# 12 us a first touch of a small page there, a full run took 32 minutes.
# Within an eighth of the memory (stream uses three arrays of MB), a
# power of two too.
default_mb() {
	c_MB=64
	if [ "$plan_llc" -gt 0 ]
	then
		grid_mb $((plan_llc * 8))
		c_MB=$g_mb
		if [ "$c_MB" -gt 1024 ]
		then
			grid_mb $((plan_llc * 2))
			c_MB=$g_mb
			[ "$c_MB" -lt 1024 ] && c_MB=1024
		fi
	fi
	dm_kb=${mem_avail_kb:-0}
	[ "$dm_kb" = 0 ] && dm_kb=${mem_total_kb:-}
	case "$dm_kb" in
	'' | *[!0-9]*) return 0 ;;
	esac
	dm_cap=1
	while [ $((dm_cap * 2)) -le $((dm_kb / 1024 / 8)) ]
	do
		dm_cap=$((dm_cap * 2))
	done
	[ "$c_MB" -gt "$dm_cap" ] && c_MB=$dm_cap
	return 0
}

read_table

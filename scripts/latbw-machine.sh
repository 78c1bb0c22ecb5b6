# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # shared variables: set in one file, used in another
# latbw-machine.sh - part of latbw-run: the machine header of the results
# file, and the figures taken after the run (load, steal, elapsed time).
# Sourced by scripts/latbw-run (it defines functions, and the settings
# they use); not a command of its own.

# -------------------------------------------------------- machine facts

# key_line KEY VALUE: the header line "[KEY: VALUE]"; none when VALUE is
# empty (what the system does not say is left out, not guessed).
key_line() {
	[ -n "$2" ] && printf '[%s: %s]\n' "$1" "$2"
}

cpu_stat() {
	# "steal total" ticks from the first line of /proc/stat.
	awk '$1 == "cpu" {
		t = 0
		for (i = 2; i <= NF && i <= 9; i++) t += $i
		print $9 + 0, t
		exit
	}' /proc/stat 2>/dev/null
}

steal_pct() {
	# steal_pct STEAL TOTAL
	awk -v s="$1" -v t="$2" 'BEGIN { if (t > 0) printf "%.2f%%\n", 100 * s / t }'
}

load_avg() {
	if [ -r /proc/loadavg ]
	then
		awk '{ print $1, $2, $3; exit }' /proc/loadavg
	else
		uptime 2>/dev/null | sed -n 's/.*load averages*: *//p' | tr -d ','
	fi
}

machine_header() {
	if [ -r /proc/cpuinfo ]
	then
		# x86, arm64, arm and riscv fields alike; see cpuinfo.awk.
		awk -v midr="$(read_line /sys/devices/system/cpu/cpu0/regs/identification/midr_el1)" \
			-f "$script_dir/cpuinfo.awk" /proc/cpuinfo
	else
		key_line CPU_MODEL "$(sysctl -n machdep.cpu.brand_string hw.model 2>/dev/null | sed -n 1p)"
	fi
	ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null)
	key_line PROCESSORS "$ncpu"
	key_line CPUS_ONLINE "$(read_line /sys/devices/system/cpu/online)"
	key_line SMT "$(read_line /sys/devices/system/cpu/smt/control)"
	# Cache sizes as the system reports them (the cache program measures).
	for d in /sys/devices/system/cpu/cpu0/cache/index*
	do
		[ -r "$d/size" ] || continue
		lvl=$(read_line "$d/level")
		case "$(read_line "$d/type")" in
		Data) name=L${lvl}D ;;
		Instruction) name=L${lvl}I ;;
		*) name=L$lvl ;;
		esac
		key_line "CACHE_$name" "$(to_bytes "$(read_line "$d/size")")"
		key_line "CACHE_${name}_SHARED_CPUS" "$(read_line "$d/shared_cpu_list")"
		[ -z "${cline:-}" ] && cline=$(read_line "$d/coherency_line_size")
	done
	# Without sysfs, getconf's, marked as such (CACHE_FROM): on x86 they
	# are CPUID's, and a guest may be shown the whole socket's L3 (508
	# MB on a 2-vCPU EPYC guest whose curve left L3 at 5 MB), so the
	# summary reads the levels at the measured sizes first.
	if ! [ -d /sys/devices/system/cpu/cpu0/cache/index0 ]
	then
		gc_any=
		for v in LEVEL1_DCACHE_SIZE:L1D LEVEL2_CACHE_SIZE:L2 LEVEL3_CACHE_SIZE:L3
		do
			s=$(getconf "${v%:*}" 2>/dev/null)
			case "$s" in
			'' | 0 | *[!0-9]*) ;;
			*)
				key_line "CACHE_${v#*:}" "$s"
				gc_any=1
				;;
			esac
		done
		[ -n "$gc_any" ] && key_line CACHE_FROM getconf
	fi
	key_line CACHE_COHERENCY_BYTES "${cline:-}"
	if [ -r /proc/meminfo ]
	then
		awk '$1 == "MemTotal:" { printf "[MEM_TOTAL: %.0f]\n", $2 * 1024 }
		     $1 == "MemAvailable:" { printf "[MEM_AVAILABLE: %.0f]\n", $2 * 1024 }' /proc/meminfo
	else
		key_line MEM_TOTAL "$(sysctl -n hw.physmem hw.memsize 2>/dev/null | sed -n 1p)"
	fi
	if command -v systemd-detect-virt >/dev/null 2>&1
	then
		key_line VIRT "$(systemd-detect-virt --vm 2>/dev/null)"
		key_line CONTAINER "$(systemd-detect-virt --container 2>/dev/null)"
	elif [ -r /proc/cpuinfo ] && grep -q '^flags' /proc/cpuinfo
	then
		# x86 only: other architectures have no such flag.
		if grep -q '^flags.* hypervisor' /proc/cpuinfo
		then
			key_line VIRT "yes (hypervisor flag in /proc/cpuinfo)"
		else
			key_line VIRT "none (no hypervisor flag in /proc/cpuinfo)"
		fi
	fi
	key_line HYPERVISOR "$(read_line /sys/hypervisor/type)"
	key_line DMI_VENDOR "$(read_line /sys/class/dmi/id/sys_vendor)"
	key_line DMI_PRODUCT "$(read_line /sys/class/dmi/id/product_name)"
	# Boards without DMI (arm, riscv) name themselves in the device tree
	# (a NUL-terminated string).
	if [ -r /sys/firmware/devicetree/base/model ]
	then
		key_line BOARD "$(tr -d '\000' </sys/firmware/devicetree/base/model)"
	fi
	key_line CLOCKSOURCE "$(read_line /sys/devices/system/clocksource/clocksource0/current_clocksource)"
	key_line CMDLINE "$(read_line /proc/cmdline)"
	# The mode in use is the bracketed word of "always [madvise] never".
	for f in enabled:THP defrag:THP_DEFRAG
	do
		key_line "${f#*:}" "$(read_line "/sys/kernel/mm/transparent_hugepage/${f%:*}" |
			sed -n 's/.*\[\([^]]*\)\].*/\1/p')"
	done
	key_line GOVERNOR "$(read_line /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor)"
	key_line CPUFREQ_DRIVER "$(read_line /sys/devices/system/cpu/cpu0/cpufreq/scaling_driver)"
	for f in /sys/devices/system/cpu/vulnerabilities/*
	do
		[ -r "$f" ] || continue
		key_line "VULN_${f##*/}" "$(read_line "$f")"
	done
}

# ------------------------------------------------------------ the run

write_after() {
	key_line LOAD_AFTER "$(load_avg)"
	# shellcheck disable=SC2046 # two numbers
	set -- $(cpu_stat)
	if [ "$#" -eq 2 ]
	then
		key_line STEAL_AFTER "$(steal_pct "$1" "$2")"
		if [ -n "$steal0" ]
		then
			key_line STEAL_RUN "$(steal_pct $(($1 - steal0)) $(($2 - total0)))"
		fi
	fi
	now
	key_line ELAPSED "$((now_s - t0)) s"
	printf '[%s]\n' "$(date)"
}

# nice_of [CMD ARGS...]: the nice value of a process started as CMD ARGS
# (nice -n N, say; nothing: as this one), or nothing if it cannot be told.
# Linux: field 19 of /proc/self/stat; elsewhere ps's nice.
nice_of() {
	# shellcheck disable=SC2016 # awk's $17, not the shell's
	nice_v=$("$@" awk '{ sub(/^.*\) /, ""); print $17 }' /proc/self/stat 2>/dev/null)
	case "$nice_v" in
	[0-9] | 1[0-9] | -[1-9] | -1[0-9] | -20) ;;
	*)
		# shellcheck disable=SC2016 # the inner shell's $$
		nice_v=$("$@" sh -c 'ps -o nice= -p $$' 2>/dev/null | tr -d ' ')
		;;
	esac
	case "$nice_v" in
	[0-9] | 1[0-9] | -[1-9] | -1[0-9] | -20) printf '%s\n' "$nice_v" ;;
	esac
}

# set_priority: the nice value the programs and servers run at (NICE:
# the highest priority allowed, by default, so that a neighbour busy on
# a CPU takes little of a measurement's time).  Sets nice_inc (nice(1)'s
# increment, 0 for none) and run_nice (the value they get, or empty if
# it cannot be told).  A value not allowed here (below ours, without
# root) is said once; the programs then run at ours.  Also sets
# own_group (set_own_group).
set_priority() {
	nice_inc=0
	own_group=
	start_group=
	start_opts=
	run_nice=$(nice_of)
	[ "$c_NICE" = off ] && return 0
	[ -n "$run_nice" ] || return 0
	if [ "$c_NICE" -ne "$run_nice" ]
	then
		if [ "$(nice_of nice -n $((c_NICE - run_nice)))" = "$c_NICE" ]
		then
			nice_inc=$((c_NICE - run_nice))
			run_nice=$c_NICE
		else
			say "programs run at nice $run_nice: NICE=$c_NICE is not allowed here (needs root or CAP_SYS_NICE; NICE=off not to try)"
		fi
	fi
	set_own_group
	# latbw-start does it all in one exec where it is (set_own_group).
	start_opts=
	if [ -n "$start_group" ] || { [ "$nice_inc" -ne 0 ] && [ -x "$bin/latbw-start" ]; }
	then
		start_opts=$start_group
		[ "$nice_inc" -ne 0 ] && start_opts="${start_opts:+$start_opts }-n $nice_inc"
	fi
	return 0
}

# started PROG ARGS...: become PROG ARGS at the programs' priority (NICE),
# in a session of its own where set_priority found one can be had; run in
# the background (bounded), so that its PID is the program's.
started() {
	if [ -n "$start_opts" ]
	then
		# shellcheck disable=SC2086 # options without blanks (set_priority)
		exec "$bin/latbw-start" $start_opts "$@"
	fi
	[ "${nice_inc:-0}" -ne 0 ] && set -- nice -n "$nice_inc" "$@"
	# shellcheck disable=SC2086 # setsid and its option (set_own_group)
	[ -n "$own_group" ] && set -- $own_group sh -c "$own_group_sh" sh "$run_nice" "$@"
	exec "$@"
}

# With Linux's autogroups on, a nice value counts only against the
# processes of the same session: a neighbour started from another
# terminal competes as a group of its own, whatever our nice value.
# Worse, at nice -20 in the driver's session, with a spinner on the
# other CPU, lat_pipe on one CPU measured 7.0 to 9.0 us in 2 runs of 3,
# against 5.1 at -10 or quiet (the cause not found: no migrations, no
# extra interrupts on its CPU).  So each program starts a session of its
# own (setsid), whose autogroup gets the same nice value: with that,
# 5.1 to 5.3 us in 16 runs of 16, and bw_pipe between two CPUs beside a
# spinner of another session 1310 to 1520 MB/s, against 600 to 800 at
# nice -20 alone.  start_group holds latbw-start's options for that
# ("-s -g N": one exec, where setsid, sh and nice took three, 30 ms on a
# guest whose exec costs 9); without the helper, own_group holds the
# setsid command (with -w where it has it, should it have to fork).  Both
# are empty where there are no autogroups, no setsid, or the value is not
# allowed.  Root only: for others the kernel lets an autogroup's value
# change ten times a second at most, and only upwards.
set_own_group() {
	start_group=
	[ "$(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null)" = 1 ] || return 0
	[ -n "$run_nice" ] && [ "$(id -u)" = 0 ] || return 0
	if [ -x "$bin/latbw-start" ] &&
		[ "$("$bin/latbw-start" -s -g "$run_nice" cat /proc/self/autogroup 2>/dev/null |
			sed -n 's/^.* nice \(-*[0-9]*\)$/\1/p')" = "$run_nice" ]
	then
		start_group="-s -g $run_nice"
		return 0
	fi
	for s in "setsid -w" setsid
	do
		# shellcheck disable=SC2086 # the command and its option
		if [ "$($s sh -c "$own_group_sh" sh "$run_nice" cat /proc/self/autogroup 2>/dev/null |
			sed -n 's/^.* nice \(-*[0-9]*\)$/\1/p')" = "$run_nice" ]
		then
			own_group=$s
			return 0
		fi
	done
}

# The command a program runs under in its own session: sets the
# autogroup's nice value ($1), then becomes the program.
# shellcheck disable=SC2016 # the inner shell's $1 and $@
own_group_sh='echo "$1" >/proc/self/autogroup 2>/dev/null; shift; exec "$@"'

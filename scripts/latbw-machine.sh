# shellcheck shell=sh
# latbw-machine.sh - part of latbw-run: the machine: what it is (read
# once: its caches, memory, system), the header of the results file, and
# the figures taken after the run (load, steal, elapsed time).  Sourced by scripts/latbw-run (it defines
# functions, and the settings they use); not a command of its own.

# -------------------------------------------------------- machine facts

# line_of FILE: rl_line, the first line of FILE, or nothing (read by the
# shell itself: the header reads some forty files of /sys and /proc).
line_of() {
	rl_line=
	if [ -r "$1" ]
	then
		{ IFS= read -r rl_line <"$1"; } 2>/dev/null
	fi
	return 0
}

# read_line FILE: line_of, printed (when there is one).
read_line() {
	line_of "$1"
	[ -n "$rl_line" ] && printf '%s\n' "$rl_line"
	return 0
}

# size_bytes TEXT: sb_bytes, "32K" / "512K" / "8M" / "1G" / "123" in
# bytes (the last letter says which), or nothing when TEXT is not that.
size_bytes() {
	sb_bytes=
	sb_v=$1
	case "$sb_v" in
	*[Kk]) sb_m=1024 ;;
	*[Mm]) sb_m=1048576 ;;
	*[Gg]) sb_m=1073741824 ;;
	*) sb_m=1 ;;
	esac
	while :
	do
		case "$sb_v" in
		*[KkMmGgBb]) sb_v=${sb_v%?} ;;
		*) break ;;
		esac
	done
	# (leading zeros would make an octal number)
	sb_v=${sb_v#"${sb_v%%[!0]*}"}
	case "$sb_v" in
	*[!0-9]*) return 0 ;;
	'') sb_v=0 ;;
	esac
	[ "${#sb_v}" -le 12 ] && sb_bytes=$((sb_v * sb_m))
	return 0
}

# key_line KEY VALUE: the header line "[KEY: VALUE]"; none when VALUE is
# empty (what the system does not say is left out, not guessed).
key_line() {
	[ -n "$2" ] && printf '[%s: %s]\n' "$1" "$2"
}

# read_caches: cpu0's caches as sysfs tells them, read once for the
# defaults and the header: llc, the largest data or unified one in bytes
# (0: none told), cache_keys, their header lines (the cache program
# measures them), cache_line_bytes, the first coherency line size.
read_caches() {
	llc=0
	cache_keys=
	cache_line_bytes=
	for rc_dir in /sys/devices/system/cpu/cpu0/cache/index*
	do
		[ -r "$rc_dir/size" ] || continue
		line_of "$rc_dir/level"
		rc_level=$rl_line
		line_of "$rc_dir/type"
		rc_type=$rl_line
		case "$rc_type" in
		Data) rc_name=L${rc_level}D ;;
		Instruction) rc_name=L${rc_level}I ;;
		*) rc_name=L$rc_level ;;
		esac
		line_of "$rc_dir/size"
		size_bytes "$rl_line"
		[ -n "$sb_bytes" ] && cache_keys="${cache_keys}[CACHE_$rc_name: $sb_bytes]
"
		if [ "$rc_type" != Instruction ] && [ -n "$sb_bytes" ] && [ "$sb_bytes" -gt "$llc" ]
		then
			llc=$sb_bytes
		fi
		line_of "$rc_dir/shared_cpu_list"
		[ -n "$rl_line" ] && cache_keys="${cache_keys}[CACHE_${rc_name}_SHARED_CPUS: $rl_line]
"
		[ -z "$cache_line_bytes" ] && line_of "$rc_dir/coherency_line_size" &&
			cache_line_bytes=$rl_line
	done
	return 0
}

# read_meminfo: mem_total_kb and mem_avail_kb, from /proc/meminfo (empty
# where it does not say; its first lines).
read_meminfo() {
	mem_total_kb=
	mem_avail_kb=
	[ -r /proc/meminfo ] || return 0
	while read -r rm_key rm_kb _
	do
		case "$rm_key" in
		MemTotal:) mem_total_kb=$rm_kb ;;
		MemAvailable:) mem_avail_kb=$rm_kb ;;
		esac
		[ -n "$mem_total_kb" ] && [ -n "$mem_avail_kb" ] && break
	done </proc/meminfo
	return 0
}

# os_triple: build_info, what the programs say they were built for (their
# --version), and triple, the results directory's <OS-triple>: the C
# library is the programs' own (a static or musl build on a glibc system
# is "musl" here), else a guess from the system.  Also uname_s, uname_r,
# uname_v and uname_m (uname -s, -r, -v, -m), from one uname: it prints
# them in that order, only -v's with blanks in it.
os_triple() {
	uname_m=$(uname -srvm)
	uname_s=${uname_m%% *}
	uname_m=${uname_m#* }
	uname_r=${uname_m%% *}
	uname_m=${uname_m#* }
	uname_v=${uname_m% *}
	uname_m=${uname_m##* }
	build_info=
	for ot_prog in mhz ${all_progs?}
	do
		if [ -n "$bin" ] && [ -x "$bin/$ot_prog" ]
		then
			# Its line "built for ...".
			ot_out=$("$bin/$ot_prog" --version 2>/dev/null)
			case "
$ot_out" in
			*"
built for "*)
				ot_out=${ot_out#*"
built for "}
				build_info=${ot_out%%"
"*}
				;;
			esac
			break
		fi
	done
	case "$uname_s" in
	Linux) ;;
	*)
		triple=$uname_m-$(printf '%s\n' "$uname_s" | tr '[:upper:]' '[:lower:]')
		return 0
		;;
	esac
	case "$build_info" in
	*" with glibc"*) ot_libc=gnu ;;
	*" with musl"*) ot_libc=musl ;;
	*" with uclibc"*) ot_libc=uclibc ;;
	*" with bionic"*) ot_libc=android ;;
	*)
		ot_libc=gnu
		[ -e "/lib/ld-musl-$uname_m.so.1" ] && ! [ -e /lib/libc.so.6 ] &&
			! [ -e "/lib/$uname_m-linux-gnu/libc.so.6" ] && ot_libc=musl
		;;
	esac
	triple=$uname_m-linux-$ot_libc
}

# ------------------------------------------------------------ the header

# write_header: the results file's header: lmbench's keys, the run's
# settings, the build, the system and the machine, the load before.
write_header() {
	wh_opts="-B ${bound:?}${reps:+ -N $reps}${usecs:+ -E $usecs}"
	[ -n "${round_reps?}" ] && wh_opts="$wh_opts -N $round_reps (sweep points -N ${sweep_reps?})"
	[ "${c_SYNC_MAX:?}" -gt 1 ] && wh_opts="$wh_opts -P $c_SYNC_MAX"
	[ "${c_IDLE:?}" = os ] && wh_opts="$wh_opts -I"
	read_version
	key_line LMBENCH_VER "latbw-${lv_line?}"
	printf '[SYNC_MAX: %s]\n' "$c_SYNC_MAX"
	key_line OS "$triple"
	key_line MB "${c_MB:?}"
	key_line FSDIR "${c_FSDIR:?}"
	key_line BENCHMARKS "${c_BENCHMARKS:?}"
	if [ "${c_QUICK:?}" = 1 ]
	then
		key_line QUICK YES
	else
		key_line QUICK NO
	fi
	key_line ROUNDS "${c_ROUNDS:?}"
	[ -n "$run_nice" ] && key_line NICE "$run_nice"
	key_line SAME_CPU "${c_SAME_CPU:?}"
	key_line IDLE "$c_IDLE"
	if [ -n "$remote_plan" ]
	then
		key_line REMOTE "${c_REMOTE?}"
		key_line RSH "${c_RSH?}"
	fi
	key_line LATBW_OPTIONS "$wh_opts"
	settings_lines
	key_line LATBW_BUILD "$build_info"
	key_line HOSTNAME "${uname_n?}"
	key_line SYSNAME "$uname_s"
	key_line MACHINE "$uname_m"
	key_line RELEASE "${uname_r?}"
	key_line VERSION "${uname_v?}"
	key_line DATE "$(date -u '+%Y-%m-%dT%H:%M:%SZ')"
	printf '[%s]\n' "$(date)"
	cpu_keys
	system_keys
	load_avg
	key_line LOAD_BEFORE "$la_line"
	[ -n "$steal0" ] && steal_lines STEAL_BEFORE "$steal0" "${total0:?}"
	return 0
}

# cpu_keys: the header's processor, cache and memory lines.
cpu_keys() {
	if [ -r /proc/cpuinfo ]
	then
		# x86, arm64, arm and riscv fields alike; see cpuinfo.awk.
		line_of /sys/devices/system/cpu/cpu0/regs/identification/midr_el1
		awk -v midr="$rl_line" -f "${script_dir:?}/cpuinfo.awk" /proc/cpuinfo
	else
		key_line CPU_MODEL "$(sysctl -n machdep.cpu.brand_string hw.model 2>/dev/null | sed -n 1p)"
	fi
	key_line PROCESSORS "$(getconf _NPROCESSORS_ONLN 2>/dev/null)"
	line_of /sys/devices/system/cpu/online
	key_line CPUS_ONLINE "$rl_line"
	line_of /sys/devices/system/cpu/smt/control
	key_line SMT "$rl_line"
	# Cache sizes as the system reports them (read_caches).
	printf '%s' "$cache_keys"
	# Without sysfs, getconf's, marked as such (CACHE_FROM): on x86 they
	# are CPUID's, and a guest may be shown the whole socket's L3 (508
	# MB on a 2-vCPU EPYC guest whose curve left L3 at 5 MB), so the
	# summary reads the levels at the measured sizes first.
	if ! [ -d /sys/devices/system/cpu/cpu0/cache/index0 ]
	then
		ck_any=
		for ck_name in LEVEL1_DCACHE_SIZE:L1D LEVEL2_CACHE_SIZE:L2 LEVEL3_CACHE_SIZE:L3
		do
			ck_size=$(getconf "${ck_name%:*}" 2>/dev/null)
			case "$ck_size" in
			'' | 0 | *[!0-9]*) ;;
			*)
				key_line "CACHE_${ck_name#*:}" "$ck_size"
				ck_any=1
				;;
			esac
		done
		[ -n "$ck_any" ] && key_line CACHE_FROM getconf
	fi
	key_line CACHE_COHERENCY_BYTES "$cache_line_bytes"
	if [ -n "$mem_total_kb$mem_avail_kb" ]
	then
		[ -n "$mem_total_kb" ] && key_line MEM_TOTAL $((mem_total_kb * 1024))
		[ -n "$mem_avail_kb" ] && key_line MEM_AVAILABLE $((mem_avail_kb * 1024))
	elif ! [ -r /proc/meminfo ]
	then
		key_line MEM_TOTAL "$(sysctl -n hw.physmem hw.memsize 2>/dev/null | sed -n 1p)"
	fi
	return 0
}

# system_keys: the header's lines on the virtual machine, the board, the
# kernel's settings and its mitigations.
system_keys() {
	if command -v systemd-detect-virt >/dev/null 2>&1
	then
		# The two at once (5 ms each here).
		systemd-detect-virt --container >"${work:?}/container" 2>/dev/null &
		sk_pid=$!
		key_line VIRT "$(systemd-detect-virt --vm 2>/dev/null)"
		wait "$sk_pid"
		line_of "$work/container"
		key_line CONTAINER "$rl_line"
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
	for sk_file in HYPERVISOR:/sys/hypervisor/type \
		DMI_VENDOR:/sys/class/dmi/id/sys_vendor \
		DMI_PRODUCT:/sys/class/dmi/id/product_name
	do
		line_of "${sk_file#*:}"
		key_line "${sk_file%%:*}" "$rl_line"
	done
	# Boards without DMI (arm, riscv) name themselves in the device tree
	# (a NUL-terminated string).
	if [ -r /sys/firmware/devicetree/base/model ]
	then
		key_line BOARD "$(tr -d '\000' </sys/firmware/devicetree/base/model)"
	fi
	for sk_file in CLOCKSOURCE:/sys/devices/system/clocksource/clocksource0/current_clocksource \
		CMDLINE:/proc/cmdline
	do
		line_of "${sk_file#*:}"
		key_line "${sk_file%%:*}" "$rl_line"
	done
	# The mode in use is the bracketed word of "always [madvise] never".
	for sk_file in THP:enabled THP_DEFRAG:defrag
	do
		line_of "/sys/kernel/mm/transparent_hugepage/${sk_file#*:}"
		case "$rl_line" in
		*\[*\]*)
			rl_line=${rl_line#*\[}
			key_line "${sk_file%%:*}" "${rl_line%%\]*}"
			;;
		esac
	done
	for sk_file in GOVERNOR:scaling_governor CPUFREQ_DRIVER:scaling_driver
	do
		line_of "/sys/devices/system/cpu/cpu0/cpufreq/${sk_file#*:}"
		key_line "${sk_file%%:*}" "$rl_line"
	done
	for sk_file in /sys/devices/system/cpu/vulnerabilities/*
	do
		[ -r "$sk_file" ] || continue
		line_of "$sk_file"
		key_line "VULN_${sk_file##*/}" "$rl_line"
	done
	return 0
}

# ------------------------------------------------------------ the run

# cpu_stat: cs_steal and cs_total, the ticks stolen and all ticks so far
# (the first line of /proc/stat), or nothing where it does not say.
cpu_stat() {
	cs_steal=
	cs_total=
	cs_cpu=
	[ -r /proc/stat ] &&
		read -r cs_cpu cs_1 cs_2 cs_3 cs_4 cs_5 cs_6 cs_7 cs_8 _ </proc/stat
	case "$cs_cpu:$cs_1$cs_2$cs_3$cs_4$cs_5$cs_6$cs_7$cs_8" in
	cpu:*[!0-9]* | cpu:) return 0 ;;
	cpu:*) ;;
	*) return 0 ;;
	esac
	cs_steal=$cs_8
	cs_total=$((cs_1 + cs_2 + cs_3 + cs_4 + cs_5 + cs_6 + cs_7 + cs_8))
}

# steal_lines KEY STEAL TOTAL [KEY STEAL TOTAL]: for each KEY, the line
# "[KEY: P%]", STEAL as a percentage P of TOTAL (none when TOTAL is 0),
# in one awk.
steal_lines() {
	awk 'BEGIN {
		for (i = 1; i + 2 < ARGC; i += 3)
			if (ARGV[i + 2] > 0)
				printf "[%s: %.2f%%]\n", ARGV[i], 100 * ARGV[i + 1] / ARGV[i + 2]
	}' "$@"
}

# load_avg: la_line, the load averages over 1, 5 and 15 minutes (read by
# the shell itself where /proc tells them).
load_avg() {
	la_line=
	if [ -r /proc/loadavg ]
	then
		read -r la_1 la_5 la_15 _ </proc/loadavg && la_line="$la_1 $la_5 $la_15"
	else
		la_line=$(uptime 2>/dev/null | sed -n 's/.*load averages*: *//p' | tr -d ',')
	fi
}

write_after() {
	load_avg
	key_line LOAD_AFTER "$la_line"
	cpu_stat
	if [ -n "$cs_total" ]
	then
		set -- STEAL_AFTER "$cs_steal" "$cs_total"
		[ -n "$steal0" ] &&
			set -- "$@" STEAL_RUN $((cs_steal - steal0)) $((cs_total - total0))
		steal_lines "$@"
	fi
	now
	key_line ELAPSED "$((${now_s:?} - ${t0:-0})) s"
	printf '[%s]\n' "$(date)"
}

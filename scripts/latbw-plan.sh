# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # shared variables: set in one file, used in another
# latbw-plan.sh - part of latbw-run: the plan: every step of a run, one
# line each (gen_plan), the sizes it sweeps and the CPUs it pins to, and
# which steps BENCHMARKS selects.  Sourced by scripts/latbw-run (it
# defines functions, and the settings they use); not a command of its own.

# -------------------------------------------------------------- the plan
#
# One line per step: KIND|TAGS|WEIGHT|FLAGS|TEXT
#   series    TEXT is a series title, written before the first program of
#             the series that runs (and a blank line after it, at "end")
#   run       TEXT is "prog args": run it, its lines go to the file
#   server    TEXT is "prog": start "prog -s"; "stop": "prog -S localhost"
#   mhz, line run the program for a header key
# TAGS are the groups a step belongs to (its program name is one too);
# WEIGHT is its expected time in tenths of a second (for the estimate of
# the time left); FLAGS: "P" the program takes -P copies, "N5" at most
# 5 samples in a default run, "X" see the filter, "A" run only if the
# step before could not run here (exit 3): an alternative to it.
# @FILE@ (a file of MB megabytes), @STAT@ (an empty file) and @DIR@ (a
# directory) are placeholders, all inside FSDIR.

pl() {
	printf '%s|%s|%s|%s|%s\n' "$1" "$2" "$3" "$4" "$5"
}

# series TITLE [J|S]: J joins the programs' output into one series (their
# blank lines are dropped), for a series made of several calls of a
# program that ends its output with a blank line; S (a section left out)
# writes no title and drops the programs' own copies of it.
series() {
	pl series - 0 "${2:--}" "$1"
}

end_series() {
	pl end - 0 - -
}

# sizes FROM TO: powers of two bytes from FROM to TO (k/m suffixed), and TO.
sizes() {
	awk -v from="$1" -v to="$2" 'BEGIN {
		for (s = from; s <= to; s *= 2) {
			if (s >= 1048576 && s % 1048576 == 0) printf "%dm ", s / 1048576
			else if (s >= 1024 && s % 1024 == 0) printf "%dk ", s / 1024
			else printf "%d ", s
			last = s
		}
		if (last != to) printf "%dk", to / 1024
		printf "\n"
	}'
}

# plan_sizes: sweep_mb, the largest size of every sweep (and the size of
# the file the file and mmap benchmarks read).  A full run sweeps to MB.
# Quick mode stops at twice the last-level cache, rounded up to a power of
# two (the least the summary reads main memory at), at least 8 MB, when
# that is less than MB: its cost then does not grow with the machine's
# memory.  A sweep's cost grows with its number of points: the latency
# curves link each element of their largest array about once (mem_chain),
# and the points of the bandwidth sweeps take a fixed number of samples.
plan_sizes() {
	sweep_mb=$c_MB
	if [ "$c_QUICK" = 1 ]
	then
		ps_q=8
		while [ $((ps_q * 1048576)) -lt $((plan_llc * 2)) ]
		do
			ps_q=$((ps_q * 2))
		done
		[ "$plan_llc" -eq 0 ] && ps_q=64
		[ "$sweep_mb" -gt "$ps_q" ] && sweep_mb=$ps_q
	fi
}

# cpu_list TEXT: the CPU numbers of a sysfs list ("0-3,8"), one a line.
cpu_list() {
	printf '%s\n' "$1" | awk -F ',' '{
		for (i = 1; i <= NF; i++) {
			if (split($i, r, "-") == 2) { lo = r[1]; hi = r[2] } else lo = hi = $i
			if (lo !~ /^[0-9]+$/ || hi !~ /^[0-9]+$/) continue
			for (c = lo + 0; c <= hi + 0; c++) print c
		}
	}'
}

# cross_pair: the -C list of the cross-CPU placement, "0,N", or nothing on
# a one-CPU machine.  N is the first online CPU after 0 that is not one of
# cpu0's SMT siblings (two threads of one core share its caches and wake
# each other more cheaply than two cores do); if every CPU is a sibling of
# cpu0 (one core, two threads), the first other CPU.
cross_pair() {
	cp_online=$(read_line /sys/devices/system/cpu/online)
	if [ -z "$cp_online" ]
	then
		cp_n=$(getconf _NPROCESSORS_ONLN 2>/dev/null)
		case "$cp_n" in
		'' | *[!0-9]*) return 0 ;;
		esac
		[ "$cp_n" -ge 2 ] && printf '0,1\n'
		return 0
	fi
	cp_sib=" $(cpu_list "$(read_line /sys/devices/system/cpu/cpu0/topology/thread_siblings_list)" | tr '\n' ' ')"
	cp_first=
	cp_core=
	for c in $(cpu_list "$cp_online")
	do
		[ "$c" = 0 ] && continue
		[ -z "$cp_first" ] && cp_first=$c
		case "$cp_sib" in
		*" $c "*) ;;
		*)
			cp_core=$c
			break
			;;
		esac
	done
	cp_other=${cp_core:-$cp_first}
	[ -n "$cp_other" ] && printf '0,%s\n' "$cp_other"
	return 0
}

gen_plan() {
	mb=$sweep_mb
	# Placement: every two-party benchmark runs pinned.  Same CPU (-C 0:
	# with a one-CPU list the harness puts every party on that CPU) gives
	# the lmbench latency cells and the context-switch table; cross CPU
	# (two CPUs, one party on each) gives a table of its own, written
	# under labels lmbench's readers do not know (flag X), and the
	# bandwidth cells.  A one-CPU machine has the same-CPU runs only.
	same="-C 0"
	cross=$(cross_pair)
	bwc=${cross:-0}
	mbytes=$((mb * 1048576))
	half=$((mbytes / 2))
	if [ "$c_QUICK" = 1 ]
	then
		all_sizes="4k 256k ${mb}m"
		half_sizes="4k 256k $((mb / 2 > 0 ? mb / 2 : 1))m"
		[ "$mb" -lt 2 ] && half_sizes="4k 256k 512k"
		map_sizes="1m ${mb}m"
		[ "$mb" -lt 2 ] && map_sizes="${mb}m"
		fds="100"
		ctx_sets="0:2 16:2,8,16 64:2,8,16"
		mem_strides="128"
		stream_mb=$mb
	else
		all_sizes=$(sizes 512 "$mbytes")
		half_sizes=$(sizes 512 "$half")
		[ "$half" -lt 512 ] && half_sizes=512
		map_sizes=$(sizes 524288 "$mbytes")
		[ "$mbytes" -lt 524288 ] && map_sizes="${mb}m"
		fds="10 100 250 500"
		ctx_sets="0:2,4,8,16,24,32,64,96 16:2,4,8,16,24,32,64,96 64:2,4,8,16,24,32,64,96"
		mem_strides="16 128"
		stream_mb=$mb
	fi

	pl mhz always 5 - mhz
	pl line cache 20 - line

	for c in null read write
	do
		pl run syscall 3 P "lat_syscall $c"
	done
	for c in stat fstat open
	do
		pl run syscall 3 P "lat_syscall $c @STAT@"
	done
	for k in file tcp
	do
		for n in $fds
		do
			pl run select 3 P "lat_select -n $n $k"
		done
	done
	pl run sig 3 P "lat_sig install"
	pl run sig 3 P "lat_sig catch"
	pl run "sig vm" 3 P "lat_sig prot @FILE@"
	for p in lat_pipe lat_unix lat_fifo lat_unix_connect lat_sem lat_fcntl
	do
		pl run ipc 5 P "$p $same"
	done
	if [ -n "$cross" ]
	then
		for p in lat_pipe lat_unix lat_fifo lat_unix_connect lat_sem lat_fcntl
		do
			pl run "ipc cross" 5 PX "$p -C $cross"
		done
	fi
	for c in procedure fork exec shell
	do
		pl run proc 8 P "lat_proc $c"
	done
	pl run ops 50 - lat_ops
	pl run ops 50 - par_ops

	# File and VM: lmbench's order, with the file made once by the driver.
	pl run vm 5 P "lat_pagefault @FILE@"
	series '"mappings'
	for s in $map_sizes
	do
		pl run vm 5 PN5 "lat_mmap $s @FILE@"
	done
	end_series
	if [ "$c_QUICK" = 1 ]
	then
		# The summary shows 0k and 10k.
		series '"File system latency' J
		pl run file 60 - "lat_fs -s 0 @DIR@"
		pl run file 60 - "lat_fs -s 10k @DIR@"
	else
		series '"File system latency'
		pl run file 200 N5 "lat_fs @DIR@"
	fi
	end_series
	# Disk-style I/O on a file of its own; -d bypasses the page cache
	# where the file system allows it (exit 3, skipped, where not).
	for c in write read "-d read" random "-d random"
	do
		pl run "file bw" 10 P "bw_disk $c @DIR@"
	done

	# Network: each program's server is started (pinned as its client
	# is: the server is the -C list's second party), used and told to
	# exit; the same CPU first, then across CPUs.
	for pin in "$same" ${cross:+"-C $cross"}
	do
		fl=P
		cfl=-
		tg=net
		if [ "$pin" != "$same" ]
		then
			fl=PX
			cfl=X
			tg="net cross"
		fi
		pl server "$tg" 2 - "lat_udp $pin"
		pl run "$tg" 5 "$fl" "lat_udp $pin localhost"
		pl stop "$tg" 1 - lat_udp
		pl server "$tg" 2 - "lat_tcp $pin"
		pl run "$tg" 5 "$fl" "lat_tcp $pin localhost"
		pl stop "$tg" 1 - lat_tcp
		pl server "$tg" 2 - "lat_rpc $pin"
		pl run "$tg" 5 "$fl" "lat_rpc $pin -p udp localhost"
		pl run "$tg" 5 "$fl" "lat_rpc $pin -p tcp localhost"
		pl stop "$tg" 1 - lat_rpc
		pl server "$tg" 2 - "lat_connect $pin"
		pl run "$tg" 10 "$cfl" "lat_connect $pin localhost"
		pl stop "$tg" 1 - lat_connect
	done
	# A stream between two CPUs is what the bandwidth cells show.
	pl server "net bw" 2 - "bw_tcp -C $bwc"
	# bw_tcp sweeps the message sizes itself.
	series 'Socket bandwidth using localhost'
	pl run "net bw" 20 - "bw_tcp -C $bwc localhost"
	end_series
	pl stop "net bw" 1 - bw_tcp

	# Remote: the same servers on each REMOTE host, started there through
	# RSH ("rserver": TEXT is "prog name address"), the clients here
	# against the address, and each server told to exit ("rstop").
	set -f
	for r in $c_REMOTE
	do
		rn=${r%%=*}
		ra=${r#*=}
		for p in lat_udp lat_tcp lat_rpc lat_connect
		do
			pl rserver "net remote" 10 - "$p $rn $ra"
			case "$p" in
			lat_rpc)
				pl run "net remote" 5 P "lat_rpc -p udp $ra"
				pl run "net remote" 5 P "lat_rpc -p tcp $ra"
				;;
			lat_connect)
				pl run "net remote" 10 - "lat_connect $ra"
				;;
			*)
				pl run "net remote" 5 P "$p $ra"
				;;
			esac
			pl rstop "net remote" 1 - "$p $rn $ra"
		done
		pl rserver "net remote bw" 10 - "bw_tcp $rn $ra"
		series "Socket bandwidth using $ra"
		pl run "net remote bw" 20 - "bw_tcp $ra"
		end_series
		pl rstop "net remote bw" 1 - "bw_tcp $rn $ra"
	done
	set +f

	pl run "ipc bw" 5 P "bw_unix -C $bwc"
	pl run "ipc bw" 5 P "bw_pipe -C $bwc"

	series '"read bandwidth'
	for s in $all_sizes
	do
		pl run "file bw" 3 PN5 "bw_file_rd $s io_only @FILE@"
	done
	end_series
	series '"read open2close bandwidth'
	for s in $all_sizes
	do
		pl run "file bw" 3 PN5 "bw_file_rd $s open2close @FILE@"
	done
	end_series
	series '"Mmap read bandwidth'
	for s in $all_sizes
	do
		pl run "vm bw" 3 PN5 "bw_mmap_rd $s mmap_only @FILE@"
	done
	end_series
	series '"Mmap read open2close bandwidth'
	for s in $all_sizes
	do
		pl run "vm bw" 3 PN5 "bw_mmap_rd $s open2close @FILE@"
	done
	end_series

	# bw_mem: the copies move two buffers, so they stop at half the size.
	for spec in 'bcopy|"libc bcopy unaligned|h' \
		'bcopy conflict|"libc bcopy aligned|h' \
		'bzero|Memory bzero bandwidth|a' \
		'fcp|"unrolled bcopy unaligned|h' \
		'cp|"unrolled partial bcopy unaligned|h' \
		'frd|Memory read bandwidth|a' \
		'rd|Memory partial read bandwidth|a' \
		'fwr|Memory write bandwidth|a' \
		'wr|Memory partial write bandwidth|a' \
		'rdwr|Memory partial read/write bandwidth|a'
	do
		op=${spec%%|*}
		rest=${spec#*|}
		title=${rest%|*}
		if [ "${rest##*|}" = h ]
		then
			list=$half_sizes
		else
			list=$all_sizes
		fi
		series "$title"
		for s in $list
		do
			case "$op" in
			*' '*) pl run "mem bw" 3 PN5 "bw_mem $s $op" ;;
			*) pl run "mem bw" 3 PN5 "bw_mem $s $op" ;;
			esac
		done
		end_series
	done

	for set in $ctx_sets
	do
		kb=${set%%:*}
		procs=$(printf '%s\n' "${set#*:}" | tr ',' ' ')
		pl run ctx 60 - "lat_ctx $same -s $kb $procs"
	done
	[ -n "$cross" ] && pl run "ctx cross" 20 X "lat_ctx -C $cross -s 0 2"
	# Core-to-core round trips (lat_c2c), cache line and pipe, between
	# pairs of CPUs: of at most 8 CPUs that keep every kind of pair
	# (-s 8), so that a big machine's matrix stays minutes short (on one
	# CPU it cannot run: skipped).  Its rows are series of its own, with
	# titles lmbench's readers skip.
	pl run c2c 60 N5 "lat_c2c -s 8"

	pl run cache 30 - tlb
	pl run cache 300 N5 "cache -M ${mb}m"
	series 'Memory load parallelism'
	pl run cache 100 N5 "par_mem -M ${mb}m"
	end_series

	pl run "mem bw" 30 P "stream -M ${stream_mb}m"
	pl run "mem bw" 30 P "stream -v 2 -M ${stream_mb}m"

	# lmbench's forward chase is prefetched on today's processors: its
	# curves come first, without their "Memory load latency" line, so
	# that lmbench's readers (getsummary's L1 $, L2 $ and Main mem) skip
	# them.  Under that line, the one curve they read is the one the
	# summary reads the cache levels and main memory from: random order,
	# which no prefetcher can follow, on huge pages so that no TLB miss
	# is in it (where the kernel grants none, on small pages).
	series 'Memory load latency' S
	pl run mem 500 PN5 "lat_mem_rd $mb $mem_strides"
	end_series
	series 'Memory load latency'
	pl run mem 500 PN5 "lat_mem_rd -o random -H thp $mb 128"
	pl run mem 500 PN5A "lat_mem_rd -o random $mb 128"
	end_series
	series 'Random load latency'
	pl run mem 300 PN5 "lat_mem_rd -t $mb 16"
	end_series
}

# selected TAGS PROG: is this step chosen by BENCHMARKS?
selected() {
	case "$1" in
	always) return 0 ;;
	esac
	for w in $c_BENCHMARKS
	do
		[ "$w" = all ] && return 0
		[ "$w" = "$2" ] && return 0
		case " $1 " in
		*" $w "*) return 0 ;;
		esac
	done
	return 1
}

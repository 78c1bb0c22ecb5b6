#!/bin/sh
# tests/bench/small-box.sh - the driver's run on a box with 1 GiB: boots a
# KVM guest with -m 1024 -smp 2 that runs this machine's own Debian
# userland (dash, awk, make), runs the latbw driver there (quick or full)
# and prints the wall time of the run and of each step, the MB the driver
# chose and the steps that hit their time bound.  Not part of `make test`:
# it may install packages, and it runs the whole suite.
#
#   sh tests/bench/small-box.sh [full|quick] [KEY=VALUE...]
#
# full (the default) is `make results`, quick is `make quick`; KEY=VALUE
# pairs go to the driver's environment (BENCHMARKS=mem, MB=16, ...).  It
# runs benchmarks: hold the machine's test lock,
#   flock /tmp/latbw.lock sh tests/bench/small-box.sh quick
#
# The guest (SMALL_BOX_HOW=kvm): qemu-system-x86_64 -enable-kvm -cpu host,
# serial console, no network card (loopback only); the kernel of Debian's
# linux-image-amd64 and a busybox-static initramfs that loads the virtio,
# 9p and ext4 modules, mounts this machine's / read-only over virtio-9p,
# puts /tmp (FSDIR) on a disk of its own (an ext4 image, virtio-blk,
# cache=none) or on tmpfs (SMALL_BOX_TMP=tmpfs, where bw_disk cannot
# run) and chroots there.  In the chroot the tree
# (without .git) is copied to /tmp, built (make all: nothing to do, it is
# built here first, untimed) and tests/bench/step-times.sh runs the
# driver.  What is missing is fetched and said so: qemu-system-x86 is
# installed with apt-get; the kernel and busybox-static packages are only
# downloaded (apt-get download) and the few files used kept in
# SMALL_BOX_CACHE (default ~/.cache/latbw-small-box), never installed.
# SMALL_BOX_HOW=tcg boots the same guest without KVM (emulated CPU: checks
# this script, its times mean nothing).
#
# Where /dev/kvm cannot boot that guest (no /dev/kvm, or KVM that is PVM,
# kvm_pvm, which runs only PVM-enlightened guest kernels) the small box is
# emulated on this kernel instead (SMALL_BOX_HOW=cgroup), and the report
# says so: the run in a memory cgroup limited to SMALL_BOX_MEM, in a mount
# and UTS namespace where /proc/meminfo is that of a freshly booted box
# of that size (MemTotal and MemAvailable as the Debian guest of 1024
# MiB shows them: 66 and 172 MiB below it) and /tmp a directory on this
# machine's disk (or a tmpfs of half the memory: SMALL_BOX_TMP=tmpfs),
# charged to the cgroup; the same copy of the tree, the same
# step-times.sh.  What it cannot shrink: the caches, and the memory size
# the programs read from sysinfo (their own safety caps).
#
# Printed: the box (kernel, CPUs, MemTotal and MemAvailable), the report
# of step-times.sh (the driver's notes, each step's time slowest first,
# each program's), then the verdict: the driver's wall time against the
# budget (quick 90 s, full 600 s), the MB chosen, the slowest steps, the
# steps that hit their time bound or failed.  The results file is copied
# out to RESULTS_DIR/<triple>/small-box.<n> (RESULTS_DIR: the tree's
# results/ unless set; n the first unused).  Exit status: 0 within the
# budget and no step at its bound or failed, 1 otherwise or when the run
# did not finish, 2 bad arguments or no way to run.  Everything else
# (qemu, the cgroup, the initramfs, scratch files) is gone at the end, on
# error and on Ctrl-C.
#
# Environment: SMALL_BOX_HOW=kvm|tcg|cgroup (default kvm where it can
# boot the guest, else cgroup), SMALL_BOX_TMP=disk|tmpfs (default disk),
# SMALL_BOX_MEM=1024 (MiB),
# SMALL_BOX_CPUS=2, SMALL_BOX_LIMIT (seconds before the run is stopped;
# default 600 quick, 2400 full), SMALL_BOX_CACHE.

LC_ALL=C
export LC_ALL
me=small-box
top=$(cd "$(dirname "$0")/../.." && pwd) || exit 2

usage() {
	echo "usage: small-box.sh [full|quick] [KEY=VALUE...]" >&2
	exit 2
}
mode=full
case "${1:-}" in
full | quick)
	mode=$1
	shift
	;;
-h | --help)
	sed -n '2,61s/^# \{0,1\}//p' "$0"
	exit 0
	;;
-*) usage ;;
esac
for kv
do
	case "$kv" in
	*'
'*) usage ;;
	[A-Z]*=*) ;;
	*) usage ;;
	esac
done
mem=${SMALL_BOX_MEM:-1024}
cpus=${SMALL_BOX_CPUS:-2}
if [ "$mode" = quick ]
then
	budget=90
	limit=${SMALL_BOX_LIMIT:-600}
else
	budget=600
	limit=${SMALL_BOX_LIMIT:-2400}
fi
for n in "$mem" "$cpus" "$limit"
do
	case "$n" in
	'' | *[!0-9]* | 0*)
		echo "$me: SMALL_BOX_MEM, SMALL_BOX_CPUS and SMALL_BOX_LIMIT are positive numbers" >&2
		usage
		;;
	esac
done
[ "$mem" -ge 256 ] || {
	echo "$me: SMALL_BOX_MEM=$mem: at least 256 (MiB)" >&2
	usage
}
tmpkind=${SMALL_BOX_TMP:-disk}
case "$tmpkind" in
disk | tmpfs) ;;
*)
	echo "$me: SMALL_BOX_TMP=$tmpkind: disk or tmpfs" >&2
	usage
	;;
esac
cache=${SMALL_BOX_CACHE:-${HOME:-/root}/.cache/latbw-small-box}

say() {
	printf '%s: %s\n' "$me" "$*" >&2
}
die() {
	say "$*"
	exit 1
}

# ------------------------------------------------------- how to run it

kvm_says=
if ! [ -c /dev/kvm ] || ! [ -r /dev/kvm ] || ! [ -w /dev/kvm ]
then
	kvm_says="no usable /dev/kvm (read-write for this user)"
elif [ -d /sys/module/kvm_pvm ] && ! [ -d /sys/module/kvm_intel ] &&
	! [ -d /sys/module/kvm_amd ]
then
	kvm_says="/dev/kvm is PVM (kvm_pvm, no VT-x or AMD-V under it): it boots only PVM-enlightened guest kernels, not Debian's"
fi
how=${SMALL_BOX_HOW:-}
case "$how" in
'')
	how=kvm
	if [ -n "$kvm_says" ]
	then
		say "$kvm_says; emulating the small box with a memory cgroup instead (SMALL_BOX_HOW=cgroup)"
		how=cgroup
	fi
	;;
kvm)
	if [ -n "$kvm_says" ]
	then
		say "$kvm_says"
		exit 2
	fi
	;;
tcg | cgroup) ;;
*)
	echo "$me: SMALL_BOX_HOW=$how: kvm, tcg or cgroup" >&2
	usage
	;;
esac
if [ "$how" = cgroup ]
then
	[ "$(id -u)" = 0 ] || {
		say "SMALL_BOX_HOW=cgroup needs root (a cgroup, a mount namespace)"
		exit 2
	}
	command -v unshare >/dev/null 2>&1 || {
		say "SMALL_BOX_HOW=cgroup needs unshare (util-linux)"
		exit 2
	}
	if [ "$cpus" -lt "$(nproc)" ] && ! command -v taskset >/dev/null 2>&1
	then
		say "SMALL_BOX_CPUS=$cpus needs taskset (util-linux)"
		exit 2
	fi
else
	{ command -v apt-get && command -v dpkg-deb; } >/dev/null 2>&1 || {
		say "needs Debian's apt-get and dpkg-deb (the guest runs this machine's Debian userland)"
		exit 2
	}
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/latbw-small-box.XXXXXX") || exit 1
qpid=
runpid=
cg=
# shellcheck disable=SC2317 # called by the trap
clean_up() {
	for p in $qpid $runpid
	do
		kill "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	qpid=
	runpid=
	if [ -n "$cg" ] && [ -d "$cg" ]
	then
		# What is left in the cgroup is the run's: TERM (the driver
		# cleans up), then after 15 s KILL.  (The files of a cgroup
		# have no size: read them.)
		i=0
		while left=$(cat "$cg/cgroup.procs" 2>/dev/null) &&
			[ -n "$left" ] && [ "$i" -lt 20 ]
		do
			if [ "$i" -eq 0 ]
			then
				# shellcheck disable=SC2086 # PIDs, one a line
				kill -s TERM $left 2>/dev/null
			elif [ "$i" -ge 15 ]
			then
				# shellcheck disable=SC2086 # PIDs, one a line
				kill -s KILL $left 2>/dev/null
			fi
			sleep 1
			i=$((i + 1))
		done
		rmdir "$cg" 2>/dev/null || { sleep 1 && rmdir "$cg"; } ||
			say "cannot remove the cgroup $cg"
	fi
	rm -rf "$scratch"
}
trap clean_up EXIT
trap 'exit 130' INT TERM HUP

# The tree, built here (the run's make finds nothing to do).
make -s -C "$top" all >"$scratch/make.log" 2>&1 || {
	cat "$scratch/make.log" >&2
	die "make all failed"
}

# The run on the small box (this machine's /bin/sh, in the guest's chroot
# or the cgroup), "sh run.sh OUT TMP": OUT is shared with this script
# (args: the driver's KEY=VALUE pairs one a line, mode, top; the report,
# the results file), TMP the box's /tmp.
out=$scratch/out
mkdir -p "$out/results"
: >"$out/args"
for kv
do
	printf '%s\n' "$kv" >>"$out/args"
done
printf '%s\n' "$mode" >"$out/mode"
printf '%s\n' "$top" >"$out/top"
cat >"$out/run.sh" <<'EOT'
# The small-box run (written by small-box.sh): sh run.sh OUT TMP
out=$1
tmp=$2
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
HOME=$tmp
TMPDIR=$tmp
export PATH HOME TMPDIR
{
	echo "kernel $(uname -r), $(nproc) CPUs, /tmp on $(stat -f -c %T "$tmp" 2>/dev/null)"
	grep -E '^(MemTotal|MemAvailable):' /proc/meminfo
} >"$out/guest"
top=$(cat "$out/top")
mkdir "$tmp/latbw" "$tmp/results" || exit 1
for f in "$top"/* "$top"/.[!.]*
do
	[ -e "$f" ] || continue
	case "${f##*/}" in
	.git | results) continue ;;
	esac
	cp -a "$f" "$tmp/latbw/" || exit 1
done
cd "$tmp/latbw" || exit 1
if ! make -s all >"$out/make.log" 2>&1
then
	echo "small-box: make all failed on the box"
	exit 1
fi
set --
while IFS= read -r kv
do
	set -- "$@" "$kv"
done <"$out/args"
echo "small-box: running the $(cat "$out/mode") plan"
RESULTS_DIR=$tmp/results sh tests/bench/step-times.sh "$(cat "$out/mode")" "$@" \
	>"$out/report" 2>"$out/report.err"
echo "$?" >"$out/status"
cp -R "$tmp/results/." "$out/results/"
echo "small-box: done"
EOT

# wait_run PID: wait for the run, stopped after $limit s from t_start.
wait_run() {
	while kill -0 "$1" 2>/dev/null
	do
		if [ $(($(date +%s) - t_start)) -ge "$limit" ]
		then
			say "the run did not finish in $limit s: stopped"
			kill "$1" 2>/dev/null
			break
		fi
		sleep 1
	done
	wait "$1"
}

# -------------------------------------------------- a guest under qemu

apt_updated=
apt_update() {
	[ -n "$apt_updated" ] && return 0
	say "apt-get update (the package lists)"
	apt-get update -q >"$scratch/apt.log" 2>&1 || {
		cat "$scratch/apt.log" >&2
		die "apt-get update failed"
	}
	apt_updated=yes
}

# fetch_deb PACKAGE: PACKAGE's .deb into $scratch/debs (apt-get download).
fetch_deb() {
	mkdir -p "$scratch/debs"
	# (apt's _apt user must be able to write there)
	chmod 777 "$scratch/debs"
	(cd "$scratch/debs" && apt-get download -q "$1") >"$scratch/apt.log" 2>&1 || {
		apt_update
		(cd "$scratch/debs" && apt-get download -q "$1") >"$scratch/apt.log" 2>&1
	} || {
		cat "$scratch/apt.log" >&2
		die "apt-get download $1 failed"
	}
	for d in "$scratch/debs/$1"_*.deb
	do
		[ -f "$d" ] || break
		printf '%s\n' "$d"
		return 0
	done
	die "apt-get download $1 left no .deb"
}

# add_mod NAME: NAME's module file, after those it depends on, into
# $kdir.new/modules, its name at the end of $mods (built-in ones are
# skipped).
mods=
add_mod() {
	case " $mods " in
	*" $1 "*) return 0 ;;
	esac
	am_f=$(find "$scratch/kx/lib/modules" \( -name "$1.ko" -o -name "$1.ko.xz" \
		-o -name "$(echo "$1" | tr _ -).ko" -o -name "$(echo "$1" | tr _ -).ko.xz" \) |
		sed -n 1p)
	if [ -z "$am_f" ]
	then
		grep -Eq "/($1|$(echo "$1" | tr _ -))\.ko\$" "$scratch"/kx/lib/modules/*/modules.builtin &&
			return 0
		die "$kpkg has no module $1"
	fi
	case "$am_f" in
	*.xz) xz -dc "$am_f" >"$kdir.new/modules/$1.ko" || die "cannot unpack $am_f" ;;
	*) cp "$am_f" "$kdir.new/modules/$1.ko" ;;
	esac
	for d in $(tr '\000' '\n' <"$kdir.new/modules/$1.ko" | sed -n 's/^depends=//p' | tr , ' ')
	do
		add_mod "$d" || return 1
	done
	mods="$mods $1"
}

# vm_prepare: qemu, busybox (bb) and the kernel (kdir), fetched when
# missing.
vm_prepare() {
	if ! command -v qemu-system-x86_64 >/dev/null 2>&1
	then
		say "qemu-system-x86_64 is missing: installing qemu-system-x86 (apt-get install --no-install-recommends)"
		apt_update
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
			qemu-system-x86 >"$scratch/apt.log" 2>&1 || {
			cat "$scratch/apt.log" >&2
			die "apt-get install qemu-system-x86 failed"
		}
	fi

	mkdir -p "$cache" || die "cannot make the cache directory $cache"

	# busybox, static: this machine's if it is (busybox-static installed),
	# else the busybox-static package's, downloaded once.
	bb=
	for b in /bin/busybox /usr/bin/busybox
	do
		# (a dynamic program names its loader, ld-linux)
		if [ -x "$b" ] && ! grep -q '/ld-linux' "$b" 2>/dev/null
		then
			bb=$b
			break
		fi
	done
	if [ -z "$bb" ]
	then
		bb=$cache/busybox
		if ! [ -x "$bb" ]
		then
			say "busybox-static is missing: downloading it (apt-get download, not installed) into $cache"
			deb=$(fetch_deb busybox-static) || exit 1
			mkdir "$scratch/bbx"
			dpkg-deb -x "$deb" "$scratch/bbx" || die "cannot unpack $deb"
			{ cp "$scratch/bbx/bin/busybox" "$bb.tmp" && mv "$bb.tmp" "$bb"; } ||
				die "no bin/busybox in $deb"
			rm -rf "$scratch/bbx" "$scratch/debs"
		fi
	fi

	# The kernel: the one Debian's linux-image-amd64 stands for now; its
	# vmlinuz and the modules the guest loads (with what they depend on, in
	# the order to load them), downloaded once.
	kpkg=$(apt-cache depends linux-image-amd64 2>/dev/null |
		sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*\)$/\1/p' | sed -n 1p)
	if [ -z "$kpkg" ]
	then
		apt_update
		kpkg=$(apt-cache depends linux-image-amd64 2>/dev/null |
			sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*\)$/\1/p' | sed -n 1p)
	fi
	[ -n "$kpkg" ] || die "apt-cache knows no linux-image-amd64 (not Debian amd64?)"
	kdir=$cache/$kpkg
	wanted="virtio_pci virtio_blk crc32c_generic ext4 9pnet_virtio 9p"
	if ! [ -f "$kdir/order" ] || [ "$(cat "$kdir/wanted" 2>/dev/null)" != "$wanted" ]
	then
		say "the guest kernel $kpkg (with the modules: $wanted) is not in the cache: downloading it (apt-get download, not installed) into $cache"
		deb=$(fetch_deb "$kpkg") || exit 1
		mkdir "$scratch/kx"
		dpkg-deb -x "$deb" "$scratch/kx" || die "cannot unpack $deb"
		rm -rf "$kdir.new"
		mkdir -p "$kdir.new/modules"
		cp "$scratch"/kx/boot/vmlinuz-* "$kdir.new/vmlinuz" || die "no vmlinuz in $deb"
		for m in $wanted
		do
			add_mod "$m" || exit 1
		done
		printf '%s\n' "$wanted" >"$kdir.new/wanted"
		# shellcheck disable=SC2086 # one name a line
		printf '%s\n' $mods >"$kdir.new/order"
		rm -rf "$kdir" "$scratch/kx" "$scratch/debs"
		mv "$kdir.new" "$kdir" || die "cannot write $kdir"
	fi
}

# vm_run: the initramfs, then the guest, run.sh in it.
vm_run() {
	# The initramfs: busybox, the modules, /init.
	ird=$scratch/initramfs
	mkdir -p "$ird/bin" "$ird/modules" "$ird/proc" "$ird/sys" "$ird/dev" "$ird/host"
	cp "$bb" "$ird/bin/busybox"
	cp "$kdir"/modules/*.ko "$kdir/order" "$ird/modules/"
	cat >"$ird/init" <<'EOF'
#!/bin/busybox sh
# /init of the small-box guest: modules, this machine's / read-only over
# virtio-9p, then the run (out/run.sh) chrooted there, then power off.
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
while read -r m
do
	insmod "/modules/$m.ko" || echo "small-box guest: insmod $m failed"
done </modules/order
o9p=trans=virtio,version=9p2000.L,msize=262144
if mount -t 9p -o "$o9p,ro,cache=loose" root /host
then
	mount -t proc proc /host/proc
	mount -t sysfs sysfs /host/sys
	mount -t devtmpfs devtmpfs /host/dev
	mkdir -p /host/dev/shm /host/dev/pts
	mount -t tmpfs -o mode=1777 tmpfs /host/dev/shm
	mount -t devpts devpts /host/dev/pts
	# /tmp: the disk when there is one, else tmpfs.
	if [ -b /dev/vda ]
	then
		mount -t ext4 /dev/vda /host/tmp && chmod 1777 /host/tmp
	else
		mount -t tmpfs -o mode=1777 tmpfs /host/tmp
	fi
	mount -t tmpfs tmpfs /host/run
	mkdir /host/tmp/out
	mount -t 9p -o "$o9p,cache=none" out /host/tmp/out
	ip link set lo up
	hostname small-box
	chroot /host /bin/sh /tmp/out/run.sh /tmp/out /tmp
	sync
	umount /host/tmp/out
else
	echo "small-box guest: cannot mount the host's / over 9p"
fi
poweroff -f
EOF
	chmod 755 "$ird/init"
	(cd "$ird" && find . | "$bb" cpio -o -H newc >"$scratch/initrd.cpio" 2>/dev/null) ||
		die "cannot make the initramfs"
	rm -rf "$ird"

	say "booting the guest (-m $mem -smp $cpus), then the $mode plan in it (at most $limit s)"
	if [ "$how" = kvm ]
	then
		set -- -enable-kvm -cpu host
	else
		set -- -accel tcg,thread=multi -cpu max
	fi
	if [ "$tmpkind" = disk ]
	then
		# /tmp's disk: a sparse ext4 image of 8 GiB.
		if ! { truncate -s 8G "$scratch/disk.img" &&
			mkfs.ext4 -q -F -L small-box-tmp "$scratch/disk.img"; } >"$scratch/mkfs.log" 2>&1
		then
			cat "$scratch/mkfs.log" >&2
			die "cannot make the disk image (truncate, mkfs.ext4)"
		fi
		set -- "$@" -drive "file=$scratch/disk.img,format=raw,if=virtio,cache=none"
	fi
	t_start=$(date +%s)
	qemu-system-x86_64 "$@" -m "$mem" -smp "$cpus" \
		-nodefaults -no-user-config -display none -nic none -no-reboot \
		-serial "file:$scratch/console.log" \
		-kernel "$kdir/vmlinuz" -initrd "$scratch/initrd.cpio" \
		-append "console=ttyS0 quiet panic=-1" \
		-fsdev "local,id=root,path=/,security_model=none,readonly=on,multidevs=remap" \
		-device virtio-9p-pci,fsdev=root,mount_tag=root \
		-fsdev "local,id=out,path=$out,security_model=none" \
		-device virtio-9p-pci,fsdev=out,mount_tag=out \
		</dev/null >"$scratch/qemu.log" 2>&1 &
	qpid=$!
	wait_run "$qpid"
	qrc=$?
	qpid=
	if ! [ -s "$out/report" ]
	then
		say "no report from the guest (qemu exit status $qrc); the end of its console:"
		tail -n 30 "$scratch/console.log" >&2
		sed -n '1,20p' "$scratch/qemu.log" >&2
		[ -s "$out/report.err" ] && cat "$out/report.err" >&2
		exit 1
	fi
}

# ------------------------------------ the small box emulated: a cgroup

# cg_run: run.sh in a memory cgroup of $mem MiB, in a mount and UTS
# namespace with a 1 GiB box's /proc/meminfo and its own /tmp.
cg_run() {
	if grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null
	then
		cg=/sys/fs/cgroup/latbw-small-box.$$
		mkdir "$cg" || die "cannot make the cgroup $cg"
		echo $((mem * 1048576)) >"$cg/memory.max" ||
			die "cannot set $cg/memory.max"
		echo 0 >"$cg/memory.swap.max" 2>/dev/null
	elif [ -d /sys/fs/cgroup/memory ]
	then
		cg=/sys/fs/cgroup/memory/latbw-small-box.$$
		mkdir "$cg" || die "cannot make the cgroup $cg"
		echo $((mem * 1048576)) >"$cg/memory.limit_in_bytes" ||
			die "cannot set $cg/memory.limit_in_bytes"
	else
		die "no memory cgroup controller (v1 or v2) mounted under /sys/fs/cgroup"
	fi
	# /proc/meminfo of a freshly booted box of $mem MiB: this machine's
	# lines, with MemTotal, MemFree and MemAvailable its.
	awk -v total=$(((mem - 66) * 1024)) -v avail=$(((mem - 172) * 1024)) '
		$1 == "MemTotal:" { printf("MemTotal:       %8d kB\n", total); next }
		$1 == "MemFree:" || $1 == "MemAvailable:" {
			printf("%-15s %8d kB\n", $1, avail); next }
		{ print }' /proc/meminfo >"$out/meminfo" || die "cannot write $out/meminfo"
	mkdir "$scratch/tmp"
	chmod 1777 "$scratch/tmp"
	tmpsize=disk
	[ "$tmpkind" = tmpfs ] && tmpsize=$((mem / 2))m
	pin=
	[ "$cpus" -lt "$(nproc)" ] && pin="taskset -c 0-$((cpus - 1))"
	say "the small box: a memory cgroup of $mem MiB, $cpus CPUs, then the $mode plan in it (at most $limit s)"
	t_start=$(date +%s)
	# shellcheck disable=SC2016 # the inner shells expand
	sh -c 'echo "$$" >"$1/cgroup.procs" && shift && exec "$@"' sh "$cg" \
		unshare -m -u sh -c '
			{ [ "$3" = disk ] ||
				mount -t tmpfs -o "mode=1777,size=$3" tmpfs "$2"; } &&
			mount --bind "$1/meminfo" /proc/meminfo &&
			hostname small-box &&
			exec $4 sh "$1/run.sh" "$1" "$2"' sh "$out" "$scratch/tmp" \
		"$tmpsize" "$pin" </dev/null >"$scratch/console.log" 2>&1 &
	runpid=$!
	wait_run "$runpid"
	rrc=$?
	runpid=
	# The cgroup's peak and how often it met its limit.
	if [ -f "$cg/memory.max_usage_in_bytes" ]
	then
		peak=$(cat "$cg/memory.max_usage_in_bytes")
		hits=$(cat "$cg/memory.failcnt")
	else
		peak=$(cat "$cg/memory.peak" 2>/dev/null)
		hits=$(sed -n 's/^max //p' "$cg/memory.events" 2>/dev/null)
	fi
	[ -n "$peak" ] && printf '  memory: peak %s MiB of the %s, the limit met %s times\n' \
		$((peak / 1048576)) "$mem" "${hits:-?}" >"$scratch/cgmem"
	if ! [ -s "$out/report" ]
	then
		say "no report from the run (exit status $rrc):"
		tail -n 30 "$scratch/console.log" >&2
		[ -s "$out/report.err" ] && cat "$out/report.err" >&2
		exit 1
	fi
}

case "$how" in
cgroup) cg_run ;;
*)
	vm_prepare
	vm_run
	;;
esac
t_all=$(($(date +%s) - t_start))

# ------------------------------------------------------------ the report

case "$how" in
kvm) what="KVM guest -m $mem -smp $cpus" ;;
tcg) what="guest -m $mem -smp $cpus under TCG, an emulated CPU: the times mean nothing" ;;
cgroup) what="emulated: this machine's kernel, a memory cgroup of $mem MiB, /proc/meminfo and /tmp of such a box (not a VM${kvm_says:+: $kvm_says})" ;;
esac
printf 'small-box: %s\n  %s\n' "$what" "$(sed -n 1p "$out/guest")"
sed -n '2,$s/^/  /p' "$out/guest"
cat "$out/report"
[ -s "$out/report.err" ] && sed 's/^/step-times: /' "$out/report.err"

wall=$(sed -n 's/^\([0-9.]*\) s in all: .*/\1/p' "$out/report")
mb=$(sed -n 's/^[a-z]* run (MB=\([^)]*\)).*/\1/p' "$out/report")
grep -E 'time bound of [0-9]+ s exceeded|hung, killed after' "$out/report" >"$scratch/bound"
grep -E '^latbw-run: .*(: failed|: hung)' "$out/report" >"$scratch/failed"
grep -E '^latbw-run: .*cannot run here' "$out/report" >"$scratch/skipped"

printf '\nsmall-box verdict (%s plan, %s MiB, %s CPUs, %s)\n' "$mode" "$mem" "$cpus" "$how"
ok=yes
if [ -n "$wall" ]
then
	held=$(awk -v w="$wall" -v b="$budget" 'BEGIN { print (w <= b ? "held" : "NOT held") }')
	[ "$held" = held ] || ok=
	printf '  wall time of the run: %s s (budget %s s: %s); %s s with boot and copy\n' \
		"$wall" "$budget" "$held" "$t_all"
else
	ok=
	printf '  wall time of the run: unknown (no total in the report)\n'
fi
printf '  MB chosen by the driver: %s\n' "${mb:-?}"
[ -s "$scratch/cgmem" ] && cat "$scratch/cgmem"
printf '  slowest steps:\n'
sed -n '/^seconds share   step/,/^$/p' "$out/report" | sed -n '2,6s/^/  /p'
if [ -s "$scratch/bound" ]
then
	ok=
	printf '  steps at their time bound:\n'
	sed 's/^/    /' "$scratch/bound"
else
	printf '  steps at their time bound: none\n'
fi
if [ -s "$scratch/failed" ]
then
	ok=
	printf '  failures:\n'
	sed 's/^/    /' "$scratch/failed"
else
	printf '  failures: none\n'
fi

if [ -s "$scratch/skipped" ]
then
	printf '  skipped (cannot run here):\n'
	sed 's/^/    /' "$scratch/skipped"
fi

# The results file, copied out (never over another).
for f in "$out"/results/*/*
do
	[ -f "$f" ] || continue
	triple=$(basename "$(dirname "$f")")
	dest=${RESULTS_DIR:-$top/results}/$triple
	mkdir -p "$dest" || die "cannot make $dest"
	n=0
	while ! (set -C && cat "$f" >"$dest/small-box.$n") 2>/dev/null
	do
		[ -e "$dest/small-box.$n" ] || die "cannot write $dest/small-box.$n"
		n=$((n + 1))
	done
	printf '  results file: %s\n' "$dest/small-box.$n"
done
[ -n "$ok" ]

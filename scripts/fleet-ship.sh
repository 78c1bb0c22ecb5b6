# fleet-ship.sh - what a host of latbw-fleet gets: the programs built
# here for its architecture, or the source, shipped into a temporary
# directory there.  Sourced by latbw-fleet after fleet-host.sh, whose
# host_job runs these in a host's job (its hw, h, arch, why, status,
# rsh, last_line).
# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # shared variables: set in one file, used in another

# static_cc ARCH: the compiler here for a static build for ARCH, in
# bf_cc; else why not in why.
static_cc() {
	case "$1" in
	"$(uname -m)")
		bf_cc=${CC:-cc}
		command -v musl-gcc >/dev/null 2>&1 && bf_cc=musl-gcc
		;;
	aarch64 | arm64) bf_cc=aarch64-linux-gnu-gcc ;;
	riscv64) bf_cc=riscv64-linux-gnu-gcc ;;
	armv6l | armv7l | armv8l) bf_cc=arm-linux-gnueabihf-gcc ;;
	x86_64 | amd64) bf_cc=x86_64-linux-gnu-gcc ;;
	*)
		why="no compiler here for $1 (use --build-there)"
		return 1
		;;
	esac
	command -v "$bf_cc" >/dev/null 2>&1 && return 0
	why="no $bf_cc here for $1 (install it, or use --build-there)"
	return 1
}

# build_for ARCH: the static programs for ARCH made here (make static),
# their directory in bindir; else why not in why.
build_for() {
	static_cc "$1" || return 1
	# One build at a time (hosts of one architecture share it).
	while ! mkdir "$work/build.lock" 2>/dev/null
	do
		sleep 1
	done
	# (Not make's settings of a make results that started us: its
	# BUILD= would put this build elsewhere.)
	# In the background, so that a TERM need not wait for its end.
	(
		unset MAKEFLAGS MFLAGS MAKELEVEL BUILD
		exec make -C "$top" STATIC=1 CC="$bf_cc" programs
	) >"$hw/build.log" 2>&1 &
	build_pid=$!
	wait "$build_pid"
	bf_rc=$?
	build_pid=
	rmdir "$work/build.lock"
	if [ "$bf_rc" -ne 0 ]
	then
		why="the static build for $1 ($bf_cc) failed: $(last_line "$hw/build.log")"
		return 1
	fi
	bindir=$top/build-static-$bf_cc/bin
}

# what_travels: tar's arguments for what is shipped, in $@ of the caller
# (set by it from ship_args): the scripts and VERSION with the programs
# beside them (as installed), or the source.
what_travels() {
	if [ "$build_there" = 1 ]
	then
		sub=s
		rscript=scripts/latbw-fleet
		ship_args="-C
$top
Makefile
VERSION
src
scripts"
		return 0
	fi
	if [ -n "$opt_bin" ]
	then
		bindir=$opt_bin
	elif [ "$source_tree" = 1 ]
	then
		status "building for $arch (static)"
		build_for "$arch" || return 1
	elif [ "$arch" = "$(uname -m)" ]
	then
		bindir=$script_dir
	else
		why="no programs for $arch (an installed $me ships its own, for $(uname -m); use --bin DIR)"
		return 1
	fi
	vfile=$top/VERSION
	[ -f "$script_dir/VERSION" ] && vfile=$script_dir/VERSION
	ship_args="-C
${vfile%/*}
VERSION
-C
$script_dir
."
	# (Installed, the programs are beside the scripts.)
	[ "$bindir" = "$script_dir" ] || ship_args="$ship_args
-C
$bindir
."
}

# ship: a temporary directory there (rdir), what travels unpacked in it.
ship() {
	status "shipping to $arch"
	# shellcheck disable=SC2016 # expanded there
	rdir=$(rsh "$h" 'mktemp -d "${TMPDIR:-/tmp}/latbw-fleet.XXXXXX"' </dev/null 2>"$hw/ship.err")
	case "$rdir" in
	/*/latbw-fleet.*[!A-Za-z0-9_./-]*)
		why="its temporary directory '$rdir' holds characters its shell would interpret"
		rdir=
		return 1
		;;
	/*/latbw-fleet.*) ;;
	*)
		why="cannot make a temporary directory there: $(last_line "$hw/ship.err")"
		rdir=
		return 1
		;;
	esac
	# The settings; a pair's name this directory (@RDIR@).
	{
		printf '%s' "$settings"
		printf '%s' "$job_settings" | sed "s|@RDIR@|$rdir|g"
	} >"$hw/fleet.config" || return 1
	rscript=$rdir/$sub/${rscript:-latbw-fleet}
	set -f
	so_ifs=$IFS
	IFS='
'
	# shellcheck disable=SC2086 # one word a line
	set -- $ship_args
	IFS=$so_ifs
	set +f
	tar cf - "$@" -C "$hw" fleet.config 2>"$hw/tar.err" |
		rsh "$h" "mkdir $rdir/$sub && cd $rdir/$sub && tar xof -" 2>"$hw/ship.err" && return 0
	why="shipping failed: $(last_line "$hw/ship.err")$(last_line "$hw/tar.err")"
	return 1
}

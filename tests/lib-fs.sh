# tests/lib-fs.sh - helpers of the file system tests (t7*), sourced after
# lib.sh.

# interrupt_when_busy SIG DIR PROG ARGS...: start PROG with TMPDIR=DIR,
# wait until it has made a temporary file or directory there (at most 10
# s), send SIG, and leave its exit status in $TRASH/rc and its stderr in
# $TRASH/err.
interrupt_when_busy() {
	ib_sig=$1
	ib_dir=$2
	ib_prog=$3
	shift 3
	TMPDIR="$ib_dir" "$BIN/$ib_prog" "$@" 2>"$TRASH/err" &
	ib_pid=$!
	ib_tries=0
	while [ "$(tmp_files_in "$ib_dir")" = 0 ] && [ "$ib_tries" -lt 100 ]
	do
		sleep 0.1
		ib_tries=$((ib_tries + 1))
	done
	# A moment more, so that the program is inside its measurement.
	sleep 0.3
	kill "-$ib_sig" "$ib_pid"
	wait "$ib_pid"
	echo $? >"$TRASH/rc"
}

# made_files DIR: every file or directory left anywhere under DIR.
made_files() {
	find "$1" -mindepth 1 | wc -l | tr -d ' '
}

# immutable_dir DIR: make DIR unwritable even for root (chattr +i);
# fails if the file system or the system cannot.
immutable_dir() {
	command -v chattr >/dev/null 2>&1 && chattr +i "$1" 2>/dev/null &&
		! touch "$1/.probe" 2>/dev/null
}

# small_fs DIR KB: mount a tmpfs of KB kilobytes on DIR; fails if mounts
# are not allowed here.
small_fs() {
	mount -t tmpfs -o "size=${2}k" latbwtest "$1" 2>/dev/null
}

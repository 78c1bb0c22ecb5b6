#!/bin/sh
# lat_proc measured here: the order null call < fork < exec < shell (moved
# from tests/t1200-lat_proc.sh).
. "$(dirname "$0")/../lib.sh"

test_expect 'fork+exit costs more than a null system call' '
	costs_more lat_proc fork "Process fork+exit" lat_syscall null "Simple syscall"
'

test_expect 'fork+execve costs more than fork+exit' '
	costs_more lat_proc exec "Process fork+execve" lat_proc fork "Process fork+exit"
'

test_expect 'fork+/bin/sh costs more than fork+execve' '
	costs_more lat_proc shell "Process fork+/bin/sh -c" lat_proc exec "Process fork+execve"
'

test_done

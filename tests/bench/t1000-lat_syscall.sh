#!/bin/sh
# lat_syscall measured here: the relations between its cases (moved from
# tests/t1000-lat_syscall.sh; a busy machine can upset them).
. "$(dirname "$0")/../lib.sh"

test_expect 'open/close costs more than stat' '
	costs_more lat_syscall open "Simple open/close" lat_syscall stat "Simple stat"
'

test_expect 'stat of a path costs more than the null call' '
	costs_more lat_syscall stat "Simple stat" lat_syscall null "Simple syscall"
'

test_done

#!/bin/sh
# lat_sig measured here: delivery costs more than installation (moved
# from tests/t1100-lat_sig.sh).
. "$(dirname "$0")/../lib.sh"

test_expect 'delivering a signal costs more than installing a handler' '
	costs_more lat_sig catch "Signal handler overhead" \
		lat_sig install "Signal handler installation"
'

test_done

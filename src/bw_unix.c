/*
 * bw_unix - the rate at which data moves from one process to another
 * through an AF_UNIX stream socket pair.
 *
 *	bw_unix [-m bytes] [-M total]
 *
 * A child writes `total` bytes into the socket in writes of `bytes` (64 KB by
 * default, as lmbench); the parent reads them all,
 * `bytes` at a time, into a buffer of its own.  One operation is the whole
 * transfer; MB/sec is total / time with MB = 10^6 bytes.  The child starts
 * each sample's transfer when asked through the same socket, so that data
 * written before the clock started is never counted.  (The measurement is
 * ipc_stream_main's, shared with bw_pipe.)
 */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>

#include "bench.h"
#include "ipc.h"

/* One socket pair: requests and data both ways through it. */
static int socket_pair(struct bench *b, struct ipc_peer *p, int child[2])
{
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
		return bench_error(b, "socketpair: %s", strerror(errno));
	p->rfd = p->wfd = sv[0];
	child[0] = child[1] = sv[1];
	return 0;
}

int main(int argc, char **argv)
{
	return ipc_stream_main(argc, argv, "bw_unix", "unix",
			       "AF_UNIX sock stream bandwidth", socket_pair);
}

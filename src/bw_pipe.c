/*
 * bw_pipe - the rate at which data moves from one process to another
 * through a pipe.
 *
 *	bw_pipe [-m bytes] [-M total]
 *
 * A child writes `total` bytes into a pipe in writes of `bytes` (64 KB by
 * default, the size of a Linux pipe's buffer); the parent reads them all,
 * `bytes` at a time, into a buffer of its own.  One operation is the whole
 * transfer; MB/sec is total / time with MB = 10^6 bytes.  The child starts
 * each sample's transfer when asked through a second pipe, so that data
 * written before the clock started is never counted.  (The measurement is
 * ipc_stream_main's, shared with bw_unix.)
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "ipc.h"

/* A pipe for the data (child to parent), one for the requests. */
static int pipes(struct bench *b, struct ipc_peer *p, int child[2])
{
	int data[2], req[2], err;

	if (pipe(data) != 0)
		return bench_error(b, "pipe: %s", strerror(errno));
	if (pipe(req) != 0) {
		err = errno;
		close(data[0]);
		close(data[1]);
		return bench_error(b, "pipe: %s", strerror(err));
	}
	p->rfd = data[0];
	p->wfd = req[1];
	child[0] = req[0];
	child[1] = data[1];
	return 0;
}

int main(int argc, char **argv)
{
	return ipc_stream_main(argc, argv, "bw_pipe", "pipe",
			       "Pipe bandwidth", pipes);
}

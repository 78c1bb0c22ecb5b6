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
 * written before the clock started is never counted.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench.h"
#include "ipc.h"

struct bw_state {
	struct ipc_peer peer;
	size_t msg;
	uint64_t total;
	char *buf;
};

static void bw_cleanup(struct bench *b)
{
	struct bw_state *st = b->priv;

	ipc_peer_stop(b, &st->peer);
	free(st->buf);
	st->buf = NULL;
}

static int bw_setup(struct bench *b)
{
	struct bw_state *st = b->priv;
	int sv[2];

	st->msg = (size_t)bench_opt_num(b, 'm');
	st->total = (uint64_t)bench_opt_num(b, 'M');
	b->bytes = (double)st->total;
	st->buf = malloc(st->msg);
	if (st->buf == NULL)
		return bench_error(b, "out of memory");
	/* Touch the buffer now, so no page fault lands in a timed read. */
	memset(st->buf, 0, st->msg);
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) {
		free(st->buf);
		st->buf = NULL;
		return bench_error(b, "socketpair: %s", strerror(errno));
	}
	st->peer.rfd = st->peer.wfd = sv[0];
	if (ipc_peer_start(b, &st->peer, sv[1], sv[1], ipc_serve_stream,
			   st->msg) != 0) {
		free(st->buf);
		st->buf = NULL;
		return -1;
	}
	return 0;
}

/* One request for all n transfers: one wake-up per sample, not per MB. */
static int bw_run(struct bench *b, uint64_t n)
{
	struct bw_state *st = b->priv;

	return ipc_stream_take(b, &st->peer, st->buf, st->msg, n * st->total);
}

static const struct bench_case cases[] = {
	{ .name = "unix", .label = "AF_UNIX sock stream bandwidth", .unit = BENCH_MBPS,
	  .setup = bw_setup, .run = bw_run, .cleanup = bw_cleanup },
};

static const struct bench_opt opts[] = {
	{ .flag = 'm', .type = BENCH_OPT_SIZE, .arg = "bytes",
	  .help = "bytes per write and per read (default 64k)",
	  .def = 64 * 1024, .min = 1, .max = 64 * 1024 * 1024 },
	{ .flag = 'M', .type = BENCH_OPT_SIZE, .arg = "total",
	  .help = "bytes moved per operation (default 50m)",
	  .def = 50 * 1024 * 1024, .min = 1, .max = 0 },
};

static const struct bench_spec spec = {
	.prog = "bw_unix",
	.cases = cases,
	.ncases = 1,
	.opts = opts,
	.nopts = 2,
	.priv_size = sizeof(struct bw_state),
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

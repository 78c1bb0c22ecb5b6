/*
 * lat_unix - the round trip of one byte between two processes over an
 * AF_UNIX stream socket pair.
 *
 *	lat_unix
 *
 * The parent sends a byte, the child reads it and sends it back, the
 * parent reads it: one operation.  Placement matters as for lat_pipe: -C 0
 * puts both processes on one CPU, -C 0,1 on two.
 */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench.h"
#include "ipc.h"

struct unix_state {
	struct ipc_peer peer;
	char byte;
};

static int unix_setup(struct bench *b)
{
	struct unix_state *st = b->priv;
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
		return bench_error(b, "socketpair: %s", strerror(errno));
	st->peer.rfd = st->peer.wfd = sv[0];
	return ipc_echo_start(b, &st->peer, sv[1], sv[1], 1);
}

static int unix_run(struct bench *b, uint64_t n)
{
	struct unix_state *st = b->priv;

	return ipc_pingpong(b, &st->peer, &st->byte, 1, n);
}

static void unix_cleanup(struct bench *b)
{
	struct unix_state *st = b->priv;

	ipc_peer_stop(&st->peer);
}

static const struct bench_case cases[] = {
	{ .name = "unix", .label = "AF_UNIX sock stream latency",
	  .setup = unix_setup, .run = unix_run, .cleanup = unix_cleanup,
	  .flags = BENCH_THREADS },
};

static const struct bench_spec spec = {
	.prog = "lat_unix",
	.cases = cases,
	.ncases = 1,
	.priv_size = sizeof(struct unix_state),
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

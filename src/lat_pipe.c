/*
 * lat_pipe - the round trip of one byte between two processes over a pair
 * of pipes.
 *
 *	lat_pipe
 *
 * The parent writes a byte into one pipe, the child reads it and writes it
 * back through the other, the parent reads it: one operation.  Each round
 * trip wakes each process once, so on a machine where the two run on
 * different CPUs the figure is dominated by cross-CPU wake-ups; -C 0 puts
 * both on one CPU, -C 0,1 on two (see the manual page).
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "ipc.h"

struct pipe_state {
	struct ipc_peer peer;
	char byte;
};

static int pipe_setup(struct bench *b)
{
	struct pipe_state *st = b->priv;

	return ipc_pipe_echo_start(b, &st->peer, 1);
}

static int pipe_run(struct bench *b, uint64_t n)
{
	struct pipe_state *st = b->priv;

	return ipc_pingpong(b, &st->peer, &st->byte, 1, n);
}

static void pipe_cleanup(struct bench *b)
{
	struct pipe_state *st = b->priv;

	ipc_peer_stop(&st->peer);
}

static const struct bench_case cases[] = {
	{ .name = "pipe", .label = "Pipe latency", .setup = pipe_setup,
	  .run = pipe_run, .cleanup = pipe_cleanup, .flags = BENCH_THREADS },
};

static const struct bench_spec spec = {
	.prog = "lat_pipe",
	.cases = cases,
	.ncases = 1,
	.priv_size = sizeof(struct pipe_state),
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

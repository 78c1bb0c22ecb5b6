/*
 * lat_tcp - TCP round-trip latency.
 *
 *	lat_tcp -s [address]		start the server (background)
 *	lat_tcp [-m bytes] host		measure against it
 *	lat_tcp -S host			stop it
 *
 * One operation is a round trip on an established connection: the client
 * writes a message of -m bytes (default 1) and reads the server's echo of
 * it.  TCP_NODELAY is on at both ends, so Nagle never holds a message
 * back.  Connection set-up is outside the timed loop (lat_connect times
 * that).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "cpus.h"
#include "io.h"
#include "net.h"

#define MAX_MSG (16 << 20)

struct tcp_state {
	struct net_cmd cmd;	/* first: see net.h */
	int fd;
	char *buf;
	size_t msize;
};

/* Server side of one connection, in a child of the server: echo messages
 * of the size the hello gave until the client goes, errs or is idle. */
static void serve_conn(struct net_server *s, int fd)
{
	struct net_hello h;
	char *buf;

	if (net_conn_hello(s, fd, &h) != 1 || h.size == 0 || h.size > MAX_MSG)
		return;
	/* A client of a scaling curve (-G) names its CPU (plus one): its
	 * peer, this child, goes there too, as -G's peers do.  A CPU that
	 * cannot be had leaves the child where it is. */
	if (h.arg > 0 && h.arg <= 4096)
		(void)cpus_pin((int)h.arg - 1);
	buf = malloc(h.size);
	if (buf == NULL)
		return;
	while (io_readn(fd, buf, h.size) == (ssize_t)h.size)
		if (io_writen(fd, buf, h.size) != (ssize_t)h.size)
			break;
	free(buf);
}

static int tcp_setup(struct bench *b)
{
	struct tcp_state *st = b->priv;

	st->buf = calloc(1, st->msize);
	if (st->buf == NULL)
		return bench_error(b, "out of memory");
	int cpu = bench_sweeping(b) ? bench_cpu(b, b->copy) : -1;

	st->fd = net_tcp_open(b, (uint32_t)st->msize,
			      cpu >= 0 ? (uint32_t)cpu + 1 : 0, 0);
	if (st->fd < 0) {
		free(st->buf);
		return -1;
	}
	return 0;
}

static int tcp_run(struct bench *b, uint64_t n)
{
	struct tcp_state *st = b->priv;
	ssize_t got;

	while (n-- > 0) {
		if (io_writen(st->fd, st->buf, st->msize) != (ssize_t)st->msize)
			return bench_error(b, "write: %s", strerror(errno));
		got = io_readn(st->fd, st->buf, st->msize);
		if (got != (ssize_t)st->msize)
			return bench_error(b, "read: %s",
					   net_read_failure(got));
	}
	return 0;
}

static void tcp_cleanup(struct bench *b)
{
	struct tcp_state *st = b->priv;

	close(st->fd);
	free(st->buf);
}

static const struct net_prog prog = {
	.want_tcp = 1, .fork_conns = 1, .conn = serve_conn,
	.magic = 0x4c425454u,	/* "LBTT" */
	.stop = net_stop_tcp,
};

static int tcp_parse(struct bench *b)
{
	struct tcp_state *st = b->priv;

	net_parse_cmd(b, &prog);
	st->msize = (size_t)bench_opt_num(b, 'm');
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "tcp", .label = "TCP latency", .flags = BENCH_THREADS,
	  .setup = tcp_setup, .run = tcp_run, .cleanup = tcp_cleanup },
};

static const struct bench_opt opts[] = {
	NET_OPTS(NET_PORT_TCP_LAT),
	{ .flag = 'm', .type = BENCH_OPT_SIZE, .arg = "bytes",
	  .help = "message size (default 1)", .def = 1, .min = 1,
	  .max = MAX_MSG },
};

static const struct bench_spec spec = {
	.prog = "lat_tcp",
	.operands = NET_OPERANDS,
	.cases = cases,
	.ncases = 1,
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct tcp_state),
	.parse = tcp_parse,
	.main = net_main,
	.main_sweeps = 1,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

/*
 * lat_udp - UDP round-trip latency.
 *
 *	lat_udp -s [address]		start the server (background)
 *	lat_udp [-m bytes] host		measure against it
 *	lat_udp -S host			stop it
 *
 * One operation is a round trip: the client sends a datagram of -m bytes
 * (default 4) carrying a sequence number, and waits for the server to send
 * it back.  A reply with another sequence number (a late one) is skipped.
 * A lost datagram is not retried: after NET_CLIENT_TIMEOUT_SECS without a
 * reply the measurement fails, since a retry would hide a timeout inside
 * the figure.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "net.h"

struct udp_state {
	struct net_cmd cmd;	/* first: see net.h */
	int fd;
	uint32_t seq;
	char *buf;
	size_t msize;
};

static int udp_setup(struct bench *b)
{
	struct udp_state *st = b->priv;

	st->buf = calloc(1, st->msize);
	if (st->buf == NULL)
		return bench_error(b, "out of memory");
	st->fd = net_udp_connect(b, st->cmd.host, st->cmd.port, net_udp_probe);
	if (st->fd < 0) {
		free(st->buf);
		return -1;
	}
	return 0;
}

static int udp_run(struct bench *b, uint64_t n)
{
	struct udp_state *st = b->priv;

	return net_udp_round_trips(b, st->fd, st->buf, st->msize, &st->seq,
				   n, st->cmd.host);
}

static void udp_cleanup(struct bench *b)
{
	struct udp_state *st = b->priv;

	close(st->fd);
	free(st->buf);
}

static const struct net_prog prog = {
	.want_udp = 1, .datagram = net_udp_echo, .stop = net_stop_udp,
};

static int udp_parse(struct bench *b)
{
	struct udp_state *st = b->priv;

	net_parse_cmd(b, &prog);
	st->msize = (size_t)bench_opt_num(b, 'm');
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "udp", .label = "UDP latency", .setup = udp_setup,
	  .run = udp_run, .cleanup = udp_cleanup },
};

static const struct bench_opt opts[] = {
	NET_OPTS(NET_PORT_UDP_LAT),
	{ .flag = 'm', .type = BENCH_OPT_SIZE, .arg = "bytes",
	  .help = "datagram size (default 4, at least 4)", .def = 4, .min = 4,
	  .max = NET_UDP_MAX },
};

static const struct bench_spec spec = {
	.prog = "lat_udp",
	.operands = NET_OPERANDS,
	.cases = cases,
	.ncases = 1,
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct udp_state),
	.parse = udp_parse,
	.main = net_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

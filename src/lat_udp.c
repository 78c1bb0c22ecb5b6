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
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench.h"
#include "net.h"

#define MAX_MSG 65507		/* the largest UDP payload over IPv4 */
#define SEQ_STOP 0xffffffffu	/* a datagram asking the server to exit */
#define SEQ_PROBE 0xfffffffeu	/* "are you there?" */
#define SEQ_MASK 0x7fffffffu	/* measurement sequence numbers */

struct udp_state {
	struct net_cmd cmd;
	int fd;
	uint32_t seq;
	char *buf;
	size_t msize;
	char label[300];
	char dgram[MAX_MSG + 1];	/* the server's receive buffer */
};

static void put_seq(char *buf, uint32_t seq)
{
	uint32_t v = htonl(seq);

	memcpy(buf, &v, 4);
}

static uint32_t get_seq(const char *buf)
{
	uint32_t v;

	memcpy(&v, buf, 4);
	return ntohl(v);
}

/* Server: echo one datagram to its sender. */
static int serve_datagram(struct net_server *s, int fd)
{
	struct udp_state *st = s->arg;
	char *buf = st->dgram;
	struct sockaddr_storage from;
	socklen_t flen = sizeof(from);
	ssize_t got;

	got = recvfrom(fd, buf, sizeof(st->dgram), 0, (struct sockaddr *)&from,
		       &flen);
	if (got < 4)
		return 0;
	sendto(fd, buf, (size_t)got, 0, (struct sockaddr *)&from, flen);
	return get_seq(buf) == SEQ_STOP;
}

/* One request and its answer on the connected socket: 0, or -1 (errno). */
static int round_trip(int fd, char *buf, size_t len, uint32_t seq)
{
	ssize_t got;

	put_seq(buf, seq);
	if (send(fd, buf, len, 0) != (ssize_t)len)
		return -1;
	for (;;) {
		got = recv(fd, buf, len, 0);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -1;
		if (got >= 4 && get_seq(buf) == seq)
			return 0;
		/* A late answer to an earlier request: not ours. */
	}
}

static int probe(struct bench *b, int fd)
{
	char buf[4];

	(void)b;
	return round_trip(fd, buf, sizeof(buf), SEQ_PROBE);
}

static int udp_setup(struct bench *b)
{
	struct udp_state *st = b->priv;

	st->buf = calloc(1, st->msize);
	if (st->buf == NULL)
		return bench_error(b, "out of memory");
	st->fd = net_udp_connect(b, st->cmd.host, st->cmd.port, probe);
	if (st->fd < 0) {
		free(st->buf);
		return -1;
	}
	return 0;
}

static int udp_run(struct bench *b, uint64_t n)
{
	struct udp_state *st = b->priv;

	while (n-- > 0) {
		st->seq = (st->seq + 1) & SEQ_MASK;
		if (round_trip(st->fd, st->buf, st->msize, st->seq) != 0)
			return bench_error(b, "%s: %s", st->cmd.host,
					   errno == EAGAIN ?
					   "no reply (datagram lost or server "
					   "gone)" : strerror(errno));
	}
	return 0;
}

static void udp_cleanup(struct bench *b)
{
	struct udp_state *st = b->priv;

	close(st->fd);
	free(st->buf);
}

static int stop_server(struct bench *b)
{
	struct udp_state *st = b->priv;
	char buf[4];
	int fd;

	fd = net_udp_connect(b, st->cmd.host, st->cmd.port, probe);
	if (fd < 0)
		return -1;
	if (round_trip(fd, buf, sizeof(buf), SEQ_STOP) != 0) {
		close(fd);
		return bench_error(b, "the server at %s port %u did not "
				   "confirm it stopped", st->cmd.host,
				   st->cmd.port);
	}
	close(fd);
	return 0;
}

static int udp_main(struct bench *b)
{
	struct udp_state *st = b->priv;
	struct net_server srv = {
		.cmd = &st->cmd, .want_udp = 1, .datagram = serve_datagram,
		.b = b, .arg = st,
	};
	struct bench_result r;
	int rc;

	if (st->cmd.mode == NET_SERVER)
		return net_server_start(&srv);
	if (st->cmd.mode == NET_STOP)
		return stop_server(b);
	rc = bench_measure(b, b->bc, &r);
	if (rc != 0)
		return rc;
	snprintf(st->label, sizeof(st->label), "UDP latency using %s",
		 st->cmd.host);
	bench_report(b, st->label, &r);
	return 0;
}

static int udp_parse(struct bench *b)
{
	struct udp_state *st = b->priv;

	net_parse_cmd(b, &st->cmd);
	st->msize = (size_t)bench_opt_num(b, 'm');
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "udp", .label = "UDP latency", .setup = udp_setup,
	  .run = udp_run, .cleanup = udp_cleanup },
};

static const struct bench_opt opts[] = {
	NET_OPT_SERVER,
	NET_OPT_STOP,
	{ .flag = 'm', .type = BENCH_OPT_SIZE, .arg = "bytes",
	  .help = "datagram size (default 4, at least 4)", .def = 4, .min = 4,
	  .max = MAX_MSG },
	NET_OPT_PORT(NET_PORT_UDP_LAT),
	NET_OPT_IDLE,
};

static const struct bench_spec spec = {
	.prog = "lat_udp",
	.operands = "-s [address] | host | -S host",
	.cases = cases,
	.ncases = 1,
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct udp_state),
	.parse = udp_parse,
	.main = udp_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

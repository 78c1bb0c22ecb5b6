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
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "net.h"

#define TCP_MAGIC 0x4c425454u	/* "LBTT" */
#define CMD_ECHO 1
#define CMD_STOP 2
#define MAX_MSG (16 << 20)

/* The first thing a client sends: what it wants. */
struct hello {
	uint32_t magic, cmd, msize;
};

struct tcp_state {
	struct net_cmd cmd;
	int fd;
	char *buf;
	size_t msize;
	char label[300];
};

static int send_hello(int fd, uint32_t cmd, uint32_t msize)
{
	struct hello h = { htonl(TCP_MAGIC), htonl(cmd), htonl(msize) };

	return net_write_full(fd, &h, sizeof(h));
}

/* Server side of one connection, in a child of the server. */
static void serve_conn(struct net_server *s, int fd)
{
	struct hello h;
	char *buf;
	size_t m;
	int got;

	(void)s;
	if (net_read_full(fd, &h, sizeof(h)) != 1 ||
	    ntohl(h.magic) != TCP_MAGIC)
		return;
	if (ntohl(h.cmd) == CMD_STOP)
		net_conn_stop_server(fd, "K", 1);
	m = ntohl(h.msize);
	if (ntohl(h.cmd) != CMD_ECHO || m == 0 || m > MAX_MSG)
		return;
	buf = malloc(m);
	if (buf == NULL)
		return;
	/* Until the client goes (EOF), errs, or is idle too long. */
	while ((got = net_read_full(fd, buf, m)) == 1)
		if (net_write_full(fd, buf, m) != 0)
			break;
	free(buf);
}

static int tcp_setup(struct bench *b)
{
	struct tcp_state *st = b->priv;

	st->buf = calloc(1, st->msize);
	if (st->buf == NULL)
		return bench_error(b, "out of memory");
	st->fd = net_tcp_connect(b, st->cmd.host, st->cmd.port, 0, NULL, NULL);
	if (st->fd < 0 || send_hello(st->fd, CMD_ECHO,
				     (uint32_t)st->msize) != 0) {
		if (st->fd >= 0) {
			bench_error(b, "write: %s", strerror(errno));
			close(st->fd);
		}
		free(st->buf);
		return -1;
	}
	return 0;
}

static int tcp_run(struct bench *b, uint64_t n)
{
	struct tcp_state *st = b->priv;
	int got;

	while (n-- > 0) {
		if (net_write_full(st->fd, st->buf, st->msize) != 0)
			return bench_error(b, "write: %s", strerror(errno));
		got = net_read_full(st->fd, st->buf, st->msize);
		if (got != 1)
			return bench_error(b, "read: %s", got == 0 ?
					   "the server closed the connection" :
					   strerror(errno));
	}
	return 0;
}

static void tcp_cleanup(struct bench *b)
{
	struct tcp_state *st = b->priv;

	close(st->fd);
	free(st->buf);
}

static int stop_server(struct bench *b)
{
	struct tcp_state *st = b->priv;
	char ack;
	int fd, got;

	fd = net_tcp_connect(b, st->cmd.host, st->cmd.port, 0, NULL, NULL);
	if (fd < 0)
		return -1;
	got = send_hello(fd, CMD_STOP, 0) == 0 ?
	      net_read_full(fd, &ack, 1) : -1;
	close(fd);
	if (got != 1 || ack != 'K')
		return bench_error(b, "the server at %s port %u did not "
				   "confirm it stopped", st->cmd.host,
				   st->cmd.port);
	return 0;
}

static int tcp_main(struct bench *b)
{
	struct tcp_state *st = b->priv;
	struct net_server srv = {
		.cmd = &st->cmd, .want_tcp = 1, .fork_conns = 1,
		.conn = serve_conn, .b = b,
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
	snprintf(st->label, sizeof(st->label), "TCP latency using %s",
		 st->cmd.host);
	bench_report(b, st->label, &r);
	return 0;
}

static int tcp_parse(struct bench *b)
{
	struct tcp_state *st = b->priv;

	net_parse_cmd(b, &st->cmd);
	st->msize = (size_t)bench_opt_num(b, 'm');
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "tcp", .label = "TCP latency", .setup = tcp_setup,
	  .run = tcp_run, .cleanup = tcp_cleanup },
};

static const struct bench_opt opts[] = {
	NET_OPT_SERVER,
	NET_OPT_STOP,
	{ .flag = 'm', .type = BENCH_OPT_SIZE, .arg = "bytes",
	  .help = "message size (default 1)", .def = 1, .min = 1,
	  .max = MAX_MSG },
	NET_OPT_PORT(NET_PORT_TCP_LAT),
	NET_OPT_IDLE,
};

static const struct bench_spec spec = {
	.prog = "lat_tcp",
	.operands = "-s [address] | host | -S host",
	.cases = cases,
	.ncases = 1,
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct tcp_state),
	.parse = tcp_parse,
	.main = tcp_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

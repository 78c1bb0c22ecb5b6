/*
 * lat_connect - the cost of a TCP connection: set up and torn down.
 *
 *	lat_connect -s [address]	start the server (background)
 *	lat_connect host		measure against it
 *	lat_connect -S host		stop it
 *
 * One operation is a whole connection: socket(), connect() (the three-way
 * handshake), then read() until the server's FIN arrives (the server
 * accept()s and close()s at once), then close().  So the figure includes
 * the server's accept and close, not just the client's half of the
 * handshake.
 *
 * The server closes first on purpose: the side that closes first keeps
 * the connection in TIME_WAIT.  Left on the client, thousands of TIME_WAIT
 * sockets would use up the ephemeral ports, and connect() would slow down
 * searching for a free one, which is a figure about port exhaustion, not
 * about connections.  On the server side they cost nothing: they all
 * share the server's port, and a new SYN from a reused client port
 * recycles the old one.
 *
 * The server is stopped with a datagram to the same port number over UDP,
 * so that the TCP side never has to read anything.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench.h"
#include "net.h"

struct connect_state {
	struct net_cmd cmd;
	struct sockaddr_storage addr;	/* the server's address that answered */
	socklen_t addrlen;
	char label[300];
};

/* The server's whole part: accept (done by the loop) and close at once. */
static void serve_conn(struct net_server *s, int fd)
{
	(void)s;
	(void)fd;
}

/* Control datagrams: "PING" is echoed, "STOP" is echoed and we exit. */
static int serve_control(struct net_server *s, int fd)
{
	struct sockaddr_storage from;
	socklen_t flen = sizeof(from);
	char buf[16];
	ssize_t got;

	(void)s;
	got = recvfrom(fd, buf, sizeof(buf), 0, (struct sockaddr *)&from,
		       &flen);
	if (got != 4)
		return 0;
	if (memcmp(buf, "PING", 4) != 0 && memcmp(buf, "STOP", 4) != 0)
		return 0;
	sendto(fd, buf, 4, 0, (struct sockaddr *)&from, flen);
	return memcmp(buf, "STOP", 4) == 0;
}

static int control(int fd, const char *what)
{
	char buf[4];
	ssize_t got;

	if (send(fd, what, 4, 0) != 4)
		return -1;
	do
		got = recv(fd, buf, sizeof(buf), 0);
	while (got < 0 && errno == EINTR);
	if (got < 0)
		return -1;
	if (got != 4 || memcmp(buf, what, 4) != 0) {
		errno = EPROTO;
		return -1;
	}
	return 0;
}

static int ping(struct bench *b, int fd)
{
	(void)b;
	return control(fd, "PING");
}

/* Read until the server's FIN, then close: 0, or -1 (said). */
static int wait_close(struct bench *b, int fd)
{
	ssize_t got;
	char c;

	do
		got = read(fd, &c, 1);
	while (got < 0 && errno == EINTR);
	close(fd);
	if (got != 0)
		return bench_error(b, "the server did not close: %s",
				   got < 0 ? strerror(errno) : "it sent data");
	return 0;
}

static int connect_setup(struct bench *b)
{
	struct connect_state *st = b->priv;
	int fd;

	/* Find the address that answers once, untimed; wait for the
	 * server's close here too, so that TIME_WAIT stays on its side. */
	fd = net_tcp_connect(b, st->cmd.host, st->cmd.port, 0, &st->addr,
			     &st->addrlen);
	if (fd < 0)
		return -1;
	return wait_close(b, fd);
}

static int connect_run(struct bench *b, uint64_t n)
{
	struct connect_state *st = b->priv;
	int fd;

	while (n-- > 0) {
		fd = net_tcp_connect_addr((struct sockaddr *)&st->addr,
					  st->addrlen);
		if (fd < 0)
			return bench_error(b, "connect to %s: %s",
					   st->cmd.host, strerror(errno));
		if (wait_close(b, fd) != 0)
			return -1;
	}
	return 0;
}

static int stop_server(struct bench *b)
{
	struct connect_state *st = b->priv;
	int fd, rc;

	fd = net_udp_connect(b, st->cmd.host, st->cmd.port, ping);
	if (fd < 0)
		return -1;
	rc = control(fd, "STOP");
	close(fd);
	if (rc != 0)
		return bench_error(b, "the server at %s port %u did not "
				   "confirm it stopped", st->cmd.host,
				   st->cmd.port);
	return 0;
}

static int connect_main(struct bench *b)
{
	struct connect_state *st = b->priv;
	struct net_server srv = {
		.cmd = &st->cmd, .want_tcp = 1, .want_udp = 1,
		.conn = serve_conn, .datagram = serve_control, .b = b,
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
	snprintf(st->label, sizeof(st->label), "TCP/IP connection cost to %s",
		 st->cmd.host);
	bench_report(b, st->label, &r);
	return 0;
}

static int connect_parse(struct bench *b)
{
	struct connect_state *st = b->priv;

	net_parse_cmd(b, &st->cmd);
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "connect", .label = "TCP/IP connection cost",
	  .setup = connect_setup, .run = connect_run },
};

static const struct bench_opt opts[] = {
	NET_OPT_SERVER,
	NET_OPT_STOP,
	NET_OPT_PORT(NET_PORT_CONNECT),
	NET_OPT_IDLE,
};

static const struct bench_spec spec = {
	.prog = "lat_connect",
	.operands = "-s [address] | host | -S host",
	.cases = cases,
	.ncases = 1,
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct connect_state),
	.parse = connect_parse,
	.main = connect_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

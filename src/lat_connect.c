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
 * The server is stopped with a datagram to the same port number over UDP
 * (the UDP echo of net.h), so that the TCP side never has to read
 * anything.
 */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench.h"
#include "io.h"
#include "net.h"

struct connect_state {
	struct net_cmd cmd;		/* first: see net.h */
	struct sockaddr_storage addr;	/* the server's address that answered */
	socklen_t addrlen;
};

/* Read until the server's FIN, then close: 0, or -1 (said). */
static int wait_close(struct bench *b, int fd)
{
	ssize_t got;
	char c;

	got = io_readn(fd, &c, 1);
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

/* The server's whole part is the accept, and a close at once (no .conn
 * hook), in the server process itself: no fork per connection. */
static const struct net_prog prog = {
	.want_tcp = 1, .want_udp = 1, .datagram = net_udp_control,
	.stop = net_stop_udp, .join = "to",
};

static int connect_parse(struct bench *b)
{
	net_parse_cmd(b, &prog);
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "connect", .label = "TCP/IP connection cost",
	  .setup = connect_setup, .run = connect_run },
};

static const struct bench_opt opts[] = {
	NET_OPTS(NET_PORT_CONNECT),
};

static const struct bench_spec spec = {
	.prog = "lat_connect",
	.operands = NET_OPERANDS,
	.cases = cases,
	.ncases = 1,
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct connect_state),
	.parse = connect_parse,
	.main = net_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

/*
 * net.h - sockets for the network benchmarks (lat_udp, lat_tcp,
 * lat_connect, lat_rpc, bw_tcp).
 *
 * Every program has the same three modes, as in lmbench:
 *
 *	prog -s [address]	start a server in the background; return once
 *				it listens (on loopback unless an address is
 *				given)
 *	prog host		run the client against it
 *	prog -S host		tell the server to exit
 *
 * A server is a daemon of its own (its own session, stdio on /dev/null,
 * working directory /): it must outlive the command that started it, so it
 * is NOT a bench_fork child.  It exits by itself after an idle time with no
 * client, and TCP connections are served by children of it that exit when
 * their client goes (or is idle as long).  Everything here that can fail
 * says why with bench_error and returns -1.
 */
#ifndef LATBW_NET_H
#define LATBW_NET_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

#include "bench.h"

/* The options every network program takes: -o port, -i idle seconds. */
#define NET_OPT_PORT(defport) \
	{ .flag = 'o', .type = BENCH_OPT_INT, .arg = "port", \
	  .help = "TCP/UDP port of the server (both sides must agree)", \
	  .def = (defport), .min = 1, .max = 65535 }
#define NET_OPT_IDLE \
	{ .flag = 'i', .type = BENCH_OPT_INT, .arg = "secs", \
	  .help = "server: exit after this long without a client (default 60)", \
	  .def = 60, .min = 1, .max = 86400 }
#define NET_OPT_SERVER \
	{ .flag = 's', .type = BENCH_OPT_FLAG, \
	  .help = "start a server in the background (operand: address to " \
		  "listen on, default 127.0.0.1)" }
#define NET_OPT_STOP \
	{ .flag = 'S', .type = BENCH_OPT_FLAG, \
	  .help = "tell the server on host to exit" }

/* Default ports: ours, below the usual ephemeral range, one per program. */
#define NET_PORT_UDP_LAT	27401
#define NET_PORT_TCP_LAT	27402
#define NET_PORT_CONNECT	27403
#define NET_PORT_RPC		27404
#define NET_PORT_TCP_BW		27405

/* Client timeouts: a peer silent this long is an error, not a figure. */
#define NET_CLIENT_TIMEOUT_SECS 10

enum net_mode { NET_CLIENT, NET_SERVER, NET_STOP };

/* What the command line asked for, from -s, -S and the operands. */
struct net_cmd {
	enum net_mode mode;
	const char *host;	/* client/stop: the server; server: bind
				   address or NULL */
	unsigned port;		/* -o */
	unsigned idle_secs;	/* -i */
};

/* Check -s/-S and the operands (usage error on bad ones) and fill cmd. */
void net_parse_cmd(struct bench *b, struct net_cmd *cmd);

/* ---- addresses and client sockets ------------------------------------ */

#define NET_MAX_ADDRS 8

struct net_addrs {
	unsigned n;
	struct sockaddr_storage addr[NET_MAX_ADDRS];
	socklen_t len[NET_MAX_ADDRS];
};

/* host (name or numeric address) and port: its addresses, IPv4 first. */
int net_resolve(struct bench *b, const char *host, unsigned port,
		int socktype, struct net_addrs *out);

/*
 * A TCP connection to host:port (TCP_NODELAY set, receive and send
 * timeouts of NET_CLIENT_TIMEOUT_SECS).  rcvbuf > 0 sets SO_RCVBUF before
 * connecting, so that the window scale matches.  The addresses of host are
 * tried in order; *used (if not NULL) receives the one that answered.
 */
int net_tcp_connect(struct bench *b, const char *host, unsigned port,
		    int rcvbuf, struct sockaddr_storage *used,
		    socklen_t *usedlen);

/* A TCP socket connected to addr, no options, quiet: fd or -1 (errno). */
int net_tcp_connect_addr(const struct sockaddr *addr, socklen_t len);

/*
 * A UDP socket connected to the first address of host whose server
 * answers: probe(b, fd) sends a request on the connected socket and reads
 * the answer, returning 0, or -1 with errno set (quietly).  Timeouts as
 * above once connected.
 */
int net_udp_connect(struct bench *b, const char *host, unsigned port,
		    int (*probe)(struct bench *b, int fd));

/* Receive and send timeouts on a socket, in seconds. */
int net_set_timeouts(int fd, unsigned secs);
/* SO_SNDBUF and SO_RCVBUF (what the kernel granted is its business). */
int net_set_bufsize(int fd, int bytes);
int net_nodelay(int fd);

/* Read exactly len bytes: 1, 0 on EOF before the first byte, -1 on error
 * (EOF in the middle is an error with errno ECONNRESET). */
int net_read_full(int fd, void *buf, size_t len);
/* Write all of buf: 0 or -1. */
int net_write_full(int fd, const void *buf, size_t len);

/* "cannot reach the server" message for host:port after errno err. */
int net_no_server(struct bench *b, const char *host, unsigned port, int err);

/* ---- the server -------------------------------------------------------- */

struct net_server {
	const struct net_cmd *cmd;
	int want_tcp, want_udp;	/* sockets to open on cmd->port */
	/*
	 * Serve one TCP connection (fd, with an idle receive timeout).  With
	 * fork_conns it runs in a child of its own; otherwise in the server
	 * process, and it must return quickly.
	 */
	int fork_conns;
	void (*conn)(struct net_server *s, int fd);
	/* One datagram is waiting on fd: handle it; return 1 to stop. */
	int (*datagram)(struct net_server *s, int fd);
	struct bench *b;
	void *arg;
};

/*
 * Start the daemon: fork, new session, pin to role 1 (-C), open the
 * sockets, tell the parent it listens, then serve until idle or stopped.
 * Returns in the parent only: 0 once the server listens, -1 if it could
 * not start (it said why).
 */
int net_server_start(struct net_server *s);

/*
 * From a connection child: an exit request came.  Stop the server (the
 * listening process) and wait for it to go, send ack on fd, then end every
 * other connection of this server and exit.  Never returns.
 */
_Noreturn void net_conn_stop_server(int fd, const void *ack, size_t acklen);

#endif

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
 * and the same options (NET_OPTS).  That flow lives here once: a program
 * declares a struct net_prog (its server's hooks, how -S stops it, how
 * its client reports), calls net_parse_cmd() from its parse hook, and
 * names net_main as its spec.main; its file is then its operation.
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

/*
 * The options every network program takes: -s, -S, -o port, -i idle
 * seconds.  A program's option table starts with NET_OPTS(its port).
 */
#define NET_OPTS(defport) \
	{ .flag = 's', .type = BENCH_OPT_FLAG, \
	  .help = "start a server in the background (operand: address to " \
		  "listen on, default 127.0.0.1)" }, \
	{ .flag = 'S', .type = BENCH_OPT_FLAG, \
	  .help = "tell the server on host to exit" }, \
	{ .flag = 'o', .type = BENCH_OPT_INT, .arg = "port", \
	  .help = "TCP/UDP port of the server (both sides must agree)", \
	  .def = (defport), .min = 1, .max = 65535 }, \
	{ .flag = 'i', .type = BENCH_OPT_INT, .arg = "secs", \
	  .help = "server: exit after this long without a client (default 60)", \
	  .def = 60, .min = 1, .max = 86400 }

/* The operands part of every network program's usage line. */
#define NET_OPERANDS "-s [address] | host | -S host"

/* Default ports: ours, below the usual ephemeral range, one per program. */
#define NET_PORT_UDP_LAT	27401
#define NET_PORT_TCP_LAT	27402
#define NET_PORT_CONNECT	27403
#define NET_PORT_RPC		27404
#define NET_PORT_TCP_BW		27405

/* Client timeouts: a peer silent this long is an error, not a figure. */
#define NET_CLIENT_TIMEOUT_SECS 10

/*
 * A server that serves each TCP connection in a child of its own (lat_tcp,
 * bw_tcp, lat_rpc) serves at most this many at once, and closes any
 * further one at once: a benchmark needs one per -P copy (the driver runs
 * at most 64), and connections nobody limits would be processes nobody
 * limits.
 */
#define NET_MAX_CONNS 64

struct net_server;

/*
 * What a network program is, besides its measured cases: how its server
 * serves, how -S stops it, and how its client reports.  net_main() runs
 * the mode the command line asked for.
 */
struct net_prog {
	/* The server: sockets to open on the port, and their hooks. */
	int want_tcp, want_udp;
	/*
	 * Serve one TCP connection (fd, with an idle receive timeout).  With
	 * fork_conns it runs in a child of its own; otherwise in the server
	 * process, and it must return quickly.  NULL: accept and close.
	 */
	int fork_conns;
	void (*conn)(struct net_server *s, int fd);
	/* One datagram is waiting on fd: handle it; return 1 to stop. */
	int (*datagram)(struct net_server *s, int fd);
	/* The magic of the TCP hello (net_tcp_open, net_conn_hello). */
	uint32_t magic;
	/* -S: tell the server to exit (net_stop_tcp, net_stop_udp, ...). */
	int (*stop)(struct bench *b);
	/*
	 * The client.  NULL: measure the selected case (b->bc as the parse
	 * hook left it; every case if it left NULL) and print each as
	 * "<case label> <join> <host>", join "using" unless given.
	 */
	int (*client)(struct bench *b);
	const char *join;
};

enum net_mode { NET_CLIENT, NET_SERVER, NET_STOP };

/*
 * What the command line asked for, from -s, -S and the operands.  A
 * network program's private state (b->priv) starts with one.
 */
struct net_cmd {
	const struct net_prog *prog;
	enum net_mode mode;
	const char *host;	/* client/stop: the server; server: bind
				   address or NULL */
	unsigned port;		/* -o */
	unsigned idle_secs;	/* -i */
};

/* From a network program's parse hook: check -s/-S and the operands
 * (usage error on bad ones) and fill the net_cmd at the start of b->priv. */
void net_parse_cmd(struct bench *b, const struct net_prog *prog);

/* The net_cmd at the start of b->priv. */
static inline struct net_cmd *net_cmd(const struct bench *b)
{
	return b->priv;
}

/* A network program's spec.main: start the server, stop it, or run the
 * client, as net_parse_cmd found. */
int net_main(struct bench *b);

/* ---- addresses and client sockets ------------------------------------ */

#define NET_MAX_ADDRS 8

struct net_addrs {
	unsigned n;
	struct sockaddr_storage addr[NET_MAX_ADDRS];
	socklen_t len[NET_MAX_ADDRS];
};

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

/* SO_SNDBUF and SO_RCVBUF (what the kernel granted is its business). */
int net_set_bufsize(int fd, int bytes);
int net_nodelay(int fd);

/* Client: read what there is, at least one byte and at most len: the
 * count, or -1 (said: an error, or the server closed the connection). */
ssize_t net_read_some(struct bench *b, int fd, void *buf, size_t len);
/* (Reading or writing all of a buffer: io_readn, io_writen in io.h.) */

/*
 * Why a client's read failed, in words, from what the read returned (0 or
 * more: end of file after that many bytes; -1: errno): a server that
 * closed or reset the connection went away, or refused one connection too
 * many (NET_MAX_CONNS).
 */
const char *net_read_failure(ssize_t got);

/* ---- the server -------------------------------------------------------- */

/*
 * What a UDP server knows about whom it answers (net_udp_may_answer): its
 * own address, and the last request word of the sources it heard from
 * lately, with a budget of answers to repeated words.
 */
#define NET_UDP_RECENT		16
#define NET_UDP_REPEATS		100	/* answers to repeats per second */

struct net_udp_source {
	struct sockaddr_storage addr;
	socklen_t len;
	uint32_t word;		/* its last request's first word */
};

struct net_udp_guard {
	struct sockaddr_storage self;	/* the UDP socket's own address */
	socklen_t selflen;
	struct net_udp_source recent[NET_UDP_RECENT];
	unsigned nrecent, next;		/* filled slots; the one to reuse */
	double tokens;			/* answers to repeats left */
	double refilled;		/* when tokens was last topped up (s) */
};

/* What a server's hooks are given. */
struct net_server {
	struct bench *b;
	const struct net_cmd *cmd;
	void *priv;		/* b->priv, in the server's own copy */
	struct net_udp_guard udp;
};

/*
 * From a connection child: an exit request came.  Stop the server (the
 * listening process) and wait for it to go, send ack on fd, then end every
 * other connection of this server and exit.  Never returns.
 */
_Noreturn void net_conn_stop_server(int fd, const void *ack, size_t acklen);

/* ---- the TCP hello ----------------------------------------------------- */

/*
 * A TCP client's first message says what it wants: four big-endian 32-bit
 * words, the program's magic, NET_HELLO_RUN or NET_HELLO_STOP, and two
 * numbers of the program's (a message size, a buffer size).
 */
#define NET_HELLO_RUN	1
#define NET_HELLO_STOP	2

struct net_hello {
	uint32_t magic, what, size, arg;
};

/*
 * Client: connect to the server (net_tcp_connect, rcvbuf as there) and
 * send a RUN hello with size and arg.  The socket, or -1 (said).
 */
int net_tcp_open(struct bench *b, uint32_t size, uint32_t arg, int rcvbuf);

/*
 * Server, in a connection child: read the hello.  A STOP hello stops the
 * server here (never returns); 1 for a RUN hello (h filled), 0 for
 * anything else (the connection is not ours).
 */
int net_conn_hello(struct net_server *s, int fd, struct net_hello *h);

/* -S over TCP: a STOP hello, and wait for the server's confirmation. */
int net_stop_tcp(struct bench *b);

/* ---- the UDP echo ------------------------------------------------------ */

/*
 * A UDP request is a datagram of at least 4 bytes whose first 4 bytes are
 * a big-endian word: a client's sequence number (within NET_SEQ_MASK), or
 * one of the two commands above it.  The answer is the request with
 * NET_SEQ_REPLY set in that word, and no latbw server answers a datagram
 * with it set: a server, a second server and an echo service can never
 * keep a datagram going between them.  Anything else is not answered.
 */
#define NET_SEQ_MASK	0x3fffffffu
#define NET_SEQ_PROBE	0x7ffffffeu	/* "are you there?" */
#define NET_SEQ_STOP	0x7fffffffu	/* answered, then the server exits */
#define NET_SEQ_REPLY	0x80000000u	/* set in every answer */
#define NET_UDP_MAX	65507		/* the largest UDP payload over IPv4 */

/*
 * Server: may a datagram from `from` whose first word is `word` be
 * answered?  Never one from a port below 1024 (a system service, echo or
 * chargen, would answer back), never one from the server's own address
 * and port (a forged one would have the server talk to itself for ever),
 * and a source repeating its last word (a client numbers its requests:
 * a repeat is a loop or a flood) is answered at most NET_UDP_REPEATS times
 * a second, counted over all sources.  1 or 0.
 */
int net_udp_may_answer(struct net_server *s,
		       const struct sockaddr_storage *from, socklen_t flen,
		       uint32_t word);

/* Server: the datagram hook of lat_udp: answer every request. */
int net_udp_echo(struct net_server *s, int fd);
/* Server: the datagram hook of a server whose UDP side only probes and
 * stops (lat_connect): answer 4-byte NET_SEQ_PROBE and NET_SEQ_STOP only. */
int net_udp_control(struct net_server *s, int fd);


/*
 * Client: n round trips on the connected socket, each sending buf (len
 * >= 4 bytes) numbered one more than *seq (which follows) and waiting
 * for its answer (the number with NET_SEQ_REPLY), skipping late answers
 * of other numbers.  0, or a failure said with bench_error (host: the
 * peer's name; no answer within the socket's timeout: "no reply").
 */
int net_udp_round_trips(struct bench *b, int fd, char *buf, size_t len,
			uint32_t *seq, uint64_t n, const char *host);

/* The probe for net_udp_connect: a NET_SEQ_PROBE round trip. */
int net_udp_probe(struct bench *b, int fd);

/* -S over UDP: a NET_SEQ_STOP round trip. */
int net_stop_udp(struct bench *b);

#endif

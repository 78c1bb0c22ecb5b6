/*
 * lat_rpc - ONC RPC round-trip latency, over UDP and over TCP.
 *
 *	lat_rpc -s [address]		start the server (background)
 *	lat_rpc [-p udp|tcp] [-b] host	measure against it (both without -p)
 *	lat_rpc [-p udp|tcp] -S host	stop it (over TCP without -p)
 *
 * The server is a real ONC RPC version 2 server (RFC 5531) for program
 * LATBW_RPC_PROG version 1, on the same port number over UDP and TCP
 * (record marking): any RPC client can call it, for instance
 * `rpcinfo -n 27404 -u 127.0.0.1 541868631 1`.  It is not registered with
 * rpcbind; clients name the port.
 *
 * One operation is one call of the ECHO procedure with -m bytes (default
 * 4, like lmbench's one XDR char), the reply decoded and checked: XDR
 * encoding, the system calls and the server's decoding and dispatch are
 * all in the figure, as they are in an RPC library's clnt_call.  A lost
 * UDP datagram is not retransmitted: the measurement fails instead (see
 * lat_udp).
 *
 * With -b the plain round trip of the same protocol is timed too, and
 * its figure printed first ("UDP latency", "TCP latency"): -m bytes
 * echoed without RPC by the same server over the same socket, as lat_udp
 * and lat_tcp time it (over TCP with a record mark), in samples that
 * alternate with the calls' (bench_measure_pairs).  The
 * summary checks that a call takes no less than a plain round trip; taken
 * by two programs, seconds apart, the two figures could come from
 * different states of the host (loopback on a virtual machine has slow
 * and fast spells), and the check failed with nothing wrong.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench.h"
#include "io.h"
#include "net.h"
#include "rpc.h"
#include "stats.h"

/* A whole record with its marking header. */
#define FRAME_MAX (RPC_MAX_MSG + 4)

/*
 * A plain round trip (-b) goes to the RPC server, over the calls' own
 * socket, as a message no RPC client sends: 4 to 7 bytes (too short for an
 * RPC message), or one whose second word is PLAIN_MARK (where an RPC
 * message has its type, CALL 0 or REPLY 1).  The server echoes it: over
 * UDP a datagram, numbered as lat_udp's requests are (net.h); over TCP a
 * record (with its record mark).
 */
#define PLAIN_MARK	0x4c42504cu	/* "LBPL" */

/* Pairs of samples (-b) are taken for at most this long. */
#define PAIRS_MAX_NS	60e9

/*
 * -b takes -N pairs, and at least this many.  A call costs about 1% more
 * than a plain round trip, and the summary checks that it costs no less
 * (with 5% of slack): with the driver's 2 or 3 samples a figure, one
 * sample slowed by the host moved a figure by up to 30% (a quick net run
 * on a 2-vCPU AMD EPYC guest: cross-CPU UDP 21.3 us against 16.4 for the
 * call, in the same pairs), and the check failed on that alone.  With 11
 * pairs of the driver's quick 1 ms samples the call's figure over the
 * plain one still ranged 0.88 to 1.13 (20 runs each protocol, same CPU),
 * and the check failed in 3 quick net runs of 20; with 41, 0.975 to 1.067
 * (80 runs), and no run below 1/1.05.  A pair of samples takes 3 to 16
 * milliseconds (the calibrated sample length).
 */
#define PAIRS_MIN	41

struct rpc_state {
	struct net_cmd cmd;		/* first: see net.h */
	int fd;
	int tcp;			/* the case being measured is TCP */
	uint32_t xid;
	size_t msize;			/* echo payload bytes */
	struct rpc_rm rm;		/* TCP reply reassembly */
	uint8_t payload[LATBW_RPC_ECHO_MAX];
	uint8_t args[LATBW_RPC_ECHO_MAX + 8];
	uint8_t out[FRAME_MAX];		/* call (client) or reply (server) */
	uint8_t in[FRAME_MAX];		/* what arrived */
	uint8_t rec[RPC_MAX_MSG];	/* a reassembled record */
	int paired;			/* -b */
	uint32_t seq;			/* -b: the last UDP request's number */
	uint8_t plain[LATBW_RPC_ECHO_MAX + 4];	/* -b: a plain message */
};

static uint32_t get_word(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static void put_word(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/* A plain message (see PLAIN_MARK), not RPC? */
static int is_plain(const uint8_t *msg, size_t len)
{
	return len >= 4 && (len < 8 || get_word(msg + 4) == PLAIN_MARK);
}

/* ---- the server ------------------------------------------------------- */

static int serve_datagram(struct net_server *s, int fd)
{
	struct rpc_state *st = s->priv;
	struct sockaddr_storage from;
	socklen_t flen = sizeof(from);
	ssize_t got;
	size_t len;
	int stop;

	got = recvfrom(fd, st->in, sizeof(st->in), 0,
		       (struct sockaddr *)&from, &flen);
	if (got <= 0)
		return 0;
	if (is_plain(st->in, (size_t)got)) {
		/* A plain request, numbered or a probe: echoed as lat_udp's
		 * server does (net.h). */
		uint32_t word = get_word(st->in);

		if ((word <= NET_SEQ_MASK || word == NET_SEQ_PROBE) &&
		    net_udp_may_answer(s, &from, flen, word)) {
			put_word(st->in, word | NET_SEQ_REPLY);
			sendto(fd, st->in, (size_t)got, 0,
			       (struct sockaddr *)&from, flen);
		}
		return 0;
	}
	len = rpc_serve(st->in, (size_t)got, st->out, sizeof(st->out), &stop);
	/* The first word of a call is its xid (see net_udp_may_answer). */
	if (len == 0 || got < 4 ||
	    !net_udp_may_answer(s, &from, flen, get_word(st->in)))
		return 0;
	sendto(fd, st->out, len, 0, (struct sockaddr *)&from, flen);
	return stop;
}

/* One TCP connection, in a child of the server: records in, replies out
 * (a plain record echoed). */
static void serve_conn(struct net_server *s, int fd)
{
	struct rpc_state *st = s->priv;
	struct rpc_rm rm;
	size_t have = 0, pos = 0, used, len;
	ssize_t got;
	int rc, stop = 0;

	rpc_rm_init(&rm, st->rec, sizeof(st->rec));
	for (;;) {
		if (pos == have) {
			got = read(fd, st->in, sizeof(st->in));
			if (got < 0 && errno == EINTR)
				continue;
			if (got <= 0)
				return;		/* gone, failed or idle */
			have = (size_t)got;
			pos = 0;
		}
		rc = rpc_rm_feed(&rm, st->in + pos, have - pos, &used);
		pos += used;
		if (rc == RPC_RM_TOOBIG)
			return;
		if (rc == RPC_RM_MORE)
			continue;
		if (is_plain(rm.buf, rm.len)) {
			len = rm.len;	/* <= RPC_MAX_MSG: it fits */
			memcpy(st->out + 4, rm.buf, len);
		} else {
			len = rpc_serve(rm.buf, rm.len, st->out + 4,
					sizeof(st->out) - 4, &stop);
		}
		rpc_rm_next(&rm);
		if (len == 0)
			return;		/* not RPC: drop the connection */
		rpc_rm_header(st->out, len);
		if (stop)
			net_conn_stop_server(fd, st->out, len + 4);
		if (io_writen(fd, st->out, len + 4) != (ssize_t)(len + 4))
			return;
	}
}

/* ---- the client ------------------------------------------------------- */

/* Read one reply record on TCP into st->rec: its length, or -1. */
static int read_record(struct bench *b, struct rpc_state *st, size_t *len)
{
	size_t used;
	ssize_t got;
	int rc;

	rpc_rm_next(&st->rm);
	for (;;) {
		got = net_read_some(b, st->fd, st->in, sizeof(st->in));
		if (got < 0)
			return -1;
		rc = rpc_rm_feed(&st->rm, st->in, (size_t)got, &used);
		if (rc == RPC_RM_TOOBIG)
			return bench_error(b, "reply record too large");
		if (rc == RPC_RM_DONE) {
			if (used != (size_t)got)
				return bench_error(b, "data after the reply");
			*len = st->rm.len;
			return 0;
		}
	}
}

/*
 * One call of proc with args; the reply is checked for our xid and
 * SUCCESS, and its results are left in *res.  0, or -1 (said).
 */
static int call(struct bench *b, uint32_t proc, const uint8_t *args,
		size_t argslen, const uint8_t **res, size_t *reslen)
{
	struct rpc_state *st = b->priv;
	struct rpc_reply r;
	size_t len, rlen = 0;
	const uint8_t *reply;
	ssize_t got;

	st->xid++;
	len = rpc_encode_call(st->out + 4, sizeof(st->out) - 4, st->xid,
			      LATBW_RPC_PROG, LATBW_RPC_VERS, proc, args,
			      argslen);
	if (len == 0)
		return bench_error(b, "call does not fit");
	if (st->tcp) {
		rpc_rm_header(st->out, len);
		if (io_writen(st->fd, st->out, len + 4) != (ssize_t)(len + 4))
			return bench_error(b, "write: %s", strerror(errno));
	} else if (send(st->fd, st->out + 4, len, 0) != (ssize_t)len) {
		return bench_error(b, "send: %s", strerror(errno));
	}
	for (;;) {
		if (st->tcp) {
			if (read_record(b, st, &rlen) != 0)
				return -1;
			reply = st->rec;
		} else {
			got = recv(st->fd, st->in, sizeof(st->in), 0);
			if (got < 0 && errno == EINTR)
				continue;
			if (got < 0)
				return bench_error(b, "%s: %s", st->cmd.host,
						   errno == EAGAIN ?
						   "no reply (datagram lost or "
						   "server gone)" :
						   strerror(errno));
			rlen = (size_t)got;
			reply = st->in;
		}
		/* UDP with -b: a late answer to a plain request (its
		 * socket is ours) is skipped like a late reply. */
		if (!st->tcp && is_plain(reply, rlen))
			continue;
		if (rpc_decode_reply(reply, rlen, &r) != RPC_OK)
			return bench_error(b, "malformed reply");
		if (r.xid == st->xid)
			break;
		if (st->tcp)	/* TCP replies come in order */
			return bench_error(b, "reply to another call");
		/* UDP: a late reply to an earlier call; wait for ours. */
	}
	if (r.reply_stat != RPC_MSG_ACCEPTED || r.stat != RPC_SUCCESS)
		return bench_error(b, "call refused (%s, status %u)",
				   r.reply_stat == RPC_MSG_ACCEPTED ?
				   "accepted" : "denied", (unsigned)r.stat);
	*res = r.results;
	*reslen = r.reslen;
	return 0;
}

static int null_call(struct bench *b)
{
	const uint8_t *res;
	size_t reslen;

	return call(b, LATBW_RPC_NULL, NULL, 0, &res, &reslen);
}

/* Quietly: no answer just means "try the next address". */
static int udp_probe(struct bench *b, int fd)
{
	struct rpc_state *st = b->priv;
	struct rpc_reply r;
	ssize_t got;
	size_t len;

	len = rpc_encode_call(st->out, sizeof(st->out), ++st->xid,
			      LATBW_RPC_PROG, LATBW_RPC_VERS, LATBW_RPC_NULL,
			      NULL, 0);
	if (send(fd, st->out, len, 0) != (ssize_t)len)
		return -1;
	for (;;) {
		got = recv(fd, st->in, sizeof(st->in), 0);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -1;
		if (rpc_decode_reply(st->in, (size_t)got, &r) == RPC_OK &&
		    r.xid == st->xid)
			return 0;
	}
}

static int open_conn(struct bench *b)
{
	struct rpc_state *st = b->priv;

	rpc_rm_init(&st->rm, st->rec, sizeof(st->rec));
	if (st->tcp)
		st->fd = net_tcp_connect(b, st->cmd.host, st->cmd.port, 0,
					 NULL, NULL);
	else
		st->fd = net_udp_connect(b, st->cmd.host, st->cmd.port,
					 udp_probe);
	if (st->fd < 0)
		return -1;
	/* The server must be ours and answer NULL before we time it. */
	if (null_call(b) != 0) {
		close(st->fd);
		return -1;
	}
	return 0;
}

static int rpc_setup(struct bench *b)
{
	struct rpc_state *st = b->priv;
	size_t i;

	st->tcp = strcmp(b->bc->name, "tcp") == 0;
	for (i = 0; i < st->msize; i++)
		st->payload[i] = (uint8_t)(i * 7 + 1);
	return open_conn(b);
}

static int rpc_run(struct bench *b, uint64_t n)
{
	struct rpc_state *st = b->priv;
	const uint8_t *res, *data;
	size_t reslen, dlen, alen;

	while (n-- > 0) {
		/* Encoding the arguments is part of a call's cost. */
		alen = xdr_put_opaque(st->args, sizeof(st->args), st->payload,
				      st->msize);
		if (alen == 0)
			return bench_error(b, "arguments do not fit");
		if (call(b, LATBW_RPC_ECHO, st->args, alen, &res, &reslen) != 0)
			return -1;
		if (xdr_get_opaque(res, reslen, LATBW_RPC_ECHO_MAX, &data,
				   &dlen) != 0 || dlen != st->msize ||
		    memcmp(data, st->payload, dlen) != 0)
			return bench_error(b, "the echo came back wrong");
	}
	return 0;
}

static void rpc_cleanup(struct bench *b)
{
	struct rpc_state *st = b->priv;

	close(st->fd);
}

static const struct bench_case cases[] = {
	{ .name = "udp", .label = "RPC/udp latency", .setup = rpc_setup,
	  .run = rpc_run, .cleanup = rpc_cleanup },
	{ .name = "tcp", .label = "RPC/tcp latency", .setup = rpc_setup,
	  .run = rpc_run, .cleanup = rpc_cleanup },
};

/* ---- plain round trips (-b) --------------------------------------------- */

/*
 * Over UDP the plain round trips go over the calls' own socket (opened by
 * rpc_setup, after this), so that both share the flow and its state.
 * Through a socket of its own the plain round trip came out up to 10.5%
 * slower than the call in the same moments; through the call's, 5.4%
 * (lat_rpc -b -p udp -N 5, 8 runs each way and placement, under the lock:
 * plain over call -3.4% to +5.6% on one CPU and -4.1% to +10.5% across
 * two with two sockets; -4.8% to +1.2% and -8.4% to +5.4% with one).
 */
static int plain_udp_setup(struct bench *b)
{
	struct rpc_state *st = b->priv;

	/* -m is at least 4 with -b (rpc_parse): room for the number. */
	memset(st->plain, 0, st->msize);
	if (st->msize >= 8)
		put_word(st->plain + 4, PLAIN_MARK);
	return 0;
}

/* What lat_udp times: a numbered datagram echoed. */
static int plain_udp_run(struct bench *b, uint64_t n)
{
	struct rpc_state *st = b->priv;

	return net_udp_round_trips(b, st->fd, (char *)st->plain, st->msize,
				   &st->seq, n, st->cmd.host);
}

/* Over TCP too the calls' connection (and its child of the server):
 * through a connection of its own, served by another child, the plain
 * round trip came out up to 19% slower than the call on one CPU. */
static int plain_tcp_setup(struct bench *b)
{
	struct rpc_state *st = b->priv;

	/* A record: its mark, then -m bytes (at least 4), marked as plain. */
	memset(st->plain, 0, st->msize + 4);
	rpc_rm_header(st->plain, st->msize);
	if (st->msize >= 8)
		put_word(st->plain + 8, PLAIN_MARK);
	return 0;
}

/* What lat_tcp times, with a record mark: a message written and its echo
 * read. */
static int plain_tcp_run(struct bench *b, uint64_t n)
{
	struct rpc_state *st = b->priv;
	size_t len;

	while (n-- > 0) {
		if (io_writen(st->fd, st->plain, st->msize + 4) !=
		    (ssize_t)(st->msize + 4))
			return bench_error(b, "write: %s", strerror(errno));
		if (read_record(b, st, &len) != 0)
			return -1;
		if (len != st->msize || memcmp(st->rec, st->plain + 4, len) != 0)
			return bench_error(b, "the echo came back wrong");
	}
	return 0;
}

/* The plain round trip of each case above, under lat_udp's and lat_tcp's
 * labels: the same operation, to another server. */
static const struct bench_case plain_cases[] = {
	{ .name = "plain-udp", .label = "UDP latency",
	  .setup = plain_udp_setup, .run = plain_udp_run },
	{ .name = "plain-tcp", .label = "TCP latency",
	  .setup = plain_tcp_setup, .run = plain_tcp_run },
};

/* -N pairs, at least PAIRS_MIN. */
static int enough_pairs(const struct bench_pairs *p, void *arg)
{
	(void)arg;
	return p->k < (p->reps > PAIRS_MIN ? p->reps : PAIRS_MIN);
}

/* The plain round trip and the call, sample for sample: two figures. */
static int measure_pair(struct bench *b, const struct bench_case *plain,
			const struct bench_case *call)
{
	struct rpc_state *st = b->priv;
	struct bench_pairs p;
	struct bench_result r;
	char label[300];
	int rc;

	rc = bench_measure_pairs(b, plain, call, &p, enough_pairs, NULL,
				 PAIRS_MAX_NS);
	if (rc != 0)
		return rc;
	/* (At least one pair: want_more is asked after each.) */
	bench_pairs_result(&p, p.a, plain, &r);
	snprintf(label, sizeof(label), "%s using %s", plain->label,
		 st->cmd.host);
	bench_report(b, label, &r);
	bench_pairs_result(&p, p.b, call, &r);
	snprintf(label, sizeof(label), "%s using %s", call->label,
		 st->cmd.host);
	bench_report(b, label, &r);
	bench_pairs_free(&p);
	return 0;
}

/* The client with -b: the case -p named, or both, each with its pair. */
static int paired_client(struct bench *b)
{
	const struct bench_case *only = b->bc;
	size_t i;
	int rc;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (only != NULL && only != &cases[i])
			continue;
		rc = measure_pair(b, &plain_cases[i], &cases[i]);
		if (rc != 0)
			return rc;
	}
	return 0;
}

static int stop_server(struct bench *b)
{
	struct rpc_state *st = b->priv;
	const uint8_t *res;
	size_t reslen;
	int rc;

	st->tcp = !bench_opt_isset(b, 'p') ||
		  strcmp(bench_opt_str(b, 'p'), "tcp") == 0;
	if (open_conn(b) != 0)
		return -1;
	rc = call(b, LATBW_RPC_STOP, NULL, 0, &res, &reslen);
	close(st->fd);
	return rc;
}

static const struct net_prog prog = {
	.want_tcp = 1, .want_udp = 1, .fork_conns = 1, .conn = serve_conn,
	.datagram = serve_datagram, .stop = stop_server,
};

/* The same with -b: the client measures pairs. */
static const struct net_prog paired_prog = {
	.want_tcp = 1, .want_udp = 1, .fork_conns = 1, .conn = serve_conn,
	.datagram = serve_datagram, .stop = stop_server,
	.client = paired_client,
};

static int rpc_parse(struct bench *b)
{
	struct rpc_state *st = b->priv;
	const char *p = bench_opt_str(b, 'p');

	if (p != NULL && strcmp(p, "udp") != 0 && strcmp(p, "tcp") != 0)
		bench_usage_error(b, "-p wants udp or tcp, not '%s'", p);
	st->paired = bench_opt_isset(b, 'b');
	net_parse_cmd(b, st->paired ? &paired_prog : &prog);
	if (st->cmd.mode == NET_SERVER && p != NULL)
		bench_usage_error(b, "the server serves both; -p is for "
				  "clients");
	if (st->cmd.mode != NET_CLIENT && st->paired)
		bench_usage_error(b, "-b is for clients");
	st->msize = (size_t)bench_opt_num(b, 'm');
	/* A plain UDP request starts with its 4-byte number (net.h). */
	if (st->paired && st->msize < 4)
		bench_usage_error(b, "-b wants -m 4 or more");
	/* The case -p names, or (NULL) both, one line each. */
	b->bc = p != NULL ? bench_find_case(b, p) : NULL;
	return 0;
}

static const struct bench_opt opts[] = {
	NET_OPTS(NET_PORT_RPC),
	{ .flag = 'p', .type = BENCH_OPT_STRING, .arg = "udp|tcp",
	  .help = "protocol (default: both, one line each)" },
	{ .flag = 'm', .type = BENCH_OPT_SIZE, .arg = "bytes",
	  .help = "echo payload (default 4)", .def = 4, .min = 0,
	  .max = LATBW_RPC_ECHO_MAX },
	{ .flag = 'b', .type = BENCH_OPT_FLAG,
	  .help = "also time the plain UDP or TCP round trip, in samples "
		  "alternating with the calls', and print it first" },
};

static const struct bench_spec spec = {
	.prog = "lat_rpc",
	.operands = NET_OPERANDS,
	.cases = cases,
	.ncases = sizeof(cases) / sizeof(cases[0]),
	.case_not_first = 1,
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct rpc_state),
	.parse = rpc_parse,
	.main = net_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

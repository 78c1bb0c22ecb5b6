/*
 * lat_rpc - ONC RPC round-trip latency, over UDP and over TCP.
 *
 *	lat_rpc -s [address]		start the server (background)
 *	lat_rpc [-p udp|tcp] host	measure against it (both without -p)
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
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench.h"
#include "io.h"
#include "net.h"
#include "rpc.h"

/* A whole record with its marking header. */
#define FRAME_MAX (RPC_MAX_MSG + 4)

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
};

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
	len = rpc_serve(st->in, (size_t)got, st->out, sizeof(st->out), &stop);
	/* The first word of a call is its xid (see net_udp_may_answer). */
	if (len == 0 || got < 4 ||
	    !net_udp_may_answer(s, &from, flen,
				(uint32_t)st->in[0] << 24 |
				(uint32_t)st->in[1] << 16 |
				(uint32_t)st->in[2] << 8 | st->in[3]))
		return 0;
	sendto(fd, st->out, len, 0, (struct sockaddr *)&from, flen);
	return stop;
}

/* One TCP connection, in a child of the server: records in, replies out. */
static void serve_conn(struct net_server *s, int fd)
{
	struct rpc_state *st = s->priv;
	struct rpc_rm rm;
	size_t have = 0, pos = 0, used, len;
	ssize_t got;
	int rc, stop;

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
		len = rpc_serve(rm.buf, rm.len, st->out + 4,
				sizeof(st->out) - 4, &stop);
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

static int rpc_parse(struct bench *b)
{
	struct rpc_state *st = b->priv;
	const char *p = bench_opt_str(b, 'p');

	if (p != NULL && strcmp(p, "udp") != 0 && strcmp(p, "tcp") != 0)
		bench_usage_error(b, "-p wants udp or tcp, not '%s'", p);
	net_parse_cmd(b, &prog);
	if (st->cmd.mode == NET_SERVER && p != NULL)
		bench_usage_error(b, "the server serves both; -p is for "
				  "clients");
	st->msize = (size_t)bench_opt_num(b, 'm');
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

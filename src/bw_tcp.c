/*
 * bw_tcp - TCP bandwidth over one connection, over message sizes.
 *
 *	bw_tcp -s [address]			start the server (background)
 *	bw_tcp [-m bytes] [-M bytes] [-b bytes] host	measure against it
 *	bw_tcp -S host				stop it
 *
 * The server sends, the client receives, both in messages of -m bytes
 * (one write or read system call each).  Every sample starts with a small
 * request ("send me N bytes") and ends when the client has the last byte,
 * so the figure counts only data that arrived; the request's round trip is
 * one per sample, and samples are long (SAMPLE_USECS) so that it stays a
 * small part of one.  One iteration moves -M bytes (default: one message);
 * the harness picks how many iterations a sample needs.
 *
 * Without -m the sizes below are swept, smallest to largest, and printed
 * as the series "Socket bandwidth using <host>" (x: message size in MB,
 * y: MB/s, MB = 10^6 bytes), one connection per size.  The last point is
 * the one a summary keeps, so the sweep ends at a size that lets TCP run
 * at full speed.
 *
 * Socket buffers are left to the kernel (Linux tunes them as the transfer
 * goes); -b sets SO_SNDBUF on the server's socket and SO_RCVBUF on the
 * client's, as lmbench always did with 1 MB, which stops that tuning.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "io.h"
#include "net.h"

#define MAX_MSG (64 << 20)

/*
 * The message sizes of the sweep, bytes.  It ends at 128 KB, iperf3's
 * default write size: on the Zen 3 VM this was written on, loopback TCP
 * was fastest there and slower and noisier with 256 KB and larger
 * messages, and the last point is the figure a summary keeps.
 */
static const size_t sweep[] = {
	64, 256, 1024, 4096, 16384, 65536, 131072,
};

/*
 * The default sample length, microseconds.  Each sample starts with a
 * request that must wake the server: on a loaded machine that wake-up
 * can take a scheduler slice (milliseconds), which in lmbench's 5 ms
 * samples was a large, random part of the time; in 50 ms it is a few
 * percent at worst.
 */
#define SAMPLE_USECS 50000

struct bw_state {
	struct net_cmd cmd;	/* first: see net.h */
	int fd;
	char *buf;
	size_t msize;		/* bytes per write/read */
	uint64_t move;		/* bytes per iteration */
	int bufsize;		/* -b, or 0 */
	int titled;		/* the series title is out */
};

static void put_u64(unsigned char *p, uint64_t v)
{
	int i;

	for (i = 7; i >= 0; i--, v >>= 8)
		p[i] = (unsigned char)v;
}

static uint64_t get_u64(const unsigned char *p)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

/* Server side of one connection, in a child of the server: send what
 * each request asks for, in messages of the size the hello gave. */
static void serve_conn(struct net_server *s, int fd)
{
	struct net_hello h;
	unsigned char req[8];
	uint64_t left;
	size_t chunk;
	char *buf;

	if (net_conn_hello(s, fd, &h) != 1 || h.size == 0 || h.size > MAX_MSG)
		return;
	/* The tail of each transfer must not wait for an ACK (Nagle). */
	if (net_nodelay(fd) != 0)
		return;
	if (h.arg > 0 && net_set_bufsize(fd, (int)(h.arg & 0x7fffffff)) != 0)
		return;
	buf = io_buffer(h.size, 1);
	if (buf == NULL)
		return;
	while (io_readn(fd, req, sizeof(req)) == (ssize_t)sizeof(req)) {
		for (left = get_u64(req); left > 0; left -= chunk) {
			chunk = left < h.size ? (size_t)left : h.size;
			if (io_writen(fd, buf, chunk) != (ssize_t)chunk)
				goto out;
		}
	}
out:
	free(buf);
}

static int bw_setup(struct bench *b)
{
	struct bw_state *st = b->priv;

	b->bytes = (double)st->move;
	st->buf = io_buffer(st->msize, 1);
	if (st->buf == NULL)
		return bench_error(b, "out of memory");
	st->fd = net_tcp_open(b, (uint32_t)st->msize, (uint32_t)st->bufsize,
			      st->bufsize);
	if (st->fd < 0) {
		free(st->buf);
		return -1;
	}
	return 0;
}

static int bw_run(struct bench *b, uint64_t n)
{
	struct bw_state *st = b->priv;
	unsigned char req[8];
	uint64_t left;
	ssize_t got;

	if (n > UINT64_MAX / st->move)
		return bench_error(b, "-M too large for %llu iterations",
				   (unsigned long long)n);
	left = n * st->move;
	put_u64(req, left);
	if (io_writen(st->fd, req, sizeof(req)) != (ssize_t)sizeof(req))
		return bench_error(b, "write: %s", strerror(errno));
	while (left > 0) {
		got = net_read_some(b, st->fd, st->buf,
				    left < st->msize ? (size_t)left : st->msize);
		if (got < 0)
			return -1;
		left -= (uint64_t)got;
	}
	return 0;
}

static void bw_cleanup(struct bench *b)
{
	struct bw_state *st = b->priv;

	close(st->fd);
	free(st->buf);
}

static const struct bench_case cases[] = {
	{ .name = "tcp", .label = "Socket bandwidth", .unit = BENCH_MBPS,
	  .setup = bw_setup, .run = bw_run, .cleanup = bw_cleanup },
};

/* Measure one message size and print its point. */
static int point(struct bench *b, size_t msize)
{
	struct bw_state *st = b->priv;
	struct bench_result r;
	char x[32];
	int rc;

	st->msize = msize;
	st->move = bench_opt_isset(b, 'M') ? (uint64_t)bench_opt_num(b, 'M')
					   : msize;
	rc = bench_measure(b, &cases[0], &r);
	if (rc != 0)
		return rc;
	/* The title once the first point is in: no figure, no series. */
	if (!st->titled)
		bench_printf(b, "Socket bandwidth using %s", st->cmd.host);
	st->titled = 1;
	snprintf(x, sizeof(x), "%.6f", (double)msize / 1e6);
	bench_report_point(b, x, bench_value(&r), 2, &r);
	return 0;
}

/* The client: one size (-m) or the sweep, as one series. */
static int bw_client(struct bench *b)
{
	struct bw_state *st = b->priv;
	size_t i;
	int rc = 0;

	if (bench_opt_isset(b, 'm'))
		rc = point(b, (size_t)bench_opt_num(b, 'm'));
	else
		for (i = 0; rc == 0 && i < sizeof(sweep) / sizeof(sweep[0]);
		     i++)
			rc = point(b, sweep[i]);
	if (st->titled)
		bench_printf(b, "%s", "");
	return rc;
}

static const struct net_prog prog = {
	.want_tcp = 1, .fork_conns = 1, .conn = serve_conn,
	.magic = 0x4c424257u,	/* "LBBW" */
	.stop = net_stop_tcp, .client = bw_client,
};

static int bw_parse(struct bench *b)
{
	struct bw_state *st = b->priv;

	net_parse_cmd(b, &prog);
	st->bufsize = (int)bench_opt_num(b, 'b');
	return 0;
}

static const struct bench_opt opts[] = {
	NET_OPTS(NET_PORT_TCP_BW),
	{ .flag = 'm', .type = BENCH_OPT_SIZE, .arg = "bytes",
	  .help = "one message size instead of the sweep", .def = 65536,
	  .min = 1, .max = MAX_MSG },
	{ .flag = 'M', .type = BENCH_OPT_SIZE, .arg = "bytes",
	  .help = "bytes moved per iteration (default: one message)",
	  .def = 0, .min = 1, .max = (1LL << 40) },
	{ .flag = 'b', .type = BENCH_OPT_SIZE, .arg = "bytes",
	  .help = "set socket buffer sizes (default: kernel autotuning)",
	  .def = 0, .min = 1024, .max = 1 << 30 },
};

static const struct bench_spec spec = {
	.prog = "bw_tcp",
	.operands = NET_OPERANDS,
	.cases = cases,
	.ncases = 1,
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct bw_state),
	.sample_usecs = SAMPLE_USECS,
	.parse = bw_parse,
	.main = net_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

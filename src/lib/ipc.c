/*
 * ipc.c - two-process plumbing for the local communication benchmarks:
 * the echo and stream peers, the timed ping-pong, the stream bandwidth
 * programs, and a watch on children for waits that a dead peer would not
 * end.  Full reads and writes are io.c's (ipc_readn, ipc_writen in ipc.h).
 */
#if defined(__linux__)
#define _GNU_SOURCE	/* MAP_ANONYMOUS: POSIX.1-2008 lacks it */
#endif
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ipc.h"

int ipc_peer_gone(ssize_t got)
{
	return got >= 0 || errno == EPIPE || errno == ECONNRESET;
}

int ipc_fail(struct bench *b, const char *what, ssize_t got)
{
	if (ipc_peer_gone(got))
		return bench_error(b, "%s: the peer process went away "
				   "(end of file or broken pipe)", what);
	if (errno == EINTR && ipc_child_died())
		return bench_error(b, "%s: the peer process exited", what);
	return bench_error(b, "%s: %s", what, strerror(errno));
}

/*
 * The peers below end with _exit: they must not run the parent's atexit
 * handlers or flush its stdio buffers a second time.  A peer whose parent
 * went away leaves quietly: the parent is the one to report.
 *
 * Echo: read msg bytes, write them back, until end of file.
 */
static void ipc_serve_echo(struct bench *b, int rfd, int wfd, size_t msg)
{
	char *buf = io_buffer(msg, 0);
	ssize_t got;

	if (buf == NULL) {
		bench_error(b, "peer: out of memory");
		_exit(1);
	}
	for (;;) {
		got = ipc_readn(rfd, buf, msg);
		if (got != (ssize_t)msg) {
			if (ipc_peer_gone(got))
				_exit(0);
			break;
		}
		got = ipc_writen(wfd, buf, msg);
		if (got != (ssize_t)msg) {
			if (ipc_peer_gone(got))
				_exit(1);
			break;
		}
	}
	ipc_fail(b, "peer", got);
	_exit(1);
}

void ipc_serve_stream(struct bench *b, int rfd, int wfd, size_t msg)
{
	char *buf = io_buffer(msg, 'x');
	uint64_t want;
	size_t chunk;
	ssize_t got;

	if (buf == NULL) {
		bench_error(b, "peer: out of memory");
		_exit(1);
	}
	for (;;) {
		got = ipc_readn(rfd, &want, sizeof(want));
		if (got != (ssize_t)sizeof(want)) {
			if (ipc_peer_gone(got))
				_exit(0);
			break;
		}
		for (; want > 0; want -= chunk) {
			chunk = want < msg ? (size_t)want : msg;
			got = ipc_writen(wfd, buf, chunk);
			if (got == (ssize_t)chunk)
				continue;
			if (ipc_peer_gone(got))
				_exit(1);
			ipc_fail(b, "peer", got);
			_exit(1);
		}
	}
	ipc_fail(b, "peer", got);
	_exit(1);
}

int ipc_peer_start(struct bench *b, struct ipc_peer *p, int child_rfd,
		   int child_wfd, ipc_serve_fn *serve, size_t msg)
{
	pid_t pid = bench_fork();

	if (pid < 0) {
		bench_error(b, "fork: %s", strerror(errno));
		close(child_rfd);
		if (child_wfd != child_rfd)
			close(child_wfd);
		ipc_peer_stop(p);
		return -1;
	}
	if (pid == 0) {
		close(p->rfd);
		if (p->wfd != p->rfd)
			close(p->wfd);
		/* Copies as threads share one descriptor table: hold none of
		 * the other copies' ends. */
		if (bench_threads(b))
			bench_close_fds_except(child_rfd, child_wfd);
		if (bench_pin(b, 1) != 0)
			_exit(1);
		serve(b, child_rfd, child_wfd, msg);
		_exit(0);
	}
	p->pid = pid;
	close(child_rfd);
	if (child_wfd != child_rfd)
		close(child_wfd);
	return 0;
}

void ipc_peer_stop(struct ipc_peer *p)
{
	if (p->rfd >= 0)
		close(p->rfd);
	if (p->wfd >= 0 && p->wfd != p->rfd)
		close(p->wfd);
	p->rfd = p->wfd = -1;
	if (p->pid > 0)
		bench_reap(p->pid, NULL);
	p->pid = 0;
}

int ipc_pingpong(struct bench *b, const struct ipc_peer *p, char *buf,
		 size_t msg, uint64_t n)
{
	ssize_t got;

	while (n-- > 0) {
		got = ipc_writen(p->wfd, buf, msg);
		if (got != (ssize_t)msg)
			return ipc_fail(b, "write", got);
		got = ipc_readn(p->rfd, buf, msg);
		if (got != (ssize_t)msg)
			return ipc_fail(b, "read", got);
	}
	return 0;
}

int ipc_stream_take(struct bench *b, const struct ipc_peer *p, char *buf,
		    size_t msg, uint64_t total)
{
	ssize_t got;

	got = ipc_writen(p->wfd, &total, sizeof(total));
	if (got != (ssize_t)sizeof(total))
		return ipc_fail(b, "write", got);
	/* Every byte is really read, into a buffer the size of a message. */
	while (total > 0) {
		got = read(p->rfd, buf, total < msg ? (size_t)total : msg);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return ipc_fail(b, "read", got);
		total -= (uint64_t)got;
	}
	return 0;
}

/* ---- the stream bandwidth programs ------------------------------------- */

/* The spec, and how the program connects its peer. */
struct stream_spec {
	struct bench_spec spec;		/* first: b->spec points here */
	ipc_connect_fn *connect;
};

struct stream_state {
	struct ipc_peer peer;
	size_t msg;
	uint64_t total;
	char *buf;
};

static void stream_cleanup(struct bench *b)
{
	struct stream_state *st = b->priv;

	ipc_peer_stop(&st->peer);
	free(st->buf);
	st->buf = NULL;
}

static int stream_setup(struct bench *b)
{
	const struct stream_spec *ss = (const struct stream_spec *)b->spec;
	struct stream_state *st = b->priv;
	int child[2];

	st->msg = (size_t)bench_opt_num(b, 'm');
	st->total = (uint64_t)bench_opt_num(b, 'M');
	b->bytes = (double)st->total;
	st->buf = io_buffer(st->msg, 0);
	if (st->buf == NULL)
		return bench_error(b, "out of memory");
	if (ss->connect(b, &st->peer, child) != 0 ||
	    ipc_peer_start(b, &st->peer, child[0], child[1], ipc_serve_stream,
			   st->msg) != 0) {
		free(st->buf);
		st->buf = NULL;
		return -1;
	}
	return 0;
}

/* One request for all n transfers: one wake-up per sample, not per MB. */
static int stream_run(struct bench *b, uint64_t n)
{
	struct stream_state *st = b->priv;

	return ipc_stream_take(b, &st->peer, st->buf, st->msg, n * st->total);
}

static const struct bench_opt stream_opts[] = {
	{ .flag = 'm', .type = BENCH_OPT_SIZE, .arg = "bytes",
	  .help = "bytes per write and per read (default 64k)",
	  .def = 64 * 1024, .min = 1, .max = 64 * 1024 * 1024 },
	/*
	 * One operation is the whole transfer, and calibration needs at
	 * least one: 1 GB takes a second or so even on a slow machine,
	 * while an unbounded -M would run into the time bound.
	 */
	{ .flag = 'M', .type = BENCH_OPT_SIZE, .arg = "total",
	  .help = "bytes moved per operation (default 50m, at most 1g)",
	  .def = 50 * 1024 * 1024, .min = 1, .max = 1024 * 1024 * 1024 },
};

int ipc_stream_main(int argc, char **argv, const char *prog,
		    const char *name, const char *label,
		    ipc_connect_fn *connect)
{
	const struct bench_case c = {
		.name = name, .label = label, .unit = BENCH_MBPS,
		.setup = stream_setup, .run = stream_run,
		.cleanup = stream_cleanup,
	};
	const struct stream_spec ss = {
		.spec = {
			.prog = prog,
			.cases = &c,
			.ncases = 1,
			.opts = stream_opts,
			.nopts = sizeof(stream_opts) / sizeof(stream_opts[0]),
			.priv_size = sizeof(struct stream_state),
		},
		.connect = connect,
	};

	return bench_main(argc, argv, &ss.spec);
}

/* ---- watching children ------------------------------------------------ */

/* A signal handler can reach nothing else: hence these statics. */
static volatile sig_atomic_t child_died;
static void (*wake_fn)(void *);
static void *wake_arg;
static struct sigaction old_chld;
static int watching;

static void on_sigchld(int sig)
{
	int saved = errno;

	(void)sig;
	child_died = 1;
	if (wake_fn != NULL)
		wake_fn(wake_arg);
	errno = saved;
}

int ipc_watch_children(struct bench *b, void (*wake)(void *), void *arg)
{
	struct sigaction sa;

	child_died = 0;
	wake_fn = wake;
	wake_arg = arg;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigchld;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a blocked wait must come back with EINTR. */
	sa.sa_flags = SA_NOCLDSTOP;
	if (sigaction(SIGCHLD, &sa, watching ? NULL : &old_chld) != 0)
		return bench_error(b, "sigaction: %s", strerror(errno));
	watching = 1;
	return 0;
}

int ipc_child_died(void)
{
	return child_died;
}

void ipc_unwatch_children(void)
{
	if (watching)
		sigaction(SIGCHLD, &old_chld, NULL);
	watching = 0;
	wake_fn = NULL;
	wake_arg = NULL;
	child_died = 0;
}

/*
 * Four sums, not one: with one, every word waits for the add of the one
 * before (one word a cycle), and a 64 KB array took 3.5-5.2 us where
 * lmbench's reads (one sum of 128 words at a time, which the compiler
 * splits) took 2.5: the refill the figure includes would be the adds'.
 */
unsigned long ipc_touch(const unsigned long *words, size_t nwords)
{
	unsigned long s0 = 0, s1 = 0, s2 = 0, s3 = 0;
	size_t i;

	for (i = 0; i + 4 <= nwords; i += 4) {
		s0 += words[i];
		s1 += words[i + 1];
		s2 += words[i + 2];
		s3 += words[i + 3];
	}
	for (; i < nwords; i++)
		s0 += words[i];
	return s0 + s1 + s2 + s3;
}

int ipc_echo_start(struct bench *b, struct ipc_peer *p, int child_rfd,
		   int child_wfd, size_t msg)
{
	char *buf;
	int rc;

	if (ipc_peer_start(b, p, child_rfd, child_wfd, ipc_serve_echo,
			   msg) != 0)
		return -1;
	buf = io_buffer(msg, 0);
	if (buf == NULL) {
		ipc_peer_stop(p);
		return bench_error(b, "out of memory");
	}
	/*
	 * One untimed round trip: the peer has just been forked, and its
	 * first answer is start-up and page faults, not the operation.
	 */
	rc = ipc_pingpong(b, p, buf, msg, 1);
	free(buf);
	if (rc != 0)
		ipc_peer_stop(p);
	return rc;
}

int ipc_pipe_echo_start(struct bench *b, struct ipc_peer *p, size_t msg)
{
	int down[2], up[2];

	if (pipe(down) != 0)
		return bench_error(b, "pipe: %s", strerror(errno));
	if (pipe(up) != 0) {
		close(down[0]);
		close(down[1]);
		return bench_error(b, "pipe: %s", strerror(errno));
	}
	p->wfd = down[1];
	p->rfd = up[0];
	return ipc_echo_start(b, p, down[0], up[1], msg);
}

#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
#define MAP_ANONYMOUS MAP_ANON
#endif

void *ipc_shared(struct bench *b, size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		(void)bench_error(b, "mmap of %zu shared bytes: %s", len,
				  strerror(errno));
		return NULL;
	}
	return p;
}

void ipc_unshare(void *p, size_t len)
{
	if (p != NULL)
		munmap(p, len);
}

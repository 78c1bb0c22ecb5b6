/*
 * lat_select - the cost of select() on many descriptors.
 *
 *	lat_select [-n N] file|tcp
 *
 * N descriptors (default 100) are handed to select() in its write set,
 * with a zero timeout, as lmbench does: for `file`, N descriptors of one
 * temporary file; for `tcp`, N descriptors of one TCP connection over the
 * loopback interface.  All are ready, so select() polls each one and
 * reports each one; they are copies (dup) of one descriptor, so what grows
 * with N is the work per descriptor, not the number of objects.
 */
#include <errno.h>
#include <limits.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>

#include "bench.h"

struct select_state {
	char path[PATH_MAX];
	int fds[FD_SETSIZE];
	int nfds;
	int maxfd;
	int peer;		/* tcp: the accepted end of the connection */
	fd_set set;
};

static void close_all(struct select_state *st)
{
	int i;

	for (i = 0; i < st->nfds; i++)
		close(st->fds[i]);
	st->nfds = 0;
}

/* Fill the set with `first` and N-1 copies of it. */
static int fill(struct bench *b, int first)
{
	struct select_state *st = b->priv;
	long want = bench_opt_num(b, 'n');

	FD_ZERO(&st->set);
	st->nfds = 0;
	st->maxfd = -1;
	st->fds[st->nfds++] = first;
	while (st->nfds < want) {
		int fd = dup(first);

		if (fd < 0) {
			close_all(st);
			return bench_error(b, "dup: %s (raise the limit on open "
					   "files, ulimit -n)", strerror(errno));
		}
		if (fd >= FD_SETSIZE) {
			close(fd);
			close_all(st);
			return bench_error(b, "descriptor %d is past FD_SETSIZE",
					   fd);
		}
		st->fds[st->nfds++] = fd;
	}
	for (int i = 0; i < st->nfds; i++) {
		FD_SET(st->fds[i], &st->set);
		if (st->fds[i] > st->maxfd)
			st->maxfd = st->fds[i];
	}
	return 0;
}

static int file_setup(struct bench *b)
{
	struct select_state *st = b->priv;
	int fd = bench_tmpfile(NULL, "lat_select", st->path,
			       sizeof(st->path));

	if (fd < 0)
		return -1;
	return fill(b, fd);
}

static void file_cleanup(struct bench *b)
{
	struct select_state *st = b->priv;

	close_all(st);
	bench_remove(st->path);
}

/* A TCP connection to ourselves over loopback: the client end is returned
 * and the accepted end kept in st->peer. */
static int tcp_setup(struct bench *b)
{
	struct select_state *st = b->priv;
	struct sockaddr_in sin;
	socklen_t len = sizeof(sin);
	int lfd, fd = -1;

	st->peer = -1;
	lfd = socket(AF_INET, SOCK_STREAM, 0);
	if (lfd < 0)
		return bench_error(b, "socket: %s", strerror(errno));
	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sin.sin_port = 0;	/* any free port */
	if (bind(lfd, (struct sockaddr *)&sin, sizeof(sin)) != 0 ||
	    listen(lfd, 1) != 0 ||
	    getsockname(lfd, (struct sockaddr *)&sin, &len) != 0 ||
	    (fd = socket(AF_INET, SOCK_STREAM, 0)) < 0 ||
	    connect(fd, (struct sockaddr *)&sin, sizeof(sin)) != 0 ||
	    (st->peer = accept(lfd, NULL, NULL)) < 0) {
		int err = errno;

		if (fd >= 0)
			close(fd);
		close(lfd);
		return bench_error(b, "TCP connection over loopback: %s",
				   strerror(err));
	}
	close(lfd);
	if (fill(b, fd) != 0) {
		close(st->peer);
		return -1;
	}
	return 0;
}

static void tcp_cleanup(struct bench *b)
{
	struct select_state *st = b->priv;

	close_all(st);
	close(st->peer);
}

static int select_run(struct bench *b, uint64_t n)
{
	struct select_state *st = b->priv;
	struct timeval zero;
	fd_set set;

	while (n-- > 0) {
		/* select() overwrites its sets: start from a full one. */
		set = st->set;
		zero.tv_sec = 0;
		zero.tv_usec = 0;
		if (select(st->maxfd + 1, NULL, &set, NULL, &zero) < 0)
			return bench_error(b, "select: %s", strerror(errno));
	}
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "file", .setup = file_setup, .run = select_run,
	  .cleanup = file_cleanup },
	{ .name = "tcp", .setup = tcp_setup, .run = select_run,
	  .cleanup = tcp_cleanup },
};

static const struct bench_opt opts[] = {
	{ .flag = 'n', .type = BENCH_OPT_INT, .arg = "N",
	  .help = "descriptors to select on (default 100)", .def = 100,
	  .min = 1, .max = FD_SETSIZE - 32 },
};

/* The label names N, so the harness's default report will not do. */
static int select_main(struct bench *b)
{
	struct bench_result r;
	char label[64];
	int rc;

	rc = bench_measure(b, b->bc, &r);
	if (rc != 0)
		return rc;
	snprintf(label, sizeof(label), "Select on %lld %sfd's",
		 bench_opt_num(b, 'n'), b->bc->setup == tcp_setup ? "tcp " : "");
	bench_report(b, label, &r);
	return 0;
}

static const struct bench_spec spec = {
	.prog = "lat_select",
	.operands = "file|tcp",
	.cases = cases,
	.ncases = sizeof(cases) / sizeof(cases[0]),
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct select_state),
	.main = select_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

/*
 * lat_unix_connect - the cost of a connection on an AF_UNIX stream socket.
 *
 *	lat_unix_connect
 *
 * A server child listens on a socket in a private temporary directory and
 * accepts and closes connections; the timed side creates a socket,
 * connects it and closes it: one operation.  As in lmbench, the client
 * does not wait for the accept: once the listen queue is full a connect
 * waits for the server, so the figure is the cost of the slower side of
 * the connect/accept pair.
 *
 * The server also watches a pipe from the parent and leaves when it
 * closes, so it never outlives its parent.  A server that died makes the
 * next connect fail (ECONNREFUSED or ENOENT): an error, not a figure.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "bench.h"
#include "ipc.h"

struct connect_state {
	char dir[PATH_MAX];
	struct sockaddr_un addr;
	struct ipc_peer server;	/* wfd: the pipe that keeps it alive */
};

static _Noreturn void serve_connections(struct bench *b, int lfd, int ctl)
{
	struct pollfd pf[2] = {
		{ .fd = lfd, .events = POLLIN },
		{ .fd = ctl, .events = POLLIN },
	};
	int s;

	if (bench_pin(b, 1) != 0)
		_exit(1);
	for (;;) {
		if (poll(pf, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			bench_error(b, "server: poll: %s", strerror(errno));
			_exit(1);
		}
		if (pf[1].revents != 0)
			_exit(0);	/* the parent closed the pipe */
		if (pf[0].revents == 0)
			continue;
		s = accept(lfd, NULL, NULL);
		if (s < 0) {
			if (errno == EINTR || errno == ECONNABORTED)
				continue;
			bench_error(b, "server: accept: %s", strerror(errno));
			_exit(1);
		}
		close(s);
	}
}

static void connect_cleanup(struct bench *b)
{
	struct connect_state *st = b->priv;

	ipc_peer_stop(&st->server);
	if (st->addr.sun_path[0] != '\0')
		unlink(st->addr.sun_path);
}

static int connect_setup(struct bench *b)
{
	struct connect_state *st = b->priv;
	int lfd, ctl[2], len;
	pid_t pid;

	st->server.rfd = st->server.wfd = -1;
	if (st->dir[0] == '\0' &&
	    bench_tmpdir(NULL, "lat_unix_connect", st->dir,
			 sizeof(st->dir)) != 0)
		return -1;
	memset(&st->addr, 0, sizeof(st->addr));
	st->addr.sun_family = AF_UNIX;
	len = snprintf(st->addr.sun_path, sizeof(st->addr.sun_path), "%s/sock",
		       st->dir);
	if (len < 0 || (size_t)len >= sizeof(st->addr.sun_path)) {
		st->addr.sun_path[0] = '\0';
		return bench_error(b, "socket path %s/sock is too long for "
				   "AF_UNIX (set TMPDIR to a shorter directory)",
				   st->dir);
	}
	lfd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (lfd < 0)
		return bench_error(b, "socket: %s", strerror(errno));
	/* Listen before the fork, so the first connect finds the server. */
	if (bind(lfd, (struct sockaddr *)&st->addr, sizeof(st->addr)) != 0 ||
	    listen(lfd, 128) != 0 || pipe(ctl) != 0) {
		bench_error(b, "listen on %s: %s", st->addr.sun_path,
			    strerror(errno));
		close(lfd);
		connect_cleanup(b);
		return -1;
	}
	st->server.wfd = ctl[1];
	pid = bench_fork();
	if (pid == 0) {
		close(ctl[1]);
		serve_connections(b, lfd, ctl[0]);
	}
	close(lfd);
	close(ctl[0]);
	if (pid < 0) {
		bench_error(b, "fork: %s", strerror(errno));
		connect_cleanup(b);
		return -1;
	}
	st->server.pid = pid;
	return 0;
}

static int connect_run(struct bench *b, uint64_t n)
{
	struct connect_state *st = b->priv;
	int s;

	while (n-- > 0) {
		s = socket(AF_UNIX, SOCK_STREAM, 0);
		if (s < 0)
			return bench_error(b, "socket: %s", strerror(errno));
		while (connect(s, (struct sockaddr *)&st->addr,
			       sizeof(st->addr)) != 0) {
			if (errno == EINTR)
				continue;
			bench_error(b, "connect %s: %s%s", st->addr.sun_path,
				    strerror(errno),
				    (errno == ECONNREFUSED || errno == ENOENT) ?
				    " (the server process went away)" : "");
			close(s);
			return -1;
		}
		close(s);
	}
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "connect", .label = "UNIX connection cost",
	  .setup = connect_setup, .run = connect_run,
	  .cleanup = connect_cleanup },
};

static const struct bench_spec spec = {
	.prog = "lat_unix_connect",
	.cases = cases,
	.ncases = 1,
	.priv_size = sizeof(struct connect_state),
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

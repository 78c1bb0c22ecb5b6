/*
 * lat_fifo - the round trip of one byte between two processes over a pair
 * of named pipes (FIFOs).
 *
 *	lat_fifo
 *
 * As lat_pipe, through two FIFOs made in a private temporary directory
 * (under $TMPDIR, else /tmp), which is removed on every way out.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"
#include "ipc.h"

struct fifo_state {
	struct ipc_peer peer;
	char dir[PATH_MAX];
	char byte;
};

/*
 * Open both ends of a FIFO in this process.  Opening the read end without
 * blocking first lets the write end open at once (a plain open of either
 * end would wait for the other side); the read end is then made blocking
 * again, so the FIFO behaves as a pipe.
 */
static int open_fifo(struct bench *b, const char *path, int *rfd, int *wfd)
{
	int flags;

	if (mkfifo(path, 0600) != 0)
		return bench_error(b, "mkfifo %s: %s", path, strerror(errno));
	*rfd = open(path, O_RDONLY | O_NONBLOCK);
	if (*rfd < 0)
		return bench_error(b, "open %s: %s", path, strerror(errno));
	*wfd = open(path, O_WRONLY);
	flags = fcntl(*rfd, F_GETFL);
	if (*wfd < 0 || flags < 0 ||
	    fcntl(*rfd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
		bench_error(b, "open %s: %s", path, strerror(errno));
		close(*rfd);
		if (*wfd >= 0)
			close(*wfd);
		return -1;
	}
	return 0;
}

static int fifo_setup(struct bench *b)
{
	struct fifo_state *st = b->priv;
	char down[PATH_MAX + 16], up[PATH_MAX + 16];
	int down_r, down_w, up_r, up_w;

	st->peer.rfd = st->peer.wfd = -1;
	if (st->dir[0] == '\0' &&
	    bench_tmpdir(NULL, "lat_fifo", st->dir, sizeof(st->dir)) != 0)
		return -1;
	snprintf(down, sizeof(down), "%s/down", st->dir);
	snprintf(up, sizeof(up), "%s/up", st->dir);
	if (open_fifo(b, down, &down_r, &down_w) != 0)
		return -1;
	if (open_fifo(b, up, &up_r, &up_w) != 0) {
		close(down_r);
		close(down_w);
		unlink(down);
		return -1;
	}
	/* The data path is set: the names are no longer needed. */
	unlink(down);
	unlink(up);
	st->peer.wfd = down_w;
	st->peer.rfd = up_r;
	return ipc_echo_start(b, &st->peer, down_r, up_w, 1);
}

static int fifo_run(struct bench *b, uint64_t n)
{
	struct fifo_state *st = b->priv;

	return ipc_pingpong(b, &st->peer, &st->byte, 1, n);
}

static void fifo_cleanup(struct bench *b)
{
	struct fifo_state *st = b->priv;

	ipc_peer_stop(&st->peer);
}

static const struct bench_case cases[] = {
	{ .name = "fifo", .label = "Fifo latency", .setup = fifo_setup,
	  .run = fifo_run, .cleanup = fifo_cleanup },
};

static const struct bench_spec spec = {
	.prog = "lat_fifo",
	.cases = cases,
	.ncases = 1,
	.priv_size = sizeof(struct fifo_state),
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

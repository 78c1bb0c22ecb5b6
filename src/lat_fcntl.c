/*
 * lat_fcntl - a hand-off between two processes through fcntl(2) record
 * locks.
 *
 *	lat_fcntl
 *
 * Three one-byte regions of a temporary file are the locks.  At rest the
 * running process holds two of them and the waiting one holds the third
 * and is blocked asking for one the runner holds.  A turn is: release the
 * lock the other is waiting for (that wakes it), then ask for the lock the
 * other holds (that blocks until the other's turn gives it back).  Nobody
 * ever asks for a lock it has just released, so no turn can be stolen,
 * and the kernel's deadlock detection never sees a cycle.  One iteration
 * is the parent's turn plus the child's, a round trip; the figure is per
 * hand-off, half of it, as lmbench defines "Fcntl lock latency".
 *
 * A dead peer releases its locks, which would make the next waits return
 * at once: SIGCHLD (watched for here) turns that into an error instead.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "ipc.h"

#define NLOCKS 3

struct fcntl_state {
	char path[PATH_MAX];
	int fd;
	pid_t child;
	unsigned turn;		/* the parent's next turn, mod NLOCKS */
};

/* Lock (F_WRLCK, waiting) or unlock (F_UNLCK) byte `which` of the file. */
static int lock_byte(int fd, unsigned which, short type)
{
	struct flock fl;

	memset(&fl, 0, sizeof(fl));
	fl.l_type = type;
	fl.l_whence = SEEK_SET;
	fl.l_start = (off_t)which;
	fl.l_len = 1;
	while (fcntl(fd, type == F_UNLCK ? F_SETLK : F_SETLKW, &fl) != 0) {
		if (errno != EINTR || ipc_child_died())
			return -1;
	}
	return 0;
}

/*
 * The child starts holding lock 2 and asks for lock 0; each time it gets
 * lock k it releases lock k+2 (the parent is waiting for it) and asks for
 * lock k+1 (which the parent holds).
 */
static _Noreturn void fcntl_child(struct bench *b, int fd, int ready_fd)
{
	unsigned k;
	char c = 'r';

	ipc_unwatch_children();
	if (bench_pin(b, 1) != 0 || lock_byte(fd, 2, F_WRLCK) != 0 ||
	    ipc_writen(ready_fd, &c, 1) != 1)
		_exit(1);
	close(ready_fd);
	for (k = 0;; k = (k + 1) % NLOCKS) {
		if (lock_byte(fd, k, F_WRLCK) != 0 ||
		    lock_byte(fd, (k + 2) % NLOCKS, F_UNLCK) != 0) {
			bench_error(b, "peer: fcntl: %s", strerror(errno));
			_exit(1);
		}
	}
}

static void fcntl_cleanup(struct bench *b)
{
	struct fcntl_state *st = b->priv;

	/*
	 * The child is blocked in a lock wait, where no end of file can
	 * reach it: it is told to go.
	 */
	if (st->child > 0) {
		kill(st->child, SIGTERM);
		bench_reap(st->child, NULL);
		st->child = 0;
	}
	ipc_unwatch_children();
	if (st->fd >= 0)
		close(st->fd);
	st->fd = -1;
}

static int fcntl_setup(struct bench *b)
{
	struct fcntl_state *st = b->priv;
	int ready[2];
	ssize_t got;
	char c;

	st->child = 0;
	st->turn = 0;
	if (st->path[0] == '\0') {
		st->fd = bench_tmpfile(NULL, "lat_fcntl", st->path,
				       sizeof(st->path));
	} else {
		st->fd = open(st->path, O_RDWR);
		if (st->fd < 0)
			bench_error(b, "open %s: %s", st->path,
				    strerror(errno));
	}
	if (st->fd < 0)
		return -1;
	if (lock_byte(st->fd, 0, F_WRLCK) != 0 ||
	    lock_byte(st->fd, 1, F_WRLCK) != 0) {
		bench_error(b, "fcntl: %s", strerror(errno));
		fcntl_cleanup(b);
		return -1;
	}
	if (pipe(ready) != 0) {
		bench_error(b, "pipe: %s", strerror(errno));
		fcntl_cleanup(b);
		return -1;
	}
	if (ipc_watch_children(b, NULL, NULL) != 0) {
		close(ready[0]);
		close(ready[1]);
		fcntl_cleanup(b);
		return -1;
	}
	st->child = bench_fork();
	if (st->child == 0) {
		close(ready[0]);
		fcntl_child(b, st->fd, ready[1]);
	}
	close(ready[1]);
	if (st->child < 0) {
		st->child = 0;
		close(ready[0]);
		bench_error(b, "fork: %s", strerror(errno));
		fcntl_cleanup(b);
		return -1;
	}
	/* Start timing only once the child holds its lock. */
	got = ipc_readn(ready[0], &c, 1);
	close(ready[0]);
	if (got != 1) {
		ipc_fail(b, "peer start", got);
		fcntl_cleanup(b);
		return -1;
	}
	b->ops_per_iter = 2.0;	/* two hand-offs an iteration */
	return 0;
}

/* The parent's turn t: release lock t, ask for lock t+2. */
static int fcntl_run(struct bench *b, uint64_t n)
{
	struct fcntl_state *st = b->priv;
	unsigned t = st->turn;

	while (n-- > 0) {
		if (lock_byte(st->fd, t, F_UNLCK) != 0 ||
		    lock_byte(st->fd, (t + 2) % NLOCKS, F_WRLCK) != 0 ||
		    ipc_child_died()) {
			if (ipc_child_died())
				return bench_error(b, "the peer process "
						   "exited");
			return bench_error(b, "fcntl: %s", strerror(errno));
		}
		t = (t + 1) % NLOCKS;
	}
	st->turn = t;
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "fcntl", .label = "Fcntl lock latency", .setup = fcntl_setup,
	  .run = fcntl_run, .cleanup = fcntl_cleanup },
};

static const struct bench_spec spec = {
	.prog = "lat_fcntl",
	.cases = cases,
	.ncases = 1,
	.priv_size = sizeof(struct fcntl_state),
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

/*
 * lat_sem - a semaphore hand-off between two processes.
 *
 *	lat_sem
 *
 * Two unnamed POSIX semaphores, shared by the two processes through an
 * anonymous shared mapping: the parent posts the child's semaphore and
 * waits on its own, the child waits on its own and posts the parent's.
 * One iteration is that round trip; the figure is per hand-off, half of
 * it, as lmbench defines "Semaphore latency".  Nothing here has a name in the
 * system (System V semaphores would outlive a killed run), so nothing can
 * be left behind.
 *
 * A semaphore does not tell a waiter that the other side died: SIGCHLD
 * does.  Its handler posts the parent's semaphore, so a dead child ends
 * the parent's wait and the run fails instead of hanging; a dead parent
 * ends the child by the harness's parent-death signal.
 */
#include <errno.h>
#include <semaphore.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "ipc.h"

struct sem_shared {
	sem_t to_child;
	sem_t to_parent;
	volatile sig_atomic_t stop;	/* set before the last post */
};

struct sem_state {
	struct sem_shared *sh;
	pid_t child;
};

/* Called from the SIGCHLD handler: sem_post is async-signal-safe. */
static void wake_parent(void *arg)
{
	struct sem_shared *sh = arg;

	sem_post(&sh->to_parent);
}

static int wait_sem(sem_t *s)
{
	while (sem_wait(s) != 0) {
		if (errno != EINTR || ipc_child_died())
			return -1;
	}
	return 0;
}

static _Noreturn void sem_child(struct bench *b, struct sem_shared *sh)
{
	ipc_unwatch_children();
	if (bench_pin(b, 1) != 0)
		_exit(1);
	for (;;) {
		if (wait_sem(&sh->to_child) != 0) {
			bench_error(b, "peer: sem_wait: %s", strerror(errno));
			_exit(1);
		}
		if (sh->stop)
			_exit(0);
		if (sem_post(&sh->to_parent) != 0)
			_exit(1);
	}
}

static void sem_cleanup(struct bench *b)
{
	struct sem_state *st = b->priv;

	if (st->child > 0) {
		st->sh->stop = 1;
		sem_post(&st->sh->to_child);
		bench_reap(st->child, NULL);
		st->child = 0;
	}
	ipc_unwatch_children();
	if (st->sh != NULL) {
		sem_destroy(&st->sh->to_child);
		sem_destroy(&st->sh->to_parent);
		ipc_unshare(st->sh, sizeof(*st->sh));
		st->sh = NULL;
	}
}

static int sem_setup(struct bench *b)
{
	struct sem_state *st = b->priv;
	void *p;

	p = ipc_shared(b, sizeof(*st->sh));
	if (p == NULL)
		return -1;
	st->sh = p;
	if (sem_init(&st->sh->to_child, 1, 0) != 0) {
		ipc_unshare(p, sizeof(*st->sh));
		st->sh = NULL;
		if (errno == ENOSYS)
			return bench_skip(b, "no process-shared semaphores");
		return bench_error(b, "sem_init: %s", strerror(errno));
	}
	if (sem_init(&st->sh->to_parent, 1, 0) != 0) {
		sem_destroy(&st->sh->to_child);
		ipc_unshare(p, sizeof(*st->sh));
		st->sh = NULL;
		return bench_error(b, "sem_init: %s", strerror(errno));
	}
	/* Before the fork: a child that dies at once must still be seen. */
	if (ipc_watch_children(b, wake_parent, st->sh) != 0) {
		sem_cleanup(b);
		return -1;
	}
	st->child = bench_fork();
	if (st->child < 0) {
		st->child = 0;
		sem_cleanup(b);
		return bench_error(b, "fork: %s", strerror(errno));
	}
	if (st->child == 0)
		sem_child(b, st->sh);
	b->ops_per_iter = 2.0;	/* two hand-offs an iteration */
	return 0;
}

static int sem_run(struct bench *b, uint64_t n)
{
	struct sem_state *st = b->priv;

	while (n-- > 0) {
		if (sem_post(&st->sh->to_child) != 0)
			return bench_error(b, "sem_post: %s", strerror(errno));
		if (wait_sem(&st->sh->to_parent) != 0 || ipc_child_died()) {
			if (ipc_child_died())
				return bench_error(b, "the peer process "
						   "exited");
			return bench_error(b, "sem_wait: %s", strerror(errno));
		}
	}
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "sem", .label = "Semaphore latency", .setup = sem_setup,
	  .run = sem_run, .cleanup = sem_cleanup },
};

static const struct bench_spec spec = {
	.prog = "lat_sem",
	.cases = cases,
	.ncases = 1,
	.priv_size = sizeof(struct sem_state),
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

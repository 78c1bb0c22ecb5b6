/*
 * lat_proc - the cost of procedures and processes.
 *
 *	lat_proc procedure|fork|exec|shell
 *
 * procedure: a call of a function that does nothing.  fork: fork() of a
 * child that exits at once, and the wait for it.  exec: fork() and
 * execve() of latbw-hello, a program that does nothing, and the wait.
 * shell: the same through "/bin/sh -c".  latbw-hello is found next to this
 * program, never in PATH or /tmp, so what runs is what was built.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "io.h"

extern char **environ;

struct proc_state {
	char helper[PATH_MAX];	/* latbw-hello next to us */
};

/* Not inlined, and kept from being optimised into nothing. */
__attribute__((noinline)) static unsigned procedure(unsigned x)
{
	BENCH_KEEP(x);
	return x + 1;
}

static int procedure_run(struct bench *b, uint64_t n)
{
	unsigned x = 0;

	(void)b;
	while (n-- > 0)
		x = procedure(x);
	BENCH_KEEP(x);
	return 0;
}

/* Wait for a child and insist that it exited with status 0. */
static int wait_ok(struct bench *b, pid_t pid)
{
	int status;

	if (bench_reap(pid, &status) != 0)
		return bench_error(b, "waitpid: %s", strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return bench_error(b, "the child failed (status 0x%x)", status);
	return 0;
}

static int fork_run(struct bench *b, uint64_t n)
{
	while (n-- > 0) {
		pid_t pid = bench_fork();

		if (pid < 0)
			return bench_error(b, "fork: %s", strerror(errno));
		if (pid == 0)
			_exit(0);
		if (wait_ok(b, pid) != 0)
			return -1;
	}
	return 0;
}

/*
 * One untimed start of the helper, its execve's errno brought back through
 * a close-on-exec pipe.  A helper this system cannot execute ("Exec format
 * error": a cross build run under qemu-user, which does not follow execve
 * into another architecture's binary) means the benchmark cannot run here;
 * it must not turn into a failure inside the timed loop.
 */
static int helper_try(struct bench *b, const char *helper)
{
	char *argv[] = { (char *)helper, NULL };
	int fds[2], err = 0, status;
	ssize_t got;
	pid_t pid;

	if (pipe(fds) != 0)
		return bench_error(b, "pipe: %s", strerror(errno));
	if (fcntl(fds[1], F_SETFD, FD_CLOEXEC) != 0) {
		err = errno;
		close(fds[0]);
		close(fds[1]);
		return bench_error(b, "fcntl: %s", strerror(err));
	}
	pid = bench_fork();
	if (pid < 0) {
		err = errno;
		close(fds[0]);
		close(fds[1]);
		return bench_error(b, "fork: %s", strerror(err));
	}
	if (pid == 0) {
		close(fds[0]);
		execve(argv[0], argv, environ);
		err = errno;
		if (write(fds[1], &err, sizeof(err)) != (ssize_t)sizeof(err))
			_exit(126);
		_exit(127);
	}
	close(fds[1]);
	got = io_readn(fds[0], &err, sizeof(err));
	close(fds[0]);
	if (bench_reap(pid, &status) != 0)
		return bench_error(b, "waitpid: %s", strerror(errno));
	if (got == (ssize_t)sizeof(err) && err == ENOEXEC)
		return bench_skip(b, "%s: %s (built for another machine, under "
				  "an emulator?)", helper, strerror(err));
	if (got == (ssize_t)sizeof(err))
		return bench_error(b, "%s: %s", helper, strerror(err));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return bench_error(b, "%s failed (status 0x%x)", helper, status);
	return 0;
}

static int helper_setup(struct bench *b)
{
	struct proc_state *st = b->priv;
	int len;

	len = snprintf(st->helper, sizeof(st->helper), "%s/latbw-hello",
		       b->self_dir);
	if (len < 0 || (size_t)len >= sizeof(st->helper))
		return bench_error(b, "path of latbw-hello too long");
	if (access(st->helper, X_OK) != 0)
		return bench_error(b, "%s: %s (it is built with the suite and "
				   "must be next to lat_proc)", st->helper,
				   strerror(errno));
	return helper_try(b, st->helper);
}

/* Start argv[0] n times, each time waiting for it to finish. */
static int spawn_run(struct bench *b, uint64_t n, char *const argv[])
{
	while (n-- > 0) {
		pid_t pid = bench_fork();

		if (pid < 0)
			return bench_error(b, "fork: %s", strerror(errno));
		if (pid == 0) {
			execve(argv[0], argv, environ);
			_exit(127);
		}
		if (wait_ok(b, pid) != 0)
			return -1;
	}
	return 0;
}

static int exec_run(struct bench *b, uint64_t n)
{
	struct proc_state *st = b->priv;
	char *argv[] = { st->helper, NULL };

	return spawn_run(b, n, argv);
}

static int shell_run(struct bench *b, uint64_t n)
{
	struct proc_state *st = b->priv;
	char sh[] = "/bin/sh", dash_c[] = "-c";
	char *argv[] = { sh, dash_c, st->helper, NULL };

	return spawn_run(b, n, argv);
}

static const struct bench_case cases[] = {
	{ .name = "procedure", .label = "Procedure call",
	  .run = procedure_run, .flags = BENCH_SUBTRACT_LOOP },
	{ .name = "fork", .label = "Process fork+exit", .run = fork_run },
	{ .name = "exec", .label = "Process fork+execve",
	  .setup = helper_setup, .run = exec_run },
	{ .name = "shell", .label = "Process fork+/bin/sh -c",
	  .setup = helper_setup, .run = shell_run },
};

static const struct bench_spec spec = {
	.prog = "lat_proc",
	.operands = "procedure|fork|exec|shell",
	.cases = cases,
	.ncases = sizeof(cases) / sizeof(cases[0]),
	.priv_size = sizeof(struct proc_state),
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

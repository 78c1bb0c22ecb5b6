/*
 * lat_syscall - the cost of simple system calls.
 *
 *	lat_syscall null|read|write|stat|fstat|open [file]
 *
 * null is getppid(), which no libc caches and no kernel shortcuts.  read
 * and write move one byte from /dev/zero and to /dev/null, so no storage is
 * involved.  stat, fstat and open/close use `file`, or a temporary file of
 * our own when none is given (one per copy: -P processes, -T threads).
 * Every case may run as threads (-T): its state is the copy's own.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"

struct syscall_state {
	char path[PATH_MAX];	/* the file for stat, fstat and open */
	int fd;
};

static int null_run(struct bench *b, uint64_t n)
{
	(void)b;
	while (n-- > 0)
		getppid();
	return 0;
}

static int open_dev(struct bench *b, const char *dev, int flags)
{
	struct syscall_state *st = b->priv;

	st->fd = open(dev, flags);
	if (st->fd < 0)
		return bench_error(b, "open %s: %s", dev, strerror(errno));
	return 0;
}

static int read_setup(struct bench *b)
{
	return open_dev(b, "/dev/zero", O_RDONLY);
}

static int write_setup(struct bench *b)
{
	return open_dev(b, "/dev/null", O_WRONLY);
}

static void fd_cleanup(struct bench *b)
{
	struct syscall_state *st = b->priv;

	close(st->fd);
}

static int read_run(struct bench *b, uint64_t n)
{
	struct syscall_state *st = b->priv;
	char c;

	while (n-- > 0)
		if (read(st->fd, &c, 1) != 1)
			return bench_error(b, "read: %s", strerror(errno));
	return 0;
}

static int write_run(struct bench *b, uint64_t n)
{
	struct syscall_state *st = b->priv;
	char c = 0;

	while (n-- > 0)
		if (write(st->fd, &c, 1) != 1)
			return bench_error(b, "write: %s", strerror(errno));
	return 0;
}

/* The file operand, or a temporary file of ours (removed at exit). */
static int file_setup(struct bench *b)
{
	struct syscall_state *st = b->priv;
	int fd;

	st->fd = -1;
	if (b->argc > 0) {
		if (strlen(b->argv[0]) >= sizeof(st->path))
			return bench_error(b, "file name too long");
		strcpy(st->path, b->argv[0]);
		if (access(st->path, R_OK) != 0)
			return bench_error(b, "%s: %s", st->path,
					   strerror(errno));
		return 0;
	}
	if (st->path[0] != '\0')
		return 0;	/* made by an earlier copy of this process */
	fd = bench_tmpfile(NULL, "lat_syscall", st->path, sizeof(st->path));
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

static int fstat_setup(struct bench *b)
{
	struct syscall_state *st = b->priv;

	if (file_setup(b) != 0)
		return -1;
	return open_dev(b, st->path, O_RDONLY);
}

static int stat_run(struct bench *b, uint64_t n)
{
	struct syscall_state *st = b->priv;
	struct stat sb;

	while (n-- > 0)
		if (stat(st->path, &sb) != 0)
			return bench_error(b, "stat %s: %s", st->path,
					   strerror(errno));
	return 0;
}

static int fstat_run(struct bench *b, uint64_t n)
{
	struct syscall_state *st = b->priv;
	struct stat sb;

	while (n-- > 0)
		if (fstat(st->fd, &sb) != 0)
			return bench_error(b, "fstat: %s", strerror(errno));
	return 0;
}

static int open_run(struct bench *b, uint64_t n)
{
	struct syscall_state *st = b->priv;
	int fd;

	while (n-- > 0) {
		fd = open(st->path, O_RDONLY);
		if (fd < 0)
			return bench_error(b, "open %s: %s", st->path,
					   strerror(errno));
		close(fd);
	}
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "null", .label = "Simple syscall", .run = null_run,
	  .flags = BENCH_SUBTRACT_LOOP | BENCH_THREADS },
	{ .name = "read", .label = "Simple read", .setup = read_setup,
	  .run = read_run, .cleanup = fd_cleanup, .flags = BENCH_THREADS },
	{ .name = "write", .label = "Simple write", .setup = write_setup,
	  .run = write_run, .cleanup = fd_cleanup, .flags = BENCH_THREADS },
	{ .name = "stat", .label = "Simple stat", .setup = file_setup,
	  .run = stat_run, .flags = BENCH_THREADS },
	{ .name = "fstat", .label = "Simple fstat", .setup = fstat_setup,
	  .run = fstat_run, .cleanup = fd_cleanup, .flags = BENCH_THREADS },
	{ .name = "open", .label = "Simple open/close", .setup = file_setup,
	  .run = open_run, .flags = BENCH_THREADS },
};

static int check_operands(struct bench *b)
{
	struct stat sb;

	if (b->argc > 1)
		bench_usage_error(b, "unexpected argument '%s'", b->argv[1]);
	if (b->argc == 1 && (b->bc->setup != file_setup &&
			     b->bc->setup != fstat_setup))
		bench_usage_error(b, "%s takes no file", b->bc->name);
	if (b->argc == 0)
		return 0;
	/*
	 * Any existing file we may read (a directory or a device too, as
	 * stat and open take them), but not a FIFO: opening one waits for
	 * a writer.
	 */
	if (b->argv[0][0] == '\0')
		bench_usage_error(b, "empty file name (leave the file out for "
				  "a temporary one)");
	if (stat(b->argv[0], &sb) != 0 || access(b->argv[0], R_OK) != 0)
		bench_usage_error(b, "%s: %s", b->argv[0], strerror(errno));
	if (S_ISFIFO(sb.st_mode))
		bench_usage_error(b, "%s is a FIFO: opening it would wait for a "
				  "writer", b->argv[0]);
	return 0;
}

static const struct bench_spec spec = {
	.prog = "lat_syscall",
	.operands = "null|read|write|stat|fstat|open [file]",
	.cases = cases,
	.ncases = sizeof(cases) / sizeof(cases[0]),
	.priv_size = sizeof(struct syscall_state),
	.parse = check_operands,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

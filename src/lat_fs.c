/*
 * lat_fs - file creates and deletes per second.
 *
 *	lat_fs [-s bytes] [dir]
 *
 * For files of 0, 1, 4 and 10 KB (or of -s bytes only): a create is
 * open(O_CREAT|O_EXCL), a write of the file's data and close; a delete is
 * unlink.  Nothing is synced, as in lmbench: the figures are those of the
 * system calls and the file system's in-memory work, and the disk writes
 * come later, when the kernel flushes.
 *
 * Each size gets a fresh private directory (mkdtemp) under dir ($TMPDIR or
 * /tmp by default), with every file directly in it, so that the harness can
 * empty and remove it on any way out (it removes one level).
 *
 * The harness times whole samples, and a delete needs a file that was made
 * before the clock started.  So the files of the timed creates are kept,
 * more are made untimed until there are enough for every delete the delete
 * measurement will ask for, and deletes take them newest first: like
 * lmbench's, which deletes files it has just made, they are then still
 * dirty in memory, not yet being written back (an unlink of a file under
 * writeback waits for the I/O, a tick or more).  How many
 * that is depends on the repetitions the harness chooses; if the supply
 * runs out, the delete measurement is abandoned silently and started again
 * with a larger one (no delete is ever timed without its file being there).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "file.h"

#define MAX_WRITE (64 * 1024)	/* a file's data goes in writes this big */
#define MAX_FILES (UINT64_C(4) << 20)	/* the most files kept at once */
#define ATTEMPTS 8

struct fs_state {
	char dir[PATH_MAX];	/* this size's directory */
	char name[PATH_MAX];	/* dir/<number>, rewritten for each file */
	size_t prefix;		/* length of "dir/" in name */
	const char *base;	/* where directories go (NULL: default) */
	uint64_t fsize;		/* bytes in each file */
	char *data;		/* min(fsize, MAX_WRITE) bytes of pattern */
	uint64_t lo, hi;	/* files lo .. hi-1 exist (lo stays 0) */
	uint64_t wanted;	/* the delete that found too few files */
	int short_supply;
};

/* Point st->name at file i: a decimal number, written without snprintf. */
static void name_of(struct fs_state *st, uint64_t i)
{
	char digits[24];
	size_t k = 0, j;

	do {
		digits[k++] = (char)('0' + i % 10);
		i /= 10;
	} while (i > 0);
	for (j = 0; j < k; j++)
		st->name[st->prefix + j] = digits[k - 1 - j];
	st->name[st->prefix + k] = '\0';
}

static int create_one(struct bench *b, uint64_t i)
{
	struct fs_state *st = b->priv;
	uint64_t left = st->fsize;
	int fd;

	name_of(st, i);
	fd = open(st->name, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		return bench_error(b, "create %s: %s%s", st->name,
				   strerror(errno), errno == ENOSPC ?
				   " (the file system is full)" : "");
	while (left > 0) {
		size_t want = left < MAX_WRITE ? (size_t)left : MAX_WRITE;
		ssize_t put = write(fd, st->data, want);

		if (put < 0 && errno == EINTR)
			continue;
		if (put <= 0) {
			int err = put < 0 ? errno : ENOSPC;

			close(fd);
			return bench_error(b, "write %s: %s%s", st->name,
					   strerror(err), err == ENOSPC ?
					   " (the file system is full)" : "");
		}
		left -= (uint64_t)put;
	}
	if (close(fd) != 0)
		return bench_error(b, "close %s: %s", st->name,
				   strerror(errno));
	return 0;
}

static int create_run(struct bench *b, uint64_t n)
{
	struct fs_state *st = b->priv;

	if (st->hi - st->lo + n > MAX_FILES)
		return bench_error(b, "more than %llu files would be kept",
				   (unsigned long long)MAX_FILES);
	while (n-- > 0) {
		if (create_one(b, st->hi) != 0)
			return -1;
		st->hi++;
	}
	return 0;
}

static int delete_run(struct bench *b, uint64_t n)
{
	struct fs_state *st = b->priv;

	if (st->hi - st->lo < n) {
		/* Not enough files made beforehand: give up this
		 * measurement without timing anything (see above). */
		st->short_supply = 1;
		st->wanted = n;
		return -1;
	}
	while (n-- > 0) {
		name_of(st, st->hi - 1);
		if (unlink(st->name) != 0)
			return bench_error(b, "unlink %s: %s", st->name,
					   strerror(errno));
		st->hi--;
	}
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "create", .label = "File system latency", .run = create_run,
	  .flags = BENCH_NO_PARALLEL },
	{ .name = "delete", .label = "File system latency", .run = delete_run,
	  .flags = BENCH_NO_PARALLEL },
};

static const struct bench_opt opts[] = {
	{ .flag = 's', .type = BENCH_OPT_SIZE, .arg = "bytes",
	  .help = "measure files of this size only (default: 0k 1k 4k 10k)",
	  .def = 0, .min = 0, .max = (long long)1 << 30 },
};

static int parse(struct bench *b)
{
	struct fs_state *st = b->priv;

	if (b->argc > 1)
		bench_usage_error(b, "unexpected argument '%s'", b->argv[1]);
	if (b->argc == 1) {
		if (b->argv[0][0] == '\0' ||
		    strlen(b->argv[0]) > sizeof(st->dir) - 64)
			bench_usage_error(b, "bad directory name '%s'",
					  b->argv[0]);
		st->base = b->argv[0];
	}
	if (b->copies > 1)
		bench_usage_error(b, "creates and deletes cannot run as "
				  "parallel copies (-P)");
	return 0;
}

/*
 * Our statistics line for a figure printed in a row of lmbench's own form
 * (the harness prints it only after its own lines).  Values in µs.
 */
/* Make files untimed until `target` exist. */
static int stock_up(struct bench *b, uint64_t target)
{
	struct fs_state *st = b->priv;
	uint64_t page = file_page_size(), more, need, avail;

	if (target > MAX_FILES)
		return bench_error(b, "deletes would need more than %llu files "
				   "made in advance",
				   (unsigned long long)MAX_FILES);
	/*
	 * Room for them first (each takes whole pages, at least): large
	 * files (-s) would otherwise be written until the disk is full.
	 */
	more = target > st->hi - st->lo ? target - (st->hi - st->lo) : 0;
	need = more * ((st->fsize + page - 1) / page * page);
	if (more > 0 && file_free_bytes(st->dir, &avail) == 0 && need > avail)
		return bench_error(b, "the deletes need %llu more files of %llu "
				   "bytes made in advance, %llu bytes, and %s "
				   "has %llu bytes free (use smaller files, -s)",
				   (unsigned long long)more,
				   (unsigned long long)st->fsize,
				   (unsigned long long)need, st->dir,
				   (unsigned long long)avail);
	while (st->hi - st->lo < target) {
		if (create_one(b, st->hi) != 0)
			return -1;
		st->hi++;
	}
	return 0;
}

static int measure_size(struct bench *b, uint64_t fsize)
{
	struct fs_state *st = b->priv;
	struct bench_result rc, rd;
	uint64_t target, bound;
	char x[32];
	int attempt, rv;

	st->fsize = fsize;
	if (bench_tmpdir(b, st->base, "lat_fs", st->dir, sizeof(st->dir)) != 0)
		return -1;
	strcpy(st->name, st->dir);
	strcat(st->name, "/");
	st->prefix = strlen(st->name);
	st->lo = st->hi = 0;
	rv = bench_measure(b, &cases[0], &rc);
	/*
	 * The deletes may take up to three times the nominal samples (33
	 * by default, or exactly -N), plus calibration: `bound` samples of
	 * n files.  A first guess for n: deletes are usually 10 to 50 times
	 * faster than creates, and a sample lasts about as long.  When the
	 * guess was short, the n asked for gives the next supply.
	 */
	bound = (rc.reps > 33 ? rc.reps : 33) + 4;
	target = rc.n * 16 * bound;
	for (attempt = 0; rv == 0 && attempt < ATTEMPTS; attempt++) {
		rv = stock_up(b, target);
		if (rv != 0)
			break;
		st->short_supply = 0;
		rv = bench_measure(b, &cases[1], &rd);
		if (rv == 0 || !st->short_supply)
			break;
		rv = 0;
		/* At least double: on a noisy machine the n the harness
		 * settles on changes from one attempt to the next. */
		if (target < st->wanted * bound)
			target = st->wanted * bound;
		else
			target *= 2;
		if (attempt == ATTEMPTS - 1)
			rv = bench_error(b, "could not make enough files in "
					 "advance for the deletes");
	}
	if (bench_remove(b, st->dir) != 0 && rv == 0)
		rv = bench_error(b, "cannot remove %s: %s", st->dir,
				 strerror(errno));
	if (rv != 0)
		return rv;
	snprintf(x, sizeof(x), "%lluk", (unsigned long long)(fsize >> 10));
	bench_printf(b, "%s %llu %.0f %.0f", x, (unsigned long long)rc.n,
		     1e9 / rc.median, 1e9 / rd.median);
	bench_report_stat(b, x, &rc);
	bench_report_stat(b, x, &rd);
	return 0;
}

static int run_main(struct bench *b)
{
	static const uint64_t sizes[] = { 0, 1024, 4096, 10 * 1024 };
	struct fs_state *st = b->priv;
	size_t i, nsizes = sizeof(sizes) / sizeof(sizes[0]);
	uint64_t one;
	int rc = 0;

	if (file_check_dir(b, st->base) != 0)
		return -1;
	one = (uint64_t)bench_opt_num(b, 's');
	st->data = malloc(MAX_WRITE);
	if (st->data == NULL)
		return bench_error(b, "out of memory");
	/* Data that no file system can store as a hole or compress away. */
	file_pattern_fill(st->data, MAX_WRITE, 0);
	/* This program prints the whole series, title and end included. */
	bench_printf(b, "\"File system latency");
	for (i = 0; i < nsizes && rc == 0; i++) {
		if (bench_opt_isset(b, 's')) {
			rc = measure_size(b, one);
			break;
		}
		rc = measure_size(b, sizes[i]);
	}
	if (rc == 0)
		bench_printf(b, "%s", "");
	free(st->data);
	return rc;
}

static const struct bench_spec spec = {
	.prog = "lat_fs",
	.operands = "[dir]",
	.cases = cases,
	.ncases = sizeof(cases) / sizeof(cases[0]),
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct fs_state),
	.case_not_first = 1,
	.parse = parse,
	.main = run_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

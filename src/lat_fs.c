/*
 * lat_fs - file creates and deletes per second.
 *
 *	lat_fs [-s bytes] [-n files] [-v] [dir]
 *
 * For files of 0, 1, 4 and 10 KB (or of -s bytes only): a create is
 * open(O_CREAT|O_EXCL), a write of the file's data and close; a delete is
 * unlink.  Nothing is synced inside a sample, as in lmbench.
 *
 * The figure is a defined experiment, the same in every sample and every
 * run: a sample creates (or deletes) exactly -n files (1000), in a fresh
 * directory of its own, on a file system synced just before (untimed).
 * Without that the figure depended on what came before it, 16 times over
 * between two runs on one ext4 root: what the file system still had to
 * write, how large the directory had grown, and above all which inodes had
 * been freed in the last minutes -- ext4 without a journal skips an inode
 * freed in the last 5 seconds (5 minutes, while its inode table block is
 * not yet written) when it allocates one, and checking each one it skips
 * costs time, so creates after many deletes were 30 to 50 times slower
 * (15 us to 860 us a file, measured) for minutes.  So no file is deleted
 * until every create is measured: every size's create samples come first,
 * each keeping its directory and files (removed at the end); then each
 * delete sample syncs, makes -n files in a fresh directory (untimed) and
 * deletes them, newest first: files just made, still dirty in memory, as
 * lmbench deletes them.
 *
 * Directories are made with bench_tmpdir, so that the harness empties and
 * removes them on any way out.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "io.h"
#include "file.h"

#define MAX_WRITE (64 * 1024)	/* a file's data goes in writes this big */
#define NSIZES 4
#define MAX_ROUNDS 100		/* samples of one size kept for its deletes */

struct fs_size {
	uint64_t bytes;		/* each file's size */
	char *dir[MAX_ROUNDS];	/* the create samples' directories, kept */
	size_t made;
	struct bench_result create, del;
};

struct fs_state {
	const char *base;	/* where directories go (NULL: default) */
	char *spread;		/* the samples' directories' parent, in base */
	uint64_t per_sample;	/* files in every sample (-n) */
	char *data;		/* min(bytes, MAX_WRITE) bytes of pattern */
	struct fs_size size[NSIZES];
	size_t nsizes;
	struct fs_size *cur;	/* the size being measured */
	char name[PATH_MAX];	/* <sample's directory>/<number> */
	size_t prefix;		/* length of "<directory>/" in name */
	char *emptied;		/* the last delete sample's directory */
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

static void use_dir(struct fs_state *st, const char *dir)
{
	strcpy(st->name, dir);
	strcat(st->name, "/");
	st->prefix = strlen(st->name);
}

static int create_one(struct bench *b, uint64_t i)
{
	struct fs_state *st = b->priv;
	uint64_t left = st->cur->bytes;
	int fd;

	name_of(st, i);
	fd = open(st->name, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		return bench_error(b, "create %s: %s%s", st->name,
				   strerror(errno), errno == ENOSPC ?
				   " (the file system is full)" : "");
	while (left > 0) {
		size_t want = left < MAX_WRITE ? (size_t)left : MAX_WRITE;
		ssize_t put = io_writen(fd, st->data, want);

		if (put != (ssize_t)want) {
			int err = put < 0 ? errno : ENOSPC;

			close(fd);
			return bench_error(b, "write %s: %s%s", st->name,
					   strerror(err), err == ENOSPC ?
					   " (the file system is full)" : "");
		}
		left -= want;
	}
	if (close(fd) != 0)
		return bench_error(b, "close %s: %s", st->name,
				   strerror(errno));
	return 0;
}

static int create_files(struct bench *b, uint64_t n)
{
	uint64_t i;

	for (i = 0; i < n; i++)
		if (create_one(b, i) != 0)
			return -1;
	return 0;
}

/* Remove the directory the last delete sample emptied (untimed). */
static int remove_emptied(struct bench *b)
{
	struct fs_state *st = b->priv;
	int rc = 0;

	if (st->emptied == NULL)
		return 0;
	if (bench_remove(st->emptied) != 0)
		rc = bench_error(b, "cannot remove %s: %s", st->emptied,
				 strerror(errno));
	free(st->emptied);
	st->emptied = NULL;
	return rc;
}

/*
 * Room for n more files first (each takes whole pages, at least): large
 * files (-s) would otherwise be written until the disk is full.
 */
static int check_room(struct bench *b, uint64_t n)
{
	struct fs_state *st = b->priv;
	uint64_t page = file_page_size(), avail, need;
	const char *dir = st->base != NULL ? st->base : bench_tmp_base();

	need = n * ((st->cur->bytes + page - 1) / page * page);
	if (file_free_bytes(dir, &avail) == 0 && need > avail)
		return bench_error(b, "a sample of %llu files of %llu bytes "
				   "needs %llu bytes, and %s has %llu bytes "
				   "free (use fewer files, -n, or smaller ones, "
				   "-s)", (unsigned long long)n,
				   (unsigned long long)st->cur->bytes,
				   (unsigned long long)need, dir,
				   (unsigned long long)avail);
	return 0;
}

/* A fresh directory for one sample, registered with the harness. */
static char *fresh_dir(struct bench *b)
{
	struct fs_state *st = b->priv;
	char path[PATH_MAX], *dir;

	if (bench_tmpdir(st->base, "lat_fs", path, sizeof(path)) != 0)
		return NULL;
	dir = strdup(path);
	if (dir == NULL) {
		bench_remove(path);
		bench_error(b, "out of memory");
	}
	return dir;
}

static int fixed_count(struct bench *b)
{
	struct fs_state *st = b->priv;

	b->fixed_n = st->per_sample;
	return 0;
}

/* -v: a line of our own for each sample, once its state is made. */
static void say_sample(struct bench *b, const char *what, const char *dir,
		       uint64_t n)
{
	struct fs_state *st = b->priv;

	if (bench_opt_isset(b, 'v'))
		bench_printf(b, "[lat_fs-sample %s bytes=%llu files=%llu "
			     "%s dir=%s]", what,
			     (unsigned long long)st->cur->bytes,
			     (unsigned long long)n,
			     bench_sweeping(b) ? "unsynced" : "synced", dir);
}

/* Before each create sample: a fresh directory, the file system synced. */
static int create_prepare(struct bench *b, uint64_t n)
{
	struct fs_state *st = b->priv;
	struct fs_size *sz = st->cur;
	char *dir;

	if (sz->made == MAX_ROUNDS)
		return bench_error(b, "more than %d samples of one size",
				   MAX_ROUNDS);
	if (check_room(b, n) != 0)
		return -1;
	dir = fresh_dir(b);
	if (dir == NULL)
		return -1;
	sz->dir[sz->made++] = dir;
	use_dir(st, dir);
	/* Under -G the copies' samples are not in step: one copy's sync
	 * would stall the others' creates.  scale_setup syncs once. */
	if (!bench_sweeping(b) && file_sync_fs(b, dir) != 0)
		return -1;
	say_sample(b, "create", dir, n);
	return 0;
}

/*
 * Before each delete sample: the file system synced, then n files made
 * (untimed) in a fresh directory, so that the deletes take files just
 * made, still dirty in memory, as lmbench's do.
 */
static int delete_prepare(struct bench *b, uint64_t n)
{
	struct fs_state *st = b->priv;
	char *dir;

	if (remove_emptied(b) != 0)
		return -1;
	if (check_room(b, n) != 0)
		return -1;
	dir = fresh_dir(b);
	if (dir == NULL)
		return -1;
	st->emptied = dir;
	use_dir(st, dir);
	if (file_sync_fs(b, dir) != 0 || create_files(b, n) != 0)
		return -1;
	say_sample(b, "delete", dir, n);
	return 0;
}

static int create_run(struct bench *b, uint64_t n)
{
	return create_files(b, n);
}

/* Newest first, as lmbench deletes the files it has just made. */
static int delete_run(struct bench *b, uint64_t n)
{
	struct fs_state *st = b->priv;

	while (n-- > 0) {
		name_of(st, n);
		if (unlink(st->name) != 0)
			return bench_error(b, "unlink %s: %s", st->name,
					   strerror(errno));
	}
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "create", .label = "File system latency",
	  .flags = BENCH_NO_PARALLEL, .setup = fixed_count,
	  .prepare = create_prepare, .run = create_run },
	{ .name = "delete", .label = "File system latency",
	  .flags = BENCH_NO_PARALLEL, .setup = fixed_count,
	  .prepare = delete_prepare, .run = delete_run },
};

static const struct bench_opt opts[] = {
	{ .flag = 's', .type = BENCH_OPT_SIZE, .arg = "bytes",
	  .help = "measure files of this size only (default: 0k 1k 4k 10k)",
	  .def = 0, .min = 0, .max = (long long)1 << 30 },
	{ .flag = 'n', .type = BENCH_OPT_INT, .arg = "files",
	  .help = "files created (and deleted) in every sample (1000)",
	  .def = 1000, .min = 1, .max = 1000000 },
	{ .flag = 'v', .type = BENCH_OPT_FLAG,
	  .help = "also print a line for each sample: what, where, how many" },
};

static int parse(struct bench *b)
{
	struct fs_state *st = b->priv;

	if (b->argc > 1)
		bench_usage_error(b, "unexpected argument '%s'", b->argv[1]);
	if (b->argc == 1) {
		if (b->argv[0][0] == '\0' ||
		    strlen(b->argv[0]) > sizeof(st->name) - 64)
			bench_usage_error(b, "bad directory name '%s'",
					  b->argv[0]);
		st->base = b->argv[0];
	}
	if (b->copies > 1 && !bench_sweeping(b))
		bench_usage_error(b, "creates and deletes cannot run as "
				  "parallel copies (-P; -G measures creates as "
				  "copies grow)");
	return 0;
}

/* The create samples' directories, emptied and removed (untimed). */
static int remove_kept(struct bench *b)
{
	struct fs_state *st = b->priv;
	size_t i, j;
	int rc = remove_emptied(b);

	for (i = 0; i < st->nsizes; i++) {
		struct fs_size *sz = &st->size[i];

		for (j = 0; j < sz->made; j++) {
			if (bench_remove(sz->dir[j]) != 0 && rc == 0)
				rc = bench_error(b, "cannot remove %s: %s",
						 sz->dir[j], strerror(errno));
			free(sz->dir[j]);
			sz->dir[j] = NULL;
		}
		sz->made = 0;
	}
	return rc;
}

/*
 * The end of a run whose status is rc: every kept sample directory and
 * the spread directory removed.  rc, or -1 when a removal failed (said).
 */
static int remove_all(struct bench *b, int rc)
{
	struct fs_state *st = b->priv;

	if (remove_kept(b) != 0 && rc == 0)
		rc = -1;
	if (bench_remove(st->spread) != 0 && rc == 0)
		rc = bench_error(b, "cannot remove %s: %s", st->spread,
				 strerror(errno));
	free(st->spread);
	st->spread = NULL;
	return rc;
}

/*
 * -G: creates as copies grow, each copy in directories of its own (made
 * in the spread one, a fresh one for each sample, as above; the file
 * system synced once, before the copies start, not before each sample).
 * A copy removes its directories after its samples (untimed): no delete
 * is measured, and a point's files are not kept for later ones.
 */
static void scale_cleanup(struct bench *b)
{
	(void)remove_kept(b);
}

/* -G: a copy's set-up, before every copy starts: the file system synced
 * once (create_prepare syncs before no sample of a curve). */
static int scale_setup(struct bench *b)
{
	struct fs_state *st = b->priv;

	fixed_count(b);
	return file_sync_fs(b, st->spread);
}

static const struct bench_case scale_case = {
	.name = "create", .label = "File system latency",
	.setup = scale_setup, .prepare = create_prepare, .run = create_run,
	.cleanup = scale_cleanup,
};

/*
 * The directory every sample's directory goes in, made in the directory
 * given (or the default), and asked to spread its subdirectories over
 * the disk (file_spread_dirs).  A create must not land among inodes freed
 * in the last minutes: ext4 without a journal passes over each of them,
 * one by one, every time it looks for a free inode (a file freed less
 * than 5 s ago, or 5 min while its inode table block is dirty, may still
 * be named in a block on disk), and a create that follows many deletes
 * (the last round's, another program's) took 500 us instead of 20 us
 * here, for minutes.  Each sample's fresh directory then starts where the
 * file system puts a new top-level directory, among inodes not recently
 * used, and its creates are the same whatever ran before.
 */
static int make_spread(struct bench *b)
{
	struct fs_state *st = b->priv;
	char path[PATH_MAX];
	int spread;

	if (bench_tmpdir(st->base, "lat_fs", path, sizeof(path)) != 0)
		return -1;
	st->spread = strdup(path);
	if (st->spread == NULL) {
		bench_remove(path);
		return bench_error(b, "out of memory");
	}
	spread = file_spread_dirs(path);
	if (bench_opt_isset(b, 'v'))
		bench_printf(b, "[lat_fs-spread %s dir=%s]",
			     spread ? "yes" : "no", path);
	st->base = st->spread;
	return 0;
}

static void report(struct bench *b, const struct fs_size *sz)
{
	struct fs_state *st = b->priv;
	char x[32];

	snprintf(x, sizeof(x), "%lluk", (unsigned long long)(sz->bytes >> 10));
	bench_printf(b, "%s %llu %.0f %.0f", x,
		     (unsigned long long)st->per_sample,
		     1e9 / sz->create.median, 1e9 / sz->del.median);
	bench_report_stat(b, x, &sz->create);
	bench_report_stat(b, x, &sz->del);
}

static int run_main(struct bench *b)
{
	static const uint64_t sizes[NSIZES] = { 0, 1024, 4096, 10 * 1024 };
	struct fs_state *st = b->priv;
	size_t i;
	int rc = 0;

	if (file_check_dir(b, st->base) != 0)
		return -1;
	if (make_spread(b) != 0)
		return -1;
	st->per_sample = (uint64_t)bench_opt_num(b, 'n');
	if (bench_opt_isset(b, 's')) {
		st->size[0].bytes = (uint64_t)bench_opt_num(b, 's');
		st->nsizes = 1;
	} else {
		for (i = 0; i < NSIZES; i++)
			st->size[i].bytes = sizes[i];
		st->nsizes = NSIZES;
	}
	st->data = malloc(MAX_WRITE);
	if (st->data == NULL)
		return bench_error(b, "out of memory");
	/* Data that no file system can store as a hole or compress away. */
	file_pattern_fill(st->data, MAX_WRITE, 0);
	if (bench_sweeping(b)) {
		st->cur = &st->size[0];
		rc = bench_sweep(b, &scale_case);
		rc = remove_all(b, rc);
		free(st->data);
		return rc;
	}
	/* Every create first: a delete would slow the creates after it. */
	for (i = 0; i < st->nsizes && rc == 0; i++) {
		st->cur = &st->size[i];
		rc = bench_measure(b, &cases[0], &st->cur->create);
	}
	/* This program prints the whole series, title and end included. */
	if (rc == 0)
		bench_printf(b, "\"File system latency");
	for (i = 0; i < st->nsizes && rc == 0; i++) {
		st->cur = &st->size[i];
		rc = bench_measure(b, &cases[1], &st->cur->del);
		if (rc == 0)
			report(b, st->cur);
	}
	rc = remove_all(b, rc);
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
	.main_sweeps = 1,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

/*
 * bw_disk - sequential write, sequential read and random 8 KB reads of a
 * file, through the page cache or around it (the lmdd and hbench:OS disk
 * figures).
 *
 *	bw_disk [-d] [-s bytes] [-b bytes] write|read|random [dir]
 *
 * The file is a temporary one of -s bytes (64 MB by default) in dir
 * ($TMPDIR or /tmp by default), made and removed by us.
 *
 *   write   one operation truncates the file to nothing, writes it again
 *           sequentially in -b blocks (64 KB by default) and fsyncs it, so
 *           the figure includes block allocation and the data reaching the
 *           device.
 *   read    one operation reads the whole file sequentially in -b blocks
 *           and sums every word read.
 *   random  one operation is a pread of one -b block (8 KB by default) at
 *           a random block-aligned offset, summed.
 *
 * Without -d the reads are of a cached file: setup reads it once, and the
 * figure is printed only if mincore then finds every page in the page
 * cache.  With -d every transfer uses O_DIRECT: the page cache is emptied
 * of the file first (fsync, posix_fadvise DONTNEED), and the figure is
 * printed as uncached only if mincore finds no more of the file's pages
 * cached after the measurement than before it.  A file system that refuses
 * O_DIRECT (tmpfs does) gets no uncached figure: the program says why and
 * exits with status 3.  O_DIRECT bypasses this system's page cache only: a
 * hypervisor or device cache below it may still serve the data.
 */
#if defined(__linux__)
#define _GNU_SOURCE	/* O_DIRECT, posix_fadvise */
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "file.h"

#define ALIGN 4096	/* O_DIRECT buffers, offsets and lengths */

struct disk_state {
	char path[PATH_MAX];
	const char *dir;	/* NULL: the default */
	uint64_t size;		/* the file */
	size_t block;		/* bytes per transfer */
	int direct;		/* -d */
	int fd;
	unsigned char *buf;	/* block bytes, ALIGN aligned */
	uint64_t expect;	/* read: the sum of one pass */
	uint64_t sum;		/* random: what was read, kept observable */
	uint64_t seed;		/* random: the offsets */
	uint64_t resident_before, resident_after, pages;
};

static int open_flags(const struct disk_state *st, int flags)
{
#if defined(O_DIRECT)
	if (st->direct)
		flags |= O_DIRECT;
#else
	(void)st;
#endif
	return flags;
}

/* Open our file for the measurement; an O_DIRECT refusal is a skip. */
static int open_file(struct bench *b, int flags)
{
	struct disk_state *st = b->priv;

	st->fd = open(st->path, open_flags(st, flags));
	if (st->fd >= 0)
		return 0;
	if (st->direct && errno == EINVAL)
		return bench_skip(b, "the file system of %s refuses O_DIRECT "
				  "(tmpfs does): the page cache cannot be "
				  "bypassed there, so there is no uncached "
				  "figure", st->dir ? st->dir : bench_tmp_base());
	return bench_error(b, "open %s: %s", st->path, strerror(errno));
}

/* Drop the file's pages from the page cache (clean ones go at once). */
static int evict(struct bench *b, int fd)
{
	struct disk_state *st = b->priv;

	if (fsync(fd) != 0)
		return bench_error(b, "fsync %s: %s", st->path, strerror(errno));
#if defined(POSIX_FADV_DONTNEED)
	{
		int err = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);

		if (err != 0)
			return bench_error(b, "posix_fadvise: %s",
					   strerror(err));
	}
#endif
	return 0;
}

static void common_cleanup(struct bench *b)
{
	struct disk_state *st = b->priv;

	if (st->fd >= 0)
		close(st->fd);
	st->fd = -1;
	free(st->buf);
	st->buf = NULL;
}

/* -d: the new file (open at st->fd) out of the page cache, or a skip. */
static int uncache(struct bench *b)
{
	struct disk_state *st = b->priv;

	if (evict(b, st->fd) != 0 ||
	    file_resident(b, st->fd, st->size, &st->resident_before,
			  &st->pages) != 0)
		return -1;
	if (st->resident_before > 0)
		return bench_skip(b, "%llu of the %llu pages of a file in %s "
				  "stay in the page cache after "
				  "posix_fadvise(DONTNEED) (tmpfs keeps files "
				  "there): bypassing it cannot be checked, so "
				  "there is no uncached figure",
				  (unsigned long long)st->resident_before,
				  (unsigned long long)st->pages,
				  st->dir ? st->dir : bench_tmp_base());
	return 0;
}

static int common_setup(struct bench *b)
{
	struct disk_state *st = b->priv;
	int rc;

	st->fd = -1;
	st->buf = NULL;
	if (posix_memalign((void **)&st->buf, ALIGN, st->block) != 0)
		return bench_error(b, "out of memory");
	file_pattern_fill(st->buf, st->block, 0);
	/* Made here; each case opens it again in its own way. */
	st->fd = file_make(b, st->dir, "bw_disk", st->size, st->path,
			   sizeof(st->path));
	rc = st->fd < 0 ? -1 : st->direct ? uncache(b) : 0;
	if (rc != 0) {
		common_cleanup(b);
		return rc;
	}
	close(st->fd);
	st->fd = -1;
	return 0;
}

/* common_setup, then the file opened with flags for the measurement. */
static int open_setup(struct bench *b, int flags)
{
	int rc;

	rc = common_setup(b);
	if (rc == 0) {
		rc = open_file(b, flags);
		if (rc != 0)
			common_cleanup(b);
	}
	return rc;
}

static int write_setup(struct bench *b)
{
	struct disk_state *st = b->priv;
	int rc;

	rc = open_setup(b, O_WRONLY);
	if (rc != 0)
		return rc;
	b->bytes = (double)st->size;
	return 0;
}

static int write_run(struct bench *b, uint64_t n)
{
	struct disk_state *st = b->priv;

	while (n-- > 0) {
		uint64_t off = 0;

		if (ftruncate(st->fd, 0) != 0)
			return bench_error(b, "ftruncate: %s", strerror(errno));
		while (off < st->size) {
			ssize_t put = pwrite(st->fd, st->buf, st->block,
					     (off_t)off);

			if (put < 0 && errno == EINTR)
				continue;
			if (put != (ssize_t)st->block)
				return bench_error(b, "write %s: %s%s",
					st->path, put < 0 ? strerror(errno) :
					"short write", put < 0 && errno ==
					ENOSPC ? " (the file system is full)" :
					"");
			off += st->block;
		}
		if (fsync(st->fd) != 0)
			return bench_error(b, "fsync %s: %s", st->path,
					   strerror(errno));
	}
	return 0;
}

/* Read and sum the whole file. */
static int read_pass(struct bench *b, uint64_t *sum)
{
	struct disk_state *st = b->priv;
	uint64_t off = 0, s = 0;

	while (off < st->size) {
		ssize_t got = pread(st->fd, st->buf, st->block, (off_t)off);

		if (got < 0 && errno == EINTR)
			continue;
		if (got != (ssize_t)st->block)
			return bench_error(b, "read %s: %s", st->path,
					   got < 0 ? strerror(errno) :
					   "short read");
		s += file_sum(st->buf, st->block);
		off += st->block;
	}
	*sum = s;
	return 0;
}

static int read_setup(struct bench *b)
{
	struct disk_state *st = b->priv;
	int rc;

	rc = open_setup(b, O_RDONLY);
	if (rc != 0)
		return rc;
	/* Untimed first pass: the sum every timed pass must reproduce (and,
	 * without -d, the whole file in the page cache). */
	if (read_pass(b, &st->expect) != 0) {
		common_cleanup(b);
		return -1;
	}
	st->seed = UINT64_C(0x9e3779b97f4a7c15);
	b->bytes = (double)(b->bc->name[0] == 'r' && b->bc->name[1] == 'a' ?
			    st->block : st->size);
	return 0;
}

static int read_run(struct bench *b, uint64_t n)
{
	struct disk_state *st = b->priv;
	uint64_t sum;

	while (n-- > 0) {
		if (read_pass(b, &sum) != 0)
			return -1;
		if (sum != st->expect)
			return bench_error(b, "%s read back differently (its "
					   "sum changed)", st->path);
	}
	return 0;
}

static int random_run(struct bench *b, uint64_t n)
{
	struct disk_state *st = b->priv;
	uint64_t blocks = st->size / st->block, s = 0, off;

	while (n-- > 0) {
		ssize_t got;

		st->seed ^= st->seed << 13;
		st->seed ^= st->seed >> 7;
		st->seed ^= st->seed << 17;
		off = st->seed % blocks * st->block;
		do
			got = pread(st->fd, st->buf, st->block, (off_t)off);
		while (got < 0 && errno == EINTR);
		if (got != (ssize_t)st->block)
			return bench_error(b, "read %s: %s", st->path,
					   got < 0 ? strerror(errno) :
					   "short read");
		s += file_sum(st->buf, st->block);
	}
	st->sum += s;
	return 0;
}

/*
 * After the measurement, while the file is still there: how much of it is
 * in the page cache, so that main can check the label (cached, uncached,
 * O_DIRECT) before printing it.
 */
static void measure_cleanup(struct bench *b)
{
	struct disk_state *st = b->priv;
	int fd;

	st->pages = 0;
	fd = open(st->path, O_RDONLY);
	if (fd < 0 || file_resident(b, fd, st->size, &st->resident_after,
				    &st->pages) != 0)
		st->pages = 0;
	if (fd >= 0)
		close(fd);
	common_cleanup(b);
}

static const struct bench_case cases[] = {
	{ .name = "write", .label = "File sequential write+fsync",
	  .unit = BENCH_MBPS, .flags = BENCH_NO_PARALLEL,
	  .setup = write_setup, .run = write_run, .cleanup = measure_cleanup },
	{ .name = "read", .label = "File sequential reread cached",
	  .unit = BENCH_MBPS, .flags = BENCH_NO_PARALLEL,
	  .setup = read_setup, .run = read_run, .cleanup = measure_cleanup },
	{ .name = "random", .label = "File random read cached",
	  .unit = BENCH_MBPS, .flags = BENCH_NO_PARALLEL,
	  .setup = read_setup, .run = random_run, .cleanup = measure_cleanup },
};

static const struct bench_opt opts[] = {
	{ .flag = 'd', .type = BENCH_OPT_FLAG,
	  .help = "bypass the page cache (O_DIRECT)" },
	{ .flag = 's', .type = BENCH_OPT_SIZE, .arg = "bytes",
	  .help = "size of the file (default 64m)",
	  .def = 64 << 20, .min = ALIGN, .max = (long long)1 << 42 },
	{ .flag = 'b', .type = BENCH_OPT_SIZE, .arg = "bytes",
	  .help = "bytes per transfer (default 64k; 8k for random)",
	  .def = 0, .min = 8, .max = 64 << 20 },
};

static int parse(struct bench *b)
{
	struct disk_state *st = b->priv;

	if (b->argc > 1)
		bench_usage_error(b, "unexpected argument '%s'", b->argv[1]);
	if (b->argc == 1) {
		if (b->argv[0][0] == '\0')
			bench_usage_error(b, "empty directory name");
		st->dir = b->argv[0];
	}
	if (b->copies > 1)
		bench_usage_error(b, "bw_disk cannot run as parallel copies "
				  "(-P)");
	st->direct = bench_opt_isset(b, 'd');
	st->size = (uint64_t)bench_opt_num(b, 's');
	if (bench_opt_isset(b, 'b'))
		st->block = (size_t)bench_opt_num(b, 'b');
	else
		st->block = strcmp(b->bc->name, "random") == 0 ? 8192 : 65536;
	if (st->block % 8 != 0)
		bench_usage_error(b, "-b wants a multiple of 8 bytes");
	if (st->direct && (st->block % ALIGN != 0 || st->size % ALIGN != 0))
		bench_usage_error(b, "with -d, -s and -b must be multiples of "
				  "%d bytes", ALIGN);
	if (st->size % st->block != 0 || st->size < st->block)
		bench_usage_error(b, "-s must be a multiple of -b (%zu bytes)",
				  st->block);
	/* Cached reads need the whole file in the page cache. */
	file_check_room(b, st->dir, st->size,
			!st->direct && strcmp(b->bc->name, "write") != 0);
#if !defined(O_DIRECT)
	if (st->direct)
		bench_usage_error(b, "-d: this system has no O_DIRECT");
#endif
	return 0;
}

static int run_main(struct bench *b)
{
	struct disk_state *st = b->priv;
	const struct bench_case *c = b->bc;
	struct bench_result r;
	char label[80];
	int rc;

	if (file_check_dir(b, st->dir) != 0)
		return -1;
	rc = bench_measure(b, c, &r);
	if (rc != 0)
		return rc;
	/* Say cached, uncached or O_DIRECT only when it is so. */
	if (st->pages == 0)
		return bench_error(b, "could not tell which pages were cached: "
				   "no figure");
	/*
	 * The state a figure's label claims could not be held here (a file
	 * system that ignores O_DIRECT, memory pressure that evicts the
	 * file): no figure, and the reason, as for anything this system
	 * cannot measure (exit 3; the driver records it as skipped).
	 */
	if (st->direct && (st->resident_before > 0 || st->resident_after > 0))
		return bench_skip(b, "%llu pages of the file were in the page "
				   "cache after the measurement (%llu before): "
				   "O_DIRECT was not honoured, no uncached "
				   "figure",
				   (unsigned long long)st->resident_after,
				   (unsigned long long)st->resident_before);
	if (!st->direct && c->run != write_run &&
	    st->resident_after < st->pages)
		return bench_skip(b, "only %llu of %llu pages stayed in the "
				   "page cache: no cached figure",
				   (unsigned long long)st->resident_after,
				   (unsigned long long)st->pages);
	if (c->run == write_run)
		snprintf(label, sizeof(label), "File sequential write%s",
			 st->direct ? " O_DIRECT+fsync" : "+fsync");
	else if (c->run == read_run)
		snprintf(label, sizeof(label), "File sequential %s",
			 st->direct ? "read uncached" : "reread cached");
	else
		snprintf(label, sizeof(label), "File random %zuk read %s",
			 st->block / 1024, st->direct ? "uncached" : "cached");
	bench_report(b, label, &r);
	bench_printf(b, "[latbw-disk case=%s bytes=%llu block=%zu direct=%d "
		     "pages=%llu cached_before=%llu cached_after=%llu]", c->name,
		     (unsigned long long)st->size, st->block, st->direct,
		     (unsigned long long)st->pages,
		     (unsigned long long)st->resident_before,
		     (unsigned long long)st->resident_after);
	return 0;
}

static const struct bench_spec spec = {
	.prog = "bw_disk",
	.operands = "write|read|random [dir]",
	.cases = cases,
	.ncases = sizeof(cases) / sizeof(cases[0]),
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct disk_state),
	.parse = parse,
	.main = run_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

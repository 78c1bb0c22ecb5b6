/*
 * bw_mmap_rd - reading and summing a (cached) file through a mapping.
 *
 *	bw_mmap_rd size mmap_only|open2close [file]
 *
 * One operation sums every word of the first `size` bytes of the file
 * through a shared read-only mapping, with the same kernel as bw_file_rd
 * and the memory read of bw_mem (file_sum).  mmap_only maps the file once
 * and touches it once in setup, so the timed passes find the page tables
 * filled and read memory only; open2close includes open(2), mmap(2), the
 * page faults of a fresh mapping, munmap(2) and close(2) in each operation.
 *
 * As in bw_file_rd, every timed pass must reproduce the sum of the first,
 * untimed one; without `file`, a temporary file of `size` bytes is made.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bench.h"
#include "file.h"

struct mmap_rd_state {
	struct file_operand op;	/* the file and bytes per operation */
	uint64_t expect;	/* the sum of one pass */
	int fd;
	void *map;		/* mmap_only: the mapping */
};

static int check_sum(struct bench *b, uint64_t sum)
{
	struct mmap_rd_state *st = b->priv;

	if (sum != st->expect)
		return bench_error(b, "%s changed while it was read (its sum "
				   "differs from the first pass)", st->op.path);
	return 0;
}

static int setup(struct bench *b)
{
	struct mmap_rd_state *st = b->priv;
	uint64_t len;
	void *map;

	st->map = NULL;
	st->fd = file_open_operand(b, st->op.path, O_RDONLY, st->op.size, &len);
	if (st->fd < 0)
		return -1;
	map = mmap(NULL, (size_t)st->op.size, PROT_READ, MAP_SHARED, st->fd, 0);
	if (map == MAP_FAILED) {
		bench_error(b, "mmap %s: %s", st->op.path, strerror(errno));
		close(st->fd);
		st->fd = -1;
		return -1;
	}
	/* Untimed first pass: page cache and page tables filled, and the sum
	 * that the timed passes must reproduce. */
	st->expect = file_sum(map, (size_t)st->op.size);
	b->bytes = (double)st->op.size;
	if (b->bc->name[0] == 'm') {
		st->map = map;
		return 0;
	}
	munmap(map, (size_t)st->op.size);
	close(st->fd);
	st->fd = -1;
	return 0;
}

static void cleanup(struct bench *b)
{
	struct mmap_rd_state *st = b->priv;

	if (st->map != NULL)
		munmap(st->map, (size_t)st->op.size);
	st->map = NULL;
	if (st->fd >= 0)
		close(st->fd);
	st->fd = -1;
}

static int mmap_only_run(struct bench *b, uint64_t n)
{
	struct mmap_rd_state *st = b->priv;

	while (n-- > 0)
		if (check_sum(b, file_sum(st->map, (size_t)st->op.size)) != 0)
			return -1;
	return 0;
}

static int open2close_run(struct bench *b, uint64_t n)
{
	struct mmap_rd_state *st = b->priv;
	uint64_t sum;
	void *map;
	int fd;

	while (n-- > 0) {
		fd = open(st->op.path, O_RDONLY);
		if (fd < 0)
			return bench_error(b, "open %s: %s", st->op.path,
					   strerror(errno));
		map = mmap(NULL, (size_t)st->op.size, PROT_READ, MAP_SHARED, fd,
			   0);
		if (map == MAP_FAILED) {
			bench_error(b, "mmap %s: %s", st->op.path,
				    strerror(errno));
			close(fd);
			return -1;
		}
		sum = file_sum(map, (size_t)st->op.size);
		munmap(map, (size_t)st->op.size);
		close(fd);
		if (check_sum(b, sum) != 0)
			return -1;
	}
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "mmap_only", .label = "Mmap read bandwidth",
	  .unit = BENCH_MBPS, .setup = setup, .run = mmap_only_run,
	  .cleanup = cleanup },
	{ .name = "open2close", .label = "Mmap read open2close bandwidth",
	  .unit = BENCH_MBPS, .setup = setup, .run = open2close_run,
	  .cleanup = cleanup },
};

static int parse(struct bench *b)
{
	struct mmap_rd_state *st = b->priv;

	file_parse_operands(b, &st->op, "need a size and mmap_only or "
			    "open2close", 1, (uint64_t)SSIZE_MAX, "", O_RDONLY);
	return 0;
}

static int run_main(struct bench *b)
{
	struct mmap_rd_state *st = b->priv;

	return file_point_main(b, &st->op, 0);
}

static const struct bench_spec spec = {
	.prog = "bw_mmap_rd",
	.operands = "size mmap_only|open2close [file]",
	.cases = cases,
	.ncases = sizeof(cases) / sizeof(cases[0]),
	.priv_size = sizeof(struct mmap_rd_state),
	.case_not_first = 1,
	.parse = parse,
	.main = run_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

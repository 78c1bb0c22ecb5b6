/*
 * bw_file_rd - reading and summing a (cached) file.
 *
 *	bw_file_rd size io_only|open2close [file]
 *
 * One operation reads the first `size` bytes of the file with read(2) in
 * 64 KB transfers (lmbench's XFERSIZE) into one buffer and sums every
 * word of each transfer with the memory-read kernel (file_sum), so the
 * data is really brought into the processor, not only copied.  io_only
 * opens the file once and seeks back to the start; open2close includes
 * open(2) and close(2) in each operation.
 *
 * The file is meant to be in the page cache: setup reads it once, untimed,
 * which also gives the sum every timed pass must reproduce.  A mismatch
 * is an error, so the sum can be neither skipped by the compiler nor
 * wrong.  Without `file`, a temporary file of `size` bytes is made.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "io.h"
#include "file.h"

#define XFER (64 * 1024)

struct file_rd_state {
	struct file_operand op;	/* the file and bytes per operation */
	uint64_t expect;	/* the sum of one pass */
	int fd;			/* io_only */
	unsigned char *buf;	/* XFER bytes, word aligned */
};

/* Read and sum `size` bytes of fd from where it stands: 0 or -1. */
static int read_sum(struct bench *b, int fd, uint64_t *sum)
{
	struct file_rd_state *st = b->priv;
	uint64_t left = st->op.size, s = 0;

	while (left > 0) {
		size_t want = left < XFER ? (size_t)left : XFER;
		ssize_t got = io_readn(fd, st->buf, want);

		if (got < 0)
			return bench_error(b, "read %s: %s", st->op.path,
					   strerror(errno));
		if (got < (ssize_t)want)
			return bench_error(b, "%s ended %llu bytes early",
					   st->op.path, (unsigned long long)
					   (left - (uint64_t)got));
		s += file_sum(st->buf, want);
		left -= want;
	}
	*sum = s;
	return 0;
}

static int check_sum(struct bench *b, uint64_t sum)
{
	struct file_rd_state *st = b->priv;

	if (sum != st->expect)
		return bench_error(b, "%s changed while it was read (its sum "
				   "differs from the first pass)", st->op.path);
	return 0;
}

static void cleanup(struct bench *b)
{
	struct file_rd_state *st = b->priv;

	if (st->fd >= 0)
		close(st->fd);
	st->fd = -1;
	free(st->buf);
	st->buf = NULL;
}

static int setup(struct bench *b)
{
	struct file_rd_state *st = b->priv;
	uint64_t len;

	st->fd = -1;
	/* Page aligned, as copy_to_user is slower into a misaligned buffer. */
	st->buf = aligned_alloc(4096, XFER);
	if (st->buf == NULL)
		return bench_error(b, "out of memory");
	st->fd = file_open_operand(b, st->op.path, O_RDONLY, st->op.size,
				   &len);
	/* Untimed first pass: the file into the page cache, and its sum. */
	if (st->fd < 0 || read_sum(b, st->fd, &st->expect) != 0) {
		cleanup(b);
		return -1;
	}
	b->bytes = (double)st->op.size;
	/* open2close opens the file itself in every operation. */
	if (b->bc->name[0] != 'i') {
		close(st->fd);
		st->fd = -1;
	}
	return 0;
}

static int io_only_run(struct bench *b, uint64_t n)
{
	struct file_rd_state *st = b->priv;
	uint64_t sum;

	while (n-- > 0) {
		if (lseek(st->fd, 0, SEEK_SET) != 0)
			return bench_error(b, "lseek: %s", strerror(errno));
		if (read_sum(b, st->fd, &sum) != 0 || check_sum(b, sum) != 0)
			return -1;
	}
	return 0;
}

static int open2close_run(struct bench *b, uint64_t n)
{
	struct file_rd_state *st = b->priv;
	uint64_t sum;
	int fd, rc;

	while (n-- > 0) {
		fd = open(st->op.path, O_RDONLY);
		if (fd < 0)
			return bench_error(b, "open %s: %s", st->op.path,
					   strerror(errno));
		rc = read_sum(b, fd, &sum);
		close(fd);
		if (rc != 0 || check_sum(b, sum) != 0)
			return -1;
	}
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "io_only", .label = "read bandwidth", .unit = BENCH_MBPS,
	  .setup = setup, .run = io_only_run, .cleanup = cleanup },
	{ .name = "open2close", .label = "read open2close bandwidth",
	  .unit = BENCH_MBPS, .setup = setup, .run = open2close_run,
	  .cleanup = cleanup },
};

static int parse(struct bench *b)
{
	struct file_rd_state *st = b->priv;

	file_parse_operands(b, &st->op, "need a size and io_only or open2close",
			    1, (uint64_t)SSIZE_MAX, "", O_RDONLY);
	return 0;
}

static int run_main(struct bench *b)
{
	struct file_rd_state *st = b->priv;

	return file_point_main(b, &st->op, 0);
}

static const struct bench_spec spec = {
	.prog = "bw_file_rd",
	.operands = "size io_only|open2close [file]",
	.cases = cases,
	.ncases = sizeof(cases) / sizeof(cases[0]),
	.priv_size = sizeof(struct file_rd_state),
	.case_not_first = 1,
	.parse = parse,
	.main = run_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

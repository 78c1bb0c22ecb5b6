/*
 * lat_mmap - the cost of making and breaking a file mapping.
 *
 *	lat_mmap [-a] size [file]
 *
 * One operation maps the first `size` bytes of the file shared and
 * read-write, writes one byte every 16 KB of the first tenth of the
 * mapping (lmbench's pattern: a sparse touch, so both the mapping and a
 * few page-table entries are made and torn down), and unmaps it.  With -a
 * one byte of every page of the whole mapping is written instead.
 *
 * The bytes written are the ones the file already holds (read in setup),
 * so the file's contents never change; the pages are still dirtied, as a
 * write fault does.  Without `file`, a temporary file of `size` bytes is
 * made (its data is written, so no block is allocated by the faults).
 *
 * -G (the scaling curve) times the same operation with 1, 2, ... copies,
 * each mapping the one file; under -T (threads) into one address space.
 */
#if defined(__linux__)
#define _GNU_SOURCE	/* MAP_ANONYMOUS (as mem.c), MAP_FIXED_NOREPLACE */
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bench.h"
#include "file.h"

#define TOUCH_STRIDE (16 * 1024)	/* lmbench's PSIZE */
#define TOUCH_PART 10			/* the first size/10 bytes */
/*
 * Where every mapping starts: on a 2 MB boundary (a page table's span on
 * x86-64 and on arm64 with 4 KB pages), as Linux places file mappings of
 * 2 MB and more.  Left to the kernel, a smaller mapping lands at a random
 * page (address-space randomisation) and crosses that boundary in about
 * half of the runs: on Linux 6.18 (ext4, large folios) a 1 MB mapping
 * then cost about 100 us instead of 30, every operation of the run alike.
 */
#define MAP_ALIGN ((size_t)2 * 1024 * 1024)

struct mmap_state {
	struct file_operand op;	/* the file and the size of the mapping */
	int fd;
	size_t ntouch;		/* bytes written per operation */
	size_t stride;
	unsigned char *old;	/* the file's byte at each touched offset */
	char *slot;		/* where each mapping goes (MAP_ALIGN) */
	char *resv;		/* the reserved range around it, or NULL */
	size_t resv_len;
};

/* The slot's length: the mapping's, in whole pages. */
static size_t slot_len(const struct mmap_state *st)
{
	size_t page = file_page_size();

	return ((size_t)st->op.size + page - 1) / page * page;
}

/*
 * Reserve an inaccessible range with an aligned slot of the mapping's
 * size inside and free only the slot: nothing else the process maps
 * lands beside or in it by chance (the range around it stays reserved).
 */
static int reserve_slot(struct bench *b, struct mmap_state *st)
{
	size_t len = slot_len(st), head;
	uintptr_t start;

	st->resv_len = len + 2 * MAP_ALIGN;
	st->resv = mmap(NULL, st->resv_len, PROT_NONE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (st->resv == MAP_FAILED) {
		st->resv = NULL;
		return bench_error(b, "mmap %zu bytes of address space: %s",
				   st->resv_len, strerror(errno));
	}
	start = ((uintptr_t)st->resv + MAP_ALIGN) & ~(uintptr_t)(MAP_ALIGN - 1);
	head = (size_t)(start - (uintptr_t)st->resv);
	st->slot = st->resv + head;
	if (munmap(st->slot, len) != 0) {
		munmap(st->resv, st->resv_len);
		st->resv = NULL;
		return bench_error(b, "munmap: %s", strerror(errno));
	}
	return 0;
}

/* Give back the reserved range around the slot. */
static void release_slot(struct mmap_state *st)
{
	size_t len = slot_len(st);
	size_t head = (size_t)(st->slot - st->resv);

	if (st->resv == NULL)
		return;
	munmap(st->resv, head);
	munmap(st->slot + len, st->resv_len - head - len);
	st->resv = NULL;
}

static int setup(struct bench *b)
{
	struct mmap_state *st = b->priv;
	uint64_t len;
	size_t i, span;

	st->old = NULL;
	st->resv = NULL;
	st->fd = file_open_operand(b, st->op.path, O_RDWR, st->op.size, &len);
	if (st->fd < 0)
		return -1;
	if (bench_opt_isset(b, 'a')) {
		st->stride = file_page_size();
		span = (size_t)st->op.size;
	} else {
		st->stride = TOUCH_STRIDE;
		span = (size_t)(st->op.size / TOUCH_PART);
	}
	/* At least the first byte: a mapping is always touched. */
	st->ntouch = span == 0 ? 1 : (span + st->stride - 1) / st->stride;
	st->old = malloc(st->ntouch);
	if (st->old == NULL) {
		close(st->fd);
		return bench_error(b, "out of memory");
	}
	for (i = 0; i < st->ntouch; i++) {
		ssize_t got = pread(st->fd, &st->old[i], 1,
				    (off_t)(i * st->stride));

		if (got != 1) {
			bench_error(b, "read %s: %s", st->op.path,
				    got < 0 ? strerror(errno) : "short file");
			free(st->old);
			close(st->fd);
			return -1;
		}
	}
	if (reserve_slot(b, st) != 0) {
		free(st->old);
		close(st->fd);
		return -1;
	}
	return 0;
}

static void cleanup(struct bench *b)
{
	struct mmap_state *st = b->priv;

	release_slot(st);
	free(st->old);
	st->old = NULL;
	close(st->fd);
}

/*
 * The mapping, in the slot: MAP_FIXED_NOREPLACE where there is one
 * (Linux), so that a slot taken meanwhile is an error and not a mapping
 * elsewhere; else the slot as a hint, and a mapping elsewhere an error.
 */
static void *map_slot(const struct mmap_state *st)
{
#ifdef MAP_FIXED_NOREPLACE
	int flags = MAP_SHARED | MAP_FIXED_NOREPLACE;
#else
	int flags = MAP_SHARED;
#endif
	void *p = mmap(st->slot, (size_t)st->op.size, PROT_READ | PROT_WRITE,
		       flags, st->fd, 0);

	if (p != MAP_FAILED && p != (void *)st->slot) {
		munmap(p, (size_t)st->op.size);
		errno = EEXIST;
		return MAP_FAILED;
	}
	return p;
}

static int map_run(struct bench *b, uint64_t n)
{
	struct mmap_state *st = b->priv;
	volatile unsigned char *p;
	size_t i;

	while (n-- > 0) {
		p = map_slot(st);
		if (p == MAP_FAILED)
			return bench_error(b, "mmap %s: %s", st->op.path,
					   strerror(errno));
		for (i = 0; i < st->ntouch; i++)
			p[i * st->stride] = st->old[i];
		if (munmap((void *)p, (size_t)st->op.size) != 0)
			return bench_error(b, "munmap: %s", strerror(errno));
	}
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "mmap", .label = "mappings", .setup = setup, .run = map_run,
	  .cleanup = cleanup, .flags = BENCH_THREADS },
};

static const struct bench_opt opts[] = {
	{ .flag = 'a', .type = BENCH_OPT_FLAG,
	  .help = "write one byte in every page of the whole mapping" },
};

static int parse(struct bench *b)
{
	struct mmap_state *st = b->priv;

	file_parse_operands(b, &st->op, "need a size", file_page_size(),
			    (uint64_t)SIZE_MAX / 2, " (at least one page)",
			    O_RDWR);
	return 0;
}

static int run_main(struct bench *b)
{
	struct mmap_state *st = b->priv;

	/* lmbench prints the size in MB with six decimals here. */
	return file_point_main(b, &st->op, 1);
}

static const struct bench_spec spec = {
	.prog = "lat_mmap",
	.operands = "size [file]",
	.cases = cases,
	.ncases = 1,
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct mmap_state),
	.parse = parse,
	.main = run_main,
	.main_sweeps = 1,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

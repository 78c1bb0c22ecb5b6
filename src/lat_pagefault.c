/*
 * lat_pagefault - the cost per page of faulting a cached file into a
 * fresh mapping.
 *
 *	lat_pagefault [-s size] [file]
 *
 * The file is cached afresh first, in single pages (file_recache, which
 * says why), so its pages are in the page cache: the faults measured are
 * minor faults (page-table work, no disk I/O).  Between passes the page
 * cache is kept; what is empty is the page table: each pass maps the
 * file afresh (shared, read-only), reads one word of every page in a
 * random order, and unmaps it.  The cost of a pass without the reads
 * (munmap and mmap alone) is measured too and subtracted, and the
 * difference is divided by the number of pages.
 *
 * Linux maps up to fault_around_bytes (64 KB by default) of cached
 * neighbours on each read fault, so fewer faults than pages are taken;
 * the figure is per page, as lmbench's is, and the number of faults one
 * pass really takes (from getrusage) is printed on a line of our own.
 *
 * Without `file`, a temporary file of -s bytes (64 MB by default) is used.
 *
 * -G (the scaling curve) times the fault case alone, nothing subtracted:
 * pages per second of all the copies, each with its own mapping of the
 * one file; under -T (threads) they map it into one address space.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "bench.h"
#include "file.h"

struct pagefault_state {
	char path[PATH_MAX];
	uint64_t size;		/* whole pages of the file */
	size_t npages;
	size_t *order;		/* byte offsets of the pages, shuffled */
	int fd;
	volatile char *map;
	uint64_t sum;		/* what the reads saw, kept observable */
};

static uint64_t xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static int remap(struct bench *b)
{
	struct pagefault_state *st = b->priv;
	void *p;

	if (munmap((void *)st->map, (size_t)st->size) != 0) {
		st->map = NULL;
		return bench_error(b, "munmap: %s", strerror(errno));
	}
	p = mmap(NULL, (size_t)st->size, PROT_READ, MAP_SHARED, st->fd, 0);
	if (p == MAP_FAILED) {
		st->map = NULL;
		return bench_error(b, "mmap %s: %s", st->path, strerror(errno));
	}
	st->map = p;
	return 0;
}

/* One pass: a read of every page in the shuffled order. */
static void touch_all(struct pagefault_state *st)
{
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < st->npages; i++)
		sum += (unsigned char)st->map[st->order[i]];
	st->sum += sum;
}

static int setup(struct bench *b)
{
	struct pagefault_state *st = b->priv;
	size_t page = file_page_size(), i;
	uint64_t seed = UINT64_C(0x2545f4914f6cdd1d), len;
	void *p;

	st->fd = file_open_operand(b, st->path, O_RDONLY, page, &len);
	if (st->fd < 0)
		return -1;
	st->size = len - len % page;
	st->npages = (size_t)(st->size / page);
	st->order = malloc(st->npages * sizeof(*st->order));
	if (st->order == NULL) {
		close(st->fd);
		return bench_error(b, "out of memory");
	}
	for (i = 0; i < st->npages; i++)
		st->order[i] = i * page;
	for (i = st->npages - 1; i > 0; i--) {
		size_t j = (size_t)(xorshift(&seed) % (i + 1)), t;

		t = st->order[i];
		st->order[i] = st->order[j];
		st->order[j] = t;
	}
	p = mmap(NULL, (size_t)st->size, PROT_READ, MAP_SHARED, st->fd, 0);
	if (p == MAP_FAILED) {
		bench_error(b, "mmap %s: %s", st->path, strerror(errno));
		free(st->order);
		close(st->fd);
		return -1;
	}
	st->map = p;
	b->ops_per_iter = (double)st->npages;
	return 0;
}

static void cleanup(struct bench *b)
{
	struct pagefault_state *st = b->priv;

	if (st->map != NULL)
		munmap((void *)st->map, (size_t)st->size);
	st->map = NULL;
	free(st->order);
	st->order = NULL;
	close(st->fd);
}

/* The baseline: a fresh mapping, never touched. */
static int mapping_run(struct bench *b, uint64_t n)
{
	while (n-- > 0)
		if (remap(b) != 0)
			return -1;
	return 0;
}

static int fault_run(struct bench *b, uint64_t n)
{
	struct pagefault_state *st = b->priv;

	while (n-- > 0) {
		touch_all(st);
		if (remap(b) != 0)
			return -1;
	}
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "mapping", .label = "mapping", .setup = setup,
	  .run = mapping_run, .cleanup = cleanup, .flags = BENCH_THREADS },
	{ .name = "fault", .label = "Pagefaults", .setup = setup,
	  .run = fault_run, .cleanup = cleanup, .flags = BENCH_THREADS },
};

static const struct bench_opt opts[] = {
	{ .flag = 's', .type = BENCH_OPT_SIZE, .arg = "bytes",
	  .help = "size of the temporary file used without a file operand "
		  "(default 64m)",
	  .def = 64 << 20, .min = 4096, .max = (long long)1 << 40 },
};

static int parse(struct bench *b)
{
	struct pagefault_state *st = b->priv;

	if (b->argc > 1)
		bench_usage_error(b, "unexpected argument '%s'", b->argv[1]);
	if (b->argc == 1) {
		if (bench_opt_isset(b, 's'))
			bench_usage_error(b, "-s is for the temporary file: "
					  "give a file or -s, not both");
		if (strlen(b->argv[0]) >= sizeof(st->path))
			bench_usage_error(b, "file name too long");
		file_check_operand(b, b->argv[0], O_RDONLY, file_page_size());
		strcpy(st->path, b->argv[0]);
	} else {
		/* The temporary file must stay in the page cache. */
		file_check_room(b, NULL, (uint64_t)bench_opt_num(b, 's'), 1);
	}
	return 0;
}

/*
 * Untimed: cache every page afresh (file_recache), check with mincore
 * that it stayed there (caching it again when not), and count the faults
 * one pass takes.  Returns 0 or -1.
 */
static int survey(struct bench *b, uint64_t *faults, uint64_t *resident,
		  uint64_t *pages)
{
	struct pagefault_state *st = b->priv;
	struct rusage r0, r1;
	int rc = -1, tries;

	if (setup(b) != 0)
		return -1;
	/* In single pages, as file_recache says why; a page the kernel
	 * dropped meanwhile is read again (three tries at most): 20 of 16384
	 * pages of a file just written were missing once, under emulation. */
	for (tries = 0; tries < 3; tries++) {
		if (file_recache(b, st->path, st->size) != 0 ||
		    file_resident(b, st->fd, st->size, resident, pages) != 0)
			goto out;
		if (*resident >= *pages)
			break;
	}
	if (getrusage(RUSAGE_SELF, &r0) != 0)
		goto out;
	touch_all(st);
	if (getrusage(RUSAGE_SELF, &r1) != 0)
		goto out;
	*faults = (uint64_t)(r1.ru_minflt - r0.ru_minflt) +
		  (uint64_t)(r1.ru_majflt - r0.ru_majflt);
	rc = 0;
out:
	cleanup(b);
	return rc;
}

static int run_main(struct bench *b)
{
	struct pagefault_state *st = b->priv;
	struct bench_result rm, rf, d;
	uint64_t faults = 0, resident = 0, pages = 0;
	char label[PATH_MAX + 32];
	int fd, rc;

	if (st->path[0] == '\0') {
		/* Made here, before -P forks its copies, which share it. */
		fd = file_make(b, NULL, "lat_pagefault",
			       (uint64_t)bench_opt_num(b, 's'), st->path,
			       sizeof(st->path));
		if (fd < 0)
			return -1;
		close(fd);
	}
	if (survey(b, &faults, &resident, &pages) != 0)
		return -1;
	if (resident < pages)
		return bench_error(b, "only %llu of the %llu pages of %s stay "
				   "in the page cache: the faults would not "
				   "be minor ones", (unsigned long long)resident,
				   (unsigned long long)pages, st->path);
	/*
	 * -G: the curve of the fault case, a page of a pass its operation
	 * (its read fault and its share of the munmap and mmap: under -T
	 * the copies share one address space and its lock).
	 */
	if (bench_sweeping(b))
		return bench_sweep(b, &cases[1]);
	rc = bench_measure(b, &cases[0], &rm);
	if (rc == 0)
		rc = bench_measure(b, &cases[1], &rf);
	if (rc != 0)
		return rc;
	/* Per page: a pass with the reads, less one without them. */
	d = rf;
	bench_subtract(&d, rm.median);
	if (!(d.median > 0.0))
		return bench_error(b, "the faults cost less than the clock can "
				   "tell apart from mmap and munmap");
	snprintf(label, sizeof(label), "Pagefaults on %s", st->path);
	bench_report(b, label, &d);
	bench_printf(b, "[latbw-pagefault pages=%zu faults_per_pass=%llu "
		     "resident=%llu unmap_map_us=%.2f]", st->npages,
		     (unsigned long long)faults, (unsigned long long)resident,
		     rm.median * (double)st->npages / 1000.0);
	return 0;
}

static const struct bench_spec spec = {
	.prog = "lat_pagefault",
	.operands = "[file]",
	.cases = cases,
	.ncases = sizeof(cases) / sizeof(cases[0]),
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct pagefault_state),
	.case_not_first = 1,
	.parse = parse,
	.main = run_main,
	.main_sweeps = 1,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

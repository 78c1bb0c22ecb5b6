/*
 * lat_mem_rd - memory load latency over array sizes, by pointer chasing.
 *
 *	lat_mem_rd [-t] [-o stride|page|random] [-H small|thp|hugetlb]
 *		   size_MB [stride...]
 *
 * For each stride, and each array size from 512 bytes up to size_MB
 * (lmbench's steps), the elements `stride` bytes apart are linked into one
 * cycle and followed: every load needs the address the previous one
 * returned, so the time per load is the load-to-use latency of wherever
 * the array lives.  The order decides what the prefetchers can do:
 * "stride" (lmbench's, and the default) walks up through the array, which
 * today's prefetchers follow, so large arrays look much faster than
 * memory; "page" shuffles the elements within each page and walks the
 * pages in order (no prefetching, few TLB misses); "random" (-t) is one
 * random cycle over the whole array (a TLB miss on almost every load once
 * the array outgrows the TLB's reach).  -H picks the pages: huge pages
 * take the TLB out of the picture, leaving the caches alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "mem.h"

#define MB_BYTES (1024.0 * 1024.0)	/* lmbench's MB for this program */
#define SMALLEST ((size_t)512)
#define DEFAULT_STRIDE ((size_t)128)
#define PROBE ((size_t)2 << 20)	/* -P: is this kind of page available? */

struct mem_rd_state {
	struct mem_buf buf;
	size_t max;			/* the largest array: size_MB */
	size_t size;			/* the array being measured */
	size_t stride;
	enum mem_order order;
	enum mem_pages pages;
	void **cur;			/* where the chase stands */
};

/*
 * lmbench's array sizes: doubling to 1 KB, then 1 KB steps to 4 KB, then
 * eight steps per doubling (2 KB steps from 4 KB to 32 KB, 4 KB to 64 KB,
 * and so on), so every cache size of the form 2^k or 1.5 * 2^k is a point.
 */
static size_t next_size(size_t k)
{
	size_t s;

	if (k < 1024)
		return k * 2;
	if (k < 4096)
		return k + 1024;
	for (s = 32768; s <= k; s *= 2)
		;
	return k + s / 16;
}

/* Untimed: the chain for this size (and, once, the memory under it). */
static int chase_setup(struct bench *b)
{
	struct mem_rd_state *st = b->priv;
	uint64_t seed = UINT64_C(0x6c61746d656d7264) ^ st->size ^ b->copy;
	int rc;

	if (st->buf.map == NULL) {
		/* One process maps the largest array once, before the sweep;
		 * a -P copy is a process of its own and maps what it needs. */
		rc = mem_alloc(b, &st->buf, st->size, st->pages);
		if (rc != 0)
			return rc;
	}
	st->cur = mem_chain(&st->buf, st->size, st->stride, st->order, &seed);
	if (st->cur == NULL)
		return bench_error(b, "cannot build a chain of %zu bytes "
				   "(stride %zu)", st->size, st->stride);
	b->ops_per_iter = MEM_CHASE_UNROLL;
	return 0;
}

static int chase_run(struct bench *b, uint64_t n)
{
	struct mem_rd_state *st = b->priv;

	st->cur = mem_chase(st->cur, n);
	return 0;
}

static const struct bench_case chase_case = {
	.name = "chase", .label = "Memory load latency", .unit = BENCH_NSEC,
	.setup = chase_setup, .run = chase_run,
};

/* The size operand: megabytes (MB = 2^20 bytes), fractions allowed. */
static int parse_mb(const char *s, size_t *bytes)
{
	double mb;

	if (bench_parse_decimal(s, &mb) != 0 || !(mb > 0.0) ||
	    mb * MB_BYTES > 1e15)
		return -1;
	*bytes = (size_t)(mb * MB_BYTES);
	return 0;
}

static int check_operands(struct bench *b)
{
	struct mem_rd_state *st = b->priv;
	const char *o = bench_opt_str(b, 'o'), *h = bench_opt_str(b, 'H');
	uint64_t stride;
	int i;

	if (b->argc < 1)
		bench_usage_error(b, "which size (in MB)?");
	if (parse_mb(b->argv[0], &st->max) != 0 || st->max < SMALLEST)
		bench_usage_error(b, "size must be a number of megabytes of at "
				  "least %zu bytes, not '%s'", SMALLEST,
				  b->argv[0]);
	st->order = bench_opt_isset(b, 't') ? MEM_ORDER_RANDOM
					     : MEM_ORDER_STRIDE;
	if (o != NULL && (mem_parse_order(o, &st->order) != 0 ||
			  (bench_opt_isset(b, 't') &&
			   st->order != MEM_ORDER_RANDOM)))
		bench_usage_error(b, "-o wants stride, page or random (-t "
				  "means random), not '%s'", o);
	if (h != NULL && mem_parse_pages(h, &st->pages) != 0)
		bench_usage_error(b, "-H wants small, thp or hugetlb, not '%s'",
				  h);
	for (i = 1; i < b->argc; i++)
		if (bench_parse_uint(b->argv[i], &stride) != 0 ||
		    stride < sizeof(void *) || stride % sizeof(void *) != 0 ||
		    stride > st->max)
			bench_usage_error(b, "a stride is a multiple of %zu "
					  "bytes up to the size, not '%s'",
					  sizeof(void *), b->argv[i]);
	return 0;
}

/* One series: every size at this stride. */
static int sweep(struct bench *b, size_t stride)
{
	struct mem_rd_state *st = b->priv;
	struct bench_result r;
	char title[128], x[32];
	int len, rc;

	st->stride = stride;
	len = snprintf(title, sizeof(title), "\"stride=%zu", stride);
	/* lmbench's readers know "stride=N"; say what else differs. */
	if (st->order != MEM_ORDER_STRIDE && !bench_opt_isset(b, 't'))
		len += snprintf(title + len, sizeof(title) - (size_t)len,
				" order=%s", mem_order_name(st->order));
	if (st->pages != MEM_PAGES_SMALL)
		snprintf(title + len, sizeof(title) - (size_t)len, " pages=%s",
			 mem_pages_name(st->pages));
	bench_printf(b, "%s", title);
	for (st->size = SMALLEST; st->size <= st->max;
	     st->size = next_size(st->size)) {
		if (st->size < stride)
			continue;
		rc = bench_measure(b, &chase_case, &r);
		if (rc != 0)
			return rc;
		snprintf(x, sizeof(x), "%.5f", (double)st->size / MB_BYTES);
		bench_report_point(b, x, bench_value(&r), 3, &r);
	}
	bench_printf(b, "%s", "");
	return 0;
}

static int mem_rd_main(struct bench *b)
{
	struct mem_rd_state *st = b->priv;
	uint64_t stride;
	int i, rc = 0;

	/*
	 * Map the memory before the first title, so that pages that are not
	 * available here leave no title without points.  -P copies map their
	 * own: a small probe checks the kind of page.
	 */
	rc = mem_alloc(b, &st->buf, b->copies > 1 && st->max > PROBE ? PROBE
								  : st->max,
		       st->pages);
	if (rc != 0)
		return rc;
	if (b->copies > 1)
		mem_free(&st->buf);
	bench_printf(b, "%s", bench_opt_isset(b, 't') ? "Random load latency"
						    : "Memory load latency");
	if (b->argc < 2)
		rc = sweep(b, DEFAULT_STRIDE);
	for (i = 1; i < b->argc && rc == 0; i++) {
		bench_parse_uint(b->argv[i], &stride);
		rc = sweep(b, (size_t)stride);
	}
	mem_free(&st->buf);
	return rc;
}

static const struct bench_opt opts[] = {
	{ .flag = 't', .type = BENCH_OPT_FLAG,
	  .help = "random order (lmbench's -t): \"Random load latency\"" },
	{ .flag = 'o', .type = BENCH_OPT_STRING, .arg = "order",
	  .help = "stride (default), page (shuffled within each page) or "
		  "random" },
	{ .flag = 'H', .type = BENCH_OPT_STRING, .arg = "pages",
	  .help = "small (default), thp (transparent huge pages) or hugetlb" },
};

static const struct bench_spec spec = {
	.prog = "lat_mem_rd",
	.operands = "size_MB [stride...]",
	.cases = &chase_case,
	.ncases = 1,
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct mem_rd_state),
	.parse = check_operands,
	.main = mem_rd_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

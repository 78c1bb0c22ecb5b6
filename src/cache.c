/*
 * cache - the size and load latency of every cache level, found from a
 * latency curve (never read from the system's own description).
 *
 *	cache [-M size] [-H small|thp|hugetlb] [-v]
 *
 * The curve: one random pointer cycle over arrays from 4 KiB to -M bytes
 * (eight sizes per doubling), so no prefetcher helps and every load waits
 * for the level that holds the array.  Huge pages are used when the system
 * gives them, so the curve shows caches and not TLB misses.  The curve is
 * measured twice and each size keeps its lower figure: other work on the
 * machine only ever adds time.
 *
 * The levels are the curve's plateaus, and a level's size is where one of
 * the shapes a cache's step takes (sharp, a part kept, sets filled at
 * random: levels.c; an L1's only the first two) fits the curve best.
 * Eight points per doubling place it within 9%; so the sweep then goes
 * back to every step, measures the points near it again, then sizes four
 * times closer together around it (2%), and the levels are found again
 * on the whole curve.  The size is reported on the grid of
 * m 2^k / 8 bytes (48K, 1.25M, 2M, 36M, 260M's 256M); the estimate itself
 * is on a line of our own.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "levels.h"
#include "mem.h"

#define SMALLEST ((size_t)4096)
#define STRIDE ((size_t)32)	/* below any line size: the array fills it */
#define MAX_POINTS 512
#define MAX_LEVELS 8
#define PASSES 2

struct cache_state {
	struct mem_buf buf;
	size_t size;
	void **cur;
	enum mem_pages pages;
};

struct curve {
	size_t n;
	double size[MAX_POINTS];
	double ns[MAX_POINTS];
};

static int chase_setup(struct bench *b)
{
	struct cache_state *st = b->priv;
	uint64_t seed = UINT64_C(0x63616368652d6c76) ^ st->size ^ b->copy;

	st->cur = mem_chain(&st->buf, st->size, STRIDE, MEM_ORDER_RANDOM,
			    &seed);
	if (st->cur == NULL)
		return bench_error(b, "cannot build a chain of %zu bytes",
				   st->size);
	b->ops_per_iter = MEM_CHASE_UNROLL;
	return 0;
}

static int chase_run(struct bench *b, uint64_t n)
{
	struct cache_state *st = b->priv;

	st->cur = mem_chase(st->cur, n);
	return 0;
}

static const struct bench_case chase_case = {
	.name = "chase", .label = "cache", .unit = BENCH_NSEC,
	.flags = BENCH_NO_PARALLEL,
	.setup = chase_setup, .run = chase_run,
};

static size_t next_size(size_t k)
{
	size_t s;

	for (s = 8192; s <= k; s *= 2)
		;
	return k + s / 16;
}

/* Array sizes are multiples of this (a multiple of STRIDE). */
#define ALIGN 512.0

/* Measure the chase over st->size bytes: the fastest of PASSES figures. */
static int measure_point(struct bench *b, double *ns)
{
	struct bench_result r;
	int p, rc;

	for (p = 0; p < PASSES; p++) {
		rc = bench_measure(b, &chase_case, &r);
		if (rc != 0)
			return rc;
		if (p == 0 || r.min < *ns)
			*ns = r.min;
	}
	return 0;
}

/* Insert the point (size, ns) into the raw curve, in size order. */
static void insert_point(struct curve *raw, double size, double ns)
{
	size_t i = raw->n;

	while (i > 0 && raw->size[i - 1] > size) {
		raw->size[i] = raw->size[i - 1];
		raw->ns[i] = raw->ns[i - 1];
		i--;
	}
	raw->size[i] = size;
	raw->ns[i] = ns;
	raw->n++;
}

/* The smoothed curve c of the raw one (levels_smooth). */
static void smooth(const struct curve *raw, struct curve *c)
{
	c->n = raw->n;
	memcpy(c->size, raw->size, raw->n * sizeof(raw->size[0]));
	levels_smooth(raw->ns, c->ns, raw->n);
}

/*
 * Points this close (in ratio) to a level's first estimate are measured
 * again before the closer ones are added: the fit places the step from
 * them, and a point that another process slowed in both passes moves it
 * by a point (median smoothing next to a step takes the slower side).
 * Other work only ever adds time, so each keeps its lower figure.
 */
#define AGAIN 1.2

/* Around each level's size: the points there again, then the sizes
 * levels_refine asks for, measured. */
static int refine(struct bench *b, struct curve *raw,
		  const struct cache_level *lv, size_t n, size_t max)
{
	struct cache_state *st = b->priv;
	double more[MAX_POINTS], ns = 0.0;
	size_t i, j, k;
	int rc;

	for (j = 0; j < n; j++) {
		if (!(lv[j].bytes > 0.0))
			continue;
		for (i = 0; i < raw->n; i++) {
			if (raw->size[i] <= lv[j].lo / AGAIN ||
			    raw->size[i] >= lv[j].hi * AGAIN)
				continue;
			st->size = (size_t)raw->size[i];
			if ((rc = measure_point(b, &ns)) != 0)
				return rc;
			if (ns < raw->ns[i])
				raw->ns[i] = ns;
		}
	}
	k = levels_refine(lv, n, raw->size, raw->n, ALIGN, more,
			  MAX_POINTS - raw->n);
	for (i = 0; i < k; i++) {
		if (more[i] > (double)max)
			continue;
		st->size = (size_t)more[i];
		if ((rc = measure_point(b, &ns)) != 0)
			return rc;
		insert_point(raw, more[i], ns);
	}
	return 0;
}

static int cache_main(struct bench *b)
{
	struct cache_state *st = b->priv;
	struct curve *c, *raw;
	struct cache_level lv[MAX_LEVELS];
	struct bench_result r;
	size_t max = (size_t)bench_opt_num(b, 'M'), i, n, p;
	const char *h = bench_opt_str(b, 'H');
	int rc;

	c = calloc(2, sizeof(*c));
	if (c == NULL)
		return bench_error(b, "out of memory");
	raw = c + 1;
	st->pages = MEM_PAGES_THP;
	if (h != NULL && mem_parse_pages(h, &st->pages) != 0)
		bench_usage_error(b, "-H wants small, thp or hugetlb, not '%s'",
				  h);
	rc = mem_alloc(b, &st->buf, max, st->pages);
	if (rc == BENCH_SKIPPED && h == NULL) {
		/* No huge pages here: small ones, and TLB misses in the
		 * curve; say so, since it blurs the larger levels. */
		(void)bench_error(b, "using small pages instead");
		st->pages = MEM_PAGES_SMALL;
		rc = mem_alloc(b, &st->buf, max, st->pages);
	}
	if (rc != 0) {
		free(c);
		return rc;
	}
	for (p = 0; p < PASSES && rc == 0; p++) {
		n = 0;
		for (st->size = SMALLEST; st->size <= max && n < MAX_POINTS;
		     st->size = next_size(st->size), n++) {
			rc = bench_measure(b, &chase_case, &r);
			if (rc != 0)
				break;
			if (p == 0 || r.min < raw->ns[n])
				raw->ns[n] = r.min;
			raw->size[n] = (double)st->size;
		}
		raw->n = n;
	}
	if (rc == 0) {
		smooth(raw, c);
		n = levels_find(c->size, c->ns, c->n, lv, MAX_LEVELS);
		rc = refine(b, raw, lv, n, max);
	}
	mem_free(&st->buf);
	if (rc != 0) {
		free(c);
		return rc;
	}
	smooth(raw, c);
	for (i = 0; i < c->n; i++)
		if (bench_opt_isset(b, 'v'))
			bench_printf(b, "[cache-curve bytes=%.0f ns=%.3f "
				     "raw=%.3f]", c->size[i], c->ns[i],
				     raw->ns[i]);
	n = levels_find(c->size, c->ns, c->n, lv, MAX_LEVELS);
	if (n < 2) {
		free(c);
		return bench_error(b, "found no cache level in the curve "
				   "(try a larger -M)");
	}
	for (i = 0; i + 1 < n; i++) {
		if (lv[i].bytes <= 0.0)
			break;
		bench_printf(b, "[cache-level %zu estimate=%.0f plateau=%.0f-"
			     "%.0f]", i + 1, lv[i].bytes,
			     c->size[lv[i].first], c->size[lv[i].last]);
		bench_printf(b, "L%zu cache: %.0f bytes %.2f nanoseconds",
			     i + 1, levels_round(lv[i].bytes), lv[i].ns);
	}
	bench_printf(b, "Memory latency: %.2f nanoseconds", lv[n - 1].ns);
	bench_printf(b, "[cache pages=%s largest=%zu]",
		     mem_pages_name(st->pages), max);
	free(c);
	return 0;
}

static const struct bench_opt opts[] = {
	{ .flag = 'M', .type = BENCH_OPT_SIZE, .arg = "size",
	  .help = "largest array (default 256m; well past the last cache)",
	  .def = 256LL << 20, .min = 1LL << 20 },
	{ .flag = 'H', .type = BENCH_OPT_STRING, .arg = "pages",
	  .help = "thp (default when available), small or hugetlb" },
	{ .flag = 'v', .type = BENCH_OPT_FLAG,
	  .help = "also print the curve and the plateaus found" },
};

static const struct bench_spec spec = {
	.prog = "cache",
	.operands = NULL,
	.cases = &chase_case,
	.ncases = 1,
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct cache_state),
	.main = cache_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

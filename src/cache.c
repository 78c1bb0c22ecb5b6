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
 * The levels: plateaus of the curve (sizes where the latency grows by less
 * than a fifth per doubling).  Between two plateaus of latencies a and b,
 * a random load hits the smaller level with probability h where the
 * latency is a + (1 - h)(b - a); the level's size is where h = 1/2, i.e.
 * where the curve crosses (a + b) / 2.  With pages placed at random in a
 * physically indexed cache (as the kernel and a hypervisor place them),
 * half of the array still hits when it is as large as the cache, so the
 * crossing lands on the size even when the step is blurred.  The size is
 * then reported on the grid of sizes caches are built in (2^k and
 * 1.5 2^k bytes), nearest in ratio; the estimate itself is on a line of
 * our own.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
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

struct level {
	size_t first, last;	/* plateau points */
	double ns;		/* its latency */
	double bytes;		/* size (0 for the last plateau: memory) */
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

/* Median of three, to drop a lone point another process disturbed. */
static double median3(double a, double b, double c)
{
	if (a > b) {
		double t = a;

		a = b;
		b = t;
	}
	return c < a ? a : c > b ? b : c;
}

static double median_of(const double *v, size_t n)
{
	double *c = malloc(n * sizeof(*c)), m;
	size_t i, j;

	if (c == NULL)
		return v[n / 2];
	memcpy(c, v, n * sizeof(*c));
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && c[j - 1] > c[j]; j--) {
			double t = c[j];

			c[j] = c[j - 1];
			c[j - 1] = t;
		}
	m = n % 2 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2.0;
	free(c);
	return m;
}

/* The nearest of 2^k and 1.5 2^k bytes (how caches are built), in ratio. */
static double grid_round(double x)
{
	static const double f[] = { 1.0, 1.5, 2.0 };
	double p = pow(2.0, floor(log2(x))), best = p, d, bestd = 1e9;
	size_t i;

	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		d = fabs(log(x / (p * f[i])));
		if (d < bestd) {
			bestd = d;
			best = p * f[i];
		}
	}
	return best;
}

/*
 * A plateau's latency: the median of its last third, since its first
 * points still hit the smaller level now and then (at twice the smaller
 * level's size, about every other load).
 */
static double plateau_ns(const struct curve *c, const struct level *l)
{
	size_t k = l->last - l->first + 1, skip = k - (k + 2) / 3;

	return median_of(&c->ns[l->first + skip], k - skip);
}

/*
 * The size of level l, whose latency is l->ns, the next level's `next`.
 * The plateau ends at the last size within 5% of the step between them.
 * A cache that is full there misses at once past it (with any
 * replacement policy, one grid step further misses at least a tenth of
 * the time): a sharp edge, and the end is the size.  A physically indexed
 * cache under pages placed at random (a hypervisor's placement) already
 * misses in the sets that drew too many pages before it is full, and
 * goes on hitting in the others past it: a soft edge, centred on the
 * size; the centre is where the latency is the geometric mean of the two.
 */
static double boundary(const struct curve *c, const struct level *l,
		       double next)
{
	double step = next - l->ns, mid = sqrt(l->ns * next), t;
	size_t k, end = l->first;

	for (k = l->first; k < c->n && c->ns[k] <= l->ns + 0.05 * step; k++)
		end = k;
	if (end + 1 >= c->n)
		return 0.0;
	if (c->ns[end + 1] - c->ns[end] >= 0.1 * step)
		return c->size[end];
	for (k = end; k + 1 < c->n && c->ns[k + 1] < mid; k++)
		;
	if (k + 1 >= c->n)
		return 0.0;
	/* Interpolate in log(size), linearly in latency. */
	t = (mid - c->ns[k]) / (c->ns[k + 1] - c->ns[k]);
	if (t < 0.0)
		t = 0.0;
	return exp(log(c->size[k]) +
		   t * (log(c->size[k + 1]) - log(c->size[k])));
}

/* Points per doubling of size on our grid. */
#define PER_DOUBLING 8
/* A plateau: the latency grows by less than this per doubling. */
#define FLAT 1.2

/*
 * Split the (smoothed) curve into plateaus and the steps between them;
 * returns how many levels (the last one is memory, or the largest level
 * the sweep reached).
 */
static size_t find_levels(const struct curve *c, struct level *lv)
{
	size_t i, n = 0;
	int in = 0;

	for (i = 0; i + PER_DOUBLING < c->n || (in && i < c->n); i++) {
		size_t j = i + PER_DOUBLING < c->n ? i + PER_DOUBLING
						   : c->n - 1;
		int flat = c->ns[j] < c->ns[i] * FLAT;

		if (flat && !in) {
			if (n == MAX_LEVELS)
				break;
			lv[n].first = i;
			in = 1;
		}
		if (flat)
			lv[n].last = j;
		if (!flat && in) {
			n++;
			in = 0;
		}
	}
	if (in)
		n++;
	for (i = 0; i < n; i++)
		lv[i].ns = plateau_ns(c, &lv[i]);
	/* Merge plateaus whose latencies are too close to be two levels. */
	for (i = 0; i + 1 < n;) {
		if (lv[i + 1].ns < lv[i].ns * 1.25) {
			lv[i].last = lv[i + 1].last;
			lv[i].ns = plateau_ns(c, &lv[i]);
			memmove(&lv[i + 1], &lv[i + 2],
				(n - i - 2) * sizeof(lv[0]));
			n--;
		} else {
			i++;
		}
	}
	for (i = 0; i + 1 < n; i++)
		lv[i].bytes = boundary(c, &lv[i], lv[i + 1].ns);
	/*
	 * A plateau less than four times the size of the level below is not
	 * a level: every real hierarchy grows by far more per level (8 to
	 * 100 times).  It is the last cache's step seen through other
	 * programs' use of that cache, which changes its hit rate for a
	 * while; drop it and place the level below against the one above.
	 */
	for (i = 0; i + 2 < n;) {
		if (lv[i + 1].bytes < 4.0 * lv[i].bytes) {
			memmove(&lv[i + 1], &lv[i + 2],
				(n - i - 2) * sizeof(lv[0]));
			n--;
			lv[i].bytes = boundary(c, &lv[i], lv[i + 1].ns);
		} else {
			i++;
		}
	}
	return n;
}

static int cache_main(struct bench *b)
{
	struct cache_state *st = b->priv;
	struct curve *c, *raw;
	struct level lv[MAX_LEVELS];
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
	mem_free(&st->buf);
	if (rc != 0) {
		free(c);
		return rc;
	}
	c->n = raw->n;
	for (i = 0; i < raw->n; i++) {
		c->size[i] = raw->size[i];
		c->ns[i] = i == 0 || i + 1 == raw->n ? raw->ns[i] :
			   median3(raw->ns[i - 1], raw->ns[i], raw->ns[i + 1]);
		if (bench_opt_isset(b, 'v'))
			bench_printf(b, "[cache-curve bytes=%.0f ns=%.3f "
				     "raw=%.3f]", c->size[i], c->ns[i],
				     raw->ns[i]);
	}
	n = find_levels(c, lv);
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
			     i + 1, grid_round(lv[i].bytes), lv[i].ns);
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

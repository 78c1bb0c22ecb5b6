/* levels.c - cache levels from a latency curve (see levels.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "levels.h"
#include "stats.h"

/*
 * A plateau: the latency grows by less than this over a doubling of the
 * size.  Not 1.0: on a virtual machine a level's plateau still climbs
 * (the host's small pages: TLB misses a huge page would have saved).
 */
#define FLAT 1.3
/*
 * Two plateaus closer than this in latency are one level: caches differ
 * by 3 to 10 times; a TLB level (a virtual machine's small pages) by less.
 */
#define SAME_LEVEL 1.5
/* A level is at least this many times the size of the one below it. */
#define MIN_GROWTH 3.0

/* The first point at or past twice size[i] (n if none). */
static size_t doubling(const double *size, size_t n, size_t i)
{
	size_t j = i;

	while (j < n && size[j] < 2.0 * size[i] * 0.999)
		j++;
	return j;
}

/*
 * A plateau's latency: the median of its last third, since its first
 * points still hit the smaller level now and then (at twice the smaller
 * level's size, about every other load).
 */
static double plateau_ns(const double *ns, const struct cache_level *l)
{
	size_t k = l->last - l->first + 1, skip = k - (k + 2) / 3, i;
	double v[64], *c = v;
	struct stats s;

	if (k - skip > sizeof(v) / sizeof(v[0])) {
		c = malloc((k - skip) * sizeof(*c));
		if (c == NULL)
			return ns[l->last];
	}
	for (i = 0; i < k - skip; i++)
		c[i] = ns[l->first + skip + i];
	stats_summarize(c, k - skip, &s);
	if (c != v)
		free(c);
	return s.median;
}

/*
 * How a level's misses grow past its size c, for an array of s bytes:
 * the shapes a level's step is fitted with.  A cache full at c and
 * missing at once past it (LRU on a cyclic chase); one that keeps a part
 * c/s of a larger array (adaptive or random replacement); and one whose
 * sets drew the array's pages at random (a physically indexed cache under
 * a hypervisor's placement), of 8, 12, 16 or 24 ways: a set misses once
 * it drew more pages than it has ways, Poisson(ways s / c) of them, so
 * that about half the loads miss at the size.
 */
enum shape { FULL, PART, SETS8, SETS12, SETS16, SETS24, NSHAPES };
/*
 * The first level is fitted with the first two shapes only: an L1 is
 * indexed by virtual address bits inside the page (its size / ways is at
 * most a page), so where its lines fall never depends on which pages the
 * array got.  Let the random-sets shapes fit it and they place its size
 * in the middle of its step instead of at its start, one run or the other
 * depending on noise (issue 32: 48K, 64K, then 56K on a 48K L1).
 */
#define L1_SHAPES SETS8
static const int shape_ways[NSHAPES] = { 0, 0, 8, 12, 16, 24 };

static double miss(enum shape sh, double c, double s)
{
	double lambda, term, sum;
	int i, ways;

	switch (sh) {
	case FULL:
		return s <= c ? 0.0 : 1.0;
	case PART:
		return s <= c ? 0.0 : 1.0 - c / s;
	default:
		ways = shape_ways[sh];
		lambda = ways * s / c;
		term = sum = exp(-lambda);
		for (i = 1; i < ways; i++) {
			term *= lambda / i;
			sum += term;
		}
		return 1.0 - sum;
	}
}

/*
 * The misfit of the points [from, to] to a step of shape sh at size c:
 * latency a (1 - miss) + b miss with the best a and b (least squares,
 * relative to each point's latency); HUGE_VAL if no step fits.
 */
static double misfit(const double *size, const double *ns, size_t from,
		     size_t to, enum shape sh, double c)
{
	double suu = 0, suv = 0, svv = 0, sul = 0, svl = 0, det, a, b, r = 0;
	double m, u, w, e;
	size_t i;

	for (i = from; i <= to; i++) {
		m = miss(sh, c, size[i]);
		u = 1.0 - m;
		w = 1.0 / (ns[i] * ns[i]);
		suu += w * u * u;
		suv += w * u * m;
		svv += w * m * m;
		sul += w * u * ns[i];
		svl += w * m * ns[i];
	}
	det = suu * svv - suv * suv;
	if (!(fabs(det) > 1e-12 * (suu * svv)))
		return HUGE_VAL;
	a = (sul * svv - svl * suv) / det;
	b = (svl * suu - sul * suv) / det;
	if (!(a > 0.0) || !(b > a))
		return HUGE_VAL;
	for (i = from; i <= to; i++) {
		m = miss(sh, c, size[i]);
		e = (ns[i] - a * (1.0 - m) - b * m) / ns[i];
		r += e * e;
	}
	return r;
}

/* Sizes tried for a level, per doubling. */
#define TRIES 64

/*
 * The size of level l, whose plateau ends at l->last and the next one
 * begins at `next`: the size at which one of the shapes above fits the
 * curve best, from a doubling below the plateau's end (a blurred step
 * begins inside the plateau's tail) to the next plateau.  For a cache full
 * at its size, the sizes tried are the points themselves (any size between
 * two points fits as well: the last that fitted is the one known).  lo and
 * hi: the sizes around it where closer points would tell more.
 */
static void edge(const double *size, const double *ns, size_t n,
		 struct cache_level *l, size_t next, int nshapes)
{
	double best = HUGE_VAL, r, c, f = pow(2.0, 1.0 / TRIES);
	size_t from = l->last, k;
	int sh;

	while (from > l->first && size[from] > size[l->last] / 2.0)
		from--;
	if (next >= n)
		next = n - 1;
	l->bytes = size[l->last];
	for (sh = 0; sh < nshapes; sh++) {
		if (sh == FULL) {
			for (k = from; k < next; k++) {
				r = misfit(size, ns, from, next, FULL,
					   size[k]);
				if (r < best) {
					best = r;
					l->bytes = size[k];
				}
			}
			continue;
		}
		for (c = size[from]; c <= size[next]; c *= f) {
			r = misfit(size, ns, from, next, (enum shape)sh, c);
			if (r < best) {
				best = r;
				l->bytes = c;
			}
		}
	}
	l->lo = l->bytes / 1.09;
	l->hi = l->bytes * 1.09;
}

size_t levels_find(const double *size, const double *ns, size_t n,
		   struct cache_level *lv, size_t max)
{
	size_t i, m = 0;
	int in = 0;

	if (n < 2 || max < 2)
		return 0;
	/* Plateaus: runs of points whose next doubling stays flat. */
	for (i = 0; i < n; i++) {
		size_t j = doubling(size, n, i);
		int flat;

		if (j >= n) {
			/* The last doubling: it ends where the curve ends. */
			if (!in)
				break;
			j = n - 1;
		}
		flat = ns[j] < ns[i] * FLAT;
		if (flat && !in) {
			if (m == max)
				break;
			lv[m].first = i;
			lv[m].last = j;
			in = 1;
		} else if (flat && j > lv[m].last) {
			lv[m].last = j;
		} else if (!flat && in) {
			m++;
			in = 0;
		}
	}
	if (in)
		m++;
	for (i = 0; i < m; i++)
		lv[i].ns = plateau_ns(ns, &lv[i]);
	/* Merge plateaus whose latencies are too close to be two levels. */
	for (i = 0; i + 1 < m;) {
		if (lv[i + 1].ns < lv[i].ns * SAME_LEVEL) {
			lv[i].last = lv[i + 1].last;
			lv[i].ns = plateau_ns(ns, &lv[i]);
			memmove(&lv[i + 1], &lv[i + 2],
				(m - i - 2) * sizeof(lv[0]));
			m--;
		} else {
			i++;
		}
	}
	for (i = 0; i < m; i++) {
		lv[i].bytes = lv[i].lo = lv[i].hi = 0.0;
		if (i + 1 < m)
			edge(size, ns, n, &lv[i], lv[i + 1].first,
			     i == 0 ? L1_SHAPES : NSHAPES);
	}
	/*
	 * A plateau less than MIN_GROWTH times the size of the level below
	 * is not a level: every real hierarchy grows by far more per level
	 * (8 to 100 times).  It is the last cache's step seen through other
	 * programs' use of that cache, which changes its hit rate for a
	 * while; drop it and place the level below against the one above.
	 */
	for (i = 0; i + 2 < m;) {
		if (lv[i + 1].bytes < MIN_GROWTH * lv[i].bytes) {
			memmove(&lv[i + 1], &lv[i + 2],
				(m - i - 2) * sizeof(lv[0]));
			m--;
			edge(size, ns, n, &lv[i], lv[i + 1].first,
			     i == 0 ? L1_SHAPES : NSHAPES);
		} else {
			i++;
		}
	}
	return m;
}

static double median3(double a, double b, double c)
{
	if (a > b) {
		double t = a;

		a = b;
		b = t;
	}
	return c < a ? a : c > b ? b : c;
}

void levels_smooth(const double *ns, double *out, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		out[i] = i == 0 || i + 1 == n ? ns[i] :
			 median3(ns[i - 1], ns[i], ns[i + 1]);
}

/* Points per doubling around a step: four times the first sweep's eight. */
#define FINE 32

static int known(const double *size, size_t n, const double *out, size_t m,
		 double s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (size[i] == s)
			return 1;
	for (i = 0; i < m; i++)
		if (out[i] == s)
			return 1;
	return 0;
}

size_t levels_refine(const struct cache_level *lv, size_t nlv,
		     const double *size, size_t n, double align,
		     double *out, size_t max)
{
	double f = pow(2.0, 1.0 / FINE), s;
	size_t i, m = 0;

	for (i = 0; i < nlv; i++) {
		if (!(lv[i].bytes > 0.0) || !(lv[i].hi > lv[i].lo))
			continue;
		for (s = lv[i].lo * f; s < lv[i].hi && m < max; s *= f) {
			double a = floor(s / align + 0.5) * align;

			if (a > lv[i].lo && a < lv[i].hi &&
			    !known(size, n, out, m, a))
				out[m++] = a;
		}
	}
	return m;
}

double levels_round(double bytes)
{
	double p, best = bytes, d, bestd = HUGE_VAL;
	int m;

	if (!(bytes > 0.0))
		return 0.0;
	p = pow(2.0, floor(log2(bytes))) / 8.0;
	for (m = 8; m <= 16; m++) {
		d = fabs(log(bytes / (p * m)));
		if (d < bestd) {
			bestd = d;
			best = p * m;
		}
	}
	return best;
}

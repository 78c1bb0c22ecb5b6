/*
 * levels.h - cache levels from a latency curve (the cache program): a
 * pure function of the curve's points, so that tests can feed it made-up
 * hierarchies (48K/2M/260M, 32K/512K/32M, 64K/1M, sharp and blurred
 * edges) and check what it finds.
 *
 * The curve: n points (size[i] bytes, ns[i] per load), sizes increasing,
 * of a random pointer chase (every load waits for the level that holds
 * the array).  The levels are its plateaus; a level's size is the one at
 * which a step of one of the shapes a cache's step takes fits the curve
 * best: sharp (full at its size, missing at once past it), a part kept
 * (hit ratio size/array, as adaptive or random replacement keeps), or
 * blurred (a physically indexed cache whose sets drew pages at random, as
 * in a virtual machine: about half the loads miss at its size).
 */
#ifndef LATBW_LEVELS_H
#define LATBW_LEVELS_H

#include <stddef.h>

struct cache_level {
	size_t first, last;	/* its plateau: first and last point */
	double ns;		/* its latency */
	double bytes;		/* its size (0 for the last plateau: memory,
				 * or the largest level the curve reached) */
	double lo, hi;		/* the size lies between these two points:
				 * where points closer together help */
};

/*
 * The levels of the curve, smallest first, into lv (room for max); returns
 * how many, the last being memory (fewer than 2: no step found).
 */
size_t levels_find(const double *size, const double *ns, size_t n,
		   struct cache_level *lv, size_t max);

/* out[i]: the median of ns[i-1], ns[i], ns[i+1] (the ends as they are),
 * to drop a lone point another process disturbed.  out may not be ns. */
void levels_smooth(const double *ns, double *out, size_t n);

/*
 * The sizes to measure next, into out (room for max; returns how many):
 * between the points around each level's size (lo, hi), sizes four times
 * closer together than eight per doubling, multiples of `align` bytes,
 * none already in size[0..n-1].  The levels are then found again on the
 * whole curve.
 */
size_t levels_refine(const struct cache_level *lv, size_t nlv,
		     const double *size, size_t n, double align,
		     double *out, size_t max);

/*
 * A size as caches are built: the nearest, in ratio, of m 2^k / 8 bytes
 * (m = 8 .. 16: 32K, 36K, 40K, 44K, 48K, ...), the resolution of a curve
 * with 8 points per doubling.
 */
double levels_round(double bytes);

#endif

/* stats.h - summary statistics of a set of samples (pure, unit-tested). */
#ifndef LATBW_STATS_H
#define LATBW_STATS_H

#include <stddef.h>

struct stats {
	double median, min, max, q1, q3, mean;
	size_t count;
};

/* Summarise v[0..n-1] (n >= 1); v is reordered. */
void stats_summarize(double *v, size_t n, struct stats *s);
/* (q3 - q1) / median, the relative spread; 0 when median <= 0. */
double stats_rel_spread(const struct stats *s);

#endif

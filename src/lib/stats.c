/* stats.c - median, quartiles and extremes of samples. */
#include <stdlib.h>

#include "stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Quantile q in [0,1] of sorted v, linear interpolation between ranks. */
static double stats_quantile_sorted(const double *v, size_t n, double q)
{
	double pos, frac;
	size_t lo;

	if (n == 0)
		return 0.0;
	if (q <= 0.0)
		return v[0];
	if (q >= 1.0)
		return v[n - 1];
	pos = q * (double)(n - 1);
	lo = (size_t)pos;
	frac = pos - (double)lo;
	if (lo + 1 >= n)
		return v[n - 1];
	return v[lo] + frac * (v[lo + 1] - v[lo]);
}

void stats_summarize(double *v, size_t n, struct stats *s)
{
	double sum = 0.0;
	size_t i;

	qsort(v, n, sizeof(*v), cmp_double);
	for (i = 0; i < n; i++)
		sum += v[i];
	s->count = n;
	s->min = n ? v[0] : 0.0;
	s->max = n ? v[n - 1] : 0.0;
	s->median = stats_quantile_sorted(v, n, 0.5);
	s->q1 = stats_quantile_sorted(v, n, 0.25);
	s->q3 = stats_quantile_sorted(v, n, 0.75);
	s->mean = n ? sum / (double)n : 0.0;
}

double stats_rel_spread(const struct stats *s)
{
	if (s->median <= 0.0)
		return 0.0;
	return (s->q3 - s->q1) / s->median;
}

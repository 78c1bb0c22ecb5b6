/* cycles.c - the cycle time from paired chain samples (see cycles.h). */
#include <stdlib.h>
#include <string.h>

#include "cycles.h"
#include "stats.h"

/* Fewer undisturbed pairs than this never make a figure, nor a part's. */
#define MIN_USED 3

static double fastest(const double *v, size_t k)
{
	double m = v[0];
	size_t i;

	for (i = 1; i < k; i++)
		if (v[i] < m)
			m = v[i];
	return m;
}

/*
 * Mark the pairs that are undisturbed where they were taken: ok[i] when
 * both samples of pair i are within CYCLES_TOL of the fastest of their
 * chain among the pairs of its chunk (CYCLES_CHUNK consecutive pairs; a
 * short tail joins the chunk before it).  A virtual machine's clock
 * wanders by a few percent over seconds, so that over a whole window
 * only the pairs of its fastest moment would be within CYCLES_TOL of the
 * fastest; within a chunk (a few dozen ms) the clock is one.
 */
static void mark_undisturbed(const double *s, const double *l, size_t k,
			     unsigned char *ok)
{
	size_t from, to, i;
	double fs, fl;

	for (from = 0; from < k; from = to) {
		to = from + CYCLES_CHUNK;
		if (to + CYCLES_CHUNK / 2 > k)
			to = k;
		fs = fastest(s + from, to - from);
		fl = fastest(l + from, to - from);
		for (i = from; i < to; i++)
			ok[i] = s[i] <= fs * (1.0 + CYCLES_TOL) &&
				l[i] <= fl * (1.0 + CYCLES_TOL);
	}
}

/*
 * The cycle times of the marked pairs in [from, to) whose samples are
 * also within CYCLES_STEADY of the fastest of their chain in that range
 * (a chunk whose pairs were all disturbed marks its least disturbed
 * ones: far slower than the rest of the range, they are left out), into
 * out; returns how many.
 */
static size_t undisturbed(const double *s, const double *l,
			  const unsigned char *ok, size_t from, size_t to,
			  unsigned adds, double *out)
{
	double fs = fastest(s + from, to - from), fl = fastest(l + from,
								to - from);
	size_t i, m = 0;

	for (i = from; i < to; i++)
		if (ok[i] && s[i] <= fs * (1.0 + CYCLES_STEADY) &&
		    l[i] <= fl * (1.0 + CYCLES_STEADY))
			out[m++] = (l[i] - s[i]) / adds;
	return m;
}

enum cycles_verdict cycles_estimate(const double *s, const double *l,
				    size_t k, unsigned adds,
				    unsigned want_used,
				    struct cycles_estimate *e)
{
	struct stats st;
	double *c, fs, fl;
	unsigned char *ok;
	size_t used, p;

	memset(e, 0, sizeof(*e));
	e->verdict = CYCLES_TOO_FEW;
	if (k == 0 || adds == 0)
		return e->verdict;
	c = malloc(k * sizeof(*c));
	ok = malloc(k);
	if (c == NULL || ok == NULL) {
		free(c);
		free(ok);
		return e->verdict;
	}
	fs = fastest(s, k);
	fl = fastest(l, k);
	e->fastest_s = fs;
	e->fastest_l = fl;
	e->ratio = fs > 0.0 ? fl / fs : 0.0;
	mark_undisturbed(s, l, k, ok);
	used = undisturbed(s, l, ok, 0, k, adds, c);
	e->used = (unsigned)used;
	e->set_aside = (unsigned)(k - used);
	if (used > 0) {
		stats_summarize(c, used, &st);
		e->cycle_ns = st.median;
		e->min = st.min;
		e->max = st.max;
		e->q1 = st.q1;
		e->q3 = st.q3;
	}
	/*
	 * Each part of the window judged on its own: a part whose pairs
	 * agree among themselves has a clock of its own, and two such parts
	 * that differ mean the clock changed while we measured (time lost
	 * to other work cannot make several samples agree on a slower
	 * clock; it only makes a part's pairs disagree).
	 */
	for (p = 0; p < CYCLES_PARTS && k >= CYCLES_PARTS * MIN_USED; p++) {
		size_t from = k * p / CYCLES_PARTS,
		       to = k * (p + 1) / CYCLES_PARTS,
		       m = undisturbed(s, l, ok, from, to, adds, c);

		if (m < MIN_USED)
			continue;
		stats_summarize(c, m, &st);
		e->part_ns[p] = st.median;
		if (e->part_lo == 0.0 || st.median < e->part_lo)
			e->part_lo = st.median;
		if (st.median > e->part_hi)
			e->part_hi = st.median;
	}
	free(c);
	free(ok);
	if (used < MIN_USED || used < want_used)
		e->verdict = CYCLES_TOO_FEW;
	else if (e->ratio < 2.0 * 0.95 || e->ratio > 2.0 * 1.05)
		e->verdict = CYCLES_NOT_TWICE;
	else if (e->part_lo > 0.0 &&
		 e->part_hi > e->part_lo * (1.0 + CYCLES_STEADY))
		e->verdict = CYCLES_UNSTEADY;
	else
		e->verdict = CYCLES_OK;
	return e->verdict;
}

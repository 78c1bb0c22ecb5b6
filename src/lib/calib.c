/* calib.c - calibration and repetition decisions. */
#include <stdlib.h>
#include <string.h>

#include "calib.h"
#include "stats.h"

void calib_default(struct calib_policy *p, unsigned reps, int fixed,
		   double target_ns)
{
	memset(p, 0, sizeof(*p));
	p->target_ns = target_ns;
	p->n_max = UINT64_C(1) << 40;
	p->reps = reps ? reps : 1;
	p->fixed = fixed;
	/*
	 * Adaptive repetitions: a quiet figure is done after about half the
	 * nominal samples; a noisy one gets up to three times as many, as
	 * long as the time budget lasts.  The median of more samples is what
	 * makes a noisy machine's figure repeatable.
	 */
	p->reps_min = p->reps >= 10 ? p->reps / 2 : p->reps;
	p->reps_max = p->reps * 3;
	p->tight = 0.01;
	p->loose = 0.05;
	/* Enough for 3x the nominal samples, and never less than 1.5 s. */
	p->budget_ns = 3.0 * p->reps * target_ns;
	if (p->budget_ns < 1.5e9)
		p->budget_ns = 1.5e9;
}

uint64_t calib_next_n(const struct calib_policy *p, uint64_t n, double t_ns)
{
	double want;
	uint64_t next;

	if (t_ns >= p->target_ns || n >= p->n_max)
		return 0;
	if (t_ns <= 0.0) {
		/* Below the clock's resolution: grow fast. */
		next = n * 32;
	} else {
		/* Aim 25% past the target so the next try usually suffices. */
		want = (double)n * 1.25 * p->target_ns / t_ns;
		if (want > (double)n * 32.0)
			want = (double)n * 32.0;
		next = (uint64_t)want;
		if (next <= n)
			next = n + 1;
	}
	if (next > p->n_max)
		next = p->n_max;
	return next;
}

int calib_confirm(uint64_t prev_n, double prev_ns, uint64_t n, double t_ns)
{
	if (prev_n == 0 || prev_ns <= 0.0)
		return 1;
	return t_ns / (double)n > 2.0 * prev_ns / (double)prev_n;
}

int calib_want_more(const struct calib_policy *p, const double *v,
		    unsigned k, double spent_ns)
{
	struct stats s;
	double *copy, spread;

	if (p->fixed)
		return k < p->reps;
	if (k < p->reps_min)
		return 1;
	if (k >= p->reps_max || spent_ns >= p->budget_ns)
		return 0;
	copy = malloc(k * sizeof(*copy));
	if (copy == NULL)
		return k < p->reps;
	memcpy(copy, v, k * sizeof(*copy));
	stats_summarize(copy, k, &s);
	free(copy);
	spread = stats_rel_spread(&s);
	if (spread <= p->tight)
		return 0;
	if (k >= p->reps && spread <= p->loose)
		return 0;
	return 1;
}

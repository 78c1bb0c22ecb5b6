/* calib.h - how many iterations a sample needs and how many samples a
 * figure needs.  Pure decisions on numbers, so that tests can drive them
 * with a fake clock. */
#ifndef LATBW_CALIB_H
#define LATBW_CALIB_H

#include <stdint.h>

struct calib_policy {
	double target_ns;	/* a sample lasts at least this long (-E) */
	uint64_t n_max;		/* never more iterations per sample */
	unsigned reps;		/* nominal number of samples (-N) */
	int fixed;		/* -N given: exactly `reps` samples */
	unsigned reps_min;	/* adaptive: never fewer */
	unsigned reps_max;	/* adaptive: never more */
	double tight;		/* stop at reps_min once the spread is below this */
	double loose;		/* stop at reps once the spread is below this */
	double budget_ns;	/* adaptive: no more samples past this much time */
};

/* The default policy for `reps` nominal samples of `target_ns` each. */
void calib_default(struct calib_policy *p, unsigned reps, int fixed,
		   double target_ns);

/*
 * n iterations took t_ns: the iteration count to try next, or 0 when n is
 * enough (its sample reached the target, or n reached n_max).
 */
uint64_t calib_next_n(const struct calib_policy *p, uint64_t n, double t_ns);

/*
 * Calibration stopped on a sample of n iterations that took t_ns, after
 * one of prev_n iterations that took prev_ns (prev_n 0: it was the first
 * sample).  1 if that stop should be confirmed by a second sample of n:
 * it was the first, or each iteration took more than twice as long as
 * in the sample before.  A sample stretched by a preemption, a peer kept
 * off its CPU or a cold start then does not fix a count far too small.
 */
int calib_confirm(uint64_t prev_n, double prev_ns, uint64_t n, double t_ns);

/*
 * k samples v[0..k-1] taken in spent_ns so far: 1 if another is wanted.
 * v is not modified.
 */
int calib_want_more(const struct calib_policy *p, const double *v,
		    unsigned k, double spent_ns);

#endif

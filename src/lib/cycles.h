/*
 * cycles.h - the core's cycle time from paired samples of two dependency
 * chains (mhz), a pure function of the samples so that tests can feed it
 * made-up ones (a quiet machine, a busy one, a clock that changes).
 *
 * Sample i of the short chain took s[i] ns per iteration and the long
 * chain's l[i], both at the same iteration count and taken one after the
 * other, so the loop and the clock cost the same in both and cancel in
 * l[i] - s[i], which is `adds` cycles.  Time lost to other work only ever
 * adds, so the fastest samples are the undisturbed ones: a pair is used
 * when both of its samples are within CYCLES_TOL of their chain's fastest
 * among the pairs taken around it (its chunk of CYCLES_CHUNK pairs: a
 * virtual machine's clock wanders by a few percent over seconds) and
 * within CYCLES_STEADY of their chain's fastest in the whole window.  The
 * figure is the median of the used pairs: the clock the core ran at over
 * the window, its wander the spread.
 */
#ifndef LATBW_CYCLES_H
#define LATBW_CYCLES_H

#include <stddef.h>

/* A sample within this fraction of its chain's fastest is undisturbed. */
#define CYCLES_TOL 0.01
/* Pairs judged together for CYCLES_TOL (see above). */
#define CYCLES_CHUNK 32
/* The window is judged in this many consecutive parts. */
#define CYCLES_PARTS 4
/* Two parts whose clocks differ by more than this: not a steady clock. */
#define CYCLES_STEADY 0.05

enum cycles_verdict {
	CYCLES_OK = 0,
	CYCLES_TOO_FEW,		/* fewer than the wanted undisturbed pairs */
	CYCLES_NOT_TWICE,	/* the fastest long chain is not twice the short */
	CYCLES_UNSTEADY,	/* parts of the window agree within themselves
				 * on different clocks */
};

struct cycles_estimate {
	enum cycles_verdict verdict;
	double cycle_ns;	/* the figure: median of the used pairs */
	double min, max, q1, q3;	/* of the used pairs' cycle times */
	unsigned used;		/* undisturbed pairs */
	unsigned set_aside;	/* pairs with a disturbed sample */
	double fastest_s, fastest_l;	/* each chain's fastest sample */
	double ratio;		/* fastest long / fastest short */
	/* Each part's own cycle time (0: too few undisturbed pairs in it). */
	double part_ns[CYCLES_PARTS];
	double part_lo, part_hi;	/* extremes of the parts that have one */
};

/*
 * Judge k pairs (k >= 1): the figure and its statistics in *e, and the
 * verdict (also returned).  want_used: undisturbed pairs needed for
 * CYCLES_OK.  s and l are not modified.
 */
enum cycles_verdict cycles_estimate(const double *s, const double *l,
				    size_t k, unsigned adds,
				    unsigned want_used,
				    struct cycles_estimate *e);

#endif

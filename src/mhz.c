/*
 * mhz - the core clock, measured.
 *
 *	mhz
 *
 * A chain of dependent integer additions runs at one addition per cycle
 * on every mainstream processor (the latency of an add is one cycle), so
 * timing the chain times the cycle.  Chains of two lengths are timed one
 * after the other at the same iteration count, and the difference taken:
 * the loop around the chains and reading the clock cost the same in both
 * and cancel.  This is the clock the core really runs at, turbo included;
 * the TSC, /proc/cpuinfo and cpufreq may say otherwise.
 *
 * On a busy machine most samples lose time to other work, which only ever
 * adds: the figure is made of the pairs whose two samples are both within
 * 1% of their chain's fastest among the pairs taken around them (cycles.h),
 * and pairs are taken until enough of them are (over a window of up to
 * WINDOW_NS; a second window when the first could not decide), so that
 * a busy machine costs time, not the figure.  Samples
 * are short (SAMPLE_US): on a virtual machine a sample of 1 ms was hardly
 * ever undisturbed (its median 7% above the fastest, 0 to 3 pairs of 2000
 * within 1%), one of 100 us mostly is.  It fails only when the samples say
 * the clock itself was not steady (see cycles.h): the long chain not
 * twice the short one, or parts of the window agreeing on different
 * clocks.
 */
#include <string.h>

#include "bench.h"
#include "cycles.h"

#define SHORT_CHAIN 128
#define LONG_CHAIN 256
/* The longest window of pairs: a busy machine takes this long at most. */
#define WINDOW_NS 4e9
/*
 * Windows taken before giving up: a host may move its core clock for a
 * while (a virtual machine on a 2-vCPU AMD EPYC guest: 2 windows of 40
 * found parts of one window at 3748 and 4041 MHz, or too few pairs near
 * the fastest), and the next window is judged afresh.
 */
#define WINDOWS 2
/* Never judge the clock on fewer pairs than this (CYCLES_PARTS parts): a
 * window of some 0.1 s, over which a virtual machine's clock wanders. */
#define MIN_PAIRS 400
/* One sample's length by default (-E), in microseconds. */
#define SAMPLE_US 100

/* One dependent add; the barrier keeps the compiler from merging adds. */
#define ADD1 x += y; BENCH_KEEP(x);
#define ADD4 ADD1 ADD1 ADD1 ADD1
#define ADD16 ADD4 ADD4 ADD4 ADD4
#define ADD64 ADD16 ADD16 ADD16 ADD16
#define ADD128 ADD64 ADD64

static int short_run(struct bench *b, uint64_t n)
{
	uint64_t x = n, y = 1;

	(void)b;
	BENCH_KEEP(y);
	while (n-- > 0) {
		ADD128
	}
	BENCH_KEEP(x);
	return 0;
}

static int long_run(struct bench *b, uint64_t n)
{
	uint64_t x = n, y = 1;

	(void)b;
	BENCH_KEEP(y);
	while (n-- > 0) {
		ADD128 ADD128
	}
	BENCH_KEEP(x);
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "short", .unit = BENCH_NSEC, .run = short_run },
	{ .name = "long", .unit = BENCH_NSEC, .run = long_run },
};

/* More pairs until -N of them are undisturbed and the clock was steady. */
static int want_more(const struct bench_pairs *p, void *arg)
{
	struct cycles_estimate *e = arg;

	return p->k < MIN_PAIRS ||
	       cycles_estimate(p->a, p->b, p->k, LONG_CHAIN - SHORT_CHAIN,
			       p->reps, e) != CYCLES_OK;
}

static int mhz_main(struct bench *b)
{
	struct cycles_estimate est, *e = &est;
	struct bench_pairs p;
	struct bench_result r;
	int rc, w;

	for (w = 1;; w++) {
		rc = bench_measure_pairs(b, &cases[0], &cases[1], &p, want_more,
					 e, WINDOW_NS);
		if (rc != 0)
			return rc;
		/* The window is over: three undisturbed pairs make a
		 * figure. */
		cycles_estimate(p.a, p.b, p.k, LONG_CHAIN - SHORT_CHAIN, 0, e);
		if (e->verdict == CYCLES_OK || w == WINDOWS)
			break;
		bench_pairs_free(&p);
	}
	switch (e->verdict) {
	case CYCLES_OK:
		break;
	case CYCLES_TOO_FEW:
		rc = bench_error(b, "only %u of %zu pairs of samples were "
				 "undisturbed (both within %.0f%% of the "
				 "fastest): too busy to measure the clock, or "
				 "it was not steady", e->used, p.k,
				 CYCLES_TOL * 100.0);
		break;
	case CYCLES_NOT_TWICE:
		rc = bench_error(b, "the chains of %d and %d adds took %.2f "
				 "and %.2f ns at fastest, not one twice the "
				 "other: the clock was not steady", SHORT_CHAIN,
				 LONG_CHAIN, e->fastest_s, e->fastest_l);
		break;
	case CYCLES_UNSTEADY:
		rc = bench_error(b, "the clock was not steady: parts of the "
				 "run agreed on %.0f and on %.0f MHz",
				 1000.0 / e->part_hi, 1000.0 / e->part_lo);
		break;
	}
	if (rc == 0) {
		memset(&r, 0, sizeof(r));
		r.median = e->cycle_ns;
		r.min = e->min;
		r.max = e->max;
		r.q1 = e->q1;
		r.q3 = e->q3;
		r.reps = e->used;
		r.preempted = p.preempted;
		r.n = p.n;
		r.copies = 1;
		r.unit = BENCH_NSEC;
		r.case_name = "cycle";
		bench_printf(b, "%.0f MHz, %.4f nanosec clock",
			     1000.0 / e->cycle_ns, e->cycle_ns);
		bench_report_stat(b, NULL, &r);
		bench_printf(b, "[mhz-check pairs=%zu used=%u ratio=%.3f "
			     "parts=%.4f,%.4f,%.4f,%.4f windows=%d]", p.k,
			     e->used, e->ratio, e->part_ns[0], e->part_ns[1],
			     e->part_ns[2], e->part_ns[3], w);
	}
	bench_pairs_free(&p);
	return rc;
}

static const struct bench_spec spec = {
	.prog = "mhz",
	.cases = cases,
	.ncases = sizeof(cases) / sizeof(cases[0]),
	.case_not_first = 1,
	.sample_usecs = SAMPLE_US,
	.main = mhz_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

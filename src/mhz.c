/*
 * mhz - the core clock, measured.
 *
 *	mhz
 *
 * A chain of dependent integer additions runs at one addition per cycle
 * on every mainstream processor (the latency of an add is one cycle), so
 * timing the chain times the cycle.  It is measured at two chain lengths
 * and the difference taken, which removes what the loop around the chain
 * costs.  This is the clock the core really runs at, turbo included; the
 * TSC, /proc/cpuinfo and cpufreq may say otherwise.
 *
 * A difference magnifies errors, so the fastest samples are used (time
 * lost to other tasks only ever adds), samples are short (1 ms, so that
 * many fit between two preemptions on a busy machine), and the two chains
 * must agree: the long one must take twice the short one's time, within
 * 5%, or the measurement is repeated, up to MAX_TRIES times, and then
 * given up with an error rather than a wrong clock.
 */
#include "bench.h"

#define SHORT_CHAIN 128
#define LONG_CHAIN 256
#define MAX_TRIES 5

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

static int mhz_main(struct bench *b)
{
	struct bench_result rs, rl;
	double fast_short = 0, fast_long = 0, ratio = 0, cycle_ns;
	int rc, try;

	for (try = 0; try < MAX_TRIES; try++) {
		if ((rc = bench_measure(b, &cases[0], &rs)) != 0 ||
		    (rc = bench_measure(b, &cases[1], &rl)) != 0)
			return rc;
		if (try == 0 || rs.min < fast_short)
			fast_short = rs.min;
		if (try == 0 || rl.min < fast_long)
			fast_long = rl.min;
		ratio = fast_long / fast_short;
		if (ratio > 2.0 * 0.95 && ratio < 2.0 * 1.05)
			break;
	}
	if (try == MAX_TRIES)
		return bench_error(b, "the chains of %d and %d adds took %.1f "
				   "and %.1f ns, not one twice the other: too "
				   "busy to measure the clock", SHORT_CHAIN,
				   LONG_CHAIN, fast_short, fast_long);
	cycle_ns = (fast_long - fast_short) / (LONG_CHAIN - SHORT_CHAIN);
	bench_printf(b, "%.0f MHz, %.4f nanosec clock", 1000.0 / cycle_ns,
		     cycle_ns);
	return 0;
}

static const struct bench_spec spec = {
	.prog = "mhz",
	.cases = cases,
	.ncases = sizeof(cases) / sizeof(cases[0]),
	.case_not_first = 1,
	.sample_usecs = 1000,
	.main = mhz_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

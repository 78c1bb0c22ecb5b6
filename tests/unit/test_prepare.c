/*
 * Unit tests: a case's prepare hook (untimed state before every sample)
 * and a fixed iteration count (b->fixed_n), under a fake clock.  lat_fs
 * uses both: every sample is exactly -n files in a fresh directory on a
 * synced file system, and none of that setting up is timed.
 */
#include <string.h>

#include "bench.h"
#include "internal.h"
#include "unit.h"

static uint64_t fake_ns;
static unsigned prepares, runs, bad_order;
static uint64_t last_prepared_n, ns_per_iter = 100;
static int prepared, fail_prepare_at;

static uint64_t fake_now(void)
{
	return fake_ns;
}

static void fake_switches(long *voluntary, long *involuntary)
{
	*voluntary = 0;
	*involuntary = 0;
}

/* Slow, untimed work: a sync that takes 50 ms. */
static int prepare(struct bench *b, uint64_t n)
{
	(void)b;
	prepares++;
	if (fail_prepare_at != 0 && (int)prepares == fail_prepare_at)
		return -1;
	fake_ns += 50000000;
	last_prepared_n = n;
	prepared = 1;
	return 0;
}

static int run(struct bench *b, uint64_t n)
{
	(void)b;
	runs++;
	if (!prepared || n != last_prepared_n)
		bad_order++;
	prepared = 0;
	fake_ns += n * ns_per_iter;
	return 0;
}

static int setup_fixed(struct bench *b)
{
	b->fixed_n = 1000;
	return 0;
}

static const struct bench_case fixed_case = {
	.name = "fixed", .setup = setup_fixed, .prepare = prepare,
	.run = run,
};
static const struct bench_case calibrated_case = {
	.name = "calibrated", .prepare = prepare, .run = run,
};
static const struct bench_spec spec = {
	.prog = "fake", .cases = &fixed_case, .ncases = 1,
};

static void make_bench(struct bench *b, struct bench_harness *h,
		       unsigned reps)
{
	memset(b, 0, sizeof(*b));
	memset(h, 0, sizeof(*h));
	b->spec = &spec;
	b->h = h;
	b->copies = 1;
	h->now = fake_now;
	h->switches = fake_switches;
	h->loop_ns = -1.0;
	calib_default(&h->policy, reps, 1, 5e6);
	fake_ns = 1000;
	prepares = runs = bad_order = 0;
	prepared = 0;
	fail_prepare_at = 0;
}

int main(void)
{
	struct bench_harness h;
	struct bench b;
	struct bench_result r;

	make_bench(&b, &h, 5);
	CHECK("a case with a fixed count is measured",
	      bench_measure(&b, &fixed_case, &r) == 0);
	CHECK("every sample is exactly fixed_n iterations", r.n == 1000);
	CHECK("no calibration samples: just the 5 wanted", runs == 5);
	CHECK("prepare runs before every sample, with its n",
	      prepares == 5 && bad_order == 0);
	CHECK_NEAR("prepare's 50 ms are not timed: 100 ns per iteration",
		   r.median, 100.0, 1e-9);
	CHECK("... nor in the extremes", r.max == r.min);

	make_bench(&b, &h, 3);
	h.warmups = 2;
	bench_measure(&b, &fixed_case, &r);
	CHECK("warm-up samples are prepared too", prepares == 5 &&
	      runs == 5 && bad_order == 0);

	make_bench(&b, &h, 3);
	CHECK("without fixed_n, samples are calibrated to -E",
	      bench_measure(&b, &calibrated_case, &r) == 0 &&
	      r.n * ns_per_iter >= 5000000 && runs > 3);
	CHECK("... and prepared, calibration samples included",
	      prepares == runs && bad_order == 0);

	make_bench(&b, &h, 3);
	bench_measure(&b, &fixed_case, &r);
	CHECK("a measurement after a fixed one calibrates again (fixed_n "
	      "is per measurement)", bench_measure(&b, &calibrated_case,
					       &r) == 0 && r.n != 1000 &&
	      r.n * ns_per_iter >= 5000000);

	make_bench(&b, &h, 5);
	fail_prepare_at = 3;
	CHECK("a prepare that fails gives an error, not a figure",
	      bench_measure(&b, &fixed_case, &r) != 0 && runs == 2);
	return unit_done();
}

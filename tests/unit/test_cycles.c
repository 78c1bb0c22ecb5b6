/*
 * Unit tests: mhz's judgement of its samples (cycles_estimate) on made-up
 * samples -- a quiet machine, a busy one, a clock that changes -- and the
 * harness's paired samples (bench_measure_pairs) driven by a fake clock.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cycles.h"
#include "internal.h"
#include "unit.h"

#define ADDS 128	/* the long chain's extra adds */
#define LOOP 1.5	/* ns of loop per iteration, in both chains */
#define MAXK 4096

static double s[MAXK], l[MAXK];

/* A repeatable pseudo-random number in [0, 1). */
static unsigned long long rng_state;

static double rnd(void)
{
	rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(rng_state >> 11) / 9007199254740992.0;
}

/*
 * Pairs i in [from, to) at cycle time c: jitter is a small honest
 * variation (a fraction), and with probability p_busy a sample also loses
 * between 2% and 300% of its time to another task.
 */
static void make(size_t from, size_t to, double c, double jitter,
		 double p_busy)
{
	size_t i;

	for (i = from; i < to; i++) {
		s[i] = (ADDS * c + LOOP) * (1.0 + jitter * rnd());
		l[i] = (2 * ADDS * c + LOOP) * (1.0 + jitter * rnd());
		if (rnd() < p_busy)
			s[i] *= 1.02 + 3.0 * rnd();
		if (rnd() < p_busy)
			l[i] *= 1.02 + 3.0 * rnd();
	}
}

static void test_estimate(void)
{
	struct cycles_estimate e;
	const double c = 0.2707;	/* 3694 MHz */

	rng_state = 1;
	make(0, 30, c, 0.001, 0.0);
	CHECK("quiet: the clock is measured",
	      cycles_estimate(s, l, 30, ADDS, 11, &e) == CYCLES_OK);
	CHECK_NEAR("quiet: the cycle time is right within 0.2%",
		   e.cycle_ns, c, 0.002);
	CHECK("quiet: every pair is used", e.used == 30 && e.set_aside == 0);
	CHECK("quiet: the spread is small", (e.q3 - e.q1) / e.cycle_ns < 0.01);
	CHECK("quiet: the loop cancels (ratio of the chains just under 2)",
	      e.ratio > 1.95 && e.ratio <= 2.0);
	CHECK("quiet: all four parts measured, and they agree",
	      e.part_ns[0] > 0 && e.part_ns[3] > 0 &&
	      e.part_hi < e.part_lo * 1.01);

	rng_state = 2;
	make(0, 200, c, 0.001, 0.6);
	CHECK("busy (60% of samples disturbed): the clock is measured",
	      cycles_estimate(s, l, 200, ADDS, 11, &e) == CYCLES_OK);
	CHECK_NEAR("busy: the cycle time is still right within 0.3%",
		   e.cycle_ns, c, 0.003);
	CHECK("busy: disturbed pairs are set aside, not averaged in",
	      e.set_aside > 100 && e.used + e.set_aside == 200);

	rng_state = 3;
	make(0, 3000, c, 0.001, 0.9);
	CHECK("very busy (90% disturbed): a longer window still measures it",
	      cycles_estimate(s, l, 3000, ADDS, 11, &e) == CYCLES_OK);
	CHECK_NEAR("very busy: right within 0.3%", e.cycle_ns, c, 0.003);
	CHECK("very busy: a short window does not have enough yet",
	      cycles_estimate(s, l, 60, ADDS, 11, &e) == CYCLES_TOO_FEW);

	rng_state = 4;
	make(0, 40, c, 0.001, 1.0);
	make(40, 42, c, 0.001, 0.0);
	CHECK("two undisturbed pairs never make a figure",
	      cycles_estimate(s, l, 42, ADDS, 0, &e) == CYCLES_TOO_FEW &&
	      e.used == 2);

	rng_state = 5;
	make(0, 100, c, 0.001, 0.3);
	make(50, 75, c, 0.001, 1.0);
	CHECK("a part of the window that was all disturbed is no verdict on "
	      "the clock", cycles_estimate(s, l, 100, ADDS, 11, &e) ==
	      CYCLES_OK && e.part_ns[2] == 0.0);

	rng_state = 6;
	make(0, 50, c, 0.001, 0.2);
	make(50, 100, c * 1.5, 0.001, 0.2);
	CHECK("a clock that changes (3694 to 2463 MHz) is not steady",
	      cycles_estimate(s, l, 100, ADDS, 11, &e) == CYCLES_UNSTEADY);
	CHECK_NEAR("... and both clocks are found", e.part_hi, c * 1.5, 0.003);
	CHECK_NEAR("... (the faster one too)", e.part_lo, c, 0.003);

	rng_state = 7;
	make(0, 100, c, 0.001, 0.0);
	make(50, 100, c * 1.02, 0.001, 0.0);
	CHECK("a change within 5% is steady enough: the figure is one of the "
	      "two clocks",
	      cycles_estimate(s, l, 100, ADDS, 11, &e) == CYCLES_OK &&
	      e.cycle_ns > c * 0.998 && e.cycle_ns < c * 1.022);

	/*
	 * A virtual machine's clock (a 2-vCPU KVM guest on AMD EPYC): it
	 * wanders by a few percent over seconds, so that within 1% of the
	 * window's fastest samples there were 0 to 3 pairs of 2000, and mhz
	 * printed nothing on a quiet machine; within a chunk the clock is
	 * one.  Here: +-3% over the window, 0.3% jitter, 10% disturbed.
	 */
	rng_state = 9;
	{
		size_t i;

		for (i = 0; i < 2000; i++)
			make(i, i + 1, c * (1.0 + 0.03 * sin((double)i / 150.0)),
			     0.003, 0.1);
	}
	CHECK("a wandering clock (+-3%): measured, from many pairs",
	      cycles_estimate(s, l, 2000, ADDS, 11, &e) == CYCLES_OK &&
	      e.used > 500);
	CHECK("... the figure within the wander, the spread shows it",
	      e.cycle_ns > c * 0.97 && e.cycle_ns < c * 1.03 &&
	      (e.q3 - e.q1) / e.cycle_ns > 0.01);

	rng_state = 8;
	make(0, 40, c, 0.001, 0.0);
	memcpy(l, s, sizeof(l));
	CHECK("chains that take the same time are refused (not twice)",
	      cycles_estimate(s, l, 40, ADDS, 11, &e) == CYCLES_NOT_TWICE);
}

/* ---- bench_measure_pairs under a fake clock ------------------------ */

static uint64_t fake_ns;
static long fake_invol;
static unsigned calls_a, calls_b, preempt_every;
static uint64_t last_n_a, last_n_b;
static char order[9];	/* the last eight cases run, oldest first */

static void ran(char c)
{
	memmove(order, order + 1, 7);
	order[7] = c;
}

static uint64_t fake_now(void)
{
	return fake_ns;
}

static void fake_switches(long *voluntary, long *involuntary)
{
	*voluntary = 0;
	*involuntary = fake_invol;
}

static int run_a(struct bench *b, uint64_t n)
{
	(void)b;
	calls_a++;
	last_n_a = n;
	ran('a');
	fake_ns += n * 40;
	return 0;
}

static int run_b(struct bench *b, uint64_t n)
{
	(void)b;
	calls_b++;
	last_n_b = n;
	ran('b');
	fake_ns += n * 75;
	if (preempt_every && calls_b % preempt_every == 0)
		fake_invol++;
	return 0;
}

static const struct bench_case case_a = { .name = "a", .run = run_a };
static const struct bench_case case_b = { .name = "b", .run = run_b };
static const struct bench_spec spec = { .prog = "fake", .cases = &case_a,
					.ncases = 1 };

static unsigned stop_after;

static int want(const struct bench_pairs *p, void *arg)
{
	(void)arg;
	return stop_after == 0 || p->k < stop_after;
}

static void make_bench(struct bench *b, struct bench_harness *h)
{
	memset(b, 0, sizeof(*b));
	memset(h, 0, sizeof(*h));
	b->spec = &spec;
	b->h = h;
	b->copies = 1;
	h->now = fake_now;
	h->switches = fake_switches;
	calib_default(&h->policy, 11, 0, 1e6);
	fake_ns = 1000;
	fake_invol = 0;
	calls_a = calls_b = preempt_every = 0;
	memset(order, '-', 8);
}

static void test_pairs(void)
{
	struct bench_harness h;
	struct bench b;
	struct bench_pairs p;
	size_t i;
	int same = 1;

	make_bench(&b, &h);
	stop_after = 100;
	CHECK("pairs are taken", bench_measure_pairs(&b, &case_a, &case_b,
						     &p, want, NULL, 1e12) == 0);
	CHECK("until want_more says enough", p.k == 100);
	CHECK("both cases at one iteration count, calibrated on the second",
	      p.n == last_n_a && p.n == last_n_b && p.n * 75 >= 1000000);
	for (i = 0; i < p.k; i++)
		if (p.a[i] != 40.0 || p.b[i] != 75.0)
			same = 0;
	CHECK("samples are ns per iteration, in their own arrays", same);
	CHECK("the order alternates (a b, b a, ...)",
	      strcmp(order, "abbaabba") == 0);
	CHECK("-N is passed on", p.reps == 11);
	bench_pairs_free(&p);

	make_bench(&b, &h);
	stop_after = 0;
	bench_measure_pairs(&b, &case_a, &case_b, &p, want, NULL, 50e6);
	CHECK("the window bounds them when want_more never has enough",
	      p.k > 10 && p.k < 60);
	bench_pairs_free(&p);

	make_bench(&b, &h);
	stop_after = 40;
	preempt_every = 4;
	bench_measure_pairs(&b, &case_a, &case_b, &p, want, NULL, 1e12);
	CHECK("preempted pairs are counted (and kept for the program)",
	      p.k == 40 && p.preempted >= 8 && p.preempted <= 12);
	bench_pairs_free(&p);
}

int main(void)
{
	test_estimate();
	test_pairs();
	return unit_done();
}

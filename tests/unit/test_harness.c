/*
 * Unit tests: the harness's measurement loop driven by a fake clock, and
 * the formatting of figures and statistics lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "internal.h"
#include "sample.h"
#include "unit.h"

/*
 * The fake clock: it moves only when the fake body runs, by a fixed cost
 * per iteration plus, on chosen samples, a disturbance (another tenant
 * taking the CPU).
 */
static uint64_t fake_ns;
static double fake_cost = 250.0;	/* ns per iteration */
static unsigned fake_calls;
static unsigned fake_noisy_every;	/* every k-th sample is slow; 0 never */
static int fake_fail_at;		/* fail on this call; 0 never */
static unsigned fake_slow_call;		/* this call is 10 ms slower; 0 never */
static int fake_disturb_preempts;	/* a disturbance is a preemption */
static long fake_preempt_count;

static uint64_t fake_now(void)
{
	return fake_ns;
}

static long fake_voluntary;	/* a body that blocks switches voluntarily */
static int fake_blocks;

static void fake_switches(long *voluntary, long *involuntary)
{
	*voluntary = fake_voluntary;
	*involuntary = fake_preempt_count;
}

static int fake_run(struct bench *b, uint64_t n)
{
	(void)b;
	fake_calls++;
	if (fake_fail_at != 0 && (int)fake_calls == fake_fail_at)
		return -1;
	fake_ns += (uint64_t)((double)n * fake_cost);
	if (fake_slow_call != 0 && fake_calls == fake_slow_call)
		fake_ns += 10000000;
	if (fake_noisy_every != 0 && fake_calls % fake_noisy_every == 0) {
		fake_ns += 3000000;	/* 3 ms stolen */
		if (fake_disturb_preempts)
			fake_preempt_count++;
		if (fake_blocks)
			fake_voluntary++;
	}
	return 0;
}

static int fake_setup(struct bench *b)
{
	b->ops_per_iter = 2.0;	/* the body does two operations */
	return 0;
}

static const struct bench_case fake_case = {
	.name = "fake", .label = "Fake op", .setup = fake_setup,
	.run = fake_run,
};

/* A body as cheap as the empty loop (a procedure call, -B's loop cost
 * measured in a slow moment): what it measures, the loop taken out, is
 * about nothing. */
static const struct bench_case loop_case = {
	.name = "loopy", .label = "Loopy op", .run = fake_run,
	.flags = BENCH_SUBTRACT_LOOP,
};

static int checks_run;

static int fake_check_fails(struct bench *b)
{
	(void)b;
	checks_run++;
	return -1;
}

static const struct bench_case checked_case = {
	.name = "checked", .label = "Checked op", .run = fake_run,
	.check = fake_check_fails,
};

static const struct bench_spec fake_spec = {
	.prog = "fake", .cases = &fake_case, .ncases = 1,
};

static void make_bench(struct bench *b, struct bench_harness *h,
		       unsigned reps, int fixed)
{
	memset(b, 0, sizeof(*b));
	memset(h, 0, sizeof(*h));
	b->spec = &fake_spec;
	b->h = h;
	b->copies = 1;
	h->now = fake_now;
	h->switches = fake_switches;
	h->loop_ns = -1.0;
	h->clock_ns = 0.0;
	calib_default(&h->policy, reps, fixed, 5e6);
	fake_ns = 1000;
	fake_calls = 0;
	fake_noisy_every = 0;
	fake_fail_at = 0;
	fake_slow_call = 0;
	fake_disturb_preempts = 0;
	fake_preempt_count = 0;
	fake_voluntary = 0;
	fake_blocks = 0;
}

static void test_loop_calibration(void)
{
	struct bench_harness h;
	struct bench b;
	uint64_t n = 0;

	make_bench(&b, &h, 3, 1);
	h.loop_ns = fake_cost;	/* the loop costs all the body does */
	CHECK("a body as cheap as the loop calibrates",
	      bench_calibrate(&b, &loop_case, &n) == 0);
	CHECK("its samples are sized by their length on the clock, not the "
	      "loop-less time (no 2^40 iterations)",
	      (double)n * fake_cost >= 5e6 && (double)n * fake_cost < 1e8);
}

/* The empty loop on the fake clock: 1 ns an iteration, and four calls
 * of every seven 3 ms slower (preempted by a busy neighbour). */
static void fake_empty(uint64_t n)
{
	fake_calls++;
	fake_ns += n;
	if (fake_calls % 7 < 4)
		fake_ns += 3000000;
}

static void test_loop_cost(void)
{
	struct bench_harness h;
	struct bench b;
	double ns;

	make_bench(&b, &h, 3, 1);
	h.empty = fake_empty;
	ns = bench_loop_cost(&b);
	CHECK("the empty loop's cost is its undisturbed one when most of its "
	      "samples were preempted", ns >= 0.99 && ns <= 1.01);
}

static void test_measure(void)
{
	struct bench_harness h;
	struct bench b;
	struct bench_result r;

	make_bench(&b, &h, 11, 1);
	CHECK("a quiet fake body is measured", bench_measure(&b, &fake_case,
							     &r) == 0);
	CHECK_NEAR("the figure is the cost per operation (per iteration / 2)",
		   r.median, 125.0, 1e-6);
	CHECK("fixed -N 11 takes exactly 11 samples", r.reps == 11);
	CHECK("each sample lasts at least the target",
	      (double)r.n * fake_cost >= 5e6);
	CHECK("quiet: min == max == median", r.min == r.median &&
	      r.max == r.median);

	make_bench(&b, &h, 11, 1);
	h.clock_ns = 1000.0;
	bench_measure(&b, &fake_case, &r);
	CHECK("the clock's cost is subtracted from every sample",
	      r.median < 125.0 && r.median > 124.9);

	make_bench(&b, &h, 11, 0);
	bench_measure(&b, &fake_case, &r);
	CHECK("adaptive: a quiet figure stops early", r.reps < 11);

	make_bench(&b, &h, 11, 0);
	fake_noisy_every = 3;
	bench_measure(&b, &fake_case, &r);
	CHECK("adaptive: disturbed samples do not move the median",
	      r.median > 124.0 && r.median < 126.0);
	CHECK("adaptive: ... but show in the max", r.max > 150.0);
	CHECK("adaptive: a noisy figure takes more samples", r.reps > 11);

	make_bench(&b, &h, 11, 1);
	fake_noisy_every = 3;
	fake_disturb_preempts = 1;
	bench_measure(&b, &fake_case, &r);
	CHECK("preempted samples are set aside: the figure is all clean",
	      r.median == 125.0 && r.max == 125.0);
	CHECK("... -N 11 still means 11 samples in the figure", r.reps == 11);
	CHECK("... and the preempted ones are counted", r.preempted >= 4);

	make_bench(&b, &h, 11, 1);
	fake_noisy_every = 3;
	fake_disturb_preempts = 1;
	fake_blocks = 1;
	bench_measure(&b, &fake_case, &r);
	CHECK("a body that blocks (peers, pipes) keeps its preempted samples",
	      r.preempted == 0 && r.max > 150.0 && r.reps == 11);

	make_bench(&b, &h, 5, 1);
	fake_noisy_every = 1;
	fake_disturb_preempts = 1;
	bench_measure(&b, &fake_case, &r);
	CHECK("all preempted: the figure is still made, of the wanted count",
	      r.reps == 5 && r.median > 125.0);
	CHECK("all preempted: at most twice the samples were taken",
	      r.preempted == 10);

	make_bench(&b, &h, 11, 1);
	fake_slow_call = 1;
	bench_measure(&b, &fake_case, &r);
	CHECK("a first calibration sample stretched past the target does not "
	      "fix n at 1", r.n > 1 && (double)r.n * fake_cost >= 5e6 &&
	      r.median == 125.0);

	make_bench(&b, &h, 11, 1);
	fake_slow_call = 3;
	bench_measure(&b, &fake_case, &r);
	CHECK("nor does a later one (n then grew 32-fold, not to the target)",
	      (double)r.n * fake_cost >= 5e6 && r.median == 125.0);

	make_bench(&b, &h, 3, 1);
	fake_cost = 2e7;	/* one iteration is 20 ms, past the target */
	bench_measure(&b, &fake_case, &r);
	fake_cost = 250.0;
	CHECK("a body slower than the target: n 1, after one confirming "
	      "sample", r.n == 1 && fake_calls == 2 + 3);

	make_bench(&b, &h, 11, 1);
	fake_fail_at = 5;
	CHECK("a body that fails gives an error, not a figure",
	      bench_measure(&b, &fake_case, &r) != 0);

	make_bench(&b, &h, 3, 1);
	CHECK("a failed result check gives an error, not a figure",
	      bench_measure(&b, &checked_case, &r) != 0 && checks_run == 1);
	CHECK("while measuring, b->bc is the case measured",
	      b.bc == &checked_case);
}

/*
 * A fake CPU source for an unpinned pair: every third sample the
 * scheduler put the peer on another CPU, where each round trip costs ten
 * times as much (cross-CPU wake-ups), and the other samples ran both on
 * one CPU.  The fake body and the fake CPU source agree on the mode.
 */
static int pair_cross;		/* the mode of the sample just run */

static int pair_run(struct bench *b, uint64_t n)
{
	(void)b;
	fake_calls++;
	pair_cross = fake_calls % 3 == 0;
	fake_ns += (uint64_t)((double)n * (pair_cross ? 2500.0 : 250.0));
	return 0;
}

static unsigned fake_party_cpus(int *cpu, unsigned max)
{
	if (max < 2)
		return 0;
	cpu[0] = 0;
	cpu[1] = pair_cross ? 1 : 0;
	return 2;
}

static const struct bench_case pair_case = {
	.name = "pair", .label = "Pair op", .run = pair_run,
};

static void test_placement(void)
{
	struct bench_harness h;
	struct bench b;
	struct bench_result r;
	char line[512], *p;
	double spread;

	make_bench(&b, &h, 12, 1);
	h.party_cpus = fake_party_cpus;
	CHECK("a bimodal pair is measured",
	      bench_measure(&b, &pair_case, &r) == 0);
	CHECK("every sample's placement was seen", r.placed == r.reps);
	CHECK("a third of the samples crossed CPUs",
	      r.crossed * 3 == r.reps);
	CHECK_NEAR("the same-CPU mode's median", r.same_median, 250.0, 1e-6);
	CHECK_NEAR("the cross-CPU mode's median", r.cross_median, 2500.0,
		   1e-6);
	bench_format_stat(line, sizeof(line), "lat_x", "pair", NULL, "any",
			  &r);
	CHECK("the statistics line reports two modes, not one median",
	      strstr(line, " unit=us placement=sched cross=33% "
		     "same_median=0.25 cross_median=2.5]") != NULL);
	p = strstr(line, " spread=");
	spread = p != NULL ? atof(p + 8) : 0.0;
	CHECK("... and no small spread: at least the gap between the modes",
	      spread >= 100.0 * (2.5 - 0.25) / 0.25 - 0.01);
	CHECK("the statistics line keeps its fields in order",
	      strstr(line, " reps=12 preempted=0 n=") != NULL &&
	      strstr(line, " copies=1 cpus=any unit=us ") != NULL);

	make_bench(&b, &h, 11, 1);
	h.party_cpus = fake_party_cpus;
	h.ncpus = 1;
	h.cpus[0] = 0;
	bench_measure(&b, &pair_case, &r);
	CHECK("pinned (-C): the placement is not sampled", r.placed == 0);
	/*
	 * Whether the other CPUs' share is known depends on the clock ticks
	 * that fell in this short measurement (none on a fast box, some under
	 * emulation): the placement words are checked without it, and the
	 * others_busy field on its own below.
	 */
	r.others_known = 0;
	bench_format_stat(line, sizeof(line), "lat_x", "pair", NULL, "0", &r);
	CHECK("-C 0 is placement=same",
	      strstr(line, " cpus=0 unit=us placement=same]") != NULL);
	bench_format_stat(line, sizeof(line), "lat_x", "pair", NULL, "0,1",
			  &r);
	CHECK("-C 0,1 is placement=cross",
	      strstr(line, " cpus=0,1 unit=us placement=cross]") != NULL);
	bench_format_stat(line, sizeof(line), "lat_x", "pair", NULL, "3-3",
			  &r);
	CHECK("-C 3-3 (one CPU) is placement=same",
	      strstr(line, "placement=same]") != NULL);
	r.others_known = 1;
	r.others_busy = 0.5;
	bench_format_stat(line, sizeof(line), "lat_x", "pair", NULL, "0", &r);
	CHECK("... others_busy follows the placement when it is known",
	      strstr(line, " cpus=0 unit=us placement=same others_busy=50%]")
	      != NULL);
	bench_format_stat(line, sizeof(line), "lat_x", "pair", NULL, "any",
			  &r);
	CHECK("... and is not said of an unpinned measurement",
	      strstr(line, "others_busy") == NULL);
	r.others_known = 0;
	r.idle = "poll";
	bench_format_stat(line, sizeof(line), "lat_x", "pair", NULL, "0,1",
			  &r);
	CHECK("across CPUs, what idle CPUs did follows the placement",
	      strstr(line, " placement=cross idle=poll]") != NULL);
	bench_format_stat(line, sizeof(line), "lat_x", "pair", NULL, "0", &r);
	CHECK("... and is not said on one CPU",
	      strstr(line, " placement=same]") != NULL);
	r.idle = NULL;

	make_bench(&b, &h, 11, 1);
	h.party_cpus = fake_party_cpus;
	pair_cross = 0;
	bench_measure(&b, &fake_case, &r);
	CHECK("one mode only (all on one CPU): a share of 0, no mode medians",
	      r.placed == r.reps && r.crossed == 0 && r.same_median == 0.0);
	bench_format_stat(line, sizeof(line), "lat_x", "fake", NULL, "any",
			  &r);
	CHECK("... said as placement=sched cross=0%",
	      strstr(line, "unit=us placement=sched cross=0%]") != NULL);

	make_bench(&b, &h, 11, 1);
	bench_measure(&b, &fake_case, &r);
	CHECK("no CPU source (one party): no placement field",
	      r.placed == 0 &&
	      bench_format_stat(line, sizeof(line), "lat_x", "fake", NULL,
				"any", &r) > 0 &&
	      strstr(line, "placement") == NULL);
}

static void test_format(void)
{
	struct bench_result r;
	char line[512];

	memset(&r, 0, sizeof(r));
	r.median = 225.34;
	r.min = 224.0;
	r.max = 230.1;
	r.q1 = 225.0;
	r.q3 = 227.5;
	r.reps = 11;
	r.n = 31496;
	r.copies = 1;
	r.unit = BENCH_USEC;
	bench_format_figure(line, sizeof(line), "Simple syscall", &r);
	CHECK("microseconds with four decimals",
	      strcmp(line, "Simple syscall: 0.2253 microseconds") == 0);
	r.unit = BENCH_NSEC;
	r.median = 1.2649;
	bench_format_figure(line, sizeof(line), "integer add", &r);
	CHECK("nanoseconds with two decimals",
	      strcmp(line, "integer add: 1.26 nanoseconds") == 0);
	r.unit = BENCH_MBPS;
	r.bytes = 65536;
	r.median = 65536.0 / 894.75e6 * 1e9;	/* ns per 64 KB at 894.75 MB/s */
	bench_format_figure(line, sizeof(line), "Pipe bandwidth", &r);
	CHECK("MB/sec with two decimals, MB = 10^6 bytes",
	      strcmp(line, "Pipe bandwidth: 894.75 MB/sec") == 0);

	r.unit = BENCH_USEC;
	r.median = 2000.0;
	r.min = 1000.0;
	r.max = 4000.0;
	r.q1 = 1900.0;
	r.q3 = 2100.0;
	bench_format_stat(line, sizeof(line), "lat_x", "null", NULL, "any", &r);
	CHECK("the statistics line",
	      strcmp(line, "[latbw-stat prog=lat_x case=null median=2 min=1 "
		     "max=4 spread=10.00% reps=11 preempted=0 n=31496 copies=1 "
		     "cpus=any "
		     "unit=us]") == 0);
	bench_format_stat(line, sizeof(line), "lat_x", "null", "0.00049", "0,1",
			  &r);
	CHECK("a series point's statistics line carries x and the CPUs",
	      strstr(line, "case=null x=0.00049 median=") != NULL &&
	      strstr(line, " cpus=0,1 ") != NULL);
	r.unit = BENCH_MBPS;
	r.bytes = 1000;
	bench_format_stat(line, sizeof(line), "bw_x", "rd", NULL, "any", &r);
	CHECK("bandwidth: the slowest sample is the min",
	      strstr(line, " min=250 max=1000 ") != NULL &&
	      strstr(line, "unit=MB/s]") != NULL);
	CHECK("the statistics line holds no label text of the results format",
	      strstr(line, "size=") == NULL && strstr(line, "MHZ") == NULL &&
	      strstr(line, "latency using") == NULL && line[0] == '[');
}

/*
 * side_bytes: others move 2 bytes per ns of the fake clock while the body
 * runs, except in every 4th sample (they were off their CPUs).
 */
static double side_total;
static unsigned side_calls;

static int side_run(struct bench *b, uint64_t n)
{
	uint64_t before = fake_ns;

	fake_run(b, n);
	if (++side_calls % 4 != 0)
		side_total += 2.0 * (double)(fake_ns - before);
	return 0;
}

static double side_count(struct bench *b)
{
	(void)b;
	return side_total;
}

static const struct bench_case side_case = {
	.name = "side", .label = "Side op", .run = side_run,
	.side_bytes = side_count,
};

static void test_side(void)
{
	struct bench_harness h;
	struct bench b;
	struct bench_result r, bw;

	make_bench(&b, &h, 5, 1);
	side_total = 0.0;
	side_calls = 0;
	CHECK("a case with side_bytes is measured",
	      bench_measure(&b, &side_case, &r) == 0);
	CHECK_NEAR("the figure is the body's own", r.median, 250.0, 1e-6);
	CHECK("samples in which the others moved nothing are set aside",
	      r.reps == 5 && r.preempted > 0);
	CHECK_NEAR("side: ns per byte the others moved", r.side.median, 0.5,
		   1e-9);
	CHECK("bench_side_result makes it a bandwidth",
	      bench_side_result(&r, &bw) == 0 && bw.unit == BENCH_MBPS);
	CHECK_NEAR("2 bytes per ns is 2000 MB/s", bench_value(&bw), 2000.0,
		   1e-6);

	make_bench(&b, &h, 5, 1);
	CHECK("without side_bytes there is no side result",
	      bench_measure(&b, &fake_case, &r) == 0 &&
	      bench_side_result(&r, &bw) != 0);
}

int main(void)
{
	test_measure();
	test_loop_calibration();
	test_loop_cost();
	test_placement();
	test_format();
	test_side();
	return unit_done();
}

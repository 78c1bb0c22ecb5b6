/*
 * sample.c - one measurement in this process: the clock, the overheads
 * taken off every sample (a clock read, an empty loop), calibration of
 * the iteration count, and the samples a figure is made of.
 */
#if defined(__linux__)
#define _GNU_SOURCE	/* RUSAGE_THREAD */
#endif
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "bench.h"
#include "calib.h"
#include "cpus.h"
#include "internal.h"
#include "sample.h"
#include "stats.h"

#define CALIB_CONFIRMS 3	/* second samples one calibration may take */

uint64_t bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * UINT64_C(1000000000) + (uint64_t)ts.tv_nsec;
}

/*
 * How often we gave up the CPU (blocking: voluntary) and how often the
 * scheduler took it from us (involuntary) so far.  A sample with
 * involuntary switches and no voluntary ones ran a CPU-bound body that was
 * preempted: part of its time was someone else's.  A body that blocks or
 * hands off to peer processes switches voluntarily by nature, and there
 * the peer preempting us is part of the operation.
 */
void bench_switches(long *voluntary, long *involuntary)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0) {
		*voluntary = *involuntary = 0;
		return;
	}
	*voluntary = ru.ru_nvcsw;
	*involuntary = ru.ru_nivcsw;
}

/* The same for the calling thread only, when copies are threads (-T). */
void bench_thread_switches(long *voluntary, long *involuntary)
{
#if defined(RUSAGE_THREAD)
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru) != 0) {
		*voluntary = *involuntary = 0;
		return;
	}
	*voluntary = ru.ru_nvcsw;
	*involuntary = ru.ru_nivcsw;
#else
	/* Not known per thread: no sample is taken as preempted. */
	*voluntary = *involuntary = 0;
#endif
}

/* ---- overheads -------------------------------------------------------- */

/* The cost of one clock read: the median gap between back-to-back reads. */
double bench_clock_cost(void)
{
	double gaps[101];
	struct stats s;
	size_t i;

	for (i = 0; i < sizeof(gaps) / sizeof(gaps[0]); i++) {
		uint64_t t0 = bench_now_ns();
		uint64_t t1 = bench_now_ns();

		gaps[i] = (double)(t1 - t0);
	}
	stats_summarize(gaps, sizeof(gaps) / sizeof(gaps[0]), &s);
	return s.median;
}

/* Not inlined: the loop must stay a loop, as it is in a benchmark body. */
__attribute__((noinline)) static void empty_loop(uint64_t n)
{
	while (n-- > 0)
		BENCH_KEEP(n);
}

/*
 * The cost of one iteration of an empty loop, for BENCH_SUBTRACT_LOOP
 * cases: long enough samples, the least of several.  Not their median:
 * noise only adds time to an empty loop, and with the CPU shared (two
 * busy processes on a 2-CPU guest) most of the seven were preempted, the
 * median loop then cost more than a procedure call and lat_proc
 * procedure failed with "no measurable time" in 19 runs of 100.
 */
double bench_loop_cost(const struct bench *b)
{
	double per[7];
	struct stats s;
	uint64_t n = 1024, next;
	void (*loop)(uint64_t) = b->h->empty ? b->h->empty : empty_loop;
	size_t i;

	for (;;) {
		uint64_t t0 = b->h->now();

		loop(n);
		next = calib_next_n(&b->h->policy, n,
				    (double)(b->h->now() - t0));
		if (next == 0)
			break;
		n = next;
	}
	for (i = 0; i < sizeof(per) / sizeof(per[0]); i++) {
		uint64_t t0 = b->h->now();

		loop(n);
		per[i] = ((double)(b->h->now() - t0) - b->h->clock_ns) /
			 (double)n;
	}
	stats_summarize(per, sizeof(per) / sizeof(per[0]), &s);
	return s.min > 0.0 ? s.min : 0.0;
}

/* ---- measurement ------------------------------------------------------ */

/* Time one sample of n iterations: nanoseconds, clock cost removed;
 * *preempted says whether the scheduler ran someone else meanwhile. */
int bench_time_sample(struct bench *b, const struct bench_case *c,
		      uint64_t n, double *ns, int *preempted)
{
	uint64_t t0, t1;
	long v0, v1, i0, i1;
	double s0 = 0.0, s1 = 0.0;
	int rc;

	if (c->prepare != NULL && c->prepare(b, n) != 0)
		return -1;
	if (c->side_bytes != NULL)
		s0 = c->side_bytes(b);
	b->h->switches(&v0, &i0);
	t0 = b->h->now();
	rc = c->run(b, n);
	t1 = b->h->now();
	b->h->switches(&v1, &i1);
	if (c->side_bytes != NULL)
		s1 = c->side_bytes(b);
	if (rc != 0)
		return -1;
	/* The others' rate over the whole sample, clock cost included
	 * (only for a case that has them: -T threads share b->h). */
	if (c->side_bytes != NULL) {
		b->h->side_delta = s1 - s0;
		b->h->side_ns = (double)(t1 - t0);
	}
	*ns = (double)(t1 - t0) - b->h->clock_ns;
	if ((c->flags & BENCH_SUBTRACT_LOOP) && b->h->loop_ns > 0.0)
		*ns -= b->h->loop_ns * (double)n;
	if (preempted != NULL)
		*preempted = i1 != i0 && v1 == v0;
	return 0;
}

/*
 * Where the parties of the sample just taken ran, when the scheduler
 * chose (no -C) and there are peers: 0 all on one CPU, 1 on different
 * CPUs, -1 not known (pinned, one party, or CPUs not visible).  Untimed.
 */
static int sample_placement(struct bench *b)
{
	int cpu[64];
	unsigned n, i;

	if (b->h->ncpus > 0 || b->h->party_cpus == NULL)
		return -1;
	n = b->h->party_cpus(cpu, sizeof(cpu) / sizeof(cpu[0]));
	if (n < 2)
		return -1;
	for (i = 1; i < n; i++)
		if (cpu[i] != cpu[0])
			return 1;
	return 0;
}

/*
 * The placement of the samples v[0..n-1] (kind[i]: 0 same CPU, 1 cross,
 * -1 unknown): the counts, and, when both kinds occur, each one's
 * median.  A bimodal set (an unpinned pair that ran sometimes on one CPU,
 * sometimes on two) is then reported as two modes, not as one median.
 */
static int placement_modes(const double *v, const int *kind, unsigned n,
			   struct bench_result *r)
{
	double *mode;
	unsigned i, ns = 0, nc = 0;
	struct stats s;

	r->placed = r->crossed = 0;
	r->same_median = r->cross_median = 0.0;
	for (i = 0; i < n; i++) {
		if (kind[i] < 0)
			continue;
		r->placed++;
		r->crossed += kind[i] == 1;
	}
	if (r->crossed == 0 || r->crossed == r->placed)
		return 0;
	mode = malloc(2 * n * sizeof(*mode));
	if (mode == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		if (kind[i] == 0)
			mode[ns++] = v[i];
		else if (kind[i] == 1)
			mode[n + nc++] = v[i];
	}
	stats_summarize(mode, ns, &s);
	r->same_median = s.median;
	stats_summarize(mode + n, nc, &s);
	r->cross_median = s.median;
	free(mode);
	return 0;
}

/*
 * How long a sample of n iterations that measured ns took on the clock:
 * ns with the empty loop's cost given back.  Calibration sizes samples by
 * this, not by ns: an operation about as cheap as the loop (a procedure
 * call) leaves ns near or below zero when the loop was timed in a slow
 * moment, and n would then grow 32-fold per try to 2^40 iterations, a
 * sample of half an hour (lat_proc procedure ran into a test's 120 s
 * bound in a full make test).
 */
static double sample_length(const struct bench *b, const struct bench_case *c,
			    uint64_t n, double ns)
{
	if ((c->flags & BENCH_SUBTRACT_LOOP) && b->h->loop_ns > 0.0)
		ns += b->h->loop_ns * (double)n;
	return ns;
}

int bench_calibrate(struct bench *b, const struct bench_case *c,
		    uint64_t *np)
{
	uint64_t n = 1, next, prev_n = 0;
	double ns, again, prev_ns = 0.0;
	unsigned confirms = 0;

	if (b->fixed_n > 0) {
		*np = b->fixed_n;
		return 0;
	}
	for (;;) {
		if (bench_time_sample(b, c, n, &ns, NULL) != 0)
			return -1;
		ns = sample_length(b, c, n, ns);
		next = calib_next_n(&b->h->policy, n, ns);
		if (next == 0 && confirms < CALIB_CONFIRMS &&
		    calib_confirm(prev_n, prev_ns, n, ns)) {
			/* A stop on a sample that may have been disturbed:
			 * the faster of two samples of n decides. */
			confirms++;
			if (bench_time_sample(b, c, n, &again, NULL) != 0)
				return -1;
			again = sample_length(b, c, n, again);
			if (again < ns)
				ns = again;
			next = calib_next_n(&b->h->policy, n, ns);
		}
		if (next == 0)
			break;
		prev_n = n;
		prev_ns = ns;
		n = next;
	}
	*np = n;
	return 0;
}

/* The side rate of the sample just taken: ns per byte the others moved. */
static double side_rate(const struct bench *b)
{
	if (!(b->h->side_delta > 0.0))
		return INFINITY;
	return b->h->side_ns / b->h->side_delta;
}

/*
 * Take the samples of one figure.  Samples during which a CPU-bound body
 * was preempted (see bench_switches) are set aside and more are taken in
 * their place (at most as many again as wanted, and within the time
 * budget): on a busy machine they measure the neighbour, not the
 * operation; so are samples of a case with side_bytes during which the
 * others moved nothing.  The figure is made of the wanted number of
 * samples, clean ones first; only when too few were clean do set-aside
 * ones fill in (the statistics line counts them).
 */
int bench_take_samples(struct bench *b, const struct bench_case *c,
		       uint64_t n, struct bench_result *r)
{
	const struct calib_policy *p = &b->h->policy;
	unsigned want = p->fixed ? p->reps : p->reps_max;
	unsigned cap = 2 * want, kc = 0, kp = 0, used, i;
	double *clean, *pre, ns, per_iter;
	double *side_c, *side_p;	/* each sample's side rate, ns/byte */
	int *kind_c, *kind_p;	/* each sample's placement (sample_placement) */
	uint64_t start;
	struct stats s;
	int preempted;

	per_iter = b->ops_per_iter > 0 ? b->ops_per_iter : 1.0;
	for (i = 0; i < b->h->warmups; i++)
		if (bench_time_sample(b, c, n, &ns, NULL) != 0)
			return -1;
	clean = calloc(4 * cap, sizeof(*clean));
	kind_c = calloc(2 * cap, sizeof(*kind_c));
	if (clean == NULL || kind_c == NULL) {
		free(clean);
		free(kind_c);
		return bench_error(b, "out of memory");
	}
	pre = clean + cap;
	side_c = clean + 2 * cap;
	side_p = clean + 3 * cap;
	kind_p = kind_c + cap;
	start = b->h->now();
	for (;;) {
		double spent = (double)(b->h->now() - start);

		if (!calib_want_more(p, clean, kc, spent) || kc + kp >= cap)
			break;
		if (!p->fixed && kc + kp >= p->reps_min && spent >= p->budget_ns)
			break;
		if (bench_time_sample(b, c, n, &ns, &preempted) != 0) {
			free(clean);
			free(kind_c);
			return -1;
		}
		/* A sample during which the others moved nothing (they were
		 * descheduled) was not taken under their load: set aside too. */
		if (preempted ||
		    (c->side_bytes != NULL && !(b->h->side_delta > 0.0))) {
			kind_p[kp] = sample_placement(b);
			side_p[kp] = side_rate(b);
			pre[kp++] = ns / ((double)n * per_iter);
		} else {
			kind_c[kc] = sample_placement(b);
			side_c[kc] = side_rate(b);
			clean[kc++] = ns / ((double)n * per_iter);
		}
	}
	/*
	 * Too few clean samples: fill up with set-aside ones, in order, those
	 * during which the others moved something first (a neighbour that
	 * preempts the loaders now and then leaves most samples with some
	 * load, and the figure is then still one under load).
	 */
	used = kc;
	if (used < 3) {
		unsigned enough = p->fixed ? p->reps : p->reps_min;
		int pass;

		for (pass = 0; pass < 2; pass++)
			for (i = 0; i < kp && used < enough; i++) {
				int moved = c->side_bytes == NULL ||
					    isfinite(side_p[i]);

				if (moved != (pass == 0))
					continue;
				kind_c[used] = kind_p[i];
				side_c[used] = side_p[i];
				clean[used++] = pre[i];
			}
	}
	memset(r, 0, sizeof(*r));
	if (c->side_bytes != NULL && used > 0) {
		stats_summarize(side_c, used, &s);
		r->side.median = s.median;
		r->side.min = s.min;
		r->side.max = s.max;
		r->side.q1 = s.q1;
		r->side.q3 = s.q3;
	}
	/* Before stats_summarize, which sorts the samples. */
	if (placement_modes(clean, kind_c, used, r) != 0) {
		free(clean);
		free(kind_c);
		return bench_error(b, "out of memory");
	}
	stats_summarize(clean, used, &s);
	free(clean);
	free(kind_c);
	if (!(s.median > 0.0) || !isfinite(s.median))
		return bench_error(b, "%s: the operation took no measurable "
				   "time (below the clock's resolution)",
				   c->name);
	r->median = s.median;
	r->min = s.min;
	r->max = s.max;
	r->q1 = s.q1;
	r->q3 = s.q3;
	r->reps = used;
	r->preempted = kp;
	r->n = n;
	r->copies = 1;
	r->unit = c->unit;
	r->bytes = b->bytes;
	r->case_name = c->name;
	r->ops_per_sec = 1e9 / s.median;
	return 0;
}

void bench_case_reset(struct bench *b)
{
	b->ops_per_iter = 1.0;
	b->bytes = 0.0;
	b->fixed_n = 0;
}

void bench_case_begin(struct bench *b, const struct bench_case *c)
{
	b->bc = c;
	b->h->case_name = c->name;
	bench_case_reset(b);
}

uint64_t bench_clock_ns(const struct bench *b)
{
	return b->h->now();
}

unsigned bench_warmups(const struct bench *b)
{
	return b->h->warmups;
}

unsigned bench_reps(const struct bench *b)
{
	return b->h->policy.reps;
}

int bench_case_ready(struct bench *b, const struct bench_case *c,
		     uint64_t *n)
{
	if (c->unit == BENCH_MBPS && !(b->bytes > 0.0))
		return bench_error(b, "%s: set-up gave no byte count", c->name);
	return bench_calibrate(b, c, n);
}

int bench_measure_local(struct bench *b, const struct bench_case *c,
			struct bench_result *r)
{
	uint64_t n;
	int rc = 0;

	bench_case_reset(b);
	if (c->setup != NULL && (rc = c->setup(b)) != 0)
		return rc;
	if (bench_case_ready(b, c, &n) != 0 ||
	    bench_take_samples(b, c, n, r) != 0 ||
	    (c->check != NULL && c->check(b) != 0))
		rc = -1;
	if (c->cleanup != NULL)
		c->cleanup(b);
	return rc;
}

/* The other CPUs' business meanwhile, outside every sample. */
void bench_watch_begin(struct bench *b, struct bench_watch *w)
{
	w->t0 = NULL;
	w->psi0 = -1.0;
	w->wall0 = 0;
	if (b->h->ncpus > 0) {
		w->t0 = cpus_times_now();
		w->psi0 = cpus_pressure_us();
		w->wall0 = bench_now_ns();
	}
}

void bench_watch_end(struct bench *b, struct bench_watch *w,
		     struct bench_result *r)
{
	r->others_busy = cpus_others_busy(w->t0, b->h->cpus, b->h->ncpus);
	r->others_known = r->others_busy >= 0.0;
	/*
	 * Across CPUs, with no other CPU to watch (t0 read, none left
	 * out): the machine's CPU pressure is about ours.  One copy only:
	 * copies (-P, -G) outnumber the CPUs and wait for each other.
	 */
	r->cpu_wait_known = 0;
	if (w->t0 != NULL && !r->others_known && w->psi0 >= 0.0 &&
	    b->copies <= 1 && !b->h->sweep &&
	    strcmp(cpus_placement(b->h->cpus_text), "cross") == 0) {
		double psi1 = cpus_pressure_us();
		uint64_t wall = bench_now_ns() - w->wall0;

		if (psi1 >= w->psi0 && wall > 0) {
			r->cpu_wait = (psi1 - w->psi0) * 1000.0 / (double)wall;
			if (r->cpu_wait > 1.0)
				r->cpu_wait = 1.0;
			r->cpu_wait_known = 1;
		}
	}
	free(w->t0);
	w->t0 = NULL;
}

/*
 * pairs.c - paired samples of two cases at one iteration count, for
 * figures that are a difference (see bench_measure_pairs in bench.h).
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "sample.h"
#include "stats.h"

/* Calibrations taken; the largest count wins (see below). */
#define CALIBRATIONS 3

void bench_pairs_free(struct bench_pairs *p)
{
	free(p->a);
	p->a = p->b = NULL;
	p->k = p->cap = 0;
}

static int grow(struct bench_pairs *p)
{
	size_t cap = p->cap ? 2 * p->cap : 64;
	double *a = realloc(p->a, 2 * cap * sizeof(*a));
	size_t i;

	if (a == NULL)
		return -1;
	/* a and b share one block: move b's samples up to their new place. */
	for (i = p->k; i-- > 0;)
		a[cap + i] = a[p->cap + i];
	p->a = a;
	p->b = a + cap;
	p->cap = cap;
	return 0;
}

static int take_pairs(struct bench *b, const struct bench_case *ca,
		      const struct bench_case *cb, struct bench_pairs *p,
		      int (*want_more)(const struct bench_pairs *, void *),
		      void *arg, double max_ns)
{
	uint64_t n = 0, start;
	double ta, tb;
	unsigned i;
	int pa, pb;

	/*
	 * A calibration sample that was preempted looks long and stops the
	 * count early (never late): of several calibrations the largest
	 * count is the undisturbed one.
	 */
	for (i = 0; i < CALIBRATIONS; i++) {
		uint64_t m;

		if (bench_calibrate(b, cb, &m) != 0)
			return -1;
		if (m > n)
			n = m;
	}
	p->n = n;
	for (i = 0; i < bench_warmups(b); i++)
		if (bench_time_sample(b, ca, n, &ta, NULL) != 0 ||
		    bench_time_sample(b, cb, n, &tb, NULL) != 0)
			return -1;
	start = bench_clock_ns(b);
	for (;;) {
		if (p->k == p->cap && grow(p) != 0)
			return bench_error(b, "out of memory");
		/* Alternate the order, so that a slow drift (of the clock,
		 * of the machine's load) falls on both cases alike. */
		if (p->k % 2 == 0) {
			if (bench_time_sample(b, ca, n, &ta, &pa) != 0 ||
			    bench_time_sample(b, cb, n, &tb, &pb) != 0)
				return -1;
		} else {
			if (bench_time_sample(b, cb, n, &tb, &pb) != 0 ||
			    bench_time_sample(b, ca, n, &ta, &pa) != 0)
				return -1;
		}
		p->a[p->k] = ta / (double)n;
		p->b[p->k] = tb / (double)n;
		p->k++;
		if (pa || pb)
			p->preempted++;
		if (!want_more(p, arg) ||
		    (double)(bench_clock_ns(b) - start) >= max_ns)
			return 0;
	}
}

int bench_measure_pairs(struct bench *b, const struct bench_case *ca,
			const struct bench_case *cb, struct bench_pairs *p,
			int (*want_more)(const struct bench_pairs *p,
					 void *arg),
			void *arg, double max_ns)
{
	struct bench_watch w;
	struct bench_result seen;
	int rc = 0;

	if (b->copies > 1)
		bench_usage_error(b, "%s cannot run as parallel copies (-P)",
				  ca->name);
	p->a = p->b = NULL;
	p->k = p->cap = 0;
	p->preempted = 0;
	p->n = 0;
	p->reps = bench_reps(b);
	bench_case_begin(b, cb);
	bench_watch_begin(b, &w);
	if (ca->setup != NULL && (rc = ca->setup(b)) != 0)
		goto out;
	if (cb->setup != NULL && (rc = cb->setup(b)) != 0) {
		if (ca->cleanup != NULL)
			ca->cleanup(b);
		goto out;
	}
	rc = take_pairs(b, ca, cb, p, want_more, arg, max_ns);
	if (cb->cleanup != NULL)
		cb->cleanup(b);
	if (ca->cleanup != NULL)
		ca->cleanup(b);
	if (rc != 0)
		bench_pairs_free(p);
out:
	memset(&seen, 0, sizeof(seen));
	bench_watch_end(b, &w, &seen);
	p->others_busy = seen.others_busy;
	p->others_known = seen.others_known;
	p->cpu_wait = seen.cpu_wait;
	p->cpu_wait_known = seen.cpu_wait_known;
	return rc;
}

void bench_pairs_result(const struct bench_pairs *p, double *v,
			const struct bench_case *c, struct bench_result *r)
{
	struct stats s;

	stats_summarize(v, p->k, &s);
	memset(r, 0, sizeof(*r));
	r->median = s.median;
	r->min = s.min;
	r->max = s.max;
	r->q1 = s.q1;
	r->q3 = s.q3;
	r->reps = (unsigned)p->k;
	r->preempted = p->preempted;
	r->n = p->n;
	r->copies = 1;
	r->unit = c->unit;
	r->case_name = c->name;
	r->ops_per_sec = s.median > 0.0 ? 1e9 / s.median : 0.0;
	r->others_busy = p->others_busy;
	r->others_known = p->others_known;
	r->cpu_wait = p->cpu_wait;
	r->cpu_wait_known = p->cpu_wait_known;
}

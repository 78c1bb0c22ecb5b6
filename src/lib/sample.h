/*
 * sample.h - the samples of one case in this process (sample.c), for the
 * harness's modules that measure (copies.c, pairs.c) without reaching
 * into its private state (internal.h).
 */
#ifndef LATBW_SAMPLE_H
#define LATBW_SAMPLE_H

#include <stdint.h>

#include "bench.h"

/* One sample of case c at n iterations: ns (clock cost removed), and
 * whether a CPU-bound body was preempted (preempted may be NULL). */
int bench_time_sample(struct bench *b, const struct bench_case *c,
		      uint64_t n, double *ns, int *preempted);
/* The iteration count that makes one sample of c last -E. */
int bench_calibrate(struct bench *b, const struct bench_case *c,
		    uint64_t *n);
/* Before a case's setup: what setup may set, at its defaults. */
void bench_case_reset(struct bench *b);
/* The same, and c is the case b's statistics lines name. */
void bench_case_begin(struct bench *b, const struct bench_case *c);
/* The harness's clock in ns (bench_now_ns, or a unit test's). */
uint64_t bench_clock_ns(const struct bench *b);
/* -W: warm-up samples; -N: the samples wanted. */
unsigned bench_warmups(const struct bench *b);
unsigned bench_reps(const struct bench *b);

/*
 * What the other CPUs did while a pinned measurement ran (others_busy,
 * cpu_wait of struct bench_result): bench_watch_begin before it,
 * bench_watch_end after, which fills in r's four fields (and frees).
 */
struct cpus_times;
struct bench_watch {
	struct cpus_times *t0;
	double psi0;
	uint64_t wall0;
};
void bench_watch_begin(struct bench *b, struct bench_watch *w);
void bench_watch_end(struct bench *b, struct bench_watch *w,
		     struct bench_result *r);

#endif

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

#endif

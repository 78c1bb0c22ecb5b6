/* internal.h - the harness's own state, shared by its source files only. */
#ifndef LATBW_INTERNAL_H
#define LATBW_INTERNAL_H

#include "bench.h"
#include "calib.h"
#include "proc.h"

#define BENCH_MAX_CPUS 256

struct bench_optval {
	int set;
	long long num;
	const char *str;
};

struct bench_harness {
	struct calib_policy policy;
	unsigned warmups;		/* -W */
	unsigned bound_secs;		/* -B */
	int cpus[BENCH_MAX_CPUS];	/* -C */
	unsigned ncpus;
	char cpus_text[64];
	double clock_ns;		/* cost of one clock read */
	double loop_ns;			/* cost of one empty iteration, or < 0 */
	struct bench_optval *optval;	/* parallel to spec->opts */
	const char *case_name;		/* for statistics lines */
	int output_failed;		/* an output line could not be written */
	int threads;			/* -T: copies are threads */
	int sweep;			/* -G: the scaling curve */
	int copies_set;			/* -P was given */
	int own_cpu;			/* peers pin to their copy's CPU (-G) */
	int idle_os;			/* -I: leave idle CPUs to the OS */
	const char *idle_mode;		/* "poll" or "os" (cpus_idle_hold) */
	uint64_t (*now)(void);		/* the clock: bench_now_ns, or a test's */
	/* context switches so far, voluntary and involuntary, or a test's */
	void (*switches)(long *voluntary, long *involuntary);
	/* where the parties are: proc_party_cpus, or a test's */
	unsigned (*party_cpus)(int *cpu, unsigned max);
	/* The bytes the case's side_bytes counted during the last sample
	 * (time_sample), and that sample's time in ns. */
	double side_delta, side_ns;
};

/* bench.c */
uint64_t bench_now_ns(void);
void bench_switches(long *voluntary, long *involuntary);
/* One sample of case c at n iterations: ns (clock cost removed), and
 * whether a CPU-bound body was preempted (preempted may be NULL). */
int bench_time_sample(struct bench *b, const struct bench_case *c,
		      uint64_t n, double *ns, int *preempted);
/* The iteration count that makes one sample of c last -E. */
int bench_calibrate(struct bench *b, const struct bench_case *c,
		    uint64_t *n);
/* The figure's line, "<label>: <value> <unit>", without a newline. */
int bench_format_figure(char *buf, size_t len, const char *label,
			const struct bench_result *r);
/* The statistics line (its format: above bench_format_stat in bench.c,
 * and doc/results-format.7), without a newline. */
int bench_format_stat(char *buf, size_t len, const char *prog,
		      const char *case_name, const char *x, const char *cpus,
		      const struct bench_result *r);

#endif

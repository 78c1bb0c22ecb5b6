/*
 * internal.h - the harness's own state, shared by its modules only
 * (bench options sample copies sweep output; see bench.h) and by
 * the unit tests that drive them.
 */
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
	/* an empty loop of n iterations (bench_loop_cost): NULL for the
	 * harness's own, or a test's */
	void (*empty)(uint64_t n);
	/* context switches so far, voluntary and involuntary, or a test's */
	void (*switches)(long *voluntary, long *involuntary);
	/* where the parties are: proc_party_cpus, or a test's */
	unsigned (*party_cpus)(int *cpu, unsigned max);
	/* The bytes the case's side_bytes counted during the last sample
	 * (bench_time_sample), and that sample's time in ns. */
	double side_delta, side_ns;
};

/*
 * Between the harness's modules (the layers in bench.h: a module calls
 * only those of the layers below it).
 */

/* options.c: the options (exit 2 on a bad one), then the case the first
 * operand names (when it names one); b->argc, b->argv are what is left. */
void bench_parse_args(struct bench *b, int argc, char **argv);

/* sample.c */
uint64_t bench_now_ns(void);
void bench_switches(long *voluntary, long *involuntary);
/* The same for the calling thread only, when copies are threads (-T). */
void bench_thread_switches(long *voluntary, long *involuntary);
/* The cost of one clock read, and of one iteration of an empty loop
 * (for BENCH_SUBTRACT_LOOP cases), in ns. */
double bench_clock_cost(void);
double bench_loop_cost(const struct bench *b);
/* bench_time_sample, bench_calibrate, bench_case_reset: in sample.h. */
/* After a case's setup: a bandwidth case must have set b->bytes; then
 * the iteration count of its samples (bench_calibrate).  0 or -1. */
int bench_case_ready(struct bench *b, const struct bench_case *c,
		     uint64_t *n);
/* The samples of one figure at n iterations each, into r. */
int bench_take_samples(struct bench *b, const struct bench_case *c,
		       uint64_t n, struct bench_result *r);
/* Case c in this process: setup, calibration, samples, check, cleanup. */
int bench_measure_local(struct bench *b, const struct bench_case *c,
			struct bench_result *r);

/* copies.c: -T with a case that may not run as threads: said, exit 2. */
void bench_check_threads(struct bench *b, const struct bench_case *c);

/* output.c */
/* The figure's line, "<label>: <value> <unit>", without a newline. */
int bench_format_figure(char *buf, size_t len, const char *label,
			const struct bench_result *r);
/* The statistics line (its format: above bench_format_stat in output.c,
 * and doc/results-format.7), without a newline. */
int bench_format_stat(char *buf, size_t len, const char *prog,
		      const char *case_name, const char *x, const char *cpus,
		      const struct bench_result *r);

#endif

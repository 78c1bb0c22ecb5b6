/*
 * bench.h - the latbw timing harness.
 *
 * A benchmark program declares what it measures in a struct bench_spec and
 * hands it to bench_main().  The harness owns everything else: options,
 * the clock, calibration, repetitions, statistics, overhead subtraction,
 * parallel copies (-P), CPU placement (-C), the time bound (-B), child
 * processes, temporary files, signals and output.  A benchmark never reads
 * a clock, parses an option with getopt or prints a result with printf.
 *
 * The simplest program is a table of cases:
 *
 *	static int null_run(struct bench *b, uint64_t n)
 *	{
 *		while (n-- > 0)
 *			getppid();
 *		return 0;
 *	}
 *	static const struct bench_case cases[] = {
 *		{ .name = "null", .label = "Simple syscall", .run = null_run },
 *	};
 *	static const struct bench_spec spec = {
 *		.prog = "lat_syscall", .operands = "null|read|...",
 *		.cases = cases, .ncases = 1,
 *	};
 *	int main(int argc, char **argv) { return bench_main(argc, argv, &spec); }
 *
 * With more than one case and no .parse hook, the first operand names the
 * case.  Sweeps and programs with lines of their own give a .main hook that
 * calls bench_measure() and the output functions below.
 *
 * The library in layers.  A module calls only modules of layers below its
 * own, never one of its layer or above, and includes only headers of its
 * layer or below (x.h is of x.c's layer; a header with no module of its
 * own is named on its layer's line); messages are at the bottom, so that
 * every layer can say what went wrong without calling up.  The table is
 * read by tests/t2200-lib-layers.sh, which checks it against the symbols
 * each object file of src/lib defines and uses (nm) and against the
 * #include lines of src/lib: a new module goes on one of these lines.
 *
 *	layer 7: file ipc mem net ops
 *		the plumbing of benchmark families: files, two-process IPC,
 *		memory, sockets, arithmetic
 *	layer 6: bench
 *		the harness's entry point, bench_main
 *	layer 5: sweep
 *		-G, the scaling curve
 *	layer 4: copies pairs
 *		bench_measure: one copy, or -P copies as processes or (-T)
 *		threads; paired samples (mhz)
 *	layer 3: options sample
 *		the command line (bench_usage_error) and the -C list; the
 *		clock, calibration and samples of one measurement
 *	layer 2: output bench.h internal.h
 *		figures, statistics lines, bench_error and bench_skip; the
 *		harness's API (bench.h) and its modules' shared state
 *	layer 1: proc cpus calib cycles levels
 *		children, temporary files, signals and the time bound
 *		(proc.h); CPU lists and pinning (cpus.h); calibration
 *		policy; cycle time and cache levels from samples
 *	layer 0: diag io parse rpc stats topo
 *		messages on stderr (diag.h); full reads and writes (io.h);
 *		numbers from text (parse.h); RPC messages; medians and
 *		quartiles; the CPU topology sysfs describes (topo.h)
 *
 * The programs (src/<name>.c) sit on top and may call any of them.
 */
#ifndef LATBW_BENCH_H
#define LATBW_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "parse.h"
#include "proc.h"

/* The suite's version: the top-level VERSION file, passed in by the
 * Makefile (-DLATBW_VERSION) so that programs and scripts say the same. */
#ifndef LATBW_VERSION
#error "LATBW_VERSION is not defined: build with the Makefile (it reads VERSION)"
#endif

struct bench;

/* What one operation's time is reported as. */
enum bench_unit {
	BENCH_USEC = 0,	/* "<label>: %.4f microseconds" (time per operation) */
	BENCH_NSEC,	/* "<label>: %.2f nanoseconds" */
	BENCH_MBPS,	/* "<label>: %.2f MB/sec" (b->bytes per operation, MB = 10^6) */
};

/* Case flags. */
enum {
	/*
	 * Subtract the cost of an empty loop iteration from every operation:
	 * for bodies of a few nanoseconds, where the loop around them is a
	 * visible part of what is timed.
	 */
	BENCH_SUBTRACT_LOOP = 1 << 0,
	/* The case may not run under -P (it forks its own peers, say). */
	BENCH_NO_PARALLEL = 1 << 1,
	/*
	 * The case may run as threads of one process (-T): all its state is
	 * in b->priv and made by setup, nothing in its timed body touches
	 * the harness's registry of children and files, and its peers (if
	 * any) are processes forked in setup.  Without the flag, -T refuses
	 * the case (it forks in its timed body, say, or keeps state of the
	 * process): said on stderr, exit 2, no figure.  A program with a
	 * main hook takes -T only if every case of its spec has the flag:
	 * checked before the main prints anything.
	 */
	BENCH_THREADS = 1 << 2,
};

/* Returned by a setup hook that cannot run on this system (see bench_skip). */
#define BENCH_SKIPPED (-2)

struct bench_case {
	const char *name;	/* selects the case: "null", "read", ... */
	const char *label;	/* the lmbench label: "Simple syscall" */
	enum bench_unit unit;
	unsigned flags;
	/* Untimed, once per measurement: 0, -1 (error) or BENCH_SKIPPED. */
	int (*setup)(struct bench *b);
	/* TIMED: perform the operation n times; 0, or -1 on any failure. */
	int (*run)(struct bench *b, uint64_t n);
	/* Untimed, always called after a setup that returned 0. */
	void (*cleanup)(struct bench *b);
	/*
	 * Untimed, optional: after the samples and before the figure is
	 * reported (in every -P copy), check that the work was really done
	 * right (sums, copies).  0, or -1 with a message: no figure then.
	 */
	int (*check)(struct bench *b);
	/*
	 * Untimed, optional: before each sample (warm-ups included), bring
	 * about the state every sample starts from -- a fresh directory,
	 * a synced file system -- for the n iterations about to be timed.
	 * 0, or -1 with a message.
	 */
	int (*prepare)(struct bench *b, uint64_t n);
	/*
	 * Untimed, optional: a running count of the bytes that processes
	 * other than the timed one move while it runs (lat_mem_load's
	 * loaders), read just before and just after each sample.  The
	 * result's `side` is then the rate they achieved during the samples
	 * the figure is made of (see bench_side_result).
	 */
	double (*side_bytes)(struct bench *b);
};

/* Option types for a program's own options. */
enum bench_opt_type {
	BENCH_OPT_FLAG,		/* no argument */
	BENCH_OPT_INT,		/* a whole number in [min, max] */
	BENCH_OPT_SIZE,		/* bytes, with an optional k/m/g suffix (1024-based) */
	BENCH_OPT_STRING,	/* any text */
};

struct bench_opt {
	char flag;		/* the letter: 'n' for -n */
	enum bench_opt_type type;
	const char *arg;	/* its argument in the usage line: "N", "bytes" */
	const char *help;	/* one line for --help */
	long long def;		/* the default for INT and SIZE */
	long long min, max;	/* bounds for INT and SIZE (max 0: no upper bound) */
};

struct bench_spec {
	const char *prog;	/* program name, for messages and stats lines */
	const char *operands;	/* the operands part of the usage line */
	const struct bench_case *cases;
	size_t ncases;
	const struct bench_opt *opts;	/* the program's own options, or NULL */
	size_t nopts;
	size_t priv_size;	/* bytes of zeroed private state at b->priv */
	/*
	 * With more than one case the first operand names it, unless this
	 * is set: then the parse hook picks b->bc (see bench_find_case).
	 */
	int case_not_first;
	/* Default sample length in microseconds (-E); 0 means 5000. */
	unsigned sample_usecs;
	/*
	 * Optional: check the operands (b->argc, b->argv) after option
	 * parsing and case selection; call bench_usage_error() on bad ones.
	 */
	int (*parse)(struct bench *b);
	/*
	 * With a main hook: 1 if main takes -G itself (it prepares, then
	 * calls bench_sweep when bench_sweeping says so); otherwise -G is
	 * refused for a program with a main.
	 */
	int main_sweeps;
	/*
	 * 1 if main measures across CPUs by itself, without -C (lat_c2c's
	 * matrices): idle CPUs are held polling as for -C a,b, unless -I.
	 */
	int crosses_cpus;
	/*
	 * Optional: drive the run yourself (sweeps, several figures, lines
	 * of your own).  Return 0, -1 (error, already said), or BENCH_SKIPPED.
	 * Without it the harness measures the selected case and reports it.
	 */
	int (*main)(struct bench *b);
};

/*
 * The state of one run.  Fields a benchmark may read or set are public;
 * the harness's own are behind `h`.
 */
struct bench {
	const struct bench_spec *spec;
	const struct bench_case *bc;	/* the selected case (NULL if none) */
	int argc;			/* operands left after options (and case) */
	char **argv;
	void *priv;			/* spec->priv_size bytes, zeroed */
	/* Set by setup: */
	double ops_per_iter;		/* operations one iteration performs (1) */
	double bytes;			/* bytes per operation, for BENCH_MBPS */
	uint64_t fixed_n;		/* every sample exactly this many iterations
					 * (no calibration: -E does not apply); 0 */
	/* Read-only for benchmarks: */
	unsigned copy;			/* 0..copies-1: which -P copy this is */
	unsigned copies;		/* -P */
	const char *self_dir;		/* directory holding this program */
	struct bench_harness *h;
};

/* What a measurement found.  Times are nanoseconds per operation. */
struct bench_result {
	double median;		/* the figure: median of the samples */
	double min, max;	/* extremes of the samples */
	double q1, q3;		/* quartiles: spread = (q3 - q1) / median */
	unsigned reps;		/* samples the figure is made of */
	unsigned preempted;	/* samples during which we were preempted */
	uint64_t n;		/* iterations per sample */
	unsigned copies;	/* -P copies combined */
	enum bench_unit unit;
	double bytes;		/* bytes per operation (bandwidth) */
	const char *case_name;	/* the case measured (statistics lines) */
	/*
	 * Unpinned runs with peer processes (the scheduler's choice of
	 * CPUs): where the parties ran, seen after each sample.  placed
	 * samples had their parties' CPUs read; crossed of them had parties
	 * on different CPUs.  When both kinds occur, each kind's median (ns
	 * per operation, like median).
	 */
	unsigned placed, crossed;
	double same_median, cross_median;
	/*
	 * Throughput: operations per second of all the copies together, the
	 * sum of each copy's 1/median (with one copy, 1e9/median).
	 */
	double ops_per_sec;
	/*
	 * With a case's side_bytes: nanoseconds per byte the others moved
	 * in each sample (infinite if they moved none), summarised over the
	 * same samples as the figure; all 0 without.
	 */
	struct {
		double median, min, max, q1, q3;
	} side;
	/*
	 * A pinned measurement: how busy the CPUs it was not pinned to were
	 * meanwhile (0 to 1), when others_known (bench_measure sets both; a
	 * result made otherwise has none).  A neighbour can slow a
	 * measurement without sharing its CPU (a virtual machine's CPUs
	 * share the host's), so the statistics line says.
	 */
	double others_busy;
	int others_known;
	/*
	 * A measurement of one copy pinned across CPUs with no CPU left out
	 * (every CPU of the machine is one of its own, so others_busy has
	 * none to watch): the share of its time during which some task
	 * waited for a CPU (Linux's CPU pressure, "some"), when
	 * cpu_wait_known.  Where each party has its CPU to itself, a few
	 * percent; another process on one of them makes it wait (and so do
	 * parties that outnumber the CPUs, by design).
	 */
	double cpu_wait;
	int cpu_wait_known;
	/*
	 * Across CPUs, what idle CPUs did while it was measured: "poll" or
	 * "os" (see cpus_idle_hold); NULL: the harness's, when reported.
	 */
	const char *idle;
	/*
	 * A measured overhead taken off every figure of the result
	 * (bench_subtract), nanoseconds per operation; 0: none.  The
	 * statistics line says it (less=), so that the whole that was
	 * timed (median + less) can be told from the difference.
	 */
	double less;
};

/* Entry point: parse, measure, report, clean up; returns the exit status
 * (0 done, 1 failed or timed out, 2 usage, 3 cannot run here). */
int bench_main(int argc, char **argv, const struct bench_spec *spec);

/* Measure case c (setup, calibrate, samples, check, cleanup; -P copies).
 * While it runs, b->bc is c. */
int bench_measure(struct bench *b, const struct bench_case *c,
		  struct bench_result *r);

/*
 * Paired samples, for a figure that is the difference of two cases (mhz's
 * two chains): case cb is calibrated to the sample length (-E), then ca
 * and cb are timed one after the other at that same iteration count, so
 * that what they share (the loop, reading the clock) cancels in their
 * difference.  Pairs are taken after -W warm-up pairs, for as long as
 * want_more(p, arg) returns 1, and at most for max_ns.  p->a[i] and
 * p->b[i] are nanoseconds per operation; p->preempted counts pairs during
 * which a CPU-bound body was preempted (they are kept: the program judges
 * its samples).  Not under -P.  Free with bench_pairs_free.
 */
struct bench_pairs {
	double *a, *b;
	size_t k, cap;
	unsigned preempted;
	uint64_t n;		/* iterations per sample */
	unsigned reps;		/* -N: the samples wanted (nominal 11) */
	/* What the other CPUs did meanwhile, as in struct bench_result. */
	double others_busy, cpu_wait;
	int others_known, cpu_wait_known;
};
int bench_measure_pairs(struct bench *b, const struct bench_case *ca,
			const struct bench_case *cb, struct bench_pairs *p,
			int (*want_more)(const struct bench_pairs *p,
					 void *arg),
			void *arg, double max_ns);
void bench_pairs_free(struct bench_pairs *p);
/*
 * The result of the p->k values v (ns per operation: one side of the
 * pairs, or a figure made of each pair such as their difference) as case
 * c's: their median, quartiles and extremes, with p's counts and what the
 * other CPUs did.  v is sorted in place.
 */
void bench_pairs_result(const struct bench_pairs *p, double *v,
			const struct bench_case *c, struct bench_result *r);

/*
 * r less ns per operation, a measured overhead (lat_ctx's work beside
 * the switch, lat_sig's sending, lat_pagefault's mmap and munmap):
 * median, quartiles, max and each placement's median move by ns, min no
 * lower than 0, and r->less adds ns.  The caller checks that the
 * difference is above 0 before it reports it.
 */
void bench_subtract(struct bench_result *r, double ns);

/* The result in its case's unit: µs, ns or MB/s. */
double bench_value(const struct bench_result *r);
/* A time per operation (one of r's ns fields) in r's unit. */
double bench_value_of(const struct bench_result *r, double ns);

/* The side rate of r (a case with side_bytes) as a bandwidth result of
 * its own, for bench_report_point: 0, or -1 if there is none or the
 * others moved nothing in some sample. */
int bench_side_result(const struct bench_result *r, struct bench_result *bw);

/*
 * -G, the scaling curve (see latbw(7)): whether it was asked for, and,
 * for a program whose main takes it (spec->main_sweeps), the curve of
 * case c, printed as a series.  0, -1 or BENCH_SKIPPED.
 */
int bench_sweeping(const struct bench *b);
int bench_sweep(struct bench *b, const struct bench_case *c);

/* Print "<label>: <value> <unit>" and the statistics line. */
void bench_report(struct bench *b, const char *label,
		  const struct bench_result *r);
/* Print a series point "<x> <value>" (value with `decimals` decimals) and
 * its statistics line; x is already formatted by the caller. */
void bench_report_point(struct bench *b, const char *x, double value,
			int decimals, const struct bench_result *r);
/* Print only the statistics line for a figure the program printed in a
 * form of its own (x: the series x, or NULL). */
void bench_report_stat(struct bench *b, const char *x,
		       const struct bench_result *r);
/* Print one output line of the program's own form (a series title, a
 * "NNNN MHz" line, ...).  A newline is added. */
void bench_printf(struct bench *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Diagnostics, all "<prog>: ..." on stderr.  bench_error returns -1 and
 * bench_skip BENCH_SKIPPED, for `return bench_error(b, ...)`. */
int bench_error(struct bench *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int bench_skip(struct bench *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
_Noreturn void bench_usage_error(struct bench *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* For the helpers in src/aux, which read their own arguments: arg -h or
 * --help prints help on stdout, --version the version as every program
 * prints it ("<prog> (latbw) <VERSION>", then what it was built for,
 * "built for x86_64 with glibc 2.36"); either
 * returns the exit status (0; 1 if stdout could not be written).  Any
 * other arg: -1. */
int bench_help_version(const char *prog, const char *help, const char *arg);

/* The case called `name`, or NULL. */
const struct bench_case *bench_find_case(const struct bench *b,
					 const char *name);

/* Options (the program's own, by letter). */
int bench_opt_isset(const struct bench *b, char flag);
long long bench_opt_num(const struct bench *b, char flag);
const char *bench_opt_str(const struct bench *b, char flag);

/* Reading and writing all of a buffer: io_readn, io_writen in io.h. */

/* Parsing helpers for operands: bench_parse_size, bench_parse_uint,
 * bench_parse_decimal in parse.h (included above). */

/* Child processes and temporary files: bench_fork, bench_reap,
 * bench_tmpfile, bench_tmpdir, bench_remove, ... in proc.h (included above). */

/* CPU placement: pin the calling process to the -C list's entry for
 * (copy + role); a no-op without -C.  0 or -1. */
int bench_pin(struct bench *b, unsigned role);
/* Whether -P copies run as threads of this process (-T): 1 or 0. */
int bench_threads(const struct bench *b);
/* Number of CPUs in the -C list (0 without -C). */
unsigned bench_ncpus(const struct bench *b);
/* The -C list's entry i (i < bench_ncpus), or -1. */
int bench_cpu(const struct bench *b, unsigned i);
/*
 * For programs that measure on CPUs they choose (lat_c2c's pairs): make
 * cpu[0..n-1] the -C list, so that bench_pin uses it and the statistics
 * lines say cpus=<it> and its placement.  0, or -1 (n is 0 or too many).
 */
int bench_set_cpus(struct bench *b, const int *cpu, unsigned n);

/*
 * Keep the compiler from folding or removing a computation: after
 * BENCH_KEEP(x) the compiler must assume x was read and changed.  Used in
 * dependency chains (mhz, lat_ops) and by empty loops.
 */
#if defined(__GNUC__) || defined(__clang__)
#define BENCH_KEEP(x) __asm__ __volatile__("" : "+r"(x))
#if defined(__x86_64__) || defined(__i386__)
#define BENCH_KEEP_FP(x) __asm__ __volatile__("" : "+x"(x))
#elif defined(__aarch64__)
#define BENCH_KEEP_FP(x) __asm__ __volatile__("" : "+w"(x))
#else
#define BENCH_KEEP_FP(x) __asm__ __volatile__("" : "+m"(x))
#endif
#else
#error "latbw needs GCC or Clang inline-asm barriers (BENCH_KEEP)"
#endif

#endif

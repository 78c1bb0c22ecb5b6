/*
 * bench.c - options, calibration, samples, parallel copies and output.
 */
#if defined(__linux__)
#define _GNU_SOURCE	/* RUSAGE_THREAD */
#endif
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "cpus.h"
#include "diag.h"
#include "internal.h"
#include "io.h"
#include "proc.h"
#include "stats.h"

#define DEFAULT_REPS 11
#define DEFAULT_TARGET_US 5000
#define DEFAULT_BOUND_SECS 600
#define CALIB_CONFIRMS 3	/* second samples one calibration may take */

static const char lib_optstring[] = "P:W:N:C:E:B:TGIh";

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
static void thread_switches(long *voluntary, long *involuntary)
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

/* ---- diagnostics ---------------------------------------------------- */

/* Messages go through diag (the bottom layer), named after the program. */
static void vsay(const struct bench *b, const char *prefix, const char *fmt,
		 va_list ap)
{
	diag_vsay(b->spec->prog, prefix, fmt, ap);
}

int bench_error(struct bench *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(b, "", fmt, ap);
	va_end(ap);
	return -1;
}

int bench_skip(struct bench *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(b, "cannot run here: ", fmt, ap);
	va_end(ap);
	return BENCH_SKIPPED;
}

static void print_usage(const struct bench *b, FILE *out, int full)
{
	const struct bench_spec *s = b->spec;
	size_t i;

	fprintf(out, "usage: %s [-P copies] [-T] [-G] [-W warmups] [-N reps] "
		"[-C cpus] [-E usecs] [-B secs] [-I]", s->prog);
	for (i = 0; i < s->nopts; i++) {
		if (s->opts[i].type == BENCH_OPT_FLAG)
			fprintf(out, " [-%c]", s->opts[i].flag);
		else
			fprintf(out, " [-%c %s]", s->opts[i].flag,
				s->opts[i].arg);
	}
	fprintf(out, "%s%s\n", s->operands ? " " : "",
		s->operands ? s->operands : "");
	if (!full)
		return;
	fprintf(out, "  -P copies  run this many copies at once (latency per copy, "
		"bandwidth summed)\n"
		"  -T         the copies are threads of one process, not "
		"processes\n"
		"  -G         scaling curve: 1, 2, ... copies (up to -P, default "
		"one per CPU),\n"
		"             each pinned to a CPU of its own; total operations "
		"per second\n"
		"  -W warmups samples to take and discard before measuring\n"
		"  -N reps    exactly this many samples (default: 11, fewer when "
		"quiet, up to 33 when noisy)\n"
		"  -C cpus    pin to these CPUs, e.g. 0 or 0,1 or 0-3\n"
		"  -E usecs   make one sample last at least this long "
		"(default %u)\n"
		"  -B secs    stop with an error after this long (default %u)\n"
		"  -I         across CPUs, leave idle CPUs to the OS (default: "
		"they poll)\n",
		s->sample_usecs ? s->sample_usecs : DEFAULT_TARGET_US,
		DEFAULT_BOUND_SECS);
	for (i = 0; i < s->nopts; i++)
		fprintf(out, "  -%c %-7s %s\n", s->opts[i].flag,
			s->opts[i].type == BENCH_OPT_FLAG ? "" : s->opts[i].arg,
			s->opts[i].help);
	fprintf(out, "  -h, --help this help\n"
		"  --version  the version of latbw\n");
}

/*
 * What the program was built for, for --version's second line (the driver
 * names the results file's OS triple after the C library from it).  musl
 * defines no macro of its own: on Linux, a C library that is none of the
 * others is taken to be musl.
 */
#if defined(__x86_64__)
#define BUILD_ARCH "x86_64"
#elif defined(__i386__)
#define BUILD_ARCH "i386"
#elif defined(__aarch64__)
#define BUILD_ARCH "aarch64"
#elif defined(__arm__)
#define BUILD_ARCH "arm"
#elif defined(__riscv) && __riscv_xlen == 64
#define BUILD_ARCH "riscv64"
#elif defined(__riscv)
#define BUILD_ARCH "riscv32"
#elif defined(__powerpc64__)
#define BUILD_ARCH "ppc64"
#elif defined(__s390x__)
#define BUILD_ARCH "s390x"
#elif defined(__loongarch64)
#define BUILD_ARCH "loongarch64"
#elif defined(__mips__)
#define BUILD_ARCH "mips"
#else
#define BUILD_ARCH "an unknown architecture"
#endif

void bench_version(const char *prog)
{
	printf("%s (latbw) %s\n", prog, LATBW_VERSION);
#if defined(__UCLIBC__)
	printf("built for %s with uclibc\n", BUILD_ARCH);
#elif defined(__GLIBC__)
	printf("built for %s with glibc %d.%d\n", BUILD_ARCH, __GLIBC__,
	       __GLIBC_MINOR__);
#elif defined(__BIONIC__)
	printf("built for %s with bionic\n", BUILD_ARCH);
#elif defined(__linux__)
	printf("built for %s with musl\n", BUILD_ARCH);
#else
	printf("built for %s with the system's C library\n", BUILD_ARCH);
#endif
}

int bench_help_version(const char *prog, const char *help, const char *arg)
{
	if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0)
		fputs(help, stdout);
	else if (strcmp(arg, "--version") == 0)
		bench_version(prog);
	else
		return -1;
	return fflush(stdout) == 0 ? 0 : 1;
}

/*
 * --help and --version, the two long options every program takes.  The
 * C library's getopt knows only short ones (it calls "--help" an unknown
 * option "-"), so they are looked for first, up to a "--"; any other long
 * option is named in the error.
 */
static void long_options(struct bench *b, int argc, char **argv)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (strcmp(argv[i], "--help") == 0) {
			print_usage(b, stdout, 1);
			exit(0);
		}
		if (strcmp(argv[i], "--version") == 0) {
			bench_version(b->spec->prog);
			exit(0);
		}
		if (strncmp(argv[i], "--", 2) == 0)
			bench_usage_error(b, "unknown option %s", argv[i]);
	}
}

void bench_usage_error(struct bench *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(b, "", fmt, ap);
	va_end(ap);
	print_usage(b, stderr, 0);
	proc_cleanup_all();
	exit(2);
}

/* ---- options -------------------------------------------------------- */

static const struct bench_opt *find_opt(const struct bench_spec *s, int flag,
					size_t *idx)
{
	size_t i;

	for (i = 0; i < s->nopts; i++)
		if (s->opts[i].flag == flag) {
			*idx = i;
			return &s->opts[i];
		}
	return NULL;
}

int bench_opt_isset(const struct bench *b, char flag)
{
	size_t i;

	return find_opt(b->spec, flag, &i) != NULL && b->h->optval[i].set;
}

long long bench_opt_num(const struct bench *b, char flag)
{
	const struct bench_opt *o;
	size_t i;

	o = find_opt(b->spec, flag, &i);
	if (o == NULL)
		return 0;
	return b->h->optval[i].set ? b->h->optval[i].num : o->def;
}

const char *bench_opt_str(const struct bench *b, char flag)
{
	size_t i;

	if (find_opt(b->spec, flag, &i) == NULL || !b->h->optval[i].set)
		return NULL;
	return b->h->optval[i].str;
}

static long long lib_number(struct bench *b, int flag, const char *arg,
			    unsigned long long lo, unsigned long long hi)
{
	uint64_t v;

	if (bench_parse_uint(arg, &v) != 0 || v < lo || v > hi)
		bench_usage_error(b, "-%c wants a whole number from %llu to %llu, "
				  "not '%s'", flag, lo, hi, arg);
	return (long long)v;
}

/*
 * -C: "0", "0,1", "0-3,6" (cpus.c reads the list).  Each CPU once: the
 * entries are the parties' and copies' CPUs, and a CPU named twice would
 * put two of them on one CPU while the statistics line says two (a -G
 * point of two copies "each on a CPU of its own", lat_mem_load's loader
 * on the chase's CPU).  Each CPU one this process can be pinned to
 * (cpus_check), said now, before any output, not when a pin fails.
 */
static void parse_cpus(struct bench *b, const char *arg)
{
	struct bench_harness *h = b->h;
	char why[512];
	unsigned i, j;

	if (strlen(arg) >= sizeof(h->cpus_text))
		bench_usage_error(b, "-C list too long: '%s'", arg);
	h->ncpus = cpus_parse(arg, h->cpus, BENCH_MAX_CPUS);
	if (h->ncpus == 0)
		bench_usage_error(b, "-C wants CPU numbers like 0 or 0,1 or "
				  "0-3, not '%s'", arg);
	for (i = 1; i < h->ncpus; i++)
		for (j = 0; j < i; j++)
			if (h->cpus[i] == h->cpus[j])
				bench_usage_error(b, "-C %s names CPU %d twice: "
						  "each CPU once (-C %d puts "
						  "every party on it)", arg,
						  h->cpus[i], h->cpus[i]);
	for (i = 0; i < h->ncpus; i++)
		if (cpus_check(h->cpus[i], why, sizeof(why)) != 0)
			bench_usage_error(b, "-C %s: %s", arg, why);
	strcpy(h->cpus_text, arg);
}

static void prog_option(struct bench *b, const struct bench_opt *o,
			struct bench_optval *v, const char *arg)
{
	uint64_t x;
	unsigned long long hi = o->max > 0 ? (unsigned long long)o->max
					   : (unsigned long long)LLONG_MAX;

	v->set = 1;
	v->str = arg;
	switch (o->type) {
	case BENCH_OPT_FLAG:
	case BENCH_OPT_STRING:
		return;
	case BENCH_OPT_INT:
		if (bench_parse_uint(arg, &x) != 0 ||
		    x < (unsigned long long)o->min || x > hi)
			bench_usage_error(b, "-%c wants a whole number from %lld "
					  "to %llu, not '%s'", o->flag,
					  o->min, hi, arg);
		break;
	case BENCH_OPT_SIZE:
		if (bench_parse_size(arg, &x) != 0 ||
		    x < (unsigned long long)o->min || x > hi)
			bench_usage_error(b, "-%c wants a size in bytes (k, m, g "
					  "suffixes) from %lld to %llu, not "
					  "'%s'", o->flag, o->min, hi, arg);
		break;
	}
	v->num = (long long)x;
}

static void parse_options(struct bench *b, int argc, char **argv)
{
	const struct bench_spec *s = b->spec;
	struct bench_harness *h = b->h;
	char optstring[128];
	unsigned reps = DEFAULT_REPS;
	unsigned target_us = s->sample_usecs ? s->sample_usecs
					     : DEFAULT_TARGET_US;
	int fixed = 0, c;
	size_t i, len;

	strcpy(optstring, ":");
	strcat(optstring, lib_optstring);
	len = strlen(optstring);
	for (i = 0; i < s->nopts && len + 2 < sizeof(optstring); i++) {
		/* A program's option may not shadow the harness's (getopt
		 * would give it to the first in the string, silently). */
		if (strchr(lib_optstring, s->opts[i].flag) != NULL) {
			fprintf(stderr, "%s: internal error: its option -%c is "
				"the harness's\n", s->prog, s->opts[i].flag);
			exit(1);
		}
		optstring[len++] = s->opts[i].flag;
		if (s->opts[i].type != BENCH_OPT_FLAG)
			optstring[len++] = ':';
		optstring[len] = '\0';
	}
	long_options(b, argc, argv);
	h->bound_secs = DEFAULT_BOUND_SECS;
	b->copies = 1;
	opterr = 0;
	while ((c = getopt(argc, argv, optstring)) != -1) {
		const struct bench_opt *o;

		switch (c) {
		case 'P':
			b->copies = (unsigned)lib_number(b, c, optarg, 1, 1024);
			h->copies_set = 1;
			continue;
		case 'T':
			h->threads = 1;
			continue;
		case 'G':
			h->sweep = 1;
			continue;
		case 'I':
			h->idle_os = 1;
			continue;
		case 'W':
			h->warmups = (unsigned)lib_number(b, c, optarg, 0, 1000);
			continue;
		case 'N':
			reps = (unsigned)lib_number(b, c, optarg, 1, 1000);
			fixed = 1;
			continue;
		case 'C':
			parse_cpus(b, optarg);
			continue;
		case 'E':
			target_us = (unsigned)lib_number(b, c, optarg, 10,
							 60000000);
			continue;
		case 'B':
			h->bound_secs = (unsigned)lib_number(b, c, optarg, 1,
							     604800);
			continue;
		case 'h':
			print_usage(b, stdout, 1);
			exit(0);
		case ':':
			bench_usage_error(b, "-%c needs an argument", optopt);
		case '?':
			bench_usage_error(b, "unknown option -%c", optopt);
		default:
			break;
		}
		o = find_opt(s, c, &i);
		if (o == NULL)
			bench_usage_error(b, "unknown option -%c", c);
		prog_option(b, o, &h->optval[i], optarg);
	}
	calib_default(&h->policy, reps, fixed, target_us * 1000.0);
	b->argc = argc - optind;
	b->argv = argv + optind;
}

const struct bench_case *bench_find_case(const struct bench *b,
					 const char *name)
{
	size_t i;

	for (i = 0; i < b->spec->ncases; i++)
		if (strcmp(b->spec->cases[i].name, name) == 0)
			return &b->spec->cases[i];
	return NULL;
}

static void select_case(struct bench *b)
{
	const struct bench_spec *s = b->spec;

	if (s->ncases == 0)
		return;
	b->bc = &s->cases[0];
	if (s->ncases == 1 || s->case_not_first)
		return;
	if (b->argc < 1)
		bench_usage_error(b, "which case? %s", s->operands);
	b->bc = bench_find_case(b, b->argv[0]);
	if (b->bc == NULL)
		bench_usage_error(b, "unknown case '%s'", b->argv[0]);
	b->argc--;
	b->argv++;
}

static void find_self_dir(struct bench *b, const char *argv0)
{
	static char dir[PATH_MAX];
	ssize_t len;
	char *slash;

	len = readlink("/proc/self/exe", dir, sizeof(dir) - 1);
	if (len > 0) {
		dir[len] = '\0';
	} else if (argv0 != NULL && strchr(argv0, '/') != NULL &&
		   strlen(argv0) < sizeof(dir)) {
		strcpy(dir, argv0);
	} else {
		strcpy(dir, "./x");
	}
	slash = strrchr(dir, '/');
	if (slash == dir)
		slash[1] = '\0';
	else if (slash != NULL)
		*slash = '\0';
	b->self_dir = dir;
}

/* ---- overheads -------------------------------------------------------- */

/* The cost of one clock read: the median gap between back-to-back reads. */
static double measure_clock_cost(void)
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
 * cases.  Timed like any body: long enough samples, median of several.
 */
static double measure_loop_cost(const struct bench *b)
{
	double per[7];
	struct stats s;
	uint64_t n = 1024, next;
	size_t i;

	for (;;) {
		uint64_t t0 = bench_now_ns();

		empty_loop(n);
		next = calib_next_n(&b->h->policy, n,
				    (double)(bench_now_ns() - t0));
		if (next == 0)
			break;
		n = next;
	}
	for (i = 0; i < sizeof(per) / sizeof(per[0]); i++) {
		uint64_t t0 = bench_now_ns();

		empty_loop(n);
		per[i] = ((double)(bench_now_ns() - t0) - b->h->clock_ns) /
			 (double)n;
	}
	stats_summarize(per, sizeof(per) / sizeof(per[0]), &s);
	return s.median > 0.0 ? s.median : 0.0;
}

/* ---- measurement ------------------------------------------------------ */

/* Time one sample of n iterations: nanoseconds, clock cost removed;
 * *preempted says whether the scheduler ran someone else meanwhile. */
static int time_sample(struct bench *b, const struct bench_case *c,
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

static int calibrate(struct bench *b, const struct bench_case *c,
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
		if (time_sample(b, c, n, &ns, NULL) != 0)
			return -1;
		next = calib_next_n(&b->h->policy, n, ns);
		if (next == 0 && confirms < CALIB_CONFIRMS &&
		    calib_confirm(prev_n, prev_ns, n, ns)) {
			/* A stop on a sample that may have been disturbed:
			 * the faster of two samples of n decides. */
			confirms++;
			if (time_sample(b, c, n, &again, NULL) != 0)
				return -1;
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

int bench_time_sample(struct bench *b, const struct bench_case *c,
		      uint64_t n, double *ns, int *preempted)
{
	return time_sample(b, c, n, ns, preempted);
}

int bench_calibrate(struct bench *b, const struct bench_case *c,
		    uint64_t *n)
{
	return calibrate(b, c, n);
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
 * was preempted (see bench_switches) are set aside and more are taken in their place (at most as many again
 * as wanted, and within the time budget): on a busy machine they measure
 * the neighbour, not the operation; so are samples of a case with
 * side_bytes during which the others moved nothing.  The figure is made of the wanted
 * number of samples, clean ones first; only when too few were clean do
 * set-aside ones fill in (the statistics line counts them).
 */
static int take_samples(struct bench *b, const struct bench_case *c,
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
		if (time_sample(b, c, n, &ns, NULL) != 0)
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
		if (time_sample(b, c, n, &ns, &preempted) != 0) {
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

static int check_bandwidth(struct bench *b, const struct bench_case *c)
{
	if (c->unit == BENCH_MBPS && !(b->bytes > 0.0))
		return bench_error(b, "%s: set-up gave no byte count", c->name);
	return 0;
}

static int measure_local(struct bench *b, const struct bench_case *c,
			 struct bench_result *r)
{
	uint64_t n;
	int rc = 0;

	b->ops_per_iter = 1.0;
	b->bytes = 0.0;
	b->fixed_n = 0;
	if (c->setup != NULL && (rc = c->setup(b)) != 0)
		return rc;
	if (check_bandwidth(b, c) != 0 || calibrate(b, c, &n) != 0 ||
	    take_samples(b, c, n, r) != 0 ||
	    (c->check != NULL && c->check(b) != 0))
		rc = -1;
	if (c->cleanup != NULL)
		c->cleanup(b);
	return rc;
}

/*
 * One -P copy, in its own process: set up and calibrate, say ready, wait
 * until every copy is ready (the parent closes the go pipe), take the
 * samples, send the result.  Copies run their samples at the same time.
 */
static _Noreturn void run_copy(struct bench *b, const struct bench_case *c,
			       int ready_fd, int go_fd, int result_fd)
{
	struct bench_result r;
	char flag = 'F', dummy;
	uint64_t n = 0;
	int rc, ok = 0;

	b->ops_per_iter = 1.0;
	b->bytes = 0.0;
	b->fixed_n = 0;
	rc = bench_pin(b, 0);
	if (rc == 0 && c->setup != NULL)
		rc = c->setup(b);
	if (rc == 0) {
		if (check_bandwidth(b, c) == 0 && calibrate(b, c, &n) == 0)
			flag = 'R';
	} else if (rc == BENCH_SKIPPED) {
		flag = 'S';
	}
	if (io_writen(ready_fd, &flag, 1) == 1 && flag == 'R' &&
	    read(go_fd, &dummy, 1) == 0 && take_samples(b, c, n, &r) == 0 &&
	    (c->check == NULL || c->check(b) == 0) &&
	    io_writen(result_fd, &r, sizeof(r)) == (ssize_t)sizeof(r))
		ok = 1;
	if (rc == 0 && c->cleanup != NULL)
		c->cleanup(b);
	proc_cleanup_all();
	_exit(ok ? 0 : 1);
}

/* Latency: the mean of the copies' figures.  Bandwidth: their sum. */
static void combine(struct bench_result *all, const struct bench_result *r,
		    unsigned k)
{
	if (k == 0) {
		*all = *r;
		return;
	}
	if (r->unit == BENCH_MBPS) {
		/* Add rates: bytes/t = bytes/t1 + bytes/t2. */
		all->median = 1.0 / (1.0 / all->median + 1.0 / r->median);
		all->q1 = 1.0 / (1.0 / all->q1 + 1.0 / r->q1);
		all->q3 = 1.0 / (1.0 / all->q3 + 1.0 / r->q3);
		all->min = 1.0 / (1.0 / all->min + 1.0 / r->min);
		all->max = 1.0 / (1.0 / all->max + 1.0 / r->max);
	} else {
		all->median = (all->median * k + r->median) / (k + 1);
		all->q1 = (all->q1 * k + r->q1) / (k + 1);
		all->q3 = (all->q3 * k + r->q3) / (k + 1);
		all->min = all->min < r->min ? all->min : r->min;
		all->max = all->max > r->max ? all->max : r->max;
	}
	all->reps = all->reps < r->reps ? all->reps : r->reps;
	all->preempted += r->preempted;
	all->ops_per_sec += r->ops_per_sec;
	/* Placement: the copies' counts add up; a mode's median is the
	 * latest copy's that saw both modes (copies measure the same). */
	all->placed += r->placed;
	all->crossed += r->crossed;
	if (r->same_median > 0.0 && r->cross_median > 0.0) {
		all->same_median = r->same_median;
		all->cross_median = r->cross_median;
	}
}

static int measure_parallel(struct bench *b, const struct bench_case *c,
			    struct bench_result *out)
{
	int ready[2], go[2], res[2];
	pid_t *pids;
	unsigned i, started = 0, readies = 0, skipped = 0, got = 0;
	int rc = 0;

	if (c->flags & BENCH_NO_PARALLEL)
		bench_usage_error(b, "%s cannot run as parallel copies (-P)",
				  c->name);
	pids = calloc(b->copies, sizeof(*pids));
	if (pids == NULL)
		return bench_error(b, "out of memory");
	if (pipe(ready) != 0 || pipe(go) != 0 || pipe(res) != 0) {
		free(pids);
		return bench_error(b, "pipe: %s", strerror(errno));
	}
	for (i = 0; i < b->copies; i++) {
		pid_t pid = bench_fork();

		if (pid < 0) {
			rc = bench_error(b, "fork: %s", strerror(errno));
			break;
		}
		if (pid == 0) {
			close(ready[0]);
			close(go[1]);
			close(res[0]);
			b->copy = i;
			run_copy(b, c, ready[1], go[0], res[1]);
		}
		pids[started++] = pid;
	}
	close(ready[1]);
	close(go[0]);
	close(res[1]);
	for (i = 0; i < started; i++) {
		char flag;

		if (io_readn(ready[0], &flag, 1) != 1)
			break;
		if (flag == 'R')
			readies++;
		else if (flag == 'S')
			skipped++;
	}
	/* Start them all at once, or, if one failed, let them all go. */
	close(go[1]);
	if (rc == 0 && readies == b->copies) {
		for (i = 0; i < b->copies; i++) {
			struct bench_result r;

			if (io_readn(res[0], &r, sizeof(r)) !=
			    (ssize_t)sizeof(r))
				break;
			combine(out, &r, got++);
		}
	}
	for (i = 0; i < started; i++)
		bench_reap(pids[i], NULL);
	close(ready[0]);
	close(res[0]);
	free(pids);
	if (rc != 0)
		return rc;
	if (skipped > 0)
		return BENCH_SKIPPED;
	if (got != b->copies)
		return bench_error(b, "%s: %u of %u copies failed", c->name,
				   b->copies - got, b->copies);
	out->copies = got;
	return 0;
}

/*
 * Copies as threads (-T): what the threads share.  Set-ups and clean-ups
 * run one at a time (under `lock`): they may fork peers and register
 * files, and the registry in proc.c is not made for threads; the timed
 * bodies run at the same time, as -P's processes do.
 */
struct thread_group {
	pthread_mutex_t lock;	/* set-up and clean-up, one at a time */
	pthread_mutex_t mu;	/* the fields below */
	pthread_cond_t cv;
	unsigned ready, skipped, failed;
	int go, abort;
};

struct copy_thread {
	struct bench b;		/* this copy's: its own priv and copy number */
	const struct bench_case *c;
	struct thread_group *g;
	struct bench_result r;
	int ok;
	pthread_t tid;
};

/* One copy as a thread: run_copy's steps, with a condition variable for
 * the ready and go pipes. */
static void *copy_thread_main(void *arg)
{
	struct copy_thread *t = arg;
	struct thread_group *g = t->g;
	struct bench *b = &t->b;
	const struct bench_case *c = t->c;
	uint64_t n = 0;
	int rc, ready = 0, go;

	b->ops_per_iter = 1.0;
	b->bytes = 0.0;
	b->fixed_n = 0;
	rc = bench_pin(b, 0);
	pthread_mutex_lock(&g->lock);
	if (rc == 0 && c->setup != NULL)
		rc = c->setup(b);
	pthread_mutex_unlock(&g->lock);
	if (rc == 0 && check_bandwidth(b, c) == 0 && calibrate(b, c, &n) == 0)
		ready = 1;
	pthread_mutex_lock(&g->mu);
	g->ready++;
	if (rc == BENCH_SKIPPED)
		g->skipped++;
	else if (!ready)
		g->failed++;
	pthread_cond_broadcast(&g->cv);
	while (!g->go)
		pthread_cond_wait(&g->cv, &g->mu);
	go = !g->abort;
	pthread_mutex_unlock(&g->mu);
	if (ready && go && take_samples(b, c, n, &t->r) == 0 &&
	    (c->check == NULL || c->check(b) == 0))
		t->ok = 1;
	if (rc == 0 && c->cleanup != NULL) {
		pthread_mutex_lock(&g->lock);
		c->cleanup(b);
		pthread_mutex_unlock(&g->lock);
	}
	return NULL;
}

static int measure_threads(struct bench *b, const struct bench_case *c,
			   struct bench_result *out)
{
	struct thread_group g;
	struct copy_thread *t;
	unsigned i, started = 0, got = 0, skipped, failed;
	int rc = 0, err;

	if (c->flags & BENCH_NO_PARALLEL)
		bench_usage_error(b, "%s cannot run as parallel copies (-P)",
				  c->name);
	t = calloc(b->copies, sizeof(*t));
	if (t == NULL)
		return bench_error(b, "out of memory");
	memset(&g, 0, sizeof(g));
	pthread_mutex_init(&g.lock, NULL);
	pthread_mutex_init(&g.mu, NULL);
	pthread_cond_init(&g.cv, NULL);
	for (i = 0; i < b->copies; i++) {
		t[i].b = *b;
		t[i].b.copy = i;
		t[i].b.priv = calloc(1, b->spec->priv_size + 1);
		t[i].c = c;
		t[i].g = &g;
		if (t[i].b.priv == NULL) {
			rc = bench_error(b, "out of memory");
			break;
		}
		/* What the program set before measuring (a file's name),
		 * as a forked copy inherits it; setup makes the rest. */
		memcpy(t[i].b.priv, b->priv, b->spec->priv_size);
		err = pthread_create(&t[i].tid, NULL, copy_thread_main, &t[i]);
		if (err != 0) {
			free(t[i].b.priv);
			rc = bench_error(b, "pthread_create: %s", strerror(err));
			break;
		}
		started++;
	}
	/* Start them all at once, or, if one failed, let them all go. */
	pthread_mutex_lock(&g.mu);
	while (g.ready < started)
		pthread_cond_wait(&g.cv, &g.mu);
	g.abort = rc != 0 || g.failed > 0 || g.skipped > 0;
	g.go = 1;
	skipped = g.skipped;
	failed = g.failed;
	pthread_cond_broadcast(&g.cv);
	pthread_mutex_unlock(&g.mu);
	for (i = 0; i < started; i++) {
		pthread_join(t[i].tid, NULL);
		if (t[i].ok)
			combine(out, &t[i].r, got++);
		free(t[i].b.priv);
	}
	free(t);
	pthread_cond_destroy(&g.cv);
	pthread_mutex_destroy(&g.mu);
	pthread_mutex_destroy(&g.lock);
	if (rc != 0)
		return rc;
	if (skipped > 0 && failed == 0)
		return BENCH_SKIPPED;
	if (got != b->copies)
		return bench_error(b, "%s: %u of %u copies (threads) failed",
				   c->name, b->copies - got, b->copies);
	out->copies = got;
	return 0;
}

/* -T with a case that may not run as threads: said, exit 2. */
static void check_threads(struct bench *b, const struct bench_case *c)
{
	if (b->h->threads && !(c->flags & BENCH_THREADS))
		bench_usage_error(b, "%s cannot run as threads (-T): it keeps "
				  "state of its process or forks in its timed "
				  "part; leave out -T", c->name);
}

int bench_measure(struct bench *b, const struct bench_case *c,
		  struct bench_result *r)
{
	struct cpus_times *t0 = NULL;
	double psi0 = -1.0;
	uint64_t wall0 = 0;
	int rc;

	b->bc = c;
	b->h->case_name = c->name;
	check_threads(b, c);
	if ((c->flags & BENCH_SUBTRACT_LOOP) && b->h->loop_ns < 0.0)
		b->h->loop_ns = measure_loop_cost(b);
	/* The other CPUs' business meanwhile, outside every sample. */
	if (b->h->ncpus > 0) {
		t0 = cpus_times_now();
		psi0 = cpus_pressure_us();
		wall0 = bench_now_ns();
	}
	if (b->h->threads)
		rc = measure_threads(b, c, r);
	else if (b->copies > 1 || b->h->sweep)
		rc = measure_parallel(b, c, r);
	else
		rc = measure_local(b, c, r);
	r->others_busy = cpus_others_busy(t0, b->h->cpus, b->h->ncpus);
	r->others_known = r->others_busy >= 0.0;
	/*
	 * Across CPUs, with no other CPU to watch (t0 read, none left
	 * out): the machine's CPU pressure is about ours.  One copy only:
	 * copies (-P, -G) outnumber the CPUs and wait for each other.
	 */
	r->cpu_wait_known = 0;
	if (t0 != NULL && !r->others_known && psi0 >= 0.0 &&
	    b->copies <= 1 && !b->h->sweep &&
	    strcmp(cpus_placement(b->h->cpus_text), "cross") == 0) {
		double psi1 = cpus_pressure_us();
		uint64_t wall = bench_now_ns() - wall0;

		if (psi1 >= psi0 && wall > 0) {
			r->cpu_wait = (psi1 - psi0) * 1000.0 / (double)wall;
			if (r->cpu_wait > 1.0)
				r->cpu_wait = 1.0;
			r->cpu_wait_known = 1;
		}
	}
	free(t0);
	return rc;
}

/*
 * -G: the scaling curve of case c.  For k = 1, 2, ... up to -P (default:
 * one per CPU of the -C list, or of the CPUs we may run on), k copies
 * (processes, or threads under -T), copy i pinned to the list's i-th CPU
 * with its peers.  A series
 *	"scaling <prog> <case> processes|threads
 *	<k> <operations per second of all k copies>
 * then a blank line, then each point's statistics line (x=k: the time per
 * operation of one copy, the mean of the copies', as under -P).  Points
 * are printed as they are measured, so an interrupted curve keeps them.
 */
int bench_sweeping(const struct bench *b)
{
	return b->h->sweep;
}

int bench_sweep(struct bench *b, const struct bench_case *c)
{
	struct bench_harness *h = b->h;
	struct bench_result *r;
	int list[BENCH_MAX_CPUS];
	char (*cpus)[sizeof(h->cpus_text)];
	unsigned n, max, k, done = 0;
	char x[16], line[512];
	int rc = 0;

	if (h->ncpus > 0) {
		n = h->ncpus;
		memcpy(list, h->cpus, n * sizeof(list[0]));
	} else {
		n = cpus_allowed(list, BENCH_MAX_CPUS);
		if (n == 0)
			return bench_skip(b, "the CPUs this process may run on "
					  "are not known, and -G pins each "
					  "copy to one: give them with -C");
	}
	max = h->copies_set ? b->copies : n;
	if (max > n)
		bench_usage_error(b, "-G -P %u: more copies than the %u CPU%s "
				  "to pin them to", max, n, n == 1 ? "" : "s");
	/* Refused before the series' title, not after it. */
	check_threads(b, c);
	r = calloc(max, sizeof(*r));
	cpus = calloc(max, sizeof(*cpus));
	if (r == NULL || cpus == NULL) {
		free(r);
		free(cpus);
		return bench_error(b, "out of memory");
	}
	h->own_cpu = 1;
	bench_printf(b, "\"scaling %s %s %s", b->spec->prog, c->name,
		     h->threads ? "threads" : "processes");
	for (k = 1; k <= max; k++) {
		if (bench_set_cpus(b, list, k) != 0) {
			rc = bench_error(b, "cannot pin to the first %u CPUs", k);
			break;
		}
		strcpy(cpus[k - 1], h->cpus_text);
		b->copies = k;
		rc = bench_measure(b, c, &r[k - 1]);
		if (rc != 0)
			break;
		bench_printf(b, "%u %.0f", k, r[k - 1].ops_per_sec);
		done = k;
	}
	bench_printf(b, "%s", "");
	for (k = 1; k <= done; k++) {
		snprintf(x, sizeof(x), "%u", k);
		bench_format_stat(line, sizeof(line), b->spec->prog, c->name, x,
				  cpus[k - 1], &r[k - 1]);
		bench_printf(b, "%s", line);
	}
	free(r);
	free(cpus);
	return rc;
}

/* ---- output --------------------------------------------------------- */

double bench_value(const struct bench_result *r)
{
	return bench_value_of(r, r->median);
}

void bench_subtract(struct bench_result *r, double ns)
{
	r->median -= ns;
	r->q1 -= ns;
	r->q3 -= ns;
	r->max -= ns;
	r->min = r->min > ns ? r->min - ns : 0.0;
	if (r->same_median > 0.0 && r->cross_median > 0.0) {
		r->same_median -= ns;
		r->cross_median -= ns;
	}
	r->less += ns;
}

double bench_value_of(const struct bench_result *r, double ns)
{
	switch (r->unit) {
	case BENCH_NSEC:
		return ns;
	case BENCH_MBPS:
		return ns > 0.0 ? r->bytes / ns * 1000.0 : 0.0;
	case BENCH_USEC:
	default:
		return ns / 1000.0;
	}
}

/* Write one output line: 0, or -1 if it could not all be written. */
static int emit(const char *line)
{
	size_t len = strlen(line);

	/* One write per line, so lines of concurrent processes never mix. */
	fflush(stderr);
	return io_writen(STDERR_FILENO, line, len) == (ssize_t)len ? 0 : -1;
}

void bench_printf(struct bench *b, const char *fmt, ...)
{
	char line[1024], safe[1024];
	va_list ap;
	size_t len;
	int rc;

	va_start(ap, fmt);
	rc = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (rc < 0) {
		b->h->output_failed = 1;
		return;
	}
	/* One line, whatever an operand (a host name) held. */
	diag_escape(line, safe, sizeof(safe) - 1);
	len = strlen(safe);
	safe[len] = '\n';
	safe[len + 1] = '\0';
	/* A figure nobody could read was not reported: the run failed. */
	if (emit(safe) != 0)
		b->h->output_failed = 1;
}

static const char *unit_word(enum bench_unit u)
{
	switch (u) {
	case BENCH_NSEC:
		return "ns";
	case BENCH_MBPS:
		return "MB/s";
	case BENCH_USEC:
	default:
		return "us";
	}
}

/*
 * The placement fields, after unit: " placement=same" or "=cross" under
 * -C (the list names one CPU, or several); for an unpinned run whose
 * parties were seen, " placement=sched cross=P%" (the share of samples
 * whose parties ran on different CPUs) and, when both kinds occurred,
 * each kind's median.  Nothing for an unpinned run of one party.
 */
static void format_placement(char *buf, size_t len, const char *cpus,
			     const struct bench_result *r)
{
	const char *pinned = cpus_placement(cpus);
	size_t l;

	buf[0] = '\0';
	if (strcmp(cpus, "any") != 0) {
		snprintf(buf, len, " placement=%s", pinned);
		if (strcmp(pinned, "same") == 0)
			return;
	} else if (r->placed > 0 && r->same_median > 0.0 &&
		   r->cross_median > 0.0) {
		snprintf(buf, len, " placement=sched cross=%.0f%% "
			 "same_median=%.6g cross_median=%.6g",
			 100.0 * r->crossed / r->placed,
			 bench_value_of(r, r->same_median),
			 bench_value_of(r, r->cross_median));
	} else if (r->placed > 0) {
		snprintf(buf, len, " placement=sched cross=%.0f%%",
			 100.0 * r->crossed / r->placed);
	}
	/* Across CPUs, what the idle ones did (cpus_idle_hold). */
	l = strlen(buf);
	if (l > 0 && r->idle != NULL)
		snprintf(buf + l, len - l, " idle=%s", r->idle);
}

/*
 * Our own line after each figure:
 * [latbw-stat prog=P case=C x=X median=M min=A max=B spread=S% reps=R
 *  n=N copies=K cpus=L unit=U placement=... less=O]
 * Values are in the figure's unit; min and max are the extreme samples
 * (for a bandwidth, the fastest sample is the max).  It holds no label
 * text, as the results format requires.
 */
int bench_format_stat(char *buf, size_t len, const char *prog,
		      const char *case_name, const char *x, const char *cpus,
		      const struct bench_result *r)
{
	double lo = bench_value_of(r, r->min), hi = bench_value_of(r, r->max);
	double iqr = r->q3 - r->q1, spread;
	char xs[80] = "", pl[160];

	/*
	 * Samples in two placements do not agree, however tight each mode
	 * is: the spread is then at least the gap between the two modes'
	 * medians, so that a bimodal figure is never shown as a steady one.
	 */
	if (r->same_median > 0.0 && r->cross_median > 0.0 &&
	    fabs(r->cross_median - r->same_median) > iqr)
		iqr = fabs(r->cross_median - r->same_median);
	spread = r->median > 0 ? iqr / r->median : 0;
	if (lo > hi) {
		double t = lo;

		lo = hi;
		hi = t;
	}
	if (x != NULL)
		snprintf(xs, sizeof(xs), " x=%s", x);
	format_placement(pl, sizeof(pl), cpus, r);
	if (r->others_known && strcmp(cpus, "any") != 0) {
		size_t l = strlen(pl);

		snprintf(pl + l, sizeof(pl) - l, " others_busy=%.0f%%",
			 100.0 * r->others_busy);
	} else if (r->cpu_wait_known && strcmp(cpus, "any") != 0) {
		size_t l = strlen(pl);

		snprintf(pl + l, sizeof(pl) - l, " cpu_wait=%.0f%%",
			 100.0 * r->cpu_wait);
	}
	if (r->less > 0.0 && r->unit != BENCH_MBPS) {
		size_t l = strlen(pl);

		snprintf(pl + l, sizeof(pl) - l, " less=%.6g",
			 bench_value_of(r, r->less));
	}
	return snprintf(buf, len, "[latbw-stat prog=%s case=%s%s median=%.6g "
			"min=%.6g max=%.6g spread=%.2f%% reps=%u preempted=%u "
			"n=%llu copies=%u cpus=%s unit=%s%s]", prog,
			case_name ? case_name : "-", xs, bench_value(r), lo, hi,
			spread * 100.0, r->reps, r->preempted,
			(unsigned long long)r->n, r->copies, cpus,
			unit_word(r->unit), pl);
}

void bench_report_stat(struct bench *b, const char *x,
		       const struct bench_result *r)
{
	struct bench_result said = *r;
	char line[512];

	if (said.idle == NULL)
		said.idle = b->h->idle_mode;
	bench_format_stat(line, sizeof(line), b->spec->prog,
			  r->case_name ? r->case_name : b->h->case_name, x,
			  b->h->ncpus ? b->h->cpus_text : "any", &said);
	bench_printf(b, "%s", line);
}

int bench_format_figure(char *buf, size_t len, const char *label,
			const struct bench_result *r)
{
	switch (r->unit) {
	case BENCH_NSEC:
		return snprintf(buf, len, "%s: %.2f nanoseconds", label,
				bench_value(r));
	case BENCH_MBPS:
		return snprintf(buf, len, "%s: %.2f MB/sec", label,
				bench_value(r));
	case BENCH_USEC:
	default:
		return snprintf(buf, len, "%s: %.4f microseconds", label,
				bench_value(r));
	}
}

int bench_side_result(const struct bench_result *r, struct bench_result *bw)
{
	if (!(r->side.median > 0.0) || !isfinite(r->side.max))
		return -1;
	*bw = *r;
	bw->unit = BENCH_MBPS;
	bw->bytes = 1.0;
	bw->median = r->side.median;
	bw->min = r->side.min;
	bw->max = r->side.max;
	bw->q1 = r->side.q1;
	bw->q3 = r->side.q3;
	/* The others' placement is not the timed process's. */
	bw->placed = bw->crossed = 0;
	bw->same_median = bw->cross_median = 0.0;
	return 0;
}

void bench_report(struct bench *b, const char *label,
		  const struct bench_result *r)
{
	char line[512];

	bench_format_figure(line, sizeof(line), label, r);
	bench_printf(b, "%s", line);
	bench_report_stat(b, NULL, r);
}

void bench_report_point(struct bench *b, const char *x, double value,
			int decimals, const struct bench_result *r)
{
	bench_printf(b, "%s %.*f", x, decimals, value);
	bench_report_stat(b, x, r);
}

unsigned bench_ncpus(const struct bench *b)
{
	return b->h->ncpus;
}

int bench_threads(const struct bench *b)
{
	return b->h->threads;
}

int bench_pin(struct bench *b, unsigned role)
{
	unsigned n = b->h->ncpus;

	if (n == 0)
		return 0;
	/* -G: a copy and its peers share the copy's own CPU. */
	if (b->h->own_cpu)
		role = 0;
	return cpus_pin(b->h->cpus[(b->copy + role) % n]);
}

int bench_cpu(const struct bench *b, unsigned i)
{
	return i < b->h->ncpus ? b->h->cpus[i] : -1;
}

int bench_set_cpus(struct bench *b, const int *cpu, unsigned n)
{
	struct bench_harness *h = b->h;
	char text[sizeof(h->cpus_text)];
	size_t len = 0;
	unsigned i;
	int rc;

	if (n == 0 || n > BENCH_MAX_CPUS)
		return -1;
	for (i = 0; i < n; i++) {
		if (cpu[i] < 0)
			return -1;
		rc = snprintf(text + len, sizeof(text) - len, "%s%d",
			      i > 0 ? "," : "", cpu[i]);
		if (rc < 0 || (size_t)rc >= sizeof(text) - len)
			return -1;
		len += (size_t)rc;
	}
	for (i = 0; i < n; i++)
		h->cpus[i] = cpu[i];
	h->ncpus = n;
	strcpy(h->cpus_text, text);
	return 0;
}

/*
 * The options' combinations, checked once the operands are known and
 * before anything is printed: a refusal after a title or a topology
 * (lat_c2c -T printed five lines first) leaves output that looks like
 * the start of a result.  A program with a main hook may measure any of
 * its cases, so -T needs every one of them to take it (lat_pagefault,
 * lat_mmap, lat_tcp); bench_measure and bench_sweep check again, for a
 * case of a program's own outside its spec.
 */
static void check_combinations(struct bench *b)
{
	const struct bench_spec *s = b->spec;
	struct bench_harness *h = b->h;
	size_t i;

	if (h->sweep && (s->main != NULL ? !s->main_sweeps : b->bc == NULL))
		bench_usage_error(b, "-G is for programs of one figure; %s "
				  "measures a sweep of its own", s->prog);
	if (h->threads && b->bc != NULL)
		check_threads(b, b->bc);
	if (h->threads && s->main != NULL) {
		if (s->ncases == 0)
			bench_usage_error(b, "%s cannot run as threads (-T): "
					  "leave out -T", s->prog);
		for (i = 0; i < s->ncases; i++)
			check_threads(b, &s->cases[i]);
	}
	/* Copies of a case that refuses them (the harness's own measure). */
	if (s->main == NULL && b->bc != NULL &&
	    (b->bc->flags & BENCH_NO_PARALLEL) && (b->copies > 1 || h->sweep))
		bench_usage_error(b, "%s cannot run as parallel copies (-P)",
				  b->bc->name);
}

/* ---- main ------------------------------------------------------------ */

/*
 * What idle CPUs do while it measures, for the statistics lines of
 * figures across CPUs (idle=; a same-CPU figure does not idle between
 * its parties).  Pinned to several CPUs (-C), they poll unless -I: the
 * wake-up measured is then the kernel's, not an idle state's exit (see
 * cpus_idle_hold).  Unpinned, the scheduler's choice is measured as the
 * OS runs it, idle states and all.  Returns the descriptor to close.
 */
static int hold_idle(struct bench *b)
{
	struct bench_harness *h = b->h;
	int cross = h->ncpus > 0 &&
		    strcmp(cpus_placement(h->cpus_text), "cross") == 0;

	return cpus_idle_hold(cross && !h->idle_os, &h->idle_mode);
}

int bench_main(int argc, char **argv, const struct bench_spec *spec)
{
	struct bench_harness h;
	struct bench b;
	struct bench_result r;
	int rc, idle_fd = -1;

	memset(&h, 0, sizeof(h));
	memset(&b, 0, sizeof(b));
	diag_set_prog(spec->prog);
	b.spec = spec;
	b.h = &h;
	h.loop_ns = -1.0;
	h.now = bench_now_ns;
	h.switches = bench_switches;
	h.party_cpus = proc_party_cpus;
	h.optval = calloc(spec->nopts + 1, sizeof(*h.optval));
	b.priv = calloc(1, spec->priv_size + 1);
	if (h.optval == NULL || b.priv == NULL) {
		fprintf(stderr, "%s: out of memory\n", spec->prog);
		return 1;
	}
	parse_options(&b, argc, argv);
	select_case(&b);
	if (spec->parse != NULL)
		spec->parse(&b);
	else if (b.argc > 0)
		bench_usage_error(&b, "unexpected argument '%s'", b.argv[0]);
	check_combinations(&b);
	if (h.threads) {
		/* Preemption is seen per thread; placement is not followed. */
		h.switches = thread_switches;
		h.party_cpus = NULL;
	}
	find_self_dir(&b, argv[0]);
	proc_signals_init(spec->prog, h.bound_secs);
	idle_fd = hold_idle(&b);
	h.clock_ns = measure_clock_cost();
	if (h.sweep) {
		rc = spec->main != NULL ? spec->main(&b) : bench_sweep(&b, b.bc);
	} else if (b.copies == 1 && !h.threads && bench_pin(&b, 0) != 0) {
		rc = -1;
	} else if (spec->main != NULL) {
		rc = spec->main(&b);
	} else {
		rc = bench_measure(&b, b.bc, &r);
		if (rc == 0)
			bench_report(&b, b.bc->label, &r);
	}
	proc_cleanup_all();
	if (idle_fd >= 0)
		close(idle_fd);
	free(h.optval);
	free(b.priv);
	if (rc == BENCH_SKIPPED)
		return 3;
	if (rc == 0 && h.output_failed) {
		/* Probably unseen (stderr is what failed), but said. */
		fprintf(stderr, "%s: the results could not be written to "
			"standard error\n", spec->prog);
		return 1;
	}
	return rc == 0 ? 0 : 1;
}

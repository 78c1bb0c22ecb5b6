/*
 * options.c - the command line: the harness's options and the program's
 * own (-h, --help, --version and usage errors among them), the case the
 * operands select, and the CPU list (-C) that copies and peers pin to.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "cpus.h"
#include "diag.h"
#include "internal.h"
#include "proc.h"

#define DEFAULT_REPS 11
#define DEFAULT_TARGET_US 5000
#define DEFAULT_BOUND_SECS 600

static const char lib_optstring[] = "P:W:N:C:E:B:TGIh";

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

/* --version: "<prog> (latbw) <VERSION>", then what it was built for
 * ("built for x86_64 with glibc 2.36"), on stdout. */
static void bench_version(const char *prog)
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
	diag_vsay(b->spec->prog, "", fmt, ap);
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

/*
 * next_option(argc, argv, optstring, ops, nops): getopt, with options
 * allowed after operands as well as before them ("lat_mem_rd 64 -T"):
 * each operand getopt stops at goes to ops, and getopt goes on after it;
 * after "--" every word is an operand.  POSIX getopt stops at the first
 * operand (musl's, and glibc's without _GNU_SOURCE), GNU's permutes argv:
 * this gives one behaviour on both.
 */
/* The operands, in order (the program's lifetime). */
static char **operands;

static int next_option(int argc, char **argv, const char *optstring,
		       char **ops, int *nops)
{
	int c;

	while ((c = getopt(argc, argv, optstring)) == -1 && optind < argc) {
		if (strcmp(argv[optind - 1], "--") == 0) {
			while (optind < argc)
				ops[(*nops)++] = argv[optind++];
			return -1;
		}
		ops[(*nops)++] = argv[optind++];
	}
	return c;
}

static void parse_options(struct bench *b, int argc, char **argv)
{
	const struct bench_spec *s = b->spec;
	struct bench_harness *h = b->h;
	char optstring[128];
	unsigned reps = DEFAULT_REPS;
	unsigned target_us = s->sample_usecs ? s->sample_usecs
					     : DEFAULT_TARGET_US;
	int fixed = 0, c, nops = 0;
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
	operands = calloc((size_t)argc + 1, sizeof(*operands));
	if (operands == NULL) {
		fprintf(stderr, "%s: out of memory\n", s->prog);
		exit(1);
	}
	while ((c = next_option(argc, argv, optstring, operands, &nops)) != -1) {
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
	b->argc = nops;
	b->argv = operands;
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

void bench_parse_args(struct bench *b, int argc, char **argv)
{
	parse_options(b, argc, argv);
	select_case(b);
}

/* ---- the CPU list (-C) ------------------------------------------------ */

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

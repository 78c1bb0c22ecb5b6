/*
 * cpus.c - CPU lists and pinning (see cpus.h).
 */
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cpus.h"
#include "diag.h"
#include "topo.h"

unsigned cpus_parse(const char *text, int *cpu, unsigned max)
{
	const char *p = text;
	unsigned n = 0;
	char *end;
	long lo, hi, c;

	while (*p != '\0') {
		if (*p < '0' || *p > '9')
			return 0;
		lo = strtol(p, &end, 10);
		hi = lo;
		if (*end == '-') {
			p = end + 1;
			if (*p < '0' || *p > '9')
				return 0;
			hi = strtol(p, &end, 10);
		}
		if (lo > hi || hi >= 4096)
			return 0;
		for (c = lo; c <= hi && n < max; c++)
			cpu[n++] = (int)c;
		p = end;
		if (*p == ',')
			p++;
		else if (*p != '\0')
			return 0;
	}
	return n;
}

int cpus_pin(int cpu)
{
#if defined(__linux__)
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) != 0)
		return diag_error("cannot pin to CPU %d: %s", cpu,
				  strerror(errno));
	return 0;
#else
	(void)cpu;
	return diag_error("CPU placement (-C) is not supported here");
#endif
}

const char *cpus_placement(const char *text)
{
	const char *p = text;
	long first = -1, c;
	char *end;

	while (*p != '\0') {
		if (*p < '0' || *p > '9') {
			p++;
			continue;
		}
		c = strtol(p, &end, 10);
		if (first < 0)
			first = c;
		else if (c != first)
			return "cross";
		p = end;
	}
	return "same";
}

unsigned cpus_allowed(int *cpu, unsigned max)
{
#if defined(__linux__)
	cpu_set_t set;
	unsigned n = 0;
	int c;

	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return 0;
	for (c = 0; c < CPU_SETSIZE && n < max; c++)
		if (CPU_ISSET(c, &set))
			cpu[n++] = c;
	return n;
#else
	(void)cpu;
	(void)max;
	return 0;
#endif
}

#if defined(__linux__)
/* cpu[0..n-1] as a CPU list ("0-1,4") into buf. */
static void format_cpus(const int *cpu, unsigned n, char *buf, size_t len)
{
	struct topo_set s;
	unsigned i;

	memset(&s, 0, sizeof(s));
	for (i = 0; i < n; i++)
		if (cpu[i] >= 0 && cpu[i] < TOPO_MAX_CPU)
			s.w[cpu[i] / 64] |= 1ULL << (cpu[i] % 64);
	topo_format_list(&s, buf, len);
}
#endif

int cpus_check(int cpu, char *why, size_t len)
{
#if defined(__linux__)
	static int list[TOPO_MAX_CPU];
	cpu_set_t set, saved;
	char text[256];
	unsigned n, i;
	int err;

	n = topo_online(list, TOPO_MAX_CPU);
	for (i = 0; i < n && list[i] != cpu; i++)
		;
	if (n > 0 && i == n) {
		format_cpus(list, n, text, sizeof(text));
		snprintf(why, len, "CPU %d is not online here (online: %s)",
			 cpu, text);
		return -1;
	}
	if (cpu >= CPU_SETSIZE) {
		snprintf(why, len, "CPU %d is beyond the %d CPUs this build "
			 "can pin to", cpu, CPU_SETSIZE);
		return -1;
	}
	/* Online; in the affinity mask, or may the process widen it? */
	CPU_ZERO(&saved);
	if (sched_getaffinity(0, sizeof(saved), &saved) != 0 ||
	    CPU_ISSET(cpu, &saved))
		return 0;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) == 0) {
		/* It may: back to the mask it had (-C pins later). */
		sched_setaffinity(0, sizeof(saved), &saved);
		return 0;
	}
	err = errno;
	n = cpus_allowed(list, TOPO_MAX_CPU);
	format_cpus(list, n, text, sizeof(text));
	snprintf(why, len, "this process may not run on CPU %d (%s; it may "
		 "run on %s)", cpu, strerror(err), text);
	return -1;
#else
	(void)cpu;
	(void)why;
	(void)len;
	return 0;
#endif
}

/* How much more idle another CPU must have been to be chosen. */
#define QUIET_MARGIN 0.25
/* The most CPUs read from /proc/stat or the affinity mask. */
#define CPUS_MAX 1024

unsigned cpus_quiet_pick(const double *idle, const long long *kind,
			 unsigned n)
{
	unsigned i, best = 0;

	for (i = 1; i < n; i++)
		if (kind[i] == kind[0] && idle[i] > idle[best])
			best = i;
	return idle[best] >= idle[0] + QUIET_MARGIN ? best : 0;
}

void cpus_quiet_pair_pick(const double *idle, const long long *kind,
			  const long long *core, unsigned n, unsigned *first,
			  unsigned *second)
{
	unsigned a = cpus_quiet_pick(idle, kind, n), b = n, best = n, i;

	/* The default: the first other CPU on another core, else the first
	 * other CPU (one core, two threads). */
	for (i = 0; i < n && b == n; i++)
		if (i != a && core[i] != core[a])
			b = i;
	for (i = 0; i < n && b == n; i++)
		if (i != a)
			b = i;
	/* A clearly idler one of a's kind on another core replaces it. */
	for (i = 0; i < n; i++)
		if (i != a && core[i] != core[a] && kind[i] == kind[a] &&
		    (best == n || idle[i] > idle[best]))
			best = i;
	if (b < n && best < n && idle[best] >= idle[b] + QUIET_MARGIN)
		b = best;
	*first = a;
	*second = b < n ? b : a;
}

#if defined(__linux__)
/* A number from a sysfs file of CPU c (under topo.h's root), or -1. */
static long long sysfs_cpu_value(int c, const char *name)
{
	char path[PATH_MAX];
	long long v = -1;
	FILE *f;

	if (snprintf(path, sizeof(path), "%s/devices/system/cpu/cpu%d/%s",
		     topo_root(), c, name) >= (int)sizeof(path))
		return -1;
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	if (fscanf(f, "%lld", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

#endif

/*
 * One line of /proc/stat: a CPU's (cpuN, not the machine's "cpu ") gives
 * its number, busy time (user nice system irq softirq steal) and idle time
 * (idle iowait): 0; any other line -1.
 */
static int stat_line(const char *line, int *c, unsigned long long *busy,
		     unsigned long long *idle)
{
	unsigned long long v[8] = { 0, 0, 0, 0, 0, 0, 0, 0 };

	if (strncmp(line, "cpu", 3) != 0 || line[3] < '0' || line[3] > '9' ||
	    sscanf(line, "cpu%d %llu %llu %llu %llu %llu %llu %llu %llu", c,
		   &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) < 5)
		return -1;
	*busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
	*idle = v[3] + v[4];
	return 0;
}

struct cpus_times *cpus_times_read(FILE *f)
{
	struct cpus_times *t;
	char line[512];
	unsigned n = 0;

	t = malloc(sizeof(*t) + CPUS_MAX * (sizeof(int) +
					     2 * sizeof(unsigned long long)));
	if (t == NULL)
		return NULL;
	t->busy = (unsigned long long *)(t + 1);
	t->idle = t->busy + CPUS_MAX;
	t->cpu = (int *)(t->idle + CPUS_MAX);
	while (n < CPUS_MAX && fgets(line, sizeof(line), f) != NULL)
		if (stat_line(line, &t->cpu[n], &t->busy[n], &t->idle[n]) == 0)
			n++;
	t->n = n;
	if (n == 0) {
		free(t);
		return NULL;
	}
	return t;
}

struct cpus_times *cpus_times_now(void)
{
#if defined(__linux__)
	/*
	 * Every CPU's line, not only those this process may run on: a
	 * pinned process may run on one, and its neighbours are the others.
	 */
	FILE *f = fopen("/proc/stat", "r");
	struct cpus_times *t;

	if (f == NULL)
		return NULL;
	t = cpus_times_read(f);
	fclose(f);
	return t;
#else
	return NULL;
#endif
}

double cpus_pressure_us(void)
{
#if defined(__linux__)
	FILE *f = fopen("/proc/pressure/cpu", "r");
	char line[256];
	double v = -1.0;
	char *p;

	if (f == NULL)
		return -1.0;
	while (fgets(line, sizeof(line), f) != NULL)
		if (strncmp(line, "some ", 5) == 0 &&
		    (p = strstr(line, " total=")) != NULL) {
			v = strtod(p + 7, NULL);
			break;
		}
	fclose(f);
	return v;
#else
	return -1.0;
#endif
}

/* The least ticks per other CPU for a share to be said (10: 0.1 s). */
#define MIN_TICKS 10

double cpus_others_busy(const struct cpus_times *then, const int *skip,
			unsigned n)
{
	struct cpus_times *now;
	unsigned long long busy = 0, all = 0;
	unsigned i, j, others = 0;

	if (then == NULL)
		return -1.0;
	now = cpus_times_now();
	if (now == NULL || now->n != then->n) {
		free(now);
		return -1.0;
	}
	for (i = 0; i < then->n; i++) {
		int skipped = 0;

		for (j = 0; j < n; j++)
			skipped |= skip[j] == then->cpu[i];
		if (skipped || now->cpu[i] != then->cpu[i])
			continue;
		others++;
		busy += now->busy[i] - then->busy[i];
		all += now->busy[i] - then->busy[i] +
		       now->idle[i] - then->idle[i];
	}
	free(now);
	/*
	 * /proc/stat counts in clock ticks (USER_HZ, 100 a second): over a
	 * few, one busy tick of a daemon reads as 50 or 100 %.  Under
	 * MIN_TICKS a CPU the share is not known, not said.
	 */
	if (others == 0 || all < MIN_TICKS * (unsigned long long)others)
		return -1.0;
	return (double)busy / (double)all;
}

#if defined(__linux__)
/* CPU c's idle share from snapshot a to b (1 where it is not in them). */
static double idle_share(const struct cpus_times *a,
			 const struct cpus_times *b, int c)
{
	unsigned i;

	for (i = 0; i < a->n && i < b->n; i++) {
		if (a->cpu[i] == c && b->cpu[i] == c) {
			unsigned long long db = b->busy[i] - a->busy[i];
			unsigned long long di = b->idle[i] - a->idle[i];

			return db + di > 0 ? (double)di / (double)(db + di) : 1.0;
		}
	}
	return 1.0;
}

/*
 * How idle CPU c's core was: the least idle of its hardware threads (a
 * busy SMT sibling takes half the core; topo.h's SMT group), from a to b.
 */
static double core_idle_share(const struct cpus_times *a,
			      const struct cpus_times *b, int c)
{
	struct topo_set sib;
	double least = idle_share(a, b, c), v;
	unsigned j;

	if (topo_group_of(c, TOPO_SMT, &sib) == 0)
		for (j = 0; j < a->n; j++)
			if (topo_has(&sib, a->cpu[j])) {
				v = idle_share(a, b, a->cpu[j]);
				if (v < least)
					least = v;
			}
	return least;
}
#endif

#if defined(__linux__)
/* The core of CPU c: the lowest CPU of its SMT group (c without one). */
static long long core_of(int c)
{
	struct topo_set sib;
	int i;

	if (topo_group_of(c, TOPO_SMT, &sib) == 0)
		for (i = 0; i < TOPO_MAX_CPU; i++)
			if (topo_has(&sib, i))
				return i;
	return c;
}
#endif

/*
 * Watch the n allowed CPUs cpu[] for ms milliseconds and choose: one
 * (pair 0) or two (pair 1) of them, as indices into cpu[].  When the
 * counters cannot be read, every CPU counts as idle: the choice on a
 * quiet machine.  0, or -1 (out of memory, or not Linux: nothing chosen).
 */
static int quiet_choose(const int *cpu, unsigned n, unsigned ms, int pair,
			unsigned *first, unsigned *second)
{
	int rc = -1;
#if defined(__linux__)
	double *share = calloc(n, sizeof(*share));
	long long *kind = calloc(n, sizeof(*kind));
	long long *core = calloc(n, sizeof(*core));
	struct cpus_times *a = cpus_times_now(), *b = NULL;
	struct timespec ts;
	unsigned i;

	ts.tv_sec = (time_t)(ms / 1000);
	ts.tv_nsec = (long)(ms % 1000) * 1000000L;
	if (a != NULL && nanosleep(&ts, NULL) == 0)
		b = cpus_times_now();
	if (share != NULL && kind != NULL && core != NULL) {
		for (i = 0; i < n; i++) {
			share[i] = b != NULL ? core_idle_share(a, b, cpu[i]) : 1.0;
			kind[i] = sysfs_cpu_value(cpu[i], "cpu_capacity") *
				10000000LL +
				sysfs_cpu_value(cpu[i],
						"cpufreq/cpuinfo_max_freq");
			core[i] = core_of(cpu[i]);
		}
		if (pair)
			cpus_quiet_pair_pick(share, kind, core, n, first,
					     second);
		else
			*first = cpus_quiet_pick(share, kind, n);
		rc = 0;
	}
	free(a);
	free(b);
	free(share);
	free(kind);
	free(core);
#else
	(void)cpu;
	(void)n;
	(void)ms;
	(void)pair;
	(void)first;
	(void)second;
#endif
	return rc;
}

int cpus_quiet(unsigned ms)
{
	int *cpu = malloc(CPUS_MAX * sizeof(*cpu));
	unsigned n, i = 0;
	int rc;

	if (cpu == NULL)
		return 0;
	n = cpus_allowed(cpu, CPUS_MAX);
	if (n == 0) {
		free(cpu);
		return 0;
	}
	if (n > 1 && quiet_choose(cpu, n, ms, 0, &i, NULL) != 0)
		i = 0;
	rc = cpu[i];
	free(cpu);
	return rc;
}

int cpus_quiet_pair(unsigned ms, int *first, int *second)
{
	int *cpu = malloc(CPUS_MAX * sizeof(*cpu));
	unsigned n, a = 0, b = 1;

	if (cpu == NULL)
		return -1;
	n = cpus_allowed(cpu, CPUS_MAX);
	if (n < 2) {
		free(cpu);
		return -1;
	}
	/* Two CPUs leave no choice: no watching, in order. */
	if (n > 2 && quiet_choose(cpu, n, ms, 1, &a, &b) != 0) {
		a = 0;
		b = 1;
	}
	*first = cpu[a];
	*second = cpu[b];
	free(cpu);
	return 0;
}

/* Whether the kernel was booted with idle=poll (its idle loop polls). */
static int kernel_polls(void)
{
	char line[4096], *p;
	FILE *f = fopen("/proc/cmdline", "r");
	int polls = 0;

	if (f == NULL)
		return 0;
	if (fgets(line, sizeof(line), f) != NULL)
		for (p = strstr(line, "idle=poll"); p != NULL && !polls;
		     p = strstr(p + 1, "idle=poll"))
			polls = p == line || p[-1] == ' ';
	fclose(f);
	return polls;
}

/* Whether a cpuidle driver runs the idle CPUs (it heeds PM QoS). */
static int cpuidle_driver(void)
{
	char name[64];

	if (topo_read_line("devices/system/cpu/cpuidle/current_driver", name,
			   sizeof(name)) != 0)
		return 0;
	name[strcspn(name, "\n")] = '\0';
	return name[0] != '\0' && strcmp(name, "none") != 0;
}

int cpus_idle_hold(int hold, const char **mode)
{
	int32_t zero = 0;
	int fd;

	*mode = "os";
	if (kernel_polls()) {
		*mode = "poll";
		return -1;
	}
	if (!hold || !cpuidle_driver())
		return -1;
	fd = open("/dev/cpu_dma_latency", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (write(fd, &zero, sizeof(zero)) != (ssize_t)sizeof(zero)) {
		close(fd);
		return -1;
	}
	*mode = "poll";
	return fd;
}

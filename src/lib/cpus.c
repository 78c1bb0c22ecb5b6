/*
 * cpus.c - CPU lists and pinning (see cpus.h).
 */
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "cpus.h"
#include "diag.h"

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

/*
 * topo.c - the CPU topology sysfs describes (see topo.h).
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "topo.h"

const char *const topo_level_name[TOPO_LEVELS] = {
	"smt", "l2", "l3", "node", "package",
};

const char *topo_root(void)
{
	const char *r = getenv("LATBW_SYSFS");

	return r != NULL && *r != '\0' ? r : "/sys";
}

int topo_has(const struct topo_set *s, int cpu)
{
	return cpu >= 0 && cpu < TOPO_MAX_CPU &&
	       ((s->w[cpu / 64] >> (cpu % 64)) & 1ULL) != 0;
}

static void set_add(struct topo_set *s, int cpu)
{
	s->w[cpu / 64] |= 1ULL << (cpu % 64);
}

static long list_number(const char **p)
{
	long v = 0;

	if (**p < '0' || **p > '9')
		return -1;
	while (**p >= '0' && **p <= '9') {
		v = v * 10 + (**p - '0');
		if (v >= TOPO_MAX_CPU)
			return -1;
		(*p)++;
	}
	return v;
}

/* Parse a CPU list ("0-3,8,10-11", a trailing newline allowed; empty is
 * the empty set) into s: 0, or -1 on bad text or a CPU too large. */
static int topo_parse_list(const char *text, struct topo_set *s)
{
	const char *p = text;
	long lo, hi, c;

	memset(s, 0, sizeof(*s));
	while (*p != '\0' && *p != '\n') {
		lo = list_number(&p);
		if (lo < 0)
			return -1;
		hi = lo;
		if (*p == '-') {
			p++;
			hi = list_number(&p);
			if (hi < lo)
				return -1;
		}
		for (c = lo; c <= hi; c++)
			set_add(s, (int)c);
		if (*p == ',')
			p++;
		else if (*p != '\0' && *p != '\n')
			return -1;
	}
	return *p == '\0' || p[1] == '\0' ? 0 : -1;
}

void topo_format_list(const struct topo_set *s, char *buf, size_t len)
{
	size_t used = 0;
	int c = 0, lo, rc;

	if (len == 0)
		return;
	buf[0] = '\0';
	while (c < TOPO_MAX_CPU) {
		if (!topo_has(s, c)) {
			c++;
			continue;
		}
		lo = c;
		while (c + 1 < TOPO_MAX_CPU && topo_has(s, c + 1))
			c++;
		if (lo == c)
			rc = snprintf(buf + used, len - used, "%s%d",
				      used ? "," : "", lo);
		else
			rc = snprintf(buf + used, len - used, "%s%d-%d",
				      used ? "," : "", lo, c);
		if (rc < 0 || (size_t)rc >= len - used) {
			buf[used] = '\0';	/* cut at a whole entry */
			return;
		}
		used += (size_t)rc;
		c++;
	}
}

int topo_read_line(const char *rel, char *buf, size_t len)
{
	char path[PATH_MAX];
	FILE *f;
	int ok;

	if (snprintf(path, sizeof(path), "%s/%s", topo_root(), rel) >=
	    (int)sizeof(path))
		return -1;
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	return ok ? 0 : -1;
}

static int read_set(const char *rel, struct topo_set *s)
{
	char line[4096];

	if (topo_read_line(rel, line, sizeof(line)) != 0 ||
	    topo_parse_list(line, s) != 0)
		return -1;
	return 0;
}

unsigned topo_online(int *cpu, unsigned max)
{
	struct topo_set s;
	unsigned n = 0;
	int c;

	if (read_set("devices/system/cpu/online", &s) != 0)
		return 0;
	for (c = 0; c < TOPO_MAX_CPU && n < max; c++)
		if (topo_has(&s, c))
			cpu[n++] = c;
	return n;
}

/* One of cpuN/topology's lists: the first of two names that reads. */
static int read_topology(int cpu, const char *name, const char *old,
			 struct topo_set *s)
{
	char rel[128];

	snprintf(rel, sizeof(rel), "devices/system/cpu/cpu%d/topology/%s",
		 cpu, name);
	if (read_set(rel, s) == 0)
		return 0;
	snprintf(rel, sizeof(rel), "devices/system/cpu/cpu%d/topology/%s",
		 cpu, old);
	return read_set(rel, s);
}

/* The CPUs sharing cpu's data or unified cache of this level, or -1. */
static int read_cache(int cpu, int level, struct topo_set *s)
{
	char rel[160], line[64];
	int k;

	for (k = 0; k < 16; k++) {
		snprintf(rel, sizeof(rel),
			 "devices/system/cpu/cpu%d/cache/index%d/level", cpu, k);
		if (topo_read_line(rel, line, sizeof(line)) != 0)
			continue;
		if (atoi(line) != level)
			continue;
		snprintf(rel, sizeof(rel),
			 "devices/system/cpu/cpu%d/cache/index%d/type", cpu, k);
		if (topo_read_line(rel, line, sizeof(line)) == 0 &&
		    strncmp(line, "Instruction", 11) == 0)
			continue;
		snprintf(rel, sizeof(rel),
			 "devices/system/cpu/cpu%d/cache/index%d/shared_cpu_list",
			 cpu, k);
		return read_set(rel, s);
	}
	return -1;
}

/* The node holding cpu, from every <root>/devices/system/node/nodeM. */
static int read_node(int cpu, struct topo_set *s)
{
	char path[PATH_MAX], rel[128];
	struct dirent *e;
	DIR *d;
	int found = -1;

	snprintf(path, sizeof(path), "%s/devices/system/node", topo_root());
	d = opendir(path);
	if (d == NULL)
		return -1;
	while (found != 0 && (e = readdir(d)) != NULL) {
		const char *p = e->d_name + 4;

		if (strncmp(e->d_name, "node", 4) != 0 || *p < '0' || *p > '9' ||
		    strspn(p, "0123456789") != strlen(p) || strlen(p) > 6)
			continue;
		snprintf(rel, sizeof(rel), "devices/system/node/node%ld/cpulist",
			 strtol(p, NULL, 10));
		if (read_set(rel, s) == 0 && topo_has(s, cpu))
			found = 0;
	}
	closedir(d);
	return found;
}

static int read_level(int cpu, int level, struct topo_set *s)
{
	switch (level) {
	case TOPO_SMT:
		return read_topology(cpu, "core_cpus_list",
				     "thread_siblings_list", s);
	case TOPO_L2:
		return read_cache(cpu, 2, s);
	case TOPO_L3:
		return read_cache(cpu, 3, s);
	case TOPO_NODE:
		return read_node(cpu, s);
	case TOPO_PACKAGE:
	default:
		return read_topology(cpu, "package_cpus_list",
				     "core_siblings_list", s);
	}
}

void topo_free(struct topo *t)
{
	int l;

	free(t->cpu);
	for (l = 0; l < TOPO_LEVELS; l++) {
		free(t->group[l]);
		free(t->sets[l]);
	}
	memset(t, 0, sizeof(*t));
}

int topo_group_of(int cpu, int level, struct topo_set *s)
{
	/* A group must hold its own CPU to be believed. */
	if (read_level(cpu, level, s) != 0 || !topo_has(s, cpu))
		return -1;
	return 0;
}

int topo_read(struct topo *t, const int *cpu, unsigned n)
{
	struct topo_set s;
	unsigned i, k;
	int l;

	memset(t, 0, sizeof(*t));
	t->ncpu = n;
	t->cpu = malloc((n + 1) * sizeof(*t->cpu));
	if (t->cpu == NULL)
		return -1;
	memcpy(t->cpu, cpu, n * sizeof(*cpu));
	for (l = 0; l < TOPO_LEVELS; l++) {
		t->group[l] = malloc((n + 1) * sizeof(*t->group[l]));
		t->sets[l] = malloc((n + 1) * sizeof(*t->sets[l]));
		if (t->group[l] == NULL || t->sets[l] == NULL) {
			topo_free(t);
			return -1;
		}
		for (i = 0; i < n; i++) {
			t->group[l][i] = -1;
			if (topo_group_of(cpu[i], l, &s) != 0)
				continue;
			for (k = 0; k < t->nsets[l]; k++)
				if (memcmp(&t->sets[l][k], &s, sizeof(s)) == 0)
					break;
			if (k == t->nsets[l])
				t->sets[l][t->nsets[l]++] = s;
			t->group[l][i] = (int)k;
		}
	}
	return 0;
}

int topo_relation(const struct topo *t, unsigned i, unsigned j)
{
	int l;

	for (l = 0; l < TOPO_LEVELS; l++)
		if (t->group[l][i] >= 0 && t->group[l][i] == t->group[l][j])
			return l;
	return TOPO_LEVELS;
}

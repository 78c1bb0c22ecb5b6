/*
 * topo.h - the CPU topology sysfs describes: which CPUs are SMT siblings,
 * share an L2 or an L3 cache, a NUMA node, a package.
 *
 * Read under the root $LATBW_SYSFS (default /sys), so that a test can
 * point it at a fake tree: <root>/devices/system/cpu/online,
 * cpuN/topology/{core_cpus_list,thread_siblings_list,package_cpus_list,
 * core_siblings_list}, cpuN/cache/indexK/{level,type,shared_cpu_list} and
 * <root>/devices/system/node/nodeM/cpulist.  A fact that cannot be read
 * is unknown (no group), never guessed.
 */
#ifndef LATBW_TOPO_H
#define LATBW_TOPO_H

#include <stddef.h>

/* The levels, from the closest sharing to the farthest. */
enum topo_level {
	TOPO_SMT = 0,	/* hardware threads of one core */
	TOPO_L2,	/* CPUs sharing an L2 cache */
	TOPO_L3,	/* CPUs sharing an L3 cache */
	TOPO_NODE,	/* CPUs of one NUMA node */
	TOPO_PACKAGE,	/* CPUs of one package (socket) */
	TOPO_LEVELS
};

/* "smt", "l2", "l3", "node", "package" */
extern const char *const topo_level_name[TOPO_LEVELS];

#define TOPO_MAX_CPU 4096	/* CPU numbers below this */
#define TOPO_WORDS (TOPO_MAX_CPU / 64)

/* A set of CPUs. */
struct topo_set {
	unsigned long long w[TOPO_WORDS];
};

struct topo {
	unsigned ncpu;		/* the CPUs asked about */
	int *cpu;
	/* group[l][i]: index into sets[l] of cpu[i]'s group, or -1 */
	int *group[TOPO_LEVELS];
	struct topo_set *sets[TOPO_LEVELS];
	unsigned nsets[TOPO_LEVELS];
};

/* The root sysfs is read under: $LATBW_SYSFS or "/sys". */
const char *topo_root(void);

/* The first line of a small file under the root (rel: its path below
 * it, newline kept) into buf: 0, or -1 if it cannot be read. */
int topo_read_line(const char *rel, char *buf, size_t len);

/* Format s as a CPU list ("0-3,8,10-11") into buf; "" for the empty set. */
void topo_format_list(const struct topo_set *s, char *buf, size_t len);
int topo_has(const struct topo_set *s, int cpu);

/* The online CPUs (<root>/devices/system/cpu/online), ascending: how many
 * stored (at most max), 0 if not readable. */
unsigned topo_online(int *cpu, unsigned max);

/*
 * The group of cpu at one level alone (its SMT siblings, ...) into s: 0,
 * or -1 when it is not known.
 */
int topo_group_of(int cpu, int level, struct topo_set *s);

/* Read the groups of cpu[0..n-1]: 0, or -1 (out of memory). */
int topo_read(struct topo *t, const int *cpu, unsigned n);
void topo_free(struct topo *t);

/*
 * The closest level whose group holds both t->cpu[i] and t->cpu[j], or
 * TOPO_LEVELS when none does (or none is known).
 */
int topo_relation(const struct topo *t, unsigned i, unsigned j);

#endif

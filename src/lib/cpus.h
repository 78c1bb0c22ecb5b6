/*
 * cpus.h - CPU lists ("0", "0,1", "0-3,6": what -C takes) and pinning to
 * one CPU.  Below the harness: it calls only diag.
 */
#ifndef LATBW_CPUS_H
#define LATBW_CPUS_H

/*
 * Read a CPU list into cpu[] (at most max entries; a longer list is cut
 * there).  Returns how many CPUs it names, or 0 if the text is not a list
 * of CPU numbers below 4096.  Says nothing: the caller words the error.
 */
unsigned cpus_parse(const char *text, int *cpu, unsigned max);

/* Pin the calling process to one CPU: 0, or -1 with a message. */
int cpus_pin(int cpu);

/*
 * The CPUs the calling process may run on (its affinity), ascending: how
 * many were stored in cpu (at most max), 0 where they are not known.
 */
unsigned cpus_allowed(int *cpu, unsigned max);

/* A CPU list's placement: "same" if it names one CPU, else "cross". */
const char *cpus_placement(const char *text);

#endif

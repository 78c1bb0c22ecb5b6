/*
 * cpus.h - CPU lists ("0", "0,1", "0-3,6": what -C takes) and pinning to
 * one CPU.  Below the harness: it calls only diag.
 */
#ifndef LATBW_CPUS_H
#define LATBW_CPUS_H

#include <stdio.h>

/*
 * Read a CPU list into cpu[] (at most max entries; a longer list is cut
 * there).  Returns how many CPUs it names, or 0 if the text is not a list
 * of CPU numbers below 4096.  Says nothing: the caller words the error.
 */
unsigned cpus_parse(const char *text, int *cpu, unsigned max);

/*
 * Whether a -C list may name CPU cpu: 0, or -1 with the reason in why
 * (len bytes; no message said).  A CPU that is not online (topo.h's
 * <root>/devices/system/cpu/online, where it can be read) is refused.  An
 * online CPU outside this process's affinity mask (taskset, a cpuset) is
 * tried: pinning to it and back; refused only when the kernel refuses it
 * (a cpuset that excludes it), as -C overrides a mask inherited from
 * taskset.  Where none of that can be known (not Linux), 0.
 */
int cpus_check(int cpu, char *why, size_t len);

/* Pin the calling process to one CPU: 0, or -1 with a message. */
int cpus_pin(int cpu);

/*
 * The CPUs the calling process may run on (its affinity), ascending: how
 * many were stored in cpu (at most max), 0 where they are not known.
 */
unsigned cpus_allowed(int *cpu, unsigned max);

/*
 * The CPU a same-CPU measurement should use: the first this process may
 * run on, unless another of the same kind (the same capacity and top
 * frequency, where sysfs gives them) was idle for at least a quarter of
 * the ms milliseconds watched more than it (a busy neighbour, a spinning
 * process, a vCPU the host takes away).  A CPU is as idle as the least
 * idle of its core's hardware threads (a busy SMT sibling shares it).
 * Linux: /proc/stat; elsewhere, or when the counters cannot be read, the
 * first CPU (0 when the CPUs it may run on are not known).
 */
int cpus_quiet(unsigned ms);

/*
 * cpus_quiet's choice among n CPUs, from each one's idle share of the
 * window (0..1) and kind (equal numbers: the same kind): an index.
 */
unsigned cpus_quiet_pick(const double *idle, const long long *kind, unsigned n);

/*
 * The two CPUs a cross-CPU measurement should use, watched as cpus_quiet
 * watches them: the first as cpus_quiet chooses it; the second, the
 * first other CPU on another core (the driver's default pair on a quiet
 * machine), unless another CPU of the first one's kind, on another core,
 * was idle for at least a quarter of the window more than it.  With two
 * CPUs allowed, both, in order, without watching.  0, or -1 when fewer
 * than two CPUs are allowed (or out of memory).
 */
int cpus_quiet_pair(unsigned ms, int *first, int *second);

/*
 * cpus_quiet_pair's choice among n CPUs (idle and kind as above; core:
 * equal numbers for hardware threads of one core): two indices, equal
 * only when n is 1.
 */
void cpus_quiet_pair_pick(const double *idle, const long long *kind,
			  const long long *core, unsigned n, unsigned *first,
			  unsigned *second);

/*
 * Linux's CPU pressure: the microseconds during which some task waited
 * for a CPU, since boot (/proc/pressure/cpu, "some ... total="), or -1
 * where there is none.
 */
double cpus_pressure_us(void);

/* Busy and idle time of the n CPUs cpu[] (in /proc/stat's units). */
struct cpus_times {
	unsigned n;
	int *cpu;
	unsigned long long *busy, *idle;
};

/*
 * The busy and idle time of every CPU, now (Linux: /proc/stat); NULL
 * where that is not known.  Free with free().
 */
struct cpus_times *cpus_times_now(void);

/*
 * The same from a file in /proc/stat's format (each "cpuN" line, not the
 * machine's "cpu " line); NULL if it names no CPU.
 */
struct cpus_times *cpus_times_read(FILE *f);

/*
 * How busy the CPUs of `then` other than the n in skip[] were from then to
 * now: a share from 0 to 1, or -1 when there are no others or it is not
 * known (also when less than a tenth of a second passed: /proc/stat counts
 * in ticks of 10 ms, and one tick is not a share).  What a pinned
 * measurement's neighbours did meanwhile.
 */
double cpus_others_busy(const struct cpus_times *then, const int *skip,
			unsigned n);

/* A CPU list's placement: "same" if it names one CPU, else "cross". */
const char *cpus_placement(const char *text);

/*
 * Idle CPUs during a measurement across CPUs.  A wake-up sent to another
 * CPU also pays for the idle state that CPU is in: on a virtual machine
 * whose idle vCPUs halt, tens of microseconds of the host's, on top of
 * the kernel path measured.  With hold, cpus_idle_hold asks the kernel
 * for no idle exit latency (PM QoS: 0 written to /dev/cpu_dma_latency, in
 * force while the descriptor stays open), under which a cpuidle driver
 * keeps idle CPUs polling, and returns that descriptor (close it when
 * done); -1 when nothing is held.  *mode says what idle CPUs do: "poll"
 * (held, or idle=poll on the kernel's command line) or "os" (the OS's own
 * idle: not held, no cpuidle driver that would heed the request, per
 * <root>/devices/system/cpu/cpuidle/current_driver, or a device that
 * cannot be written, as without root).
 */
int cpus_idle_hold(int hold, const char **mode);

#endif

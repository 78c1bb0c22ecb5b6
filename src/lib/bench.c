/*
 * bench.c - bench_main: a run from the command line to the exit status.
 * The harness's parts: options.c (the command line), sample.c (clock,
 * calibration, samples), copies.c (bench_measure, -P and -T copies),
 * sweep.c (-G), output.c (figures, statistics lines, messages); pairs.c
 * (paired samples, through sample.h); their shared state in internal.h.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "cpus.h"
#include "diag.h"
#include "internal.h"
#include "proc.h"

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
		bench_check_threads(b, b->bc);
	if (h->threads && s->main != NULL) {
		if (s->ncases == 0)
			bench_usage_error(b, "%s cannot run as threads (-T): "
					  "leave out -T", s->prog);
		for (i = 0; i < s->ncases; i++)
			bench_check_threads(b, &s->cases[i]);
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
 * cpus_idle_hold); so do they for a program that pins its parties across
 * CPUs itself (crosses_cpus: lat_c2c, whose pipe round trip across two
 * CPUs of a KVM guest read 30-190 us with idle CPUs halting, 3.9 us
 * polling, as lat_pipe -C 0,1).  Unpinned, the scheduler's choice is
 * measured as the OS runs it, idle states and all.  Returns the
 * descriptor to close.
 */
static int hold_idle(struct bench *b)
{
	struct bench_harness *h = b->h;
	int cross = b->spec->crosses_cpus ||
		    (h->ncpus > 0 &&
		     strcmp(cpus_placement(h->cpus_text), "cross") == 0);

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
	bench_parse_args(&b, argc, argv);
	if (spec->parse != NULL)
		spec->parse(&b);
	else if (b.argc > 0)
		bench_usage_error(&b, "unexpected argument '%s'", b.argv[0]);
	check_combinations(&b);
	if (h.threads) {
		/* Preemption is seen per thread; placement is not followed. */
		h.switches = bench_thread_switches;
		h.party_cpus = NULL;
	}
	find_self_dir(&b, argv[0]);
	proc_signals_init(spec->prog, h.bound_secs);
	idle_fd = hold_idle(&b);
	h.clock_ns = bench_clock_cost();
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

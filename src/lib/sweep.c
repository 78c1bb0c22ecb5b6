/*
 * sweep.c - -G, the scaling curve: one measurement for each count of
 * copies, each copy on a CPU of its own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cpus.h"
#include "internal.h"

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
	bench_check_threads(b, c);
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

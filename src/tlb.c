/*
 * tlb - how many pages the first-level data TLB covers, measured.
 *
 *	tlb [-M pages]
 *
 * A pointer cycle through one line in each of N small pages, the pages in
 * random order.  The line is a different one in each page (page i holds
 * line i mod lines-per-page), so the N lines spread over the cache's sets
 * and all stay in the L1 cache: what changes with N is only whether the
 * TLB still holds every page.  While it does, a load costs an L1 hit; one
 * page more and (with the LRU-like replacement of a small TLB) most loads
 * miss it and pay a second-level TLB lookup or a page walk.  The figure is
 * the largest N still at the L1 hit latency: first in steps of 8 pages,
 * then page by page where the step was found.  A slow count must stay
 * slow when measured again (other work only ever adds time).
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "bench.h"
#include "mem.h"

#define LINE 64			/* spacing of the lines used, not a claim */

struct tlb_state {
	struct mem_buf buf;
	size_t pages;		/* N, being measured */
	size_t *off;		/* the chain's offsets */
	void **cur;
};

static int chase_setup(struct bench *b)
{
	struct tlb_state *st = b->priv;
	size_t page = st->buf.page, lines = page / LINE, i;
	uint64_t seed = UINT64_C(0x746c622d70616765) ^ st->pages;

	for (i = 0; i < st->pages; i++)
		st->off[i] = i * page + (i % lines) * LINE;
	mem_shuffle(st->off, st->pages, &seed);
	st->cur = mem_chain_offsets(&st->buf, st->off, st->pages);
	b->ops_per_iter = MEM_CHASE_UNROLL;
	return 0;
}

static int chase_run(struct bench *b, uint64_t n)
{
	struct tlb_state *st = b->priv;

	st->cur = mem_chase(st->cur, n);
	return 0;
}

static const struct bench_case chase_case = {
	.name = "pages", .label = "tlb", .unit = BENCH_NSEC,
	.flags = BENCH_NO_PARALLEL,
	.setup = chase_setup, .run = chase_run,
};

static int measure(struct bench *b, size_t pages, double *ns)
{
	struct tlb_state *st = b->priv;
	struct bench_result r;
	int rc;

	st->pages = pages;
	rc = bench_measure(b, &chase_case, &r);
	*ns = r.min;
	if (rc == 0 && bench_opt_isset(b, 'v'))
		bench_printf(b, "[tlb-curve pages=%zu ns=%.3f]", pages, *ns);
	return rc;
}

/* Clearly above the L1 hit latency `base`: a TLB miss costs cycles, not a
 * fraction of one. */
static int missing(double ns, double base)
{
	return ns > base * 1.3;
}

/*
 * Is `pages` past the TLB?  Other work on the machine (a context switch
 * empties the TLB and the L1) only ever makes a count look slower, so a
 * slow count is measured twice more and is past the TLB only if it stays
 * slow; a fast one is fast.  0 or 1 in *past, or -1 on error.
 */
static int past_tlb(struct bench *b, size_t pages, double base, int *past)
{
	double ns;
	int i, rc;

	for (i = 0; i < 3; i++) {
		if ((rc = measure(b, pages, &ns)) != 0)
			return rc;
		if (!missing(ns, base)) {
			*past = 0;
			return 0;
		}
	}
	*past = 1;
	return 0;
}

static int tlb_main(struct bench *b)
{
	struct tlb_state *st = b->priv;
	size_t max = (size_t)bench_opt_num(b, 'M'), n, lo, hi;
	double base, ns;
	int rc, past = 0;

	rc = mem_alloc(b, &st->buf, max * (size_t)sysconf(_SC_PAGESIZE),
		       MEM_PAGES_SMALL);
	if (rc != 0)
		return rc;
	st->off = calloc(max, sizeof(*st->off));
	if (st->off == NULL) {
		mem_free(&st->buf);
		return bench_error(b, "out of memory");
	}
	/*
	 * Four pages fit any data TLB: that is the L1 hit latency.  The
	 * first measurement also warms up (caches, clock), and every count
	 * found good lowers the base if it was faster.
	 */
	rc = measure(b, 4, &base);
	if (rc == 0)
		rc = measure(b, 4, &base);
	for (n = 8, lo = 4, hi = 0; rc == 0 && n <= max; n += 8) {
		rc = measure(b, n, &ns);
		if (rc == 0 && missing(ns, base))
			rc = past_tlb(b, n, base, &past);
		else
			past = 0;
		if (rc == 0 && past) {
			hi = n;
			break;
		}
		if (ns < base)
			base = ns;
		lo = n;
	}
	/* Page by page between the last good and the first bad count. */
	for (n = lo + 1; rc == 0 && hi != 0 && n < hi; n++) {
		rc = past_tlb(b, n, base, &past);
		if (rc == 0 && past) {
			hi = n;
			break;
		}
		lo = n;
	}
	free(st->off);
	mem_free(&st->buf);
	if (rc != 0)
		return rc;
	if (hi == 0)
		return bench_error(b, "no TLB step up to %zu pages (try a "
				   "larger -M)", max);
	bench_printf(b, "tlb: %zu pages", lo);
	return 0;
}

static const struct bench_opt opts[] = {
	{ .flag = 'M', .type = BENCH_OPT_INT, .arg = "pages",
	  .help = "most pages to try (default 512)",
	  .def = 512, .min = 16, .max = 65536 },
	{ .flag = 'v', .type = BENCH_OPT_FLAG,
	  .help = "also print each page count's latency" },
};

static const struct bench_spec spec = {
	.prog = "tlb",
	.cases = &chase_case,
	.ncases = 1,
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct tlb_state),
	.main = tlb_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

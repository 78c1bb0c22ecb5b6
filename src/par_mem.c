/*
 * par_mem - memory load parallelism: how many independent loads the
 * processor keeps in flight, by array size.
 *
 *	par_mem [-M size] [-c size] [-H small|thp|hugetlb]
 *
 * For each array size (powers of two from 1 KiB to -M, and -M), the
 * array's lines are linked in one random cycle, and k = 1 to 16 pointer
 * chases start at k points of it evenly apart.  The timed body advances
 * all k chases by one load each: loads in one chase depend on each other,
 * loads in different chases do not, so the processor may overlap up to k
 * of them.  The parallelism at a size is the time per load with one chase
 * divided by the smallest time per load with k chases (each the fastest
 * of its samples): 1 means no overlap, 10 means ten loads in flight.  The
 * series is lmbench's "Memory load parallelism" with x in MB of 10^6
 * bytes (as lmbench printed it).
 *
 * -c size: the MLP curve instead, at that one size (see curve_main):
 * series of our own, "mlp latency and "mlp bandwidth, x the number of
 * chases.  -H picks the array's pages (huge pages take the TLB's misses
 * out of main memory's latency).
 */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "mem.h"

#define MAX_CHAINS 16
#define LINE 64
#define SMALLEST ((size_t)1024)

static const unsigned chain_counts[] = { 1, 2, 3, 4, 6, 8, 10, 12, 16 };

struct par_state {
	struct mem_buf buf;
	size_t size;
	unsigned k;			/* chases being followed */
	size_t *off;			/* room for every line's offset */
	size_t linked;			/* the size whose cycle buf holds */
	uint64_t draw;			/* where the chases start */
	enum mem_pages pages;		/* -H */
	void **p[MAX_CHAINS];
};

static int chains_setup(struct bench *b)
{
	struct par_state *st = b->priv;
	size_t n = st->size / LINE, per, base;
	uint64_t seed = UINT64_C(0x7061722d6d656d21) ^ st->size;
	unsigned j;

	/*
	 * One random cycle through every line, made once per size; the k
	 * chases start at k points of it evenly apart.  Each follows loads
	 * that depend on each other, the chases do not depend on one another,
	 * and a line is loaded again only after n loads, as in k separate
	 * cycles of n/k lines each: the same measurement, without linking
	 * the whole array anew for every k (nine times a size, which made
	 * par_mem the slowest step of a run on a machine with a large cache).
	 */
	if (st->linked != st->size) {
		size_t i;

		for (i = 0; i < n; i++)
			st->off[i] = i * LINE;
		mem_shuffle(st->off, n, &seed);
		mem_chain_offsets(&st->buf, st->off, n);
		st->linked = st->size;
	}
	/* The chases start at a point of the cycle drawn anew for each
	 * measurement: had every k's first chase started where the last one
	 * did, it would walk lines that chase has just brought into the
	 * cache (the one-chase time measured last came out 30 % fast). */
	per = n / st->k;
	base = (size_t)mem_random_below(&st->draw, n);
	for (j = 0; j < st->k; j++)
		st->p[j] = mem_at(&st->buf, st->off[(base + j * per) % n]);
	for (; j < MAX_CHAINS; j++)
		st->p[j] = st->p[0];
	/* One chase is lat_mem_rd's unrolled chase, so that the loop around
	 * a single load does not pass for latency in the reference time. */
	b->ops_per_iter = st->k == 1 ? MEM_CHASE_UNROLL : st->k;
	return 0;
}

/*
 * One iteration: one load in each of k chases.  The switch falls through,
 * so the k loads are independent instructions in one basic block.
 */
static int chains_run(struct bench *b, uint64_t n)
{
	struct par_state *st = b->priv;
	void **p0 = st->p[0], **p1 = st->p[1], **p2 = st->p[2],
	     **p3 = st->p[3], **p4 = st->p[4], **p5 = st->p[5],
	     **p6 = st->p[6], **p7 = st->p[7], **p8 = st->p[8],
	     **p9 = st->p[9], **p10 = st->p[10], **p11 = st->p[11],
	     **p12 = st->p[12], **p13 = st->p[13], **p14 = st->p[14],
	     **p15 = st->p[15];
	unsigned k = st->k;

	if (k == 1) {
		st->p[0] = mem_chase(st->p[0], n);
		return 0;
	}
	while (n-- > 0) {
		switch (k) {
		case 16: p15 = *p15; /* fall through */
		case 15: p14 = *p14; /* fall through */
		case 14: p13 = *p13; /* fall through */
		case 13: p12 = *p12; /* fall through */
		case 12: p11 = *p11; /* fall through */
		case 11: p10 = *p10; /* fall through */
		case 10: p9 = *p9; /* fall through */
		case 9: p8 = *p8; /* fall through */
		case 8: p7 = *p7; /* fall through */
		case 7: p6 = *p6; /* fall through */
		case 6: p5 = *p5; /* fall through */
		case 5: p4 = *p4; /* fall through */
		case 4: p3 = *p3; /* fall through */
		case 3: p2 = *p2; /* fall through */
		case 2: p1 = *p1; /* fall through */
		default: p0 = *p0;
		}
	}
	st->p[0] = p0; st->p[1] = p1; st->p[2] = p2; st->p[3] = p3;
	st->p[4] = p4; st->p[5] = p5; st->p[6] = p6; st->p[7] = p7;
	st->p[8] = p8; st->p[9] = p9; st->p[10] = p10; st->p[11] = p11;
	st->p[12] = p12; st->p[13] = p13; st->p[14] = p14; st->p[15] = p15;
	return 0;
}

static const struct bench_case chains_case = {
	.name = "chains", .label = "Memory load parallelism",
	.unit = BENCH_NSEC, .flags = BENCH_NO_PARALLEL,
	.setup = chains_setup, .run = chains_run,
};

/*
 * The statistics line after a point: the harness's fields (readers take
 * its spread and reps) with unit=ratio, since the figure is neither a time
 * nor a bandwidth (as par_ops does).  median is the figure itself; min,
 * max and the spread are the widest the two measurements allow; then both
 * times per load in ns (the fastest samples) and the best chain count.
 */
static void ratio_stat(struct bench *b, const char *x,
		       const struct bench_result *one, double one_ns,
		       const struct bench_result *best, unsigned best_k)
{
	double ratio = one_ns / best->min;
	double q1 = one->q1 / best->q3, q3 = one->q3 / best->q1;

	bench_printf(b, "[latbw-stat prog=par_mem case=chains x=%s "
		     "median=%.6g min=%.6g max=%.6g spread=%.2f%% reps=%u "
		     "copies=1 unit=ratio one_chain_ns=%.6g best_ns=%.6g "
		     "best_chains=%u]", x, ratio, one->min / best->max,
		     one->max / best->min, 100.0 * (q3 - q1) / ratio,
		     one->reps < best->reps ? one->reps : best->reps,
		     one_ns, best->min, best_k);
}

/*
 * -c: the MLP curve at one array size.  For k = 1, 2, 4, 8, 16 chases,
 * the latency each load sees (one iteration advances every chase by one
 * load, so a chase's next load waits that long: k times the time per
 * load) and the bandwidth the loads achieve (a 64-byte line each).  The
 * latency series is printed as it is measured, the bandwidth after it.
 */
static const unsigned curve_counts[] = { 1, 2, 4, 8, 16 };
#define NCURVE (sizeof(curve_counts) / sizeof(curve_counts[0]))

static int curve_main(struct bench *b)
{
	struct par_state *st = b->priv;
	struct bench_result r, lat, bw[NCURVE];
	const char *pages = mem_pages_name(st->pages);
	unsigned i, got = 0;
	char x[16];
	int rc = 0;

	bench_printf(b, "\"mlp latency pages=%s", pages);
	for (i = 0; i < NCURVE; i++) {
		st->k = curve_counts[i];
		if (st->size / LINE < st->k)
			break;
		rc = bench_measure(b, &chains_case, &r);
		if (rc != 0)
			break;
		lat = r;
		lat.median *= st->k;
		lat.min *= st->k;
		lat.max *= st->k;
		lat.q1 *= st->k;
		lat.q3 *= st->k;
		lat.case_name = "latency";
		snprintf(x, sizeof(x), "%u", st->k);
		bench_report_point(b, x, bench_value(&lat), 2, &lat);
		bw[got] = r;
		bw[got].unit = BENCH_MBPS;
		bw[got].bytes = LINE;
		bw[got++].case_name = "bandwidth";
	}
	bench_printf(b, "%s", "");
	if (got > 0) {
		bench_printf(b, "\"mlp bandwidth pages=%s", pages);
		for (i = 0; i < got; i++) {
			snprintf(x, sizeof(x), "%u", curve_counts[i]);
			bench_report_point(b, x, bench_value(&bw[i]), 2, &bw[i]);
		}
		bench_printf(b, "%s", "");
	}
	return rc;
}

static int par_parse(struct bench *b)
{
	struct par_state *st = b->priv;
	const char *h = bench_opt_str(b, 'H');

	if (b->argc > 0)
		bench_usage_error(b, "unexpected argument '%s'", b->argv[0]);
	/* Said before the series' title is printed, not after it. */
	if (b->copies > 1)
		bench_usage_error(b, "chains cannot run as parallel copies (-P)");
	if (h != NULL && mem_parse_pages(h, &st->pages) != 0)
		bench_usage_error(b, "-H wants small, thp or hugetlb, not '%s'",
				  h);
	return 0;
}

static int par_main(struct bench *b)
{
	struct par_state *st = b->priv;
	size_t max = (size_t)bench_opt_num(b, 'M');
	struct bench_result r, best, first = { 0 };
	unsigned best_k = 1;
	double one = 0.0;
	char x[32];
	size_t i;
	int rc;

	if (bench_opt_isset(b, 'c'))
		max = (size_t)bench_opt_num(b, 'c');
	rc = mem_alloc(b, &st->buf, max, st->pages);
	if (rc != 0)
		return rc;
	st->off = calloc(max / LINE, sizeof(*st->off));
	if (st->off == NULL) {
		mem_free(&st->buf);
		return bench_error(b, "out of memory");
	}
	if (bench_opt_isset(b, 'c')) {
		st->size = max;
		rc = curve_main(b);
		free(st->off);
		mem_free(&st->buf);
		return rc;
	}
	bench_printf(b, "%s", "Memory load parallelism");
	/* Powers of two, and -M itself last when it is not one (the cell
	 * lmbench's readers show is the last point: the largest array). */
	for (st->size = SMALLEST; rc == 0 && st->size <= max;
	     st->size = st->size < max && st->size * 2 > max ? max :
			st->size * 2) {
		for (i = 0; rc == 0 && i < sizeof(chain_counts) /
						sizeof(chain_counts[0]); i++) {
			st->k = chain_counts[i];
			if (st->size / LINE < st->k)
				break;
			rc = bench_measure(b, &chains_case, &r);
			if (rc != 0)
				break;
			/* Fastest samples: other work only adds time, and
			 * a ratio of two disturbed figures means nothing. */
			if (st->k == 1) {
				one = r.min;
				first = best = r;
			} else if (r.min < best.min) {
				best = r;
				best_k = st->k;
			}
		}
		/* The single cycle again, after the others: a burst of
		 * other work during its first measurement would inflate
		 * every ratio at this size. */
		st->k = 1;
		if (rc == 0 && (rc = bench_measure(b, &chains_case, &r)) == 0 &&
		    r.min < one)
			one = r.min;
		if (rc != 0)
			break;
		snprintf(x, sizeof(x), "%.6f", (double)st->size / 1e6);
		bench_printf(b, "%s %.2f", x, one / best.min);
		ratio_stat(b, x, &first, one, &best, best_k);
	}
	if (rc == 0)
		bench_printf(b, "%s", "");
	free(st->off);
	mem_free(&st->buf);
	return rc;
}

static const struct bench_opt opts[] = {
	{ .flag = 'M', .type = BENCH_OPT_SIZE, .arg = "size",
	  .help = "largest array (default 256m)",
	  .def = 256LL << 20, .min = 4096, .max = 1LL << 36 },
	{ .flag = 'c', .type = BENCH_OPT_SIZE, .arg = "size",
	  .help = "the MLP curve at this one array size: latency and "
		  "bandwidth of 1, 2, 4, 8, 16 chases",
	  .def = 0, .min = 4096, .max = 1LL << 36 },
	{ .flag = 'H', .type = BENCH_OPT_STRING, .arg = "pages",
	  .help = "small (default), thp or hugetlb" },
};

static const struct bench_spec spec = {
	.prog = "par_mem",
	.cases = &chains_case,
	.ncases = 1,
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct par_state),
	.parse = par_parse,
	.main = par_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

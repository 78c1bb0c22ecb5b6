/*
 * line - the cache line size, measured.
 *
 *	line [-M size]
 *
 * A pointer cycle through pairs of words: blocks of 1 KiB across a region
 * far larger than the L2 cache, in random order; in each block the word
 * at offset 0, then the word at offset s.  The first load of a pair
 * misses the L1 cache (random block, no prefetcher can guess it).  The
 * second hits the L1 if s is inside the same line, and misses again if it
 * is not, so the time per load jumps from about (miss + hit) / 2 to about
 * a miss at the first s that reaches the next line: the line size.  It is
 * the smallest of s = 16, 32, ... 512 from which on every latency is
 * a fifth above every one before it.  The region holds few enough pairs
 * that they stay in the L2 or L3 cache (hits there are disturbed less by
 * the machine's other work than memory is).
 *
 * The jump is not large (a third more per load on a Zen 5 guest), and the
 * level of the whole curve moves, at times within one run, by more than
 * that (the first loads are L3 hits, and the L3 is shared).  A single
 * curve of each offset's fastest sample read 16 or 32 there in 3 of 29
 * runs: the offsets measured after the level rose kept its higher
 * times.  So the curve is taken in batches of three passes over every s,
 * each keeping the fastest sample (which filters preemption), at least
 * five batches, and the line is the step that at least three curves and
 * more than half of them show.  Short samples (-N 1, as a quick run
 * takes) left no such majority after five batches in 1 run of 20 on a
 * Zen 3 guest, so batches are added, up to fifteen, until one step has
 * it; otherwise no size is printed.  Every s chases the same blocks in the same order,
 * so the pairs inside one line touch the same lines and differ only in
 * time.  lmbench prints the size as a bare number, and so do we.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "mem.h"

#define BLOCK ((size_t)1024)
#define SMALLEST_S ((size_t)8)
#define LARGEST_S ((size_t)512)
#define NSTEPS 7		/* 8 .. 512 */
#define PASSES 3		/* passes in a batch */
#define BATCHES 5		/* batches at least */
#define MAX_BATCHES 15
#define STEP 1.2		/* the least jump that is a step: a fifth */

struct line_state {
	struct mem_buf buf;
	size_t s;		/* offset of the second word */
	size_t *off;
	size_t blocks;
	void **cur;
};

static int chase_setup(struct bench *b)
{
	struct line_state *st = b->priv;
	uint64_t seed = UINT64_C(0x6c696e652d73697a);
	size_t *blk = st->off + 2 * st->blocks, i;

	for (i = 0; i < st->blocks; i++)
		blk[i] = i;
	mem_shuffle(blk, st->blocks, &seed);
	for (i = 0; i < st->blocks; i++) {
		/* Half the pairs go up, half down, at random, so that no
		 * prefetcher learns "the next line comes next". */
		size_t up = (size_t)mem_random_below(&seed, 2);

		st->off[2 * i] = blk[i] * BLOCK + (up ? 0 : st->s);
		st->off[2 * i + 1] = blk[i] * BLOCK + (up ? st->s : 0);
	}
	st->cur = mem_chain_offsets(&st->buf, st->off, 2 * st->blocks);
	b->ops_per_iter = MEM_CHASE_UNROLL;
	return 0;
}

static int chase_run(struct bench *b, uint64_t n)
{
	struct line_state *st = b->priv;

	st->cur = mem_chase(st->cur, n);
	return 0;
}

static const struct bench_case chase_case = {
	.name = "pairs", .label = "line", .unit = BENCH_NSEC,
	.flags = BENCH_NO_PARALLEL,
	.setup = chase_setup, .run = chase_run,
};

/*
 * The step of one curve: the first k that splits it into pairs in one
 * line (s < 8 << k) and pairs in two, every pair after it at least a STEP
 * slower than every pair before it.  Returns k, or 0 when no split is a
 * step.  The first, not the largest: this Zen 5 guest has a second jump
 * at 512 bytes, as large as the line's.
 */
static unsigned step_of(const double *ns)
{
	unsigned k, i;

	for (k = 1; k < NSTEPS; k++) {
		double lo = 0, hi = ns[k];

		for (i = 0; i < k; i++)
			if (ns[i] > lo)
				lo = ns[i];
		for (i = k; i < NSTEPS; i++)
			if (ns[i] < hi)
				hi = ns[i];
		if (hi >= lo * STEP)
			return k;
	}
	return 0;
}

/* The step most curves voted for, when at least three of n curves and
 * more than half of them did; 0 otherwise. */
static unsigned majority(const unsigned *votes, unsigned n)
{
	unsigned k, won = 0;

	for (k = 1; k < NSTEPS; k++)
		if (votes[k] > votes[won])
			won = k;
	if (won == 0 || votes[won] < 3 || 2 * votes[won] <= n)
		return 0;
	return won;
}

static int line_main(struct bench *b)
{
	struct line_state *st = b->priv;
	size_t len = (size_t)bench_opt_num(b, 'M'), k;
	double ns[NSTEPS], batch[NSTEPS];
	unsigned pass, step, none = 0, votes[NSTEPS] = { 0 }, won = 0;
	struct bench_result r;
	int rc;

	/* Huge pages when the system has them, so TLB misses stay out. */
	rc = mem_alloc(b, &st->buf, len, MEM_PAGES_THP);
	if (rc == BENCH_SKIPPED) {
		(void)bench_error(b, "using small pages instead");
		rc = mem_alloc(b, &st->buf, len, MEM_PAGES_SMALL);
	}
	if (rc != 0)
		return rc;
	st->blocks = len / BLOCK;
	st->off = calloc(3 * st->blocks, sizeof(*st->off));
	if (st->off == NULL) {
		mem_free(&st->buf);
		return bench_error(b, "out of memory");
	}
	/*
	 * Passes over every offset, each keeping its fastest sample within a
	 * batch of passes (other work on the machine only ever adds time);
	 * each batch votes for the step of its curve, from the BATCHES-th
	 * on until one step has a majority, at most MAX_BATCHES.  ns keeps
	 * each offset's fastest of all, for -v.
	 */
	for (pass = 0; rc == 0 && won == 0 &&
	     pass < MAX_BATCHES * PASSES; pass++) {
		for (k = 0, st->s = SMALLEST_S; k < NSTEPS; k++, st->s *= 2) {
			rc = bench_measure(b, &chase_case, &r);
			if (rc != 0)
				break;
			if (pass % PASSES == 0 || r.min < batch[k])
				batch[k] = r.min;
			if (pass == 0 || r.min < ns[k])
				ns[k] = r.min;
		}
		if (rc != 0 || pass % PASSES != PASSES - 1)
			continue;
		step = step_of(batch);
		if (step == 0)
			none++;
		else
			votes[step]++;
		if (pass / PASSES + 1 >= BATCHES)
			won = majority(votes, pass / PASSES + 1);
	}
	free(st->off);
	mem_free(&st->buf);
	if (rc != 0)
		return rc;
	if (bench_opt_isset(b, 'v')) {
		for (k = 0; k < NSTEPS; k++)
			bench_printf(b, "[line-curve offset=%zu ns=%.3f "
				     "votes=%u]", SMALLEST_S << k, ns[k],
				     votes[k]);
		bench_printf(b, "[line-votes none=%u batches=%u]", none,
			     pass / PASSES);
	}
	if (won == 0)
		return bench_error(b, "no step in the latency of word pairs "
				   "%zu to %zu bytes apart that most of %u "
				   "batches of passes agree on (%.2f to %.2f "
				   "ns): no line size found", SMALLEST_S,
				   LARGEST_S, MAX_BATCHES, ns[0],
				   ns[NSTEPS - 1]);
	bench_printf(b, "%zu", SMALLEST_S << won);
	return 0;
}

static const struct bench_opt opts[] = {
	{ .flag = 'M', .type = BENCH_OPT_SIZE, .arg = "size",
	  .help = "region the pairs are spread over (default 2m: 2048 "
		  "pairs, more than the L1 cache holds)",
	  .def = 2LL << 20, .min = 1LL << 20, .max = 1LL << 36 },
	{ .flag = 'v', .type = BENCH_OPT_FLAG,
	  .help = "also print each offset's latency" },
};

static const struct bench_spec spec = {
	.prog = "line",
	.cases = &chase_case,
	.ncases = 1,
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct line_state),
	.main = line_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

/*
 * line - the cache line size, measured.
 *
 *	line [-M size]
 *
 * A pointer cycle through pairs of words: blocks of 1 KiB across a region
 * far larger than the L2 cache, in random order; in each block the word
 * at offset 0, then the word at offset s.  The first load of a pair
 * misses the caches (random block, no prefetcher can guess it).  The
 * second hits the L1 if s is inside the same line, and misses again if it
 * is not, so the time per load jumps from about (miss + hit) / 2 to about
 * a miss at the first s that reaches the next line: the line size.  It is
 * the smallest of s = 16, 32, ... 512 from which on every latency is
 * clearly above that of s = 8 or 16.  The region holds few enough pairs
 * that they stay in the L2 cache (the first load is an L2 or L3 hit, which
 * the machine's other work disturbs less than memory).  lmbench prints
 * the size as a bare number, and so do we.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "mem.h"

#define BLOCK ((size_t)1024)
#define SMALLEST_S ((size_t)8)
#define LARGEST_S ((size_t)512)
#define NSTEPS 7		/* 8 .. 512 */
#define PASSES 5

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
	uint64_t seed = UINT64_C(0x6c696e652d73697a) ^ st->s;
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

static int line_main(struct bench *b)
{
	struct line_state *st = b->priv;
	size_t len = (size_t)bench_opt_num(b, 'M'), k, found = 0;
	double ns[NSTEPS], low;
	unsigned pass;
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
	/* Five passes, each offset keeping its fastest: other work on the
	 * machine only ever adds time. */
	for (pass = 0; rc == 0 && pass < PASSES; pass++)
		for (k = 0, st->s = SMALLEST_S; rc == 0 && k < NSTEPS;
		     k++, st->s *= 2) {
			rc = bench_measure(b, &chase_case, &r);
			if (rc == 0 && (pass == 0 || r.min < ns[k]))
				ns[k] = r.min;
		}
	free(st->off);
	mem_free(&st->buf);
	if (rc != 0)
		return rc;
	for (k = 0; k < NSTEPS; k++)
		if (bench_opt_isset(b, 'v'))
			bench_printf(b, "[line-curve offset=%zu ns=%.3f]",
				     SMALLEST_S << k, ns[k]);
	/*
	 * The line: the smallest offset from which on every pair costs
	 * clearly more than a pair in one line (a fifth more; a second miss
	 * instead of an L1 hit costs far more than that).
	 */
	low = ns[0] < ns[1] ? ns[0] : ns[1];
	for (k = NSTEPS; k > 0 && ns[k - 1] > low * 1.2; k--)
		found = SMALLEST_S << (k - 1);
	if (found == 0 || found == SMALLEST_S)
		return bench_error(b, "no step in the latency of word pairs "
				   "%zu to %zu bytes apart (%.2f to %.2f ns): "
				   "no line size found", SMALLEST_S,
				   LARGEST_S, ns[0], ns[NSTEPS - 1]);
	bench_printf(b, "%zu", found);
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

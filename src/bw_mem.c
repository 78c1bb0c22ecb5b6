/*
 * bw_mem - memory bandwidth: reading, writing and copying a buffer.
 *
 *	bw_mem size rd|wr|rdwr|cp|frd|fwr|fcp|bzero|bcopy [conflict]
 *
 * One operation is one pass over `size` bytes (rounded down to a multiple
 * of 512, the unrolled loop's chunk), and the figure is size / time in
 * MB/s with MB = 10^6 bytes, as lmbench counts it: a copy counts the bytes
 * copied once, a partial case counts the whole buffer although it touches
 * one word in four (it still moves every cache line).
 *
 *	rd	read every 4th 32-bit word and sum them
 *	frd	read every word and sum them
 *	wr	write every 4th word		fwr	write every word
 *	rdwr	read then write every 4th word
 *	cp	copy every 4th word		fcp	copy every word
 *	bcopy	libc memcpy			bzero	libc memset
 *
 * `conflict` starts the destination of a copy 1920 bytes (30 lines of 64
 * bytes) past a page boundary instead of on one, so that source and
 * destination do not map to the same cache sets; lmbench's series call
 * these "unaligned" (with it) and "aligned" (without).
 *
 * Every case checks its work after the samples (untimed, in every -P copy,
 * every word): the sums it computed, the words it wrote, the bytes it
 * copied.  A wrong result is an error, never a figure.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "mem.h"

#define CHUNK 512			/* bytes per unrolled loop body */
#define WORDS (CHUNK / 4)		/* 32-bit words per chunk */
#define CONFLICT_OFFSET 1920

/*
 * 16 bytes of words: the width every 64-bit processor's vector unit has
 * (SSE2, NEON), so the compiler keeps these in registers.
 */
typedef uint32_t vec32 __attribute__((vector_size(16)));
#define VECS (CHUNK / (int)sizeof(vec32))

struct bw_state {
	struct mem_buf sbuf, dbuf;
	unsigned char *src, *dst;	/* dst: the copies' destination */
	size_t len;			/* bytes per pass, a multiple of CHUNK */
	uint64_t passes;		/* passes made, for the checks */
	uint32_t sum;			/* what rd/frd summed, over all passes */
	uint32_t want_sum;		/* what one pass must sum */
	uint32_t last;			/* the value wr/fwr wrote last */
	int conflict;
};

/* Keep the compiler from assuming memory is unchanged between passes. */
#define PASS_BARRIER() __asm__ __volatile__("" ::: "memory")

static uint32_t word_value(size_t i)
{
	return (uint32_t)i * 2654435761u + 1u;
}

static int rd_run(struct bench *b, uint64_t n)
{
	struct bw_state *st = b->priv;
	uint32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
	const uint32_t *end = (const uint32_t *)(st->src + st->len);

	st->passes += n;
	while (n-- > 0) {
		const uint32_t *p = (const uint32_t *)st->src;

		PASS_BARRIER();
		for (; p < end; p += WORDS) {
			s0 += p[0] + p[4] + p[8] + p[12];
			s1 += p[16] + p[20] + p[24] + p[28];
			s2 += p[32] + p[36] + p[40] + p[44];
			s3 += p[48] + p[52] + p[56] + p[60];
			s0 += p[64] + p[68] + p[72] + p[76];
			s1 += p[80] + p[84] + p[88] + p[92];
			s2 += p[96] + p[100] + p[104] + p[108];
			s3 += p[112] + p[116] + p[120] + p[124];
		}
	}
	st->sum += s0 + s1 + s2 + s3;
	return 0;
}

static int frd_run(struct bench *b, uint64_t n)
{
	struct bw_state *st = b->priv;
	vec32 s0 = { 0 }, s1 = { 0 }, s2 = { 0 }, s3 = { 0 }, t;
	const vec32 *end = (const vec32 *)(st->src + st->len);
	uint32_t total = 0;
	int i;

	st->passes += n;
	while (n-- > 0) {
		const vec32 *p = (const vec32 *)st->src;

		PASS_BARRIER();
		for (; p < end; p += VECS) {
			for (i = 0; i < VECS; i += 4) {
				s0 += p[i];
				s1 += p[i + 1];
				s2 += p[i + 2];
				s3 += p[i + 3];
			}
		}
	}
	t = s0 + s1 + s2 + s3;
	for (i = 0; i < (int)(sizeof(t) / sizeof(t[0])); i++)
		total += t[i];
	st->sum += total;
	return 0;
}

static int wr_run(struct bench *b, uint64_t n)
{
	struct bw_state *st = b->priv;
	uint32_t *end = (uint32_t *)(st->src + st->len);
	uint32_t v = st->last;

	while (n-- > 0) {
		uint32_t *p = (uint32_t *)st->src;

		v++;
		PASS_BARRIER();
		for (; p < end; p += WORDS) {
			p[0] = v; p[4] = v; p[8] = v; p[12] = v;
			p[16] = v; p[20] = v; p[24] = v; p[28] = v;
			p[32] = v; p[36] = v; p[40] = v; p[44] = v;
			p[48] = v; p[52] = v; p[56] = v; p[60] = v;
			p[64] = v; p[68] = v; p[72] = v; p[76] = v;
			p[80] = v; p[84] = v; p[88] = v; p[92] = v;
			p[96] = v; p[100] = v; p[104] = v; p[108] = v;
			p[112] = v; p[116] = v; p[120] = v; p[124] = v;
		}
	}
	st->last = v;
	return 0;
}

static int fwr_run(struct bench *b, uint64_t n)
{
	struct bw_state *st = b->priv;
	vec32 *end = (vec32 *)(st->src + st->len);
	uint32_t v = st->last;
	int i;

	while (n-- > 0) {
		vec32 *p = (vec32 *)st->src, w;

		v++;
		w = (vec32){ 0 } + v;
		PASS_BARRIER();
		for (; p < end; p += VECS) {
			/* The barrier keeps the compiler from calling memset. */
			__asm__ __volatile__("" : "+r"(p));
			for (i = 0; i < VECS; i++)
				p[i] = w;
		}
	}
	st->last = v;
	return 0;
}

static int rdwr_run(struct bench *b, uint64_t n)
{
	struct bw_state *st = b->priv;
	uint32_t *end = (uint32_t *)(st->src + st->len);
	int i;

	st->passes += n;
	while (n-- > 0) {
		uint32_t *p = (uint32_t *)st->src;

		PASS_BARRIER();
		for (; p < end; p += WORDS)
			for (i = 0; i < WORDS; i += 4)
				p[i] += 1;
	}
	return 0;
}

static int cp_run(struct bench *b, uint64_t n)
{
	struct bw_state *st = b->priv;
	const uint32_t *end = (const uint32_t *)(st->src + st->len);
	int i;

	while (n-- > 0) {
		const uint32_t *p = (const uint32_t *)st->src;
		uint32_t *d = (uint32_t *)st->dst;

		PASS_BARRIER();
		for (; p < end; p += WORDS, d += WORDS)
			for (i = 0; i < WORDS; i += 4)
				d[i] = p[i];
	}
	return 0;
}

static int fcp_run(struct bench *b, uint64_t n)
{
	struct bw_state *st = b->priv;
	const vec32 *end = (const vec32 *)(st->src + st->len);
	int i;

	while (n-- > 0) {
		const vec32 *p = (const vec32 *)st->src;
		vec32 *d = (vec32 *)st->dst;

		PASS_BARRIER();
		for (; p < end; p += VECS, d += VECS) {
			/* The barrier keeps the compiler from calling memcpy:
			 * this case is the copy loop written by hand. */
			__asm__ __volatile__("" : "+r"(p), "+r"(d));
			for (i = 0; i < VECS; i++)
				d[i] = p[i];
		}
	}
	return 0;
}

static int bcopy_run(struct bench *b, uint64_t n)
{
	struct bw_state *st = b->priv;

	while (n-- > 0) {
		PASS_BARRIER();
		memcpy(st->dst, st->src, st->len);
	}
	return 0;
}

static int bzero_run(struct bench *b, uint64_t n)
{
	struct bw_state *st = b->priv;

	while (n-- > 0) {
		PASS_BARRIER();
		memset(st->src, 0, st->len);
	}
	return 0;
}

static int is_copy(const struct bench_case *c)
{
	return c->run == cp_run || c->run == fcp_run || c->run == bcopy_run;
}

/*
 * Untimed: map and fill the buffers.  mem_alloc touches every page, so no
 * pass pays a page fault; small pages, so that the figure does not depend
 * on the system's transparent huge page setting.
 */
static int bw_setup(struct bench *b)
{
	struct bw_state *st = b->priv;
	size_t len = st->len, off = st->conflict ? CONFLICT_OFFSET : 0, i;
	uint32_t *w, sum_all = 0, sum_4th = 0;
	int rc;

	st->passes = 0;
	st->sum = 0;
	st->last = 0;
	if ((rc = mem_alloc(b, &st->sbuf, len, MEM_PAGES_SMALL)) != 0)
		return rc;
	st->src = (unsigned char *)st->sbuf.base;
	w = (uint32_t *)st->src;
	for (i = 0; i < len / 4; i++) {
		w[i] = word_value(i);
		sum_all += w[i];
		if (i % 4 == 0)
			sum_4th += w[i];
	}
	st->want_sum = b->bc->run == frd_run ? sum_all : sum_4th;
	if (is_copy(b->bc)) {
		/* The destination starts `off` bytes into its pages. */
		if ((rc = mem_alloc(b, &st->dbuf, len + off,
				    MEM_PAGES_SMALL)) != 0) {
			mem_free(&st->sbuf);
			return rc;
		}
		st->dst = (unsigned char *)st->dbuf.base + off;
		/* Not the source's contents, so a skipped copy shows. */
		memset(st->dst, 0x5a, len);
	}
	b->bytes = (double)len;
	return 0;
}

static int check_failed(struct bench *b, const char *what, size_t word)
{
	return bench_error(b, "%s: wrong result at word %zu: %s", b->bc->name,
			   word, what);
}

/* The check hook: did the timed passes really do their work? */
static int bw_check(struct bench *b)
{
	struct bw_state *st = b->priv;
	const uint32_t *s = (const uint32_t *)st->src;
	const uint32_t *d = (const uint32_t *)st->dst;
	size_t i, nw = st->len / 4;
	int (*run)(struct bench *, uint64_t) = b->bc->run;

	if (run == rd_run || run == frd_run) {
		if (st->sum != (uint32_t)(st->want_sum * st->passes))
			return check_failed(b, "the sum is not what was "
					    "stored", 0);
	}
	for (i = 0; i < nw; i++) {
		int every = i % 4 == 0;
		uint32_t want = word_value(i);

		if (run == wr_run && every)
			want = st->last;
		else if (run == fwr_run)
			want = st->last;
		else if (run == rdwr_run && every)
			want = word_value(i) + (uint32_t)st->passes;
		else if (run == bzero_run)
			want = 0;
		if (s[i] != want)
			return check_failed(b, "the buffer was not written",
					    i);
		if (d != NULL && (run != cp_run || every) && d[i] != s[i])
			return check_failed(b, "the copy differs", i);
	}
	return 0;
}

static void bw_cleanup(struct bench *b)
{
	struct bw_state *st = b->priv;

	mem_free(&st->sbuf);
	mem_free(&st->dbuf);
	st->src = st->dst = NULL;
}

#define BW_CASE(nm, lab, fn) \
	{ .name = nm, .label = lab, .unit = BENCH_MBPS, .setup = bw_setup, \
	  .run = fn, .check = bw_check, .cleanup = bw_cleanup }

/* The labels are the lmbench series titles these points belong to. */
static const struct bench_case cases[] = {
	BW_CASE("rd", "Memory partial read bandwidth", rd_run),
	BW_CASE("wr", "Memory partial write bandwidth", wr_run),
	BW_CASE("rdwr", "Memory partial read/write bandwidth", rdwr_run),
	BW_CASE("cp", "unrolled partial bcopy", cp_run),
	BW_CASE("frd", "Memory read bandwidth", frd_run),
	BW_CASE("fwr", "Memory write bandwidth", fwr_run),
	BW_CASE("fcp", "unrolled bcopy", fcp_run),
	BW_CASE("bzero", "Memory bzero bandwidth", bzero_run),
	BW_CASE("bcopy", "libc bcopy", bcopy_run),
};

static int bw_parse(struct bench *b)
{
	struct bw_state *st = b->priv;
	uint64_t size;

	if (b->argc < 2)
		bench_usage_error(b, "want a size and a case");
	if (b->argc > 3)
		bench_usage_error(b, "unexpected argument '%s'", b->argv[3]);
	if (bench_parse_size(b->argv[0], &size) != 0)
		bench_usage_error(b, "bad size '%s'", b->argv[0]);
	if (size < CHUNK)
		bench_usage_error(b, "size '%s' is below %d bytes", b->argv[0],
				  CHUNK);
	if (size > SIZE_MAX / 2)
		bench_usage_error(b, "size '%s' is too large", b->argv[0]);
	b->bc = bench_find_case(b, b->argv[1]);
	if (b->bc == NULL)
		bench_usage_error(b, "unknown case '%s'", b->argv[1]);
	if (b->argc == 3) {
		if (strcmp(b->argv[2], "conflict") != 0)
			bench_usage_error(b, "unexpected argument '%s'",
					  b->argv[2]);
		st->conflict = 1;
	}
	st->len = (size_t)(size / CHUNK * CHUNK);
	return 0;
}

/* lmbench's form: MB with 6 decimals below 1, else 2; the same for MB/s. */
static int decimals_for(double v)
{
	return v < 1.0 ? 6 : 2;
}

static int bw_main(struct bench *b)
{
	struct bw_state *st = b->priv;
	struct bench_result r;
	double mb = (double)st->len / 1e6, mbps;
	char x[64];
	int rc;

	rc = bench_measure(b, b->bc, &r);
	if (rc != 0)
		return rc;
	mbps = bench_value(&r);
	snprintf(x, sizeof(x), "%.*f", decimals_for(mb), mb);
	bench_report_point(b, x, mbps, decimals_for(mbps), &r);
	return 0;
}

static const struct bench_spec spec = {
	.prog = "bw_mem",
	.operands = "size rd|wr|rdwr|cp|frd|fwr|fcp|bzero|bcopy [conflict]",
	.cases = cases,
	.ncases = sizeof(cases) / sizeof(cases[0]),
	.case_not_first = 1,
	.priv_size = sizeof(struct bw_state),
	.parse = bw_parse,
	.main = bw_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}

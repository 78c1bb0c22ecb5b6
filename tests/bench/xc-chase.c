/*
 * xc-chase.c - a second measurement of memory load latency, for
 * tests/bench/cross-check.sh (compiled by it; not part of the suite).  It
 * shares no code with latbw: its own buffer, chain, clock and samples.
 *
 *	xc-chase SIZE_MB STRIDE random|lap small|thp [KMAX]
 *
 * The elements STRIDE bytes apart in a buffer of SIZE_MB MB (2^20 bytes;
 * a decimal such as 3.75, rounded down to whole pages) are linked into
 * one cycle, and the cycle is followed: each load needs the address the
 * one before returned.  random: one random cycle over
 * every element (Sattolo's shuffle), latbw's lat_mem_rd -t / -o random.
 * lap: the pages in one random order, visited again and again, each lap
 * at the next element of every page: each load on another page (the
 * pattern of lmbench 3's lat_mem_rd -t).  thp: the buffer madvised for
 * transparent huge pages (2 MB aligned); small: madvised against them.
 * Prints the median of 5 samples in nanoseconds per load; each sample
 * lasts at least 0.2 s, after an untimed warm-up walk.
 *
 * With KMAX (1 to 16), memory-level parallelism instead (par_mem's
 * cells): for k = 1 .. KMAX, k pointers started evenly spaced along the
 * same cycle and followed in step, so the k loads of a step are
 * independent; a line "k NS" per k, NS the median time of a step (the
 * wait of each load), then "par P": the most of k * NS(1) / NS(k), how
 * many loads' waits overlap at best.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define HUGE_ALIGN ((size_t)2 << 20)
#define SAMPLES 5
#define KMAX 16

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint64_t next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void *chase(void *p, uint64_t n)
{
	void **q = p;

	while (n-- > 0)
		q = *q;
	return q;
}

/*
 * k chases in step: p[0..k-1] each follow their own part of the cycle.
 * One function per k, written out by the macros below, each chase's
 * pointer a variable of its own, so that it lives in a register.  The
 * plain loop over p[] (each pointer stored to memory and loaded back
 * every step) was not that: at k = 16 its step took 183-255 ns where
 * the same chases in registers took 173-177 (and latbw's par_mem
 * 162-175), on the same pages in the same minute.
 */
#define IN(i)	void **q##i = p[i];
#define GO(i)	q##i = *q##i;
#define OUT(i)	p[i] = q##i;
#define ALL1(m)		m(0)
#define ALL2(m)		ALL1(m) m(1)
#define ALL3(m)		ALL2(m) m(2)
#define ALL4(m)		ALL3(m) m(3)
#define ALL5(m)		ALL4(m) m(4)
#define ALL6(m)		ALL5(m) m(5)
#define ALL7(m)		ALL6(m) m(6)
#define ALL8(m)		ALL7(m) m(7)
#define ALL9(m)		ALL8(m) m(8)
#define ALL10(m)	ALL9(m) m(9)
#define ALL11(m)	ALL10(m) m(10)
#define ALL12(m)	ALL11(m) m(11)
#define ALL13(m)	ALL12(m) m(12)
#define ALL14(m)	ALL13(m) m(13)
#define ALL15(m)	ALL14(m) m(14)
#define ALL16(m)	ALL15(m) m(15)
#define CHASE_IN_REGS(K)					\
static void chase_##K(void **p, uint64_t n)			\
{								\
	ALL##K(IN)						\
	while (n-- > 0) {					\
		ALL##K(GO)					\
	}							\
	ALL##K(OUT)						\
}
CHASE_IN_REGS(1) CHASE_IN_REGS(2) CHASE_IN_REGS(3) CHASE_IN_REGS(4)
CHASE_IN_REGS(5) CHASE_IN_REGS(6) CHASE_IN_REGS(7) CHASE_IN_REGS(8)
CHASE_IN_REGS(9) CHASE_IN_REGS(10) CHASE_IN_REGS(11) CHASE_IN_REGS(12)
CHASE_IN_REGS(13) CHASE_IN_REGS(14) CHASE_IN_REGS(15) CHASE_IN_REGS(16)

static void (*const chase_in_regs[KMAX + 1])(void **, uint64_t) = {
	NULL, chase_1, chase_2, chase_3, chase_4, chase_5, chase_6, chase_7,
	chase_8, chase_9, chase_10, chase_11, chase_12, chase_13, chase_14,
	chase_15, chase_16,
};

static void chase_k(void **p, size_t k, uint64_t n)
{
	chase_in_regs[k](p, n);
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Where the chases end: what no compiler may leave uncomputed. */
static void *volatile sink;

/* One chase from p[0] (k is 1): main's walk. */
static void chase_one(void **p, size_t k, uint64_t n)
{
	(void)k;
	p[0] = chase(p[0], n);
}

/*
 * The median time in ns of a step of walk (k chases in step from p,
 * moved on): after an untimed walk of warm steps, steps doubled from
 * first until a walk lasts min_ns, then SAMPLES walks of that many.
 */
static double step_ns(void (*walk)(void **, size_t, uint64_t), void **p,
		      size_t k, uint64_t warm, uint64_t first, double min_ns)
{
	double t[SAMPLES], s;
	uint64_t steps = first;
	size_t i;

	walk(p, k, warm);
	for (;;) {
		s = now_ns();
		walk(p, k, steps);
		s = now_ns() - s;
		if (s >= min_ns)
			break;
		steps *= 2;
	}
	for (i = 0; i < SAMPLES; i++) {
		s = now_ns();
		walk(p, k, steps);
		t[i] = now_ns() - s;
	}
	for (i = 0; i < k; i++)
		sink = p[i];
	qsort(t, SAMPLES, sizeof(t[0]), cmp);
	return t[SAMPLES / 2] / (double)steps;
}

/* KMAX mode: each k's step time, then the best overlap. */
static int parallelism(char *buf, size_t *order, size_t n, size_t kmax)
{
	void *p[KMAX];
	double one = 0, ns, best = 0;
	size_t k, j;

	for (k = 1; k <= kmax; k++) {
		for (j = 0; j < k; j++)
			p[j] = buf + order[j * (n / k)];
		ns = step_ns(chase_k, p, k, 1 << 10, 1 << 10, 1e8);
		if (k == 1)
			one = ns;
		if (k * one / ns > best)
			best = k * one / ns;
		printf("%zu %.3f\n", k, ns);
	}
	printf("par %.2f\n", best);
	free(order);
	return 0;
}

int main(int argc, char **argv)
{
	size_t stride, len, n, i, page = (size_t)sysconf(_SC_PAGESIZE);
	double mb = 0;
	size_t *order, kmax = 0;
	char *map, *buf;
	int lap, thp;
	void *p[1];

	if ((argc != 5 && argc != 6) ||
	    (mb = strtod(argv[1], NULL)) * 1048576 < (double)page ||
	    mb > 1048576 ||
	    (stride = strtoul(argv[2], NULL, 10)) < sizeof(void *) ||
	    stride % sizeof(void *) != 0 || page % stride != 0 ||
	    (strcmp(argv[3], "random") && strcmp(argv[3], "lap")) ||
	    (strcmp(argv[4], "small") && strcmp(argv[4], "thp")) ||
	    (argc == 6 && ((kmax = strtoul(argv[5], NULL, 10)) < 1 ||
			   kmax > KMAX))) {
		fprintf(stderr, "usage: xc-chase SIZE_MB STRIDE random|lap small|thp [KMAX]\n");
		return 2;
	}
	lap = strcmp(argv[3], "lap") == 0;
	thp = strcmp(argv[4], "thp") == 0;
	len = (size_t)(mb * 1048576) / page * page;
	n = len / stride;
	map = mmap(NULL, len + HUGE_ALIGN, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED) {
		fprintf(stderr, "xc-chase: mmap: %s\n", strerror(errno));
		return 1;
	}
	buf = (char *)(((uintptr_t)map + HUGE_ALIGN - 1) & ~(HUGE_ALIGN - 1));
#if defined(MADV_HUGEPAGE) && defined(MADV_NOHUGEPAGE)
	if (madvise(buf, len, thp ? MADV_HUGEPAGE : MADV_NOHUGEPAGE) != 0 &&
	    thp) {
		fprintf(stderr, "xc-chase: madvise: %s\n", strerror(errno));
		return 1;
	}
#else
	if (thp) {
		fprintf(stderr, "xc-chase: no MADV_HUGEPAGE here\n");
		return 3;
	}
#endif
	memset(buf, 0, len);	/* fault every page in before timing */
	order = malloc(n * sizeof(*order));
	if (order == NULL) {
		fprintf(stderr, "xc-chase: out of memory\n");
		return 1;
	}
	if (!lap) {
		for (i = 0; i < n; i++)
			order[i] = i * stride;
		for (i = n - 1; i > 0; i--) {	/* Sattolo: one cycle */
			size_t j = (size_t)(next_rand() % i), x = order[i];

			order[i] = order[j];
			order[j] = x;
		}
	} else {
		size_t npages = len / page, per = page / stride, p, l;
		size_t *pg = malloc(npages * sizeof(*pg));

		if (pg == NULL) {
			fprintf(stderr, "xc-chase: out of memory\n");
			return 1;
		}
		for (p = 0; p < npages; p++)
			pg[p] = p * page;
		for (p = npages - 1; p > 0; p--) {
			size_t j = (size_t)(next_rand() % (p + 1)), x = pg[p];

			pg[p] = pg[j];
			pg[j] = x;
		}
		/* lap l: every page in the same order, at its element l */
		for (l = 0; l < per; l++)
			for (p = 0; p < npages; p++)
				order[l * npages + p] = pg[p] + l * stride;
		free(pg);
	}
	for (i = 0; i < n; i++)
		*(void **)(buf + order[i]) = buf + order[(i + 1) % n];
	if (kmax > 0)
		return parallelism(buf, order, n, kmax);
	free(order);
	/* after an untimed warm-up walk (the page tables and caches
	 * settle), samples of at least 0.2 s */
	p[0] = buf;
	printf("%.3f\n", step_ns(chase_one, p, 1, n < (4u << 20) ? n : (4u << 20),
				 1 << 16, 2e8));
	return 0;
}

/*
 * xc-tlb.c - a second measurement of latbw's "tlb pages" cell, for
 * tests/bench/cross-check.sh (compiled by it; not part of the suite).
 * It shares no code with latbw: its own buffer, chase, clock and rule.
 *
 *	xc-tlb [MAXPAGES]	prints "N ns" for N = 4 .. MAXPAGES (default
 *				256) pages, then "pages: K"
 *
 * For N small pages (4 KB, huge pages refused with MADV_NOHUGEPAGE) one
 * pointer in each, the pages visited in one random cycle; page i's pointer
 * sits at cache line (i * 7) mod 64 of it, so that the N lines fall in
 * different sets of the L1 and all stay there: what changes with N is
 * only whether the first-level data TLB holds every page.  A count's
 * latency is the least of 15 timings of 200000 loads, 5 in each of 3
 * passes over all the counts: a stretch of host noise lasts over many
 * consecutive counts (on an AMD guest, 7-15% more from 34 to 53 pages in
 * one pass, which four-in-a-row took for the edge: 34 for 72), and the
 * passes meet it at different counts.
 *
 * The rule is not latbw's (the last count within 30% of 4 pages' time):
 * K is the last count before the first four in a row whose latency is
 * more than 5% over the median of the counts up to 32 (0 if none rises),
 * so that a TLB whose replacement keeps some pages past its size still
 * gives its size, not the count where the rise becomes steep, and a bump
 * that does not last is not taken for the edge.  On an Intel guest (a
 * 96-entry L1 data TLB for loads): 1.222 ns flat to 96 pages, then 1.258,
 * 1.345, 1.418 ... 1.715 at 102: 97 here, 102 latbw.  On an AMD Zen 4
 * guest (72 entries): 1.083 ns to 72 pages but for 1.167 and 1.156 at 58
 * and 59 (the least of 15 timings each: not an interrupt), then 2.977 at
 * 73 and on; two in a row gave 57, four give 72.
 */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define PAGE 4096
#define LINES (PAGE / 64)
#define LOADS 200000
#define TRIES 5
#define PASSES 3

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static unsigned long long rng = 88172645463325252ULL;

static unsigned long long next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* The chase's last pointer, so that no load is left out. */
static void *volatile sink;

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* ns per load of a random cycle over pages 0..n-1 of mem. */
static double chase(char *mem, unsigned n, unsigned *order)
{
	void **p;
	double best = 0, t;
	unsigned i, k;

	for (i = 0; i < n; i++)
		order[i] = i;
	for (i = n - 1; i > 0; i--) {
		unsigned j = (unsigned)(next_rand() % (i + 1)), s = order[i];

		order[i] = order[j];
		order[j] = s;
	}
	for (i = 0; i < n; i++) {
		unsigned a = order[i], b = order[(i + 1) % n];

		*(void **)(mem + (size_t)a * PAGE + (a * 7 % LINES) * 64) =
			mem + (size_t)b * PAGE + (b * 7 % LINES) * 64;
	}
	p = (void **)(mem + (size_t)order[0] * PAGE + (order[0] * 7 % LINES) * 64);
	for (k = 0; k < LOADS; k++)
		p = (void **)*p;
	for (i = 0; i < TRIES; i++) {
		t = now_ns();
		for (k = 0; k < LOADS; k += 10) {
			p = (void **)*p; p = (void **)*p; p = (void **)*p;
			p = (void **)*p; p = (void **)*p; p = (void **)*p;
			p = (void **)*p; p = (void **)*p; p = (void **)*p;
			p = (void **)*p;
		}
		t = (now_ns() - t) / LOADS;
		if (i == 0 || t < best)
			best = t;
	}
	sink = p;
	return best;
}

int main(int argc, char **argv)
{
	unsigned maxp = argc > 1 ? (unsigned)atoi(argv[1]) : 256, n, k = 0, p;
	unsigned *order;
	double lat[1025], base[64], med;
	unsigned nb = 0;
	char *mem;

	if (maxp < 40 || maxp > 1024) {
		fprintf(stderr, "usage: xc-tlb [MAXPAGES: 40..1024]\n");
		return 2;
	}
	mem = mmap(NULL, (size_t)maxp * PAGE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	order = malloc(maxp * sizeof(*order));
	if (mem == MAP_FAILED || order == NULL) {
		perror("xc-tlb");
		return 1;
	}
#ifdef MADV_NOHUGEPAGE
	madvise(mem, (size_t)maxp * PAGE, MADV_NOHUGEPAGE);
#endif
	memset(mem, 1, (size_t)maxp * PAGE);
	for (p = 0; p < PASSES; p++)
		for (n = 4; n <= maxp; n++) {
			double t = chase(mem, n, order);

			if (p == 0 || t < lat[n])
				lat[n] = t;
		}
	for (n = 4; n <= maxp; n++) {
		printf("%u %.3f\n", n, lat[n]);
		if (n <= 32)
			base[nb++] = lat[n];
	}
	qsort(base, nb, sizeof(base[0]), cmp);
	med = base[nb / 2];
	for (n = 33; n + 3 <= maxp; n++)
		if (lat[n] > 1.05 * med && lat[n + 1] > 1.05 * med &&
		    lat[n + 2] > 1.05 * med && lat[n + 3] > 1.05 * med) {
			k = n - 1;
			break;
		}
	printf("pages: %u\n", k);
	free(order);
	munmap(mem, (size_t)maxp * PAGE);
	return 0;
}
